"""Scoring predictions against one reading of the gold: :func:`score`, the public API.

>>> from wsscore import InputOptions, score
>>> report = score("gold.txt", ["system.txt"], inputs=InputOptions(dictionary="words.txt"))
>>> report.systems[0].metrics.f

:func:`score` is a pipeline of named steps: check the arguments, load the dictionary, add the
BASE and TOP rows, open the inputs, align every prediction with the gold as the gold streams
by (:class:`~wsscore.scoring.run.AlignmentRun`), then turn each system's counts into a
:class:`~wsscore.results.SystemResult` and the lot into a :class:`~wsscore.results.Report`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from wsscore.api_terms import in_api_terms
from wsscore.core.records import Counts, SentenceDetail, SentenceRecords, SentenceTokenCounts
from wsscore.errors import InvalidArgument, Warnings, refuse_standard_input_twice
from wsscore.inputs.api_sentences import in_memory_lines, is_one_prediction
from wsscore.inputs.corpora import gold_corpus
from wsscore.inputs.dictionary import Dictionary, check_coverage
from wsscore.inputs.formats.model import FIELD_FORMATS
from wsscore.inputs.formatted import (
    WRONG_FORMAT_HINT,
    format_of,
    formats_read,
    label_order_of,
    text_file_of,
)
from wsscore.inputs.labels import refuse_breaking_label
from wsscore.inputs.options import DictionarySource, InputOptions
from wsscore.inputs.sources import Source, is_path
from wsscore.metrics.bootstrap import SAMPLES, SEED, ResampledColumns, with_bootstrap
from wsscore.metrics.conventions import needs_extra, unit_for, warn_of_unit
from wsscore.metrics.ranking import SORT_KEYS
from wsscore.metrics.scores import CI_METHODS, Metrics, compute
from wsscore.metrics.settings import ReportSettings, Statistics
from wsscore.ranges import check_numbers
from wsscore.results import (
    Analyses,
    GoldInfo,
    PredictionFacts,
    Report,
    SystemResult,
    build_report,
)
from wsscore.scoring.collecting import DetailCallback, EqualLinesCallback
from wsscore.scoring.mismatch import check_mismatch, no_words
from wsscore.scoring.multiword import MultiwordCollector, has_multiword_tokens
from wsscore.scoring.opened import OpenedInputs, open_inputs
from wsscore.scoring.references import reference_rows
from wsscore.scoring.request import (
    AnalysisOptions,
    Callbacks,
    Parallelism,
    ReferenceRows,
    ScoreRequest,
)
from wsscore.scoring.run import AlignmentRun, Totals

if TYPE_CHECKING:
    from wsscore.scoring.tag_collector import TagCollector

__all__ = ["score", "score_request"]


# InputOptions fields that score() takes too, for a call of one line.
READING_FIELDS = ("dictionary", "encoding", "mismatch", "input_format", "word_sep", "normalize")


@in_api_terms("score")
def score(
    gold: Source,
    predictions: Source | Sequence[Source],
    *,
    inputs: InputOptions | None = None,
    names: Sequence[str | None] | None = None,
    ci: str = "bakeoff",
    beta: float = 1.0,
    samples: int = SAMPLES,
    seed: int = SEED,
    sort: str = "f",
    keep_sentences: bool = False,
    extra: bool = False,
    tags: bool = False,
    tag_map: Mapping[str, str] | None = None,
    baseline: bool = False,
    topline: bool = False,
    committee: Sequence[Source] | None = None,
    difficulty: Source | None = None,
    on_detail: Callable[[int, SentenceDetail], None] | None = None,
    on_difficulties: Callable[[SentenceDetail, list[float]], None] | None = None,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    conventions: str | None = None,
    unit: str | None = None,
    dictionary: DictionarySource | None = None,
    encoding: str | None = None,
    mismatch: str | None = None,
    input_format: str | None = None,
    word_sep: str | None = None,
    normalize: str | None = None,
) -> Report:
    """Score predictions against a gold segmentation.

    ``gold`` and each prediction are paths (``-`` is standard input; .gz/.bz2/.xz are read
    transparently) or lists of sentences held in memory, each sentence a string of words or a
    list of words (docs/api.md); ``inputs`` says how to read them (dictionary, encodings,
    mismatch policy, warnings). ``predictions`` is one prediction when it is a path, or when it
    is nested as deep as a gold held in memory (both lists of lines, both lists of word lists);
    else a list of predictions. No prediction and a gold without a word are refused.
    ``names`` labels the predictions in order (None keeps a default name). ``ci`` is
    ``bakeoff``, ``wilson``, ``bootstrap`` (resampling sentences ``samples`` times from
    ``seed``, for F too) or ``none``; ``beta`` gives F_β.
    ``sort`` orders the systems (a key of :data:`~wsscore.metrics.ranking.SORT_KEYS`).

    ``extra`` adds TNR, boundary scores, F_mean and error classes (docs/metrics.md §5).
    ``baseline`` and ``topline`` add the BASE and TOP rows of the bakeoff: the gold's text
    segmented by maximum matching with the dictionary, or with the gold's own words.
    ``committee`` (K ≥ 2 segmentations of the same text; scored systems may be among them) or
    ``difficulty`` (a file written by ``wsscore difficulty``) adds difficulty-weighted scores.
    ``conventions`` (``thai``, ``japanese``, ``ud`` or ``sighan``; docs/metrics.md §5.13)
    counts what that community's figures need (``extra`` for all but ``sighan``) and has the
    table formats show its columns; it changes no number, and the signature records it.
    ``unit`` (``char``, ``grapheme`` or ``syllable``; the same as ``InputOptions(unit=...)``)
    is what a boundary can fall between, for the boundary figures, TNR, the character-level
    counts and the ``chars`` format, never P, R and F; None, the default, takes the
    convention's unit, else the gold format's own (``syllable`` for vlsp, else ``char``). The
    report records it (``options.unit``), and the signature when it is not ``char``.

    ``dictionary``, ``encoding``, ``mismatch``, ``input_format``, ``word_sep`` and
    ``normalize`` (``mccws``, ``width``, ...: docs/metrics.md §1.8) are the
    :class:`InputOptions` fields of the same names, given here for a call of one line
    (``score(gold, pred, dictionary="words.txt").f``); None leaves ``inputs``' own. One given
    both here and in ``inputs``, with two values, is refused.

    Callbacks: ``on_detail(system_index, detail)`` receives every sentence's words and marks;
    ``on_difficulties(detail, difficulties)`` each gold line's word difficulties;
    ``progress(bytes)`` the bytes of the gold read so far, after each block.
    ``keep_sentences`` keeps per-sentence counts on each system. ``jobs`` > 1 (0: all cores)
    scores large files in that many processes with the same result (per-word callbacks,
    ``extra`` and difficulties keep to one process).

    Invalid arguments raise ``ValueError``; a problem with the inputs raises
    :class:`~wsscore.errors.WsscoreError` (one line that names the file and says how to fix it,
    in this function's arguments and ``InputOptions``' fields: :mod:`wsscore.api_terms`).
    """
    extra = extra or needs_extra(conventions)  # an unknown convention is refused here
    reading = {"unit": unit, "dictionary": dictionary, "encoding": encoding}
    reading |= {"mismatch": mismatch, "input_format": input_format, "word_sep": word_sep}
    reading["normalize"] = normalize
    inputs = _with_reading(inputs, reading)
    request = ScoreRequest(
        names=names,
        statistics=Statistics(ci, beta, samples, seed),
        sort=sort,
        keep_sentences=keep_sentences,
        analyses=AnalysisOptions(extra, tags, tag_map, committee, difficulty),
        conventions=conventions,
        references=ReferenceRows(baseline, topline),
        callbacks=Callbacks(on_detail, on_difficulties, progress),
        parallelism=Parallelism(jobs),
    )
    return score_request(gold, predictions, inputs, request)


def _with_reading(inputs: InputOptions | None, given: Mapping[str, object]) -> InputOptions | None:
    """``inputs`` with the InputOptions fields score() was given (None: not given), each
    refused where ``inputs`` asks for another value of it."""
    chosen = {name: value for name, value in given.items() if value is not None}
    if not chosen:
        return inputs
    inputs = inputs if inputs is not None else InputOptions()
    defaults = InputOptions()
    for name, value in chosen.items():
        held = getattr(inputs, name)
        if held != getattr(defaults, name) and held != value:
            raise InvalidArgument(
                f"{name} is given twice, {name}={value!r} and InputOptions({name}={held!r})",
                hint="give it once",
            )
    return inputs.replace(**chosen)


def score_request(
    gold: Source,
    predictions: Source | Sequence[Source],
    inputs: InputOptions | None,
    request: ScoreRequest,
) -> Report:
    """:func:`score` with its options grouped: check the arguments, add the BASE and TOP rows,
    open the inputs, align them, and report each system's figures."""
    inputs = inputs if inputs is not None else InputOptions()
    # The convention's unit unless one is given (an explicit unit always wins).
    if inputs.unit is None and request.conventions is not None:
        inputs = inputs.replace(unit=unit_for(None, request.conventions))
    first_warning = len(inputs.warnings.messages)  # the options may serve several runs
    _check_arguments(request)
    one = is_one_prediction(gold, predictions)
    gold, predictions = _in_memory_as_lines(gold, _prediction_list(gold, predictions), one)
    _check_inputs(gold, predictions, inputs, request)
    known = inputs.load_dictionary()
    labels = _labels_with_references(gold, predictions, known, inputs, request)
    analyses = request.analyses
    opened = open_inputs(
        gold,
        predictions,
        inputs,
        analyses.committee,
        analyses.difficulty,
        request.callbacks.on_difficulties,
    )
    warn_of_unit(request.conventions, opened.unit, inputs.warnings)
    scoring = _scoring(opened, known, request)
    run, totals = _aligned(opened, known, inputs, scoring)
    results = _system_results(opened, run, totals, labels, known, inputs, scoring)
    opened.close()
    settings = ReportSettings(
        "span",
        request.statistics,
        inputs.mismatch,
        difficulty=opened.difficulty_source(),
        tags=analyses.tag_column(_tags_read(opened, inputs)),
        conventions=request.conventions,
        unit=opened.unit,
        normalize=inputs.normalize,
    )
    gold_info = _gold_info(opened, totals, inputs.warnings)  # may warn of a near copy
    warnings = inputs.warnings.messages[first_warning:]
    return build_report(gold_info, known, results, settings, warnings=warnings, sort=request.sort)


def _tags_read(opened: OpenedInputs, inputs: InputOptions) -> str:
    """What the signature says the tags were read from: the CoNLL-U column, or for a gold in
    MeCab's or KyTea's format the fields (``field1``, ``field1-2``)."""
    if format_of(opened.gold) in FIELD_FORMATS:
        return f"field{inputs.gold_format_options.tag_field}"
    return inputs.tag_column


class _Scoring(NamedTuple):
    """What a run asks and the collectors it needs for that beside the aligners."""

    request: ScoreRequest
    tags: TagCollector | None
    multiword: MultiwordCollector | None


def _scoring(opened: OpenedInputs, known: Dictionary | None, request: ScoreRequest) -> _Scoring:
    tags = request.analyses.tags
    collector = _tag_collector(opened, known, request.analyses.tag_map) if tags else None
    return _Scoring(request, collector, _multiword_collector(opened, known, request.by_sentence))


def _aligned(
    opened: OpenedInputs, known: Dictionary | None, inputs: InputOptions, scoring: _Scoring
) -> tuple[AlignmentRun, Totals]:
    """Every prediction aligned with the gold, with what is collected on the way."""
    request = scoring.request
    run = AlignmentRun(
        opened,
        mismatch=inputs.mismatch,
        by_sentence=request.by_sentence,
        extra=request.analyses.extra,
        on_detail=_joined(scoring.multiword, scoring.tags, request.callbacks.on_detail),
        collector=request.collector,
        on_equal_lines=_equal_lines_callback(scoring),
    )
    totals = run.align(known, progress=request.callbacks.progress, jobs=request.parallelism.jobs)
    if scoring.tags is not None:
        scoring.tags.check_tags_seen()
    return run, totals


def _equal_lines_callback(scoring: _Scoring) -> EqualLinesCallback | None:
    """The tag counts take the lines that agree in bulk when they are the run's only
    per-sentence callback (another one needs every detail)."""
    tags = scoring.tags
    callbacks = scoring.request.callbacks
    if tags is None or scoring.multiword is not None or callbacks.on_detail is not None:
        return None
    return tags.equal_lines


def _gold_info(opened: OpenedInputs, totals: Totals, warnings: Warnings) -> GoldInfo:
    text = text_file_of(opened.gold)
    corpus = None if text is None else gold_corpus(text.path, text.encoding.name, warnings)
    return GoldInfo(
        opened.gold.name,
        opened.gold.encoding.name,
        totals.gold_lines,
        # A multi-word token is one word to the aligner and several to the figures.
        totals.gold_words + getattr(opened.gold, "extra_words", 0),
        totals.gold_sentences,
        format_of(opened.gold),
        label_order_of(opened.gold),
        corpus,
    )


def _check_arguments(request: ScoreRequest) -> None:
    statistics = request.statistics
    if statistics.ci not in CI_METHODS:
        raise InvalidArgument(f"ci must be one of {CI_METHODS}")
    check_numbers(
        beta=statistics.beta,
        samples=statistics.samples,
        seed=statistics.seed,
        jobs=request.parallelism.jobs,
    )
    if request.sort not in SORT_KEYS:
        raise InvalidArgument(f"sort must be one of {SORT_KEYS}")
    if needs_extra(request.conventions) and not request.analyses.extra:
        # A request built without score() (the report page's) must count what it shows.
        raise InvalidArgument(f"conventions={request.conventions!r} needs extra=True")


def _labels_with_references(
    gold: Source,
    predictions: list[Source],
    known: Dictionary | None,
    inputs: InputOptions,
    request: ScoreRequest,
) -> list[str | None]:
    """The predictions' labels (None: a default name), each BASE and TOP row added to the
    predictions with its label."""
    names = request.names
    labels: list[str | None] = list(names) if names is not None else [None] * len(predictions)
    rows = request.references
    for name, lines in reference_rows(
        gold, known, inputs, baseline=rows.baseline, topline=rows.topline
    ):
        predictions.append(lines)
        labels.append(name)
    return labels


def _prediction_list(gold: Source, predictions: Source | Sequence[Source]) -> list[Source]:
    """The predictions as a list (:func:`~wsscore.inputs.api_sentences.is_one_prediction`
    tells one prediction from a list of them); none at all is refused."""
    if isinstance(predictions, (list, tuple)) and not predictions:
        raise _no_predictions()
    if is_one_prediction(gold, predictions):
        return [predictions]  # type: ignore[list-item]
    listed = list(predictions)  # type: ignore[arg-type]
    if not listed:
        raise _no_predictions()
    return listed


def _no_predictions() -> InvalidArgument:
    return InvalidArgument(
        "predictions is empty: give a prediction (a path or a list of sentences), "
        "or a list of predictions"
    )


def _in_memory_as_lines(
    gold: Source, predictions: list[Source], one: bool
) -> tuple[Source, list[Source]]:
    """Inputs held in memory (lists of sentences: strings of words or lists of words) as lines
    of words, checked; paths as they are. ``one``: the predictions were given as one, which
    messages call ``predictions`` (else ``predictions[i]``)."""

    def lines(source: Source, argument: str) -> Source:
        return source if is_path(source) else in_memory_lines(source, argument)

    names = ["predictions"] if one else [f"predictions[{i}]" for i in range(len(predictions))]
    return lines(gold, "gold"), [lines(p, n) for p, n in zip(predictions, names, strict=True)]


def _check_inputs(
    gold: Source, predictions: list[Source], inputs: InputOptions, request: ScoreRequest
) -> None:
    names = request.names
    committee, difficulty = request.analyses.committee, request.analyses.difficulty
    if committee is not None and difficulty is not None:
        raise InvalidArgument(
            "give either a committee or a difficulty file, not both",
            hint="--difficulty reuses the difficulties a committee gave before",
        )
    if request.analyses.tags and inputs.normalize != "none":
        raise InvalidArgument(
            "give --tags or --normalize, not both: the tags are not yet scored on rewritten words"
        )
    members = [committee] if is_path(committee) else list(committee or ())
    refuse_standard_input_twice(
        [gold, *predictions, *inputs.dictionary_paths(), *members, difficulty]
    )
    if names is not None and len(names) != len(predictions):
        raise InvalidArgument(
            f"{len(names)} name(s) for {len(predictions)} prediction(s)",
            hint="--name labels the predictions in order: give one per prediction",
        )
    for name in names or ():
        refuse_breaking_label(name)


def _system_results(
    opened: OpenedInputs,
    run: AlignmentRun,
    totals: Totals,
    labels: list[str | None],
    known: Dictionary | None,
    inputs: InputOptions,
    scoring: _Scoring,
) -> list[SystemResult]:
    """One result per scored system; committee members are checked, not reported."""
    # A gold without words is a wrong input: every figure would be undefined (a prediction
    # held in memory may be empty: its ratios are null).
    if totals.gold_words == 0:
        if not opened.gold_is_file:
            lines = totals.gold_lines
            what = f"its {lines} sentence(s) are empty" if lines else "it has no sentence"
            raise InvalidArgument(
                f"gold holds no word ({what}): give the gold's sentences, as strings of words "
                "or lists of words"
            )
        raise no_words("gold", opened.gold.name, totals.gold_lines, "give the gold standard first")
    results = []
    for index, pred_file in enumerate(opened.predictions):
        counts = run.counts(index)
        pred_lines = totals.pred_lines[index]
        if counts.pred_words == 0 and opened.is_file(index):
            raise no_words(
                "prediction",
                pred_file.name,
                pred_lines,
                f"the gold has {totals.gold_lines} lines; did the segmenter fail?",
            )
        check_mismatch(
            (opened.gold, pred_file),
            run.aligners[index],
            counts,
            totals.gold_sentences,
            (totals.gold_lines, pred_lines),
            inputs.mismatch,
            inputs.warnings,
        )
        if index < opened.systems:
            label = labels[index]
            name = label if label is not None else opened.default_name(index)
            results.append(_system_result(name, index, counts, opened, run, known, scoring))
    if scoring.request.statistics.ci == "bootstrap":
        sentences = [run.sentences[i] for i in range(len(results))]
        _add_bootstrap_intervals(results, sentences, scoring.request)
    if known is not None:  # every gold word in it, or almost none: OOV figures mean nothing
        check_coverage(
            known, totals.gold_words, [r.counts.oov_words for r in results], inputs.warnings
        )
    _name_detected_formats(opened, results, inputs)
    _warn_of_unit_cuts(opened, results, inputs)
    return results


def _warn_of_unit_cuts(
    opened: OpenedInputs, results: list[SystemResult], inputs: InputOptions
) -> None:
    """Say where a prediction cuts inside the gold's units: the unit figures see past those
    cuts (docs/metrics.md §1.7), and a reader should know that they exist."""
    for result, pred_file in zip(results, opened.predictions, strict=False):
        cuts = result.extra.unit_cuts if result.extra is not None else 0
        if cuts:
            inputs.warnings.warn(
                f"{cuts:,} predicted word boundar{'y falls' if cuts == 1 else 'ies fall'} "
                f"inside a {opened.unit} of the gold: the {opened.unit} figures (boundaries, "
                "TNR, character-level counts) do not count them; P, R and F do",
                where=pred_file.name,
                hint="see unit_cuts in the JSON report, or score with --unit char",
            )


def _system_result(
    name: str,
    index: int,
    counts: Counts,
    opened: OpenedInputs,
    run: AlignmentRun,
    known: Dictionary | None,
    scoring: _Scoring,
) -> SystemResult:
    sentences = run.sentences[index]
    sentence_tokens = _sentence_tokens(opened, index, run, counts)
    if scoring.multiword is not None:
        counts = scoring.multiword.corrected(index, counts)
        scoring.multiword.correct_records(index, sentences)
    statistics = scoring.request.statistics
    metrics = compute(
        counts, has_dictionary=known is not None, ci=statistics.ci, beta=statistics.beta
    )
    pred_file = opened.predictions[index]
    facts = PredictionFacts(
        run.totals.pred_lines[index],
        tuple(run.aligners[index].divergences),
        format_of(pred_file),
        label_order_of(pred_file),
        has_dictionary=known is not None,
    )
    analyses = Analyses(
        extra=run.extra_totals[index] if run.extra_totals is not None else None,
        weighted=opened.weighting.totals[index] if opened.weighting is not None else None,
        tags=scoring.tags.totals[index] if scoring.tags is not None else None,
        sentence_tokens=sentence_tokens,
        types=run.types[index].counts() if run.types is not None else None,
        unit=opened.unit,
    )
    kept = sentences if scoring.request.keep_sentences else None
    return SystemResult(
        name,
        pred_file.name,
        pred_file.encoding.name,
        counts,
        metrics,
        facts=facts,
        sentences=kept,
        analyses=analyses,
    )


def _sentence_tokens(
    opened: OpenedInputs, index: int, run: AlignmentRun, surface: Counts
) -> SentenceTokenCounts | None:
    """conll18_ud_eval.py's Sentences and Tokens counts of system ``index`` (``surface``: its
    counts before multi-word tokens are counted as their words), when they are shown: with
    CoNLL-U on either side, with ``--extra``, or where its sentence breaks differ from the
    gold's (docs/metrics.md §5.12)."""
    found = SentenceTokenCounts.of(run.sentence_spans(index), surface)
    formats = (format_of(opened.gold), format_of(opened.predictions[index]))
    if "conllu" in formats or run.extra_totals is not None or found.breaks_differ:
        return found
    return None


def _add_bootstrap_intervals(
    results: list[SystemResult], sentences: list[SentenceRecords], request: ScoreRequest
) -> None:
    """Each system's bootstrap intervals (each from the same seed), in ``jobs`` threads: the
    C speed-ups resample without holding the GIL."""
    statistics = request.statistics

    def bootstrapped(pair: tuple[SystemResult, SentenceRecords]) -> Metrics:
        result, records = pair
        columns = ResampledColumns.of_records(records)
        return with_bootstrap(result.metrics, columns, statistics.samples, statistics.seed)

    from wsscore.align.parallel import effective_jobs  # not loaded for a run without intervals

    pairs = list(zip(results, sentences, strict=True))
    threads = min(effective_jobs(request.parallelism.jobs), len(pairs))
    if threads > 1:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(threads) as pool:
            found = list(pool.map(bootstrapped, pairs))
    else:
        found = list(map(bootstrapped, pairs))
    for result, metrics in zip(results, found, strict=True):
        result.metrics = metrics


# A score is low below this F (or with F undefined): then a detected format is named, since a
# wrong guess (a tagged file read as words, say) gives scores like these, and the user should not
# have to guess why. Differing characters alone do not make a score low: the mismatch warning
# names them.
LOW_F = 0.5


def _name_detected_formats(
    opened: OpenedInputs, results: list[SystemResult], inputs: InputOptions
) -> None:
    low = [result for result in results if _is_low(result)]
    if not low:
        return
    files = {"the gold": opened.gold}
    files.update(zip((result.name for result in results), opened.predictions, strict=False))
    read = formats_read(files)
    if read is None:
        return
    f = low[0].metrics.f
    score = "undefined" if f is None else f"{f:.3f}"
    inputs.warnings.warn(
        f"{low[0].name}'s F is {score}, below {LOW_F}: scores this low can come from a wrong "
        f"format: {read}",
        where=opened.gold.name,
        hint=WRONG_FORMAT_HINT,
    )


def _is_low(result: SystemResult) -> bool:
    f = result.metrics.f
    return f is None or f < LOW_F


def _tag_collector(
    opened: OpenedInputs, known: Dictionary | None, tag_map: Mapping[str, str] | None
) -> TagCollector:
    from wsscore.scoring.tag_collector import TagCollector  # only a run with --tags

    return TagCollector(opened.gold, opened.predictions[: opened.systems], known, tag_map)


def _multiword_collector(
    opened: OpenedInputs, known: Dictionary | None, by_sentence: bool
) -> MultiwordCollector | None:
    """Only for CoNLL-U files with multi-word tokens: the others keep the fast path."""
    scored = opened.predictions[: opened.systems]
    if not has_multiword_tokens([opened.gold, *scored]):
        return None
    return MultiwordCollector(opened.gold, scored, known, by_line=by_sentence)


def _joined(*callbacks: DetailCallback | None) -> DetailCallback | None:
    """The per-sentence callbacks of a run, in order (the multi-word and tag counts, then the
    caller's); None when there is none, so that the scorer keeps its fast path."""
    present = [callback for callback in callbacks if callback is not None]
    if len(present) <= 1:
        return present[0] if present else None

    def every(index: int, detail: SentenceDetail) -> None:
        for callback in present:
            callback(index, detail)

    return every
