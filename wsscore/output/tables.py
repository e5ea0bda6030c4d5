"""The table model every command's output is built as: columns, rows and notes, handed to one
set of renderers (plain text and Markdown in :mod:`wsscore.output.text`, LaTeX in
:mod:`wsscore.output.latex`, TSV and CSV in :mod:`wsscore.output.delimited`, the terminal's
fitted tables in :mod:`wsscore.output.table`).

A command builds a :class:`Document` (the human formats) and, for tsv and csv, a data
:class:`Table` of exact values; it never writes a format itself. A cell is its text as the
plain formats print it; where Markdown or LaTeX spell it otherwise (bold, a symbol, an escaped
name) the :class:`TableCell` says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from wsscore.formatting import markdown_cell, markdown_escaped


@dataclass(frozen=True)
class TableColumn:
    """A column: its header, right-aligned for figures, and its header as Markdown and LaTeX
    spell it where they differ from the header (None: the header escaped for the format).
    ``words`` columns hold the user's text, escaped whole in Markdown (other cells escape only
    the pipe, which would end the cell)."""

    header: str
    right: bool = True
    words: bool = False
    markdown: str | None = None
    latex: str | None = None
    short: str = ""  # a shorter header for a narrow terminal, said in a legend line
    terminal: str = ""  # the header on a terminal, if not ``header`` (it may hold a line break)


@dataclass(frozen=True)
class TableCell:
    """A cell that Markdown, LaTeX or the terminal show otherwise than as its ``text``."""

    text: str
    markdown: str | None = None
    latex: str | None = None
    style: str = ""  # a rich style on a terminal


Row = Sequence["str | TableCell"]


@dataclass(frozen=True)
class Group:
    """Figure columns kept side by side when a terminal table is cut to fit; a named group
    (a corpus of ``suite``) heads its columns in LaTeX."""

    size: int
    name: str = ""


@dataclass(frozen=True)
class Table:
    """A titled table; column 0 names the rows. ``groups`` cover the figure columns (one
    group of them all when empty). ``empty`` is said instead of a table without rows;
    ``lines``, when given, is what plain text prints instead of the grid (whole sentences do
    not fit a column), and the terminal folds the table's long cells instead of fitting it."""

    columns: Sequence[TableColumn]
    rows: Sequence[Row]
    title: str = ""
    note: str = ""
    groups: Sequence[Group] = ()
    empty: str = ""
    lines: Sequence[str] | None = None
    heading: str = ""  # the Markdown heading mark before the title ("### ")
    last_resort: Literal["stacked", "blocks"] = "blocks"
    # On a terminal: the columns whose cells all read ``hide`` are left out, and ``hidden``
    # names them above the table ("{}": their headers).
    hide: str = ""
    hidden: str = ""

    def headers(self) -> list[str]:
        return [column.header for column in self.columns]

    def texts(self) -> list[list[str]]:
        return [[text_of(cell) for cell in row] for row in self.rows]

    def group_sizes(self) -> list[int]:
        return [group.size for group in self.groups] or [len(self.columns) - 1]


@dataclass(frozen=True)
class Note:
    """A line under the tables; ``markdown`` and ``latex`` are its source in those formats
    where they differ from the line escaped (None)."""

    text: str
    markdown: str | None = None
    latex: str | None = None
    style: str = ""  # a rich style on a terminal


@dataclass(frozen=True)
class Document:
    """A command's human output: lines above the tables (``lead``), the tables, the notes
    under them and the signature last. ``gap``: a blank line before the signature in
    Markdown; ``keep_words``: the terminal wraps notes only at spaces (never cutting a file
    name), as the score table does, rather than as rich does; ``sections``: on a terminal,
    each table is a section after a blank line, its title in italics."""

    tables: Sequence[Table]
    notes: Sequence[Note]
    signature: str
    lead: Sequence[Note] = ()
    gap: bool = True
    keep_words: bool = False
    sections: bool = False
    caption_label: str = "tab:wsscore"
    comments: Sequence[str] = field(default_factory=tuple)  # LaTeX comments above the table


def text_of(cell: str | TableCell) -> str:
    return cell if isinstance(cell, str) else cell.text


def markdown_of(cell: str | TableCell, column: TableColumn) -> str:
    if isinstance(cell, TableCell) and cell.markdown is not None:
        return cell.markdown
    text = text_of(cell)
    return markdown_escaped(text) if column.words else markdown_cell(text)


def style_of(cell: str | TableCell) -> str:
    return "" if isinstance(cell, str) else cell.style


def note_markdown(note: Note) -> str:
    return f"- {markdown_escaped(note.text)}" if note.markdown is None else note.markdown
