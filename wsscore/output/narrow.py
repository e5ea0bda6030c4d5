"""Rich tables that fit a terminal's width, for ``compare``, ``errors`` and ``suite``.

A cell cut to fit ("0.5…", a word folded in two) would read as another number or another word,
so a table never shrinks its cells: when its natural width is more than the terminal's, it is
laid out narrower, in this order, the first layout that fits winning:

1. the whole table;
2. one table per group of columns (each with the first column, which names the rows);
3. the same with abbreviated headers, and a legend line saying what each stands for;
4. one small table per row, its figures down the side (``Figure | Value``); a row whose
   table is still too wide (a word longer than the terminal) as lines ``Header: value``,
   printed whole for the terminal to wrap: cut, the word would be lost.

Lines of text (notes, footnotes) wrap at spaces; the signature, one long token, folds after a
``|`` so that each of its lines is whole fields.

Written for these three commands alone, beside ``output/table.py`` (the ``score`` table), whose
``fitted_console`` keeps a table's natural width instead.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from wsscore.formatting import display_width, padded

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

DEFAULT_WIDTH = 120  # a terminal whose width is not known
_MEASURE_WIDTH = 10_000  # wider than any table: a table's own width, uncut


@dataclass
class Grid:
    """A table's content as display strings: column 0 names the rows, ``numeric`` columns are
    right-aligned, ``groups`` lists the other columns' indices in the groups they may be split
    into (every column of 1 … n once)."""

    headers: list[str]
    numeric: list[bool]
    rows: list[list[str]]
    groups: list[list[int]]
    title: str = ""
    abbreviations: Mapping[str, str] = field(default_factory=dict)  # header: shorter header
    styles: list[list[str]] = field(default_factory=list)  # a rich style per cell, if any


@dataclass
class Fitted:
    """The tables to print, in order (a str: a line printed whole), and the legend of
    abbreviated headers (maybe empty)."""

    tables: list[Table | str]
    legend: list[str]


def table_of(
    grid: Grid, columns: Sequence[int], *, headers: Sequence[str] | None = None, title: str = ""
) -> Table:
    """A rich table of ``columns`` of ``grid`` (indices), no cell wrapped or cut."""
    from rich.table import Table
    from rich.text import Text

    names = headers if headers is not None else grid.headers
    table = Table(title=title or None, title_justify="left")
    for index in columns:
        table.add_column(
            names[index],
            justify="right" if grid.numeric[index] else "left",
            no_wrap=True,
            style="bold" * (index == 0),
        )
    for at, row in enumerate(grid.rows):
        styles = grid.styles[at] if grid.styles else [""] * len(row)
        # Text, not a str: a name like "run[/b]" is data, not rich markup.
        table.add_row(*(Text(row[index], style=styles[index]) for index in columns))
    return table


def table_width(table: Table) -> int:
    """The columns a table takes when nothing in it is cut."""
    from rich.console import Console

    return Console(file=io.StringIO(), width=_MEASURE_WIDTH).measure(table).maximum


def fit(grid: Grid, width: int) -> Fitted:
    """``grid`` as the first of the layouts (module docstring) whose tables all fit ``width``
    columns; one block per row when none does."""
    every = [0, *(index for group in grid.groups for index in group)]
    whole = table_of(grid, every, title=grid.title)
    if table_width(whole) <= width:
        return Fitted([whole], [])
    split = _packed(grid, grid.headers, width)
    if all(table_width(table) <= width for table in split):
        return Fitted([*split], [])
    short = [grid.abbreviations.get(header, header) for header in grid.headers]
    legend = [
        f"{short_header}: {header}"
        for header, short_header in dict(zip(grid.headers, short, strict=True)).items()
        if short_header != header
    ]
    abbreviated = _packed(grid, short, width)
    if legend and all(table_width(table) <= width for table in abbreviated):
        return Fitted([*abbreviated], ["; ".join(legend)])
    return Fitted([*([grid.title] if grid.title else []), *_blocks(grid, width)], [])


def _packed(grid: Grid, headers: Sequence[str], width: int) -> list[Table]:
    """The groups of columns in as few tables as fit ``width``, in order, each table with the
    first column; a group wider than ``width`` on its own is a table of its own."""
    tables: list[Table] = []
    taken: list[int] = []
    for group in grid.groups:
        trial = table_of(grid, [0, *taken, *group], headers=headers, title=_title(grid, tables))
        if taken and table_width(trial) > width:
            tables.append(table_of(grid, [0, *taken], headers=headers, title=_title(grid, tables)))
            taken = []
        taken += group
    tables.append(table_of(grid, [0, *taken], headers=headers, title=_title(grid, tables)))
    return tables


def _title(grid: Grid, tables: list[Table]) -> str:
    return grid.title if not tables else ""  # the title above the first table only


def _blocks(grid: Grid, width: int) -> list[Table | str]:
    """One table per row: its figures down the side, titled by the row's name; as lines
    where even that is wider than ``width``."""
    from rich.table import Table
    from rich.text import Text

    shown: list[Table | str] = []
    for row in grid.rows:
        headers = [header.replace("\n", " ") for header in grid.headers]
        table = Table(title=Text(row[0]), title_justify="left")
        table.add_column("Figure", no_wrap=True)
        table.add_column("Value", justify="right", no_wrap=True)
        for header, value in zip(headers[1:], row[1:], strict=True):
            table.add_row(Text(header), Text(value))
        if table_width(table) <= width:
            shown.append(table)
        else:
            shown += [row[0], *(f"  {h}: {v}" for h, v in zip(headers[1:], row[1:], strict=True))]
    return shown


def print_fitted(console: Console, fitted: Fitted) -> None:
    """The tables, then the legend (wrapped at spaces); a line of a row too wide for any
    table is printed whole (soft_wrap), for the terminal to wrap."""
    for shown in fitted.tables:
        if isinstance(shown, str):
            console.print(shown, soft_wrap=True, markup=False)
        else:
            console.print(shown)
    for line in fitted.legend:
        console.print(line, markup=False)


def console_for(buffer: IO[str], *, color: bool, width: int) -> Console:
    """A console of the terminal's width: text wraps at spaces within it."""
    from rich.console import Console

    return Console(
        file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False
    )


def folded_signature(signature: str, width: int, prefix: str = "signature: ") -> list[str]:
    """``prefix`` and the signature on lines of at most ``width`` columns, each broken after a
    ``|`` (a field whole on a line); a single field wider than that is left whole."""
    fields = signature.split("|")
    pieces = [part + "|" for part in fields[:-1]] + fields[-1:]
    lines: list[str] = []
    line = prefix
    for piece in pieces:
        if line != prefix and display_width(line + piece) > width:
            lines.append(line)
            line = "  " + piece  # indented: the lines read as one signature
        else:
            line += piece
    lines.append(line)
    return lines


def aligned(headers: list[str], rows: list[list[str]], numeric: list[bool]) -> list[str]:
    """Lines of a plain-text table (no terminal: never narrowed), numbers right-aligned, a
    dashed rule under the headers, columns measured in display columns so that CJK names line
    up. Kept here beside the rich layouts of these commands; ``output/text.py`` has its own."""
    widths = [
        max([display_width(header)] + [display_width(row[at]) for row in rows])
        for at, header in enumerate(headers)
    ]

    def line(cells: list[str]) -> str:
        parts = (
            padded(cell, width, right=right)
            for cell, width, right in zip(cells, widths, numeric, strict=True)
        )
        return "  ".join(parts).rstrip()

    return [line(headers), "  ".join("-" * width for width in widths), *map(line, rows)]
