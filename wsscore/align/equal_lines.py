"""Counting a prediction's sentences, and at once those whose lines agree with the gold's.

Where a prediction line holds the same characters as its gold line (the usual case), it is
counted from the two texts, without aligning anything: a whole block of gold lines at once
where the prediction's next lines hold its characters (:func:`count_block`), else line by line
(:func:`count_lines_of`, :meth:`EqualLineCounter._count_equal_line`). The aligner
(:class:`~wsscore.align.stream.SystemAligner`) counts the other lines through the same
:meth:`EqualLineCounter._emit`.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Protocol

from wsscore.align.lines import GoldBlock, GoldLine, PredLine
from wsscore.align.prediction import PredictionLines
from wsscore.core import backend
from wsscore.core.records import (
    AgreedLines,
    BlockCounts,
    Counts,
    ExtraCounts,
    Gather,
    LineErrorsFound,
    SentenceDetail,
    SentenceRecord,
    SentenceRecords,
    SentenceSpans,
    Span,
)
from wsscore.core.reference import align_equal_words


class LineErrorsReceiver(Protocol):
    """Gets what ``gather`` (``Gather.ERRORS``, or ``Gather.ALL`` for the boundary counts and
    the predicted words too) finds in lines whose characters agree, with the first line's
    number and the lines' texts; with ``Gather.COUNTS``, the lines alone (None found)."""

    gather: Gather

    def __call__(
        self,
        first: int,
        gold_lines: list[str],
        pred_lines: list[str],
        found: LineErrorsFound | None,
        /,
    ) -> None: ...


# Gets a run of lines whose characters agree: the first gold line's number, the gold's lines,
# as many prediction lines, and whether they agree in pairs (else only as a whole: a block whose
# lines may break elsewhere); says whether it took them, as it always does lines in pairs.
AgreeingRunReceiver = Callable[[int, list[str], list[str], bool], bool]


def count_block(block: GoldBlock, pred_lines: list[str]) -> BlockCounts | None:
    """Counts and sentences of a gold block against as many prediction lines, if they hold
    the same characters (else None: the caller aligns line by line)."""
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
    their wrong words and word lengths (with those lines' texts only)."""
    gather = Gather.COUNTS
    if on_line_errors is not None:
        gather = on_line_errors.gather
    elif on_extra is not None:
        gather = Gather.EXTRA
    found = backend.count_agreeing_lines(gold_lines, pred_lines, dictionary, first_number, gather)
    if found.records and on_line_errors is not None:
        agreed = found.agreed
        on_line_errors(first_number, gold_lines[:agreed], pred_lines[:agreed], found.errors)
    elif found.records and on_extra is not None and found.extra is not None:
        on_extra(found.extra)
    return found


class EqualLineCounter:
    """The counts of one prediction: its totals, its sentences' records and details; lines and
    blocks whose characters agree with the gold's are counted here at once.

    Totals add up in :attr:`totals` (a :class:`Counts`). ``records`` (optional)
    gets a :data:`SentenceRecord` for every sentence; ``on_detail`` gets each sentence's words
    and marks.
    """

    def __init__(
        self,
        records: SentenceRecords | None,
        on_detail: Callable[[SentenceDetail], None] | None,
        on_extra: Callable[[ExtraCounts], None] | None,
        on_line_errors: LineErrorsReceiver | None,
    ):
        self._records = records
        self._on_detail = on_detail
        # The detail is wanted for the boundary counts (--extra) only: the backend counts those
        # of a line whose characters agree, and hands them here, without any detail.
        self._on_extra = on_extra
        # Likewise the error analysis, which then needs the detail of differing lines only.
        self._on_line_errors = on_line_errors
        self._by_line = records is not None or on_detail is not None
        self._on_equal_lines: AgreeingRunReceiver | None = None
        self.totals = Counts()
        # Sentences as spans of the whole text (conll18_ud_eval.py's Sentences).
        self.sentence_spans = SentenceSpans()

    def hand_equal_lines(self, receiver: AgreeingRunReceiver) -> None:
        """Give ``receiver`` the lines whose characters agree, in runs, instead of a detail per
        line: the detail callback then gets only the lines that differ (the tag counts take
        the others in bulk). A whole block is counted at once when ``receiver`` takes it, else
        line by line."""
        self._on_equal_lines = receiver
        self._by_line = self._records is not None

    def _without_detail(self) -> bool:
        """Lines whose characters agree need no per-word detail (counted from their text)."""
        return (
            self._on_detail is None
            or self._on_extra is not None
            or self._on_line_errors is not None
            or self._on_equal_lines is not None
        )

    def _hand_on(self, first_number: int, gold: list[str], pred: list[str]) -> None:
        if self._on_equal_lines is not None and gold:
            taken = self._on_equal_lines(first_number, gold, pred, True)
            assert taken  # lines in pairs are always taken

    def _count_whole_block(self, block: GoldBlock, texts: list[str]) -> bool:
        """Count the block at once against as many prediction lines if they hold its
        characters (without sentence records); False if they do not."""
        if len(texts) != len(block.lines):
            return False
        found = count_block(block, texts)
        if found is None:
            return False
        receiver = self._on_equal_lines
        if receiver is not None and not receiver(block.first_number, block.lines, texts, False):
            return False  # counted line by line instead
        self._add(found.counts)
        # The block's lines may break elsewhere than the prediction's: counted in the same pass.
        self.sentence_spans += found.sentences
        return True

    def _count_agreeing_lines(
        self, block: GoldBlock, start: int, prediction: PredictionLines
    ) -> int:
        """Count the block's lines from ``start`` on against the next prediction lines, up to
        the first pair that differs, each as ``_count_equal_line`` would; how many."""
        wanted = len(block.lines) - start
        texts = prediction.take(wanted)
        found = count_lines_of(
            block.lines[start : start + len(texts)],
            texts,
            block.dictionary,
            block.first_number + start,
            self._on_extra,
            self._on_line_errors,
        )
        prediction.push_back(texts[found.agreed :])
        agreed = block.lines[start : start + found.agreed]
        self._hand_on(block.first_number + start, agreed, texts[: found.agreed])
        # Each gold line with words agrees with its pair: a correct sentence.
        self.sentence_spans += SentenceSpans.agreeing(len(found.records))
        if found.records:  # the lines' totals at once, then their records, as _emit gives them
            self._add(found.totals)
            if self._records is not None:
                self._records.extend(found.records)
        return found.agreed

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
            self.sentence_spans += SentenceSpans.agreeing(len(found.records))
            if found.agreed:
                self._hand_on(gold.number, [gold.text], [pred.text])
            return found.agreed > 0
        if pred.chars != gold.chars:
            return False
        if not gold.words:
            return True
        self.sentence_spans += SentenceSpans.agreeing(1)
        # The sentence's words are wanted: aligned by the reference, which gives the marks.
        line = align_equal_words(gold.words, pred.words, gold.dictionary)
        spans: list[Span | None] = list(line.pred_spans)
        detail = SentenceDetail(
            gold.number, gold.words, pred.words, line.gold_marks, line.pred_marks, spans
        )
        self._emit(gold.number, line.counts, detail)
        return True
