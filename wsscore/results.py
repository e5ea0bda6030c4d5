"""What a run produces: the scored systems and everything a renderer needs, as one value.

:class:`Report` is what :func:`wsscore.score` returns and what every output format renders;
:meth:`Report.as_dict` is the whole ``-f json`` document (its keys are a contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, NamedTuple

from wsscore._version import __version__
from wsscore.core.records import Counts, ExtraCounts, SentenceTokenCounts, TypeCounts
from wsscore.formatting import ratio_text
from wsscore.inputs.dictionary import Dictionary
from wsscore.metrics.ranking import not_significantly_different, sort_systems
from wsscore.metrics.scores import Metrics
from wsscore.metrics.settings import ReportSettings
from wsscore.signature import SignedInputs, signature

# The figures of each analysis (--extra, difficulty, --tags, sentence tokens) are imported
# when a report has that analysis: a plain run has none of them.
if TYPE_CHECKING:
    from wsscore.align.divergence import Divergence
    from wsscore.core.records import SentenceRecord
    from wsscore.gates import GateOutcome
    from wsscore.metrics.boundaries import ExtraMetrics
    from wsscore.metrics.difficulty import WeightedCounts, WeightedMetrics
    from wsscore.metrics.sentence_tokens import SentenceTokenMetrics
    from wsscore.metrics.sighan_counts import SighanTotals
    from wsscore.metrics.tags import TagCounts, TagMetrics

# The systems a report's repr shows (the others are counted).
REPR_SYSTEMS = 3

# The layout of the JSON document (docs/metrics.md §9): a change that removes or renames a key,
# or changes what one holds, increases it; new keys leave it as it is.
SCHEMA_VERSION = 1


class GoldInfo(NamedTuple):
    path: str
    encoding: str
    lines: int  # of the file; for formats with a sentence per block, its sentences
    words: int
    sentences: int
    format: str = "words"
    label_order: str | None = None  # chars: pos-tag or tag-pos (None: plain labels)
    corpus: str | None = None  # the known gold it is (wsscore.inputs.corpora), by its bytes

    def as_dict(self) -> dict[str, object]:
        data = dict(self._asdict())
        if self.format != "chars":  # the key belongs to chars files only
            del data["label_order"]
        if self.corpus is None:  # the key only for a known gold (a new key of schema 1)
            del data["corpus"]
        return data


OOV_COUNT_KEYS = ("oov_words", "oov_correct", "iv_words", "iv_correct")
TAG_OOV_COUNT_KEYS = ("tag_oov_words", "tag_oov_correct")


class PredictionFacts(NamedTuple):
    """What reading and aligning a prediction found beside its counts: its lines, the places
    where its characters differ from the gold's, its format as the JSON key says (with the
    label order of chars files: pos-tag or tag-pos, None for plain labels), and whether it was
    scored with a dictionary."""

    lines: int = 0
    divergences: tuple[Divergence, ...] = ()
    format: str = "words"
    label_order: str | None = None
    has_dictionary: bool = False


class Analyses(NamedTuple):
    """The counts of what was asked for beside the words, None for what was not: the boundary
    counts of ``--extra``, difficulty-weighted sums, tag counts, and the Perl script's own
    counters of ``--match diff``."""

    extra: ExtraCounts | None = None
    weighted: WeightedCounts | None = None
    tags: TagCounts | None = None
    sighan: SighanTotals | None = None
    # conll18_ud_eval.py's Sentences and Tokens: with CoNLL-U, differing sentence breaks or
    # --extra (None otherwise).
    sentence_tokens: SentenceTokenCounts | None = None
    # With --extra: the type counts (§5.11), None where they are unknown (a merged report).
    types: TypeCounts | None = None
    # What the extra counts' positions fall between (docs/metrics.md §1.7): a run in
    # graphemes or syllables reports its unit counts too.
    unit: str = "char"


class AnalysisMetrics(NamedTuple):
    """The figures of :class:`Analyses` (the script's counters have none of their own)."""

    extra: ExtraMetrics | None
    weighted: WeightedMetrics | None
    tags: TagMetrics | None
    sentence_tokens: SentenceTokenMetrics | None = None

    @classmethod
    def of(cls, analyses: Analyses, counts: Counts, *, has_dictionary: bool) -> AnalysisMetrics:
        return cls(
            _extra_metrics(analyses, counts),
            _weighted_metrics(analyses),
            _tag_metrics(analyses, has_dictionary=has_dictionary),
            _sentence_token_metrics(analyses),
        )


def _extra_metrics(analyses: Analyses, counts: Counts) -> ExtraMetrics | None:
    if analyses.extra is None:
        return None
    from wsscore.metrics.boundaries import compute_extra

    return compute_extra(counts, analyses.extra, analyses.types)


def _weighted_metrics(analyses: Analyses) -> WeightedMetrics | None:
    if analyses.weighted is None:
        return None
    from wsscore.metrics.difficulty import compute_weighted

    return compute_weighted(analyses.weighted)


def _tag_metrics(analyses: Analyses, *, has_dictionary: bool) -> TagMetrics | None:
    if analyses.tags is None:
        return None
    from wsscore.metrics.tags import compute_tags

    return compute_tags(analyses.tags, has_dictionary=has_dictionary)


def _sentence_token_metrics(analyses: Analyses) -> SentenceTokenMetrics | None:
    if analyses.sentence_tokens is None:
        return None
    from wsscore.metrics.sentence_tokens import compute_sentence_tokens

    return compute_sentence_tokens(analyses.sentence_tokens)


class Figures:
    """The bakeoff's figures by their short names, for a session at the prompt or in a notebook:
    ``report.f`` for a one-system report, ``report["jieba"].r_oov`` for one of several. Each is
    the system's :class:`Metrics` field (None where undefined): ``r`` recall, ``p`` precision,
    ``f`` F_β, ``oov_rate``, ``r_oov`` and ``r_iv``."""

    __slots__ = ()

    def _figures(self) -> Metrics:
        raise NotImplementedError

    @property
    def r(self) -> float | None:
        return self._figures().recall

    @property
    def p(self) -> float | None:
        return self._figures().precision

    @property
    def f(self) -> float | None:
        return self._figures().f

    @property
    def oov_rate(self) -> float | None:
        return self._figures().oov_rate

    @property
    def r_oov(self) -> float | None:
        return self._figures().oov_recall

    @property
    def r_iv(self) -> float | None:
        return self._figures().iv_recall


class SystemResult(Figures):
    """One scored system. ``sighan`` holds the Perl script's own counters when it was scored
    with ``--match diff`` (they need not fit ``counts``: the script counts correct words apart
    for recall and precision, and its OOV and IV words need not add up to the gold words)."""

    __slots__ = (
        "analyses",
        "analysis_metrics",
        "counts",
        "encoding",
        "facts",
        "metrics",
        "name",
        "path",
        "sentences",
    )

    def __init__(
        self,
        name: str,
        path: str,
        encoding: str,
        counts: Counts,
        metrics: Metrics,
        *,
        facts: PredictionFacts | None = None,
        sentences: Sequence[SentenceRecord] | None = None,
        analyses: Analyses | None = None,
    ):
        self.name = name
        self.path = path
        self.encoding = encoding
        self.counts = counts
        self.metrics = metrics
        self.facts = facts if facts is not None else PredictionFacts()
        self.sentences = sentences
        self.analyses = analyses if analyses is not None else Analyses()
        self.analysis_metrics = AnalysisMetrics.of(
            self.analyses, counts, has_dictionary=self.facts.has_dictionary
        )

    def __repr__(self) -> str:
        return f"<SystemResult {self._figures_said()}>"

    def _figures_said(self) -> str:
        """``'jieba' R=0.912 P=0.920 F=0.916``: what a repr shows of a system."""
        figures = zip("RPF", (self.r, self.p, self.f), strict=True)
        said = (f"{label}={ratio_text(value)}" for label, value in figures)
        return f"{self.name!r} {' '.join(said)}"

    def _figures(self) -> Metrics:
        return self.metrics

    # What the prediction was, as attributes of their own (the public API).

    @property
    def pred_lines(self) -> int:
        return self.facts.lines

    @property
    def divergences(self) -> list[Divergence]:
        return list(self.facts.divergences)

    @property
    def format(self) -> str:
        return self.facts.format

    @property
    def label_order(self) -> str | None:
        return self.facts.label_order

    @property
    def has_dictionary(self) -> bool:
        return self.facts.has_dictionary

    # Each analysis's counts and figures, as attributes of their own (the public API).

    @property
    def extra(self) -> ExtraCounts | None:
        return self.analyses.extra

    @property
    def extra_metrics(self) -> ExtraMetrics | None:
        return self.analysis_metrics.extra

    @property
    def types(self) -> TypeCounts | None:
        """The type counts of --extra (None without it, and in a merged report)."""
        return self.analyses.types

    @property
    def weighted(self) -> WeightedCounts | None:
        return self.analyses.weighted

    @property
    def weighted_metrics(self) -> WeightedMetrics | None:
        return self.analysis_metrics.weighted

    @property
    def tags(self) -> TagCounts | None:
        return self.analyses.tags

    @property
    def tag_metrics(self) -> TagMetrics | None:
        return self.analysis_metrics.tags

    @property
    def sighan(self) -> SighanTotals | None:
        return self.analyses.sighan

    @property
    def sentence_tokens(self) -> SentenceTokenCounts | None:
        return self.analyses.sentence_tokens

    @property
    def sentence_token_metrics(self) -> SentenceTokenMetrics | None:
        return self.analysis_metrics.sentence_tokens

    def as_dict(self) -> dict[str, object]:
        counts: dict[str, object] = dict(self.counts.as_dict())
        if not self.has_dictionary:
            # Out of vocabulary means nothing without a vocabulary: null, as the OOV metrics
            # are, in both match modes (the Perl script would call every word OOV, span none).
            counts.update(dict.fromkeys(OOV_COUNT_KEYS))
        metrics = self.metrics.as_dict()
        if self.extra is not None and self.extra_metrics is not None:
            counts.update(self.extra.as_dict(units=self.analyses.unit != "char"))
            types = self.types
            counts.update(types.as_dict() if types else dict.fromkeys(TypeCounts._fields))
            metrics.update(self.extra_metrics.as_dict())
        data: dict[str, object] = {
            "name": self.name,
            "path": self.path,
            "encoding": self.encoding,
            "format": self.format,
            **({"label_order": self.label_order} if self.format == "chars" else {}),
            "lines": self.pred_lines,
            "counts": counts,
            "metrics": metrics,
        }
        if self.weighted is not None and self.weighted_metrics is not None:
            from wsscore.metrics.difficulty import deciles

            metrics.update(self.weighted_metrics.as_dict())
            data["difficulty_deciles"] = [d.as_dict() for d in deciles(self.weighted)]
        if self.tags is not None and self.tag_metrics is not None:
            from wsscore.metrics.tags import tag_rows

            counts.update(self.tags.as_counts())
            if not self.has_dictionary:
                counts.update(dict.fromkeys(TAG_OOV_COUNT_KEYS))
            metrics.update(self.tag_metrics.as_dict())
            data["tags"] = [row.as_dict() for row in tag_rows(self.tags)]
        spans, span_metrics = self.sentence_tokens, self.sentence_token_metrics
        if spans is not None and span_metrics is not None:
            counts.update(spans.as_dict())
            metrics.update(span_metrics.as_dict())
        return data


class Report(Figures):
    """Everything a renderer needs: the same object backs every output format. A report of one
    system answers that system's figures (``report.f``); ``report[name]`` is a system by name."""

    def __init__(
        self,
        signature: str,
        gold: GoldInfo,
        dictionary: Dictionary | None,
        systems: list[SystemResult],
        settings: ReportSettings,
        warnings: list[str] | None = None,
    ):
        self.version = __version__
        self.signature = signature
        self.gold = gold
        self.dictionary = dictionary
        self.systems = systems
        self.settings = settings
        self.warnings = warnings if warnings is not None else []
        # The CI gates checked on this report (--fail-under, --max-drop), set by the command.
        self.gates: list[GateOutcome] = []

    def __repr__(self) -> str:
        """Short: the gold's file name and each system's R, P and F (the first few)."""
        shown = ", ".join(system._figures_said() for system in self.systems[:REPR_SYSTEMS])
        more = len(self.systems) - REPR_SYSTEMS
        shown += f", … {more} more" if more > 0 else ""
        return f"<Report on {PurePath(self.gold.path).name!r}: {shown or 'no system'}>"

    # Shown as the command line shows it. The renderers live in output/, above this layer
    # (docs/architecture.md), and this module imports nothing from there: it asks the package
    # itself (wsscore/__init__.py, the public API over every layer, which the layering exempts)
    # for its public ``render`` when a report is shown, so a report prints the same however it
    # was made (score(), a Scorer, merge_reports()) with no second renderer and no hook to fill.

    def __str__(self) -> str:
        """The tables of ``wsscore score -f text`` (``print(report)``)."""
        from wsscore import render

        return render(self, "text")

    def _repr_html_(self) -> str:
        """A notebook's view: the scores tables of ``wsscore report``'s page."""
        from wsscore import render

        return render(self, "html")

    def to_pandas(self) -> Any:
        """A pandas ``DataFrame``: a row per system (its name the index), every figure of the
        ``-f json`` report's ``metrics`` then its ``counts``, under the same keys (an interval
        as ``recall_ci_low`` and ``recall_ci_high``). pandas is optional: an ImportError that
        says how to install it when it is missing."""
        try:
            import pandas
        except ImportError:
            raise ImportError(
                "pip install pandas to use Report.to_pandas() (wsscore does not depend on it)",
                name="pandas",
            ) from None
        rows = [figure_row(system) for system in self.systems]
        return pandas.DataFrame(rows).set_index("name")

    def __getitem__(self, name: str) -> SystemResult:
        """The system named ``name`` (its ``--name``, or its file's name)."""
        for system in self.systems:
            if system.name == name:
                return system
        names = ", ".join(repr(system.name) for system in self.systems)
        raise KeyError(f"no system is named {name!r}: the report's are {names}")

    def _figures(self) -> Metrics:
        if len(self.systems) != 1:
            named = self.systems[0].name if self.systems else "NAME"
            raise AttributeError(
                f"take one system first: report[{named!r}].f (this report has "
                f"{len(self.systems)} systems, and a figure is one system's)"
            )
        return self.systems[0].metrics

    @property
    def has_dictionary(self) -> bool:
        return self.dictionary is not None

    @property
    def ci(self) -> str:
        return self.settings.statistics.ci

    @property
    def beta(self) -> float:
        return self.settings.statistics.beta

    @property
    def mismatch(self) -> str:
        return self.settings.mismatch

    @property
    def match(self) -> str:
        return self.settings.match

    def as_dict(self) -> dict[str, object]:
        """The whole ``-f json`` document (the keys are a contract; see docs/formats.md)."""
        # The bakeoff verdict (docs/metrics.md §4): pairs in table order, [] when every pair
        # differs (or there is no pair), null when intervals are missing and no verdict is given.
        pairs = not_significantly_different(self.systems)
        return {
            "version": self.version,
            "schema_version": SCHEMA_VERSION,
            "signature": self.signature,
            "gold": self.gold.as_dict(),
            "dictionary": self._dictionary_dict(),
            "systems": [system.as_dict() for system in self.systems],
            "not_significantly_different": (
                None if pairs is None else [[higher, lower] for higher, lower in pairs]
            ),
            "options": self._options_dict(),
            "warnings": list(self.warnings),
            "gates": [gate.as_dict() for gate in self.gates],
        }

    def _options_dict(self) -> dict[str, object]:
        options: dict[str, object] = {
            "ci": self.ci,
            "beta": self.beta,
            "mismatch": self.mismatch,
            "match": self.match,
            # What a boundary can fall between: always present, "char" where units were not
            # asked for (a new key of schema 1: readers that do not know it ignore it).
            "unit": self.settings.unit,
        }
        if self.settings.normalize != "none":  # the key only when given (a new key)
            options["normalize"] = self.settings.normalize
        if self.settings.conventions is not None:  # the key only when given (a new key)
            options["conventions"] = self.settings.conventions
        return options

    def _dictionary_dict(self) -> dict[str, object] | None:
        if self.dictionary is None:
            return None
        recorded: dict[str, object] = {
            "paths": list(self.dictionary.paths),
            "encoding": self.dictionary.encoding,
            "entries": len(self.dictionary),
            "source": self.dictionary.source,
        }
        if self.dictionary.corpus is not None:  # a known word list (a new key of schema 1)
            recorded["corpus"] = self.dictionary.corpus
        return recorded


def figure_row(system: SystemResult) -> dict[str, object]:
    """A system's name and every figure of its ``-f json`` entry, ``metrics`` then ``counts``
    (their keys are apart), an interval as its ``_low`` and ``_high`` ends."""
    data = system.as_dict()
    row: dict[str, object] = {"name": system.name}
    for part in ("metrics", "counts"):
        figures = data[part]
        assert isinstance(figures, dict)
        for key, value in figures.items():
            if isinstance(value, dict):  # an interval (its half width is high - low over 2)
                row[f"{key}_low"], row[f"{key}_high"] = value["low"], value["high"]
            else:
                row[key] = value
    return row


def build_report(
    gold: GoldInfo,
    dictionary: Dictionary | None,
    results: Sequence[SystemResult],
    settings: ReportSettings,
    *,
    warnings: Sequence[str],
    sort: str = "f",
) -> Report:
    """The report of scored systems in the order of ``sort`` (a key of
    :data:`~wsscore.metrics.ranking.SORT_KEYS`: by F, undefined last, unless told otherwise).

    ``warnings`` are the messages of this run.
    """
    signed = SignedInputs(
        dictionary,
        gold.encoding,
        [r.encoding for r in results],  # in the order given
        (gold.format, [r.format for r in results]),
        gold.corpus,
    )
    return Report(
        signature(settings, signed),
        gold,
        dictionary,
        sort_systems(results, sort),
        settings,
        list(warnings),
    )
