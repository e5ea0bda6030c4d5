"""Counting correct words, OOV and S/I/D from explicit spans (docs/metrics.md §1-2), for the
parts of a file where the characters differ.

Where both sides hold the same characters the counts come from :mod:`wsscore.core.backend`
instead (the C speed-ups, or the plain reference :mod:`wsscore.core.reference`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from itertools import accumulate, compress, count, filterfalse

from wsscore.core.records import Counts
from wsscore.core.reference import substitutions as substitutions  # scoring.multiword's S

Span = tuple[int, int]


def boundaries(word_lengths: Iterable[int]) -> list[int]:
    """Offsets 0, e1, e2, … of the word ends, from the words' lengths."""
    return list(accumulate(word_lengths, initial=0))


def oov_words(words: list[str], dictionary: AbstractSet[str]) -> list[int]:
    """Indices of the words not in ``dictionary``.

    The word types are looked up first: few of them are unknown, and the per-word pass then
    probes a small set (the words' hashes are cached by the first pass) instead of the large
    dictionary.
    """
    unknown = set(filterfalse(dictionary.__contains__, set(words)))
    if not unknown:
        return []
    return list(compress(count(), map(unknown.__contains__, words)))


def count_spans(
    gold_spans: list[Span],
    oov_spans: list[Span],
    pred_spans: Sequence[Span | None],
) -> tuple[Counts, list[bool], list[bool]]:
    """Counts and marks from explicit spans (in the same coordinates) of one sentence.

    A predicted word that touches characters differing from the gold's has no span (None): it
    is never correct, and costs one list entry rather than a tuple (a differing stretch may
    hold millions of such words).
    """
    gold_set = set(gold_spans)
    pred_set = set(pred_spans)
    gold_marks = list(map(pred_set.__contains__, gold_spans))
    pred_marks = list(map(gold_set.__contains__, pred_spans))
    correct = sum(gold_marks)
    subst = substitutions(gold_marks, pred_marks)
    gold_words, pred_words = len(gold_spans), len(pred_spans)
    counts = Counts(
        gold_words=gold_words,
        pred_words=pred_words,
        correct=correct,
        oov_words=len(oov_spans),
        oov_correct=sum(map(pred_set.__contains__, oov_spans)),
        substitutions=subst,
        insertions=pred_words - correct - subst,
        deletions=gold_words - correct - subst,
    )
    return counts, gold_marks, pred_marks
