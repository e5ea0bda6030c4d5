"""What a run produces: the scored systems and everything a renderer needs, as one value.

:class:`Report` is what :func:`wsscore.score` returns and what every output format renders;
:meth:`Report.as_dict` is the whole ``-f json`` document (its keys are a contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from wsscore._version import __version__
from wsscore.core.records import Counts, ExtraCounts
from wsscore.inputs.dictionary import Dictionary
from wsscore.metrics.boundaries import compute_extra
from wsscore.metrics.difficulty import WeightedCounts, compute_weighted, deciles
from wsscore.metrics.ranking import not_significantly_different, sort_systems
from wsscore.metrics.scores import Metrics
from wsscore.metrics.signature import signature
from wsscore.metrics.tags import TagCounts, compute_tags, tag_rows

if TYPE_CHECKING:
    from wsscore.core.records import SentenceRecord
    from wsscore.metrics.sighan_counts import SighanTotals


class GoldInfo(NamedTuple):
    path: str
    encoding: str
    lines: int  # of the file; for formats with a sentence per block, its sentences
    words: int
    sentences: int
    format: str = "words"
    label_order: str | None = None  # chars: pos-tag or tag-pos (None: plain labels)

    def as_dict(self) -> dict[str, object]:
        data = dict(self._asdict())
        if self.format != "chars":  # the key belongs to chars files only
            del data["label_order"]
        return data


OOV_COUNT_KEYS = ("oov_words", "oov_correct", "iv_words", "iv_correct")


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
        "format",
        "has_dictionary",
        "label_order",
        "metrics",
        "name",
        "path",
        "pred_lines",
        "sentences",
        "sighan",
        "tag_metrics",
        "tags",
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
        sentences: Sequence[SentenceRecord] | None = None,
        sighan: SighanTotals | None = None,
        extra: ExtraCounts | None = None,
        weighted: WeightedCounts | None = None,
        format: str = "words",  # the input's format, as the JSON key says
        tags: TagCounts | None = None,
        has_dictionary: bool = False,
        label_order: str | None = None,  # chars: pos-tag or tag-pos (None: plain labels)
    ):
        self.name = name
        self.format = format
        self.has_dictionary = has_dictionary
        self.label_order = label_order
        self.tags = tags
        self.tag_metrics = (
            compute_tags(tags, has_dictionary=has_dictionary) if tags is not None else None
        )
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
        if not self.has_dictionary:
            # Out of vocabulary means nothing without a vocabulary: null, as the OOV metrics
            # are, in both match modes (the Perl script would call every word OOV, span none).
            counts.update(dict.fromkeys(OOV_COUNT_KEYS))
        metrics = self.metrics.as_dict()
        if self.extra is not None and self.extra_metrics is not None:
            counts.update(self.extra.as_dict())
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
            metrics.update(self.weighted_metrics.as_dict())
            data["difficulty_deciles"] = [d.as_dict() for d in deciles(self.weighted)]
        if self.tags is not None and self.tag_metrics is not None:
            counts.update(self.tags.as_counts())
            metrics.update(self.tag_metrics.as_dict())
            data["tags"] = [row.as_dict() for row in tag_rows(self.tags)]
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
        """The whole ``-f json`` document (the keys are a contract; see the README)."""
        # The bakeoff verdict (docs/metrics.md §4): pairs in table order, [] when every pair
        # differs (or there is no pair), null when intervals are missing and no verdict is given.
        pairs = not_significantly_different(self.systems)
        return {
            "version": self.version,
            "signature": self.signature,
            "gold": self.gold.as_dict(),
            "dictionary": self._dictionary_dict(),
            "systems": [system.as_dict() for system in self.systems],
            "not_significantly_different": (
                None if pairs is None else [[higher, lower] for higher, lower in pairs]
            ),
            "options": {
                "ci": self.ci,
                "beta": self.beta,
                "mismatch": self.mismatch,
                "match": self.match,
            },
            "warnings": list(self.warnings),
        }

    def _dictionary_dict(self) -> dict[str, object] | None:
        if self.dictionary is None:
            return None
        return {
            "paths": list(self.dictionary.paths),
            "encoding": self.dictionary.encoding,
            "entries": len(self.dictionary),
            "source": self.dictionary.source,
        }


def build_report(
    gold: GoldInfo,
    dictionary: Dictionary | None,
    results: Sequence[SystemResult],
    *,
    match: str,
    ci: str,
    beta: float,
    mismatch: str,
    warnings: Sequence[str],
    sort: str = "f",
    resampling: tuple[int, int] | None = None,
    difficulty: str | None = None,
    tags: str | None = None,
) -> Report:
    """The report of scored systems in the order of ``sort`` (a key of
    :data:`~wsscore.metrics.ranking.SORT_KEYS`: by F, undefined last, unless told otherwise).

    ``warnings`` are the messages of this run; ``resampling`` is (samples, seed) of bootstrap
    intervals, for the signature.
    """
    return Report(
        __version__,
        signature(
            match=match,
            ci=ci,
            beta=beta,
            dictionary=dictionary,
            gold_encoding=gold.encoding,
            pred_encodings=[r.encoding for r in results],  # in the order given
            mismatch=mismatch,
            resampling=resampling,
            difficulty=difficulty,
            formats=(gold.format, [r.format for r in results]),
            tags=tags,
        ),
        gold,
        dictionary,
        sort_systems(results, sort),
        ci,
        beta,
        mismatch,
        match,
        list(warnings),
    )
