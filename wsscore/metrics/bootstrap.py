"""Bootstrap confidence intervals: resampling sentences with replacement (docs/metrics.md §4).

Resampling works on per-sentence counts (index resampling, no re-scoring of text): each sample
draws as many sentences as there are, with replacement, and sums their counts. The samples
arrive a chunk at a time and only their figures are kept, 8 bytes each (an ``array``), so the
memory a run takes stays flat up to the most samples the ranges allow (wsscore.ranges).
"""

from __future__ import annotations

import heapq
from array import array
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
    below, above, weight = _ranks(fraction, len(ordered))
    return ordered[below] + (ordered[above] - ordered[below]) * weight


def _ranks(fraction: float, count: int) -> tuple[int, int, float]:
    """The ranks (from 0, in ascending order) between which the ``fraction`` percentile of
    ``count`` values falls, and its weight on the upper one."""
    position = fraction * (count - 1)
    below = int(position)
    return below, min(below + 1, count - 1), position - below


def central_interval(values: Sequence[float]) -> tuple[float, float]:
    """The central :data:`CONFIDENCE` percentile interval of ``values`` (not empty): what
    :func:`percentile` gives on them sorted, read from the two tails alone (``heapq`` keeps the
    few ranks each end needs, where a sorted copy would take as much memory again)."""
    count = len(values)
    tail = (1 - CONFIDENCE) / 2
    below, above, weight = _ranks(tail, count)
    smallest = heapq.nsmallest(above + 1, values)
    low = smallest[below] + (smallest[above] - smallest[below]) * weight
    below, above, weight = _ranks(1 - tail, count)
    largest = heapq.nlargest(count - below, values)  # the value of rank r is largest[count-1-r]
    top, next_up = largest[count - 1 - below], largest[count - 1 - above]
    return low, top + (next_up - top) * weight


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
    recalls, precisions, fs = array("d"), array("d"), array("d")
    for sums in resample_sums(columns._asdict(), samples, seed):
        drawn = zip(sums["gold_words"], sums["pred_words"], sums["correct"], strict=True)
        for rp, pp, tp in drawn:
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


def _interval(values: Sequence[float]) -> Interval | None:
    """The central :data:`CONFIDENCE` percentile interval of ``values`` (None if empty)."""
    return Interval(*central_interval(values)) if values else None


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
