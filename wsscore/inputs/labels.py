"""A system's label (``--name``, a suite manifest's system and corpus names) heads a row or a
column of every report. A tab or a line break in it would break the text and markdown tables
(and shift the fields of a tab-separated line), while JSON and CSV would keep it: rather than
escape it differently per format, it is refused, the same for every command and format.
"""

from __future__ import annotations

from wsscore.core.patterns import LazyPattern
from wsscore.errors import InvalidArgument

# Control characters (tab and line feed among them) and the other line breaks str.splitlines knows.
_BREAKING = LazyPattern("[\x00-\x1f\x7f\x85\u2028\u2029]")
_NAMED = {"\t": "a tab", "\n": "a line feed", "\r": "a carriage return"}
LABEL_HINT = "a label is one line of text: remove the tab or line break"


def label_flaw(label: str) -> str | None:
    """What a label holds that no table can show (``a tab``…), or None when it is fine."""
    found = _BREAKING.search(label)
    if found is None:
        return None
    char = found.group()
    return _NAMED.get(char) or f"the control character U+{ord(char):04X}"


def refuse_breaking_label(label: str | None, option: str = "--name") -> None:
    """An :class:`InvalidArgument` (one line, exit 2) for a label with a tab or line break."""
    flaw = None if label is None else label_flaw(label)
    if label is not None and flaw is not None:
        raise InvalidArgument(f"{option} {label!r} holds {flaw}", hint=LABEL_HINT)
