"""What a scoring run is asked to do, as values: the options of :func:`wsscore.score` grouped.

The public entry points keep their keyword-only options (the documented API); they build one
:class:`ScoreRequest` and hand it down, so that the steps of a run take the group they need
(the statistics, the analyses, the parallelism) rather than a dozen loose arguments. They are
named records, as the data that crosses layers elsewhere: a frozen dataclass costs every run
several times a NamedTuple's creation at import (its methods are compiled from source).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from wsscore.core.records import SentenceDetail
from wsscore.inputs.sources import Source
from wsscore.metrics.settings import Statistics
from wsscore.scoring.collecting import DetailCallback, SentenceCollector


class AnalysisOptions(NamedTuple):
    """What is counted beside the words: ``extra`` (TNR, boundary scores, F_mean, error
    classes), ``tags`` (renamed by ``tag_map``), and difficulty weights from a ``committee`` of
    segmentations or a ``difficulty`` file."""

    extra: bool = False
    tags: bool = False
    tag_map: Mapping[str, str] | None = None
    committee: Sequence[Source] | None = None
    difficulty: Source | None = None

    def tag_column(self, column: str) -> str | None:
        """The tags' part of the signature: the column read, ``+map`` with a map."""
        return (column + ("+map" if self.tag_map else "")) if self.tags else None


class ReferenceRows(NamedTuple):
    """The bakeoff's BASE and TOP rows: the gold's text segmented by maximum matching with the
    dictionary, or with the gold's own words."""

    baseline: bool = False
    topline: bool = False


class Callbacks(NamedTuple):
    """What the caller sees on the way: every sentence's detail (``on_detail(system, detail)``),
    each gold line's word difficulties, and the bytes of the gold read so far."""

    on_detail: DetailCallback | None = None
    on_difficulties: Callable[[SentenceDetail, list[float]], None] | None = None
    progress: Callable[[int], None] | None = None


class Parallelism(NamedTuple):
    """``jobs`` processes for large files and threads for the bootstraps (0: all cores)."""

    jobs: int = 1


class ScoreRequest(NamedTuple):
    """Everything :func:`wsscore.score` is asked beside the inputs and how to read them.

    ``names`` label the predictions in order (None keeps a default name); ``sort`` is a key of
    :data:`~wsscore.metrics.ranking.SORT_KEYS`; ``keep_sentences`` keeps each system's
    per-sentence counts; ``collector`` is an analysis of every sentence that can be collected in
    chunks (``jobs``), unlike ``callbacks.on_detail``; ``conventions`` names the convention
    whose columns the tables show (None: wsscore's own).
    """

    names: Sequence[str | None] | None = None
    statistics: Statistics = Statistics()
    sort: str = "f"
    keep_sentences: bool = False
    analyses: AnalysisOptions = AnalysisOptions()
    references: ReferenceRows = ReferenceRows()
    callbacks: Callbacks = Callbacks()
    parallelism: Parallelism = Parallelism()
    collector: SentenceCollector[Any] | None = None
    conventions: str | None = None

    @property
    def by_sentence(self) -> bool:
        """Whether per-sentence counts are kept: asked for, or for the bootstrap to resample."""
        return self.keep_sentences or self.statistics.ci == "bootstrap"
