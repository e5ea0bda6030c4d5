"""Metrics as pure functions of counts (docs/metrics.md §3-4). Undefined values are None.

F is F_β, with β = 1 unless ``beta`` says otherwise: :class:`Metrics` calls it ``f`` and also
``f1``, the JSON's name for it (and ``f1_ci`` beside ``f_ci``), so that code written against
either reads the same figure.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from wsscore.core.records import Counts
from wsscore.errors import InvalidArgument

CI_METHODS = ("bakeoff", "wilson", "bootstrap", "none")
WILSON_Z = 1.959963984540054  # the 97.5% quantile of the standard normal: a 95% interval


def ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def f_beta(precision: float | None, recall: float | None, beta: float = 1.0) -> float | None:
    """F_β = (1 + β²)PR / (β²P + R); 0 when P + R = 0, None when P or R is undefined."""
    if precision is None or recall is None:
        return None
    beta2 = beta * beta
    denominator = beta2 * precision + recall
    return (1 + beta2) * precision * recall / denominator if denominator else 0.0


class Interval(NamedTuple):
    """A confidence interval; ``half_width`` is set for the symmetric bakeoff interval."""

    low: float
    high: float
    half_width: float | None = None

    def as_dict(self) -> dict[str, float | None]:
        return {"low": self.low, "high": self.high, "half_width": self.half_width}


def bakeoff_interval(p: float | None, n: int) -> Interval | None:
    """Sproat & Emerson (2003): p ± 2·sqrt(p(1−p)/n), n the gold word count for R and P alike."""
    if p is None or n <= 0:
        return None
    half = 2 * math.sqrt(p * (1 - p) / n)
    return Interval(p - half, p + half, half)


def wilson_interval(successes: int, n: int, z: float = WILSON_Z) -> Interval | None:
    """The Wilson score interval for a binomial proportion."""
    if n <= 0:
        return None
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


class Metrics(NamedTuple):
    r"""A system's figures (docs/metrics.md §3-4); None where a figure is undefined.

    ``f`` is F_β with the ``beta`` it was computed with (1 unless asked otherwise, so F1);
    ``f1`` is the same number under the JSON's name, and ``f1_ci`` the same as ``f_ci`` (only
    the bootstrap gives F an interval). The interval fields are :class:`Interval`\ s, or None
    with ``ci="none"`` and for F without the bootstrap.
    """

    recall: float | None
    precision: float | None
    f: float | None
    oov_rate: float | None
    oov_recall: float | None
    iv_recall: float | None
    recall_ci: Interval | None
    precision_ci: Interval | None
    beta: float = 1.0
    f_ci: Interval | None = None  # only the bootstrap gives one

    @property
    def f1(self) -> float | None:
        """F_β, as the JSON calls it: the same number as ``f`` (β = ``beta``, 1 by default)."""
        return self.f

    @property
    def f1_ci(self) -> Interval | None:
        """The interval of F_β under the JSON's name: the same as ``f_ci``."""
        return self.f_ci

    def as_dict(self) -> dict[str, object]:
        """The JSON ``metrics`` object; ``f1`` is F_β (β = 1 unless --beta says otherwise)."""
        return {
            "recall": self.recall,
            "precision": self.precision,
            "f1": self.f,
            "beta": self.beta,
            "oov_rate": self.oov_rate,
            "oov_recall": self.oov_recall,
            "iv_recall": self.iv_recall,
            "recall_ci": self.recall_ci.as_dict() if self.recall_ci else None,
            "precision_ci": self.precision_ci.as_dict() if self.precision_ci else None,
            "f1_ci": self.f_ci.as_dict() if self.f_ci else None,
        }


def compute(
    counts: Counts, *, has_dictionary: bool, ci: str = "bakeoff", beta: float = 1.0
) -> Metrics:
    recall = ratio(counts.correct, counts.gold_words)
    precision = ratio(counts.correct, counts.pred_words)
    if ci == "bakeoff":
        recall_ci = bakeoff_interval(recall, counts.gold_words)
        precision_ci = bakeoff_interval(precision, counts.gold_words)
    elif ci == "wilson":
        recall_ci = wilson_interval(counts.correct, counts.gold_words)
        precision_ci = wilson_interval(counts.correct, counts.pred_words)
    elif ci in ("none", "bootstrap"):  # the bootstrap needs the sentences: see scoring.py
        recall_ci = precision_ci = None
    else:
        raise InvalidArgument(f"unknown interval method {ci!r}")
    if has_dictionary:
        oov_rate = ratio(counts.oov_words, counts.gold_words)
        oov_recall = ratio(counts.oov_correct, counts.oov_words)
        iv_recall = ratio(counts.iv_correct, counts.iv_words)
    else:
        oov_rate = oov_recall = iv_recall = None
    return Metrics(
        recall,
        precision,
        f_beta(precision, recall, beta),
        oov_rate,
        oov_recall,
        iv_recall,
        recall_ci,
        precision_ci,
        beta,
    )
