"""Several systems on several corpora, the table of a paper (``wsscore suite``).

Each corpus is one :func:`~wsscore.scoring.scorer.score` run: its gold and dictionary are read
once, for all the systems that have an output for it, so that every cell is exactly what
``wsscore score`` gives on that pair. With a baseline, each system is tested against it on every
corpus with the paired tests of ``wsscore compare``. Corpora are independent: ``jobs`` scores
them in worker processes, with the same results as one process.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from wsscore._version import __version__
from wsscore.core.records import Counts, ExtraCounts, SentenceTokenCounts
from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.manifest import CorpusEntry, Manifest, SystemEntry
from wsscore.inputs.options import InputOptions
from wsscore.metrics.bootstrap import SAMPLES, SEED
from wsscore.metrics.boundaries import ExtraMetrics, compute_extra
from wsscore.metrics.conventions import unit_for, warn_of_unit
from wsscore.metrics.scores import Metrics, compute
from wsscore.metrics.sentence_tokens import SentenceTokenMetrics, compute_sentence_tokens
from wsscore.metrics.significance import TRIALS
from wsscore.metrics.tags import TagCounts, TagMetrics, compute_tags
from wsscore.ranges import check_numbers
from wsscore.results import Report, SystemResult
from wsscore.scoring.comparison import PairedTests, SystemComparison, compare_results
from wsscore.scoring.opened import NoSyllables
from wsscore.scoring.scorer import score

# The figures averaged over corpora: JSON name -> Metrics attribute.
AVERAGED = {
    "f1": "f",
    "recall": "recall",
    "precision": "precision",
    "oov_recall": "oov_recall",
    "iv_recall": "iv_recall",
}
SPAN_AVERAGED = ("sentences_f1", "tokens_f1")
# The --extra figures a suite can show (docs/metrics.md §5.8–5.11), by their key among the
# averages and the ExtraMetrics attribute. The type figures have no pooled value: distinct words
# do not add up across corpora.
EXTRA_AVERAGED = {
    "exact_match": "exact_match",
    "char_f1": "char_f1",
    "edge_boundary_f1": "edge_boundary_f1",
    "type_f1": "type_f1",
}
EXACT_TAGGED = ("sentences", "exact_sentences")  # the TagCounts behind EM_tag
# The figures of --tags a suite can show, by their key among the averages and the TagMetrics
# attribute: F_tag and EM_tag (docs/metrics.md §5.7, §5.8).
TAG_AVERAGED = {"tag_f1": "tag_f1", "exact_tagged_match": "exact_tagged_match"}
ALPHA = 0.05  # a cell is significantly better or worse than the baseline's below this p-value


class SuiteSettings(NamedTuple):
    """How every corpus is scored (the options of ``wsscore score`` that apply to a table)."""

    ci: str = "bakeoff"
    beta: float = 1.0
    samples: int = SAMPLES
    seed: int = SEED
    baseline: str | None = None  # a system name: test every other system against it
    trials: int = TRIALS
    tag_map: Mapping[str, str] | None = None
    extra: bool = False  # score with --extra (for the figures of EXTRA_AVERAGED)
    conventions: str | None = None  # the community whose figures the table shows

    @property
    def paired_tests(self) -> PairedTests:
        return PairedTests(self.samples, self.trials, self.seed, self.beta)


class Cell(NamedTuple):
    """One system on one corpus: its result (None: no output, with --allow-missing) and its
    paired tests against the baseline (None without a baseline, or for the baseline)."""

    result: SystemResult | None
    test: SystemComparison | None = None
    # Its Sentences and Tokens counts, also where its report shows none (docs/metrics.md §5.12).
    sentence_tokens: SentenceTokenCounts | None = None

    @property
    def verdict(self) -> int:
        """+1 significantly better than the baseline, -1 worse, 0 neither (or untested), by the
        approximate randomization test on F."""
        if self.test is None or self.result is None:
            return 0
        test = self.test.randomization_f
        if test.p_value is None or test.difference is None or test.p_value >= ALPHA:
            return 0
        return 1 if test.difference > 0 else -1


class CorpusInfo(NamedTuple):
    """What the table says of a corpus: its gold, its dictionary (as the JSON of ``wsscore
    score`` describes them) and the signature of its run."""

    gold: dict[str, object]
    dictionary: dict[str, object] | None
    signature: str

    @classmethod
    def of(cls, report: Report) -> CorpusInfo:
        document = report.as_dict()
        dictionary = document["dictionary"]
        assert dictionary is None or isinstance(dictionary, dict)
        return cls(report.gold.as_dict(), dictionary, report.signature)


class CorpusRun(NamedTuple):
    """A corpus scored: what it is (None when no system has an output for it), the cells by
    system name, and the warnings its run gave."""

    name: str
    info: CorpusInfo | None
    cells: dict[str, Cell]
    warnings: list[str]


class Averages(NamedTuple):
    """A system's figures over the corpora: the mean of the corpora's figures (as papers print
    it) and the pooled figure (from the counts of all corpora added up). None where a corpus
    lacks the figure or the system lacks an output; the tag figures only when every corpus
    scores tags."""

    mean: dict[str, float | None]
    pooled: Metrics | None
    pooled_tags: TagMetrics | None = None
    pooled_extra: ExtraMetrics | None = None  # with --extra (its type figures None)
    spans: SpanAverages | None = None  # the table's only (--metrics fsent, ftok)


class SpanAverages(NamedTuple):
    """The mean over the corpora of F_sent and F_tok (by their metric names), and the pooled
    figures of the corpora's counts added up."""

    mean: dict[str, float | None]
    pooled: SentenceTokenMetrics


class SuiteRow(NamedTuple):
    name: str
    cells: dict[str, Cell]  # by corpus name, in corpus order
    average: Averages

    @property
    def complete(self) -> bool:
        return all(cell.result is not None for cell in self.cells.values())


class Suite:
    """The scored table: corpora in manifest order, rows sorted by mean F (best first)."""

    def __init__(
        self, manifest: Manifest, runs: list[CorpusRun], settings: SuiteSettings, signature: str
    ):
        self.manifest = manifest
        self.runs = runs
        self.settings = settings
        self.signature = signature
        self.rows = _sorted_rows([_row(system, runs, settings) for system in manifest.systems])

    @property
    def corpora(self) -> list[str]:
        return [run.name for run in self.runs]

    @property
    def incomplete(self) -> list[str]:
        """Systems without an output for some corpus: their averages are left empty."""
        return [row.name for row in self.rows if not row.complete]

    @property
    def warnings(self) -> list[str]:
        return gathered_warnings(self.runs)

    @property
    def shows_spans(self) -> bool:
        """Whether a result shows its Sentences and Tokens figures (CoNLL-U, sentence breaks
        that differ from the gold's, --extra): then the averages hold their mean and pooled
        values too; else the document stays as it was."""
        return self.settings.extra or any(
            cell.result is not None and cell.result.sentence_tokens is not None
            for row in self.rows
            for cell in row.cells.values()
        )

    def as_dict(self) -> dict[str, object]:
        """The whole ``-f json`` document of ``wsscore suite``."""
        return {
            "version": __version__,
            "signature": self.signature,
            "corpora": [_corpus_dict(run) for run in self.runs],
            "systems": [_row_dict(row, self.settings, self.shows_spans) for row in self.rows],
            "options": {
                "ci": self.settings.ci,
                "beta": self.settings.beta,
                "baseline": self.settings.baseline,
                "alpha": ALPHA if self.settings.baseline else None,
            },
            "warnings": self.warnings,
        }


def run_suite(
    manifest: Manifest,
    inputs: InputOptions | None = None,
    settings: SuiteSettings | None = None,
    *,
    jobs: int = 1,
    on_corpus: Callable[[CorpusRun], None] | None = None,
) -> Suite:
    """Score every system of ``manifest`` on every corpus. ``inputs`` holds the settings of the
    command line, which each corpus's own settings override; ``on_corpus`` hears of each corpus
    when it is done (in any order with ``jobs`` > 1)."""
    base = inputs or InputOptions()
    settings = settings or SuiteSettings()
    check_numbers(
        beta=settings.beta,
        samples=settings.samples,
        seed=settings.seed,
        trials=settings.trials,
        jobs=jobs,
    )
    names = [system.name for system in manifest.systems]
    if settings.baseline is not None and settings.baseline not in names:
        raise InvalidArgument(
            f"--baseline {settings.baseline!r} is not a system of the manifest",
            hint=f"choose one of {', '.join(names)}",
        )
    if jobs > 1 and len(manifest.corpora) > 1:
        runs = _in_processes(manifest, base, settings, jobs, on_corpus)
    else:
        runs = []
        for corpus in manifest.corpora:
            runs.append(score_corpus(corpus, manifest.systems, base, settings))
            if on_corpus is not None:
                on_corpus(runs[-1])
    for message in gathered_warnings(runs):
        base.warnings.relay(message)
    return Suite(manifest, runs, settings, suite_signature(settings, len(runs)))


def gathered_warnings(runs: Sequence[CorpusRun]) -> list[str]:
    """Each warning once, led by the corpora that gave it ("cityu, pku: …"), in corpus order
    (once all are done, whatever the number of processes): the same word list or setting read
    for four corpora is one thing to fix, not four."""
    corpora: dict[str, list[str]] = {}
    for run in runs:
        for message in dict.fromkeys(run.warnings):
            corpora.setdefault(message, []).append(run.name)
    return [f"{', '.join(names)}: {message}" for message, names in corpora.items()]


def score_corpus(
    corpus: CorpusEntry,
    systems: Sequence[SystemEntry],
    base: InputOptions,
    settings: SuiteSettings,
) -> CorpusRun:
    """One corpus: every system with an output for it, scored in one run against its gold."""
    present = [system for system in systems if system.outputs[corpus.name] is not None]
    cells: dict[str, Cell] = {system.name: Cell(None) for system in systems}
    if not present:
        return CorpusRun(corpus.name, None, cells, [])
    warnings = Warnings(strict=base.warnings.strict, quiet=True)
    inputs = corpus.inputs(base.replace(warnings=warnings))
    if inputs.unit is None and settings.conventions is not None:
        inputs = inputs.replace(unit=unit_for(None, settings.conventions))
    testing = settings.baseline is not None and any(s.name == settings.baseline for s in present)
    try:
        report = _scored(corpus, present, inputs, settings, testing)
    except NoSyllables as refused:
        raise WsscoreError(
            refused.message, where=f"corpus {corpus.name}", hint=refused.hint
        ) from None
    warn_of_unit(settings.conventions, report.settings.unit, warnings)
    results = {result.name: result for result in report.systems}
    base_result = results.get(settings.baseline or "") if testing else None
    for name, result in results.items():
        test = None
        if base_result is not None and name != settings.baseline:
            test = compare_results(base_result, result, settings.paired_tests)
        shown = result.sentence_tokens
        spans = SentenceTokenCounts.shown_or_agreeing(shown, report.gold.sentences, result.counts)
        cells[name] = Cell(result, test, spans)
    for result in results.values():
        result.sentences = None  # the tests are done: do not carry them (or pickle them)
    return CorpusRun(corpus.name, CorpusInfo.of(report), cells, list(warnings.messages))


def _scored(
    corpus: CorpusEntry,
    present: Sequence[SystemEntry],
    inputs: InputOptions,
    settings: SuiteSettings,
    testing: bool,
) -> Report:
    """The report of the systems ``present`` on ``corpus`` (their sentences kept for the paired
    tests when ``testing``)."""
    return score(
        corpus.gold,
        [system.outputs[corpus.name] for system in present],  # type: ignore[misc]
        inputs=inputs,
        names=[system.name for system in present],
        ci=settings.ci,
        beta=settings.beta,
        samples=settings.samples,
        seed=settings.seed,
        sort="none",
        keep_sentences=testing,
        tags=corpus.tags,
        tag_map=settings.tag_map if corpus.tags else None,
        extra=settings.extra,
    )


def suite_signature(settings: SuiteSettings, corpora: int) -> str:
    """The settings shared by every cell; each corpus has its own signature beside it."""
    parts = [f"wsscore:{__version__}", f"suite:{corpora}", "match:span", f"ci:{settings.ci}"]
    if settings.ci == "bootstrap" or settings.baseline:
        parts += [f"samples:{settings.samples}", f"seed:{settings.seed}"]
    if settings.baseline:
        parts += [f"trials:{settings.trials}", f"baseline:{settings.baseline}"]
    if settings.beta != 1.0:
        parts.append(f"beta:{settings.beta:g}")
    if settings.conventions is not None:  # only when given, as score()'s signature
        parts.append(f"conv:{settings.conventions}")
    return "|".join(parts)


# ---------------------------------------------------------------------------------------------
# Rows and averages


def _row(system: SystemEntry, runs: list[CorpusRun], settings: SuiteSettings) -> SuiteRow:
    cells = {run.name: run.cells[system.name] for run in runs}
    results = [cell.result for cell in cells.values()]
    if any(result is None for result in results):
        return SuiteRow(
            system.name, cells, Averages(dict.fromkeys([*AVERAGED, *TAG_AVERAGED]), None)
        )
    complete = [result for result in results if result is not None]
    mean = {
        key: _mean([getattr(result.metrics, attribute) for result in complete])
        for key, attribute in AVERAGED.items()
    }
    tagged = all(result.tag_metrics is not None for result in complete)
    for key, attribute in TAG_AVERAGED.items():
        values = [getattr(r.tag_metrics, attribute) if r.tag_metrics else None for r in complete]
        mean[key] = _mean(values) if tagged else None
    pooled_tags = _pooled_tags(complete, runs) if tagged else None
    pooled_extra = None
    if settings.extra:
        mean.update(_extra_means(complete))
        pooled_extra = _pooled_extra(complete)
    pooled = _pooled(complete, runs, settings)
    average = Averages(mean, pooled, pooled_tags, pooled_extra, _span_averages(cells))
    return SuiteRow(system.name, cells, average)


def _extra_means(results: list[SystemResult]) -> dict[str, float | None]:
    figures = [result.extra_metrics for result in results]
    return {
        key: _mean([getattr(found, name) if found else None for found in figures])
        for key, name in EXTRA_AVERAGED.items()
    }


def _pooled_extra(results: list[SystemResult]) -> ExtraMetrics | None:
    """The --extra figures of all corpora taken as one test set, from their summed counts."""
    if any(result.extra is None for result in results):
        return None
    counts, extra = Counts(), ExtraCounts()
    for result in results:
        counts, extra = counts + result.counts, extra + result.extra  # type: ignore[operator]
    return compute_extra(counts, extra)


def _span_averages(cells: dict[str, Cell]) -> SpanAverages:
    found = [cell.sentence_tokens for cell in cells.values() if cell.sentence_tokens is not None]
    each = [compute_sentence_tokens(counts) for counts in found]
    mean = {key: _mean([getattr(m, key) for m in each]) for key in SPAN_AVERAGED}
    return SpanAverages(mean, compute_sentence_tokens(sum(found, SentenceTokenCounts())))


def _mean(values: list[float | None]) -> float | None:
    if not values or any(value is None for value in values):
        return None
    return math.fsum(value for value in values if value is not None) / len(values)


def _pooled(results: list[SystemResult], runs: list[CorpusRun], settings: SuiteSettings) -> Metrics:
    """The figures of all corpora taken as one test set (micro average)."""
    total = Counts()
    for result in results:
        total = total + result.counts
    has_dictionary = all(run.info is not None and run.info.dictionary for run in runs)
    return compute(total, has_dictionary=has_dictionary, ci="none", beta=settings.beta)


def _pooled_tags(results: list[SystemResult], runs: list[CorpusRun]) -> TagMetrics:
    total = TagCounts()
    for result in results:
        counts = result.tags
        assert counts is not None
        for name in ("gold_words", "pred_words", "correct", "tag_correct", *EXACT_TAGGED):
            setattr(total, name, getattr(total, name) + getattr(counts, name))
        total.oov_words += counts.oov_words
        total.oov_tag_correct += counts.oov_tag_correct
    has_dictionary = all(run.info is not None and run.info.dictionary for run in runs)
    return compute_tags(total, has_dictionary=has_dictionary)


def _sorted_rows(rows: list[SuiteRow]) -> list[SuiteRow]:
    """By mean F, best first; rows without one (incomplete, undefined) after, in manifest
    order."""

    def key(row: SuiteRow) -> tuple[bool, float]:
        value = row.average.mean["f1"]
        return (True, 0.0) if value is None else (False, -value)

    return sorted(rows, key=key)


# ---------------------------------------------------------------------------------------------
# JSON


def _corpus_dict(run: CorpusRun) -> dict[str, object]:
    info = run.info
    if info is None:
        return {"name": run.name, "gold": None, "dictionary": None, "signature": None}
    return {
        "name": run.name,
        "gold": info.gold,
        "dictionary": info.dictionary,
        "signature": info.signature,
    }


def _row_dict(row: SuiteRow, settings: SuiteSettings, shows_spans: bool) -> dict[str, object]:
    results: dict[str, object] = {}
    for corpus, cell in row.cells.items():
        if cell.result is None:
            results[corpus] = None
            continue
        data = cell.result.as_dict()
        if cell.test is not None:
            data["baseline_test"] = {
                "baseline": settings.baseline,
                "verdict": {1: "better", -1: "worse", 0: "not significant"}[cell.verdict],
                **cell.test.tests_dict(),
            }
        results[corpus] = data
    pooled = row.average.pooled
    average: dict[str, object] = dict(row.average.mean)
    pooled_figures = None if pooled is None else _pooled_dict(pooled, row.average.pooled_tags)
    if settings.extra:  # the --extra figures only when asked for: the document stays as it was
        average.update({key: row.average.mean.get(key) for key in EXTRA_AVERAGED})
        if pooled_figures is not None:
            pooled_figures.update(_pooled_extra_dict(row.average.pooled_extra))
    if shows_spans:
        spans = row.average.spans
        average.update(spans.mean if spans is not None else dict.fromkeys(SPAN_AVERAGED))
        if pooled_figures is not None:
            pooled_figures.update(
                {key: getattr(spans.pooled, key) if spans else None for key in SPAN_AVERAGED}
            )
    return {
        "name": row.name,
        "results": results,
        "complete": row.complete,
        "average": average,
        "pooled": pooled_figures,
    }


def _pooled_dict(pooled: Metrics, tags: TagMetrics | None) -> dict[str, object]:
    figures: dict[str, object] = {key: getattr(pooled, name) for key, name in AVERAGED.items()}
    figures.update(
        {key: getattr(tags, name) if tags else None for key, name in TAG_AVERAGED.items()}
    )
    return figures


def _pooled_extra_dict(pooled: ExtraMetrics | None) -> dict[str, object]:
    return {key: getattr(pooled, name) if pooled else None for key, name in EXTRA_AVERAGED.items()}


# ---------------------------------------------------------------------------------------------
# Worker processes


def _in_processes(
    manifest: Manifest,
    base: InputOptions,
    settings: SuiteSettings,
    jobs: int,
    on_corpus: Callable[[CorpusRun], None] | None,
) -> list[CorpusRun]:
    """Each corpus in a worker; the parent's warnings collector stays here (it may print), so
    workers get a quiet one and their warnings come back with their results."""
    quiet = base.replace(warnings=Warnings(strict=base.warnings.strict, quiet=True))
    done: dict[str, CorpusRun] = {}
    workers = min(jobs, len(manifest.corpora))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(_score_in_worker, corpus, manifest.systems, quiet, settings)
            for corpus in manifest.corpora
        ]
        for future in futures:
            outcome = future.result()
            if isinstance(outcome, _Failure):
                raise WsscoreError(
                    outcome.message, where=outcome.where, hint=outcome.hint, detail=outcome.detail
                )
            done[outcome.name] = outcome
            if on_corpus is not None:
                on_corpus(outcome)
    return [done[corpus.name] for corpus in manifest.corpora]


class _Failure(NamedTuple):
    """A worker's WsscoreError (an exception with keyword arguments does not pickle whole)."""

    message: str
    where: str | None
    hint: str | None
    detail: str | None


def _score_in_worker(
    corpus: CorpusEntry, systems: Sequence[SystemEntry], base: InputOptions, settings: SuiteSettings
) -> CorpusRun | _Failure:
    try:
        return score_corpus(corpus, systems, base, settings)
    except WsscoreError as error:
        return _Failure(error.message, error.where, error.hint, error.detail)
