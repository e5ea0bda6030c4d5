"""Tables that fit the terminal they are printed on, and footnotes wrapped at word boundaries.

A table whose natural width exceeds the terminal's is never cut (a number cut to "0.5…" would
be wrong, not just ugly) nor left to the terminal, which breaks its rows mid-cell. Instead:

1. **one boxed table**, when it fits;
2. **bands**: the same table cut between groups of figures that belong together (R with its
   interval, the boundary figures, the error classes …), each band a boxed table of its own
   with the row names repeated, when every group fits beside the names;
3. **stacked**: when the names are too wide for that, each row's name on a line of its own,
   its figures on the line under it, in columns under one header; a group still too wide is
   cut between its columns.

Every figure keeps its header in every layout, so nothing is dropped. The module knows only
headers and cells (a :class:`Grid`), not reports, so that any rich table can be fitted with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wsscore.formatting import display_width, padded

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

# What a boxed table spends around each column (a padding space either side and a rule) and
# once more (the rule closing its right edge), as rich draws its default box.
BOXED_COLUMN_COST = 3
BOXED_EDGE = 1
# A stacked layout: its figures indented under the row's name, two spaces between columns.
STACK_INDENT = 2
STACK_GAP = 2


@dataclass(frozen=True)
class Grid:
    """A table of text: the first column names each row, the others hold figures (aligned
    right); ``groups`` says how many figure columns, left to right, belong together and are
    kept in one band where they fit."""

    headers: list[str]
    rows: list[list[str]]
    groups: list[int]

    def widths(self) -> list[int]:
        """Each column's width in terminal columns, its header included."""
        return [
            max(display_width(header), *(display_width(row[i]) for row in self.rows))
            if self.rows
            else display_width(header)
            for i, header in enumerate(self.headers)
        ]


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


def choose_layout(grid: Grid, width: int) -> Layout:
    """The first layout of the module's order whose every line fits ``width`` columns."""
    widths = grid.widths()
    spans = _spans(grid.groups)
    figures = [i for span in spans for i in span]
    if boxed_width(widths) <= width:
        return Layout(stacked=False, bands=[figures])
    beside_names = width - boxed_width(widths[:1])
    bands = _packed(spans, widths, beside_names, BOXED_COLUMN_COST, split=False)
    if bands is not None:
        return Layout(stacked=False, bands=bands)
    room = width - STACK_INDENT + STACK_GAP
    stacked = _packed(spans, widths, room, STACK_GAP, split=True)
    assert stacked is not None  # split=True always packs
    return Layout(stacked=True, bands=stacked)


def _spans(groups: Sequence[int]) -> list[list[int]]:
    """The figure columns' indices (from 1: column 0 names the rows), group by group."""
    spans, start = [], 1
    for size in groups:
        spans.append(list(range(start, start + size)))
        start += size
    return spans


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


def fitted_tables(grid: Grid, width: int, *, label_style: str = "bold") -> list[Table | Text]:
    """The grid as boxed tables or stacked rows that fit ``width`` (see the module's order)."""
    layout = choose_layout(grid, width)
    if layout.stacked:
        widths = grid.widths()
        stacks = [_stacked(grid, band, widths, label_style) for band in layout.bands]
        for stack in stacks[:-1]:
            stack.append("\n")  # a blank line between bands: their rows hold different figures
        shown: list[Table | Text] = [*stacks]
        return shown
    return [_boxed(grid, band, label_style) for band in layout.bands]


def _boxed(grid: Grid, band: list[int], label_style: str) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table()  # the header cells are fixed text: markup-free
    table.add_column(grid.headers[0], style=label_style, no_wrap=True)
    for i in band:
        table.add_column(grid.headers[i], justify="right", no_wrap=True)
    for row in grid.rows:
        # Text, not a str: a name like "run[/b]" is a file name, not rich markup.
        table.add_row(*(Text(row[i]) for i in [0, *band]))
    return table


def _stacked(grid: Grid, band: list[int], widths: list[int], label_style: str) -> Text:
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
        text.append(row[0] + "\n", style=label_style)
        text.append(line(row) + "\n")
    text.rstrip()
    return text


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
