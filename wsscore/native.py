"""The C speed-ups' random draws (``wsscore._speedups``), or None where they are not built.

What is left of this module until the draws go through :mod:`wsscore.core.backend` too: the
counting already does. Setting ``WSSCORE_PURE_PYTHON`` (to anything) turns them off.
"""

from __future__ import annotations

import os

try:
    if os.environ.get("WSSCORE_PURE_PYTHON"):
        raise ImportError("turned off by WSSCORE_PURE_PYTHON")
    from wsscore._speedups import randomized_moves, resample_sums
except ImportError:  # not compiled (no C compiler at install time), or turned off
    randomized_moves = resample_sums = None  # type: ignore[assignment]
