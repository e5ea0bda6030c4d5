"""The one backend boundary: every computation with a C fast path is reached through here.

``WSSCORE_PURE_PYTHON`` (set to anything) is read once, at import: with it, or where the C
speed-ups (``wsscore._speedups``) were not built, every function below runs its plain Python
reference; otherwise the C version, which gives the same results. No other module asks which
backend runs.
"""

from __future__ import annotations

import os
from types import ModuleType


def _load_speedups() -> ModuleType | None:
    if os.environ.get("WSSCORE_PURE_PYTHON"):
        return None
    try:
        from wsscore import _speedups
    except ImportError:  # not compiled: no C compiler at install time
        return None
    return _speedups


_SPEEDUPS = _load_speedups()
NAME = "python" if _SPEEDUPS is None else "c"
"""Which backend runs: ``"c"`` or ``"python"``."""

# --- counting ---------------------------------------------------------------------------------

# --- resampling draws -------------------------------------------------------------------------
