"""What a report's numbers depend on beyond the inputs, as values that travel together.

:class:`Statistics` says how counts become figures (the interval method, β, the bootstrap's
draws); :class:`ReportSettings` adds the rest of what the signature records and every renderer
shows (the match mode, the mismatch policy, where word difficulties came from, the tag column).
"""

from __future__ import annotations

from dataclasses import dataclass

from wsscore.metrics.bootstrap import SAMPLES, SEED


@dataclass(frozen=True)
class Statistics:
    """How counts become figures: ``ci`` (a key of :data:`~wsscore.metrics.scores.CI_METHODS`),
    F_β's ``beta``, and the ``samples`` and ``seed`` of bootstrap intervals."""

    ci: str = "bakeoff"
    beta: float = 1.0
    samples: int = SAMPLES
    seed: int = SEED

    @property
    def resampling(self) -> tuple[int, int] | None:
        """(samples, seed) when the intervals are drawn, for the signature; None otherwise."""
        return (self.samples, self.seed) if self.ci == "bootstrap" else None


@dataclass(frozen=True)
class ReportSettings:
    """Everything beside the inputs that changes a number of a report.

    ``match`` is ``span`` or ``diff``; ``mismatch`` the policy for differing characters;
    ``difficulty`` where the word difficulties came from (``committee-K`` or ``file``) and
    ``tags`` the tag column (``upos``, ``xpos``, ``+map`` with a tag map), None without them;
    ``conventions`` the named convention whose columns the tables show (a key of
    :data:`~wsscore.metrics.conventions.CONVENTIONS`), None for wsscore's own; ``unit`` what
    a boundary can fall between (``char``, ``grapheme`` or ``syllable``; docs/design-units.md);
    ``normalize`` how the text was rewritten before scoring (``none``, ``mccws``, ...;
    docs/metrics.md §1.8).
    """

    match: str
    statistics: Statistics
    mismatch: str
    difficulty: str | None = None
    tags: str | None = None
    conventions: str | None = None
    unit: str = "char"
    normalize: str = "none"
