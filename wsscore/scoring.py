"""Scoring one or more predictions against one reading of the gold: the public API.

>>> from wsscore import score
>>> report = score("gold.txt", ["system.txt"], dictionary="words.txt")
>>> report.systems[0].metrics.f
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from . import bootstrap
from ._version import __version__
from .alignment import (
    EXTRA_TEXT_LIMITS,
    GoldBlock,
    MismatchError,
    PredictionOverrun,
    SentenceDetail,
    SentenceRecord,
    SystemAligner,
)
from .counts import Counts
from .dictionary import Dictionary, check_coverage, load_training_corpus, load_word_list
from .difficulty import (
    DifficultyReader,
    DifficultyWeighting,
    WeightedCounts,
    compute_weighted,
    deciles,
)
from .errors import Warnings, WsscoreError, refuse_standard_input_twice
from .extra import ExtraCounts, compute_extra, sentence_extra
from .metrics import CI_METHODS, Metrics, compute
from .reading import TextFile, crib_of, open_text
from .signature import signature

if TYPE_CHECKING:
    from .sighan import SighanTotals

MISMATCH_POLICIES = ("warn", "error", "align")
MISMATCH_LIMIT = 0.10  # under "warn", more differing sentences than this is an error
# The options that set each file's encoding, named in hints about it (committee members are
# read with --pred-encoding, like the predictions; a difficulty file only with --encoding).
GOLD_OPTION = "--gold-encoding"
PRED_OPTION = "--pred-encoding"

Source = str | os.PathLike | Sequence[str]


class GoldInfo(NamedTuple):
    path: str
    encoding: str
    lines: int
    words: int
    sentences: int

    def as_dict(self) -> dict[str, object]:
        return dict(self._asdict())


class SystemResult:
    """One scored system. ``sighan`` holds the Perl script's own counters when it was scored
    with ``--match diff`` (they need not fit ``counts``: the script counts correct words apart
    for recall and precision, and its OOV and IV words need not add up to the gold words)."""

    __slots__ = (
        "counts",
        "divergences",
        "encoding",
        "extra",
        "extra_metrics",
        "metrics",
        "name",
        "path",
        "pred_lines",
        "sentences",
        "sighan",
        "weighted",
        "weighted_metrics",
    )

    def __init__(
        self,
        name: str,
        path: str,
        encoding: str,
        counts: Counts,
        metrics: Metrics,
        pred_lines: int = 0,
        divergences: list | None = None,
        sentences: list[SentenceRecord] | None = None,
        sighan: SighanTotals | None = None,
        extra: ExtraCounts | None = None,
        weighted: WeightedCounts | None = None,
    ):
        self.name = name
        self.path = path
        self.encoding = encoding
        self.counts = counts
        self.metrics = metrics
        self.pred_lines = pred_lines
        self.divergences = divergences if divergences is not None else []
        self.sentences = sentences
        self.sighan = sighan
        self.extra = extra
        self.extra_metrics = compute_extra(counts, extra) if extra is not None else None
        self.weighted = weighted
        self.weighted_metrics = compute_weighted(weighted) if weighted is not None else None

    def __repr__(self) -> str:
        return f"SystemResult({self.name!r}, {self.counts!r})"

    def as_dict(self) -> dict[str, object]:
        counts: dict[str, object] = dict(self.counts.as_dict())
        metrics = self.metrics.as_dict()
        if self.extra is not None and self.extra_metrics is not None:
            counts.update(self.extra.as_dict())
            metrics.update(self.extra_metrics.as_dict())
        data: dict[str, object] = {
            "name": self.name,
            "path": self.path,
            "encoding": self.encoding,
            "lines": self.pred_lines,
            "counts": counts,
            "metrics": metrics,
        }
        if self.weighted is not None and self.weighted_metrics is not None:
            metrics.update(self.weighted_metrics.as_dict())
            data["difficulty_deciles"] = [d.as_dict() for d in deciles(self.weighted)]
        return data


class Report:
    """Everything a renderer needs: the same object backs every output format."""

    def __init__(
        self,
        version: str,
        signature: str,
        gold: GoldInfo,
        dictionary: Dictionary | None,
        systems: list[SystemResult],
        ci: str,
        beta: float,
        mismatch: str,
        match: str,
        warnings: list[str] | None = None,
    ):
        self.version = version
        self.signature = signature
        self.gold = gold
        self.dictionary = dictionary
        self.systems = systems
        self.ci = ci
        self.beta = beta
        self.mismatch = mismatch
        self.match = match
        self.warnings = warnings if warnings is not None else []

    def __repr__(self) -> str:
        return f"Report({self.signature!r}, systems={self.systems!r})"

    @property
    def has_dictionary(self) -> bool:
        return self.dictionary is not None

    def as_dict(self) -> dict[str, object]:
        dictionary = None
        if self.dictionary is not None:
            dictionary = {
                "paths": list(self.dictionary.paths),
                "encoding": self.dictionary.encoding,
                "entries": len(self.dictionary),
                "source": self.dictionary.source,
            }
        return {
            "version": self.version,
            "signature": self.signature,
            "gold": self.gold.as_dict(),
            "dictionary": dictionary,
            "systems": [system.as_dict() for system in self.systems],
        }


class _Lines:
    """In-memory lines given through the API, shaped like a TextFile."""

    def __init__(self, lines: Sequence[str], name: str):
        self._lines = lines
        self.name = name
        self.path = name
        self.lines_read = 0
        self.encoding = type("InMemory", (), {"name": "str"})()

    def lines(self) -> Iterator[str]:
        for line in self._lines:
            self.lines_read += 1
            yield line

    def text_blocks(self) -> Iterator[str]:
        if self._lines:
            self.lines_read = len(self._lines)
            yield "\n".join(self._lines) + "\n"


def _open(
    source: Source,
    encoding: str,
    warnings: Warnings,
    strict: bool,
    crib=None,
    name: str = "<lines>",
    option: str = "--encoding",
) -> TextFile | _Lines:
    """``option`` sets the file's encoding (``--gold-encoding`` etc.): its hints name it."""
    if isinstance(source, (str, os.PathLike)):
        return open_text(
            os.fspath(source), encoding, warnings=warnings, strict=strict, crib=crib, option=option
        )
    return _Lines(source, name)


def load_dictionary(
    dictionary: Source | Iterable[Source] | Dictionary | set | frozenset | None = None,
    train: Source | Iterable[Source] | None = None,
    *,
    encoding: str = "auto",
    warnings: Warnings | None = None,
    strict: bool = False,
) -> Dictionary | None:
    """A dictionary from word-list files, training corpora, or a set of words."""
    warnings = warnings or Warnings()
    if isinstance(dictionary, Dictionary):
        return dictionary
    if isinstance(dictionary, (set, frozenset)):
        return Dictionary(frozenset(dictionary), (), "str", "words")
    parts: list[Dictionary] = []
    if dictionary is not None:
        parts.append(load_word_list(_paths(dictionary), encoding, warnings=warnings, strict=strict))
    if train is not None:
        parts.append(
            load_training_corpus(_paths(train), encoding, warnings=warnings, strict=strict)
        )
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return Dictionary(
        parts[0].entries | parts[1].entries,
        parts[0].paths + parts[1].paths,
        "+".join(dict.fromkeys(p.encoding for p in parts)),
        "words+train",
    )


def _paths(value: Source | Iterable[Source]) -> list[str]:
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(v) for v in value]  # type: ignore[arg-type]


def score(
    gold: Source,
    predictions: Source | Sequence[Source],
    *,
    dictionary: Source | Iterable[Source] | Dictionary | set | frozenset | None = None,
    train: Source | Iterable[Source] | None = None,
    names: Sequence[str] | None = None,
    encoding: str = "auto",
    gold_encoding: str | None = None,
    pred_encoding: str | None = None,
    dict_encoding: str | None = None,
    mismatch: str = "warn",
    ci: str = "bakeoff",
    beta: float = 1.0,
    strict: bool = False,
    sort: bool = True,
    keep_sentences: bool = False,
    on_detail: Callable[[int, SentenceDetail], None] | None = None,
    warnings: Warnings | None = None,
    samples: int = bootstrap.SAMPLES,
    seed: int = bootstrap.SEED,
    progress: Callable[[int], None] | None = None,
    extra: bool = False,
    committee: Sequence[Source] | None = None,
    difficulty: Source | None = None,
    on_difficulties: Callable[[SentenceDetail, list[float]], None] | None = None,
    jobs: int = 1,
) -> Report:
    """Score predictions against a gold segmentation.

    Paths (``-`` is standard input; .gz/.bz2/.xz are read transparently) or in-memory lists of
    lines are accepted. ``keep_sentences`` keeps per-sentence counts on each system;
    ``on_detail(system_index, detail)`` receives every sentence's words and marks.
    ``ci="bootstrap"`` resamples sentences ``samples`` times from ``seed`` for R, P and F.
    ``progress(bytes)`` is called after each block of the gold with the bytes read so far.
    ``extra`` adds TNR, boundary scores, F_mean and error classes (metrics.md §5).
    ``committee`` (K ≥ 2 segmentations of the same text; scored systems may be among them) or
    ``difficulty`` (a file written by ``wsscore difficulty``) adds difficulty-weighted scores;
    ``on_difficulties(detail, difficulties)`` receives each gold line's word difficulties.
    ``jobs`` > 1 (0: all cores) scores large files in that many processes, with the same
    result (per-word callbacks, ``extra`` and difficulties keep to one process).
    """
    if mismatch not in MISMATCH_POLICIES:
        raise ValueError(f"mismatch must be one of {MISMATCH_POLICIES}")
    if ci not in CI_METHODS:
        raise ValueError(f"ci must be one of {CI_METHODS}")
    if beta <= 0:
        raise ValueError("beta must be positive")
    if ci == "bootstrap" and samples < 1:
        raise ValueError("samples must be at least 1")
    warnings = warnings if warnings is not None else Warnings(quiet=True)
    if isinstance(predictions, (str, os.PathLike)) or (
        not isinstance(gold, (str, os.PathLike)) and predictions and isinstance(predictions[0], str)
    ):
        # One path, or (beside in-memory gold lines) one prediction given as its lines.
        predictions = [predictions]  # type: ignore[list-item]
    if committee is not None and difficulty is not None:
        raise WsscoreError(
            "give either a committee or a difficulty file, not both",
            hint="--difficulty reuses the difficulties a committee gave before",
        )
    sources = [
        gold,
        *predictions,
        *_named_paths(dictionary),
        *_named_paths(train),
        *_named_paths(committee),
        *_named_paths(difficulty),
    ]
    refuse_standard_input_twice(sources)
    if names is not None and len(names) != len(predictions):
        raise WsscoreError(
            f"{len(names)} --name value(s) for {len(predictions)} prediction(s)",
            hint="give one --name per prediction, in the same order",
        )

    known = load_dictionary(
        dictionary, train, encoding=dict_encoding or encoding, warnings=warnings, strict=strict
    )
    gold_file = _open(
        gold, gold_encoding or encoding, warnings, strict, name="<gold>", option=GOLD_OPTION
    )
    # The gold's characters tell apart GB and Big5 readings of an ambiguous prediction; they
    # are collected only if a prediction needs them.
    crib = partial(crib_of, gold_file) if isinstance(gold_file, TextFile) else None
    pred_files = [
        _open(
            p,
            pred_encoding or encoding,
            warnings,
            strict,
            crib,
            name=f"<prediction {i + 1}>",
            option=PRED_OPTION,
        )
        for i, p in enumerate(predictions)
    ]
    systems = len(pred_files)
    committee_indices, weighting = None, None
    if committee is not None or difficulty is not None:
        committee_indices, member_files = _committee_members(
            committee, predictions, pred_files, pred_encoding or encoding, warnings, strict, crib
        )
        pred_files += member_files
        weighting = DifficultyWeighting(
            systems,
            len(pred_files),
            committee=committee_indices,
            reader=_difficulty_reader(difficulty, encoding, warnings, strict),
            on_difficulties=on_difficulties,
        )
    sentence_lists: list[list[SentenceRecord]] = [[] for _ in pred_files]
    by_sentence = keep_sentences or ci == "bootstrap"  # the bootstrap resamples sentences
    extra_totals = [ExtraCounts() for _ in pred_files] if extra else None
    aligners = []
    for index, pred_file in enumerate(pred_files):
        detail = None
        if on_detail is not None or extra_totals is not None or weighting is not None:

            def detail(item: SentenceDetail, index=index) -> None:
                if weighting is not None:
                    weighting.add(index, item)
                if index >= systems:
                    return  # a committee member only
                if extra_totals is not None:
                    extra_totals[index] += sentence_extra(item)
                if on_detail is not None:
                    on_detail(index, item)

        aligners.append(
            SystemAligner(
                pred_file.lines(),
                on_sentence=sentence_lists[index].append if by_sentence else None,
                on_detail=detail,
                stop_at_first_mismatch=mismatch == "error",
                extra_limit=EXTRA_TEXT_LIMITS[mismatch],
            )
        )

    entries = known.lookup if known is not None else None
    gold_words = gold_sentences = 0
    gold_lines = None
    pred_line_counts: list[int] | None = None
    parallel_result = None
    if jobs != 1 and weighting is None and extra_totals is None and on_detail is None:
        from . import parallel

        if parallel.eligible(gold_file, pred_files):
            parallel_result = parallel.score_parallel(
                gold_file,  # type: ignore[arg-type]
                pred_files,  # type: ignore[arg-type]
                entries,
                parallel.effective_jobs(jobs),
                by_sentence=by_sentence,
                stop_at_first_mismatch=mismatch == "error",
            )
    if parallel_result is not None:
        gold_words, gold_sentences = parallel_result.gold_words, parallel_result.gold_sentences
        gold_lines = parallel_result.gold_lines
        pred_line_counts = parallel_result.pred_lines
        for index, aligner in enumerate(aligners):
            aligner.totals = parallel_result.totals[index]
            sentence_lists[index][:] = parallel_result.sentences[index]
    gold_blocks = gold_file.text_blocks() if parallel_result is None else iter(())
    current = 0  # the system being fed, to name it if its characters differ
    try:
        next_line = 1
        for text in gold_blocks:
            block = GoldBlock(next_line, text, entries)
            next_line += len(block.lines)
            words, sentences = block.word_and_sentence_counts()
            gold_words += words
            gold_sentences += sentences
            for current, aligner in enumerate(aligners):  # noqa: B007 (named on error)
                aligner.feed_block(block)
            if progress is not None:
                progress(getattr(gold_file, "bytes_done", 0))
        for current, aligner in enumerate(aligners):  # noqa: B007
            if parallel_result is None:
                aligner.finish()
        if weighting is not None:
            weighting.finish()
    except MismatchError as exc:
        raise _mismatch_refusal(
            exc, gold_file, gold_blocks, pred_files[current], aligners[current]
        ) from None

    gold_line_count = gold_file.lines_read if gold_lines is None else gold_lines
    # A file without words is a wrong file (in-memory lists may be empty: their ratios are null).
    if gold_words == 0 and isinstance(gold_file, TextFile):
        raise _no_words("gold", gold_file.name, gold_line_count, "give the gold standard first")
    results = []
    for index, (pred_file, aligner) in enumerate(zip(pred_files, aligners, strict=True)):
        counts = Counts(*aligner.totals)
        given = names[index] if names and index < systems else None
        name = given if given is not None else _default_name(pred_file.name, pred_files[:systems])
        pred_lines = (
            aligner.pred_lines_read if pred_line_counts is None else pred_line_counts[index]
        )
        if counts.pred_words == 0 and isinstance(pred_file, TextFile):
            raise _no_words(
                "prediction",
                pred_file.name,
                pred_lines,
                f"the gold has {gold_line_count} lines; did the segmenter fail?",
            )
        line_counts = (gold_line_count, pred_lines)
        _check_mismatch(
            pred_file.name, aligner, counts, gold_sentences, line_counts, mismatch, warnings
        )
        if index >= systems:
            continue  # committee members are checked, not reported
        metrics = compute(counts, has_dictionary=known is not None, ci=ci, beta=beta)
        if ci == "bootstrap":
            metrics = with_bootstrap(
                metrics, [record for _, record in sentence_lists[index]], samples, seed
            )
        results.append(
            SystemResult(
                name,
                pred_file.name,
                pred_file.encoding.name,
                counts,
                metrics,
                pred_lines,
                aligner.divergences,
                sentence_lists[index] if keep_sentences else None,
                extra=extra_totals[index] if extra_totals is not None else None,
                weighted=weighting.totals[index] if weighting is not None else None,
            )
        )
    if known is not None:  # every gold word in it, or almost none: OOV figures mean nothing
        check_coverage(known, gold_words, [r.counts.oov_words for r in results], warnings)
    gold_info = GoldInfo(
        gold_file.name,
        gold_file.encoding.name,
        gold_line_count,
        gold_words,
        gold_sentences,
    )
    for source in (gold_file, *pred_files):  # the parallel path leaves them unread
        if isinstance(source, TextFile):
            source.close()
    return build_report(
        gold_info,
        known,
        results,
        match="span",
        ci=ci,
        beta=beta,
        mismatch=mismatch,
        warnings=warnings,
        sort=sort,
        resampling=(samples, seed) if ci == "bootstrap" else None,
        difficulty=(
            f"committee-{len(committee_indices)}"
            if committee_indices is not None
            else "file"
            if difficulty is not None
            else None
        ),
    )


def with_bootstrap(
    metrics: Metrics, sentences: Sequence[Sequence[int]], samples: int, seed: int
) -> Metrics:
    """``metrics`` with bootstrap intervals for R, P and F from per-sentence counts
    (RP, PP, TP first, as in Counts)."""
    recall_ci, precision_ci, f_ci = bootstrap.bootstrap_intervals(
        [counts[0] for counts in sentences],
        [counts[1] for counts in sentences],
        [counts[2] for counts in sentences],
        samples=samples,
        seed=seed,
        beta=metrics.beta,
    )
    return metrics._replace(recall_ci=recall_ci, precision_ci=precision_ci, f_ci=f_ci)


def build_report(
    gold: GoldInfo,
    dictionary: Dictionary | None,
    results: list[SystemResult],
    *,
    match: str,
    ci: str,
    beta: float,
    mismatch: str,
    warnings: Warnings,
    sort: bool = True,
    resampling: tuple[int, int] | None = None,
    difficulty: str | None = None,
) -> Report:
    """The report of scored systems, sorted by F (undefined last) unless ``sort`` is false.

    ``resampling`` is (samples, seed) of bootstrap intervals, for the signature.
    """
    if sort:
        results.sort(key=lambda r: -1.0 if r.metrics.f is None else r.metrics.f, reverse=True)
    return Report(
        __version__,
        signature(
            match=match,
            ci=ci,
            beta=beta,
            dictionary=dictionary,
            gold_encoding=gold.encoding,
            pred_encodings=[r.encoding for r in results],
            mismatch=mismatch,
            resampling=resampling,
            difficulty=difficulty,
        ),
        gold,
        dictionary,
        results,
        ci,
        beta,
        mismatch,
        match,
        list(warnings.messages),
    )


def _committee_members(
    committee: Sequence[Source] | None,
    predictions: Sequence[Source],
    pred_files: list[TextFile | _Lines],
    encoding: str,
    warnings: Warnings,
    strict: bool,
    crib,
) -> tuple[list[int] | None, list[TextFile | _Lines]]:
    """Participant indices of the committee members, and the files of those that are not
    among the scored systems (a member given as a system's path is scored once)."""
    if committee is None:
        return None, []
    if isinstance(committee, (str, os.PathLike)):
        committee = [committee]
    if len(committee) < 2:
        raise WsscoreError(
            f"a committee needs at least 2 members, got {len(committee)}",
            hint="give two or more segmentations of the test set with --committee",
        )
    systems = {
        os.path.realpath(os.fspath(p)): i
        for i, p in enumerate(predictions)
        if isinstance(p, (str, os.PathLike)) and os.fspath(p) != "-"
    }
    indices, files = [], []
    for member in committee:
        if isinstance(member, (str, os.PathLike)):
            known = systems.get(os.path.realpath(os.fspath(member)))
            if known is not None:
                indices.append(known)
                continue
        indices.append(len(pred_files) + len(files))
        name = f"<committee member {len(files) + 1}>"
        files.append(_open(member, encoding, warnings, strict, crib, name=name, option=PRED_OPTION))
    return indices, files


def _difficulty_reader(
    difficulty: Source | None, encoding: str, warnings: Warnings, strict: bool
) -> DifficultyReader | None:
    if difficulty is None:
        return None
    source = _open(difficulty, encoding, warnings, strict, name="<difficulty>")
    return DifficultyReader(source.name, source.lines())


def _named_paths(value: object) -> list[str]:
    """The paths among a dictionary or training argument (for the standard-input check)."""
    if value is None or isinstance(value, (Dictionary, set, frozenset)):
        return []
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(v) for v in value if isinstance(v, (str, os.PathLike))]  # type: ignore[union-attr]


def _default_name(path: str, files: Sequence[TextFile | _Lines]) -> str:
    base = os.path.basename(path) or path
    same = [f for f in files if (os.path.basename(f.name) or f.name) == base]
    return base if len(same) == 1 else path


def _no_words(side: str, path: str, lines: int, hint: str) -> WsscoreError:
    if lines == 0:
        return WsscoreError(f"the {side} is empty", where=path, hint=hint)
    return WsscoreError(
        f"the {side} holds no words: its {lines} line(s) are empty or white space",
        where=path,
        hint=hint,
    )


def _check_mismatch(
    path: str,
    aligner: SystemAligner,
    counts: Counts,
    gold_sentences: int,
    line_counts: tuple[int, int],
    policy: str,
    warnings: Warnings,
) -> None:
    if not counts.misaligned_chars:
        return
    places = "; ".join(d.describe() for d in aligner.divergences)
    gold_lines, pred_lines = line_counts
    lines = f"the gold has {gold_lines} lines, the prediction {pred_lines}"
    cause = "a missing or extra line is the usual cause; " if gold_lines != pred_lines else ""
    if policy == "warn" and counts.misaligned_lines > MISMATCH_LIMIT * max(gold_sentences, 1):
        raise WsscoreError(
            f"the prediction is not a segmentation of this gold: {counts.misaligned_lines} of "
            f"{gold_sentences} sentences ({counts.misaligned_chars} characters) differ "
            f"(first: {places}); {lines}",
            where=path,
            hint=f"{cause or 'check that both files hold the same text; '}"
            "--mismatch align scores it anyway",
        )
    warnings.warn(
        f"{counts.misaligned_chars} character(s) on {counts.misaligned_lines} line(s) differ from "
        f"the gold (first: {places}); {lines}",
        where=path,
        hint=f"{cause}--mismatch error refuses such input",
        consequence="words touching them count as wrong",
        strict_hint=f"{cause or 'check that both files hold the same text; '}"
        "without --strict it is scored with a warning",
    )


def _mismatch_refusal(
    exc: MismatchError,
    gold_file: TextFile | _Lines,
    gold_blocks: Iterator[str],
    pred_file: TextFile | _Lines,
    aligner: SystemAligner,
) -> WsscoreError:
    if isinstance(exc, PredictionOverrun):  # the gold has ended; the prediction may not
        return WsscoreError(exc.message, where=pred_file.name, hint=exc.hint)
    for _ in gold_blocks:  # read on, to name both line counts
        pass
    gold_lines = gold_file.lines_read
    # An endless prediction is read no further than this to count its lines.
    pred_lines, complete = aligner.drain(max_lines=2 * gold_lines + 10_000)
    cause = (
        "a missing or extra line is the usual cause"
        if gold_lines != pred_lines
        else "the line counts agree, so the texts differ: check that both hold the same text"
    )
    return WsscoreError(
        f"the prediction's characters differ from the gold's: {exc.divergence.describe()}; "
        f"the gold has {gold_lines} lines, the prediction {'' if complete else 'more than '}"
        f"{pred_lines}",
        where=pred_file.name,
        hint=f"{cause}; --mismatch warn scores the rest",
    )
