"""Ranking systems and the bakeoff's significance verdict (docs/metrics.md §4).

Sproat & Emerson (2003) call two systems *significantly different* when their recall intervals
do not overlap or their precision intervals do not overlap. Under each ranked table they list the
pairs that are *not* significantly different; :func:`not_significantly_different` gives those
pairs and :func:`verdict` the sentence every human-readable format prints.

Only ``Interval.low`` and ``Interval.high`` are read, never ``half_width``: bootstrap and Wilson
intervals are not symmetric and have no half width, and the criterion is the same for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from wsscore.errors import InvalidArgument
from wsscore.metrics.scores import Interval, Metrics


class Ranked(Protocol):
    """What ranking reads of a system: its name and its metrics (a SystemResult has both)."""

    @property
    def name(self) -> str: ...

    @property
    def metrics(self) -> Metrics: ...


System = TypeVar("System", bound=Ranked)

SORT_KEYS = ("f", "r", "p", "roov", "name", "none")

# The metric behind each numeric sort key (an attribute of Metrics).
_SORT_METRICS = {"f": "f", "r": "recall", "p": "precision", "roov": "oov_recall"}

# "and", not "&": the sentence goes into LaTeX too, where a bare & is an alignment tab.
CRITERION = "Sproat and Emerson 2003"


def sort_systems(systems: Sequence[System], key: str) -> list[System]:
    """The systems in the order a ranked table prints them.

    ``f``, ``r``, ``p``, ``roov``: best first, undefined values (no predicted words, no OOV
    words, no dictionary) last. ``name``: ascending, case-insensitively. ``none``: as given.
    The sort is stable: ties keep the order in which the systems were given, so the same command
    line always prints the same table.
    """
    if key not in SORT_KEYS:
        raise InvalidArgument(f"unknown sort key {key!r}; use one of {', '.join(SORT_KEYS)}")
    if key == "none":
        return list(systems)
    if key == "name":
        # casefold first so that "b" does not sort after "Z"; the exact name breaks the tie so
        # that the order does not depend on the input order of names differing only in case.
        return sorted(systems, key=lambda s: (s.name.casefold(), s.name))
    attribute = _SORT_METRICS[key]

    def rank(system: Ranked) -> tuple[bool, float]:
        value: float | None = getattr(system.metrics, attribute)
        # (False, -value) puts the best first; (True, 0.0) puts every undefined value after
        # every defined one, and, the sort being stable, undefined values stay in input order.
        return (True, 0.0) if value is None else (False, -value)

    return sorted(systems, key=rank)


def overlap(a: Interval, b: Interval) -> bool:
    """Whether two closed intervals share a point (touching counts: they are not disjoint)."""
    return a.low <= b.high and b.low <= a.high


def not_significantly_different(
    systems: Sequence[Ranked],
) -> list[tuple[str, str]] | None:
    """The pairs of systems the bakeoff criterion cannot tell apart, in printed order.

    A pair is *not* significantly different when its recall intervals overlap and its precision
    intervals overlap (docs/metrics.md §4). Pairs are ``(higher, lower)`` in the order of
    ``systems`` (so sort first), listed row by row. An empty list means every pair differs.

    None when a recall or precision interval is missing (``--ci none``, or a system with no
    predicted words): a verdict over only some of the pairs would read as a verdict over all of
    them, so none is given.
    """
    intervals = []
    for system in systems:
        recall_ci = system.metrics.recall_ci
        precision_ci = system.metrics.precision_ci
        if recall_ci is None or precision_ci is None:
            return None
        intervals.append((system.name, recall_ci, precision_ci))
    return [
        (name_a, name_b)
        for i, (name_a, recall_a, precision_a) in enumerate(intervals)
        for name_b, recall_b, precision_b in intervals[i + 1 :]
        if overlap(recall_a, recall_b) and overlap(precision_a, precision_b)
    ]


def verdict(systems: Sequence[Ranked], quote: Callable[[str], str] = str) -> str | None:
    """The sentence printed under a ranked table, or None when there is nothing to say.

    Nothing is said for fewer than two systems (there is no pair) or when intervals are missing
    (see :func:`not_significantly_different`). ``quote`` makes a system name safe for the
    output format (Markdown or LaTeX escaping); the rest of the sentence needs no escaping.
    """
    if len(systems) < 2:
        return None
    pairs = not_significantly_different(systems)
    if pairs is None:
        return None
    if not pairs:
        return (
            f"All pairs of systems are significantly different "
            f"(disjoint R or P intervals; {CRITERION})."
        )
    listed = "; ".join(f"{quote(a)} and {quote(b)}" for a, b in pairs)
    # No full stop after the list: it would read as part of the last name ("run.txt.").
    return f"Not significantly different (overlapping R and P intervals; {CRITERION}): {listed}"
