"""Comparing systems with a baseline: scores plus paired significance tests (docs/metrics.md §5).

>>> from wsscore.scoring.comparison import compare
>>> comparison = compare("gold.txt", "baseline.txt", ["a.txt", "b.txt"], dictionary="words.txt")
>>> comparison.systems[0].bootstrap_f.p_value

Everything is scored once, sentence by sentence (:func:`wsscore.score`); the tests in
:mod:`wsscore.metrics.significance` then work on the per-sentence counts only.
"""

from __future__ import annotations

import operator
import os
import pathlib
from array import array
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from wsscore._version import __version__
from wsscore.align.parallel import effective_jobs
from wsscore.api_terms import in_api_terms
from wsscore.core.records import Counts, SentenceRecord, SentenceRecords
from wsscore.errors import WsscoreError
from wsscore.inputs.options import InputOptions
from wsscore.inputs.sources import Source
from wsscore.metrics import significance
from wsscore.metrics.bootstrap import SAMPLES, SEED, ResampledColumns
from wsscore.metrics.settings import Statistics
from wsscore.metrics.significance import TRIALS, PairedResult
from wsscore.ranges import check_numbers
from wsscore.results import Report, SystemResult
from wsscore.scoring.request import Parallelism, ScoreRequest
from wsscore.scoring.scorer import score_request


class SystemComparison(NamedTuple):
    """One system against the baseline: its scores and the four paired tests."""

    result: SystemResult
    bootstrap_f: PairedResult
    bootstrap_r: PairedResult
    randomization_f: PairedResult
    randomization_r: PairedResult

    @property
    def name(self) -> str:
        return self.result.name

    def as_dict(self) -> dict[str, object]:
        return {**_summary(self.result), **self.tests_dict()}

    def tests_dict(self) -> dict[str, object]:
        """The four tests, as in ``wsscore compare``'s JSON."""
        return {
            "paired_bootstrap": {
                "f1": self.bootstrap_f.as_dict(),
                "recall": self.bootstrap_r.as_dict(),
            },
            "approximate_randomization": {
                "f1": self.randomization_f.as_dict(),
                "recall": self.randomization_r.as_dict(),
            },
        }


class PairedTests(NamedTuple):
    """How each system is tested against the baseline: ``samples`` paired bootstrap draws and
    ``trials`` approximate-randomization shuffles, both from ``seed``, on F_β and recall."""

    samples: int = SAMPLES
    trials: int = TRIALS
    seed: int = SEED
    beta: float = 1.0


class Comparison:
    """The scores of a baseline and of systems, with each system's paired tests against it.

    ``report`` is the underlying score report (gold, dictionary, warnings; its systems in input
    order, baseline first); ``signature`` extends the report's with the tests' settings.
    """

    def __init__(
        self,
        report: Report,
        baseline: SystemResult,
        systems: list[SystemComparison],
        tests: PairedTests,
    ):
        self.report = report
        self.baseline = baseline
        self.systems = systems
        self.samples = tests.samples
        self.trials = tests.trials
        self.seed = tests.seed
        self.signature = comparison_signature(report.signature, tests)

    def __repr__(self) -> str:
        return f"Comparison({self.signature!r}, baseline={self.baseline.name!r})"

    @property
    def beta(self) -> float:
        return self.report.beta

    def as_dict(self) -> dict[str, object]:
        """The JSON document (keys are a contract, as for the score report)."""
        report = self.report.as_dict()
        return {
            "version": __version__,
            "signature": self.signature,
            "gold": report["gold"],
            "dictionary": report["dictionary"],
            "baseline": _summary(self.baseline),
            "systems": [system.as_dict() for system in self.systems],
            "options": {
                "samples": self.samples,
                "trials": self.trials,
                "seed": self.seed,
                "beta": self.report.beta,
                "mismatch": self.report.mismatch,
                "match": self.report.match,
                "unit": self.report.settings.unit,
            },
            "warnings": list(self.report.warnings),
        }


def _summary(result: SystemResult) -> dict[str, object]:
    metrics = result.metrics
    return {
        "name": result.name,
        "path": result.path,
        "f1": metrics.f,
        "recall": metrics.recall,
        "precision": metrics.precision,
    }


def comparison_signature(report_signature: str, tests: PairedTests) -> str:
    """The score signature plus the tests: ``…|test:bs-1000+ar-10000|seed:12345``.

    The report is scored with ``ci:none`` (the per-system intervals are not shown); the
    intervals of the differences come from the paired bootstrap named here.
    """
    return f"{report_signature}|test:bs-{tests.samples}+ar-{tests.trials}|seed:{tests.seed}"


@in_api_terms("compare")
def compare(
    gold: Source,
    baseline: Source,
    systems: Sequence[Source],
    *,
    inputs: InputOptions | None = None,
    names: Sequence[str | None] | None = None,
    samples: int = SAMPLES,
    trials: int = TRIALS,
    seed: int = SEED,
    beta: float = 1.0,
    jobs: int = 1,
) -> Comparison:
    """Score ``baseline`` and ``systems`` against ``gold`` and test each system against the
    baseline: paired bootstrap (``samples``) and approximate randomization (``trials``), both
    from ``seed``, on F_β and recall.

    ``names`` labels the inputs in order, the baseline first (one per input, as ``--name`` on
    the command line; a None entry keeps the default name). Every system is tested with the
    same seed, so each one sees the same bootstrap samples. ``inputs`` is as for
    :func:`wsscore.score`.
    """
    if isinstance(systems, (str, os.PathLike)):
        systems = [systems]
    if not systems:
        raise WsscoreError("give at least one system to compare with the baseline")
    check_numbers(samples=samples, trials=trials, seed=seed, beta=beta, jobs=jobs)
    predictions = [_as_prediction(gold, baseline), *systems]
    request = ScoreRequest(
        names=list(names) if names is not None else None,
        statistics=Statistics(ci="none", beta=beta),
        sort="none",  # input order: the baseline is the first result
        keep_sentences=True,
        parallelism=Parallelism(jobs),
    )
    report = score_request(gold, predictions, inputs, request)
    base, *others = report.systems
    tests = PairedTests(samples, trials, seed, beta)
    return Comparison(report, base, _each_against(base, others, tests, jobs), tests)


def _each_against(
    base: SystemResult, others: list[SystemResult], tests: PairedTests, jobs: int
) -> list[SystemComparison]:
    """Each system tested against the baseline, in ``jobs`` threads when there are several
    (the C speed-ups resample without holding the GIL)."""

    def tested(other: SystemResult) -> SystemComparison:
        return compare_results(base, other, tests)

    threads = min(effective_jobs(jobs), len(others))
    if threads < 2:
        return list(map(tested, others))
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(tested, others))


def _as_prediction(gold: Source, baseline: Source) -> Source:
    """``baseline`` as :func:`score` must see it in first place.

    With in-memory gold lines, :func:`score` reads a first prediction given as a ``str`` as
    the lines of a single prediction; a path must then be a PathLike to stay a path.
    """
    if isinstance(baseline, str) and not isinstance(gold, (str, os.PathLike)):
        if baseline == "-":
            raise WsscoreError("with in-memory gold lines the baseline cannot be standard input")
        return pathlib.Path(baseline)
    return baseline


def compare_results(
    base: SystemResult, other: SystemResult, tests: PairedTests
) -> SystemComparison:
    """The paired tests of ``other`` against ``base``, both scored with ``keep_sentences``."""
    baseline_columns, system_columns = columns_by_line(base.sentences or [], other.sentences or [])
    bootstrap = significance.paired_bootstrap_of_columns(
        baseline_columns,
        system_columns,
        samples=tests.samples,
        seed=tests.seed,
        beta=tests.beta,
    )
    randomization = significance.approximate_randomization_of_columns(
        baseline_columns,
        system_columns,
        trials=tests.trials,
        seed=tests.seed,
        beta=tests.beta,
    )
    return SystemComparison(
        other, bootstrap["f"], bootstrap["r"], randomization["f"], randomization["r"]
    )


def pair_sentences(
    baseline: Sequence[SentenceRecord], system: Sequence[SentenceRecord]
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """(RP, PP, TP) of both systems for each gold line either has a record of, by line number
    (:func:`columns_by_line`, a triple per line)."""
    base_columns, system_columns = columns_by_line(baseline, system)
    return list(zip(*base_columns, strict=True)), list(zip(*system_columns, strict=True))


def columns_by_line(
    baseline: Sequence[SentenceRecord], system: Sequence[SentenceRecord]
) -> tuple[ResampledColumns, ResampledColumns]:
    """RP, PP and TP of both systems, one column each, one item per gold line either has a
    record of, by line number.

    The aligner reports every gold line with words, but an empty gold line (or the place past
    the gold's end) only when predicted words fall on it, so a line can be missing from one
    system's records: that system predicted nothing there and counts zeros. RP belongs to the
    gold line, not to the system, so it is taken from whichever system has the line (the
    paired tests need it equal on both sides; in practice it is 0 on such lines).
    """
    same_lines = _same_lines_once(baseline, system)
    if same_lines is not None:
        return same_lines
    base_lines = _by_line(baseline)
    system_lines = _by_line(system)
    base_columns = [array("q") for _ in ResampledColumns._fields]
    system_columns = [array("q") for _ in ResampledColumns._fields]
    for number in sorted(base_lines.keys() | system_lines.keys()):
        base_counts = base_lines.get(number)
        system_counts = system_lines.get(number)
        if base_counts is None and system_counts is not None:
            base_counts = (system_counts[0], 0, 0)
        elif system_counts is None and base_counts is not None:
            system_counts = (base_counts[0], 0, 0)
        assert base_counts is not None and system_counts is not None  # one side has the line
        for columns, counts in ((base_columns, base_counts), (system_columns, system_counts)):
            for column, count in zip(columns, counts, strict=True):
                column.append(count)
    return ResampledColumns(*base_columns), ResampledColumns(*system_columns)


def _same_lines_once(
    baseline: Sequence[SentenceRecord], system: Sequence[SentenceRecord]
) -> tuple[ResampledColumns, ResampledColumns] | None:
    """The usual case, without a dictionary per system: both have a record of the same lines,
    one each, in order (then pairing by line number changes nothing), and their columns are
    taken as they are packed. None otherwise."""
    if not isinstance(baseline, SentenceRecords) or not isinstance(system, SentenceRecords):
        return None
    numbers = baseline.numbers()
    if numbers != system.numbers() or not all(map(operator.lt, numbers, numbers[1:])):
        return None
    return ResampledColumns.of_records(baseline), ResampledColumns.of_records(system)


def _by_line(records: Sequence[SentenceRecord]) -> dict[int, tuple[int, int, int]]:
    """RP, PP, TP per gold line; records of the same line add up (a stretch of differing
    characters is reported line by line, but nothing promises one record per line)."""
    lines: dict[int, tuple[int, int, int]] = {}
    for number, rp, pp, tp in _first_counts(records):
        if number in lines:
            old_rp, old_pp, old_tp = lines[number]
            rp, pp, tp = old_rp + rp, old_pp + pp, old_tp + tp
        lines[number] = (rp, pp, tp)
    return lines


def _first_counts(records: Sequence[SentenceRecord]) -> Iterable[tuple[int, int, int, int]]:
    """(number, RP, PP, TP) of each record: straight from the columns of SentenceRecords."""
    if isinstance(records, SentenceRecords):
        return zip(records.numbers(), *ResampledColumns.of_records(records), strict=True)
    named = ((number, Counts(*counts)) for number, counts in records)
    return ((number, c.gold_words, c.pred_words, c.correct) for number, c in named)
