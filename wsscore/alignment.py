"""Aligning a prediction with the gold by character offsets and counting per sentence.

The gold and the prediction are compared as character streams (white space and line breaks
removed); a word is correct when a predicted word covers exactly the same characters. Line breaks
in either file are word boundaries, so differing line breaks cost nothing (metrics.md §1).

The gold is streamed in blocks of lines. A block whose characters the prediction's next lines
hold too is counted in one go (:func:`count_block`); otherwise lines are aligned one by one:
equal line pairs are counted at once, and where lines differ the two sides are buffered until
they re-synchronise (a "stretch"), so memory is bounded by the longest stretch.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Container, Iterator, Sequence
from itertools import accumulate, chain, islice, pairwise
from typing import NamedTuple

from . import native
from .counting import boundaries, count_equal_chars, count_spans, marks_equal_chars, oov_words
from .words import needs_exact_split, spans_of, split_words

Span = tuple[int, int]
# Per-sentence record: (gold line number, counts in Counts field order).
SentenceRecord = tuple[int, tuple[int, ...]]
Dictionary = Container[str] | None  # a set, or the C speed-ups' Vocabulary

# Beyond this size on both sides the middle of a differing stretch is not aligned character by
# character (SequenceMatcher is quadratic there); all of it counts as differing.
MAX_CHAR_ALIGNMENT = 20_000


class GoldLine(NamedTuple):
    """One gold line, split once and shared by every system scored against it."""

    number: int  # 1-based line number in the gold file
    text: str
    words: list[str]
    chars: str
    lengths: list[int]  # of the words, in characters
    ends: list[int]  # 0 and the end offset of each word
    oov_words: list[int]  # indices of the words not in the dictionary

    @classmethod
    def build(cls, number: int, text: str, dictionary: Dictionary) -> GoldLine:
        words = split_words(text)
        lengths = list(map(len, words))
        oov = oov_words(words, dictionary) if dictionary is not None else []
        return cls(number, text, words, "".join(words), lengths, boundaries(lengths), oov)


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


class PredLine(NamedTuple):
    number: int
    text: str
    words: list[str]
    chars: str


class Divergence(NamedTuple):
    """One place where the prediction's characters differ from the gold's (1-based)."""

    gold_line: int
    gold_col: int
    pred_line: int
    pred_col: int
    gold_text: str
    pred_text: str

    def describe(self) -> str:
        return f"{self._side('gold', self.gold_line, self.gold_col, self.gold_text)}, " + (
            self._side("prediction", self.pred_line, self.pred_col, self.pred_text)
        )

    @staticmethod
    def _side(name: str, line: int, col: int, text: str) -> str:
        if col == 0:  # this side has no character there: it has ended
            return f"the {name} has ended (after line {line})" if line else f"the {name} is empty"
        if not text:
            return f"the {name} has nothing in its place (at line {line} col {col})"
        return f"{name} line {line} col {col} has {shown(text)}"


def shown(text: str) -> str:
    """``repr`` of a text, with bytes kept undecoded shown as ``\\xNN`` rather than ``\\udcNN``."""
    return _KEPT_BYTE.sub(r"\\x\1", repr(text))


_KEPT_BYTE = re.compile(r"\\udc([89a-f][0-9a-f])")


class MismatchError(Exception):
    """Raised under ``--mismatch error`` at the first character that differs."""

    def __init__(self, divergence: Divergence):
        super().__init__(divergence.describe())
        self.divergence = divergence


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
    """

    def __init__(
        self,
        pred_lines: Iterator[str],
        *,
        on_sentence: Callable[[SentenceRecord], None] | None = None,
        on_detail: Callable[[SentenceDetail], None] | None = None,
        stop_at_first_mismatch: bool = False,
        max_divergences: int = 3,
    ):
        self._pred_source = pred_lines
        self._pred_number = 0
        self._pred_pushback: deque[str] = deque()
        self._pred_done = False
        self._on_sentence = on_sentence
        self._on_detail = on_detail
        self._by_line = on_sentence is not None or on_detail is not None
        self._stop_at_first_mismatch = stop_at_first_mismatch
        self._max_divergences = max_divergences
        self._gold_buffer: list[GoldLine] = []
        self._pred_buffer: list[PredLine] = []
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
        words = split_words(text)
        return PredLine(self.pred_lines_read, text, words, "".join(words))

    def drain(self) -> int:
        """Read the rest of the prediction without scoring it; the number of lines it has."""
        for _ in self._pred_source:
            self._pred_number += 1
        return self._pred_number

    # --- gold side ---------------------------------------------------------------------------
    def feed_block(self, block: GoldBlock) -> None:
        """Count a block of gold lines at once where possible, else line by line."""
        self._last_gold_number = block.first_number + len(block.lines) - 1
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
        self._last_gold_number = gold.number
        if self._gold_buffer:
            self._gold_buffer.append(gold)
            self._resolve()
            return
        pred = self._next_pred()
        if pred is not None and pred.chars == gold.chars:
            self._count_equal_line(gold, pred)
            return
        self._gold_buffer.append(gold)
        if pred is not None:
            self._pred_buffer.append(pred)
        self._resolve()

    def finish(self) -> None:
        """The gold has ended: align what is left, including prediction lines past its end."""
        while (pred := self._next_pred()) is not None:
            self._pred_buffer.append(pred)
        if self._gold_buffer or any(line.words for line in self._pred_buffer):
            self._resolve(final=True)
        self._pred_buffer.clear()

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

    # --- stretches ---------------------------------------------------------------------------
    def _resolve(self, *, final: bool = False) -> None:
        """Try to close the current stretch; leaves it buffered when more lines are needed."""
        gold_buf, pred_buf = self._gold_buffer, self._pred_buffer
        if not self._mismatch_mode:
            gold_chars = "".join(line.chars for line in gold_buf)
            pred_chars = "".join(line.chars for line in pred_buf)
            while len(pred_chars) < len(gold_chars) and gold_chars.startswith(pred_chars):
                pred = self._next_pred()
                if pred is None:
                    break
                pred_buf.append(pred)
                pred_chars += pred.chars
            if gold_chars == pred_chars:
                # Same characters, different line breaks (or empty lines): exact, no mismatch.
                self._score_stretch(gold_buf, pred_buf, gold_chars, pred_chars)
                gold_buf.clear()
                pred_buf.clear()
                return
            if pred_chars.startswith(gold_chars) and not final:
                return  # the prediction's line runs on into the next gold line(s)
            self._enter_mismatch_mode(gold_chars, pred_chars)
        self._resolve_mismatch(final)

    def _enter_mismatch_mode(self, gold_chars: str, pred_chars: str) -> None:
        if self._stop_at_first_mismatch:
            stop = _common_prefix_length(gold_chars, pred_chars)
            raise MismatchError(
                _divergence_at(
                    self._gold_buffer,
                    self._pred_buffer,
                    stop,
                    stop,
                    gold_chars[stop : stop + 1],
                    pred_chars[stop : stop + 1],
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

    def _resolve_mismatch(self, final: bool) -> None:
        """Close the stretch at an anchor: equal gold and prediction lines, confirmed."""
        gold_buf, pred_buf, anchors = self._gold_buffer, self._pred_buffer, self._anchors
        for gold in gold_buf[len(anchors.gold_seen) :]:
            anchors.add_gold(gold)
        # Keep the prediction side one line ahead of the gold side, so an extra or a missing
        # line on either side is found within one line of look-ahead.
        while len(pred_buf) < len(gold_buf) + 1:
            pred = self._next_pred()
            if pred is None:
                break
            pred_buf.append(pred)
            anchors.add_pred(pred)
        anchor = None if final else anchors.best()
        if anchor is None:
            if not final:
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
        gold_buf.clear()
        pred_buf.clear()
        self._pred_pushback.extendleft(reversed([line.text for line in rest_pred]))
        for gold in rest_gold:
            self.feed(gold)

    def _score_stretch(
        self,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        gold_chars: str,
        pred_chars: str,
    ) -> None:
        if not gold_lines:  # prediction words past the end of the gold
            gold_lines = [GoldLine(self._last_gold_number + 1, "", [], "", [], [0], [])]
        gold_starts = list(_line_starts(gold_lines))
        if gold_chars == pred_chars:
            blocks = [(0, 0, len(gold_chars))]
            misaligned_by_line: dict[int, int] = {}
        else:
            blocks, misaligned_by_line = self._align_chars(
                gold_lines, pred_lines, gold_starts, gold_chars, pred_chars
            )
        block_pred_starts = [pred_start for _, pred_start, _ in blocks]
        pred_by_sentence: dict[int, list[Span]] = {}
        pred_words_by_sentence: dict[int, list[str]] = {}
        in_line_by_sentence: dict[int, list[Span | None]] = {}
        unmatched = 0
        pred_offset = 0
        for pred in pred_lines:
            for (start, end), word in zip(
                spans_of(pred.words, pred_offset), pred.words, strict=True
            ):
                index = bisect_right(block_pred_starts, start) - 1
                if index >= 0 and end <= blocks[index][1] + blocks[index][2]:
                    shift = blocks[index][0] - blocks[index][1]
                    span = (start + shift, end + shift)
                    gold_start = span[0]
                    matched = True
                else:
                    unmatched += 1
                    span = (-unmatched, -unmatched)  # can never equal a gold span
                    gold_start = _gold_position(blocks, start)
                    matched = False
                sentence = _sentence_at(gold_lines, gold_starts, gold_start)
                pred_by_sentence.setdefault(sentence, []).append(span)
                pred_words_by_sentence.setdefault(sentence, []).append(word)
                if self._on_detail is not None:
                    line_start = gold_starts[sentence]
                    in_line = (span[0] - line_start, span[1] - line_start) if matched else None
                    in_line_by_sentence.setdefault(sentence, []).append(in_line)
            pred_offset += len(pred.chars)
        for index, gold in enumerate(gold_lines):
            pred_spans = pred_by_sentence.get(index, [])
            if not gold.words and not pred_spans:
                continue
            offset = gold_starts[index]
            spans = spans_of(gold.words, offset)
            oov = list(map(spans.__getitem__, gold.oov_words))
            counts, gold_marks, pred_marks = count_spans(spans, oov, pred_spans)
            misaligned = misaligned_by_line.get(index, 0)
            detail = None
            if self._on_detail is not None:
                words = pred_words_by_sentence.get(index, [])
                detail = SentenceDetail(
                    gold.number,
                    gold.words,
                    words,
                    gold_marks,
                    pred_marks,
                    in_line_by_sentence.get(index, []),
                )
            self._emit(gold.number, (*counts, int(misaligned > 0), misaligned), detail)

    def _align_chars(
        self,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        gold_starts: list[int],
        gold_chars: str,
        pred_chars: str,
    ) -> tuple[list[tuple[int, int, int]], dict[int, int]]:
        """Matching blocks (gold start, pred start, length) and differing characters per line."""
        head = _common_prefix_length(gold_chars, pred_chars)
        tail = _common_suffix_length(gold_chars[head:], pred_chars[head:])
        gold_mid = gold_chars[head : len(gold_chars) - tail]
        pred_mid = pred_chars[head : len(pred_chars) - tail]
        blocks = [(0, 0, head)] if head else []
        if gold_mid and pred_mid and min(len(gold_mid), len(pred_mid)) <= MAX_CHAR_ALIGNMENT:
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
                gold_lines, gold_starts, gold_pos, head + i2, changed
            ):
                misaligned_by_line[sentence] = misaligned_by_line.get(sentence, 0) + chars
            if len(self.divergences) < self._max_divergences:
                self.divergences.append(
                    _divergence_at(
                        gold_lines,
                        pred_lines,
                        gold_pos,
                        pred_pos,
                        gold_chars[gold_pos : head + i2],
                        pred_chars[pred_pos : head + j2],
                        self._last_gold_number,
                        self.pred_lines_read,
                        self._following,
                    )
                )
        self.misaligned_lines += len(misaligned_by_line)
        return _merge_adjacent(blocks), misaligned_by_line


class _AnchorSearch:
    """Candidate re-synchronisation points of a differing stretch, found incrementally.

    An anchor (i, j) is a non-empty gold line i equal to prediction line j, confirmed by the
    next pair of lines being equal too; the one with the smallest i + j wins. An anchor at the
    first gold line is never taken: a stretch always keeps the gold line where it began, so
    extra prediction lines are attributed to that sentence.
    """

    MAX_PER_LINE = 8  # a line repeated more often (e.g. "。") is a poor anchor anyway

    def __init__(self) -> None:
        self.gold_seen: list[str] = []
        self.pred_seen: list[str] = []
        self._gold_index: dict[str, list[int]] = {}
        self._pred_index: dict[str, list[int]] = {}
        self._candidates: set[tuple[int, int]] = set()

    def add_gold(self, line: GoldLine) -> None:
        self._add(line.chars, self.gold_seen, self._gold_index, self._pred_index, gold_side=True)

    def add_pred(self, line: PredLine) -> None:
        self._add(line.chars, self.pred_seen, self._pred_index, self._gold_index, gold_side=False)

    def _add(self, chars, seen, own_index, other_index, *, gold_side: bool) -> None:
        position = len(seen)
        seen.append(chars)
        if not chars:
            return
        positions = own_index.setdefault(chars, [])
        if len(positions) < self.MAX_PER_LINE:
            positions.append(position)
        for other in other_index.get(chars, ()):
            pair = (position, other) if gold_side else (other, position)
            if pair[0] >= 1:  # the stretch keeps at least its first gold line
                self._candidates.add(pair)

    def best(self) -> tuple[int, int] | None:
        best: tuple[int, int] | None = None
        for pair in list(self._candidates):
            i, j = pair
            if i + 1 >= len(self.gold_seen) or j + 1 >= len(self.pred_seen):
                continue  # not confirmable yet
            if self.gold_seen[i + 1] != self.pred_seen[j + 1]:
                self._candidates.discard(pair)
                continue
            if best is None or i + j < sum(best):
                best = pair
        return best


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


def _line_starts(lines: list[GoldLine] | list[PredLine]) -> Iterator[int]:
    offset = 0
    for line in lines:
        yield offset
        offset += len(line.chars)


def _sentence_at(gold_lines: list[GoldLine], gold_starts: list[int], position: int) -> int:
    """Index of the gold line holding character ``position``, preferring a line with words."""
    index = max(bisect_right(gold_starts, position) - 1, 0)
    if gold_lines[index].words:
        return index
    for other in [*range(index - 1, -1, -1), *range(index + 1, len(gold_lines))]:
        if gold_lines[other].words:
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
    gold_lines: list[GoldLine], gold_starts: list[int], start: int, end: int, changed: int
) -> list[tuple[int, int]]:
    """Differing characters per gold line for one edit covering gold characters [start, end).

    An insertion (start == end) belongs to the line of the character before it; characters the
    prediction has beyond the gold's count on the first line touched.
    """
    if start == end:
        return [(_sentence_at(gold_lines, gold_starts, max(start - 1, 0)), changed)]
    touched = []
    first = _sentence_at(gold_lines, gold_starts, start)
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


def _column_in_line(text: str, char_index: int) -> int:
    """1-based column in the line as written of its ``char_index``-th non-space character."""
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
