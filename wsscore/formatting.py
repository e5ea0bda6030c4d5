"""Text helpers shared by every layer: how a text, its characters and numbers are shown.

A bottom-layer module (beside :mod:`wsscore.errors`): messages raised deep in the aligner and
the tables of the output format the same text the same way.
"""

from __future__ import annotations

import re

# --- shown text and code points -------------------------------------------------------------

# Differing texts of at most this many characters on both sides are shown with code points.
LOOK_ALIKE = 4

_KEPT_BYTE = re.compile(r"\\udc([89a-f][0-9a-f])")


def code_points(text: str) -> str:
    """``U+00E9``-style code points of a text; a byte kept undecoded is ``byte 0xFF``."""
    return " ".join(
        f"byte 0x{ord(char) - 0xDC00:02X}" if "\udc80" <= char <= "\udcff" else f"U+{ord(char):04X}"
        for char in text
    )


def shown(text: str) -> str:
    """``repr`` of a text, with bytes kept undecoded shown as ``\\xNN`` rather than ``\\udcNN``."""
    return _KEPT_BYTE.sub(r"\\x\1", repr(text))
