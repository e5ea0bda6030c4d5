"""Aligning a prediction with the gold by character offsets and counting per sentence.

The gold and the prediction are compared as character streams (white space and line breaks
removed); a word is correct when a predicted word covers exactly the same characters. Line breaks
in either file are word boundaries, so differing line breaks cost nothing (docs/metrics.md §1).

The gold is streamed in blocks of lines. A block whose characters the prediction's next lines
hold too is counted in one go; otherwise lines are aligned one by one: equal line pairs are
counted at once (both in :mod:`wsscore.align.equal_lines`), and where lines differ the two sides
are buffered (:mod:`wsscore.align.buffers`) until they re-synchronise: a "stretch", closed
(:mod:`wsscore.align.closing`) where both sides have the same characters again or at an anchor
(:mod:`wsscore.align.anchors`). Memory is bounded by the longest stretch, and a stretch by the
gold's text: how far the prediction may run ahead of the gold, and past its end, and the gold
past the prediction's end, is in :mod:`wsscore.align.limits`; the lines past the gold's end are
counted by :mod:`wsscore.align.past_end`, the gold's lines past the prediction's end by
:mod:`wsscore.align.unmatched_gold`. A closed stretch is aligned character by character
(:mod:`wsscore.align.characters`) and counted by :mod:`wsscore.align.stretch` (where long lines
are never split into words where their ends agree). The lines themselves are in
:mod:`wsscore.align.lines`, the prediction's as they are read in :mod:`wsscore.align.prediction`;
where a divergence is, in :mod:`wsscore.align.divergence`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from wsscore.align.buffers import StretchBuffers
from wsscore.align.characters import Difference
from wsscore.align.closing import StretchCloser
from wsscore.align.divergence import Divergence, StretchLines, divergence_at
from wsscore.align.equal_lines import EqualLineCounter, LineErrorsReceiver
from wsscore.align.limits import EXTRA_TEXT_LIMITS, ReadLimits
from wsscore.align.lines import GoldBlock, GoldLine, chars_of_lines
from wsscore.align.past_end import read_past_end
from wsscore.align.prediction import PredictionLines
from wsscore.align.stretch import score_stretch
from wsscore.align.unmatched_gold import UnmatchedGold
from wsscore.core.records import ExtraCounts, SentenceDetail, SentenceRecords, SentenceSpans
from wsscore.core.sentence_spans import count_sentence_spans
from wsscore.core.type_sets import TypeSets


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
    of the gold and past its end (``limits``; by default those of ``--mismatch warn``, with a
    gold that ends); ``stop_at_first_mismatch``
    (``--mismatch error``) refuses the first character that differs.
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
        limits: ReadLimits | None = None,
    ):
        super().__init__(records, on_detail, on_extra, on_line_errors)
        self._prediction = PredictionLines(pred_lines)
        self._stop_at_first_mismatch = stop_at_first_mismatch
        self._max_divergences = max_divergences
        self._limits = limits or ReadLimits(EXTRA_TEXT_LIMITS["warn"])
        self._buffers = StretchBuffers()
        self._gold_done = False
        # Gold lines to feed again after a stretch closed before them (a queue, not recursion).
        self._pending: deque[GoldLine] = deque()
        self._feeding = False
        self._closer = StretchCloser(
            self._prediction, self._buffers, self._limits, stop_at_first_mismatch
        )
        self._last_gold_number = 0
        self.divergences: list[Divergence] = []
        self._unmatched = UnmatchedGold(self._limits, self.divergences, max_divergences)
        self.misaligned_chars = 0
        self.misaligned_lines = 0
        self._types: TypeSets | None = None

    def collect_types(self, types: TypeSets) -> None:
        """Add the gold's words and the prediction's to ``types`` as they are read (the type
        counts of --extra, docs/metrics.md §5.11): the gold's block by block, the prediction's
        line by line, each once."""
        self._types = types
        self._prediction.watch(types.pred.add)

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
        if self._types is not None:
            self._types.gold.add(block.text)
        if not self._by_line and not self._buffers.gold and not self._prediction.has_pushback:
            texts = self._prediction.take(len(block.lines))
            if self._count_whole_block(block, texts):
                return
            self._prediction.push_back(texts)
        if not self._without_detail():
            for position in range(len(block.lines)):
                if self._faces_nothing():
                    self._count_unmatched(block, position)
                    return
                self.feed(block.gold_line(position))
            return
        # Runs of lines that agree with theirs are counted at once; a line that does not, and
        # the lines of the differing stretch it opens, are aligned one by one.
        position = 0
        while True:
            if not self._buffers.gold and not self._pending:
                position += self._count_agreeing_lines(block, position, self._prediction)
                if position < len(block.lines) and self._faces_nothing():
                    self._count_unmatched(block, position)
                    break
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
        if pred is None and self._faces_nothing():
            self._count_unmatched_lines([gold])
            return
        if pred is not None and self._count_equal_line(gold, pred):
            return
        self._buffers.add_gold(gold)
        if pred is not None:
            self._buffers.add_pred(pred)
        self._resolve()

    def finish(self) -> None:
        """The gold has ended: align what is left, then count prediction lines past its end."""
        self._gold_done = True
        while self._buffers.gold:
            self._resolve()  # closes the stretch (at an anchor, it feeds the lines after again)
        self._count_past_end()

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
        self.sentence_spans += SentenceSpans(pred=past.sentences)
        if len(self.divergences) < self._max_divergences:
            self.divergences.append(past.divergence(self._last_gold_number))
        number = self._last_gold_number + 1
        self._emit(number, past.counts(), past.detail(number))

    # --- the gold past the prediction's end -------------------------------------------------
    def _faces_nothing(self) -> bool:
        """The prediction has ended and no stretch is open: the gold's next lines face nothing
        (under ``--mismatch error`` they go through a stretch, which refuses them)."""
        return (
            self._prediction.exhausted
            and not self._buffers.gold
            and not self._pending
            and not self._stop_at_first_mismatch
        )

    def _count_unmatched(self, block: GoldBlock, start: int) -> None:
        """The block's lines from ``start`` on face nothing (:mod:`wsscore.align.unmatched_gold`):
        counted at once unless a sentence is wanted one by one."""
        if self._records is not None or self._on_detail is not None or self._on_extra is not None:
            self._count_unmatched_lines(
                [block.gold_line(i) for i in range(start, len(block.lines))]
            )
            return
        counts = self._unmatched.count_block(block, start, self._prediction.lines_read)
        self._add(counts)
        self.misaligned_chars += counts.misaligned_chars
        self.misaligned_lines += counts.misaligned_lines
        # Each line with characters is a gold sentence no predicted one can match.
        self.sentence_spans += SentenceSpans(gold=counts.misaligned_lines)

    def _count_unmatched_lines(self, gold: list[GoldLine]) -> None:
        """Gold lines that face nothing, counted sentence by sentence as a stretch of their own
        counts them (all gold, no prediction)."""
        pred_line = self._prediction.lines_read
        self._unmatched.note_lines(gold, pred_line)
        lines = StretchLines(gold, [], gold[-1].number, pred_line)
        self._score_stretch(lines, chars_of_lines(gold), "", shown=False)

    # --- stretches ---------------------------------------------------------------------------
    def _resolve(self) -> None:
        """Close the open stretch and count it if it can be closed (:mod:`wsscore.align.closing`);
        the lines after where it closes are fed again."""
        closing = self._closer.closing(self._gold_ended, self._last_gold_number)
        if closing is None:
            return
        buffers = self._buffers
        gold_part, pred_part = buffers.gold[: closing.gold_end], buffers.pred[: closing.pred_end]
        rest_gold, rest_pred = buffers.gold[closing.gold_end :], buffers.pred[closing.pred_end :]
        # The lines right after the stretch name the place of a line missing at its end.
        following = (rest_gold[0] if rest_gold else None, rest_pred[0] if rest_pred else None)
        last_pred = self._prediction.lines_read
        lines = StretchLines(gold_part, pred_part, self._last_gold_number, last_pred, following)
        gold_chars = chars_of_lines(gold_part)
        pred_chars = gold_chars if closing.same_chars else chars_of_lines(pred_part)
        # Where the prediction has ended here, the gold's lines after face nothing: a difference
        # at the stretch's end goes on in them.
        goes_on = self._prediction.exhausted and not rest_pred
        self._score_stretch(lines, gold_chars, pred_chars, goes_on=goes_on)
        buffers.clear()
        self._prediction.push_back([line.text for line in rest_pred])
        self._pending.extendleft(reversed(rest_gold))
        if not self._feeding:
            self._feed_pending()

    def _score_stretch(
        self,
        lines: StretchLines,
        gold_chars: str,
        pred_chars: str,
        *,
        shown: bool = True,
        goes_on: bool = False,
    ) -> None:
        """Count a closed stretch (:func:`~wsscore.align.stretch.score_stretch`), noting where
        its characters differ (unless not ``shown``). ``goes_on``: the gold's lines after it
        face nothing, and a difference at its end goes on in them."""
        last: list[tuple[Difference, int | None]] = []  # the last difference, and its divergence

        def note_divergence(difference: Difference) -> None:
            index = None
            if len(self.divergences) < self._max_divergences:
                self.divergences.append(
                    divergence_at(
                        lines,
                        difference.gold_start,
                        difference.pred_start,
                        gold_chars[difference.gold_start : difference.gold_end],
                        pred_chars[difference.pred_start : difference.pred_end],
                    )
                )
                index = len(self.divergences) - 1
            last[:] = [(difference, index)]

        result = score_stretch(
            lines.gold,
            lines.pred,
            emit=self._emit,
            on_difference=note_divergence if shown else None,
            # With --extra alone the detail is wanted for the extra counts only: the stretch
            # gives those, without a long line's words (its common ends are counted in C).
            details=self._on_detail is not None and self._on_extra is None,
            emit_extra=self._on_extra,
            chars=(gold_chars, pred_chars),
        )
        self.misaligned_chars += result.misaligned_chars
        self.misaligned_lines += result.misaligned_lines
        self.sentence_spans += count_sentence_spans(
            [len(line.chars) for line in lines.gold],
            [len(line.chars) for line in lines.pred],
            None if gold_chars == pred_chars else result.shared,
        )
        if goes_on and last:
            difference, index = last[0]
            if (difference.gold_end, difference.pred_end) == (len(gold_chars), len(pred_chars)):
                self._unmatched.go_on_from(index)
