"""JSON: the documented schema (keys are a contract), full precision, null for undefined."""

from __future__ import annotations

from ..ranking import not_significantly_different
from ..scoring import Report
from .json_text import to_json


def render_json(report: Report) -> str:
    data = report.as_dict()
    # The bakeoff verdict (metrics.md §4): pairs in table order, [] when every pair differs (or
    # there is no pair), null when intervals are missing and no verdict can be given.
    pairs = not_significantly_different(report.systems)
    data["not_significantly_different"] = (
        None if pairs is None else [[higher, lower] for higher, lower in pairs]
    )
    data["options"] = {
        "ci": report.ci,
        "beta": report.beta,
        "mismatch": report.mismatch,
        "match": report.match,
    }
    data["warnings"] = report.warnings
    return to_json(data)
