"""Counting sentences as spans of the whole text, as conll18_ud_eval.py counts its Sentences:
the plain definition (docs/metrics.md §5.12).

A sentence is a line with at least one character (white space is not a character); its span is
[start, end) in the characters of the whole file. A predicted sentence is correct when a gold
sentence has the same span. Lines that agree in pairs are all correct, so the aligner asks this
module only about a block counted whole (the same characters, the lines perhaps broken
elsewhere) and about a stretch where the two sides' lines differ: each starts where both sides
start a line, and ends where both end one. When the stretch's characters differ, a predicted
sentence is correct only if all of its characters lie in one run that both sides share (a
block of the character alignment) and the gold has a sentence with the span it maps to: a
sentence touching a differing character is never correct, as a word is not.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate
from operator import methodcaller, sub

from wsscore.core.definitions import SEPARATORS
from wsscore.core.records import SentenceSpans

# (gold start, prediction start, length) of a run of characters both sides share.
SharedRun = tuple[int, int, int]

# The separators that may stand inside a line: a line has as many characters as its length
# less its separators.
_IN_LINES = SEPARATORS.replace("\n", "")


def sentence_spans_of(lengths: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The spans of the lines of these numbers of characters that have any."""
    start = 0
    for end in accumulate(lengths):
        if end > start:
            yield start, end
        start = end


def count_sentence_spans(
    gold_lengths: Sequence[int],
    pred_lengths: Sequence[int],
    shared: Sequence[SharedRun] | None = None,
) -> SentenceSpans:
    """The sentences of a stretch: each side given as the number of characters of each of its
    lines, in order. ``shared``: the runs both sides share, in order, when their characters
    differ (None: the same characters)."""
    gold = set(sentence_spans_of(gold_lengths))
    pred = list(sentence_spans_of(pred_lengths))
    if shared is None:
        correct = sum(span in gold for span in pred)
    else:
        starts = [run[1] for run in shared]
        correct = sum(_mapped(span, shared, starts) in gold for span in pred)
    return SentenceSpans(correct, len(gold), len(pred))


def _mapped(
    span: tuple[int, int], shared: Sequence[SharedRun], starts: Sequence[int]
) -> tuple[int, int] | None:
    """The gold span of a predicted span that lies in one shared run (``starts``: where each
    run starts in the prediction), else None."""
    start, end = span
    index = bisect_right(starts, start) - 1
    if index < 0:
        return None
    gold_start, pred_start, length = shared[index]
    if end > pred_start + length:
        return None
    return gold_start + start - pred_start, gold_start + end - pred_start


def count_text_sentences(gold_text: str, pred_text: str) -> SentenceSpans:
    """The sentences of two texts with the same characters (their lines joined by line
    feeds): the plain definition of what the C walk over a block counts in passing."""
    gold_lines, pred_lines = gold_text.split("\n"), pred_text.split("\n")
    return count_sentence_spans(
        line_lengths(gold_lines, gold_text), line_lengths(pred_lines, pred_text)
    )


def line_lengths(lines: Sequence[str], text: str) -> list[int]:
    """The number of characters of each of ``lines`` (``text``: the lines joined) where white
    space is not a character: their lengths less their separators, counted at C speed for each
    separator the text holds (the usual text: spaces, and carriage returns in a CRLF file)."""
    lengths = list(map(len, lines))
    for separator in _separators_in(text):
        lengths = list(map(sub, lengths, map(methodcaller("count", separator), lines)))
    return lengths


def _separators_in(text: str) -> list[str]:
    """The separators ``text`` holds, found by one search per separator found (and one more)."""
    found: list[str] = []
    rest = _IN_LINES
    while rest and (match := re.search(f"[{re.escape(rest)}]", text)) is not None:
        found.append(match.group())
        rest = rest.replace(match.group(), "")
    return found
