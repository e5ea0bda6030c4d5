"""The rich table shown on a terminal."""

from __future__ import annotations

import io
from collections.abc import Sequence
from itertools import groupby
from typing import IO, TYPE_CHECKING

from wsscore.formatting import DEFAULT_DIGITS, UNDEFINED
from wsscore.metrics.ranking import verdict
from wsscore.output.columns import DECILE_TITLE, cell, columns, decile_rows, notes, tag_tables
from wsscore.output.fitting import (
    DEFAULT_WIDTH,
    Grid,
    consecutive,
    fit,
    signature_lines,
    table_width,
    wrapped,
)
from wsscore.results import Report

if TYPE_CHECKING:
    from rich.console import Console, RenderableType


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


def render_table(
    report: Report, *, color: bool = False, width: int | None = None, digits: int = DEFAULT_DIGITS
) -> str:
    """The report's tables fitted to ``width`` terminal columns (120 if unknown), in the order
    of :mod:`wsscore.output.fitting`, and the lines under them wrapped at word boundaries."""
    screen = width or DEFAULT_WIDTH
    blocks: list[tuple[list[str], Grid]] = [([], _score_grid(report, digits))]
    by_decile = decile_grid(report, digits)
    if by_decile is not None:
        blocks.append(by_decile)
    for title, headers, rows in tag_tables(report, digits):
        blocks.append(([title], Grid(headers, rows, consecutive([3, len(headers) - 4]))))
    shown = [(above, fit(grid, screen).tables) for above, grid in blocks]
    buffer = io.StringIO()
    console = fitted_console(
        [t for _, tables in shown for t in tables], buffer, color=color, width=screen
    )
    for above, tables in shown:
        for line in above:
            for part in wrapped(line, screen):
                console.print(part, soft_wrap=True, markup=False, highlight=False)
        for table in tables:
            console.print(table, soft_wrap=True)
    _print_footnotes(console, report, screen)
    return buffer.getvalue()


def _print_footnotes(console: Console, report: Report, width: int) -> None:
    """The verdict, the warnings and the signature, wrapped at word boundaries (the signature
    after a ``|``)."""
    sentence = verdict(report.systems)
    lines = [(part, "") for part in wrapped(sentence, width)] if sentence is not None else []
    for note in notes(report):
        lines += [(part, "yellow") for part in wrapped(note, width)]
    lines += [(part, "") for part in signature_lines(report.signature, width)]
    for line, style in lines:
        # markup=False: system names are file names, not rich markup.
        console.print(line, style=style, soft_wrap=True, markup=False)


def _score_grid(report: Report, digits: int) -> Grid:
    cols = columns(report)
    rows = [[cell(c, system, digits=digits) for c in cols] for system in report.systems]
    groups = [len(list(run)) for _, run in groupby(c.group for c in cols[1:])]
    return Grid([c.header for c in cols], rows, consecutive(groups))


def decile_grid(report: Report, digits: int) -> tuple[list[str], Grid] | None:
    """The accuracy by difficulty decile, without the deciles no gold word falls in (their
    accuracy is undefined for every system), which a line above the table names."""
    by_decile = decile_rows(report, digits)
    if by_decile is None:
        return None
    headers, rows = by_decile
    kept = [0] + [i for i in range(1, len(headers)) if any(row[i] != UNDEFINED for row in rows)]
    above = [DECILE_TITLE]
    left_out = [headers[i] for i in range(1, len(headers)) if i not in kept]
    if left_out:
        above.append(f"No gold word in {', '.join(left_out)}: not shown.")
    grid = Grid(
        [headers[i] for i in kept],
        [[row[i] for i in kept] for row in rows],
        consecutive([1] * (len(kept) - 1)),
    )
    return above, grid
