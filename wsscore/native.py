"""The optional C speed-ups (``wsscore._speedups``), or None where they are not built.

wsscore gives the same numbers with or without them; the tests run both. Setting the
environment variable ``WSSCORE_PURE_PYTHON`` (to anything) turns them off.
"""

from __future__ import annotations

import os

try:
    if os.environ.get("WSSCORE_PURE_PYTHON"):
        raise ImportError("turned off by WSSCORE_PURE_PYTHON")
    from wsscore._speedups import (
        Vocabulary,
        count_block,
        count_lines,
        count_words,
        randomized_moves,
        resample_sums,
    )
except ImportError:  # not compiled (no C compiler at install time), or turned off
    Vocabulary = count_block = count_lines = count_words = randomized_moves = None
    resample_sums = None

AVAILABLE = count_block is not None
