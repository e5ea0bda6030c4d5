"""Aligning a prediction with the gold by character offsets and counting per sentence.

The gold and the prediction are compared as character streams (white space and line breaks
removed); a word is correct when a predicted word covers exactly the same characters. Line breaks
in either file are word boundaries, so differing line breaks cost nothing (docs/metrics.md §1).

The gold is streamed in blocks of lines. A block whose characters the prediction's next lines
hold too is counted in one go (:func:`count_block`); otherwise lines are aligned one by one:
equal line pairs are counted at once, and where lines differ the two sides are buffered until
they re-synchronise (a "stretch"). Memory is bounded by the longest stretch, and a stretch by
the gold's text: how far the prediction may run ahead of the gold, and past its end, is in
:class:`SystemAligner`. A closed stretch is aligned character by character and counted by
:mod:`wsscore.align.stretch` (where long lines are never split into words where their ends
agree); the lines themselves are in :mod:`wsscore.align.lines`.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Container, Iterator
from itertools import islice
from typing import NamedTuple

from wsscore.align.lines import (
    GoldBlock,
    GoldLine,
    PredLine,
    SentenceDetail,
    Span,
    TextPositions,
    chars_of_lines,
    line_starts,
)
from wsscore.align.stretch import (
    CUT_MIN_CHARS,
    Difference,
    common_prefix_length,
    score_stretch,
)
from wsscore.align.stretch import (
    _Cut as _Cut,  # tests/whole/test_reliability_sizes.py spies on the cut through this module
)
from wsscore.core import backend
from wsscore.core.definitions import SEPARATORS
from wsscore.core.records import (
    AgreedLines,
    Counts,
    ExtraCounts,
    Gather,
    LineErrorsFound,
    SentenceRecord,
    SentenceRecords,
)
from wsscore.core.reference import align_equal_words

# Gets what `wsscore errors` needs of lines whose characters agree, with the first line's
# number and the lines' texts.
LineErrorsReceiver = Callable[[int, list[str], list[str], LineErrorsFound], None]


class Divergence(NamedTuple):
    """One place where the prediction's characters differ from the gold's (1-based)."""

    gold_line: int
    gold_col: int
    pred_line: int
    pred_col: int
    gold_text: str
    pred_text: str

    def describe(self, units: tuple[str, str] = ("line", "line")) -> str:
        """``units`` name what the gold's and the prediction's numbers count: lines, or the
        sentences of a file in another format than words."""
        # Short differing texts are often look-alikes ('é' and 'e' + U+0301, 'c' and 'ｃ'):
        # their code points tell them apart.
        points = 0 < len(self.gold_text) <= LOOK_ALIKE and 0 < len(self.pred_text) <= LOOK_ALIKE
        gold = ("gold", units[0], self.gold_line, self.gold_col, self.gold_text)
        pred = ("prediction", units[1], self.pred_line, self.pred_col, self.pred_text)
        return f"{self._side(*gold, points)}, {self._side(*pred, points)}"

    @staticmethod
    def _side(name: str, unit: str, line: int, col: int, text: str, points: bool) -> str:
        if col == 0:  # this side has no character there: it has ended
            return f"the {name} has ended (after {unit} {line})" if line else f"the {name} is empty"
        if not text:
            return f"the {name} has nothing in its place (at {unit} {line} col {col})"
        described = f"{shown(text)} {code_points(text)}" if points else shown(text)
        return f"{name} {unit} {line} col {col} has {described}"


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


def count_block(block: GoldBlock, pred_lines: list[str]) -> Counts | None:
    """Counts of a gold block against as many prediction lines, if they hold the same
    characters (else None: the caller aligns line by line)."""
    return backend.count_equal_text(block.text, "\n".join(pred_lines), block.dictionary)


def count_lines_of(
    gold_lines: list[str],
    pred_lines: list[str],
    dictionary: Container[str] | None,
    first_number: int,
    on_extra: Callable[[ExtraCounts], None] | None,
    on_line_errors: LineErrorsReceiver | None,
) -> AgreedLines:
    """How many leading pairs of lines hold the same characters, the record of each such gold
    line with words (numbered from ``first_number``) and their sum, each line counted on its
    own. ``on_extra`` gets those lines' boundary counts (docs/metrics.md §5), ``on_line_errors``
    their wrong words and word lengths."""
    gather = Gather.COUNTS
    if on_line_errors is not None:
        gather = Gather.ERRORS
    elif on_extra is not None:
        gather = Gather.EXTRA
    found = backend.count_agreeing_lines(gold_lines, pred_lines, dictionary, first_number, gather)
    if found.records and on_line_errors is not None and found.errors is not None:
        on_line_errors(first_number, gold_lines, pred_lines, found.errors)
    elif found.records and on_extra is not None and found.extra is not None:
        on_extra(found.extra)
    return found


class SystemAligner:
    """Aligns one prediction with the gold; fed gold blocks in order, pulls prediction lines.

    Totals add up in :attr:`totals` (a :class:`Counts`). ``records`` (optional) gets a
    :data:`SentenceRecord` for every sentence (and for an empty gold line only when predicted
    words fall on it); ``on_detail`` gets each sentence's words and marks. Either one
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
        records: SentenceRecords | None = None,
        on_detail: Callable[[SentenceDetail], None] | None = None,
        on_extra: Callable[[ExtraCounts], None] | None = None,
        on_line_errors: LineErrorsReceiver | None = None,
        stop_at_first_mismatch: bool = False,
        max_divergences: int = 3,
        extra_limit: ExtraTextLimit = EXTRA_TEXT_LIMITS["warn"],
    ):
        self._pred_source = pred_lines
        self._pred_number = 0
        self._pred_pushback: deque[str] = deque()
        self._pred_done = False
        self._previous_pred: PredLine | None = None
        self._records = records
        self._on_detail = on_detail
        # The detail is wanted for the boundary counts (--extra) only: the backend counts those
        # of a line whose characters agree, and hands them here, without any detail.
        self._on_extra = on_extra
        # Likewise the error analysis, which then needs the detail of differing lines only.
        self._on_line_errors = on_line_errors
        self._by_line = records is not None or on_detail is not None
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
        self.totals = Counts()
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
            if self._count_whole_block(block, texts):
                return
            self._pred_pushback.extend(texts)
        if not self._without_detail():
            for line in block.gold_lines():
                self.feed(line)
            return
        # Runs of lines that agree with theirs are counted at once; a line that does not, and
        # the lines of the differing stretch it opens, are aligned one by one.
        position = 0
        while True:
            if not self._gold_buffer and not self._pending:
                position += self._count_agreeing_lines(block, position)
            if position == len(block.lines):
                break
            self.feed(block.gold_line(position))
            position += 1
        self._last_gold_number = block.first_number + len(block.lines) - 1

    def _without_detail(self) -> bool:
        """Lines whose characters agree need no per-word detail (counted from their text)."""
        return (
            self._on_detail is None
            or self._on_extra is not None
            or self._on_line_errors is not None
        )

    def _count_whole_block(self, block: GoldBlock, texts: list[str]) -> bool:
        """Count the block at once against as many prediction lines if they hold its
        characters (without sentence records); False if they do not."""
        if len(texts) != len(block.lines):
            return False
        counts = count_block(block, texts)
        if counts is not None:
            self._add(counts)
        return counts is not None

    def _count_agreeing_lines(self, block: GoldBlock, start: int) -> int:
        """Count the block's lines from ``start`` on against the next prediction lines, up to
        the first pair that differs, each as ``_count_equal_line`` would; how many."""
        wanted = len(block.lines) - start
        pushback = self._pred_pushback
        texts = [pushback.popleft() for _ in range(min(wanted, len(pushback)))]
        if len(texts) < wanted and not self._pred_done:
            more = list(islice(self._pred_source, wanted - len(texts)))
            self._pred_number += len(more)
            texts += more
        found = count_lines_of(
            block.lines[start : start + len(texts)],
            texts,
            block.dictionary,
            block.first_number + start,
            self._on_extra,
            self._on_line_errors,
        )
        pushback.extendleft(reversed(texts[found.agreed :]))
        if found.records:  # the lines' totals at once, then their records, as _emit gives them
            self._add(found.totals)
            if self._records is not None:
                self._records.extend(found.records)
        return found.agreed

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
        if pred is not None and self._count_equal_line(gold, pred):
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
            same = common_prefix_length(gold, pred)
            self._differs = same < len(gold)
            self._agreed += same
        return self._agreed

    def _add(self, counts: Counts) -> None:
        self.totals += counts

    def _emit(self, number: int, record: Counts, detail: SentenceDetail | None) -> None:
        self._add(record)
        if self._records is not None:
            self._records.append(SentenceRecord(number, record))
        if detail is not None and self._on_detail is not None:
            self._on_detail(detail)

    def _count_equal_line(self, gold: GoldLine, pred: PredLine) -> bool:
        """Count a gold line against a prediction line if they hold the same characters."""
        if self._without_detail():
            found = count_lines_of(
                [gold.text],
                [pred.text],
                gold.dictionary,
                gold.number,
                self._on_extra,
                self._on_line_errors,
            )
            for record in found.records:
                self._emit(record.number, record.counts, None)
            return found.agreed > 0
        if pred.chars != gold.chars:
            return False
        if not gold.words:
            return True
        # The sentence's words are wanted: aligned by the reference, which gives the marks.
        line = align_equal_words(gold.words, pred.words, gold.dictionary)
        spans: list[Span | None] = list(line.pred_spans)
        detail = SentenceDetail(
            gold.number, gold.words, pred.words, line.gold_marks, line.pred_marks, spans
        )
        self._emit(gold.number, line.counts, detail)
        return True

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
        counts = Counts(
            pred_words=words, insertions=words, misaligned_lines=1, misaligned_chars=chars
        )
        self._emit(number, counts, detail)

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
            gold_chars = chars_of_lines(gold_buf)
            pred_chars = chars_of_lines(pred_buf)
            if gold_chars == pred_chars:
                self._close_same_chars()
                return
            self._enter_mismatch_mode(gold_chars, pred_chars)
        self._resolve_mismatch()

    def _close_same_chars(self) -> None:
        gold_buf, pred_buf = self._gold_buffer, self._pred_buffer
        chars = chars_of_lines(gold_buf)
        self._score_stretch(gold_buf, pred_buf, chars, chars)
        self._clear_buffers()

    def _enter_mismatch_mode(self, gold_chars: str, pred_chars: str) -> None:
        if self._stop_at_first_mismatch:
            stop = common_prefix_length(gold_chars, pred_chars)
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
            chars_of_lines(gold_part),
            chars_of_lines(pred_part),
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
        """Count a closed stretch (:func:`~wsscore.align.stretch.score_stretch`), noting where
        its characters differ."""

        def note_divergence(difference: Difference) -> None:
            if len(self.divergences) < self._max_divergences:
                self.divergences.append(
                    _divergence_at(
                        gold_lines,
                        pred_lines,
                        difference.gold_start,
                        difference.pred_start,
                        gold_chars[difference.gold_start : difference.gold_end],
                        pred_chars[difference.pred_start : difference.pred_end],
                        self._last_gold_number,
                        self.pred_lines_read,
                        self._following,
                    )
                )

        result = score_stretch(
            gold_lines,
            pred_lines,
            emit=self._emit,
            on_difference=note_divergence,
            # With --extra alone the detail is wanted for the extra counts only: the stretch
            # gives those, without a long line's words (its common ends are counted in C).
            details=self._on_detail is not None and self._on_extra is None,
            emit_extra=self._on_extra,
            chars=(gold_chars, pred_chars),
            # Read at each call, so that setting it on this module (as
            # tests/whole/test_reliability_sizes.py does) compares a stretch whole and cut.
            cut_min_chars=CUT_MIN_CHARS,
        )
        self.misaligned_chars += result.misaligned_chars
        self.misaligned_lines += result.misaligned_lines


def _approximate_chars(text: str) -> int:
    """Characters of a text but spaces and line feeds (other white space, rare, counts too):
    the gold's size for the limits, at C speed."""
    return len(text) - text.count(" ") - text.count("\n")


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
        gold_lines, list(line_starts(gold_lines)), gold_pos, last_gold, following[0]
    )
    pred_line, pred_col = _line_and_column(
        pred_lines, list(line_starts(pred_lines)), pred_pos, last_pred, following[1]
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


# Columns count every character but white space and U+FEFF (str.isspace() takes U+001C..U+001F);
# lines longer than this are counted at C speed.
_NOT_COUNTED_IN_COLUMNS = SEPARATORS + "\x1c\x1d\x1e\x1f"
_LONG_LINE = 1_000


def _column_in_line(text: str, char_index: int) -> int:
    """1-based column in the line as written of its ``char_index``-th non-space character."""
    if len(text) > _LONG_LINE:  # counted at C speed rather than character by character
        positions = TextPositions(text, _NOT_COUNTED_IN_COLUMNS)
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
