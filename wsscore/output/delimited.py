"""TSV and CSV: the table's columns at full precision (or rounded to ``--digits`` decimals,
intervals to one more), one row per system."""

from __future__ import annotations

import csv
import io

from wsscore.formatting import interval_digits
from wsscore.metrics.difficulty import deciles
from wsscore.metrics.scores import Interval
from wsscore.output.columns import columns
from wsscore.results import Report


def _plain(value: object, digits: int | None) -> object:
    """A cell: a float at full precision (repr), or with ``digits`` decimals when given."""
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value) if digits is None else f"{value:.{digits}f}"
    return value


def render_delimited(report: Report, delimiter: str, digits: int | None = None) -> str:
    cols = columns(report)
    # The bounds of R and P beside their columns (a convention without them has none).
    has_ci = report.ci != "none" and any(c.kind == "interval" for c in cols)
    headers = [c.header for c in cols]
    if has_ci:
        headers += ["R_low", "R_high", "P_low", "P_high"]
    weighted = any(system.weighted is not None for system in report.systems)
    if weighted:
        headers += [f"accuracy_{k / 10:.1f}-{(k + 1) / 10:.1f}" for k in range(10)]
    headers.append("signature")
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(headers)
    bounds = None if digits is None else interval_digits(digits)
    for system in report.systems:
        row = []
        for column in cols:
            value = column.value(system)
            if isinstance(value, Interval):
                value = (
                    value.half_width
                    if value.half_width is not None
                    else (value.high - value.low) / 2
                )
                row.append(_plain(value, bounds))
            else:
                row.append(_plain(value, digits))
        if has_ci:
            for interval in (system.metrics.recall_ci, system.metrics.precision_ci):
                if interval is None:
                    row += ["", ""]
                else:
                    row += [_plain(interval.low, bounds), _plain(interval.high, bounds)]
        if weighted:
            found = deciles(system.weighted) if system.weighted is not None else [None] * 10
            row += [_plain(d.accuracy if d is not None else None, digits) for d in found]
        row.append(report.signature)
        writer.writerow(row)
    return buffer.getvalue()
