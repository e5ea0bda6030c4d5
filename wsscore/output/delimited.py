"""TSV and CSV: a command's data table, every value exact, for spreadsheets and data frames."""

from __future__ import annotations

import csv
import io

from wsscore.output.tables import Table


def plain(value: object, digits: int | None = None) -> str:
    """A value as a delimited cell: empty for None, a float at full precision (repr), or with
    ``digits`` decimals when given."""
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value) if digits is None else f"{value:.{digits}f}"
    return str(value)


def render_delimited(table: Table, delimiter: str) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(table.headers())
    writer.writerows(table.texts())
    return buffer.getvalue()
