"""The two figures of Sproat & Emerson (2003) for the scored systems, as one image.

Left: F per system with its interval; right: R_oov per system. BASE and TOP rows (the
maximum-matching baseline and topline) are drawn as reference lines instead of points.
matplotlib is an optional dependency (``pip install 'wsscore[plot]'``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from wsscore.errors import Warnings, WsscoreError
from wsscore.metrics.scores import f_beta
from wsscore.output.destination import Destination, check_destination
from wsscore.output.fonts import cjk_rc, missing_glyphs_silenced
from wsscore.results import Report, SystemResult

SUFFIXES = (".png", ".svg")
REFERENCES = {"BASE": "baseline (maximum matching)", "TOP": "topline (gold dictionary)"}
SIZE_INCHES = (10.0, 4.0)
DPI = 100  # so a PNG is 1000 × 400 pixels
NO_DICTIONARY = "no dictionary: no OOV figures"


def f_interval(system: SystemResult) -> tuple[float, float] | None:
    """F's interval: the bootstrap's when there is one; otherwise F at the ends of the R and P
    intervals (F grows with both, so this bounds it)."""
    metrics = system.metrics
    if metrics.f_ci is not None:
        return metrics.f_ci.low, metrics.f_ci.high
    if metrics.recall_ci is None or metrics.precision_ci is None:
        return None
    low = f_beta(metrics.precision_ci.low, metrics.recall_ci.low, metrics.beta)
    high = f_beta(metrics.precision_ci.high, metrics.recall_ci.high, metrics.beta)
    return (low, high) if low is not None and high is not None else None


def check_plot_destination(path: str) -> None:
    """Refuse a --plot that cannot be written before anything is scored."""
    check_destination(path, option="--plot")
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise WsscoreError(
            f"cannot draw a {suffix or 'file without a suffix'}",
            where=path,
            hint="give a .png or .svg file to --plot",
        )
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise WsscoreError(
            "--plot needs matplotlib, which is not installed", hint="pip install 'wsscore[plot]'"
        )


def plot_report(report: Report, path: str, *, warnings: Warnings | None = None) -> None:
    """Write the figure to ``path`` (.png or .svg).

    ``warnings`` receives the one warning of a plot (no font for its Chinese names); by
    default it is printed on stderr like the run's other warnings.
    """
    check_plot_destination(path)
    plt = _pyplot()
    rc = cjk_rc(_texts(report), warnings if warnings is not None else Warnings())
    # rc_context, not rcParams: a caller's own figures keep their fonts.
    with plt.rc_context(rc), missing_glyphs_silenced():
        figure = _draw(plt, report)
        try:
            _save(figure, path)
        finally:
            plt.close(figure)


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")  # no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise WsscoreError(
            "--plot needs matplotlib, which is not installed",
            hint="pip install 'wsscore[plot]'",
        ) from None
    return plt


def _f_label(report: Report) -> str:
    return "F" if report.beta == 1.0 else f"F (β = {report.beta:g})"


def _texts(report: Report) -> list[str]:
    """Every text the figure may show: only system names can bring characters in."""
    return [s.name for s in report.systems] + [_f_label(report), "R_oov", NO_DICTIONARY]


def _draw(plt: Any, report: Report) -> Any:
    systems = [s for s in report.systems if s.name not in REFERENCES]
    references = [s for s in report.systems if s.name in REFERENCES]
    figure, (left, right) = plt.subplots(1, 2, figsize=SIZE_INCHES, dpi=DPI)
    positions = list(range(len(systems)))
    names = [s.name for s in systems]
    for axis, title in ((left, _f_label(report)), (right, "R_oov")):
        axis.set_title(title)
        axis.set_xticks(positions, names, rotation=45, ha="right")
        axis.set_xlim(-0.5, max(len(systems), 1) - 0.5)
        axis.grid(axis="y", alpha=0.3)
    _draw_systems(left, right, systems)
    _draw_references(left, right, references)
    if not report.has_dictionary:
        right.text(0.5, 0.5, NO_DICTIONARY, ha="center", transform=right.transAxes)
    figure.tight_layout()
    return figure


def _draw_systems(left: Any, right: Any, systems: list[SystemResult]) -> None:
    for position, system in enumerate(systems):
        if system.metrics.f is not None:
            interval = f_interval(system)
            error = None
            if interval is not None:
                error = [[system.metrics.f - interval[0]], [interval[1] - system.metrics.f]]
            left.errorbar(position, system.metrics.f, yerr=error, fmt="o", color="C0", capsize=4)
        if system.metrics.oov_recall is not None:
            right.plot(position, system.metrics.oov_recall, "o", color="C1")


def _draw_references(left: Any, right: Any, references: list[SystemResult]) -> None:
    measures: tuple[tuple[Any, Callable[[SystemResult], float | None]], ...] = (
        (left, lambda system: system.metrics.f),
        (right, lambda system: system.metrics.oov_recall),
    )
    for axis, value_of in measures:
        for style, reference in zip(("--", ":"), references, strict=False):
            value = value_of(reference)
            if value is not None:
                axis.axhline(value, linestyle=style, color="gray", label=REFERENCES[reference.name])
        if references:
            axis.legend(loc="best", fontsize="small")


def _save(figure: Any, path: str) -> None:
    suffix = Path(path).suffix.lower()
    try:  # like a report: a temporary file renamed at the end, never a half-written figure
        with Destination(path, option="--plot") as destination:
            figure.savefig(destination.stream, format=suffix[1:], dpi=DPI)
    except OSError as exc:  # raised by savefig while it writes
        raise WsscoreError(f"cannot write the figure: {exc.strerror or exc}", where=path) from None
