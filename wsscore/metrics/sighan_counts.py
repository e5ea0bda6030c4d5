"""The Perl ``score`` script's own counters, and how exact counts map onto them.

Apart from :mod:`wsscore.metrics.counts` because only the SIGHAN layouts and ``--match diff``
need them (and a dataclass costs start-up time every run would pay).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from wsscore.core.records import Counts


@dataclass
class SighanTotals:
    """The script's counters, for one sentence or summed over a file.

    ``recall_correct`` is the script's ``$RawRecall``, ``precision_correct`` its
    ``$RawPrecision``, ``oov_correct`` is ``$OOV - $OOVMISSED`` and ``iv_correct`` is
    ``$IV - $IVMISSED``. ``oov`` + ``iv`` need not equal ``true_count``: the script classifies the
    gold word as ``diff`` displays it (empty words are not classified, long ones are truncated).
    """

    insertions: int = 0
    deletions: int = 0
    substitutions: int = 0
    true_count: int = 0
    test_count: int = 0
    recall_correct: int = 0
    precision_correct: int = 0
    oov: int = 0
    oov_correct: int = 0
    iv: int = 0
    iv_correct: int = 0

    def __add__(self, other: SighanTotals) -> SighanTotals:
        if not isinstance(other, SighanTotals):
            return NotImplemented
        return SighanTotals(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))


def totals_of(counts: Counts) -> SighanTotals:
    """The script's totals from exact counts (docs/metrics.md §2.3, §7)."""
    return SighanTotals(
        insertions=counts.insertions,
        deletions=counts.deletions,
        substitutions=counts.substitutions,
        true_count=counts.gold_words,
        test_count=counts.pred_words,
        recall_correct=counts.correct,
        precision_correct=counts.correct,
        oov=counts.oov_words,
        oov_correct=counts.oov_correct,
        iv=counts.iv_words,
        iv_correct=counts.iv_correct,
    )
