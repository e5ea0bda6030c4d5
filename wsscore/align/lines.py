"""The lines the aligner works on: gold and prediction lines, blocks of gold lines, and what a
sentence's alignment reports.

Shared by the streaming aligner (:mod:`wsscore.align.stream`) and the alignment of a differing
stretch (:mod:`wsscore.align.stretch`). A line's characters are its text without white space
(:func:`chars_of`); they, its words and their offsets are computed only when first needed.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterator
from itertools import accumulate, pairwise

from wsscore.align.counting import oov_words
from wsscore.core import backend
from wsscore.core.definitions import SEPARATORS, SPLIT_DIFFERS
from wsscore.core.records import Span, WordAndSentenceCounts
from wsscore.inputs.words import needs_exact_split, split_words

Dictionary = Container[str] | None  # a set, or the C speed-ups' Vocabulary


_SHORT_LINE = 200
_EXACT_SPLIT_CHARS = re.compile(f"[{re.escape(SPLIT_DIFFERS)}]").search


def chars_of(text: str) -> str:
    """The characters of a line, white space removed.

    Without a list of the words in between where only spaces separate them: on a long line that
    list would take many times the text's size.
    """
    if len(text) < _SHORT_LINE:
        if _EXACT_SPLIT_CHARS(text) is None:  # one C call (as needs_exact_split, in short)
            return "".join(text.split())
        return "".join(split_words(text))
    if not needs_exact_split(text):
        chars = text.replace(" ", "")
        parts = chars.split(None, 1)
        if not parts:
            return ""
        if len(parts[0]) == len(chars):  # no other white space
            return chars
    return "".join(split_words(text))


class _Line:
    """A line of text whose characters and words are computed when first needed: a long line is
    then never split into a list of words unless its words are counted one by one."""

    __slots__ = ("_chars", "_words", "number", "text")

    def __init__(self, number: int, text: str):
        self.number = number
        self.text = text
        self._words: list[str] | None = None
        self._chars: str | None = None

    @property
    def words(self) -> list[str]:
        if self._words is None:
            self._words = split_words(self.text)
        return self._words

    @property
    def chars(self) -> str:
        if self._chars is None:
            self._chars = "".join(self._words) if self._words is not None else chars_of(self.text)
        return self._chars

    def split(self) -> list[str]:
        """The words, not kept: a long stretch would keep all its words at once otherwise."""
        return self._words if self._words is not None else split_words(self.text)


class GoldLine(_Line):
    """One gold line, split once and shared by every system scored against it."""

    __slots__ = ("dictionary",)

    def __init__(self, number: int, text: str, dictionary: Dictionary = None):
        super().__init__(number, text)
        self.dictionary = dictionary

    @classmethod
    def build(cls, number: int, text: str, dictionary: Dictionary) -> GoldLine:
        return cls(number, text, dictionary)

    def part(self, start: int, end: int) -> GoldLine:
        """The line's text [start, end), cut at word boundaries."""
        return GoldLine(self.number, self.text[start:end], self.dictionary)


def oov_indices(words: list[str], dictionary: Dictionary) -> list[int]:
    """Indices of the words not in the dictionary (none without one)."""
    return oov_words(words, dictionary) if dictionary is not None else []  # type: ignore[arg-type]


class GoldBlock:
    """Consecutive gold lines taken as one character stream (the fast path of the scorer).

    Line breaks are word boundaries on both sides, so when a prediction's lines hold the same
    characters as the block, the block is counted from its text in one go
    (:func:`wsscore.core.backend.count_equal_text`); the line-by-line form that the slower paths
    need is built on first use, and shared by the systems.
    """

    __slots__ = ("_gold_lines", "dictionary", "first_number", "lines", "text")

    def __init__(self, first_number: int, text: str, dictionary: Dictionary):
        self.first_number = first_number
        self.text = text
        self.dictionary = dictionary
        self.lines = text.split("\n")
        if self.lines[-1] == "":
            self.lines.pop()  # the line feed ends the last line; it does not start a new one
        self._gold_lines: list[GoldLine | None] | None = None

    def word_and_sentence_counts(self) -> WordAndSentenceCounts:
        """Words, and lines with at least one word."""
        return backend.count_words_and_sentences(self.text)

    def gold_lines(self) -> list[GoldLine]:
        """The block line by line."""
        return [self.gold_line(index) for index in range(len(self.lines))]

    def gold_line(self, index: int) -> GoldLine:
        """Its line ``index`` (0-based), built once and shared by the systems that need it."""
        if self._gold_lines is None:
            self._gold_lines = [None] * len(self.lines)
        line = self._gold_lines[index]
        if line is None:
            line = GoldLine.build(self.first_number + index, self.lines[index], self.dictionary)
            self._gold_lines[index] = line
        return line


class PredLine(_Line):
    """One prediction line (``number`` is 1-based)."""

    __slots__ = ()

    def part(self, start: int, end: int) -> PredLine:
        return PredLine(self.number, self.text[start:end])


def line_starts(lines: list[GoldLine] | list[PredLine]) -> Iterator[int]:
    """Where each line starts in the characters of all the lines."""
    offset = 0
    for line in lines:
        yield offset
        offset += len(line.chars)


class TextPositions:
    """Where a line's characters (white space excluded) stand in its text, found by counting
    the separators at C speed: a long line need not be split into words to be cut."""

    def __init__(self, text: str, separators: str = SEPARATORS):
        self.text = text
        self._present = [char for char in separators if char in text]
        self._separators = frozenset(separators)

    def count(self) -> int:
        """The text's characters, white space excluded."""
        return len(self.text) - sum(map(self.text.count, self._present))

    def position_after(self, count: int) -> int:
        """The smallest position in the text with ``count`` characters before it."""
        if count <= 0:
            return 0
        text, present = self.text, self._present
        low, low_count, high = 0, 0, len(text)  # low_count < count <= the count at high
        while high - low > 1:
            middle = (low + high) // 2
            skipped = sum(text.count(char, low, middle) for char in present)
            middle_count = low_count + middle - low - skipped
            if middle_count >= count:
                high = middle
            else:
                low, low_count = middle, middle_count
        return high

    def words_ending_by(self, count: int, width: int) -> set[Span]:
        """(start, end) in characters of the whole words that end at or before character
        ``count``, within ``width`` characters of text before it."""
        text = self.text
        end = self.position_after(count)
        start = max(0, end - width)
        words = split_words(text[start:end])
        first = count - sum(map(len, words))
        spans = list(pairwise(accumulate(map(len, words), initial=first)))
        if spans and start > 0 and not self._separator(start - 1) and not self._separator(start):
            spans.pop(0)  # the window cuts the first word
        if spans and end < len(text) and not self._separator(end):
            spans.pop()  # the last word goes on past ``count``
        return set(spans)

    def words_starting_from(self, count: int, width: int) -> set[Span]:
        """(start, end) in characters of the whole words that start at or after character
        ``count``, within ``width`` characters of text after it."""
        text = self.text
        begin = self.position_after(count)
        stop = min(len(text), begin + width)
        words = split_words(text[begin:stop])
        spans = list(pairwise(accumulate(map(len, words), initial=count)))
        inside = 0 < begin < len(text) and not self._separator(begin - 1)
        if spans and inside and not self._separator(begin):
            spans.pop(0)  # ``count`` falls inside a word
        cut_last = stop < len(text) and not self._separator(stop - 1)
        if spans and cut_last and not self._separator(stop):
            spans.pop()  # the window cuts the last word
        return set(spans)

    def _separator(self, position: int) -> bool:
        return self.text[position] in self._separators


def chars_of_lines(lines: list[GoldLine] | list[PredLine]) -> str:
    """The characters of consecutive lines, as one stream (line breaks are not characters)."""
    return "".join(line.chars for line in lines)
