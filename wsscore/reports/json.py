"""JSON: the documented schema (keys are a contract), full precision, null for undefined."""

from __future__ import annotations

import json

from ..scoring import Report


def render_json(report: Report) -> str:
    data = report.as_dict()
    data["options"] = {
        "ci": report.ci,
        "beta": report.beta,
        "mismatch": report.mismatch,
        "match": report.match,
    }
    data["warnings"] = report.warnings
    # allow_nan=False: a NaN would be invalid JSON; every undefined value must already be None.
    return json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
