"""Counting correct words, OOV and S/I/D from word boundaries or spans (metrics.md §1-2, §6).

Two counters that must agree (a property test checks it):
- :func:`count_equal_chars` for the usual case, a prediction with the same characters as the
  gold: it works on boundary offsets and does per-word work only where the two differ, in C-level
  set and bisect operations, so the common case is fast;
- :func:`count_spans` for the general case (a differing stretch), on explicit spans.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import partial
from itertools import accumulate, compress, count, islice, pairwise
from operator import not_, sub

Span = tuple[int, int]
# RP, PP, TP, OOV, OOV_TP, S, I, D
SentenceCounts = tuple[int, int, int, int, int, int, int, int]


def boundaries(word_lengths) -> list[int]:
    """Offsets 0, e1, e2, … of the word ends, from the words' lengths."""
    return list(accumulate(word_lengths, initial=0))


def oov_ends(words: list[str], ends: list[int], dictionary) -> list[int]:
    """End offsets of the words not in ``dictionary`` (``ends`` as from :func:`boundaries`)."""
    return list(compress(islice(ends, 1, None), map(not_, map(dictionary.__contains__, words))))


def killed_gold_ends(gold_ends: list[int], pred_ends: list[int]) -> set[int]:
    """Ends of the gold words that are wrong, for a prediction with the same characters.

    A gold word (s, e) is correct iff the prediction has boundaries at s and e and none between,
    i.e. iff no offset in [s, e] is a boundary of exactly one side. Each such offset d wrongs the
    gold word containing it and, if d is a gold boundary, the two gold words meeting at d.
    """
    gold_set = set(gold_ends)
    differing = gold_set.symmetric_difference(pred_ends)
    killed = set(map(gold_ends.__getitem__, map(partial(bisect_right, gold_ends), differing)))
    killed.update(differing.intersection(gold_set))
    return killed


def count_equal_chars(
    gold_ends: list[int], oov: list[int], pred_ends: list[int], line_ends: Sequence[int] = ()
) -> SentenceCounts:
    """RP, PP, TP, OOV, OOV_TP, S, I, D when both sides cover the same characters.

    ``line_ends`` are the offsets where gold lines end inside the sequence (for a block of
    lines): S, I and D are counted per sentence, so a run of wrong words stops there.
    """
    gold_words = len(gold_ends) - 1
    pred_words = len(pred_ends) - 1
    if gold_ends == pred_ends:
        return gold_words, pred_words, gold_words, len(oov), len(oov), 0, 0, 0
    killed = killed_gold_ends(gold_ends, pred_ends)
    correct = gold_words - len(killed)
    oov_correct = len(oov) - len(killed.intersection(oov))
    subst = _substitutions_from_killed(gold_ends, pred_ends, killed, line_ends)
    return (
        gold_words,
        pred_words,
        correct,
        len(oov),
        oov_correct,
        subst,
        pred_words - correct - subst,
        gold_words - correct - subst,
    )


def _substitutions_from_killed(
    gold_ends: list[int], pred_ends: list[int], killed: set[int], line_ends: Sequence[int]
) -> int:
    """S: over each run of consecutive wrong gold words, min(gold words, predicted words).

    A run is bounded by correct words (or the ends), whose boundaries both sides share, so the
    predicted words inside it are the offsets of ``pred_ends`` between its two ends.
    """
    if not killed:
        return 0
    indices = sorted(map(partial(bisect_left, gold_ends), killed))
    total = 0
    run_start = previous = indices[0]
    for index in islice(indices, 1, None):
        if index != previous + 1:
            total += _run_substitutions(gold_ends, pred_ends, run_start, previous, line_ends)
            run_start = index
        previous = index
    return total + _run_substitutions(gold_ends, pred_ends, run_start, previous, line_ends)


def _run_substitutions(
    gold_ends: list[int], pred_ends: list[int], first: int, last: int, line_ends: Sequence[int]
) -> int:
    start, end = gold_ends[first - 1], gold_ends[last]
    cuts = line_ends[bisect_right(line_ends, start) : bisect_left(line_ends, end)]
    if not cuts:
        gold_in_run = last - first + 1
        return min(gold_in_run, bisect_left(pred_ends, end) - bisect_left(pred_ends, start))
    # The run spans line ends: each sentence's part counts apart; a predicted word belongs to
    # the sentence in which it starts.
    total = 0
    for part_start, part_end in pairwise([start, *cuts, end]):
        gold_words = bisect_left(gold_ends, part_end) - bisect_left(gold_ends, part_start)
        pred_words = bisect_left(pred_ends, part_end) - bisect_left(pred_ends, part_start)
        total += min(gold_words, pred_words)
    return total


def marks_equal_chars(gold_ends: list[int], pred_ends: list[int]) -> tuple[list[bool], list[bool]]:
    """Correctness of each gold word and each predicted word (same characters on both sides)."""
    gold_killed = killed_gold_ends(gold_ends, pred_ends)
    pred_killed = killed_gold_ends(pred_ends, gold_ends)
    return (
        [end not in gold_killed for end in islice(gold_ends, 1, None)],
        [end not in pred_killed for end in islice(pred_ends, 1, None)],
    )


def substitutions(gold_marks: list[bool], pred_marks: list[bool]) -> int:
    """S of metrics.md §6: between consecutive correct words, min(unmatched gold, pred)."""
    gold_correct = list(compress(count(), gold_marks))
    pred_correct = list(compress(count(), pred_marks))
    gold_correct.append(len(gold_marks))
    pred_correct.append(len(pred_marks))
    gold_gaps = map(sub, gold_correct, [-1, *gold_correct[:-1]])
    pred_gaps = map(sub, pred_correct, [-1, *pred_correct[:-1]])
    return sum(map(min, gold_gaps, pred_gaps)) - len(gold_correct)


def count_spans(
    gold_spans: list[Span],
    oov_spans: list[Span],
    pred_spans: list[Span],
) -> tuple[SentenceCounts, list[bool], list[bool]]:
    """Counts and marks from explicit spans (in the same coordinates) of one sentence."""
    gold_set = set(gold_spans)
    pred_set = set(pred_spans)
    gold_marks = list(map(pred_set.__contains__, gold_spans))
    pred_marks = list(map(gold_set.__contains__, pred_spans))
    correct = sum(gold_marks)
    oov_correct = sum(map(pred_set.__contains__, oov_spans))
    subst = substitutions(gold_marks, pred_marks)
    gold_words, pred_words = len(gold_spans), len(pred_spans)
    counts = (
        gold_words,
        pred_words,
        correct,
        len(oov_spans),
        oov_correct,
        subst,
        pred_words - correct - subst,
        gold_words - correct - subst,
    )
    return counts, gold_marks, pred_marks
