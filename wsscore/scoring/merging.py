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
from typing import TYPE_CHECKING, Union

from wsscore.api_terms import in_api_terms
from wsscore.core.records import SentenceTokenCounts
from wsscore.errors import InvalidArgument, WsscoreError, refuse_standard_input_twice
from wsscore.inputs.dictionary import Dictionary
from wsscore.metrics.conventions import needs_extra
from wsscore.metrics.ranking import sort_systems
from wsscore.metrics.scores import CI_METHODS, compute
from wsscore.metrics.settings import ReportSettings, Statistics
from wsscore.metrics.tags import TagCounts
from wsscore.results import Analyses, GoldInfo, PredictionFacts, Report, SystemResult
from wsscore.scoring.shard_agreement import check_agreement, merged_signature
from wsscore.scoring.shard_documents import (
    STANDARD_INPUT,
    RecordedDictionary,
    ShardReport,
    ShardSystem,
    parse_shard,
    read_document,
)

if TYPE_CHECKING:
    from wsscore.core.records import Counts, ExtraCounts

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
    """
    if isinstance(shards, (str, os.PathLike, Mapping, Report)):
        raise InvalidArgument("shards must be a list of reports, paths or JSON documents")
    if not shards:
        raise InvalidArgument("no shards to merge: give the JSON reports of one or more shards")
    if ci is not None and ci not in CI_METHODS:
        raise InvalidArgument(f"unknown interval method {ci!r}; use one of {', '.join(CI_METHODS)}")
    refuse_standard_input_twice(list(shards))
    parsed = [_parsed(shard, number) for number, shard in enumerate(shards, 1)]
    check_agreement(parsed, ci)
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
    )
    dictionary = _dictionary(parsed)
    systems = [
        _system(
            [_named(shard, system.name) for shard in parsed],
            dictionary,
            statistics,
            [shard.gold.sentences for shard in parsed],
        )
        for system in first.systems
    ]
    signature = "|".join(f"{key}:{value}" for key, value in signed.items())
    warnings = [f"{shard.name}: {warning}" for shard in parsed for warning in shard.warnings]
    if len(parsed) > 1 and any(system.types is not None for system in first.systems):
        warnings.append(TYPES_LEFT_OUT)
    return Report(
        signature,
        _gold(parsed),
        dictionary,
        sort_systems(systems, sort),
        settings,
        warnings,
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
    if isinstance(shard, Report):
        return parse_shard(f"report {number}", shard.as_dict())
    if isinstance(shard, Mapping):
        return parse_shard(f"shard {number}", shard)
    if isinstance(shard, (str, os.PathLike)):
        path = os.fspath(shard)
        return parse_shard(STANDARD_INPUT if path == "-" else path, read_document(path))
    raise InvalidArgument(
        f"shard {number} is a {type(shard).__name__}: give a path, a JSON document or a Report"
    )


def _named(shard: ShardReport, name: str) -> ShardSystem:
    return next(system for system in shard.systems if system.name == name)


def _joined(values: Sequence[str]) -> str:
    """The distinct values in the order first seen, joined by ``+`` (as the signature joins
    the encodings of several predictions)."""
    return "+".join(dict.fromkeys(values))


def _gold(shards: Sequence[ShardReport]) -> GoldInfo:
    """The gold of the whole: the shards' paths and encodings joined by ``+``, their lines,
    words and sentences added."""
    golds = [shard.gold for shard in shards]
    return GoldInfo(
        _joined([gold.path for gold in golds]),
        _joined([gold.encoding for gold in golds]),
        sum(gold.lines for gold in golds),
        sum(gold.words for gold in golds),
        sum(gold.sentences for gold in golds),
        golds[0].format,
        golds[0].label_order,
    )


class MergedDictionary(Dictionary):
    """The dictionary of a merged report: what the shards' reports say of it (its files,
    encoding, size and kind), without its words, which no report holds."""

    __slots__ = ("_size",)

    def __init__(self, recorded: RecordedDictionary, paths: tuple[str, ...], encoding: str):
        super().__init__(frozenset(), paths, encoding, recorded.source)
        self._size = recorded.entries

    def __len__(self) -> int:
        return self._size


def _dictionary(shards: Sequence[ShardReport]) -> Dictionary | None:
    recorded = [shard.dictionary for shard in shards if shard.dictionary is not None]
    if not recorded:
        return None
    paths = tuple(dict.fromkeys(path for entry in recorded for path in entry.paths))
    return MergedDictionary(recorded[0], paths, _joined([entry.encoding for entry in recorded]))


def _system(
    parts: Sequence[ShardSystem],
    dictionary: Dictionary | None,
    statistics: Statistics,
    gold_sentences: Sequence[int],
) -> SystemResult:
    """One system's parts added, and its figures computed from the sums (``gold_sentences``:
    each shard's gold sentences)."""
    counts: Counts = sum((part.counts for part in parts[1:]), parts[0].counts)
    extra: ExtraCounts | None = None
    if parts[0].extra is not None:
        extra = sum((part.extra for part in parts[1:] if part.extra), parts[0].extra)
    has_dictionary = dictionary is not None
    metrics = compute(counts, has_dictionary=has_dictionary, ci=statistics.ci, beta=statistics.beta)
    first = parts[0]
    facts = PredictionFacts(
        sum(part.lines for part in parts),
        (),
        _joined([part.format for part in parts]),
        first.label_order,
        has_dictionary=has_dictionary,
    )
    return SystemResult(
        first.name,
        _joined([part.path for part in parts]),
        _joined([part.encoding for part in parts]),
        counts,
        metrics,
        facts=facts,
        # Distinct words do not add up: a shard's own are kept only when it is the whole.
        analyses=Analyses(
            extra=extra,
            tags=_tags(parts),
            sentence_tokens=_sentence_tokens(parts, gold_sentences),
            types=first.types if len(parts) == 1 else None,
            unit=first.unit,
        ),
    )


def _sentence_tokens(
    parts: Sequence[ShardSystem], gold_sentences: Sequence[int]
) -> SentenceTokenCounts | None:
    """The Sentences and Tokens counts added, if any shard shows them. A shard that does not
    had the gold's sentence breaks and no CoNLL-U (docs/metrics.md §5.12): every gold sentence
    is correct there, and its tokens are its words."""
    if all(part.sentence_tokens is None for part in parts):
        return None
    total = SentenceTokenCounts()
    for part, sentences in zip(parts, gold_sentences, strict=True):
        total += SentenceTokenCounts.shown_or_agreeing(part.sentence_tokens, sentences, part.counts)
    return total


def _tags(parts: Sequence[ShardSystem]) -> TagCounts | None:
    if parts[0].tags is None:
        return None
    total = TagCounts()
    for part in parts:
        tags = part.tags
        if tags is None:  # refused before: every shard has tags, or none
            raise WsscoreError("internal error: a shard without tags")
        total.add(tags)
    return total
