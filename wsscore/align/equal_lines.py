"""Counting a prediction's sentences, and at once those whose lines agree with the gold's.

Where a prediction line holds the same characters as its gold line (the usual case), it is
counted from the two texts, without aligning anything: a whole block of gold lines at once
where the prediction's next lines hold its characters (:func:`count_block`), else line by line
(:func:`count_lines_of`, :meth:`EqualLineCounter._count_equal_line`). The aligner
(:class:`~wsscore.align.stream.SystemAligner`) counts the other lines through the same
:meth:`EqualLineCounter._emit`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from wsscore import native
from wsscore.align.counting import boundaries, count_equal_chars, marks_equal_chars
from wsscore.align.lines import GoldBlock, GoldLine, PredLine, SentenceDetail, Span
from wsscore.align.prediction import PredictionLines
from wsscore.core.records import Counts, SentenceRecord, SentenceRecords
from wsscore.inputs.words import split_words

# Lines whose characters agree, as the C speed-ups' count_lines gathers them for `wsscore
# errors`: their summed counts, their gold words and correct ones by length (5 + 5), their wrong
# words as (class, word, predicted cut), and (number, wrong words, gold words) of each line
# with a wrong word. A receiver gets the first line's number and the texts with it.
LineErrorsFound = tuple[
    tuple[int, ...], tuple[int, ...], list[tuple[int, str, str]], list[tuple[int, int, int]]
]
LineErrorsReceiver = Callable[[int, list[str], list[str], LineErrorsFound], None]


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


# The leading lines of a block that agree with their prediction lines: how many, the record
# of each of them with words, and the sum of those records.
AgreedLines = tuple[int, list[SentenceRecord], tuple[int, ...]]


def count_lines_of(
    gold_lines: list[str],
    pred_lines: list[str],
    dictionary: object,
    first_number: int,
    on_extra: Callable[[tuple[int, ...]], None] | None,
    on_line_errors: LineErrorsReceiver | None,
) -> AgreedLines:
    """How many leading pairs of lines hold the same characters, the record of each such gold
    line with words (numbered from ``first_number``) and their sum, each line counted as
    ``_count_equal_line`` counts it (C speed-ups only). ``on_extra`` gets those lines' boundary
    counts (docs/metrics.md §5), ``on_line_errors`` their wrong words and word lengths."""
    assert native.count_lines is not None
    what = 2 if on_line_errors is not None else 1 if on_extra is not None else 0
    agreed, records, totals, gathered = native.count_lines(
        gold_lines, pred_lines, dictionary, first_number, what
    )
    if records and on_line_errors is not None:
        on_line_errors(first_number, gold_lines, pred_lines, (totals, *gathered))
    elif records and on_extra is not None:
        on_extra(gathered)
    return agreed, records, totals


class EqualLineCounter:
    """The counts of one prediction: its totals, its sentences' records and details; lines and
    blocks whose characters agree with the gold's are counted here at once.

    Totals add up in :attr:`totals` (a list in Counts field order). ``records`` (optional)
    gets a :data:`SentenceRecord` for every sentence; ``on_detail`` gets each sentence's words
    and marks.
    """

    def __init__(
        self,
        records: SentenceRecords | None,
        on_detail: Callable[[SentenceDetail], None] | None,
        on_extra: Callable[[tuple[int, ...]], None] | None,
        on_line_errors: LineErrorsReceiver | None,
    ):
        self._records = records
        self._on_detail = on_detail
        # The detail is wanted for the boundary counts (--extra) only: the C speed-ups count
        # those of a line whose characters agree, and hand them here, without any detail.
        self._on_extra = on_extra if native.AVAILABLE else None
        # Likewise the error analysis, which then needs the detail of differing lines only.
        self._on_line_errors = on_line_errors if native.AVAILABLE else None
        self._by_line = records is not None or on_detail is not None
        self.totals = [0] * 10

    def _without_detail(self) -> bool:
        """Lines whose characters agree need no per-word detail (counted in C)."""
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

    def _count_agreeing_lines(
        self, block: GoldBlock, start: int, prediction: PredictionLines
    ) -> int:
        """Count the block's lines from ``start`` on against the next prediction lines, up to
        the first pair that differs, each as ``_count_equal_line`` would; how many."""
        wanted = len(block.lines) - start
        texts = prediction.take(wanted)
        agreed, records, totals = count_lines_of(
            block.lines[start : start + len(texts)],
            texts,
            block.dictionary,
            block.first_number + start,
            self._on_extra,
            self._on_line_errors,
        )
        prediction.push_back(texts[agreed:])
        if records:  # the lines' totals at once, then their records, as _emit gives them
            self._add(totals)
            if self._records is not None:
                self._records.extend(records)
        return agreed

    def _add(self, counts: tuple[int, ...]) -> None:
        totals = self.totals
        for index, value in enumerate(counts):
            totals[index] += value

    def _emit(self, number: int, record: tuple[int, ...], detail: SentenceDetail | None) -> None:
        self._add(record)
        if self._records is not None:
            self._records.append((number, record))
        if detail is not None and self._on_detail is not None:
            self._on_detail(detail)

    def _count_equal_line(self, gold: GoldLine, pred: PredLine) -> bool:
        """Count a gold line against a prediction line if they hold the same characters."""
        if self._without_detail() and native.count_block is not None:
            # Without per-word detail, the C speed-ups count the line from its text, as below.
            agreed, records, _ = count_lines_of(
                [gold.text],
                [pred.text],
                gold.dictionary,
                gold.number,
                self._on_extra,
                self._on_line_errors,
            )
            if not agreed:
                return False
            for _, record in records:
                self._emit(gold.number, record, None)
            return True
        if pred.chars != gold.chars:
            return False
        if not gold.words:
            return True
        pred_lengths = list(map(len, pred.words))
        record = Counts(*count_equal_chars(gold.lengths, gold.oov_words, pred_lengths))
        detail = None
        if self._on_detail is not None:
            pred_ends = boundaries(pred_lengths)
            gold_marks, pred_marks = marks_equal_chars(gold.ends, pred_ends)
            spans: list[Span | None] = list(pairwise(pred_ends))
            detail = SentenceDetail(
                gold.number, gold.words, pred.words, gold_marks, pred_marks, spans
            )
        self._emit(gold.number, record, detail)
        return True
