"""Bootstrap confidence intervals: resampling sentences with replacement (docs/metrics.md §4).

Resampling works on per-sentence counts (index resampling, no re-scoring of text): each sample
draws as many sentences as there are, with replacement, and sums their counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from wsscore.core.backend import resample_sums
from wsscore.core.records import SentenceRecords
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


class ResampledColumns(NamedTuple):
    """The per-sentence counts that the bootstrap resamples: one sequence per count, one item
    per sentence."""

    gold_words: Sequence[int]
    pred_words: Sequence[int]
    correct: Sequence[int]

    @classmethod
    def of_records(cls, records: SentenceRecords) -> ResampledColumns:
        """The columns of packed records, read by the names that Counts gives them too."""
        return cls(*records.columns(*cls._fields))


class Intervals(NamedTuple):
    """The bootstrap intervals of recall, precision and F_β (None where undefined)."""

    recall: Interval | None
    precision: Interval | None
    f: Interval | None


NO_INTERVALS = Intervals(None, None, None)


def bootstrap_intervals(
    gold_words: Sequence[int],
    pred_words: Sequence[int],
    correct: Sequence[int],
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
    beta: float = 1.0,
) -> Intervals:
    """95% percentile intervals of R, P and F_β from per-sentence counts (None if undefined).

    A sample whose ratio is undefined (no gold or no predicted word drawn) is left out of that
    ratio's interval.
    """
    if not gold_words or samples < 1:
        return NO_INTERVALS
    columns = ResampledColumns(gold_words, pred_words, correct)
    sums = resample_sums(columns._asdict(), samples, seed)
    recalls: list[float] = []
    precisions: list[float] = []
    fs: list[float] = []
    for rp, pp, tp in zip(sums["gold_words"], sums["pred_words"], sums["correct"], strict=True):
        recall = tp / rp if rp else None
        precision = tp / pp if pp else None
        if recall is not None:
            recalls.append(recall)
        if precision is not None:
            precisions.append(precision)
        f = f_beta(precision, recall, beta)
        if f is not None:
            fs.append(f)
    return Intervals(_interval(recalls), _interval(precisions), _interval(fs))


def _interval(values: list[float]) -> Interval | None:
    """The central :data:`CONFIDENCE` percentile interval of ``values`` (None if empty)."""
    if not values:
        return None
    ordered = sorted(values)
    tail = (1 - CONFIDENCE) / 2
    return Interval(percentile(ordered, tail), percentile(ordered, 1 - tail))


def with_bootstrap(metrics: Metrics, columns: ResampledColumns, samples: int, seed: int) -> Metrics:
    """``metrics`` with bootstrap intervals for R, P and F from per-sentence counts."""
    intervals = bootstrap_intervals(
        columns.gold_words,
        columns.pred_words,
        columns.correct,
        samples=samples,
        seed=seed,
        beta=metrics.beta,
    )
    return metrics._replace(
        recall_ci=intervals.recall, precision_ci=intervals.precision, f_ci=intervals.f
    )
