"""The JSON report of one shard (``wsscore score -f json``) read back into named records.

Every key :func:`~wsscore.scoring.merging.merge_reports` needs is read through :class:`Fields`,
so that a missing key, or one holding the wrong kind of value, is one line naming the shard and
the key. Keys it does not need (``gates``, the figures, whatever a later wsscore adds without
changing the schema) are ignored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

from wsscore.core.definitions import UNITS
from wsscore.core.records import (
    BEYOND_ANY_COUNT,
    CHAR_EXTRA_FIELDS,
    MAX_COUNT,
    UNIT_COUNT_KEYS,
    Counts,
    ExtraCounts,
    SentenceTokenCounts,
    TypeCounts,
)
from wsscore.errors import WsscoreError
from wsscore.metrics.tags import TagCounts
from wsscore.results import SCHEMA_VERSION, GoldInfo

REPORT_HINT = "give the output of `wsscore score -f json`"


class Fields:
    """Typed reads of one JSON object of a shard: ``path`` is where it sits in the document
    (``systems[0].counts``), for the messages."""

    __slots__ = ("data", "path", "shard")

    def __init__(self, shard: str, data: object, path: str = ""):
        if not isinstance(data, Mapping):
            what = f"{path!r} is not an object" if path else "it is not a JSON object"
            raise WsscoreError(f"not a wsscore report: {what}", where=shard, hint=REPORT_HINT)
        self.shard = shard
        self.data = data
        self.path = path

    def _key(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def _error(self, key: str, problem: str) -> WsscoreError:
        return WsscoreError(
            f"not a wsscore report: the key {self._key(key)!r} {problem}",
            where=self.shard,
            hint=REPORT_HINT,
        )

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def _value(self, key: str) -> object:
        if key not in self.data:
            raise self._error(key, "is missing")
        return self.data[key]

    def object(self, key: str) -> Fields:
        return Fields(self.shard, self._value(key), self._key(key))

    def objects(self, key: str) -> list[Fields]:
        value = self._value(key)
        if not isinstance(value, list):
            raise self._error(key, "is not a list")
        return [Fields(self.shard, item, f"{self._key(key)}[{i}]") for i, item in enumerate(value)]

    def count(self, key: str, *, nullable: bool = False) -> int:
        """A count (0 for a null one where null means "not counted": OOV without a dictionary)."""
        value = self._value(key)
        if value is None and nullable:
            return 0
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self._error(key, "is not a count")
        if value > MAX_COUNT:  # a document given in Python: the JSON reader refuses it first
            raise self._error(key, f"is {BEYOND_ANY_COUNT}")
        return value

    def text(self, key: str) -> str:
        value = self._value(key)
        if not isinstance(value, str):
            raise self._error(key, "is not a string")
        return value

    def optional_text(self, key: str) -> str | None:
        return self.text(key) if self.has(key) else None

    def number(self, key: str) -> float:
        value = self._value(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self._error(key, "is not a number")
        if not math.isfinite(value):
            raise self._error(key, "is not a finite number")
        return float(value)

    def texts(self, key: str) -> list[str]:
        value = self._value(key)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self._error(key, "is not a list of strings")
        return list(value)


class RecordedDictionary(NamedTuple):
    """What a report says of its dictionary: its files, encoding, size and kind."""

    paths: tuple[str, ...]
    encoding: str
    entries: int
    source: str
    corpus: str | None = None  # a known word list (reports before it have no key)


class ShardSystem(NamedTuple):
    """One system of a shard: where its prediction came from and every count it was scored
    with (None for an analysis the shard was not scored with)."""

    name: str
    path: str
    encoding: str
    format: str
    label_order: str | None
    lines: int
    counts: Counts
    extra: ExtraCounts | None
    tags: TagCounts | None
    # conll18_ud_eval.py's Sentences and Tokens, when the shard's report shows them.
    sentence_tokens: SentenceTokenCounts | None = None
    types: TypeCounts | None = None  # --extra's type counts (null in a merged report)
    unit: str = "char"  # the report's: what its extra counts' positions fall between


class ShardOptions(NamedTuple):
    """The report's ``options``: how its counts became figures."""

    ci: str
    beta: float
    mismatch: str
    match: str
    unit: str = "char"  # reports written before units existed counted code points
    conventions: str | None = None  # the key is there only when one was given


class ShardReport(NamedTuple):
    """One shard's report, as far as merging needs it."""

    name: str  # the file as given, or "standard input", or "report N" for a Report object
    signature: str
    options: ShardOptions
    gold: GoldInfo
    dictionary: RecordedDictionary | None
    systems: list[ShardSystem]
    weighted: bool  # scored with --committee or --difficulty
    warnings: list[str]


def parse_shard(name: str, document: object) -> ShardReport:
    """A shard's report from its JSON document; refuses what is not one, or a newer schema."""
    top = Fields(name, document)
    _check_schema(top)
    for key in ("signature", "gold", "systems", "options"):
        if key not in top.data:
            raise WsscoreError(
                f"not a wsscore report: it has no key {key!r}", where=name, hint=REPORT_HINT
            )
    options = top.object("options")
    unit = _unit(options)
    systems = [_system(fields, unit) for fields in top.objects("systems")]
    return ShardReport(
        name,
        top.text("signature"),
        ShardOptions(
            options.text("ci"),
            options.number("beta"),
            options.text("mismatch"),
            options.text("match"),
            unit,
            options.optional_text("conventions"),
        ),
        _gold(top.object("gold")),
        _dictionary(top.object("dictionary")) if top.has("dictionary") else None,
        systems,
        any("difficulty_deciles" in fields.data for fields in top.objects("systems")),
        top.texts("warnings") if "warnings" in top.data else [],
    )


def _unit(options: Fields) -> str:
    """The report's unit: ``char`` in a report written before units existed."""
    unit = options.optional_text("unit") or "char"
    if unit not in UNITS:
        raise WsscoreError(
            f"not a wsscore report: the key 'options.unit' is {unit!r}, not one of "
            f"{', '.join(UNITS)}",
            where=options.shard,
            hint=REPORT_HINT,
        )
    return unit


def _check_schema(top: Fields) -> None:
    """Reports written before the key existed have the layout of schema 1; none has 0."""
    if "schema_version" not in top.data:
        return
    version = top.count("schema_version")
    if version < 1:
        raise WsscoreError(
            f"not a wsscore report: its schema_version is {version}, and wsscore's start at 1",
            where=top.shard,
            hint=REPORT_HINT,
        )
    if version > SCHEMA_VERSION:
        raise WsscoreError(
            f"its schema_version is {version}, newer than this wsscore reads "
            f"({SCHEMA_VERSION}): it was written by a newer wsscore",
            where=top.shard,
            hint="upgrade wsscore: pip install -U wsscore",
        )


def _gold(gold: Fields) -> GoldInfo:
    return GoldInfo(
        gold.text("path"),
        gold.text("encoding"),
        gold.count("lines"),
        gold.count("words"),
        gold.count("sentences"),
        gold.text("format") if "format" in gold.data else "words",
        gold.optional_text("label_order"),
        gold.optional_text("corpus"),
    )


def _dictionary(dictionary: Fields) -> RecordedDictionary:
    return RecordedDictionary(
        tuple(dictionary.texts("paths")),
        dictionary.text("encoding"),
        dictionary.count("entries"),
        dictionary.text("source"),
        dictionary.optional_text("corpus"),
    )


def _system(system: Fields, unit: str) -> ShardSystem:
    counts = system.object("counts")
    nullable = ("oov_words", "oov_correct")
    return ShardSystem(
        system.text("name"),
        system.text("path"),
        system.text("encoding"),
        system.text("format") if "format" in system.data else "words",
        system.optional_text("label_order"),
        system.count("lines"),
        Counts(*(counts.count(key, nullable=key in nullable) for key in Counts._fields)),
        _extra(system, counts) if counts.has("substrings") else None,
        _tags(system, counts) if "tags" in system.data else None,
        _sentence_tokens(counts),
        TypeCounts(*map(counts.count, TypeCounts._fields)) if counts.has("types_gold") else None,
        unit,
    )


def _sentence_tokens(counts: Fields) -> SentenceTokenCounts | None:
    if not counts.has("sentences_correct"):
        return None
    return SentenceTokenCounts(*map(counts.count, SentenceTokenCounts._fields))


def _extra(system: Fields, counts: Fields) -> ExtraCounts:
    """The --extra counts, refused in one line when the report predates some of them."""
    if "exact_sentences" not in counts.data:
        raise WsscoreError(
            f"the --extra counts of system {system.text('name')!r} lack exact_sentences, "
            "char_tp and the other counts of a later wsscore: the report was written by an "
            "older wsscore",
            where=system.shard,
            hint="score the shard again with this wsscore",
        )
    # A report in characters has no unit counts: they are 0 there.
    units = {name: counts.count(name) for name in UNIT_COUNT_KEYS if name in counts.data}
    return ExtraCounts(*map(counts.count, CHAR_EXTRA_FIELDS), **units)


def _tags(system: Fields, counts: Fields) -> TagCounts:
    """The tag sums: the totals from ``counts``, the per-tag ones from the ``tags`` rows."""
    if not {"tag_gold_words", "tag_gold_sentences"} <= counts.data.keys():
        raise WsscoreError(
            f"the tag counts of system {system.text('name')!r} lack the sums a merge needs "
            "(tag_gold_words and the rest): the report was written by an older wsscore",
            where=system.shard,
            hint="score the shard again with this wsscore",
        )
    tags = TagCounts()
    tags.tag_correct = counts.count("tag_correct")
    tags.gold_words = counts.count("tag_gold_words")
    tags.pred_words = counts.count("tag_pred_words")
    tags.correct = counts.count("tag_span_correct")
    tags.oov_words = counts.count("tag_oov_words", nullable=True)
    tags.oov_tag_correct = counts.count("tag_oov_correct", nullable=True)
    tags.exact_sentences = counts.count("exact_tagged_sentences")
    tags.sentences = counts.count("tag_gold_sentences")
    for row in system.objects("tags"):
        tag = row.text("tag")
        tags.gold_by_tag[tag] += row.count("gold")
        tags.pred_by_tag[tag] += row.count("pred")
        tags.tag_correct_by_tag[tag] += row.count("correct")
    return tags
