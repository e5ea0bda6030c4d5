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
from wsscore.output.fonts import cjk_rc, font_noise_silenced
from wsscore.results import Report, SystemResult

SUFFIXES = (".png", ".svg")
REFERENCES = {"BASE": "baseline (maximum matching)", "TOP": "topline (gold dictionary)"}
SIZE_INCHES = (10.0, 4.0)
DPI = 100  # so a PNG is 1000 × 400 pixels
NO_DICTIONARY = "no dictionary: no OOV figures"
MIN_SPAN = 0.02  # a panel's axis spans at least this much, however close its values
MOST_INTERVAL_LABELS = 4  # beyond, the F labels give the value alone (no room for the ends)
LABEL_ROOM = 0.4  # of a system's slot, right of the last one, for its label
POINT_COLOUR, INTERVAL_COLOUR, OOV_COLOUR = "#0072B2", "#D55E00", "#E69F00"
# F as a point over its interval, drawn in a contrasting colour, thick, with wide caps, so
# that an interval of a few thousandths still shows above and below the point.
ERROR_BAR: dict[str, Any] = {
    "fmt": "o",
    "color": POINT_COLOUR,
    "markersize": 4,
    "ecolor": INTERVAL_COLOUR,
    "elinewidth": 2.5,
    "capsize": 8,
    "capthick": 2.5,
    "zorder": 3,
}


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
    with plt.rc_context(rc), font_noise_silenced():
        figure = draw_figure(plt, report)
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


def draw_figure(plt: Any, report: Report) -> Any:
    """The figure (not saved; the caller closes it): its two panels, every point labelled with
    its value, and F's interval drawn as an error bar and written beside it."""
    systems = [s for s in report.systems if s.name not in REFERENCES]
    references = [s for s in report.systems if s.name in REFERENCES]
    figure, (left, right) = plt.subplots(1, 2, figsize=SIZE_INCHES, dpi=DPI)
    positions = list(range(len(systems)))
    names = [s.name for s in systems]
    for axis, title in ((left, _f_label(report)), (right, "R_oov")):
        axis.set_title(title)
        axis.set_xticks(positions, names, rotation=45, ha="right")
        axis.set_xlim(-0.5, max(len(systems), 1) - 0.5 + LABEL_ROOM)
        axis.grid(axis="y", alpha=0.3)
    _draw_systems(left, right, systems)
    _draw_references(left, right, references)
    for axis, measure in ((left, _f_values), (right, _oov_values)):
        limits = fitted_limits([value for s in report.systems for value in measure(s)])
        if limits is not None:
            axis.set_ylim(*limits)
    if not report.has_dictionary:
        right.text(0.5, 0.5, NO_DICTIONARY, ha="center", transform=right.transAxes)
    figure.tight_layout()
    return figure


def fitted_limits(values: list[float]) -> tuple[float, float] | None:
    """The value axis of a panel: the data (values, interval ends, reference lines) with a
    margin below and room above for the labels, within [0, 1] but for that margin."""
    if not values:
        return None
    low, high = min(values), max(values)
    if high - low < MIN_SPAN:  # close values: a window around them, not a magnifying glass
        middle = (low + high) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    span = high - low
    return max(0.0, low - 0.1 * span) - 0.02 * span, high + 0.12 * span


def _f_values(system: SystemResult) -> list[float]:
    """What the F panel draws of a system: its F and its interval's ends (a reference line:
    its F alone)."""
    if system.metrics.f is None:
        return []
    interval = f_interval(system) if system.name not in REFERENCES else None
    return [system.metrics.f, *(interval or ())]


def _oov_values(system: SystemResult) -> list[float]:
    return [] if system.metrics.oov_recall is None else [system.metrics.oov_recall]


def _draw_systems(left: Any, right: Any, systems: list[SystemResult]) -> None:
    labelled = len(systems) <= MOST_INTERVAL_LABELS
    for position, system in enumerate(systems):
        f = system.metrics.f
        if f is not None:
            interval = f_interval(system)
            text = f"{f:.3f}"
            error = None
            if interval is not None:
                error = [[f - interval[0]], [interval[1] - f]]
                if labelled:
                    text += f"\n[{interval[0]:.3f}, {interval[1]:.3f}]"
            left.errorbar(position, f, yerr=error, **ERROR_BAR)
            _label(left, position, f, text)
        if system.metrics.oov_recall is not None:
            right.plot(position, system.metrics.oov_recall, "o", color=OOV_COLOUR, zorder=3)
            _label(right, position, system.metrics.oov_recall, f"{system.metrics.oov_recall:.3f}")


def _label(axis: Any, position: int, value: float, text: str) -> None:
    """A value written beside its point, to the right."""
    axis.annotate(
        text,
        (position, value),
        xytext=(12, 0),
        textcoords="offset points",
        va="center",
        ha="left",
        fontsize="small",
    )


def _draw_references(left: Any, right: Any, references: list[SystemResult]) -> None:
    measures: tuple[tuple[Any, Callable[[SystemResult], float | None]], ...] = (
        (left, lambda system: system.metrics.f),
        (right, lambda system: system.metrics.oov_recall),
    )
    for axis, value_of in measures:
        for style, reference in zip(("--", ":"), references, strict=False):
            value = value_of(reference)
            if value is not None:
                label = f"{REFERENCES[reference.name]}: {value:.3f}"
                axis.axhline(value, linestyle=style, color="gray", label=label)
        if references:
            axis.legend(loc="best", fontsize="small")


def _save(figure: Any, path: str) -> None:
    suffix = Path(path).suffix.lower()
    try:  # like a report: a temporary file renamed at the end, never a half-written figure
        with Destination(path, option="--plot") as destination:
            figure.savefig(destination.stream, format=suffix[1:], dpi=DPI)
    except OSError as exc:  # raised by savefig while it writes
        raise WsscoreError(f"cannot write the figure: {exc.strerror or exc}", where=path) from None
