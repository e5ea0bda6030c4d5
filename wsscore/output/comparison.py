"""The comparison table: each system against the baseline, with paired significance tests.

Formats as for the score table — ``text``, ``markdown``, ``json``, ``tsv``, ``csv`` and
``table`` (rich, imported only for it) — fed a :class:`~wsscore.scoring.comparison.Comparison`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wsscore.errors import InvalidArgument
from wsscore.formatting import (
    UNDEFINED,
    label_then_figures,
    markdown_cell,
    markdown_escaped,
    markdown_row,
    markdown_rule,
    ratio_text,
)
from wsscore.output.columns import notes
from wsscore.output.json_text import to_json
from wsscore.output.text import aligned

if TYPE_CHECKING:
    from wsscore.metrics.significance import PairedResult
    from wsscore.results import SystemResult
    from wsscore.scoring.comparison import Comparison, SystemComparison

COMPARISON_FORMATS = ("table", "text", "json", "tsv", "csv", "markdown")
ALPHA = 0.05  # the level marked with a star
NOT_APPLICABLE = "—"  # the baseline's own Δ cells


@dataclass(frozen=True)
class _Row:
    """What one row shows: the baseline has no tests (None)."""

    result: SystemResult
    tests: SystemComparison | None


def _rows(comparison: Comparison) -> list[_Row]:
    return [_Row(comparison.baseline, None)] + [
        _Row(system.result, system) for system in comparison.systems
    ]


def _f_header(comparison: Comparison) -> str:
    return "F" if comparison.beta == 1.0 else f"F(β={comparison.beta:g})"


def footnote(comparison: Comparison) -> str:
    """The line under the table saying what the stars and p-values are."""
    return (
        f"* p < {ALPHA:g}; paired bootstrap ({comparison.samples} samples) and approximate "
        f"randomization ({comparison.trials} trials), seed {comparison.seed}; "
        "p = (c+1)/(n+1)"
    )


def baseline_note(comparison: Comparison) -> str:
    return f"Δ: system − baseline ({comparison.baseline.name})"


# --- cells --------------------------------------------------------------------------------------


def _signed(value: float | None) -> str:
    if value is None:
        return UNDEFINED
    return f"{value + 0.0:+.3f}"  # + 0.0: -0.0 reads +0.000


def _interval(result: PairedResult) -> str:
    if result.low is None or result.high is None:
        return UNDEFINED
    return f"[{_signed(result.low)}, {_signed(result.high)}]"


def _p(result: PairedResult, star: str = "*", pad: bool = True) -> str:
    """Four decimals, starred below ALPHA; ``pad`` keeps the digits of starred and unstarred
    cells aligned in right-justified columns."""
    if result.p_value is None:
        return UNDEFINED + (" " if pad else "")
    mark = star if result.p_value < ALPHA else (" " * len(star) if pad else "")
    return f"{result.p_value:.4f}{mark}"


def _cells(row: _Row, star: str = "*", pad: bool = True) -> list[str]:
    metrics = row.result.metrics
    cells = [row.result.name, ratio_text(metrics.f)]
    tests = row.tests
    if tests is None:
        cells += [NOT_APPLICABLE] * 4
    else:
        cells += [
            _signed(tests.bootstrap_f.difference),
            _interval(tests.bootstrap_f),
            _p(tests.bootstrap_f, star, pad),
            _p(tests.randomization_f, star, pad),
        ]
    cells.append(ratio_text(metrics.recall))
    if tests is None:
        cells += [NOT_APPLICABLE] * 4
    else:
        cells += [
            _signed(tests.bootstrap_r.difference),
            _interval(tests.bootstrap_r),
            _p(tests.bootstrap_r, star, pad),
            _p(tests.randomization_r, star, pad),
        ]
    return cells


def _headers(comparison: Comparison) -> list[str]:
    f = _f_header(comparison)
    return [
        "System",
        f,
        f"Δ{f}",
        f"95% CI of Δ{f}",
        "p (bootstrap)",
        "p (AR)",
        "R",
        "ΔR",
        "95% CI of ΔR",
        "p (bootstrap)",
        "p (AR)",
    ]


def _notes(comparison: Comparison) -> list[str]:
    return [baseline_note(comparison), *notes(comparison.report)]


# --- formats ------------------------------------------------------------------------------------


def render_comparison(
    comparison: Comparison, fmt: str, *, color: bool = False, width: int | None = None
) -> str:
    """The comparison as text in format ``fmt`` (ending with a newline); ``color`` and
    ``width`` are for ``table`` only."""
    renderers: dict[str, Callable[[Comparison], str]] = {
        "text": render_text,
        "markdown": render_markdown,
        "json": render_json,
        "tsv": lambda c: render_delimited(c, "\t"),
        "csv": lambda c: render_delimited(c, ","),
        "table": lambda c: render_table(c, color=color, width=width),
    }
    if fmt not in renderers:
        raise InvalidArgument(f"unknown format {fmt!r}; use one of {', '.join(COMPARISON_FORMATS)}")
    return renderers[fmt](comparison)


def render_text(comparison: Comparison) -> str:
    headers = _headers(comparison)
    rows = [_cells(row) for row in _rows(comparison)]
    out = [*aligned(headers, rows, label_then_figures(headers)), ""]
    out += _notes(comparison)
    out.append(footnote(comparison))
    out.append(f"signature: {comparison.signature}")
    return "\n".join(out) + "\n"


def render_markdown(comparison: Comparison) -> str:
    headers = _headers(comparison)
    # "\*": a bare star next to a number could open or close emphasis.
    rows = [_cells(row, star="\\*", pad=False) for row in _rows(comparison)]
    out = [markdown_row(headers), markdown_rule(label_then_figures(headers))]
    out += [markdown_row(map(markdown_cell, row)) for row in rows]
    out.append("")
    out += [f"- {markdown_escaped(note)}" for note in _notes(comparison)]
    out.append("")
    # Escaped: a line starting with "* " would be a list item.
    out.append("\\" + footnote(comparison))
    out.append("")
    out.append(f"Signature: `{comparison.signature}`")
    return "\n".join(out) + "\n"


def render_json(comparison: Comparison) -> str:
    # allow_nan=False: every undefined value must already be None (null), never NaN.
    return to_json(comparison.as_dict())


DELIMITED_HEADERS = (
    "System",
    "F",
    "F_diff",
    "F_diff_low",
    "F_diff_high",
    "F_p_bootstrap",
    "F_p_ar",
    "R",
    "R_diff",
    "R_diff_low",
    "R_diff_high",
    "R_p_bootstrap",
    "R_p_ar",
    "P",
    "signature",
)


def _plain(value: float | None) -> str:
    return "" if value is None else repr(value)


def render_delimited(comparison: Comparison, delimiter: str) -> str:
    """Full precision, one header per column (no duplicate ``p`` headers, unlike the table);
    the baseline's test cells are empty."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(DELIMITED_HEADERS)
    for row in _rows(comparison):
        metrics, tests = row.result.metrics, row.tests
        cells = [row.result.name, _plain(metrics.f)]
        cells += _test_values(tests.bootstrap_f, tests.randomization_f) if tests else [""] * 5
        cells.append(_plain(metrics.recall))
        cells += _test_values(tests.bootstrap_r, tests.randomization_r) if tests else [""] * 5
        cells += [_plain(metrics.precision), comparison.signature]
        writer.writerow(cells)
    return buffer.getvalue()


def _test_values(bootstrap: PairedResult, randomization: PairedResult) -> list[str]:
    """ΔX, its interval's ends, p (bootstrap), p (AR)."""
    return [
        _plain(bootstrap.difference),
        _plain(bootstrap.low),
        _plain(bootstrap.high),
        _plain(bootstrap.p_value),
        _plain(randomization.p_value),
    ]


def render_table(comparison: Comparison, *, color: bool = False, width: int | None = None) -> str:
    """The rich table, as wide as the terminal allows: wider than ``width``, it is split into
    the F and the R columns, then with shorter headers, then one block per system
    (:mod:`wsscore.output.fitting`)."""
    from wsscore.output.fitting import Grid, render_fitted

    grid = Grid(
        _headers(comparison),
        [_cells(row) for row in _rows(comparison)],
        groups=[list(range(1, 6)), list(range(6, 11))],
        abbreviations=_SHORT_HEADERS,
        last_resort="blocks",
    )
    notes = [*_notes(comparison), footnote(comparison)]
    return render_fitted(grid, width, color=color, notes=notes, signature=comparison.signature)


# Headers a narrow terminal shows shorter, said in a legend line.
_SHORT_HEADERS = {"p (bootstrap)": "p (bs)", "p (AR)": "p (ar)"}
