"""Scoring large inputs in worker processes (``--jobs N``), with the single-process result.

The gold and the predictions are cut into chunks at line breaks they share: chunk k holds gold
lines [L_k, L_k+1) and the same lines of every prediction. Line breaks are word boundaries on
both sides, so if every chunk of a prediction holds exactly the gold chunk's characters, no word
crosses a cut and the counts of the chunks add up to the counts of the whole file, sentence by
sentence. Whether they do is only known after scoring: a chunk whose characters differ (the line
breaks differ across a cut, or the texts differ) reports misaligned characters. Then the chunks'
results are thrown away and the whole input is scored in one process, so ``--jobs`` never
changes a number (docs/metrics.md §1: differing characters are aligned over whole stretches, which a
cut could split).

Cuts are placed between two pairs of equal lines (gold line i and prediction line i hold the
same characters), which makes a wasted attempt rare: the usual prediction has the gold's lines.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Container, Sequence
from itertools import pairwise
from typing import NamedTuple, Protocol

from wsscore.align.divergence import MismatchError
from wsscore.align.equal_lines import LineErrorsReceiver
from wsscore.align.lines import GoldBlock
from wsscore.align.stream import SystemAligner
from wsscore.core.records import Counts, ExtraCounts, SentenceDetail, SentenceRecords, SentenceSpans
from wsscore.core.type_sets import TypeSets
from wsscore.errors import Warnings
from wsscore.inputs.encodings import Encoding
from wsscore.inputs.reading import BLOCK_SIZE, TextFile

# Below this size of the gold one process scores it, whatever -j says: workers would give the
# same numbers, no sooner. They cost a pass over every file to place the cuts, a fork each and
# the chunks' results sent back, and save at most half of the aligning; on a two-core machine
# that saving was measured to be small below this size when the machine is idle, and to turn
# into a loss when other work keeps its cores busy. The analyses (--extra, errors) do more per
# chunk and would pay off sooner, but one size keeps -j predictable.
MIN_PARALLEL_BYTES = 40_000_000
CHUNKS_PER_JOB = 2
# How far (in lines) a cut may move to fall between equal lines.
MAX_CUT_SHIFT = 200


class FileRange(NamedTuple):
    path: str
    encoding: Encoding
    start: int  # byte offsets
    end: int
    option: str = "--encoding"  # that sets the file's encoding, for hints (TextFile.option)


class ChunkTask(NamedTuple):
    first_line: int  # 1-based gold line number of the chunk's first line
    gold: FileRange
    predictions: list[FileRange]
    by_sentence: bool
    stop_at_first_mismatch: bool


class ChunkAnalysis(Protocol):
    """What a worker collects for one prediction beyond the counts (the boundary counts of
    --extra, an error analysis): the aligner's callbacks, and what was collected, to be sent
    back (picklable) and added up in the parent."""

    on_detail: Callable[[SentenceDetail], None] | None
    on_extra: Callable[[ExtraCounts], None] | None
    on_line_errors: LineErrorsReceiver | None
    types: TypeSets | None  # the distinct words read, gold and predicted (--extra)

    def result(self) -> object: ...


class ChunkResult(NamedTuple):
    totals: list[Counts]  # per prediction
    pred_lines: list[int]
    sentences: list[SentenceRecords]
    gold_lines: int
    gold_words: int
    gold_sentences: int
    analyses: list[object] | None  # per prediction, ChunkAnalysis.result()
    sentence_spans: list[SentenceSpans]  # per prediction


class ParallelResult(NamedTuple):
    totals: list[Counts]
    pred_lines: list[int]
    sentences: list[SentenceRecords]
    gold_lines: int
    gold_words: int
    gold_sentences: int
    analyses: list[list[object]] | None  # per prediction, each chunk's in order
    # Per prediction: the chunks' sentences add up, as cuts fall between lines that agree.
    sentence_spans: list[SentenceSpans]


def effective_jobs(jobs: int) -> int:
    """``0`` means all cores."""
    return max(1, os.cpu_count() or 1) if jobs == 0 else jobs


def eligible(gold: object, predictions: Sequence[object]) -> bool:
    """Whether the inputs are scored in worker processes (:func:`one_process_reason`)."""
    return one_process_reason(gold, predictions) is None


def one_process_reason(gold: object, predictions: Sequence[object]) -> str | None:
    """Why the inputs are scored in one process, or None: regular, uncompressed files, a gold
    of :data:`MIN_PARALLEL_BYTES` or more, in encodings where b'\\n' is always a line feed.

    Asking for a file's encoding decides it: a file whose first block is all ASCII is looked
    ahead to its first other lines (reading.TextFile.encoding), so every chunk of it is read in
    the encoding the whole file is read in. Hence the cheap checks come first.
    """
    files: list[TextFile] = []
    for item in (gold, *predictions):
        if not isinstance(item, TextFile) or item.path == "-":
            return "standard input and lines in memory cannot be cut into chunks"
        if item.normalizing is not None:  # workers read the files as they are
            return "--normalize rewrites the text in one process"
        if not isinstance(item.stream, io.BufferedReader) or not os.path.isfile(item.path):
            return f"{item.path} cannot be read from an offset (compressed, or not a plain file)"
        files.append(item)
    size = os.path.getsize(files[0].path)
    if size < MIN_PARALLEL_BYTES:
        return (
            f"{_megabytes(size)} of gold is below the {_megabytes(MIN_PARALLEL_BYTES)} "
            "where workers pay off"
        )
    for item in files:
        if not item.encoding.ascii_compatible:
            return f"{item.path} is in {item.encoding.name}, where a byte 0x0A is not a line feed"
    return None


def _megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size < 10**7 else f"{size / 1e6:.0f} MB"


def note_one_process(jobs: int, reason: str) -> None:
    """Say under ``--debug`` why ``-j jobs`` scores in one process.

    The message goes to the ``wsscore`` logger only where :mod:`logging` is already imported:
    otherwise no handler can be listening, and a run should not pay for importing it."""
    logging = sys.modules.get("logging")
    if logging is not None:
        logging.getLogger("wsscore").debug("-j %d: %s; scoring in one process", jobs, reason)


# --- planning the cuts ----------------------------------------------------------------------


def _line_starts(path: str, lines: Sequence[int]) -> list[int]:
    """Byte offset of the start of each given 0-based line (ascending), -1 past the end."""
    found: list[int] = []
    wanted = iter(lines)
    target = next(wanted, None)
    seen = 0  # line feeds before the current block
    offset = 0
    with open(path, "rb") as stream:
        while target is not None:
            block = stream.read(BLOCK_SIZE)
            if not block:
                break
            in_block = block.count(b"\n")
            while target is not None and target <= seen + in_block:
                if target == 0:
                    found.append(0)
                else:
                    position = -1
                    for _ in range(target - seen):
                        position = block.index(b"\n", position + 1)
                    found.append(offset + position + 1)
                target = next(wanted, None)
            seen += in_block
            offset += len(block)
    found += [-1] * (len(lines) - len(found))
    return found


def _candidate_lines(path: str, pieces: int) -> list[int]:
    """0-based numbers of the lines starting near each 1/pieces of the file's bytes."""
    size = os.path.getsize(path)
    targets = [size * k // pieces for k in range(1, pieces)]
    lines: list[int] = []
    seen = 0
    offset = 0
    wanted = iter(targets)
    target = next(wanted, None)
    with open(path, "rb") as stream:
        while target is not None:
            block = stream.read(BLOCK_SIZE)
            if not block:
                break
            while target is not None and target < offset + len(block):
                lines.append(seen + block.count(b"\n", 0, target - offset) + 1)
                target = next(wanted, None)
            seen += block.count(b"\n")
            offset += len(block)
    return sorted(set(lines))


def _chars(line: bytes, encoding: Encoding) -> str:
    return "".join(encoding.decode(line).split())


def _read_lines(path: str, start: int, count: int) -> list[bytes]:
    with open(path, "rb") as stream:
        stream.seek(start)
        return [stream.readline() for _ in range(count)]


class Cut(NamedTuple):
    """Where the inputs are cut: the 0-based gold line that starts the next chunk, and the byte
    offset where that line starts in the gold and in each prediction (in input order)."""

    line: int
    offsets: tuple[int, ...]


def plan(gold: TextFile, predictions: Sequence[TextFile], pieces: int) -> list[Cut] | None:
    """Where the inputs are cut, each cut between two lines that hold the same characters in
    the gold and in every prediction (None if no cut was found).

    Each file is read once up to its last candidate line (the line starts of all candidates
    in one pass), and then only a window of lines after each candidate."""
    files = [gold, *predictions]
    candidates = _candidate_lines(gold.path, pieces)
    starts_by_file = [_line_starts(f.path, candidates) for f in files]
    cuts: list[Cut] = []
    for at, line in enumerate(candidates):
        if cuts and line <= cuts[-1].line:
            continue
        starts = [starts[at] for starts in starts_by_file]
        if min(starts) < 0:
            break
        cut = _cut_near(files, line, starts)
        if cut is not None:
            cuts.append(cut)
    return cuts or None


def _cut_near(files: Sequence[TextFile], line: int, starts: Sequence[int]) -> Cut | None:
    """The first cut at most :data:`MAX_CUT_SHIFT` lines after ``line`` (which starts at these
    offsets) between two pairs of lines equal in every file; None if there is none."""
    window = [
        _read_lines(f.path, start, MAX_CUT_SHIFT + 1)
        for f, start in zip(files, starts, strict=True)
    ]
    texts = [[_chars(b, f.encoding) for b in lines] for f, lines in zip(files, window, strict=True)]
    for shift in range(1, MAX_CUT_SHIFT + 1):
        if any(not lines[shift] for lines in window):
            return None  # a file ends first
        before = {t[shift - 1] for t in texts}
        after = {t[shift] for t in texts}
        if len(before) == 1 and len(after) == 1:
            offsets = (
                start + sum(map(len, lines[:shift]))
                for start, lines in zip(starts, window, strict=True)
            )
            return Cut(line + shift, tuple(offsets))
    return None


def tasks(
    gold: TextFile,
    predictions: Sequence[TextFile],
    cuts: list[Cut],
    *,
    by_sentence: bool,
    stop_at_first_mismatch: bool,
) -> list[ChunkTask]:
    """One task per chunk: the byte ranges of its lines in every file."""
    files = [gold, *predictions]
    sizes = [os.path.getsize(f.path) for f in files]
    bounds = [Cut(0, (0,) * len(files)), *cuts, Cut(-1, tuple(sizes))]
    out = []
    for first, following in pairwise(bounds):
        ranges = [
            FileRange(f.path, f.encoding, start, end, f.option)
            for f, start, end in zip(files, first.offsets, following.offsets, strict=True)
        ]
        out.append(
            ChunkTask(first.line + 1, ranges[0], ranges[1:], by_sentence, stop_at_first_mismatch)
        )
    return out


# --- the workers ----------------------------------------------------------------------------

_DICTIONARY: Container[str] | None = None  # set before the pool forks: shared, not pickled
# Likewise: what each worker collects for prediction i beyond the counts (None: nothing).
_ANALYSIS: Callable[[int], ChunkAnalysis] | None = None


class _RangeReader(io.RawIOBase):
    """Bytes [start, end) of a file, read like a stream."""

    def __init__(self, path: str, start: int, end: int):
        self._file = open(path, "rb")  # noqa: SIM115 (closed with the reader)
        self._file.seek(start)
        self._left = end - start

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        if size < 0 or size > self._left:
            size = self._left
        data = self._file.read(size)
        self._left -= len(data)
        return data

    def close(self) -> None:
        self._file.close()
        super().close()


def _open_range(spec: FileRange) -> TextFile:
    reader = _RangeReader(spec.path, spec.start, spec.end)
    first = reader.read(BLOCK_SIZE)
    return TextFile(
        spec.path,
        spec.encoding,
        reader,  # type: ignore[arg-type]
        first,
        Warnings(quiet=True),
        option=spec.option,
    )


def score_chunk(task: ChunkTask) -> ChunkResult | None:
    """The counts of one chunk, or None if it cannot stand for its part of the whole."""
    gold = _open_range(task.gold)
    predictions = [_open_range(spec) for spec in task.predictions]
    sentences = [SentenceRecords() for _ in predictions]
    analyses = [_ANALYSIS(i) for i in range(len(predictions))] if _ANALYSIS is not None else None
    aligners = [
        SystemAligner(
            p.lines(),
            records=sentences[i] if task.by_sentence else None,
            on_detail=analyses[i].on_detail if analyses else None,
            on_extra=analyses[i].on_extra if analyses else None,
            on_line_errors=analyses[i].on_line_errors if analyses else None,
            stop_at_first_mismatch=task.stop_at_first_mismatch,
        )
        for i, p in enumerate(predictions)
    ]
    for aligner, analysis in zip(aligners, analyses or [], strict=False):
        if analysis.types is not None:
            aligner.collect_types(analysis.types)
    words = count = 0
    next_line = task.first_line
    try:
        for text in gold.text_blocks():
            # Plain text files only (one_process_reason): no syllable marks to drop.
            block = GoldBlock(next_line, text, _DICTIONARY)
            next_line += len(block.lines)
            block_words, block_sentences = block.word_and_sentence_counts()
            words += block_words
            count += block_sentences
            for aligner in aligners:
                aligner.feed_block(block)
        for aligner in aligners:
            aligner.finish()
    except MismatchError:
        return None
    if gold.undecodable or any(p.undecodable for p in predictions):
        return None  # the warning must name the whole file's line: the single run gives it
    if any(aligner.misaligned_chars for aligner in aligners):
        return None
    return ChunkResult(
        [a.totals for a in aligners],
        [a.pred_lines_read for a in aligners],
        sentences,
        gold.lines_read,
        words,
        count,
        [analysis.result() for analysis in analyses] if analyses is not None else None,
        [a.sentence_spans for a in aligners],
    )


def score_parallel(
    gold: TextFile,
    predictions: Sequence[TextFile],
    dictionary: Container[str] | None,
    jobs: int,
    *,
    by_sentence: bool,
    stop_at_first_mismatch: bool,
    analysis: Callable[[int], ChunkAnalysis] | None = None,
) -> ParallelResult | None:
    """Score in ``jobs`` processes; None when the single-process run must decide.
    ``analysis(i)`` makes what a worker collects for prediction i beyond the counts."""
    cuts = plan(gold, predictions, jobs * CHUNKS_PER_JOB)
    if cuts is None:
        return None
    chunk_tasks = tasks(
        gold,
        predictions,
        cuts,
        by_sentence=by_sentence,
        stop_at_first_mismatch=stop_at_first_mismatch,
    )
    import multiprocessing

    global _DICTIONARY, _ANALYSIS
    _DICTIONARY, _ANALYSIS = dictionary, analysis
    try:
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_ctrl_c) as pool:
            results = pool.map(score_chunk, chunk_tasks, chunksize=1)
    finally:
        _DICTIONARY = _ANALYSIS = None
    if any(result is None for result in results):
        return None
    return _merge([r for r in results if r is not None], len(predictions))


def _ignore_ctrl_c() -> None:
    # Ctrl-C reaches the whole process group: the parent alone answers it (exit 130, the
    # pool terminated), not every worker with a traceback of its own.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _merge(results: list[ChunkResult], systems: int) -> ParallelResult:
    totals = [Counts() for _ in range(systems)]
    pred_lines = [0] * systems
    sentences = [SentenceRecords() for _ in range(systems)]
    spans = [SentenceSpans() for _ in range(systems)]
    for result in results:
        for index in range(systems):
            totals[index] += result.totals[index]
            spans[index] += result.sentence_spans[index]
            pred_lines[index] += result.pred_lines[index]
            sentences[index] += result.sentences[index]
    analyses = None
    if results and results[0].analyses is not None:
        analyses = [[r.analyses[index] for r in results] for index in range(systems)]  # type: ignore[index]
    return ParallelResult(
        totals,
        pred_lines,
        sentences,
        sum(r.gold_lines for r in results),
        sum(r.gold_words for r in results),
        sum(r.gold_sentences for r in results),
        analyses,
        spans,
    )
