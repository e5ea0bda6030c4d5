"""JSON text that every reader accepts: UTF-8, no NaN or Infinity, whatever the data holds.

File names are bytes to the system: one that is not valid UTF-8 reaches Python with its odd
bytes as lone surrogates (U+DC80..U+DCFF), which cannot be written as UTF-8. They are written
as JSON escapes (``\\udcff``), so the document stays valid UTF-8 and Python's ``json`` reads
the name back exactly (``os.fsencode`` then gives the original bytes).
"""

from __future__ import annotations

import json
import math
import re

_SURROGATE = re.compile("[\ud800-\udfff]")


def to_json(data: object) -> str:
    """The document, indented, with a final line feed; undefined numbers are null."""
    text = json.dumps(_finite(data), ensure_ascii=False, indent=2, allow_nan=False)
    return _SURROGATE.sub(_escaped, text) + "\n"


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def _finite(value: object) -> object:
    """``value`` with every NaN or infinite float replaced by None (an undefined figure)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value
