"""The rich tables shown on a terminal: every command's :class:`Document`, each table fitted
to the terminal's width (:mod:`wsscore.output.fitting`)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

from wsscore.output.fitting import (
    DEFAULT_WIDTH,
    Fitted,
    Grid,
    consecutive,
    fit,
    print_fitted,
    print_signature,
    table_width,
    wrapped,
)
from wsscore.output.tables import Document, Table, style_of

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table as RichTable


def fitted_console(
    tables: Sequence[RenderableType], buffer: IO[str], *, color: bool, width: int | None
) -> Console:
    """A console as wide as the terminal (120 columns if unknown), or as the widest of
    ``tables`` if that is wider: a number or a name cut to fit ("0.5…") would be wrong, not
    just ugly, so on a narrow terminal tables keep their natural width and the terminal wraps
    their lines."""
    from rich.console import Console

    natural = max(map(table_width, tables), default=0)
    return Console(
        file=buffer,
        force_terminal=color,
        no_color=not color,
        width=max(width or DEFAULT_WIDTH, natural),
        highlight=False,
    )


def render_table(document: Document, *, color: bool = False, width: int | None = None) -> str:
    """The document's tables fitted to ``width`` terminal columns (120 if unknown), each
    under its title, then the notes and the signature wrapped at word boundaries."""
    screen = width or DEFAULT_WIDTH
    shown = [_fitted(table, screen, document.sections) for table in document.tables]
    buffer = io.StringIO()
    drawn = [t for _, fitted in shown if fitted for t in fitted.tables if not isinstance(t, str)]
    console = fitted_console(drawn, buffer, color=color, width=screen)
    words_width = screen if document.keep_words else None
    for note in document.lead:
        _print_note(console, note.text, note.style, words_width)
    for table, (above, fitted) in zip(document.tables, shown, strict=True):
        if document.sections:
            console.print()
        for line, style in above:
            _print_note(console, line, style, words_width)
        if fitted is not None:
            print_fitted(console, fitted)
        elif table.rows:
            console.print(_folding(table, "" if table.note else table.title, screen))
    if document.sections:
        console.print()
    for note in document.notes:
        _print_note(console, note.text, note.style, words_width)
    print_signature(console, document.signature, screen)
    return buffer.getvalue()


def _print_note(console: Console, text: str, style: str, width: int | None) -> None:
    """A line wrapped by rich, or at spaces only when ``width`` is given (a file name in it
    is never cut)."""
    if width is None:
        console.print(text, style=style, markup=False)
        return
    for part in wrapped(text, width):
        console.print(part, style=style, soft_wrap=True, markup=False)


def _fitted(table: Table, width: int, section: bool) -> tuple[list[tuple[str, str]], Fitted | None]:
    """The lines above a table (and their styles), and the table fitted to ``width`` (None
    for a table without rows or of long texts, which folds). A section's title is in italics,
    or the table's own when no note or absence stands between."""
    if not section:
        above = [(table.title, "")] if table.title else []
    elif table.note or not table.rows:
        above = [(table.title, "italic"), (table.note if table.rows else table.empty, "")]
    else:
        above = []
    kept = list(range(len(table.columns)))
    if table.hide:
        kept, hidden = _shown_columns(table)
        if hidden:
            above.append((table.hidden.format(", ".join(hidden)), ""))
    if not table.rows or table.lines is not None:
        return above, None
    title = table.title if section and not table.note else ""
    return above, fit(grid_of(table, kept, title), width)


def _folding(table: Table, title: str, width: int) -> RichTable:
    """A table as wide as the terminal whose text columns fold (sentences have no spaces to
    break at in Chinese) over several lines."""
    from rich.table import Table as RichTable
    from rich.text import Text

    folding = RichTable(title=title or None, title_justify="left", width=width)
    for column in table.columns:
        if column.right:
            folding.add_column(column.header, justify="right", no_wrap=True)
        else:
            folding.add_column(column.header, overflow="fold")
    for row in table.texts():
        folding.add_row(*map(Text, row))  # Text: words are data, not rich markup
    return folding


def _shown_columns(table: Table) -> tuple[list[int], list[str]]:
    """The columns with a cell other than ``table.hide``, and the headers of the others."""
    texts = table.texts()
    kept = [0] + [i for i in range(1, len(table.columns)) if any(r[i] != table.hide for r in texts)]
    hidden = [c.header for i, c in enumerate(table.columns) if i not in kept]
    return kept, hidden


def grid_of(table: Table, kept: Sequence[int], title: str = "") -> Grid:
    """The fitting grid of ``kept`` columns of ``table``: its groups, short headers and cell
    styles."""
    columns = [table.columns[i] for i in kept]
    sizes, start = [], 1
    for size in table.group_sizes():
        inside = [i for i in kept if start <= i < start + size]
        sizes += [len(inside)] if inside else []
        start += size
    return Grid(
        [c.terminal or c.header for c in columns],
        [[texts[i] for i in kept] for texts in table.texts()],
        consecutive(sizes),
        numeric=[c.right for c in columns],
        abbreviations={c.terminal or c.header: c.short for c in columns if c.short},
        styles=[[style_of(row[i]) for i in kept] for row in table.rows],
        title=title,
        last_resort=table.last_resort,
    )
