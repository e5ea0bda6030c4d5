"""JSON: the report's own document (:meth:`Report.as_dict`), as text every reader accepts."""

from __future__ import annotations

from wsscore.output.json_text import to_json
from wsscore.results import Report


def render_json(report: Report) -> str:
    return to_json(report.as_dict())
