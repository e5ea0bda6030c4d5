"""Plain text (aligned columns) and Markdown: every command's :class:`Document`."""

from __future__ import annotations

from collections.abc import Sequence

from wsscore.formatting import (
    display_width,
    markdown_cell,
    markdown_escaped,
    markdown_row,
    markdown_rule,
    padded,
)
from wsscore.output.tables import Document, Table, markdown_of, note_markdown


def aligned(
    headers: Sequence[str], rows: Sequence[Sequence[str]], numeric: list[bool]
) -> list[str]:
    """Lines of a plain-text table: numbers right-aligned, a dashed rule under the headers.

    Widths are terminal cells as rich counts them (a Chinese name takes two a character, a Thai
    mark none: :func:`~wsscore.formatting.display_width`), so that every column starts at the
    same place on screen, not at the same code point."""
    widths = [
        max(display_width(h), *(display_width(r[i]) for r in rows)) if rows else display_width(h)
        for i, h in enumerate(headers)
    ]

    def line(cells: Sequence[str]) -> str:
        parts = [
            padded(c, w, right=right) for c, w, right in zip(cells, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    return [line(headers), "  ".join("-" * w for w in widths), *map(line, rows)]


def render_text(document: Document) -> str:
    """The lead, each table (its title and note above it) and a blank line after it, the
    notes, then the signature."""
    out = [note.text for note in document.lead] + [""] * bool(document.lead)
    for table in document.tables:
        out += [line for line in (table.title, table.note) if line]
        if not table.rows:
            out.append(table.empty)
        elif table.lines is not None:
            out += table.lines
        else:
            out += aligned(table.headers(), table.texts(), [c.right for c in table.columns])
        out.append("")
    out += [note.text for note in document.notes]
    out.append(f"signature: {document.signature}")
    return "\n".join(out) + "\n"


def render_markdown(document: Document) -> str:
    out = [markdown_escaped(note.text) for note in document.lead] + [""] * bool(document.lead)
    for table in document.tables:
        if table.title:
            out += [table.heading + markdown_escaped(table.title), ""]
        if table.note:
            out += [markdown_escaped(table.note), ""]
        out += _markdown_table(table) if table.rows else [markdown_escaped(table.empty), ""]
    out += [note_markdown(note) for note in document.notes]
    out += [""] * document.gap
    out.append(f"Signature: `{document.signature}`")
    return "\n".join(out) + "\n"


def _markdown_table(table: Table) -> list[str]:
    """A Markdown table and the blank line after it."""
    columns = table.columns
    headers = [markdown_cell(c.header) if c.markdown is None else c.markdown for c in columns]
    out = [markdown_row(headers), markdown_rule([c.right for c in columns])]
    for row in table.rows:
        out.append(markdown_row(markdown_of(cell, c) for cell, c in zip(row, columns, strict=True)))
    return [*out, ""]
