"""The reports of shards of one test set added into one report (``wsscore merge``).

Each shard is what ``wsscore score -f json`` wrote for a part of the test set (or a
:class:`~wsscore.results.Report`). Systems are matched by name; their counts add up, and every
figure is computed again from the sums with the functions :func:`~wsscore.scoring.scorer.score`
uses, never averaged, so the merged report is the report of the whole test set (docs/metrics.md
§9). What a report holds only as ratios cannot be added, and is refused: bootstrap intervals (they
are drawn from per-sentence records), difficulty-weighted figures, and the Perl script's own
counters of ``--match diff``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Union

from wsscore.api_terms import in_api_terms
from wsscore.errors import InvalidArgument, Warnings, WsscoreError, refuse_standard_input_twice
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.guards import file_identity, same_file
from wsscore.inputs.report_json import STANDARD_INPUT, read_report
from wsscore.metrics.conventions import needs_extra
from wsscore.metrics.ranking import sort_systems
from wsscore.metrics.scores import CI_METHODS
from wsscore.metrics.settings import ReportSettings, Statistics
from wsscore.results import GoldInfo, Report
from wsscore.scoring.report_checks import check_report
from wsscore.scoring.shard_agreement import check_agreement, merged_signature
from wsscore.scoring.shard_documents import (
    REPORT_HINT,
    RecordedDictionary,
    ShardReport,
    ShardSystem,
    parse_shard,
)
from wsscore.scoring.shard_sums import added_system, joined

# A shard: a JSON report's path ("-": standard input), its parsed document, or a Report.
Shard = Union[str, "os.PathLike[str]", Mapping[str, object], Report]


@in_api_terms("merge_reports")
def merge_reports(
    shards: Sequence[Shard],
    *,
    ci: str | None = None,
    sort: str = "f",
    conventions: str | None = None,
) -> Report:
    """One report of the shards of a test set: their counts added, every figure computed again.

    ``shards`` are paths of ``wsscore score -f json`` outputs (``-``: standard input, once),
    their documents as loaded by :func:`json.load`, or :class:`~wsscore.results.Report` objects.
    They must hold the same systems (by name) and the same signature apart from the encodings.
    ``ci`` recomputes the intervals another way (``bakeoff``, ``wilson``, ``none``; shards
    scored with ``bootstrap`` need one); None keeps the shards' method. ``sort`` orders the
    systems as :func:`~wsscore.scoring.scorer.score` does. ``conventions`` chooses the
    columns the tables show (docs/metrics.md §5.13); None keeps the first shard's. It changes
    no number, so shards shown with other conventions may be added.

    Every shard is checked, not trusted (docs/metrics.md §9): one that no run could have
    written, or one file given twice, raises :class:`~wsscore.errors.WsscoreError`; two shards
    that hold the same report are added, with a warning in the report's ``warnings``.
    """
    return merged_report(
        shards, ci=ci, sort=sort, conventions=conventions, warnings=Warnings(quiet=True)
    )


def merged_report(
    shards: Sequence[Shard],
    *,
    ci: str | None,
    sort: str,
    conventions: str | None,
    warnings: Warnings,
) -> Report:
    """:func:`merge_reports`, its own warnings (a shard that repeats another, the type counts
    left out) given to ``warnings`` as well as kept in the report (the command line prints them)."""
    if isinstance(shards, (str, os.PathLike, Mapping, Report)):
        raise InvalidArgument("shards must be a list of reports, paths or JSON documents")
    if not shards:
        raise InvalidArgument("no shards to merge: give the JSON reports of one or more shards")
    if ci is not None and ci not in CI_METHODS:
        raise InvalidArgument(f"unknown interval method {ci!r}; use one of {', '.join(CI_METHODS)}")
    refuse_standard_input_twice(list(shards))
    _refuse_a_file_given_twice(shards)
    parsed = [_parsed(shard, number) for number, shard in enumerate(shards, 1)]
    check_agreement(parsed, ci)
    _warn_of_repeated_shards(parsed, warnings)
    first = parsed[0]
    signed = merged_signature(parsed, ci, conventions)
    _refuse_conventions_without_counts(signed.get("conv"), first)
    statistics = Statistics(ci=ci or first.options.ci, beta=first.options.beta)
    settings = ReportSettings(
        first.options.match,
        statistics,
        first.options.mismatch,
        tags=signed.get("tags"),
        conventions=signed.get("conv"),
        unit=first.options.unit,  # the same in every shard: the signatures agree on it
        normalize=signed.get("norm", "none"),
    )
    dictionary = _dictionary(parsed)
    systems = [
        added_system(
            [_named(shard, system.name) for shard in parsed],
            has_dictionary=dictionary is not None,
            statistics=statistics,
            gold_sentences=[shard.gold.sentences for shard in parsed],
        )
        for system in first.systems
    ]
    signature = "|".join(f"{key}:{value}" for key, value in signed.items())
    if len(parsed) > 1 and any(system.types is not None for system in first.systems):
        warnings.relay(TYPES_LEFT_OUT)
    shard_warnings = [f"{shard.name}: {warning}" for shard in parsed for warning in shard.warnings]
    return Report(
        signature,
        _gold(parsed),
        dictionary,
        sort_systems(systems, sort),
        settings,
        [*shard_warnings, *warnings.messages],
    )


def _refuse_conventions_without_counts(conventions: str | None, first: ShardReport) -> None:
    """A convention whose figures need --extra's counts, on shards scored without them."""
    if needs_extra(conventions) and any(system.extra is None for system in first.systems):
        raise InvalidArgument(
            f"--conventions {conventions} shows figures of --extra, which the shards lack",
            hint="score the shards with --extra",
        )


# Why a merge of several shards has no type counts (docs/metrics.md §5.11, §9).
TYPES_LEFT_OUT = (
    "the type counts of --extra (types_correct, types_gold, types_pred) count distinct words, "
    "which do not add up across shards: the merged report leaves them and the type figures "
    "out (null); score the whole test set for them"
)


def _parsed(shard: Shard, number: int) -> ShardReport:
    """A shard read, parsed and checked as the report of a real run."""
    document: object
    if isinstance(shard, Report):
        name, document = f"report {number}", shard.as_dict()
    elif isinstance(shard, Mapping):
        name, document = f"shard {number}", shard
    elif isinstance(shard, (str, os.PathLike)):
        path = os.fspath(shard)
        name, document = _shown(path), read_report(path, hint=REPORT_HINT)
    else:
        raise InvalidArgument(
            f"shard {number} is a {type(shard).__name__}: give a path, a JSON document or a Report"
        )
    parsed = parse_shard(name, document)
    check_report(parsed, document)
    return parsed


def _shown(path: str) -> str:
    return STANDARD_INPUT if path == "-" else path


def _refuse_a_file_given_twice(shards: Sequence[Shard]) -> None:
    """One file given as two shards (by device and inode: a link, another spelling of its path,
    or standard input redirected from it): its counts would be added twice."""
    seen: list[tuple[str, os.stat_result]] = []
    for shard in shards:
        if not isinstance(shard, (str, os.PathLike)):
            continue
        path = os.fspath(shard)
        status = file_identity(path)
        if status is None:
            continue  # not there: refused when read
        for earlier, earlier_status in seen:
            if same_file(status, earlier_status):
                raise WsscoreError(
                    f"it is the same file as {_shown(earlier)}, given twice: its counts "
                    "would be added twice",
                    where=_shown(path),
                    hint="give each shard once",
                )
        seen.append((path, status))


def _warn_of_repeated_shards(shards: Sequence[ShardReport], warnings: Warnings) -> None:
    """Two files that hold one report, path for path and count for count, are almost surely a
    copy of one shard; but two shards of a test set may be alike, so it is a warning."""
    for index, shard in enumerate(shards):
        earlier = next((other for other in shards[:index] if other[1:] == shard[1:]), None)
        if earlier is not None:
            warnings.warn(
                f"it holds the same report as {earlier.name}, every path and count alike",
                where=shard.name,
                consequence="its counts are added twice",
                hint="give each shard once, unless two shards of the test set are alike",
            )


def _named(shard: ShardReport, name: str) -> ShardSystem:
    return next(system for system in shard.systems if system.name == name)


def _gold(shards: Sequence[ShardReport]) -> GoldInfo:
    """The gold of the whole: the shards' paths and encodings joined by ``+``, their lines,
    words and sentences added."""
    golds = [shard.gold for shard in shards]
    return GoldInfo(
        joined([gold.path for gold in golds]),
        joined([gold.encoding for gold in golds]),
        sum(gold.lines for gold in golds),
        sum(gold.words for gold in golds),
        sum(gold.sentences for gold in golds),
        golds[0].format,
        golds[0].label_order,
        # The whole of one known gold only when it is one report's (shards are parts of it).
        golds[0].corpus if len(golds) == 1 else None,
    )


class MergedDictionary(Dictionary):
    """The dictionary of a merged report: what the shards' reports say of it (its files,
    encoding, size and kind), without its words, which no report holds."""

    __slots__ = ("_size",)

    def __init__(self, recorded: RecordedDictionary, paths: tuple[str, ...], encoding: str):
        super().__init__(frozenset(), paths, encoding, recorded.source, corpus=recorded.corpus)
        self._size = recorded.entries

    def __len__(self) -> int:
        return self._size


def _dictionary(shards: Sequence[ShardReport]) -> Dictionary | None:
    recorded = [shard.dictionary for shard in shards if shard.dictionary is not None]
    if not recorded:
        return None
    paths = tuple(dict.fromkeys(path for entry in recorded for path in entry.paths))
    first = recorded[0]
    if any(entry.corpus != first.corpus for entry in recorded):  # a shard of an older wsscore
        first = first._replace(corpus=None)
    return MergedDictionary(first, paths, joined([entry.encoding for entry in recorded]))
