"""Resampling keeps its memory flat: the draws arrive a chunk at a time, the bootstrap keeps
only its figures (8 bytes a sample, in arrays) and the randomization nothing per trial (the
issue: --ci bootstrap --samples 100000000 grew to 6 GB before it failed)."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable

import pytest

from wsscore.metrics.bootstrap import bootstrap_intervals
from wsscore.metrics.significance import approximate_randomization, paired_bootstrap

# Seconds under tracemalloc, which slows every allocation.
pytestmark = pytest.mark.slow

SENTENCES = 6
BASELINE = [(3, 3, 2)] * SENTENCES
SYSTEM = [(3, 4, 1), (3, 3, 3)] * (SENTENCES // 2)


def peak(call: Callable[[], object]) -> int:
    """The most bytes Python held at once during ``call``, beyond what it held before (the
    garbage of earlier calls collected first, so that it is not freed during this one)."""
    gc.collect()
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# Both numbers hold several whole chunks (draws.AT_ONCE), which are the same size in both runs.
FEW, MANY = 9_000, 15_000


def growth(call: Callable[[int], object]) -> int:
    return peak(lambda: call(MANY)) - peak(lambda: call(FEW))


def test_the_bootstrap_keeps_its_figures_alone() -> None:
    columns = zip(*SYSTEM, strict=True)
    gold, pred, correct = (list(column) for column in columns)
    grew = growth(lambda n: bootstrap_intervals(gold, pred, correct, samples=n))
    assert grew < (MANY - FEW) * 3 * 8 * 1.5  # three figures of 8 bytes a sample, and slack


def test_the_paired_bootstrap_keeps_its_differences_alone() -> None:
    grew = growth(lambda n: paired_bootstrap(BASELINE, SYSTEM, samples=n))
    assert grew < (MANY - FEW) * 2 * 8 * 1.5  # two differences of 8 bytes a sample


def test_randomization_keeps_nothing_per_trial() -> None:
    grew = growth(lambda n: approximate_randomization(BASELINE, SYSTEM, trials=n))
    assert grew < 50_000  # nothing but noise: a chunk of trials takes the same in both
