"""Aligning a prediction with the gold by character offsets and counting per sentence.

The gold and the prediction are compared as character streams (white space and line breaks
removed); a word is correct when a predicted word covers exactly the same characters. Line breaks
in either file are word boundaries, so differing line breaks cost nothing (metrics.md §1).

The gold is streamed in blocks of lines. A block whose characters the prediction's next lines
hold too is counted in one go (:func:`count_block`); otherwise lines are aligned one by one:
equal line pairs are counted at once, and where lines differ the two sides are buffered until
they re-synchronise (a "stretch"). Memory is bounded by the longest stretch, and a stretch by
the gold's text: how far the prediction may run ahead of the gold, and past its end, is in
:class:`SystemAligner`; long lines are never split into words where their ends agree
(:class:`_Cut`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Container, Iterator, Sequence
from itertools import accumulate, chain, islice, pairwise
from typing import NamedTuple

from wsscore import native
from wsscore.align.counting import (
    boundaries,
    count_equal_chars,
    count_spans,
    marks_equal_chars,
    oov_words,
)
from wsscore.inputs.words import needs_exact_split, spans_of, split_words

Span = tuple[int, int]
# Per-sentence record: (gold line number, counts in Counts field order).
SentenceRecord = tuple[int, tuple[int, ...]]
Dictionary = Container[str] | None  # a set, or the C speed-ups' Vocabulary

# Beyond this size on both sides the middle of a differing stretch is not aligned character by
# character (SequenceMatcher is quadratic there); all of it counts as differing.
MAX_CHAR_ALIGNMENT = 20_000


# White space as words.split_words sees it: the separators that may occur in a line's text (the
# characters U+001C..U+001F, which str.split() would also take, switch it to the exact split).
_SEPARATORS = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


_SHORT_LINE = 200
_EXACT_SPLIT_CHARS = re.compile("[\ufeff\x1c-\x1f]").search


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

    __slots__ = ("_lengths", "_oov_words", "dictionary")

    def __init__(self, number: int, text: str, dictionary: Dictionary = None):
        super().__init__(number, text)
        self.dictionary = dictionary
        self._lengths: list[int] | None = None
        self._oov_words: list[int] | None = None

    @classmethod
    def build(cls, number: int, text: str, dictionary: Dictionary) -> GoldLine:
        return cls(number, text, dictionary)

    @property
    def lengths(self) -> list[int]:
        """Of the words, in characters."""
        if self._lengths is None:
            self._lengths = list(map(len, self.words))
        return self._lengths

    @property
    def ends(self) -> list[int]:
        """0 and the end offset of each word."""
        return boundaries(self.lengths)

    @property
    def oov_words(self) -> list[int]:
        """Indices of the words not in the dictionary."""
        if self._oov_words is None:
            self._oov_words = _oov_of(self.words, self.dictionary)
        return self._oov_words

    def part(self, start: int, end: int) -> GoldLine:
        """The line's text [start, end), cut at word boundaries."""
        return GoldLine(self.number, self.text[start:end], self.dictionary)


def _oov_of(words: list[str], dictionary: Dictionary) -> list[int]:
    return oov_words(words, dictionary) if dictionary is not None else []  # type: ignore[arg-type]


class GoldBlock:
    """Consecutive gold lines taken as one character stream (the fast path of the scorer).

    Line breaks are word boundaries on both sides, so when a prediction's lines hold the same
    characters as the block, the block can be counted as a single sequence of words: by the C
    speed-ups from the text itself, or in Python from the words, split once and shared by the
    systems (built on first use, as is the line-by-line form the slower paths need).
    """

    __slots__ = (
        "_chars",
        "_gold_lines",
        "_lengths",
        "_line_last_words",
        "_oov_words",
        "_words",
        "dictionary",
        "first_number",
        "lines",
        "text",
    )

    def __init__(self, first_number: int, text: str, dictionary: Dictionary):
        self.first_number = first_number
        self.text = text
        self.dictionary = dictionary
        self.lines = text.split("\n")
        if self.lines[-1] == "":
            self.lines.pop()  # the line feed ends the last line; it does not start a new one
        self._words: list[str] | None = None
        self._lengths: list[int] | None = None
        self._oov_words: list[int] | None = None
        self._line_last_words: list[int] | None = None
        self._chars: str | None = None
        self._gold_lines: list[GoldLine] | None = None

    def word_and_sentence_counts(self) -> tuple[int, int]:
        """Words, and lines with at least one word."""
        if native.AVAILABLE and self._words is None:
            return native.count_words(self.text)
        if needs_exact_split(self.text):  # str.isspace() would be wrong about U+001C..U+001F
            return len(self.words), sum(1 for line in self.lines if split_words(line))
        blank = sum(map(str.isspace, self.lines)) + self.lines.count("")
        return len(self.words), len(self.lines) - blank

    def _split(self) -> None:
        split = split_words if needs_exact_split(self.text) else str.split
        words_per_line = list(map(split, self.lines))
        self._words = list(chain.from_iterable(words_per_line))
        self._lengths = list(map(len, self._words))
        # S, I, D are per sentence: the counter needs to know where lines end. (A line without
        # words repeats the index before it, which marks the same word again: harmless.)
        self._line_last_words = [
            index - 1 for index in accumulate(map(len, words_per_line[:-1])) if index
        ]

    @property
    def words(self) -> list[str]:
        if self._words is None:
            self._split()
        return self._words  # type: ignore[return-value]

    @property
    def lengths(self) -> list[int]:
        if self._lengths is None:
            self._split()
        return self._lengths  # type: ignore[return-value]

    @property
    def line_last_words(self) -> list[int]:
        """Index of the last word of each line but the last."""
        if self._line_last_words is None:
            self._split()
        return self._line_last_words  # type: ignore[return-value]

    @property
    def oov_words(self) -> list[int]:
        """Indices of the words not in the dictionary."""
        if self._oov_words is None:
            has_dictionary = self.dictionary is not None
            self._oov_words = oov_words(self.words, self.dictionary) if has_dictionary else []
        return self._oov_words

    @property
    def chars(self) -> str:
        if self._chars is None:
            self._chars = "".join(self.words)
        return self._chars

    def gold_lines(self) -> list[GoldLine]:
        """The block line by line (built once, shared by the systems that need it)."""
        if self._gold_lines is None:
            self._gold_lines = [
                GoldLine.build(self.first_number + index, text, self.dictionary)
                for index, text in enumerate(self.lines)
            ]
        return self._gold_lines


class PredLine(_Line):
    """One prediction line (``number`` is 1-based)."""

    __slots__ = ()

    def part(self, start: int, end: int) -> PredLine:
        return PredLine(self.number, self.text[start:end])


class Divergence(NamedTuple):
    """One place where the prediction's characters differ from the gold's (1-based)."""

    gold_line: int
    gold_col: int
    pred_line: int
    pred_col: int
    gold_text: str
    pred_text: str

    def describe(self) -> str:
        # Short differing texts are often look-alikes ('é' and 'e' + U+0301, 'c' and 'ｃ'):
        # their code points tell them apart.
        points = 0 < len(self.gold_text) <= LOOK_ALIKE and 0 < len(self.pred_text) <= LOOK_ALIKE
        return f"{self._side('gold', self.gold_line, self.gold_col, self.gold_text, points)}, " + (
            self._side("prediction", self.pred_line, self.pred_col, self.pred_text, points)
        )

    @staticmethod
    def _side(name: str, line: int, col: int, text: str, points: bool) -> str:
        if col == 0:  # this side has no character there: it has ended
            return f"the {name} has ended (after line {line})" if line else f"the {name} is empty"
        if not text:
            return f"the {name} has nothing in its place (at line {line} col {col})"
        described = f"{shown(text)} {code_points(text)}" if points else shown(text)
        return f"{name} line {line} col {col} has {described}"


# Differing texts of at most this many characters on both sides are shown with code points.
LOOK_ALIKE = 4


def code_points(text: str) -> str:
    """``U+00E9``-style code points of a text; a byte kept undecoded is ``byte 0xFF``."""
    return " ".join(
        f"byte 0x{ord(char) - 0xDC00:02X}" if "\udc80" <= char <= "\udcff" else f"U+{ord(char):04X}"
        for char in text
    )


def shown(text: str) -> str:
    """``repr`` of a text, with bytes kept undecoded shown as ``\\xNN`` rather than ``\\udcNN``."""
    return _KEPT_BYTE.sub(r"\\x\1", repr(text))


_KEPT_BYTE = re.compile(r"\\udc([89a-f][0-9a-f])")


class MismatchError(Exception):
    """Raised under ``--mismatch error`` at the first character that differs."""

    def __init__(self, divergence: Divergence):
        super().__init__(divergence.describe())
        self.divergence = divergence


class ExtraTextLimit(NamedTuple):
    """How much more text than the gold can match a prediction may have once the gold has ended
    (see :class:`SystemAligner`): ``share`` of the gold's characters, at least ``floor``."""

    share: float
    floor: int
    advice: str = ""  # ends the error's hint

    def allowed(self, gold_chars: int) -> int:
        return max(self.floor, int(self.share * gold_chars))


# Per --mismatch policy. "warn" refuses as soon as the text past the gold's end exceeds 10% of
# the gold (its limit for differing sentences is 10% too); "align" takes up to the gold's size
# again; "error" refuses the first character past the end anyway.
EXTRA_TEXT_LIMITS = {
    "warn": ExtraTextLimit(0.10, 10_000, " --mismatch align takes as much again as the gold"),
    "error": ExtraTextLimit(0.10, 10_000),
    "align": ExtraTextLimit(1.0, 200_000),
}


class PredictionOverrun(MismatchError):
    """The prediction goes on past the end of the gold with more text than the gold can match.

    A :class:`MismatchError`, so that a chunk scored apart (``--jobs``) gives way to the single
    run, which reports it.
    """

    def __init__(
        self, gold_line: int, pred_line: int, excess: int, limit: ExtraTextLimit, gold_chars: int
    ):
        allowed = limit.allowed(gold_chars)
        self.message = (
            f"the prediction goes on past the end of the gold: the gold ends at line {gold_line}, "
            f"and by line {pred_line} the prediction has {excess} characters more than the gold "
            f"can match (the limit is {allowed}: {limit.share:.0%} of the gold's {gold_chars} "
            f"characters, and at least {limit.floor})"
        )
        self.hint = (
            "is it the output for another test set, several files concatenated, or the wrong "
            f"file?{limit.advice}"
        )
        self.gold_line, self.pred_line, self.excess = gold_line, pred_line, excess
        Exception.__init__(self, self.message)
        self.divergence = Divergence(gold_line, 0, pred_line, 1, "", "")


class SentenceDetail(NamedTuple):
    """Words of one sentence with their correctness marks, for per-sentence reports."""

    line: int
    gold_words: list[str]
    pred_words: list[str]
    gold_marks: list[bool]
    pred_marks: list[bool]
    # Spans of the predicted words in the gold line's character offsets (a word may run past
    # the line's end when the line breaks differ); None for a word touching characters that
    # differ from the gold's, which has no place in the gold.
    pred_spans: Sequence[Span | None] = ()


def count_block(block: GoldBlock, pred_lines: list[str]) -> tuple[int, ...] | None:
    """Counts of a gold block against as many prediction lines, if they hold the same
    characters (else None: the caller aligns line by line)."""
    pred_text = "\n".join(pred_lines)
    if native.AVAILABLE:
        return native.count_block(block.text, pred_text, block.dictionary)
    pred_words = split_words(pred_text)
    if "".join(pred_words) != block.chars:
        return None
    pred_lengths = list(map(len, pred_words))
    return count_equal_chars(block.lengths, block.oov_words, pred_lengths, block.line_last_words)


class SystemAligner:
    """Aligns one prediction with the gold; fed gold blocks in order, pulls prediction lines.

    Totals add up in :attr:`totals` (a list in Counts field order). ``on_sentence`` (optional)
    receives a :data:`SentenceRecord` for every sentence (and for an empty gold line only when
    predicted words fall on it); ``on_detail`` gets each sentence's words and marks. Either one
    makes the aligner work line by line; without them, blocks whose characters agree with the
    prediction's are counted in one go.

    Memory stays bounded on hostile input (an endless prediction, a wrong file, junk appended):

    - while the gold goes on, a differing stretch reads the prediction at most one line ahead of
      its gold lines, and not at all while the prediction's buffered characters exceed the gold's
      by more than ``extra_limit.allowed(gold characters read so far)``: the buffers stay
      proportional to the gold's text;
    - once the gold has ended, the prediction may have at most ``extra_limit.allowed(the gold's
      characters)`` characters more than the gold can still match (the open stretch's gold
      lines, or none). Beyond, :class:`PredictionOverrun` is raised at once, so that an endless
      input ends with an error. Up to it the counts are exactly those of the whole input: lines
      past the gold's end that nothing can match are counted as they come, without keeping them.
    - ``stop_at_first_mismatch`` (``--mismatch error``) refuses the first character past the end.

    In these sizes an empty line counts as one character, so that endless empty lines end too;
    the gold's size is its characters but spaces and line feeds (other white space, rare in a
    gold, counts too: :func:`_approximate_chars`).
    """

    def __init__(
        self,
        pred_lines: Iterator[str],
        *,
        on_sentence: Callable[[SentenceRecord], None] | None = None,
        on_detail: Callable[[SentenceDetail], None] | None = None,
        stop_at_first_mismatch: bool = False,
        max_divergences: int = 3,
        extra_limit: ExtraTextLimit = EXTRA_TEXT_LIMITS["warn"],
    ):
        self._pred_source = pred_lines
        self._pred_number = 0
        self._pred_pushback: deque[str] = deque()
        self._pred_done = False
        self._previous_pred: PredLine | None = None
        self._on_sentence = on_sentence
        self._on_detail = on_detail
        self._by_line = on_sentence is not None or on_detail is not None
        self._stop_at_first_mismatch = stop_at_first_mismatch
        self._max_divergences = max_divergences
        self._extra_limit = extra_limit
        self._gold_buffer: list[GoldLine] = []
        self._pred_buffer: list[PredLine] = []
        # Sizes of the buffers for the limits: characters, an empty line counting one (so that
        # an endless run of empty lines ends too).
        self._gold_buffer_size = 0
        self._pred_buffer_size = 0
        # Where each buffered line starts in its side's characters, the totals, and how many
        # leading characters both sides are known to share: each is compared once, not again
        # for every line that comes (a prediction on one line would make that quadratic).
        self._gold_starts: list[int] = []
        self._pred_starts: list[int] = []
        self._gold_total = self._pred_total = 0
        self._agreed = 0
        self._differs = False
        self._gold_chars = 0  # about: the gold's characters fed so far (see _approximate_chars)
        self._gold_done = False
        # Gold lines to feed again after a stretch closed before them (a queue, not recursion).
        self._pending: deque[GoldLine] = deque()
        self._feeding = False
        self._mismatch_mode = False
        self._anchors = _AnchorSearch()
        self._last_gold_number = 0
        # The lines right after a differing stretch, to name the place of a missing line.
        self._following: tuple[GoldLine | None, PredLine | None] = (None, None)
        self.totals = [0] * 10
        self.divergences: list[Divergence] = []
        self.misaligned_chars = 0
        self.misaligned_lines = 0

    @property
    def pred_lines_read(self) -> int:
        return self._pred_number - len(self._pred_pushback)

    # --- prediction side ---------------------------------------------------------------------
    def _next_pred(self) -> PredLine | None:
        if self._pred_pushback:
            text = self._pred_pushback.popleft()
        else:
            if self._pred_done:
                return None
            try:
                text = next(self._pred_source)
            except StopIteration:
                self._pred_done = True
                return None
            self._pred_number += 1
        line = PredLine(self.pred_lines_read, text)
        previous = self._previous_pred
        if previous is not None and text == previous.text:
            # A repeated line (an endless generator's) shares its strings.
            line.text, line._chars = previous.text, previous.chars
        self._previous_pred = line
        return line

    @property
    def _gold_ended(self) -> bool:
        """No gold line is left to feed (lines fed again after a stretch count as not fed)."""
        return self._gold_done and not self._pending

    @property
    def _pred_exhausted(self) -> bool:
        return self._pred_done and not self._pred_pushback

    def drain(self, max_lines: int | None = None) -> tuple[int, bool]:
        """Read the rest of the prediction without scoring it: the number of lines it has, and
        whether its end was reached (an endless input is read ``max_lines`` more lines at most)."""
        for read, _ in enumerate(self._pred_source, 1):
            self._pred_number += 1
            if max_lines is not None and read >= max_lines:
                if next(self._pred_source, None) is None:
                    return self._pred_number, True
                self._pred_number += 1
                return self._pred_number, False
        return self._pred_number, True

    # --- gold side ---------------------------------------------------------------------------
    def feed_block(self, block: GoldBlock) -> None:
        """Count a block of gold lines at once where possible, else line by line."""
        self._last_gold_number = block.first_number + len(block.lines) - 1
        self._gold_chars += _approximate_chars(block.text)
        if not self._by_line and not self._gold_buffer and not self._pred_pushback:
            texts = list(islice(self._pred_source, len(block.lines)))
            self._pred_number += len(texts)
            counts = count_block(block, texts) if len(texts) == len(block.lines) else None
            if counts is not None:
                self._add(counts)
                return
            self._pred_pushback.extend(texts)
        for line in block.gold_lines():
            self.feed(line)

    def feed(self, gold: GoldLine) -> None:
        self._pending.append(gold)
        if not self._feeding:
            self._feed_pending()

    def _feed_pending(self) -> None:
        self._feeding = True
        try:
            while self._pending:
                self._feed_one(self._pending.popleft())
        finally:
            self._feeding = False

    def _feed_one(self, gold: GoldLine) -> None:
        self._last_gold_number = gold.number
        if self._gold_buffer:
            self._buffer_gold(gold)
            self._resolve()
            return
        pred = self._next_pred()
        if pred is not None and pred.chars == gold.chars:
            self._count_equal_line(gold, pred)
            return
        self._buffer_gold(gold)
        if pred is not None:
            self._buffer_pred(pred)
        self._resolve()

    def finish(self) -> None:
        """The gold has ended: align what is left, then count prediction lines past its end."""
        self._gold_done = True
        while self._gold_buffer:
            self._resolve()  # closes the stretch (at an anchor, it feeds the lines after again)
        self._count_past_end()

    def _buffer_gold(self, line: GoldLine) -> None:
        self._gold_buffer.append(line)
        self._gold_buffer_size += len(line.chars) or 1
        self._gold_starts.append(self._gold_total)
        self._gold_total += len(line.chars)

    def _buffer_pred(self, line: PredLine) -> None:
        self._pred_buffer.append(line)
        self._pred_buffer_size += len(line.chars) or 1
        if not self._mismatch_mode:  # only the check of line breaks needs them
            self._pred_starts.append(self._pred_total)
            self._pred_total += len(line.chars)

    def _clear_buffers(self) -> None:
        self._gold_buffer.clear()
        self._pred_buffer.clear()
        self._gold_buffer_size = self._pred_buffer_size = 0
        self._gold_starts.clear()
        self._pred_starts.clear()
        self._gold_total = self._pred_total = self._agreed = 0
        self._differs = False

    def _agreement(self) -> int:
        """How many leading characters both sides of the stretch share, as far as read."""
        end = min(self._gold_total, self._pred_total)
        if not self._differs and end > self._agreed:
            gold = _chars_between(self._gold_buffer, self._gold_starts, self._agreed, end)
            pred = _chars_between(self._pred_buffer, self._pred_starts, self._agreed, end)
            same = _common_prefix_length(gold, pred)
            self._differs = same < len(gold)
            self._agreed += same
        return self._agreed

    def _add(self, counts: tuple[int, ...]) -> None:
        totals = self.totals
        for index, value in enumerate(counts):
            totals[index] += value

    def _emit(self, number: int, record: tuple[int, ...], detail: SentenceDetail | None) -> None:
        self._add(record)
        if self._on_sentence is not None:
            self._on_sentence((number, record))
        if detail is not None and self._on_detail is not None:
            self._on_detail(detail)

    def _count_equal_line(self, gold: GoldLine, pred: PredLine) -> None:
        if not gold.words:
            return
        pred_lengths = list(map(len, pred.words))
        record = (*count_equal_chars(gold.lengths, gold.oov_words, pred_lengths), 0, 0)
        detail = None
        if self._on_detail is not None:
            pred_ends = boundaries(pred_lengths)
            gold_marks, pred_marks = marks_equal_chars(gold.ends, pred_ends)
            spans: list[Span | None] = list(pairwise(pred_ends))
            detail = SentenceDetail(
                gold.number, gold.words, pred.words, gold_marks, pred_marks, spans
            )
        self._emit(gold.number, record, detail)

    # --- past the end of the gold ------------------------------------------------------------
    def _count_past_end(self) -> None:
        """Prediction lines past the end of the gold, aligned with nothing: one record for the
        line after the gold's last, counted as the lines come (they are not kept)."""
        allowed = self._extra_limit.allowed(self._gold_chars)
        first: PredLine | None = None
        words = chars = 0
        start = ""  # the first characters, for the message
        kept: list[str] | None = [] if self._on_detail is not None else None
        size = 0  # characters, an empty line counting one
        while (pred := self._next_pred()) is not None:
            if pred.chars and self._stop_at_first_mismatch:
                raise MismatchError(
                    _divergence_at([], [pred], 0, 0, "", pred.chars[:1], self._last_gold_number, 0)
                )
            size += len(pred.chars) or 1
            if size > allowed:
                raise self._overrun(size)
            if not pred.chars:
                continue
            first = first or pred
            chars += len(pred.chars)
            start += pred.chars[: 20 - len(start)]
            line_words = pred.split()
            words += len(line_words)
            if kept is not None:
                kept += line_words
        if first is None:
            return
        self.misaligned_chars += chars
        self.misaligned_lines += 1
        if len(self.divergences) < self._max_divergences:
            column = _column_in_line(first.text, 0)
            self.divergences.append(
                Divergence(self._last_gold_number, 0, first.number, column, "", start)
            )
        number = self._last_gold_number + 1
        detail = None
        if kept is not None:
            detail = SentenceDetail(number, [], kept, [], [False] * words, [None] * words)
        self._emit(number, (0, words, 0, 0, 0, 0, words, 0, 1, chars), detail)

    def _overrun(self, excess: int) -> PredictionOverrun:
        limit, gold_chars = self._extra_limit, self._gold_chars
        return PredictionOverrun(
            self._last_gold_number, self.pred_lines_read, excess, limit, gold_chars
        )

    # --- stretches ---------------------------------------------------------------------------
    def _resolve(self) -> None:
        """Try to close the current stretch; leaves it buffered when more lines are needed (not
        once the gold has ended)."""
        gold_buf, pred_buf = self._gold_buffer, self._pred_buffer
        if not self._mismatch_mode:
            # The prediction is read while it is a shorter prefix of the gold (every useful
            # line adds a character: a run of empty lines stops at the limit).
            limit = self._gold_total + self._extra_limit.allowed(self._gold_chars)
            while self._pred_total < self._gold_total and (
                self._agreement() == self._pred_total and len(pred_buf) <= limit
            ):
                pred = self._next_pred()
                if pred is None:
                    break
                self._buffer_pred(pred)
            agreed = self._agreement()
            if agreed == self._gold_total and not self._gold_ended:
                if agreed == self._pred_total:
                    # Same characters, different line breaks (or empty lines): exact.
                    self._close_same_chars()
                return  # or the prediction's line runs on into the next gold line(s)
            gold_chars = "".join(line.chars for line in gold_buf)
            pred_chars = "".join(line.chars for line in pred_buf)
            if gold_chars == pred_chars:
                self._close_same_chars()
                return
            self._enter_mismatch_mode(gold_chars, pred_chars)
        self._resolve_mismatch()

    def _close_same_chars(self) -> None:
        gold_buf, pred_buf = self._gold_buffer, self._pred_buffer
        chars = "".join(line.chars for line in gold_buf)
        self._score_stretch(gold_buf, pred_buf, chars, chars)
        self._clear_buffers()

    def _enter_mismatch_mode(self, gold_chars: str, pred_chars: str) -> None:
        if self._stop_at_first_mismatch:
            stop = _common_prefix_length(gold_chars, pred_chars)
            raise MismatchError(
                _divergence_at(
                    self._gold_buffer,
                    self._pred_buffer,
                    stop,
                    stop,
                    _character_at(gold_chars, stop),
                    _character_at(pred_chars, stop),
                    self._last_gold_number,
                    self.pred_lines_read,
                )
            )
        self._mismatch_mode = True
        self._anchors = _AnchorSearch()
        for gold in self._gold_buffer:
            self._anchors.add_gold(gold)
        for pred in self._pred_buffer:
            self._anchors.add_pred(pred)

    def _resolve_mismatch(self) -> None:
        """Close the stretch at an anchor: equal gold and prediction lines, confirmed."""
        gold_buf, pred_buf, anchors = self._gold_buffer, self._pred_buffer, self._anchors
        for gold in gold_buf[len(anchors.gold_seen) :]:
            anchors.add_gold(gold)
        anchor = self._anchor()
        if anchor is None:
            if not self._gold_ended:
                return
            gold_end, pred_end = len(gold_buf), len(pred_buf)
        else:
            gold_end, pred_end = anchor
        gold_part, pred_part = gold_buf[:gold_end], pred_buf[:pred_end]
        rest_gold, rest_pred = gold_buf[gold_end:], pred_buf[pred_end:]
        self._following = (rest_gold[0] if rest_gold else None, rest_pred[0] if rest_pred else None)
        self._score_stretch(
            gold_part,
            pred_part,
            "".join(line.chars for line in gold_part),
            "".join(line.chars for line in pred_part),
        )
        self._following = (None, None)
        self._mismatch_mode = False
        self._clear_buffers()
        self._pred_pushback.extendleft(reversed([line.text for line in rest_pred]))
        self._pending.extendleft(reversed(rest_gold))
        if not self._feeding:
            self._feed_pending()

    def _anchor(self) -> tuple[int, int] | None:
        """The stretch's anchor, reading prediction lines while a better one may still come."""
        anchors = self._anchors
        allowed = self._extra_limit.allowed(self._gold_chars)
        gold_ended = self._gold_ended
        anchors.gold_complete = gold_ended
        while True:
            # A pair of lines completed later starts at gold line i >= G - 1 (then j >= 0) or
            # at prediction line j >= P - 1 (then i >= 1).
            least = math.inf if gold_ended else len(anchors.gold_seen) - 1
            if not self._pred_exhausted:
                least = min(least, len(anchors.pred_seen))
            anchor = anchors.best(least)
            if anchor is not None or not self._may_read_pred(gold_ended, allowed):
                return anchor
            pred = self._next_pred()
            if pred is not None:
                self._buffer_pred(pred)
                anchors.add_pred(pred)

    def _may_read_pred(self, gold_ended: bool, allowed: int) -> bool:
        """Whether a differing stretch reads one more prediction line (see the class doc)."""
        if self._pred_exhausted:
            return False
        excess = self._pred_buffer_size - self._gold_buffer_size
        if gold_ended:
            if excess > allowed:
                raise self._overrun(excess)
            return True
        return len(self._pred_buffer) <= len(self._gold_buffer) and excess <= allowed

    def _score_stretch(
        self,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        gold_chars: str,
        pred_chars: str,
    ) -> None:
        # (A stretch always holds its first gold line; words past the gold's end are counted
        # apart, by _count_past_end.)
        has_words = [bool(line.chars) for line in gold_lines]
        # Differences are located in the whole lines (a cut moves the stretch's start).
        places = (gold_lines, pred_lines, 0)
        cut = _Cut.find(gold_lines, pred_lines, gold_chars, pred_chars, self._on_detail is not None)
        if cut is not None:
            places = (gold_lines, pred_lines, cut.front)
            gold_lines, pred_lines = cut.gold_lines, cut.pred_lines
            gold_chars = gold_chars[cut.front : len(gold_chars) - cut.back]
            pred_chars = pred_chars[cut.front : len(pred_chars) - cut.back]
        gold_starts = list(_line_starts(gold_lines))
        if gold_chars == pred_chars:
            blocks = [(0, 0, len(gold_chars))]
            misaligned_by_line: dict[int, int] = {}
        else:
            blocks, misaligned_by_line = self._align_chars(
                gold_lines,
                pred_lines,
                gold_starts,
                gold_chars,
                pred_chars,
                has_words,
                places,
            )
        sentences = _Sentences(self, gold_lines, gold_starts, has_words, misaligned_by_line, cut)
        block_pred_starts = [pred_start for _, pred_start, _ in blocks]
        pred_offset = 0
        for pred in pred_lines:
            length = len(pred.chars)
            if not length:
                continue
            index = bisect_right(block_pred_starts, pred_offset) - 1
            if _outside_blocks(blocks, index, pred_offset, pred_offset + length):
                # Junk: every word is unmatched, and faces the same gold position.
                gold_start = _gold_position(blocks, pred_offset)
                sentences.add_unmatched(_sentence_at(has_words, gold_starts, gold_start), pred)
                pred_offset += length
                continue
            words = pred.split()
            for (start, end), word in zip(spans_of(words, pred_offset), words, strict=True):
                index = bisect_right(block_pred_starts, start) - 1
                span: Span | None = None
                if index >= 0 and end <= blocks[index][1] + blocks[index][2]:
                    shift = blocks[index][0] - blocks[index][1]
                    span = (start + shift, end + shift)
                    gold_start = span[0]
                else:
                    gold_start = _gold_position(blocks, start)
                sentences.add(_sentence_at(has_words, gold_starts, gold_start), span, word)
            pred_offset += length
        sentences.finish()

    def _align_chars(
        self,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        gold_starts: list[int],
        gold_chars: str,
        pred_chars: str,
        has_words: list[bool],
        places: tuple[list[GoldLine], list[PredLine], int],
    ) -> tuple[list[tuple[int, int, int]], dict[int, int]]:
        """Matching blocks (gold start, pred start, length) and differing characters per line."""
        head = _common_prefix_length(gold_chars, pred_chars)
        tail = _common_suffix_length(gold_chars[head:], pred_chars[head:])
        gold_mid = gold_chars[head : len(gold_chars) - tail]
        pred_mid = pred_chars[head : len(pred_chars) - tail]
        blocks = [(0, 0, head)] if head else []
        if gold_mid and pred_mid and _alignable(len(gold_mid), len(pred_mid)):
            from difflib import SequenceMatcher  # only differing stretches need it

            matcher = SequenceMatcher(None, gold_mid, pred_mid, autojunk=False)
            blocks.extend(
                (head + i, head + j, size) for i, j, size in matcher.get_matching_blocks() if size
            )
            opcodes = matcher.get_opcodes()
        else:
            opcodes = [("replace", 0, len(gold_mid), 0, len(pred_mid))]
        if tail:
            blocks.append((len(gold_chars) - tail, len(pred_chars) - tail, tail))
        misaligned_by_line: dict[int, int] = {}
        for tag, i1, i2, j1, j2 in opcodes:
            if tag == "equal":
                continue
            changed = max(i2 - i1, j2 - j1)
            self.misaligned_chars += changed
            gold_pos, pred_pos = head + i1, head + j1
            for sentence, chars in _lines_touched(
                gold_lines, has_words, gold_starts, gold_pos, head + i2, changed, places[2] > 0
            ):
                misaligned_by_line[sentence] = misaligned_by_line.get(sentence, 0) + chars
            if len(self.divergences) < self._max_divergences:
                whole_gold, whole_pred, front = places
                self.divergences.append(
                    _divergence_at(
                        whole_gold,
                        whole_pred,
                        front + gold_pos,
                        front + pred_pos,
                        gold_chars[gold_pos : head + i2],
                        pred_chars[pred_pos : head + j2],
                        self._last_gold_number,
                        self.pred_lines_read,
                        self._following,
                    )
                )
        self.misaligned_lines += len(misaligned_by_line)
        return _merge_adjacent(blocks), misaligned_by_line


def _approximate_chars(text: str) -> int:
    """Characters of a text but spaces and line feeds (other white space, rare, counts too):
    the gold's size for the limits, at C speed."""
    return len(text) - text.count(" ") - text.count("\n")


def _alignable(gold_size: int, pred_size: int) -> bool:
    """Whether the middle of a stretch is aligned character by character: SequenceMatcher's
    time grows with the product of both sizes (seconds at 20,000 by 20,000)."""
    smaller, larger = sorted((gold_size, pred_size))
    return smaller <= MAX_CHAR_ALIGNMENT and smaller * larger <= MAX_CHAR_ALIGNMENT**2


def _outside_blocks(blocks: list[tuple[int, int, int]], index: int, start: int, end: int) -> bool:
    """Whether prediction characters [start, end) lie between two matching blocks (``index`` is
    the last block starting at or before ``start``)."""
    if index >= 0 and blocks[index][1] + blocks[index][2] > start:
        return False
    return index + 1 >= len(blocks) or blocks[index + 1][1] >= end


class _Sentences:
    """The predicted words of a stretch, gold line by gold line, in order.

    A predicted word belongs to the gold line facing its start; those lines only grow along the
    prediction, so each line is counted and emitted as soon as the words have moved past it,
    and only one line's words are kept at a time.
    """

    def __init__(
        self,
        aligner: SystemAligner,
        gold_lines: list[GoldLine],
        gold_starts: list[int],
        has_words: list[bool],
        misaligned: dict[int, int],
        cut: _Cut | None,
    ):
        self._aligner = aligner
        self._gold_lines = gold_lines
        self._gold_starts = gold_starts
        self._has_words = has_words
        self._misaligned = misaligned
        self._cut = cut
        self._detail = aligner._on_detail is not None
        self._current = 0  # the line collecting words; those before it are emitted
        self._spans: list[Span | None] = []  # None: the word touches differing characters
        self._words: list[str] = []

    def add(self, sentence: int, span: Span | None, word: str) -> None:
        self._move_to(sentence)
        self._spans.append(span)
        if self._detail:
            self._words.append(word)

    def add_unmatched(self, sentence: int, pred: PredLine) -> None:
        self._move_to(sentence)
        words = pred.split()
        self._spans += [None] * len(words)
        if self._detail:
            self._words += words

    def finish(self) -> None:
        for index in range(self._current, len(self._gold_lines)):
            self._emit_line(index)
            self._spans, self._words = [], []
        for gold, piece in self._cut.trailing if self._cut is not None else ():
            if piece is not None:  # an equal line taken off whole, after the others
                detail = SentenceDetail(gold.number, *piece[1:]) if self._detail else None
                self._aligner._emit(gold.number, (*piece.counts, 0, 0), detail)

    def _move_to(self, sentence: int) -> None:
        if sentence == self._current:
            return
        if sentence < self._current:
            raise RuntimeError("internal error: predicted words out of order in a stretch")
        for index in range(self._current, sentence):
            self._emit_line(index)
            self._spans, self._words = [], []
        self._current = sentence

    def _emit_line(self, index: int) -> None:
        gold = self._gold_lines[index]
        front, back = (None, None)
        if self._cut is not None:
            front, back = self._cut.pieces(index, len(self._gold_lines))
        gold_words = gold.split()
        if not gold_words and not self._spans and front is None and back is None:
            return
        line_start = self._gold_starts[index]
        spans = spans_of(gold_words, line_start)
        oov = list(map(spans.__getitem__, _oov_of(gold_words, gold.dictionary)))
        counts, gold_marks, pred_marks = count_spans(spans, oov, self._spans)
        in_line: list[Span | None] = []
        if self._detail:
            base = self._cut.front if self._cut is not None and index == 0 else 0
            shift = base - line_start
            in_line = [None if s is None else (s[0] + shift, s[1] + shift) for s in self._spans]
        middle = _Part(counts, gold_words, self._words, gold_marks, pred_marks, in_line)
        parts = [part for part in (front, middle, back) if part is not None]
        total = tuple(map(sum, zip(*(part.counts for part in parts), strict=True)))
        misaligned = self._misaligned.get(index, 0)
        detail = None
        if self._detail:
            joined = [list(chain.from_iterable(field)) for field in zip(*parts, strict=True)]
            detail = SentenceDetail(gold.number, *joined[1:])
        self._aligner._emit(gold.number, (*total, int(misaligned > 0), misaligned), detail)


# A stretch whose first or last lines are this long loses their common ends (see _Cut).
CUT_MIN_CHARS = 2_000
# How much text (in characters) is searched, widening, for a correct word near a cut.
_CUT_WINDOWS = (256, 4_096, 65_536)


class _Part(NamedTuple):
    """Counts of a part of a sentence, and for per-sentence reports its words and marks."""

    counts: tuple[int, ...]
    gold_words: list[str]
    pred_words: list[str]
    gold_marks: list[bool]
    pred_marks: list[bool]
    spans: list[Span | None]  # of the predicted words, in the gold line's character offsets


class _Cut:
    """The common ends of a stretch's first and last lines, counted apart like equal lines.

    A long line with one differing character would otherwise be scored word by word with
    spans, the whole line at once. The stretch loses a front part, from its start to the end of
    a word both sides have (a correct word) within the characters their first lines share, and
    a back part, from the start of such a word near the end of their last lines (lines equal on
    both sides at the very end, say the file's last, go whole with it). They are counted from
    the text like equal lines (in C where built) and added to their sentences. Cutting right
    after or before a correct word keeps every count of a sentence the sum of its parts' (S
    included: no run of wrong words crosses a correct word), no word left in the stretch faces
    a line taken off, and the characters in between are aligned exactly as they would have been
    uncut.
    """

    def __init__(
        self,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        front: tuple[int, int, int] | None,
        back: tuple[int, int, int] | None,
        trailing: int,
        detail: bool,
    ):
        kept_gold = gold_lines[: len(gold_lines) - trailing]
        kept_pred = pred_lines[: len(pred_lines) - trailing]
        first_gold, first_pred, last_gold, last_pred = (
            kept_gold[0],
            kept_pred[0],
            kept_gold[-1],
            kept_pred[-1],
        )
        dictionary = first_gold.dictionary
        # Equal lines at the end, taken off whole (None for one without words: no record).
        self.trailing = [
            (gold, _whole_line(gold, pred, dictionary, detail))
            for gold, pred in zip(
                gold_lines[len(kept_gold) :], pred_lines[len(kept_pred) :], strict=True
            )
        ]
        back_chars = back[0] if back else 0
        self.front = front[0] if front else 0  # characters cut at the start of the stretch
        self.back = back_chars + sum(len(gold.chars) for gold, _ in self.trailing)  # at its end
        gold_start, pred_start = front[1:] if front else (0, 0)
        gold_end, pred_end = back[1:] if back else (len(last_gold.text), len(last_pred.text))
        self.gold_lines = _cut_lines(kept_gold, gold_start, gold_end, front, back)
        self.pred_lines = _cut_lines(kept_pred, pred_start, pred_end, front, back)
        self.front_piece = self.back_piece = None
        if front:
            self.front_piece = _count_piece(
                first_gold.text[:gold_start], first_pred.text[:pred_start], dictionary, detail, 0
            )
        if back:
            self.back_piece = _count_piece(
                last_gold.text[gold_end:],
                last_pred.text[pred_end:],
                dictionary,
                detail,
                len(last_gold.chars) - back_chars,
            )

    @classmethod
    def find(
        cls,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        gold_chars: str,
        pred_chars: str,
        detail: bool,
    ) -> _Cut | None:
        if not pred_lines:
            return None
        trailing, trailing_chars = _equal_trailing_lines(gold_lines, pred_lines)
        ends = {0, -1, -1 - trailing}
        if max(len(lines[k].chars) for lines in (gold_lines, pred_lines) for k in ends) < (
            CUT_MIN_CHARS
        ):
            return None
        head = _common_prefix_length(gold_chars, pred_chars)
        tail = _common_suffix_length(gold_chars[head:], pred_chars[head:])
        first_gold, first_pred = gold_lines[0], pred_lines[0]
        front = _front_cut(
            first_gold, first_pred, min(head, len(first_gold.chars), len(first_pred.chars))
        )
        cut = front[0] if front else 0
        back = None
        for taken, taken_chars in {(trailing, trailing_chars), (0, 0)}:
            last_gold, last_pred = gold_lines[-1 - taken], pred_lines[-1 - taken]
            gold_room = len(last_gold.chars) - (cut if len(gold_lines) - taken == 1 else 0)
            pred_room = len(last_pred.chars) - (cut if len(pred_lines) - taken == 1 else 0)
            limit = min(tail - taken_chars, gold_room, pred_room)
            back = _back_cut(last_gold, last_pred, limit)
            if back is not None:
                trailing = taken
                break
        if front is None and back is None:
            return None
        return cls(gold_lines, pred_lines, front, back, trailing if back else 0, detail)

    def pieces(self, index: int, lines: int) -> tuple[_Part | None, _Part | None]:
        """The parts cut off gold line ``index`` of the stretch's ``lines``: front, back."""
        return (
            self.front_piece if index == 0 else None,
            self.back_piece if index == lines - 1 else None,
        )


def _whole_line(
    gold: GoldLine, pred: PredLine, dictionary: Dictionary, detail: bool
) -> _Part | None:
    return _count_piece(gold.text, pred.text, dictionary, detail, 0) if gold.chars else None


def _equal_trailing_lines(
    gold_lines: list[GoldLine], pred_lines: list[PredLine]
) -> tuple[int, int]:
    """How many line pairs at the end of a stretch hold the same characters (one line at least
    is left on each side), and their characters."""
    count = chars = 0
    while count + 1 < min(len(gold_lines), len(pred_lines)):
        gold, pred = gold_lines[-1 - count], pred_lines[-1 - count]
        if gold.chars != pred.chars:
            break
        count += 1
        chars += len(gold.chars)
    return count, chars


def _cut_lines(lines, start: int, end: int, front, back) -> list:
    """The lines of one side with the text before ``start`` in the first line (if ``front``)
    and after ``end`` in the last (if ``back``) taken off."""
    lines = list(lines)
    if len(lines) == 1:
        lines[0] = lines[0].part(start, end)
        return lines
    if front:
        lines[0] = lines[0].part(start, len(lines[0].text))
    if back:
        lines[-1] = lines[-1].part(0, end)
    return lines


def _count_piece(
    gold_text: str, pred_text: str, dictionary: Dictionary, detail: bool, base: int
) -> _Part:
    """A part of a sentence with the same characters on both sides, counted like equal lines
    (``base``: where it starts in its gold line, in characters)."""
    if not detail and native.AVAILABLE:
        counts = native.count_block(gold_text, pred_text, dictionary)
        if counts is not None:
            return _Part(counts, [], [], [], [], [])
    gold_words, pred_words = split_words(gold_text), split_words(pred_text)
    gold_lengths, pred_lengths = list(map(len, gold_words)), list(map(len, pred_words))
    counts = count_equal_chars(gold_lengths, _oov_of(gold_words, dictionary), pred_lengths)
    if not detail:
        return _Part(counts, [], [], [], [], [])
    gold_ends, pred_ends = boundaries(gold_lengths), boundaries(pred_lengths)
    gold_marks, pred_marks = marks_equal_chars(gold_ends, pred_ends)
    spans: list[Span | None] = [(start + base, end + base) for start, end in pairwise(pred_ends)]
    return _Part(counts, gold_words, pred_words, gold_marks, pred_marks, spans)


def _front_cut(gold: GoldLine, pred: PredLine, limit: int) -> tuple[int, int, int] | None:
    """The end of the last correct word in the first ``limit`` characters (which both lines
    share), in characters and as positions in each line's text; None if there is none near."""
    if limit < CUT_MIN_CHARS:
        return None
    gold_text, pred_text = _TextPositions(gold.text), _TextPositions(pred.text)
    for width in _CUT_WINDOWS:
        common = gold_text.words_ending_by(limit, width) & pred_text.words_ending_by(limit, width)
        if common:
            chars = max(end for _, end in common)
            return chars, gold_text.position_after(chars), pred_text.position_after(chars)
    return None


def _back_cut(gold: GoldLine, pred: PredLine, limit: int) -> tuple[int, int, int] | None:
    """The start of the first correct word in the last ``limit`` characters (which both lines
    share), in characters from the end and as positions in each line's text."""
    if limit < CUT_MIN_CHARS:
        return None
    gold_size, pred_size = len(gold.chars), len(pred.chars)
    gold_text, pred_text = _TextPositions(gold.text), _TextPositions(pred.text)
    for width in _CUT_WINDOWS:
        gold_words = gold_text.words_starting_from(gold_size - limit, width)
        pred_words = pred_text.words_starting_from(pred_size - limit, width)
        common = {(gold_size - start, gold_size - end) for start, end in gold_words} & {
            (pred_size - start, pred_size - end) for start, end in pred_words
        }
        if common:
            chars = max(start for start, _ in common)
            return (
                chars,
                gold_text.position_after(gold_size - chars),
                pred_text.position_after(pred_size - chars),
            )
    return None


class _TextPositions:
    """Where a line's characters (white space excluded) stand in its text, found by counting
    the separators at C speed: a long line need not be split into words to be cut."""

    def __init__(self, text: str, separators: str = _SEPARATORS):
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


class _AnchorSearch:
    """Candidate re-synchronisation points of a differing stretch, found incrementally.

    An anchor (i, j) is a non-empty gold line i equal to prediction line j, confirmed by the
    next pair of lines being equal too: pairs of consecutive lines are indexed, so that every
    candidate is confirmed as it is found. The one with the smallest i + j wins (ties: the
    fewest lines inserted or deleted, then the smaller i), and it is taken only once no pair of
    lines read later could give a smaller i + j (:meth:`SystemAligner._anchor`): the choice
    does not depend on how far either side happens to have been read. (Taking the first
    confirmed candidate instead, when 3,000 junk lines are inserted into a text that repeats,
    takes the copy after the right one: it is confirmed one line earlier.) An anchor at the
    first gold line is never taken: a stretch always keeps the gold line where it began, so
    extra prediction lines are attributed to that sentence.

    For each pair of lines only its first positions are kept (two on the gold side, as i = 0
    does not count, one on the prediction side): a later position of the same pair can only
    give a larger i + j. A line repeated any number of times (a test set concatenated several
    times) therefore never hides the right anchor, and memory is one entry per distinct pair.
    """

    def __init__(self) -> None:
        self.gold_seen: list[str] = []
        self.pred_seen: list[str] = []
        self._gold_pairs: dict[tuple[str, str], list[int]] = {}
        self._pred_pairs: dict[tuple[str, str], int] = {}
        self._best: tuple[int, int, int, int] | None = None  # (i + j, |j - i|, i, j)
        self.gold_complete = False  # then prediction pairs need no index: no gold pair follows

    def add_gold(self, line: GoldLine) -> None:
        seen = self.gold_seen
        seen.append(line.chars)
        if len(seen) < 2 or not seen[-2]:
            return
        i = len(seen) - 2
        pair = (seen[-2], seen[-1])
        positions = self._gold_pairs.setdefault(pair, [])
        if len(positions) < 2:
            positions.append(i)
        j = self._pred_pairs.get(pair)
        if j is not None and i >= 1:
            self._offer(i, j)

    def add_pred(self, line: PredLine) -> None:
        seen = self.pred_seen
        seen.append(line.chars)
        if len(seen) < 2 or not seen[-2]:
            return
        j = len(seen) - 2
        pair = (seen[-2], seen[-1])
        if not self.gold_complete:
            self._pred_pairs.setdefault(pair, j)
        for i in self._gold_pairs.get(pair, ()):
            if i >= 1:  # the stretch keeps at least its first gold line
                self._offer(i, j)
                break

    def _offer(self, i: int, j: int) -> None:
        key = (i + j, abs(j - i), i, j)
        if self._best is None or key < self._best:
            self._best = key

    def best(self, least_later: float) -> tuple[int, int] | None:
        """The best anchor, if any found later must have an i + j of ``least_later`` or more."""
        if self._best is None or self._best[0] >= least_later:
            return None
        return self._best[2], self._best[3]


def _divergence_at(
    gold_lines: list[GoldLine],
    pred_lines: list[PredLine],
    gold_pos: int,
    pred_pos: int,
    gold_text: str,
    pred_text: str,
    last_gold: int,
    last_pred: int,
    following: tuple[GoldLine | None, PredLine | None] = (None, None),
) -> Divergence:
    """Where two streams differ; ``last_*`` name the last line read where a side has ended,
    ``following`` the lines after the stretch where it has not."""
    gold_line, gold_col = _line_and_column(
        gold_lines, list(_line_starts(gold_lines)), gold_pos, last_gold, following[0]
    )
    pred_line, pred_col = _line_and_column(
        pred_lines, list(_line_starts(pred_lines)), pred_pos, last_pred, following[1]
    )
    return Divergence(gold_line, gold_col, pred_line, pred_col, gold_text[:20], pred_text[:20])


def _character_at(text: str, position: int) -> str:
    """The character at ``position`` with the combining marks after it ('e' + U+0301 is shown
    as the 'é' it looks like, not as 'e')."""
    end = position + 1
    while end < len(text) and unicodedata.combining(text[end]):
        end += 1
    return text[position:end]


def _chars_between(lines: list, starts: list[int], start: int, end: int) -> str:
    """Characters [start, end) of buffered lines (``starts``: where each line starts)."""
    index = bisect_right(starts, start) - 1
    parts = []
    while start < end:
        line_start, chars = starts[index], lines[index].chars
        piece = chars[start - line_start : end - line_start]
        parts.append(piece)
        start += len(piece)
        index += 1
    return "".join(parts)


def _line_starts(lines: list[GoldLine] | list[PredLine]) -> Iterator[int]:
    offset = 0
    for line in lines:
        yield offset
        offset += len(line.chars)


def _sentence_at(has_words: list[bool], gold_starts: list[int], position: int) -> int:
    """Index of the gold line holding character ``position``, preferring a line with words."""
    index = max(bisect_right(gold_starts, position) - 1, 0)
    if has_words[index]:
        return index
    for other in [*range(index - 1, -1, -1), *range(index + 1, len(has_words))]:
        if has_words[other]:
            return other
    return index


def _gold_position(blocks: list[tuple[int, int, int]], pred_position: int) -> int:
    """The gold position facing a prediction position that lies outside every matching block."""
    gold_position = 0
    for gold_start, pred_start, size in blocks:
        if pred_start > pred_position:
            break
        gold_position = gold_start + min(pred_position - pred_start, size)
    return gold_position


def _line_and_column(
    lines: list[GoldLine] | list[PredLine],
    starts: list[int],
    position: int,
    last_number: int,
    following: GoldLine | PredLine | None = None,
) -> tuple[int, int]:
    """Line number and column of a character; column 0 when the side has no character there."""
    if not lines or position >= starts[-1] + len(lines[-1].chars):
        if following is not None:  # the stretch ends here, the file goes on
            return following.number, _column_in_line(following.text, 0)
        with_text = [line.number for line in lines if line.chars]
        return (with_text[-1] if with_text else last_number), 0
    index = max(bisect_right(starts, position) - 1, 0)
    while (
        index > 0 and position >= starts[index] + len(lines[index].chars) and not lines[index].chars
    ):
        index -= 1
    line = lines[index]
    return line.number, _column_in_line(line.text, position - starts[index])


def _lines_touched(
    gold_lines: list[GoldLine],
    has_words: list[bool],
    gold_starts: list[int],
    start: int,
    end: int,
    changed: int,
    front_cut: bool = False,
) -> list[tuple[int, int]]:
    """Differing characters per gold line for one edit covering gold characters [start, end).

    An insertion (start == end) belongs to the line of the character before it (in the first
    line's front part when that was cut off, see _Cut); characters the prediction has beyond the
    gold's count on the first line touched.
    """
    if start == end:
        if start == 0 and front_cut:
            return [(0, changed)]
        return [(_sentence_at(has_words, gold_starts, max(start - 1, 0)), changed)]
    touched = []
    first = _sentence_at(has_words, gold_starts, start)
    for index in range(first, len(gold_lines)):
        line_start = gold_starts[index]
        if line_start >= end:
            break
        overlap = min(end, line_start + len(gold_lines[index].chars)) - max(start, line_start)
        if overlap > 0:
            touched.append((index, overlap))
    if not touched:
        return [(first, changed)]
    touched[0] = (touched[0][0], touched[0][1] + changed - (end - start))
    return touched


# Columns count every character but white space and U+FEFF (str.isspace() takes U+001C..U+001F);
# lines longer than this are counted at C speed.
_NOT_COUNTED_IN_COLUMNS = _SEPARATORS + "\x1c\x1d\x1e\x1f"
_LONG_LINE = 1_000


def _column_in_line(text: str, char_index: int) -> int:
    """1-based column in the line as written of its ``char_index``-th non-space character."""
    if len(text) > _LONG_LINE:  # counted at C speed rather than character by character
        positions = _TextPositions(text, _NOT_COUNTED_IN_COLUMNS)
        if char_index >= positions.count():
            return len(text) + 1
        return positions.position_after(char_index + 1)
    seen = -1
    for column, char in enumerate(text, 1):
        if not char.isspace() and char != "\ufeff":
            seen += 1
            if seen == char_index:
                return column
    return len(text) + 1


def _common_prefix_length(a: str, b: str) -> int:
    """Length of the common prefix, by bisection on slice comparisons (C speed)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix_length(a: str, b: str) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle :] == b[len(b) - middle :]:
            low = middle
        else:
            high = middle - 1
    return low


def _merge_adjacent(blocks: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    merged: list[tuple[int, int, int]] = []
    for block in blocks:
        if merged:
            gold, pred, size = merged[-1]
            if gold + size == block[0] and pred + size == block[1]:
                merged[-1] = (gold, pred, size + block[2])
                continue
        merged.append(block)
    return merged
