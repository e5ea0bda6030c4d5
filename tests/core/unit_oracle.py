"""The prototype's count of a line's boundaries in units (docs/design-units.md §5), kept as the
tests' oracle: a gold line's unit edges from its words (and, for syllables, their forms) and
its boundary counts from spans, written plainly and apart from the scorer's own paths
(``GoldUnits``, ``core/unit_change``, ``core/boundary_counts.in_units``)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import NamedTuple

from wsscore.core.units import graphemes, may_join

Span = tuple[int, int]


def unit_lengths(word: str, unit: str, form: str | None = None) -> list[int]:
    """The lengths in code points of a gold word's units. ``form``: the word with its
    syllables separated by spaces (``Token.form``), which ``syllable`` needs."""
    if unit == "char":
        return [1] * len(word)
    if unit == "grapheme":
        return list(map(len, graphemes(word))) if may_join(word) else [1] * len(word)
    if form is None:
        raise ValueError(f"no syllables for {word!r}: unit 'syllable' needs the gold's forms")
    return list(map(len, form.split()))


class UnitEdges(NamedTuple):
    """A gold line's unit edges: the offsets (in code points, 0 … N) between which a boundary
    can fall; 0 and N included. Every gold word's ends are among them."""

    edges: list[int]

    @property
    def units(self) -> int:
        return len(self.edges) - 1


def unit_edges(
    gold_words: Sequence[str], unit: str, forms: Sequence[str | None] | None = None
) -> UnitEdges:
    """The unit edges of a gold line, found inside each gold word (never across two)."""
    forms = forms if forms is not None else [None] * len(gold_words)
    lengths = [
        length
        for word, form in zip(gold_words, forms, strict=True)
        for length in unit_lengths(word, unit, form)
    ]
    return UnitEdges([0, *accumulate(lengths)])


class UnitBoundaries(NamedTuple):
    """A line's boundary counts in units (docs/design-units.md §3): what ``line_extra`` counts
    in characters, plus the predicted cuts that fall inside a unit."""

    units: int  # N in units
    substrings: int  # N(N+1)/2
    gold_boundaries: int
    pred_boundaries: int  # predicted word edges at unit edges strictly inside the line
    correct_boundaries: int
    unit_cuts: int  # predicted word edges strictly inside a unit
    pred_words_on_edges: int  # predicted words whose two ends are unit edges (TNR's candidates)
    wrong_pred_on_edges: int  # of them, not gold words (TNR's false positives)


def unit_boundaries(
    gold_spans: Sequence[Span], pred_spans: Sequence[Span], edges: UnitEdges
) -> UnitBoundaries:
    """The boundary counts of one line whose characters agree, in the units ``edges`` gives.
    A predicted cut inside a unit is not a boundary here; it is counted as ``unit_cuts``."""
    on_edge = set(edges.edges)
    inner = set(edges.edges[1:-1])
    gold_inside = {end for _, end in gold_spans[:-1]}
    pred_ends = {end for _, end in pred_spans[:-1]}
    pred_inside = pred_ends & inner
    gold_set = set(gold_spans)
    candidates = [span for span in pred_spans if span[0] in on_edge and span[1] in on_edge]
    return UnitBoundaries(
        units=edges.units,
        substrings=edges.units * (edges.units + 1) // 2,
        gold_boundaries=len(gold_inside),
        pred_boundaries=len(pred_inside),
        correct_boundaries=len(gold_inside & pred_inside),
        unit_cuts=len(pred_ends - on_edge),
        pred_words_on_edges=len(candidates),
        wrong_pred_on_edges=sum(span not in gold_set for span in candidates),
    )
