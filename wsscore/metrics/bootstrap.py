"""Bootstrap confidence intervals: resampling sentences with replacement (docs/metrics.md §4).

Resampling works on per-sentence counts (index resampling, no re-scoring of text): each sample
draws as many sentences as there are, with replacement, and sums their counts.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from wsscore import native
from wsscore.metrics.scores import Interval, Metrics, f_beta

SAMPLES = 1000
SEED = 12345
CONFIDENCE = 0.95


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """Linear interpolation between the closest ranks (numpy's default percentile)."""
    position = fraction * (len(ordered) - 1)
    below = int(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def resampled_sums(columns: Sequence[Sequence[int]], samples: int, seed: int) -> list[list[int]]:
    """Per column, its sum over the sentences each sample draws: ``samples`` times as many
    sentences as there are, with replacement, drawn by ``random.Random(seed).choices``.

    The C speed-ups draw the very same indices (they run Python's generator from its state and
    turn each double into an index as ``choices`` does), about ten times faster; the first use
    checks that on a small case, and a Python whose ``choices`` draws otherwise keeps this path.
    """
    if native_draws_agree():
        assert native.resample_sums is not None
        state = random.Random(seed).getstate()[1]
        return native.resample_sums(state, [list(column) for column in columns], samples)
    return _python_sums(columns, samples, seed)


def _python_sums(columns: Sequence[Sequence[int]], samples: int, seed: int) -> list[list[int]]:
    draw = random.Random(seed).choices
    population = range(len(columns[0]))
    sums: list[list[int]] = [[] for _ in columns]
    for _ in range(samples):
        picked = draw(population, k=len(population))
        for column, column_sums in zip(columns, sums, strict=True):
            column_sums.append(sum(map(column.__getitem__, picked)))
    return sums


@functools.cache
def native_draws_agree() -> bool:
    if native.resample_sums is None:
        return False
    probe = [[3, 1, 4, 1, 5, 9, 2], [2, 7, 1, 8, 2, 8, 1]]
    return bool(
        native.resample_sums(random.Random(7).getstate()[1], probe, 3) == _python_sums(probe, 3, 7)
    )


def bootstrap_intervals(
    gold_words: Sequence[int],
    pred_words: Sequence[int],
    correct: Sequence[int],
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
    beta: float = 1.0,
) -> tuple[Interval | None, Interval | None, Interval | None]:
    """95% percentile intervals of R, P and F_β from per-sentence counts (None if undefined).

    A sample whose ratio is undefined (no gold or no predicted word drawn) is left out of that
    ratio's interval.
    """
    sentences = len(gold_words)
    if sentences == 0 or samples < 1:
        return None, None, None
    recalls: list[float] = []
    precisions: list[float] = []
    fs: list[float] = []
    sums = resampled_sums([gold_words, pred_words, correct], samples, seed)
    for rp, pp, tp in zip(*sums, strict=True):
        recall = tp / rp if rp else None
        precision = tp / pp if pp else None
        if recall is not None:
            recalls.append(recall)
        if precision is not None:
            precisions.append(precision)
        f = f_beta(precision, recall, beta)
        if f is not None:
            fs.append(f)
    tail = (1 - CONFIDENCE) / 2
    return tuple(  # type: ignore[return-value]
        Interval(percentile(values, tail), percentile(values, 1 - tail)) if values else None
        for values in map(sorted, (recalls, precisions, fs))
    )


def with_bootstrap(
    metrics: Metrics, sentences: Sequence[Sequence[int]], samples: int, seed: int
) -> Metrics:
    """``metrics`` with bootstrap intervals for R, P and F from per-sentence counts
    (RP, PP, TP first, as in Counts)."""
    columns = tuple([counts[k] for counts in sentences] for k in range(3))
    return with_bootstrap_of_columns(metrics, columns, samples, seed)  # type: ignore[arg-type]


def with_bootstrap_of_columns(
    metrics: Metrics,
    columns: tuple[Sequence[int], Sequence[int], Sequence[int]],
    samples: int,
    seed: int,
) -> Metrics:
    """As :func:`with_bootstrap`, from the per-sentence RP, PP and TP as three columns."""
    recall_ci, precision_ci, f_ci = bootstrap_intervals(
        *columns, samples=samples, seed=seed, beta=metrics.beta
    )
    return metrics._replace(recall_ci=recall_ci, precision_ci=precision_ci, f_ci=f_ci)
