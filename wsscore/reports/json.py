"""JSON: the documented schema (keys are a contract), full precision, null for undefined."""

from __future__ import annotations

import json

from ..ranking import not_significantly_different
from ..scoring import Report


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
    # allow_nan=False: a NaN would be invalid JSON; every undefined value must already be None.
    return json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
