"""The comparison table: each system against the baseline, with paired significance tests.

Formats as for the score table — ``text``, ``markdown``, ``json``, ``tsv``, ``csv`` and
``table`` (rich, imported only for it) — fed a :class:`~wsscore.scoring.comparison.Comparison`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wsscore.errors import InvalidArgument
from wsscore.formatting import UNDEFINED, markdown_cell, ratio_text
from wsscore.output.columns import notes
from wsscore.output.delimited import plain
from wsscore.output.json_text import to_json
from wsscore.output.present import render_tables
from wsscore.output.tables import Document, Group, Note, Table, TableCell, TableColumn

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


# --- the tables ---------------------------------------------------------------------------------


def render_comparison(
    comparison: Comparison, fmt: str, *, color: bool = False, width: int | None = None
) -> str:
    """The comparison as text in format ``fmt`` (ending with a newline); ``color`` and
    ``width`` are for ``table`` only."""
    if fmt == "json":
        # allow_nan=False: every undefined value must already be None (null), never NaN.
        return to_json(comparison.as_dict())
    if fmt not in COMPARISON_FORMATS:
        raise InvalidArgument(f"unknown format {fmt!r}; use one of {', '.join(COMPARISON_FORMATS)}")
    return render_tables(
        fmt,
        lambda: comparison_document(comparison),
        lambda: comparison_data(comparison),
        color=color,
        width=width,
    )


def comparison_document(comparison: Comparison) -> Document:
    """The table (split into its F and its R columns on a narrow terminal), the notes and the
    footnote on the tests."""
    rows = []
    for row in _rows(comparison):
        # "\\*" in Markdown: a bare star next to a number could open or close emphasis.
        shown, marked = _cells(row), _cells(row, star="\\*", pad=False)
        pairs = zip(shown, marked, strict=True)
        rows.append([t if t == m else TableCell(t, markdown=markdown_cell(m)) for t, m in pairs])
    columns = [
        TableColumn(h, right=i > 0, short=_SHORT_HEADERS.get(h, ""))
        for i, h in enumerate(_headers(comparison))
    ]
    table = Table(columns, rows, groups=[Group(5), Group(5)])
    said = [Note(note) for note in _notes(comparison)]
    # Escaped in Markdown: a line starting with "* " would be a list item.
    foot = footnote(comparison)
    return Document([table], [*said, Note(foot, markdown=f"\n\\{foot}")], comparison.signature)


# Headers a narrow terminal shows shorter, said in a legend line.
_SHORT_HEADERS = {"p (bootstrap)": "p (bs)", "p (AR)": "p (ar)"}
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


def comparison_data(comparison: Comparison) -> Table:
    """Full precision, one header per column (no duplicate ``p`` headers, unlike the table);
    the baseline's test cells are empty."""
    rows = []
    for row in _rows(comparison):
        metrics, tests = row.result.metrics, row.tests
        cells = [row.result.name, plain(metrics.f)]
        cells += _test_values(tests.bootstrap_f, tests.randomization_f) if tests else [""] * 5
        cells.append(plain(metrics.recall))
        cells += _test_values(tests.bootstrap_r, tests.randomization_r) if tests else [""] * 5
        rows.append([*cells, plain(metrics.precision), comparison.signature])
    return Table([TableColumn(header) for header in DELIMITED_HEADERS], rows)


def _test_values(bootstrap: PairedResult, randomization: PairedResult) -> list[str]:
    """ΔX, its interval's ends, p (bootstrap), p (AR)."""
    return [
        plain(bootstrap.difference),
        plain(bootstrap.low),
        plain(bootstrap.high),
        plain(bootstrap.p_value),
        plain(randomization.p_value),
    ]
