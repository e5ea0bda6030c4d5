"""Counting correct words, OOV and S/I/D from word boundaries or spans (docs/metrics.md §1-2).

Two counters that must agree (property tests check it):
- :func:`count_equal_chars` for the usual case, a prediction with the same characters as the
  gold: it turns both segmentations into boundary codes and counts with C-level bytes
  operations, with no Python code per word (the C speed-ups, ``wsscore._speedups``, do the
  same in one pass and are tested against it);
- :func:`count_spans` for the general case (a differing stretch), on explicit spans.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import partial
from itertools import accumulate, compress, count, filterfalse, islice, repeat
from operator import add, eq, sub

Span = tuple[int, int]
# RP, PP, TP, OOV, OOV_TP, S, I, D
SentenceCounts = tuple[int, int, int, int, int, int, int, int]


def boundaries(word_lengths) -> list[int]:
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


# --- the fast counter: boundary codes --------------------------------------------------------
#
# Both segmentations of the same characters become one byte per character: the boundary after
# it, 2 if the gold has one, 1 if the prediction has one, so 3 where both have it (4 more where a
# gold line ends). The bytes are built with a C-level join of per-length pieces and added as two
# big integers (no carries: each byte stays below 8). Every count then comes from C-level bytes
# operations (translate, count, split), with no Python code per word.

_GOLD = 2
_PRED = 1
_LINE_END = 4
_KEEP_COMMON = bytes(3 if code in (3, 7) else 0 for code in range(256))  # 3-like codes only
_AS_SENTENCE = bytes({7: 3, 6: 2}.get(code, code) for code in range(256))  # line ends as usual


class _Pieces(dict):
    """Bytes of one word of each length: ``length - 1`` zero bytes, then the boundary code.

    A dict with ``__missing__``, so that ``map(pieces.__getitem__, lengths)`` stays in C.
    """

    def __init__(self, code: int):
        super().__init__()
        self.code = code

    def __missing__(self, length: int) -> bytes:
        piece = self[length] = bytes(length - 1) + bytes((self.code,))
        return piece


class _Patterns(dict):
    """Codes of a correct word of each length, its start boundary included: 3 0…0 3."""

    def __missing__(self, length: int) -> bytes:
        pattern = self[length] = b"\x03" + bytes(length - 1) + b"\x03"
        return pattern


_GOLD_PIECES = _Pieces(_GOLD)
_GOLD_LINE_END_PIECES = _Pieces(_GOLD | _LINE_END)
_PRED_PIECES = _Pieces(_PRED)
_CORRECT_PATTERNS = _Patterns()


def _word_bytes(lengths: list[int], pieces: _Pieces, line_last: Sequence[int] = ()) -> bytes:
    joined = list(map(pieces.__getitem__, lengths))
    for index in line_last:
        joined[index] = _GOLD_LINE_END_PIECES[lengths[index]]
    return b"".join(joined)


def count_equal_chars(
    gold_lengths: list[int],
    oov_words: list[int],
    pred_lengths: list[int],
    line_last_words: Sequence[int] = (),
) -> SentenceCounts:
    """RP, PP, TP, OOV, OOV_TP, S, I, D when both sides cover the same characters.

    ``oov_words`` are the indices of the gold words not in the dictionary; ``line_last_words``
    the indices of the last gold word of each line but the last (for a block of lines): S, I and
    D are counted per sentence, a predicted word belonging to the sentence in which it starts.
    """
    gold_words, pred_words = len(gold_lengths), len(pred_lengths)
    if gold_lengths == pred_lengths:
        return gold_words, pred_words, gold_words, len(oov_words), len(oov_words), 0, 0, 0
    gold_bytes = _word_bytes(gold_lengths, _GOLD_PIECES, line_last_words)
    pred_bytes = _word_bytes(pred_lengths, _PRED_PIECES)
    size = len(gold_bytes)
    codes = (int.from_bytes(gold_bytes, "big") + int.from_bytes(pred_bytes, "big")).to_bytes(
        size, "big"
    )
    # The boundaries in order, with the start of the text, which both sides share.
    sequence = b"\x03" + codes.translate(None, b"\x00")
    common = sequence.translate(_KEEP_COMMON)
    # A correct word is two common boundaries in a row: per run of k common ones, k - 1 words.
    correct = common.count(3) - common.count(b"\x00\x03") - 1
    oov_correct = _oov_correct(gold_lengths, oov_words, codes) if oov_words else 0
    subst = _substitutions(sequence)
    return (
        gold_words,
        pred_words,
        correct,
        len(oov_words),
        oov_correct,
        subst,
        pred_words - correct - subst,
        gold_words - correct - subst,
    )


def _oov_correct(gold_lengths: list[int], oov_words: list[int], codes: bytes) -> int:
    """How many of the given gold words are correct: their codes must read 3 0…0 3."""
    at_offset = b"\x03" + codes.translate(_AS_SENTENCE)  # index k: the boundary at offset k
    ends = list(accumulate(gold_lengths, initial=0))
    starts = list(map(ends.__getitem__, oov_words))
    stops = map(ends.__getitem__, map(add, oov_words, repeat(1)))
    found = map(at_offset.__getitem__, map(slice, starts, map(add, stops, repeat(1))))
    wanted = map(_CORRECT_PATTERNS.__getitem__, map(gold_lengths.__getitem__, oov_words))
    return sum(map(eq, found, wanted))


def _substitutions(sequence: bytes) -> int:
    """S: over each stretch of wrong words between correct ones, min(gold words, pred words).

    The boundary sequence is cut at common boundaries into segments; empty segments are correct
    words, and runs of non-empty ones are the stretches. A segment closes one gold word (besides
    the gold-only boundaries 2 inside it) and opens one predicted word (besides the 1s inside),
    unless it starts at a gold line end the prediction crosses (marked 0x0B): that word started
    in the sentence before. Line ends are made hard cuts by inserting empty segments; the part
    before a line end the prediction crosses is marked 0x0C, so that it is never taken for a
    correct word.
    """
    marked = sequence.replace(b"\x07", b"\x03\x03\x03").replace(b"\x06", b"\x0c\x03\x03\x03\x0b")
    joined = b"\x05".join(marked.split(b"\x03"))
    stretches = list(filter(None, map(bytes.strip, joined.split(b"\x05\x05"), repeat(b"\x05"))))
    if not stretches:
        return 0
    segments = list(map(bytes.count, stretches, repeat(b"\x05")))
    gold_counts = map(add, map(bytes.count, stretches, repeat(b"\x02")), segments)
    pred_counts = map(
        sub,
        map(add, map(bytes.count, stretches, repeat(b"\x01")), segments),
        map(bytes.count, stretches, repeat(b"\x0b")),
    )
    return sum(map(min, gold_counts, pred_counts)) + len(stretches)


def marks_equal_chars(gold_ends: list[int], pred_ends: list[int]) -> tuple[list[bool], list[bool]]:
    """Correctness of each gold word and each predicted word (same characters on both sides)."""
    gold_killed = killed_gold_ends(gold_ends, pred_ends)
    pred_killed = killed_gold_ends(pred_ends, gold_ends)
    return (
        [end not in gold_killed for end in islice(gold_ends, 1, None)],
        [end not in pred_killed for end in islice(pred_ends, 1, None)],
    )


def substitutions(gold_marks: list[bool], pred_marks: list[bool]) -> int:
    """S of docs/metrics.md §2.3: between consecutive correct words, min(unmatched gold, pred)."""
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
    pred_spans: Sequence[Span | None],
) -> tuple[SentenceCounts, list[bool], list[bool]]:
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
