"""One pass over the gold: every prediction aligned with it as its blocks stream by.

The gold is read once, block by block; each block is fed to one
:class:`~wsscore.align.stream.SystemAligner` per prediction (and per committee member), so
memory does not grow with the files. Large regular files may instead be cut into chunks scored
in worker processes (:mod:`wsscore.align.parallel`), with the same totals.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from functools import partial
from typing import Any, NamedTuple

from wsscore.align.divergence import MismatchError
from wsscore.align.equal_lines import LineErrorsReceiver
from wsscore.align.limits import EXTRA_TEXT_LIMITS, ReadLimits
from wsscore.align.lines import GoldBlock
from wsscore.align.stream import SystemAligner
from wsscore.core import backend
from wsscore.core.records import (
    Counts,
    ExtraCounts,
    Gather,
    LineErrorsFound,
    SentenceDetail,
    SentenceRecords,
    SentenceSpans,
)
from wsscore.core.type_sets import TypeSets, type_sets
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.sources import may_not_end
from wsscore.metrics.boundaries import sentence_extra
from wsscore.scoring.collecting import DetailCallback, EqualLinesCallback, SentenceCollector
from wsscore.scoring.gold_units import GoldUnits
from wsscore.scoring.mismatch import mismatch_refusal
from wsscore.scoring.opened import OpenedInputs


class Totals(NamedTuple):
    """What the pass learned about the files: gold lines, words and sentences, and the lines
    of each prediction."""

    gold_lines: int
    gold_words: int
    gold_sentences: int
    pred_lines: list[int]


class AlignmentRun:
    """The aligners of one run, with what they collect per sentence.

    ``sentences[i]`` holds system i's per-sentence counts when ``by_sentence``;
    ``extra_totals[i]`` its boundary counts with ``extra``; ``on_detail(i, detail)`` and then
    ``collector`` receive each sentence of each scored system (``collector`` may be collected
    in chunks, in worker processes; ``on_detail`` keeps the run to one process).
    """

    def __init__(
        self,
        opened: OpenedInputs,
        *,
        mismatch: str,
        by_sentence: bool,
        extra: bool,
        on_detail: DetailCallback | None,
        collector: SentenceCollector[Any] | None = None,
        on_equal_lines: EqualLinesCallback | None = None,
    ):
        self.opened = opened
        self.mismatch = mismatch
        self.on_detail = on_detail
        self.collector = collector
        self.by_sentence = by_sentence
        count = len(opened.predictions)
        self.sentences = [SentenceRecords() for _ in range(count)]
        self.extra_totals = [ExtraCounts() for _ in range(count)] if extra else None
        # With --extra: each prediction's distinct words and the gold's (§5.11), as read.
        self.types = [type_sets() for _ in range(count)] if extra else None
        # Counts in graphemes or syllables: every sentence's detail, with its gold units.
        self.gold_units = GoldUnits(opened.unit, opened.systems, keep=extra)
        self._in_units = extra and opened.unit != "char"
        self._collectors = [self._collectors_of(index) for index in range(count)]
        gold_may_not_end = may_not_end(opened.gold)
        self.aligners = [
            SystemAligner(
                pred_file.lines(),
                records=self.sentences[index] if by_sentence else None,
                on_detail=collectors.on_detail if collectors else self._detail_receiver(index),
                on_extra=collectors.on_extra if collectors else None,
                on_line_errors=collectors.on_line_errors if collectors else None,
                stop_at_first_mismatch=mismatch == "error",
                limits=ReadLimits(EXTRA_TEXT_LIMITS[mismatch], gold_may_not_end=gold_may_not_end),
            )
            for index, (pred_file, collectors) in enumerate(
                zip(opened.predictions, self._collectors, strict=True)
            )
        ]
        for aligner, types in zip(self.aligners, self.types or [], strict=False):
            aligner.collect_types(types)
        if on_equal_lines is not None and collector is None:
            self._hand_equal_lines(on_equal_lines)
        if self._in_units and self._units_in_bulk(on_equal_lines):
            for index in range(opened.systems):
                receiver = partial(self._equal_lines_in_units, index, on_equal_lines)
                self.aligners[index].hand_equal_lines(receiver)
        self.totals = Totals(0, 0, 0, [])

    def _hand_equal_lines(self, receiver: EqualLinesCallback) -> None:
        """Lines that agree go to ``receiver`` in runs, the other lines' details to the
        callback, for each system whose details go to the callback alone."""
        for index, collectors in enumerate(self._collectors):
            if collectors is not None and collectors.extra is None:
                self.aligners[index].hand_equal_lines(partial(receiver, index))

    def _units_in_bulk(self, on_equal_lines: EqualLinesCallback | None) -> bool:
        """Whether lines whose characters agree may be counted in units from their texts, a
        run at a time, rather than each from its detail: unless something needs the detail
        of every sentence (difficulty weights, a collector, a per-sentence callback)."""
        if self.opened.weighting is not None or self.collector is not None:
            return False
        return self.on_detail is None or on_equal_lines is not None

    def _equal_lines_in_units(
        self,
        index: int,
        then: EqualLinesCallback | None,
        first: int,
        gold_lines: list[str],
        pred_lines: list[str],
        in_pairs: bool,
    ) -> bool:
        """Count a run of agreeing lines' extra counts in units: in characters by the backend,
        then changed to units (:meth:`GoldUnits.equal_lines`); hand them on to ``then``."""
        if not in_pairs:
            return False  # counted line by line instead
        if then is not None and not then(index, first, gold_lines, pred_lines, in_pairs):
            return False
        assert self.extra_totals is not None
        found = backend.count_agreeing_lines(gold_lines, pred_lines, None, first, Gather.EXTRA)
        assert found.extra is not None and found.agreed == len(gold_lines)
        change = self.gold_units.equal_lines(index, first, gold_lines, pred_lines)
        self.extra_totals[index] += found.extra + change
        return True

    def counts(self, index: int) -> Counts:
        return Counts(*self.aligners[index].totals)

    def sentence_spans(self, index: int) -> SentenceSpans:
        """System ``index``'s sentences as spans of the text (conll18_ud_eval.py's)."""
        return self.aligners[index].sentence_spans

    def align(
        self, known: Dictionary | None, *, progress: Callable[[int], None] | None, jobs: int
    ) -> Totals:
        """Align every prediction with the whole gold; the totals of the pass."""
        entries = known.lookup if known is not None else None
        self.totals = self._in_parallel(entries, jobs) or self._streaming(entries, progress)
        for index, collectors in enumerate(self._collectors):
            if collectors is not None and collectors.extra is not None:
                self._absorb(index, _ChunkFound(collectors.extra, None, None))
        return self.totals

    def _collectors_of(self, index: int) -> _SystemCollectors | None:
        """What a scored system collects beyond the counts (--extra, per-sentence callbacks, a
        collector such as the error analysis), wired for the C speed-ups; None where difficulty
        weights need every detail too (``_detail_receiver``), or when nothing is collected."""
        if self.opened.weighting is not None or index >= self.opened.systems or self._in_units:
            return None
        if self.extra_totals is None and self.on_detail is None and self.collector is None:
            return None
        return _SystemCollectors(
            index, self.extra_totals is not None, self.on_detail, self.collector
        )

    def _detail_receiver(self, index: int) -> Callable[[SentenceDetail], None] | None:
        """With difficulty weights: every sentence's detail goes to them, and a scored system's
        to its boundary counts, the per-sentence callbacks and the collector too."""
        weighting = self.opened.weighting
        if weighting is None and not self._in_units:
            return None  # the aligner then skips building per-word details altogether
        scored = index < self.opened.systems

        def receive(detail: SentenceDetail) -> None:
            if weighting is not None:
                weighting.add(index, detail)
            if not scored:
                return  # a committee member only
            if self.extra_totals is not None:
                self.extra_totals[index] += self._sentence_extra(index, detail)
            if self.on_detail is not None:
                self.on_detail(index, detail)
            if self.collector is not None:
                self.collector(index, detail)

        return receive

    def _sentence_extra(self, index: int, detail: SentenceDetail) -> ExtraCounts:
        """A sentence's extra counts, in the run's units."""
        if not self._in_units:
            return sentence_extra(detail)
        return sentence_extra(detail, self.gold_units.edges(index, detail))

    def _streaming(
        self, entries: Container[str] | None, progress: Callable[[int], None] | None
    ) -> Totals:
        gold = self.opened.gold
        gold_blocks = gold.text_blocks()
        gold_words = gold_sentences = 0
        current = 0  # the system being fed, to name it if its characters differ
        try:
            next_line = 1
            for text in gold_blocks:
                block = GoldBlock(next_line, self.gold_units.take_marks(text, next_line), entries)
                next_line += len(block.lines)
                words, sentences = block.word_and_sentence_counts()
                gold_words += words
                gold_sentences += sentences
                for current, aligner in enumerate(self.aligners):  # noqa: B007 (named on error)
                    aligner.feed_block(block)
                if progress is not None:
                    progress(getattr(gold, "bytes_done", 0))
            for current, aligner in enumerate(self.aligners):  # noqa: B007
                aligner.finish()
            if self.opened.weighting is not None:
                self.opened.weighting.finish()
        except MismatchError as exc:
            pred_file = self.opened.predictions[current]
            raise mismatch_refusal(
                exc, gold, gold_blocks, pred_file, self.aligners[current]
            ) from None
        pred_lines = [aligner.pred_lines_read for aligner in self.aligners]
        return Totals(gold.lines_read, gold_words, gold_sentences, pred_lines)

    def _in_parallel(self, entries: Container[str] | None, jobs: int) -> Totals | None:
        """The totals from worker processes, or None where one process must do it (difficulties,
        and per-sentence callbacks that cannot be collected in parts and added up)."""
        if jobs == 1:
            return None
        from wsscore.align import parallel

        jobs = parallel.effective_jobs(jobs)
        reason = self._one_process_reason(jobs)
        if reason is not None:
            parallel.note_one_process(jobs, reason)
            return None
        collects = self.extra_totals is not None or self.collector is not None
        result = parallel.score_parallel(
            self.opened.gold,  # type: ignore[arg-type]
            self.opened.predictions,  # type: ignore[arg-type]
            entries,
            jobs,
            by_sentence=self.by_sentence,
            stop_at_first_mismatch=self.mismatch == "error",
            analysis=self._chunk_analysis if collects else None,
        )
        if result is None:
            reason = "the chunks' characters differ from the gold's, or no cut was found"
            parallel.note_one_process(jobs, reason)
            return None
        for index, aligner in enumerate(self.aligners):
            aligner.totals = result.totals[index]
            aligner.sentence_spans = result.sentence_spans[index]
            self.sentences[index] = result.sentences[index]
            for found in result.analyses[index] if result.analyses is not None else []:
                assert isinstance(found, _ChunkFound)
                self._absorb(index, found)
        return Totals(
            result.gold_lines, result.gold_words, result.gold_sentences, result.pred_lines
        )

    def _one_process_reason(self, jobs: int) -> str | None:
        """Why this run is not cut into chunks for ``jobs`` workers, or None."""
        from wsscore.align import parallel

        if jobs == 1:
            return "this machine has one core"
        if self.opened.weighting is not None:
            return "difficulty weights need every sentence of every system in one place"
        if self.on_detail is not None:
            return "a per-sentence callback sees every sentence in order"
        if self._in_units:
            return f"counting in {self.opened.unit}s takes the gold's units in one process"
        return parallel.one_process_reason(self.opened.gold, self.opened.predictions)

    def _chunk_analysis(self, index: int) -> _SystemCollectors:
        """What a worker collects for system ``index``: as this process would, into a fresh
        copy of the per-sentence collector."""
        copy = self.collector.chunk_copy() if self.collector is not None else None
        return _SystemCollectors(index, self.extra_totals is not None, None, copy)

    def _absorb(self, index: int, found: _ChunkFound) -> None:
        extra, state, types = found
        if extra is not None and self.extra_totals is not None:
            self.extra_totals[index] += extra
        if types is not None and self.types is not None:
            self.types[index].merge(types)
        if state is not None and self.collector is not None:
            self.collector.absorb(state)


class _ChunkFound(NamedTuple):
    """What a system's collectors hold after a chunk: its boundary counts (with ``--extra``)
    and its per-sentence collector's state."""

    extra: ExtraCounts | None
    state: object
    types: TypeSets | None = None  # a worker's distinct words (--extra)


class _LinesInBulk:
    """The lines that agree, as the backend gathers them, for a system's collectors: with
    ``Gather.ALL`` (with ``--extra``) their boundary counts come from the same pass."""

    def __init__(self, collectors: _SystemCollectors, gather: Gather):
        self.collectors = collectors
        self.gather = gather

    def __call__(
        self, first: int, gold: list[str], pred: list[str], found: LineErrorsFound | None, /
    ) -> None:
        self.collectors.equal_lines(first, gold, pred, found)


class _SystemCollectors:
    """A system's boundary counts and per-sentence collector, wired to the aligner: lines that
    agree are counted from their text by the backend (their boundary counts, or their wrong
    words for a collector that takes them in bulk), the others from their detail. In a worker,
    for its chunk (a :class:`~wsscore.align.parallel.ChunkAnalysis`)."""

    def __init__(
        self,
        index: int,
        extra: bool,
        callback: DetailCallback | None,
        collector: SentenceCollector[Any] | None,
    ):
        self.index = index
        self.extra = ExtraCounts() if extra else None
        # A worker's (the parent's aligners collect into AlignmentRun.types).
        self.types = type_sets() if extra else None
        self.callback = callback
        self.collector = collector
        details_wanted = callback is not None or collector is not None
        fast_extra = extra and not details_wanted
        self.on_extra: Callable[[ExtraCounts], None] | None = (
            self._add_extra if fast_extra else None
        )
        # In bulk only when the collector alone wants the lines: a callback sees every detail.
        equal_lines = (
            collector.equal_lines_receiver() if collector is not None and callback is None else None
        )
        self._equal_lines_receiver = equal_lines
        self.on_line_errors: LineErrorsReceiver | None = None
        if collector is not None and equal_lines is not None:
            gather = Gather.ALL if extra else collector.bulk_gather
            self.on_line_errors = _LinesInBulk(self, gather)
        self.on_detail: Callable[[SentenceDetail], None] | None = self._detail

    def _add_extra(self, counts: ExtraCounts) -> None:
        self.extra = self.extra + counts  # type: ignore[operator]

    def equal_lines(
        self, first: int, gold: list[str], pred: list[str], found: LineErrorsFound | None
    ) -> None:
        assert self._equal_lines_receiver is not None  # wired only then
        if self.extra is not None:
            assert found is not None and found.extra is not None  # gathered (Gather.ALL)
            self.extra += found.extra
        self._equal_lines_receiver(self.index, first, gold, pred, found)

    def _detail(self, detail: SentenceDetail) -> None:
        if self.extra is not None:
            self.extra += sentence_extra(detail)
        if self.callback is not None:
            self.callback(self.index, detail)
        if self.collector is not None:
            self.collector(self.index, detail)

    def result(self) -> _ChunkFound:
        state = self.collector.chunk_state() if self.collector is not None else None
        return _ChunkFound(self.extra, state, self.types)
