"""Tables that fit the terminal they are printed on, and footnotes wrapped at word boundaries.

A table whose natural width exceeds the terminal's is never cut (a number cut to "0.5…" would
be wrong, not just ugly, a word folded in two reads as another word) nor left to the terminal,
which breaks its rows mid-cell. Instead it is laid out narrower, the first layout that fits
winning:

1. **one boxed table**, when it fits;
2. **bands**: the same table cut between groups of columns that belong together (R with its
   interval, the boundary figures, the F and the R of ``compare`` …), each band a boxed table
   of its own with the row names repeated, when every group fits beside the names;
3. the same bands with **abbreviated headers**, and a legend line saying what each stands for
   (only for a grid that has abbreviations);
4. the grid's last resort, one of:

   - **stacked** (``score``, ``merge``): each row's name on a line of its own, its figures on
     the line under it, in columns under one header; a group still too wide is cut between its
     columns;
   - **blocks** (``compare``, ``errors``, ``suite``): one small table per row, its figures down
     the side (``Figure | Value``); a row whose table is still too wide (a word longer than the
     terminal) as lines ``Header: value``, printed whole for the terminal to wrap.

Every figure keeps its header in every layout, so nothing is dropped. The module knows only
headers and cells (a :class:`Grid`), not reports, so that any rich table can be fitted with it.
Lines of text wrap at spaces (:func:`wrapped`); the signature, one long token, breaks after a
``|`` (:func:`signature_lines`), the lines joined giving it back.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Literal

from wsscore.formatting import display_width, padded

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table
    from rich.text import Text

DEFAULT_WIDTH = 120  # a terminal whose width is not known
_MEASURE_WIDTH = 100_000  # wider than any table: a table's own width, uncut
# What a boxed table spends around each column (a padding space either side and a rule) and
# once more (the rule closing its right edge), as rich draws its default box.
BOXED_COLUMN_COST = 3
BOXED_EDGE = 1
# A stacked layout: its figures indented under the row's name, two spaces between columns.
STACK_INDENT = 2
STACK_GAP = 2


@dataclass(frozen=True)
class Grid:
    """A table's content as display strings: column 0 names the rows; ``groups`` lists the
    other columns' indices in the groups kept together in one band where they fit (every
    column of 1 … n once). ``numeric`` columns are right-aligned (by default every column but
    the first); ``last_resort`` is the layout when no band fits (see the module's order)."""

    headers: list[str]
    rows: list[list[str]]
    groups: list[list[int]]
    numeric: list[bool] = field(default_factory=list)
    title: str = ""
    abbreviations: Mapping[str, str] = field(default_factory=dict)  # header: shorter header
    styles: list[list[str]] = field(default_factory=list)  # a rich style per cell, if any
    last_resort: Literal["stacked", "blocks"] = "stacked"

    def right_aligned(self) -> list[bool]:
        return self.numeric or [False] + [True] * (len(self.headers) - 1)

    def widths(self, headers: Sequence[str] | None = None) -> list[int]:
        """Each column's width in terminal columns, its header (each of its lines) included."""
        names = self.headers if headers is None else headers
        return [
            max(
                *(display_width(line) for line in header.split("\n")),
                *(display_width(row[i]) for row in self.rows),
                0,
            )
            for i, header in enumerate(names)
        ]


def consecutive(sizes: Sequence[int]) -> list[list[int]]:
    """Groups of figure columns of these sizes, left to right (from 1: column 0 names the
    rows)."""
    spans, start = [], 1
    for size in sizes:
        spans.append(list(range(start, start + size)))
        start += size
    return spans


@dataclass(frozen=True)
class Layout:
    """How a grid is printed: boxed tables or stacked rows, one per band of figure columns
    (indices into the grid's headers)."""

    stacked: bool
    bands: list[list[int]]


def boxed_width(widths: Sequence[int]) -> int:
    """The width of a boxed table whose columns are ``widths`` wide."""
    return sum(width + BOXED_COLUMN_COST for width in widths) + BOXED_EDGE


def stacked_width(widths: Sequence[int]) -> int:
    """The width of a stacked band whose figure columns are ``widths`` wide."""
    return STACK_INDENT + sum(widths) + STACK_GAP * (len(widths) - 1)


def boxed_bands(grid: Grid, width: int, widths: Sequence[int]) -> list[list[int]] | None:
    """The whole grid as one band if it fits ``width``, else its groups packed into bands
    each of which fits beside the names; None when a group alone does not."""
    if boxed_width(widths) <= width:
        return [[i for group in grid.groups for i in group]]
    beside_names = width - boxed_width(widths[:1])
    return _packed(grid.groups, widths, beside_names, BOXED_COLUMN_COST, split=False)


def choose_layout(grid: Grid, width: int) -> Layout:
    """Boxed bands that fit ``width`` columns, else stacked ones (abbreviations aside)."""
    widths = grid.widths()
    bands = boxed_bands(grid, width, widths)
    if bands is not None:
        return Layout(stacked=False, bands=bands)
    room = width - STACK_INDENT + STACK_GAP
    stacked = _packed(grid.groups, widths, room, STACK_GAP, split=True)
    assert stacked is not None  # split=True always packs
    return Layout(stacked=True, bands=stacked)


def _packed(
    spans: list[list[int]], widths: Sequence[int], room: int, cost: int, *, split: bool
) -> list[list[int]] | None:
    """Groups of columns packed in order into bands of at most ``room`` (each column costing
    its width and ``cost``); a group wider than ``room`` is cut into its columns when
    ``split``, else there is no packing (None). A single column wider than ``room`` still
    gets a band: a figure is never cut."""
    bands: list[list[int]] = []
    used = room + 1  # no open band yet
    for span in spans:
        need = sum(widths[i] + cost for i in span)
        if need > room:
            if not split:
                return None
            pieces = [[i] for i in span]
        else:
            pieces = [span]
        for piece in pieces:
            need = sum(widths[i] + cost for i in piece)
            if used + need > room:
                bands.append([])
                used = 0
            bands[-1].extend(piece)
            used += need
    return bands


@dataclass
class Fitted:
    """What to print, in order (a str: a line printed whole), and the legend of abbreviated
    headers (maybe empty)."""

    tables: list[Table | Text | str]
    legend: list[str]


def fit(grid: Grid, width: int) -> Fitted:
    """``grid`` as the first of the layouts (module docstring) whose lines all fit ``width``
    columns; the grid's last resort when none does."""
    bands = boxed_bands(grid, width, grid.widths())
    if bands is not None:
        return Fitted([*_boxed_bands(grid, bands, grid.headers)], [])
    short = [grid.abbreviations.get(header, header) for header in grid.headers]
    legend = [
        f"{short_header}: {header}"
        for header, short_header in dict(zip(grid.headers, short, strict=True)).items()
        if short_header != header
    ]
    bands = boxed_bands(grid, width, grid.widths(short)) if legend else None
    if bands is not None:
        return Fitted([*_boxed_bands(grid, bands, short)], ["; ".join(legend)])
    if grid.last_resort == "blocks":
        return Fitted([*([grid.title] if grid.title else []), *_blocks(grid, width)], [])
    return Fitted([*_stacks(grid, choose_layout(grid, width).bands)], [])


def _boxed_bands(grid: Grid, bands: list[list[int]], headers: Sequence[str]) -> list[Table]:
    # The title above the first table only.
    return [
        table_of(grid, [0, *band], headers=headers, title=grid.title if at == 0 else "")
        for at, band in enumerate(bands)
    ]


def table_of(
    grid: Grid, columns: Sequence[int], *, headers: Sequence[str] | None = None, title: str = ""
) -> Table:
    """A rich table of ``columns`` of ``grid`` (indices), no cell wrapped or cut."""
    from rich.table import Table
    from rich.text import Text

    names = headers if headers is not None else grid.headers
    right = grid.right_aligned()
    table = Table(title=title or None, title_justify="left")
    for index in columns:
        table.add_column(
            names[index],
            justify="right" if right[index] else "left",
            no_wrap=True,
            style="bold" * (index == 0),
        )
    for at, row in enumerate(grid.rows):
        styles = grid.styles[at] if grid.styles else [""] * len(row)
        # Text, not a str: a name like "run[/b]" is data, not rich markup.
        table.add_row(*(Text(row[index], style=styles[index]) for index in columns))
    return table


def table_width(table: RenderableType) -> int:
    """The columns a table (or any renderable) takes when nothing in it is cut."""
    from rich.console import Console

    return Console(file=io.StringIO(), width=_MEASURE_WIDTH).measure(table).maximum


def _stacks(grid: Grid, bands: list[list[int]]) -> list[Text]:
    widths = grid.widths()
    stacks = [_stacked(grid, band, widths) for band in bands]
    for stack in stacks[:-1]:
        stack.append("\n")  # a blank line between bands: their rows hold different figures
    return stacks


def _stacked(grid: Grid, band: list[int], widths: list[int]) -> Text:
    """A band of figures under one header; each row's name on its own line above them."""
    from rich.text import Text

    indent = " " * STACK_INDENT

    def line(cells: list[str]) -> str:
        gap = " " * STACK_GAP
        return indent + gap.join(padded(cells[i], widths[i], right=True) for i in band)

    text = Text()
    text.append(line(grid.headers) + "\n", style="bold")
    text.append(indent + "─" * (stacked_width([widths[i] for i in band]) - STACK_INDENT) + "\n")
    for row in grid.rows:
        text.append(row[0] + "\n", style="bold")
        text.append(line(row) + "\n")
    text.rstrip()
    return text


def _blocks(grid: Grid, width: int) -> list[Table | Text | str]:
    """One table per row: its figures down the side, titled by the row's name; as lines
    where even that is wider than ``width``."""
    from rich.table import Table
    from rich.text import Text

    shown: list[Table | Text | str] = []
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


def print_signature(console: Console, signature: str, width: int) -> None:
    """``signature: …`` in lines of at most ``width`` columns (:func:`signature_lines`)."""
    for line in signature_lines(signature, width):
        console.print(line, soft_wrap=True, markup=False)


def console_for(buffer: IO[str], *, color: bool, width: int) -> Console:
    """A console of the terminal's width: text wraps at spaces within it."""
    from rich.console import Console

    return Console(
        file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False
    )


# --- footnotes -------------------------------------------------------------------------------


def wrapped(text: str, width: int, breaks: str = " ") -> list[str]:
    """``text`` in lines of at most ``width`` terminal columns, broken only after one of the
    characters of ``breaks`` (a space at a break is dropped, any other break character ends its
    line). A piece wider than ``width`` gets a line of its own, whole: a word is never cut."""
    pieces = re.findall(f"[^{re.escape(breaks)}]*(?:[{re.escape(breaks)}]|$)", text)
    lines: list[str] = []
    current = ""
    for piece in pieces:
        if not piece:
            continue
        if current and display_width((current + piece).rstrip(" ")) > width:
            lines.append(current.rstrip(" "))
            current = ""
        current += piece
    lines.append(current.rstrip(" "))
    return lines


def signature_lines(signature: str, width: int) -> list[str]:
    """``signature: …`` in lines of at most ``width`` columns, broken after a ``|`` between its
    fields (after a ``,`` inside a field only if the field alone is too wide), with nothing
    added: the lines joined without their line breaks give the signature back."""
    lines = []
    for line in wrapped(f"signature: {signature}", width, breaks="|"):
        lines += wrapped(line, width, breaks=",") if display_width(line) > width else [line]
    return lines
