"""Bootstrap confidence intervals: resampling sentences with replacement (docs/metrics.md §4).

Resampling works on per-sentence counts (index resampling, no re-scoring of text): each sample
draws as many sentences as there are, with replacement, and sums their counts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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
    draw = random.Random(seed).choices
    population = range(sentences)
    recalls: list[float] = []
    precisions: list[float] = []
    fs: list[float] = []
    for _ in range(samples):
        picked = draw(population, k=sentences)
        rp = sum(map(gold_words.__getitem__, picked))
        pp = sum(map(pred_words.__getitem__, picked))
        tp = sum(map(correct.__getitem__, picked))
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
    recall_ci, precision_ci, f_ci = bootstrap_intervals(
        [counts[0] for counts in sentences],
        [counts[1] for counts in sentences],
        [counts[2] for counts in sentences],
        samples=samples,
        seed=seed,
        beta=metrics.beta,
    )
    return metrics._replace(recall_ci=recall_ci, precision_ci=precision_ci, f_ci=f_ci)
