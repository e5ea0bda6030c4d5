"""The rich table shown on a terminal."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

from wsscore.formatting import DEFAULT_DIGITS
from wsscore.metrics.ranking import verdict
from wsscore.output.columns import DECILE_TITLE, cell, columns, decile_rows, notes, tag_tables
from wsscore.results import Report

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

# Wide enough for any table: used only to measure the table's natural width.
_MEASURE_WIDTH = 100_000


def fitted_console(
    tables: Sequence[Table], buffer: IO[str], *, color: bool, width: int | None
) -> Console:
    """A console as wide as the terminal (120 columns if unknown), or as the widest of
    ``tables`` if that is wider: a number or a name cut to fit ("0.5…") would be wrong, not
    just ugly, so on a narrow terminal tables keep their natural width and the terminal wraps
    their lines."""
    from rich.console import Console

    measure = Console(file=io.StringIO(), width=_MEASURE_WIDTH).measure
    natural = max((measure(table).maximum for table in tables), default=0)
    return Console(
        file=buffer,
        force_terminal=color,
        no_color=not color,
        width=max(width or 120, natural),
        highlight=False,
    )


def render_table(
    report: Report, *, color: bool = False, width: int | None = None, digits: int = DEFAULT_DIGITS
) -> str:
    from rich.table import Table
    from rich.text import Text

    table = Table()  # the header cells are fixed text: markup-free
    cols = columns(report)
    for column in cols:
        if column.kind == "name":
            table.add_column(column.header, style="bold", no_wrap=True)
        else:
            table.add_column(column.header, justify="right", no_wrap=True)
    for system in report.systems:
        # Text, not a str: a name like "run[/b]" is a file name, not rich markup.
        table.add_row(*(Text(cell(c, system, digits=digits)) for c in cols))
    by_decile = decile_rows(report, digits)
    deciles = _small_table(DECILE_TITLE, *by_decile) if by_decile is not None else None
    tags = [_small_table(*parts) for parts in tag_tables(report, digits)]
    buffer = io.StringIO()
    shown = [table, *([deciles] if deciles is not None else []), *tags]
    console = fitted_console(shown, buffer, color=color, width=width)
    for shown_table in shown:
        console.print(shown_table)
    sentence = verdict(report.systems)
    if sentence is not None:
        # markup=False: system names are file names, not rich markup.
        console.print(sentence, markup=False)
    for note in notes(report):
        console.print(note, style="yellow", soft_wrap=True, markup=False)
    # soft_wrap: the signature stays on one line, whole, so that it can be copied as it is.
    console.print(f"signature: {report.signature}", soft_wrap=True, markup=False)
    return buffer.getvalue()


def _small_table(title: str, headers: list[str], rows: list[list[str]]) -> Table:
    """A titled table whose first column names a row and the others hold numbers."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, title_justify="left")
    table.add_column(headers[0], style="bold", no_wrap=True)
    for header in headers[1:]:
        table.add_column(header, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*map(Text, row))
    return table
