"""The one backend boundary: every computation with a C fast path is reached through here.

``WSSCORE_PURE_PYTHON`` (set to anything) is read once, at import: with it, or where the C
speed-ups (``wsscore._speedups``) were not built, every function below runs its plain Python
reference; otherwise the C version, which gives the same results. No other module asks which
backend runs.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from types import ModuleType

from wsscore.core import draws
from wsscore.core.draws import MovedCounts, SwapGroup


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


def _generator_state(seed: int) -> tuple[int, ...]:
    """The Mersenne Twister's words and position in ``random.Random(seed)``, which C draws from."""
    state: tuple[int, ...] = random.Random(seed).getstate()[1]
    return state


def _c_resample_sums(
    columns: Mapping[str, Sequence[int]], samples: int, seed: int
) -> dict[str, list[int]]:
    assert _SPEEDUPS is not None
    lists = [list(column) for column in columns.values()]
    sums: list[list[int]] = _SPEEDUPS.resample_sums(_generator_state(seed), lists, samples)
    return dict(zip(columns, sums, strict=True))


def _c_randomized_moves(groups: Sequence[SwapGroup], trials: int, seed: int) -> list[MovedCounts]:
    assert _SPEEDUPS is not None
    by_field = [
        [group.size for group in groups],
        [group.pred_words for group in groups],
        [group.correct for group in groups],
    ]
    moved: tuple[list[int], list[int]] = _SPEEDUPS.randomized_moves(
        _generator_state(seed), by_field, trials
    )
    return list(map(MovedCounts, *moved))


resample_sums = draws.resample_sums if _SPEEDUPS is None else _c_resample_sums
"""Per named column, its sum in each bootstrap sample: :func:`wsscore.core.draws.resample_sums`."""

randomized_moves = draws.randomized_moves if _SPEEDUPS is None else _c_randomized_moves
"""The counts each randomization trial moves: :func:`wsscore.core.draws.randomized_moves`."""
