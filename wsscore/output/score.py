"""The tables of ``wsscore score`` and ``wsscore merge``: the bakeoff table, the accuracy by
difficulty decile, the tags of each system, and the data table of tsv and csv."""

from __future__ import annotations

from dataclasses import replace
from itertools import groupby

from wsscore.formatting import UNDEFINED, interval_digits, markdown_escaped
from wsscore.metrics.difficulty import deciles
from wsscore.metrics.ranking import verdict
from wsscore.metrics.scores import Interval
from wsscore.output.columns import (
    DECILE_TITLE,
    cell,
    columns,
    decile_rows,
    notes,
    tag_tables,
)
from wsscore.output.columns import (
    Column as ScoreColumn,
)
from wsscore.output.delimited import plain
from wsscore.output.gates import gates_table
from wsscore.output.latex import LABEL, latex_escape, latex_header
from wsscore.output.latex import UNDEFINED as LATEX_UNDEFINED
from wsscore.output.tables import Document, Group, Note, Table, TableCell, TableColumn
from wsscore.results import Report, SystemResult

HIDDEN_DECILES = "No gold word in {}: not shown."


def score_document(report: Report, digits: int, *, gates: bool = False) -> Document:
    """The tables with ``digits`` decimals, the verdict on the ranking and the notes; ``gates``:
    the gates checked on the report too, in a table of their own (Markdown's, a CI summary's)."""
    tables = [_bakeoff_table(report, digits)]
    by_decile = decile_rows(report, digits)
    if by_decile is not None:
        by_difficulty = _figures_table(*by_decile, DECILE_TITLE, [1] * (len(by_decile[0]) - 1))
        # A terminal leaves out the deciles no gold word falls in (undefined for every system).
        tables.append(replace(by_difficulty, hide=UNDEFINED, hidden=HIDDEN_DECILES))
    for title, headers, rows in tag_tables(report, digits):
        tables.append(_figures_table(headers, rows, title, [3, len(headers) - 4]))
    if gates and report.gates:
        tables.append(gates_table(report.gates))
    said = [Note(line, markdown=f"- {line}", latex="", style="yellow") for line in notes(report)]
    return Document(
        tables,
        [*_verdict(report), *said],
        report.signature,
        gap=False,
        keep_words=True,
        caption_label=LABEL,
        comments=notes(report),
    )


def _verdict(report: Report) -> list[Note]:
    sentence = verdict(report.systems)
    if sentence is None:
        return []
    # A paragraph of its own in Markdown: without the blank line the next line would join it.
    in_markdown = f"{verdict(report.systems, markdown_escaped)}\n"
    return [Note(sentence, markdown=in_markdown, latex=verdict(report.systems, latex_escape))]


def _bakeoff_table(report: Report, digits: int) -> Table:
    cols = columns(report)
    rows = [
        [TableCell(cell(c, s, digits=digits), latex=_latex_cell(c, s, digits)) for c in cols]
        for s in report.systems
    ]
    header_cols = [
        TableColumn(c.header, right=c.kind != "name", latex=_latex_header(c.header, report))
        for c in cols
    ]
    groups = [Group(len(list(run))) for _, run in groupby(c.group for c in cols[1:])]
    return Table(header_cols, rows, groups=groups, last_resort="stacked")


def _latex_cell(column: ScoreColumn, system: SystemResult, digits: int) -> str:
    # Brackets braced: "[" right after a row's "\\" would be read as an optional argument.
    return cell(
        column,
        system,
        name=latex_escape,
        plus_minus="$\\pm$",
        brackets=("{[}", "{]}"),
        undefined=LATEX_UNDEFINED,
        digits=digits,
    )


def _latex_header(header: str, report: Report) -> str:
    if header.startswith("F(β="):  # columns() names F_β "F(β=2)"
        return f"$F_{{\\beta={report.beta:g}}}$"
    return latex_header(header)


def _figures_table(
    headers: list[str], rows: list[list[str]], title: str, sizes: list[int]
) -> Table:
    """A table of a name and figures per row, under ``title``."""
    # The first column names the rows; the others are figures.
    cols = [TableColumn(header, right=at > 0) for at, header in enumerate(headers)]
    groups = [Group(size) for size in sizes]
    return Table(cols, rows, title=title, groups=groups, last_resort="stacked")


def score_data(report: Report, digits: int | None) -> Table:
    """The table's columns at full precision (or rounded to ``digits`` decimals, intervals to
    one more), one row per system; the bounds of R and P beside their columns (a convention
    without them has none), the accuracy by decile with difficulties, the signature last."""
    cols = columns(report)
    has_ci = report.ci != "none" and any(c.kind == "interval" for c in cols)
    headers = [c.header for c in cols]
    headers += ["R_low", "R_high", "P_low", "P_high"] * has_ci
    weighted = any(system.weighted is not None for system in report.systems)
    if weighted:
        headers += [f"accuracy_{k / 10:.1f}-{(k + 1) / 10:.1f}" for k in range(10)]
    bounds = None if digits is None else interval_digits(digits)
    rows = []
    for system in report.systems:
        row = [_exact(column.value(system), digits, bounds) for column in cols]
        if has_ci:
            for interval in (system.metrics.recall_ci, system.metrics.precision_ci):
                ends = (None, None) if interval is None else (interval.low, interval.high)
                row += [plain(end, bounds) for end in ends]
        if weighted:
            found = deciles(system.weighted) if system.weighted is not None else [None] * 10
            row += [plain(d.accuracy if d is not None else None, digits) for d in found]
        rows.append([*row, report.signature])
    return Table([TableColumn(header) for header in [*headers, "signature"]], rows)


def _exact(value: object, digits: int | None, bounds: int | None) -> str:
    """A cell: an interval as its half width (half its span if not symmetric)."""
    if isinstance(value, Interval):
        half = value.half_width
        return plain(half if half is not None else (value.high - value.low) / 2, bounds)
    return plain(value, digits)
