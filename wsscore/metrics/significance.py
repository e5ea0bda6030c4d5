"""Paired significance tests between two systems on the same test set (docs/metrics.md §5).

Pure functions of per-sentence counts: no text is re-scored. A sentence is the triple
``(gold_words, pred_words, correct)``: the fields of
:class:`~wsscore.metrics.bootstrap.ResampledColumns`, in their order; :func:`pair` turns two
systems' triples into named :class:`PairedCounts`. ``baseline`` and ``system`` are equally long
sequences of triples, paired by sentence: sentence i of both has the same gold words. The
tests run on columns (:class:`PairedColumns`, one sequence per count): a scorer's records give
them without a Python object per sentence (:func:`paired_bootstrap_of_columns`,
:func:`approximate_randomization_of_columns`).

Two tests, each on F_β (``"f"``) and recall (``"r"``) at once, from one stream of random numbers:

- :func:`paired_bootstrap` (Koehn 2004): resampled test sets, the difference on each, its 95%
  percentile interval, and a p-value from the resampled differences centred on their mean;
- :func:`approximate_randomization` (Noreen 1989; Riezler & Maxwell 2005): each sentence's
  output swapped between the two systems with probability 1/2.

p-values are smoothed as sacrebleu does: p = (c + 1) / (n + 1), never 0, so that a handful of
samples cannot claim more than they can show. Undefined values (no gold or no predicted word)
are None; a sample or trial where a metric is undefined for either system is left out of that
metric's interval and p-value (``samples`` says how many were left).
"""

from __future__ import annotations

import math
import operator
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import NamedTuple

from wsscore.core.backend import randomized_moves, resample_sums
from wsscore.core.draws import SwapGroup
from wsscore.errors import InvalidArgument
from wsscore.metrics.bootstrap import SAMPLES, SEED, ResampledColumns, central_interval
from wsscore.metrics.scores import f_beta, ratio

TRIALS = 10_000
METRICS = ("f", "r")  # F_β and recall; precision is left out: it favours under-splitting
JSON_NAMES = {"f": "f1", "r": "recall"}  # as in the score report's JSON (f1 is F_β there too)
BOOTSTRAP = "paired_bootstrap"
RANDOMIZATION = "approximate_randomization"

Sentence = Sequence[int]


class PairedCounts(NamedTuple):
    """The counts of one sentence (or of a whole test set) for both systems: the gold words,
    shared, and each system's predicted and correct words."""

    gold_words: int = 0
    baseline_pred_words: int = 0
    baseline_correct: int = 0
    system_pred_words: int = 0
    system_correct: int = 0


class PairedColumns(NamedTuple):
    """The fields of :class:`PairedCounts`, one sequence per field and one item per sentence."""

    gold_words: Sequence[int]
    baseline_pred_words: Sequence[int]
    baseline_correct: Sequence[int]
    system_pred_words: Sequence[int]
    system_correct: Sequence[int]


NO_SENTENCES = PairedColumns((), (), (), (), ())


class PairedResult(NamedTuple):
    """One test of one metric: ``system - baseline``, its interval and its p-value.

    ``baseline`` and ``system`` are the metric's values on the whole test set; ``low``/``high``
    bound the 95% interval of the difference (None where the test gives none); ``samples`` is
    the number of bootstrap samples or randomization trials the p-value rests on (those where
    the metric is defined for both systems: normally all of them); ``test`` is
    ``"paired_bootstrap"`` or ``"approximate_randomization"``.
    """

    metric: str
    baseline: float | None
    system: float | None
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None
    samples: int
    test: str

    def as_dict(self) -> dict[str, object]:
        """The JSON object; ``metric`` is spelled as in the score report (``f1``, ``recall``)."""
        return {
            "metric": JSON_NAMES.get(self.metric, self.metric),
            "baseline": self.baseline,
            "system": self.system,
            "difference": self.difference,
            "ci_low": self.low,
            "ci_high": self.high,
            "p_value": self.p_value,
            "samples": self.samples,
            "test": self.test,
        }


def metric_values(
    gold_words: int, pred_words: int, correct: int, beta: float = 1.0
) -> tuple[float | None, float | None]:
    """(F_β, R) of summed counts, in :data:`METRICS` order.

    Observed values and every sample or trial go through this one function, so equal totals
    give bit-for-bit equal values: the tests' ``>=`` then counts exact ties as ties.
    """
    recall = ratio(correct, gold_words)
    return f_beta(ratio(correct, pred_words), recall, beta), recall


def pair(baseline: Sequence[Sentence], system: Sequence[Sentence]) -> list[PairedCounts]:
    """The sentences of both systems side by side; ValueError if they are not paired."""
    return list(map(PairedCounts, *pair_columns(_columns(baseline), _columns(system))))


def _columns(sentences: Sequence[Sentence]) -> ResampledColumns:
    """The triples of one system as its three columns."""
    if not sentences:
        return ResampledColumns((), (), ())
    gold_words, pred_words, correct = zip(*sentences, strict=True)
    return ResampledColumns(gold_words, pred_words, correct)


def pair_columns(baseline: ResampledColumns, system: ResampledColumns) -> PairedColumns:
    """Both systems' columns side by side; ValueError if they are not paired (the same number
    of sentences, each with the same gold words on both sides, no count negative)."""
    if len(baseline.gold_words) != len(system.gold_words):
        raise InvalidArgument(
            f"the baseline has {len(baseline.gold_words)} sentences and the system "
            f"{len(system.gold_words)}: paired tests need the same sentences"
        )
    if not baseline.gold_words:
        return NO_SENTENCES
    rp, other_rp = baseline.gold_words, system.gold_words
    if any(map(operator.ne, rp, other_rp)):
        index = next(i for i, (a, b) in enumerate(zip(rp, other_rp, strict=True)) if a != b)
        raise InvalidArgument(
            f"sentence {index}: {rp[index]} gold words for the baseline, {other_rp[index]} for "
            "the system: paired tests need the same gold sentences"
        )
    paired = PairedColumns(rp, *baseline[1:], *system[1:])
    if min(map(min, paired)) < 0:
        # Counts are never negative; the bootstrap's packing relies on it.
        index = next(i for i, counts in enumerate(zip(*paired, strict=True)) if min(counts) < 0)
        raise InvalidArgument(f"sentence {index}: negative counts {_sentence(paired, index)}")
    return paired


def _sentence(paired: PairedColumns, index: int) -> PairedCounts:
    return PairedCounts(*(column[index] for column in paired))


def _totals(paired: PairedColumns) -> PairedCounts:
    return PairedCounts(*map(sum, paired))


def _side_by_side(totals: PairedCounts, beta: float) -> list[tuple[float | None, float | None]]:
    """(baseline's value, system's value) of each metric in :data:`METRICS` order."""
    return list(zip(*_metric_values_of_both(totals, beta), strict=True))


def _metric_values_of_both(
    totals: PairedCounts, beta: float
) -> tuple[tuple[float | None, float | None], tuple[float | None, float | None]]:
    """The baseline's and the system's :func:`metric_values` from their summed counts."""
    gold = totals.gold_words
    baseline = metric_values(gold, totals.baseline_pred_words, totals.baseline_correct, beta)
    system = metric_values(gold, totals.system_pred_words, totals.system_correct, beta)
    return baseline, system


def _difference(base: float | None, other: float | None) -> float | None:
    return None if base is None or other is None else other - base


def _p_value(hits: int, n: int) -> float:
    """sacrebleu's smoothing: the observed data count as one more sample."""
    return (hits + 1) / (n + 1)


# --- paired bootstrap ---------------------------------------------------------------------------


def paired_bootstrap(
    baseline: Sequence[Sentence],
    system: Sequence[Sentence],
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
    beta: float = 1.0,
) -> dict[str, PairedResult]:
    """Koehn's (2004) paired bootstrap resampling, for F_β and recall: ``{"f": …, "r": …}``.

    Each sample draws as many sentences as there are, with replacement, the same ones for both
    systems (``random.Random(seed).choices``, as
    :func:`~wsscore.metrics.bootstrap.bootstrap_intervals` draws them for the same sentences and
    seed),
    and takes δ* = metric(system) − metric(baseline) on their summed counts.

    - interval: the 2.5% and 97.5% percentiles of δ*;
    - p-value (two-sided): the null distribution is δ* centred on its mean, as in sacrebleu
      and Moses; c counts the samples with |δ*ᵢ − mean(δ*)| ≥ |δ| (δ the observed difference)
      and p = (c + 1)/(n + 1). sacrebleu counts ``>`` instead: with ``>=``, a system identical
      to the baseline (every δ*ᵢ = δ = 0) gets p = 1, not p = 1/(n + 1), which would call two
      equal systems significantly different.
    """
    return paired_bootstrap_of_columns(
        _columns(baseline), _columns(system), samples=samples, seed=seed, beta=beta
    )


def paired_bootstrap_of_columns(
    baseline: ResampledColumns,
    system: ResampledColumns,
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
    beta: float = 1.0,
) -> dict[str, PairedResult]:
    """:func:`paired_bootstrap` of the two systems' columns: the same draws and results."""
    paired = pair_columns(baseline, system)
    observed = _side_by_side(_totals(paired), beta)
    differences = (
        _bootstrap_differences(paired, samples, seed, beta)
        if paired.gold_words
        else (array("d"), array("d"))
    )
    return {
        metric: _bootstrap_result(metric, base, other, deltas)
        for metric, (base, other), deltas in zip(METRICS, observed, differences, strict=True)
    }


def _bootstrap_differences(
    paired: PairedColumns, samples: int, seed: int, beta: float
) -> tuple[array[float], array[float]]:
    """δ* of F_β and of recall for each sample where they are defined."""
    chunks = resample_sums(paired._asdict(), samples, seed)
    totals = (
        PairedCounts(*counts)
        for sums in chunks
        for counts in zip(*(sums[name] for name in PairedColumns._fields), strict=True)
    )
    return _deltas(totals, beta)


def _deltas(samples: Iterable[PairedCounts], beta: float) -> tuple[array[float], array[float]]:
    """δ* of F_β and of recall from each sample's summed counts, 8 bytes each."""
    f_deltas, r_deltas = array("d"), array("d")
    for totals in samples:
        (base_f, base_r), (f, r) = _metric_values_of_both(totals, beta)
        if base_f is not None and f is not None:
            f_deltas.append(f - base_f)
        if base_r is not None and r is not None:
            r_deltas.append(r - base_r)
    return f_deltas, r_deltas


def _bootstrap_result(
    metric: str, base: float | None, other: float | None, deltas: Sequence[float]
) -> PairedResult:
    difference = _difference(base, other)
    low = high = p_value = None
    if deltas:
        low, high = central_interval(deltas)
        if difference is not None:
            mean = math.fsum(deltas) / len(deltas)
            threshold = abs(difference)
            hits = sum(1 for delta in deltas if abs(delta - mean) >= threshold)
            p_value = _p_value(hits, len(deltas))
    return PairedResult(metric, base, other, difference, low, high, p_value, len(deltas), BOOTSTRAP)


# --- approximate randomization ------------------------------------------------------------------


def approximate_randomization(
    baseline: Sequence[Sentence],
    system: Sequence[Sentence],
    *,
    trials: int = TRIALS,
    seed: int = SEED,
    beta: float = 1.0,
) -> dict[str, PairedResult]:
    """Approximate randomization, for F_β and recall: ``{"f": …, "r": …}``.

    In each trial every sentence's output is swapped between the two systems with probability
    1/2, giving A' and B'; the statistic is |metric(A') − metric(B')|, c counts the trials where
    it is ≥ |δ| (δ the observed difference; the identity is one of the swaps, so exact ties
    count) and p = (c + 1)/(trials + 1). A system identical to the baseline gets p = 1.

    No interval: randomization tests a null hypothesis and estimates nothing, so ``low`` and
    ``high`` are None (the paired bootstrap's interval is the one to report).

    Only sentences whose counts differ matter, and swapping sentence i adds B_i − A_i to A's
    totals (and takes it from B's). Sentences are grouped by that difference (ΔPP, ΔTP) — RP is
    the same for both — and for a group of k the number swapped, Binomial(k, 1/2), is drawn
    exactly as the number of set bits in ``getrandbits(k)``: one bit per sentence, as if each
    were swapped on its own. A trial costs O(number of distinct differences), not O(sentences).
    """
    return approximate_randomization_of_columns(
        _columns(baseline), _columns(system), trials=trials, seed=seed, beta=beta
    )


def approximate_randomization_of_columns(
    baseline: ResampledColumns,
    system: ResampledColumns,
    *,
    trials: int = TRIALS,
    seed: int = SEED,
    beta: float = 1.0,
) -> dict[str, PairedResult]:
    """:func:`approximate_randomization` of the two systems' columns: the same draws and
    results."""
    paired = pair_columns(baseline, system)
    observed = _side_by_side(_totals(paired), beta)
    thresholds = [
        None if (difference := _difference(base, other)) is None else abs(difference)
        for base, other in observed
    ]
    hits = [0] * len(METRICS)
    defined = [0] * len(METRICS)
    for totals in _randomized_totals(paired, trials, seed):
        for index, (base, other) in enumerate(_side_by_side(totals, beta)):
            if base is None or other is None:
                continue
            defined[index] += 1
            threshold = thresholds[index]
            if threshold is not None and abs(other - base) >= threshold:
                hits[index] += 1
    results = {}
    for index, metric in enumerate(METRICS):
        base, other = observed[index]
        p_value = None
        if thresholds[index] is not None and defined[index]:
            p_value = _p_value(hits[index], defined[index])
        results[metric] = PairedResult(
            metric,
            base,
            other,
            _difference(base, other),
            None,
            None,
            p_value,
            defined[index],
            RANDOMIZATION,
        )
    return results


def difference_groups(pairs: Sequence[PairedCounts]) -> list[SwapGroup]:
    """The sentences whose counts differ, grouped by their difference (system minus baseline),
    in order of first appearance (so that a seed always draws the same trials)."""
    return _difference_groups(_paired_columns(pairs))


def _paired_columns(pairs: Sequence[PairedCounts]) -> PairedColumns:
    return PairedColumns(*zip(*pairs, strict=True)) if pairs else NO_SENTENCES


def _difference_groups(paired: PairedColumns) -> list[SwapGroup]:
    sentences = zip(
        paired.baseline_pred_words,
        paired.baseline_correct,
        paired.system_pred_words,
        paired.system_correct,
        strict=True,
    )
    groups = Counter(
        (pred_words - base_pred_words, correct - base_correct)
        for base_pred_words, base_correct, pred_words, correct in sentences
        if pred_words != base_pred_words or correct != base_correct
    )
    return [SwapGroup(size, pred_words, correct) for (pred_words, correct), size in groups.items()]


def randomized_totals(
    pairs: Sequence[PairedCounts], trials: int, seed: int
) -> Iterator[PairedCounts]:
    """The summed counts of each randomization trial, after its swaps.

    Random numbers are drawn group by group in :func:`difference_groups` order,
    ``getrandbits(k)`` per group of k sentences.
    """
    return _randomized_totals(_paired_columns(pairs), trials, seed)


def _randomized_totals(paired: PairedColumns, trials: int, seed: int) -> Iterator[PairedCounts]:
    totals = _totals(paired)
    for moved in chain.from_iterable(randomized_moves(_difference_groups(paired), trials, seed)):
        yield totals._replace(
            baseline_pred_words=totals.baseline_pred_words + moved.pred_words,
            baseline_correct=totals.baseline_correct + moved.correct,
            system_pred_words=totals.system_pred_words - moved.pred_words,
            system_correct=totals.system_correct - moved.correct,
        )
