"""Aligning a prediction with the gold by character offsets and counting per sentence.

The gold and the prediction are compared as character streams (white space and line breaks
removed); a word is correct when a predicted word covers exactly the same characters. Line breaks
in either file are word boundaries, so differing line breaks cost nothing (docs/metrics.md §1).

The gold is streamed in blocks of lines. A block whose characters the prediction's next lines
hold too is counted in one go; otherwise lines are aligned one by one: equal line pairs are
counted at once (both in :mod:`wsscore.align.equal_lines`), and where lines differ the two sides
are buffered (:mod:`wsscore.align.buffers`) until they re-synchronise (a "stretch", closed at
an anchor: :mod:`wsscore.align.anchors`). Memory is bounded by the longest stretch, and a
stretch by the gold's text: how far the prediction may run ahead of the gold, and past its end,
is in :class:`SystemAligner` and :mod:`wsscore.align.limits`. A closed stretch is aligned
character by character and counted by :mod:`wsscore.align.stretch` (where long lines are never
split into words where their ends agree); the lines themselves are in :mod:`wsscore.align.lines`,
the prediction's as they are read in :mod:`wsscore.align.prediction`.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator

from wsscore import native
from wsscore.align.anchors import AnchorSearch
from wsscore.align.buffers import StretchBuffers
from wsscore.align.characters import Difference, common_prefix_length
from wsscore.align.divergence import (
    Divergence,
    MismatchError,
    StretchLines,
    character_at,
    divergence_at,
)
from wsscore.align.equal_lines import EqualLineCounter, LineErrorsReceiver
from wsscore.align.limits import EXTRA_TEXT_LIMITS, ExtraTextLimit, ReadLimits
from wsscore.align.lines import GoldBlock, GoldLine, PredLine, SentenceDetail, chars_of_lines
from wsscore.align.past_end import read_past_end
from wsscore.align.prediction import PredictionLines
from wsscore.align.stretch import score_stretch
from wsscore.core.records import SentenceRecords


class SystemAligner(EqualLineCounter):
    """Aligns one prediction with the gold; fed gold blocks in order, pulls prediction lines.

    Its counts are kept by its base, :class:`~wsscore.align.equal_lines.EqualLineCounter`,
    which also counts the lines that agree: totals add up in :attr:`totals`. ``records``
    (optional) gets a :data:`SentenceRecord` for every sentence (and for an empty gold line
    only when predicted words fall on it); ``on_detail`` gets each sentence's words and marks.
    Either one makes the aligner work line by line; without them, blocks whose characters
    agree with the prediction's are counted in one go.

    Memory stays bounded on hostile input (an endless prediction, a wrong file, junk appended)
    by the limits of :class:`~wsscore.align.limits.ReadLimits` on reading the prediction ahead
    of the gold and past its end (``extra_limit``); ``stop_at_first_mismatch``
    (``--mismatch error``) refuses the first character that differs.
    """

    def __init__(
        self,
        pred_lines: Iterator[str],
        *,
        records: SentenceRecords | None = None,
        on_detail: Callable[[SentenceDetail], None] | None = None,
        on_extra: Callable[[tuple[int, ...]], None] | None = None,
        on_line_errors: LineErrorsReceiver | None = None,
        stop_at_first_mismatch: bool = False,
        max_divergences: int = 3,
        extra_limit: ExtraTextLimit = EXTRA_TEXT_LIMITS["warn"],
    ):
        super().__init__(records, on_detail, on_extra, on_line_errors)
        self._prediction = PredictionLines(pred_lines)
        self._stop_at_first_mismatch = stop_at_first_mismatch
        self._max_divergences = max_divergences
        self._limits = ReadLimits(extra_limit)
        self._buffers = StretchBuffers()
        self._gold_done = False
        # Gold lines to feed again after a stretch closed before them (a queue, not recursion).
        self._pending: deque[GoldLine] = deque()
        self._feeding = False
        self._mismatch_mode = False
        self._anchors = AnchorSearch()
        self._last_gold_number = 0
        # The lines right after a differing stretch, to name the place of a missing line.
        self._following: tuple[GoldLine | None, PredLine | None] = (None, None)
        self.divergences: list[Divergence] = []
        self.misaligned_chars = 0
        self.misaligned_lines = 0

    @property
    def pred_lines_read(self) -> int:
        return self._prediction.lines_read

    @property
    def _gold_ended(self) -> bool:
        """No gold line is left to feed (lines fed again after a stretch count as not fed)."""
        return self._gold_done and not self._pending

    def drain(self, max_lines: int | None = None) -> tuple[int, bool]:
        """Read the rest of the prediction without scoring it: the number of lines it has, and
        whether its end was reached (an endless input is read ``max_lines`` more lines at most)."""
        return self._prediction.drain(max_lines)

    # --- gold side ---------------------------------------------------------------------------
    def feed_block(self, block: GoldBlock) -> None:
        """Count a block of gold lines at once where possible, else line by line."""
        self._last_gold_number = block.first_number + len(block.lines) - 1
        self._limits.add_gold(block.text)
        if not self._by_line and not self._buffers.gold and not self._prediction.has_pushback:
            texts = self._prediction.take(len(block.lines))
            if self._count_whole_block(block, texts):
                return
            self._prediction.push_back(texts)
        if not (self._without_detail() and native.AVAILABLE):
            for line in block.gold_lines():
                self.feed(line)
            return
        # The C speed-ups count runs of lines that agree with theirs at once; a line that does
        # not, and the lines of the differing stretch it opens, are aligned one by one.
        position = 0
        while True:
            if not self._buffers.gold and not self._pending:
                position += self._count_agreeing_lines(block, position, self._prediction)
            if position == len(block.lines):
                break
            self.feed(block.gold_line(position))
            position += 1
        self._last_gold_number = block.first_number + len(block.lines) - 1

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
        if self._buffers.gold:
            self._buffers.add_gold(gold)
            self._resolve()
            return
        pred = self._prediction.next()
        if pred is not None and self._count_equal_line(gold, pred):
            return
        self._buffers.add_gold(gold)
        if pred is not None:
            self._buffer_pred(pred)
        self._resolve()

    def finish(self) -> None:
        """The gold has ended: align what is left, then count prediction lines past its end."""
        self._gold_done = True
        while self._buffers.gold:
            self._resolve()  # closes the stretch (at an anchor, it feeds the lines after again)
        self._count_past_end()

    def _buffer_pred(self, line: PredLine) -> None:
        # Only the check of line breaks, before the mismatch mode, compares the characters.
        self._buffers.add_pred(line, compared=not self._mismatch_mode)

    def _count_past_end(self) -> None:
        """Prediction lines past the end of the gold, aligned with nothing: one record for the
        line after the gold's last (:mod:`wsscore.align.past_end`)."""
        past = read_past_end(
            self._prediction,
            self._limits,
            self._last_gold_number,
            keep_words=self._on_detail is not None,
            refuse_any=self._stop_at_first_mismatch,
        )
        if past is None:
            return
        self.misaligned_chars += past.chars
        self.misaligned_lines += 1
        if len(self.divergences) < self._max_divergences:
            self.divergences.append(past.divergence(self._last_gold_number))
        number = self._last_gold_number + 1
        self._emit(number, past.counts(), past.detail(number))

    # --- stretches ---------------------------------------------------------------------------
    def _resolve(self) -> None:
        """Try to close the current stretch; leaves it buffered when more lines are needed (not
        once the gold has ended)."""
        buffers = self._buffers
        if not self._mismatch_mode:
            # The prediction is read while it is a shorter prefix of the gold (every useful
            # line adds a character: a run of empty lines stops at the limit).
            limit = buffers.gold_total + self._limits.allowed()
            while buffers.pred_total < buffers.gold_total and (
                buffers.agreement() == buffers.pred_total and len(buffers.pred) <= limit
            ):
                pred = self._prediction.next()
                if pred is None:
                    break
                self._buffer_pred(pred)
            agreed = buffers.agreement()
            if agreed == buffers.gold_total and not self._gold_ended:
                if agreed == buffers.pred_total:
                    # Same characters, different line breaks (or empty lines): exact.
                    self._close_same_chars()
                return  # or the prediction's line runs on into the next gold line(s)
            gold_chars = chars_of_lines(buffers.gold)
            pred_chars = chars_of_lines(buffers.pred)
            if gold_chars == pred_chars:
                self._close_same_chars()
                return
            self._enter_mismatch_mode(gold_chars, pred_chars)
        self._resolve_mismatch()

    def _close_same_chars(self) -> None:
        gold_buf, pred_buf = self._buffers.gold, self._buffers.pred
        chars = chars_of_lines(gold_buf)
        self._score_stretch(gold_buf, pred_buf, chars, chars)
        self._buffers.clear()

    def _enter_mismatch_mode(self, gold_chars: str, pred_chars: str) -> None:
        if self._stop_at_first_mismatch:
            stop = common_prefix_length(gold_chars, pred_chars)
            raise MismatchError(
                divergence_at(
                    self._stretch_lines(self._buffers.gold, self._buffers.pred),
                    stop,
                    stop,
                    character_at(gold_chars, stop),
                    character_at(pred_chars, stop),
                )
            )
        self._mismatch_mode = True
        self._anchors = AnchorSearch.of(self._buffers.gold, self._buffers.pred)

    def _resolve_mismatch(self) -> None:
        """Close the stretch at an anchor: equal gold and prediction lines, confirmed."""
        gold_buf, pred_buf, anchors = self._buffers.gold, self._buffers.pred, self._anchors
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
        self._buffers.clear()
        self._prediction.push_back([line.text for line in rest_pred])
        self._pending.extendleft(reversed(rest_gold))
        if not self._feeding:
            self._feed_pending()

    def _anchor(self) -> tuple[int, int] | None:
        """The stretch's anchor, reading prediction lines while a better one may still come."""
        anchors = self._anchors
        gold_ended = self._gold_ended
        anchors.gold_complete = gold_ended
        while True:
            # A pair of lines completed later starts at gold line i >= G - 1 (then j >= 0) or
            # at prediction line j >= P - 1 (then i >= 1).
            least = math.inf if gold_ended else len(anchors.gold_seen) - 1
            if not self._prediction.exhausted:
                least = min(least, len(anchors.pred_seen))
            anchor = anchors.best(least)
            if anchor is not None or not self._may_read_pred(gold_ended):
                return anchor
            pred = self._prediction.next()
            if pred is not None:
                self._buffer_pred(pred)
                anchors.add_pred(pred)

    def _may_read_pred(self, gold_ended: bool) -> bool:
        """Whether a differing stretch reads one more prediction line (see the class doc)."""
        if self._prediction.exhausted:
            return False
        buffers = self._buffers
        if gold_ended:
            self._limits.refuse_overrun(
                buffers.excess, self._last_gold_number, self._prediction.lines_read
            )
            return True
        return self._limits.may_read_ahead(len(buffers.pred), len(buffers.gold), buffers.excess)

    def _stretch_lines(
        self, gold_lines: list[GoldLine], pred_lines: list[PredLine]
    ) -> StretchLines:
        """A stretch's lines, with what names a place where a side has no character there."""
        last_pred = self._prediction.lines_read
        return StretchLines(
            gold_lines, pred_lines, self._last_gold_number, last_pred, self._following
        )

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
                    divergence_at(
                        self._stretch_lines(gold_lines, pred_lines),
                        difference.gold_start,
                        difference.pred_start,
                        gold_chars[difference.gold_start : difference.gold_end],
                        pred_chars[difference.pred_start : difference.pred_end],
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
        )
        self.misaligned_chars += result.misaligned_chars
        self.misaligned_lines += result.misaligned_lines
