"""The rich table shown on a terminal."""

from __future__ import annotations

import io

from ..scoring import Report
from .columns import cell, columns, notes


def render_table(report: Report, *, color: bool = False, width: int | None = None) -> str:
    from rich.console import Console
    from rich.table import Table

    table = Table(caption=f"signature: {report.signature}", caption_justify="left")
    for column in columns(report):
        if column.kind == "name":
            table.add_column(column.header, style="bold", no_wrap=True)
        else:
            table.add_column(column.header, justify="right", no_wrap=True)
    cols = columns(report)
    for system in report.systems:
        table.add_row(*(cell(c, system) for c in cols))
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        force_terminal=color,
        no_color=not color,
        width=width or 120,
        highlight=False,
    )
    console.print(table)
    for note in notes(report):
        console.print(note, style="yellow")
    return buffer.getvalue()
