"""Sentences and Tokens P/R/F as conll18_ud_eval.py reports them (docs/metrics.md §5.12).

Both are a count of spans: precision = correct / predicted, recall = correct / gold, F1 their
harmonic mean (the script's ``2 × correct / (gold + predicted)``). A ratio without a
denominator is undefined (None), where the script prints 0.
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.core.records import SentenceTokenCounts
from wsscore.metrics.scores import f_beta, ratio


class SentenceTokenMetrics(NamedTuple):
    sentences_precision: float | None
    sentences_recall: float | None
    sentences_f1: float | None
    tokens_precision: float | None
    tokens_recall: float | None
    tokens_f1: float | None

    def as_dict(self) -> dict[str, float | None]:
        return self._asdict()


def compute_sentence_tokens(counts: SentenceTokenCounts) -> SentenceTokenMetrics:
    """The P, R and F1 of the sentences and of the tokens."""
    sentences_p = ratio(counts.sentences_correct, counts.sentences_pred)
    sentences_r = ratio(counts.sentences_correct, counts.sentences_gold)
    tokens_p = ratio(counts.tokens_correct, counts.tokens_pred)
    tokens_r = ratio(counts.tokens_correct, counts.tokens_gold)
    return SentenceTokenMetrics(
        sentences_p,
        sentences_r,
        f_beta(sentences_p, sentences_r),
        tokens_p,
        tokens_r,
        f_beta(tokens_p, tokens_r),
    )
