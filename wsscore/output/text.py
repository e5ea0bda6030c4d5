"""Plain text (aligned columns) and Markdown tables."""

from __future__ import annotations

from wsscore.formatting import (
    DEFAULT_DIGITS,
    display_width,
    label_then_figures,
    markdown_cell,
    markdown_escaped,
    markdown_row,
    markdown_rule,
    padded,
)
from wsscore.metrics.ranking import verdict
from wsscore.output.columns import DECILE_TITLE, cell, columns, decile_rows, notes, tag_tables
from wsscore.results import Report


def _grid(report: Report, digits: int) -> tuple[list[str], list[list[str]], list[bool]]:
    cols = columns(report)
    headers = [c.header for c in cols]
    rows = [[cell(c, system, digits=digits) for c in cols] for system in report.systems]
    numeric = [c.kind != "name" for c in cols]
    return headers, rows, numeric


def aligned(headers: list[str], rows: list[list[str]], numeric: list[bool]) -> list[str]:
    """Lines of a plain-text table: numbers right-aligned, a dashed rule under the headers.

    Widths are terminal columns (a Chinese name takes two a character), so that every column
    starts at the same place on screen, not at the same code point."""
    widths = [
        max(display_width(h), *(display_width(r[i]) for r in rows)) if rows else display_width(h)
        for i, h in enumerate(headers)
    ]

    def line(cells: list[str]) -> str:
        parts = [
            padded(c, w, right=right) for c, w, right in zip(cells, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    return [line(headers), "  ".join("-" * w for w in widths), *map(line, rows)]


def render_text(report: Report, digits: int = DEFAULT_DIGITS) -> str:
    headers, rows, numeric = _grid(report, digits)
    out = aligned(headers, rows, numeric)
    out.append("")
    by_decile = decile_rows(report, digits)
    if by_decile is not None:
        decile_headers, decile_cells = by_decile
        out.append(DECILE_TITLE)
        out += aligned(decile_headers, decile_cells, label_then_figures(decile_headers))
        out.append("")
    for title, tag_headers, tag_cells in tag_tables(report, digits):
        out.append(title)
        out += aligned(tag_headers, tag_cells, label_then_figures(tag_headers))
        out.append("")
    sentence = verdict(report.systems)
    if sentence is not None:
        out.append(sentence)
    out += notes(report)
    out.append(f"signature: {report.signature}")
    return "\n".join(out) + "\n"


def render_markdown(report: Report, digits: int = DEFAULT_DIGITS) -> str:
    headers, rows, numeric = _grid(report, digits)
    out = _markdown_table(headers, rows, numeric)
    by_decile = decile_rows(report, digits)
    if by_decile is not None:
        decile_headers, decile_cells = by_decile
        out += [DECILE_TITLE, ""]
        out += _markdown_table(decile_headers, decile_cells, label_then_figures(decile_headers))
    for title, tag_headers, tag_cells in tag_tables(report, digits):
        out += [markdown_escaped(title), ""]
        out += _markdown_table(tag_headers, tag_cells, label_then_figures(tag_headers))
    sentence = verdict(report.systems, markdown_escaped)
    if sentence is not None:
        # A paragraph of its own: without the blank line the signature line below would join it.
        out += [sentence, ""]
    out += [f"- {note}" for note in notes(report)]
    out.append(f"Signature: `{report.signature}`")
    return "\n".join(out) + "\n"


def _markdown_table(headers: list[str], rows: list[list[str]], numeric: list[bool]) -> list[str]:
    """A Markdown table of figures and names, and the blank line after it."""
    out = [markdown_row(map(markdown_cell, headers)), markdown_rule(numeric)]
    out += [markdown_row(map(markdown_cell, row)) for row in rows]
    return [*out, ""]
