"""A wsscore report read back, checked as the report of a real run: the shards of ``wsscore
merge`` and the earlier report of ``--previous`` are checked, never trusted.

A report is refused, in one line naming the file, the system and the key, when its options
disagree with its signature, when its counts break a relation that every run's counts keep
(``COUNT_RELATIONS`` and the others, defined beside the records they relate, in
``core/records.py`` and ``metrics/tags.py``), or when a figure it stores is not the one its counts
give (computed again as a merge of it alone would compute it, within float rounding). A figure
that cannot be computed again from the JSON (a bootstrap interval, a difficulty-weighted
figure, the precision of ``--match diff``) must still be a ratio, in [0, 1].
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence

from wsscore.core.records import (
    COUNT_RELATIONS,
    EXTRA_RELATIONS,
    SENTENCE_TOKEN_RELATIONS,
    SPAN_RELATIONS,
    TYPE_RELATIONS,
    Relation,
)
from wsscore.errors import WsscoreError
from wsscore.inputs.previous import PREVIOUS_HINT, PreviousRun, previous_run
from wsscore.inputs.report_json import read_report
from wsscore.metrics.difficulty import WeightedMetrics
from wsscore.metrics.settings import Statistics
from wsscore.metrics.tags import TAG_RELATIONS, TAG_ROW_RELATIONS
from wsscore.ranges import RANGES
from wsscore.scoring.shard_agreement import field_text
from wsscore.scoring.shard_documents import ShardReport, ShardSystem, parse_shard
from wsscore.scoring.shard_sums import added_system
from wsscore.signature import signature_fields

CHECK_HINT = "give the report as `wsscore score -f json` wrote it, or score again"
# Figures stored as ratios that no count of the JSON gives again.
WEIGHTED_FIGURES = WeightedMetrics._fields
# The Perl script counts correct words apart for precision (docs/metrics.md §7.3).
DIFF_PRECISION_FIGURES = ("precision", "f1", "precision_ci", "f1_ci")
INTERVALS = ("recall_ci", "precision_ci", "f1_ci")
# How far a stored figure may be from the one computed again: the rounding of a few operations.
RELATIVE_TOLERANCE = 1e-9
ABSOLUTE_TOLERANCE = 1e-12


def load_previous(path: str) -> PreviousRun:
    """The report of ``--previous``, read strictly and checked as a real run's."""
    if path == "-":
        raise WsscoreError("--previous reads a file, not standard input", hint=PREVIOUS_HINT)
    document = read_report(path, hint=PREVIOUS_HINT)
    previous = previous_run(path, document)  # what the gates read, refused first if missing
    check_report(parse_shard(path, document), document)
    return previous


def check_report(report: ShardReport, document: object) -> None:
    """Refuse ``report`` (parsed from ``document``) when no run could have written it."""
    _check_options(report)
    assert isinstance(document, Mapping)  # parse_shard refused anything else
    stored_systems = document["systems"]
    assert isinstance(stored_systems, Sequence)
    for number, (system, stored) in enumerate(zip(report.systems, stored_systems, strict=True)):
        _check_relations(report, system, f"systems[{number}]")
        _check_figures(report, system, stored, f"systems[{number}]")


def _check_options(report: ShardReport) -> None:
    """What the options say against what the signature says (§8): they were written together."""
    options = report.options
    fields = signature_fields(report.signature)
    unit = fields.get("unit")
    signed = {**fields, "unit": unit.partition("@")[0]} if unit else fields  # grapheme@16.0
    recorded = report.dictionary
    dictionary = (recorded.corpus or recorded.source) if recorded is not None else "none"
    expected = {
        "match": ("options.match", options.match),
        "ci": ("options.ci", options.ci),
        "mismatch": ("options.mismatch", options.mismatch),
        "beta": ("options.beta", None if options.beta == 1.0 else f"{options.beta:g}"),
        "unit": ("options.unit", None if options.unit == "char" else options.unit),
        "conv": ("options.conventions", options.conventions),
        "dict": ("dictionary.source", dictionary),
        "corpus": ("gold.corpus", report.gold.corpus),
    }
    for field, (key, value) in expected.items():
        if signed.get(field) != value:
            stored = options.beta if field == "beta" else value
            raise _refusal(
                report,
                f"its {key} is {_shown(stored)}, but its signature has {field_text(fields, field)}",
            )
    beta = RANGES["beta"]
    if not beta.holds(options.beta):  # the signature agrees: both were written so
        raise _refusal(report, f"its options.beta is {_shown(options.beta)}, not {beta.describe()}")


def _check_relations(report: ShardReport, system: ShardSystem, key: str) -> None:
    counts = _named_counts(report, system)
    relations: list[Relation] = [*COUNT_RELATIONS]
    if report.options.match == "span":
        relations += SPAN_RELATIONS
    relations += [*EXTRA_RELATIONS, *TYPE_RELATIONS, *SENTENCE_TOKEN_RELATIONS, *TAG_RELATIONS]
    for relation in relations:
        broken = relation.broken(counts)
        if broken is not None:
            raise _refusal(report, f"system {system.name!r} ({key}.counts) has {broken}")
    for tag, row in _tag_rows(system):
        for relation in TAG_ROW_RELATIONS:
            broken = relation.broken(row)
            if broken is not None:
                raise _refusal(
                    report, f"system {system.name!r} ({key}.tags) has for tag {tag!r} {broken}"
                )


def _named_counts(report: ShardReport, system: ShardSystem) -> dict[str, int]:
    """Every count of the system by its JSON key, and the gold's facts as ``gold.words`` …:
    what the relations name. An analysis the report does not have adds no key."""
    counts: dict[str, int] = dict(system.counts._asdict())
    if system.extra is not None:
        counts.update(system.extra.as_dict(units=True))
    for record in (system.types, system.sentence_tokens):
        if record is not None:
            counts.update(record.as_dict())
    tags = system.tags
    if tags is not None:
        counts.update(
            {key: value for key, value in tags.as_counts().items() if isinstance(value, int)}
        )
        counts["tags.gold"] = sum(tags.gold_by_tag.values())
        counts["tags.pred"] = sum(tags.pred_by_tag.values())
        counts["tags.correct"] = sum(tags.tag_correct_by_tag.values())
    gold = report.gold
    counts.update({"gold.words": gold.words, "gold.sentences": gold.sentences})
    counts["gold.lines"] = gold.lines
    return counts


def _tag_rows(system: ShardSystem) -> Iterator[tuple[str, dict[str, int]]]:
    tags = system.tags
    if tags is None:
        return
    for tag in sorted(tags.gold_by_tag.keys() | tags.pred_by_tag.keys()):
        yield (
            tag,
            {
                "gold": tags.gold_by_tag[tag],
                "pred": tags.pred_by_tag[tag],
                "correct": tags.tag_correct_by_tag[tag],
            },
        )


def _check_figures(report: ShardReport, system: ShardSystem, stored: object, key: str) -> None:
    """Every value of the system's JSON against the one its counts give, and the figures that
    cannot be computed again against [0, 1]."""
    assert isinstance(stored, Mapping)  # parse_shard refused anything else
    options = report.options
    skipped = _not_computed_again(report)
    _check_ratios(report, system, stored.get("metrics"), skipped, key)
    again = added_system(
        [system],
        has_dictionary=report.dictionary is not None,
        statistics=Statistics(ci=options.ci, beta=options.beta),
        gold_sentences=[report.gold.sentences],
    ).as_dict()
    again_metrics = again["metrics"]
    assert isinstance(again_metrics, dict)
    for name in skipped:
        del again_metrics[name]
    difference = _first_difference(again, stored, key)
    if difference is not None:
        where, found, expected = difference
        raise _refusal(
            report,
            f"system {system.name!r} has {where} {_shown(found)}, but its counts give "
            f"{_shown(expected)}",
        )


def _not_computed_again(report: ShardReport) -> set[str]:
    """The figures of ``metrics`` that the JSON's counts do not give again."""
    skipped: set[str] = set()
    if report.options.ci == "bootstrap":  # drawn from the per-sentence records
        skipped.update(INTERVALS)
    if report.options.match == "diff":
        skipped.update(DIFF_PRECISION_FIGURES)
    return skipped


def _check_ratios(
    report: ShardReport, system: ShardSystem, stored: object, skipped: set[str], key: str
) -> None:
    """The figures not computed again (the weighted ones, those ``skipped`` but intervals)
    must still be ratios."""
    if not isinstance(stored, Mapping):  # none to check, or refused as a difference
        return
    for name in (*sorted(skipped), *WEIGHTED_FIGURES):
        value = stored.get(name)
        if name not in INTERVALS and value is not None and not _is_ratio(value):
            raise _refusal(
                report,
                f"system {system.name!r} has {key}.metrics.{name} {_shown(value)}, "
                "not a ratio in [0, 1]",
            )


def _first_difference(again: object, stored: object, key: str) -> tuple[str, object, object] | None:
    """The first key under which ``stored`` holds another value than ``again`` (keys that
    ``stored`` lacks are left to what reads them): the key, the stored and the expected value."""
    if isinstance(again, dict):
        if not isinstance(stored, Mapping):
            return key, stored, again
        for name, value in again.items():
            if name in stored:
                found = _first_difference(value, stored[name], f"{key}.{name}")
                if found is not None:
                    return found
        return None
    if isinstance(again, list):
        if not isinstance(stored, list) or len(stored) != len(again):
            return key, stored, again
        for index, (value, item) in enumerate(zip(again, stored, strict=True)):
            found = _first_difference(value, item, f"{key}[{index}]")
            if found is not None:
                return found
        return None
    return None if _same_value(again, stored) else (key, stored, again)


def _same_value(again: object, stored: object) -> bool:
    if isinstance(again, float) and _is_number(stored):
        assert isinstance(stored, (int, float))
        return math.isclose(again, stored, rel_tol=RELATIVE_TOLERANCE, abs_tol=ABSOLUTE_TOLERANCE)
    return type(again) is type(stored) and again == stored


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_ratio(value: object) -> bool:
    return _is_number(value) and 0 <= value <= 1  # type: ignore[operator]  # a number


def _shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, list):
        return f"{len(value)} entries"
    if isinstance(value, Mapping):
        return "an object"
    return repr(value)


def _refusal(report: ShardReport, problem: str) -> WsscoreError:
    return WsscoreError(f"not a wsscore report: {problem}", where=report.name, hint=CHECK_HINT)
