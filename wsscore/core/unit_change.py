"""What counting in units changes in the extra counts of lines whose characters agree
(docs/metrics.md §1.7): the plain Python reference of the C speed-ups' ``grapheme_change``
and ``grapheme_lengths`` (wsscore/_speedups_c/units.c), reached through :mod:`wsscore.core.backend`.

The gold and correct boundaries, the error classes and the exact sentences stay what they are
in characters; fewer positions are counted (substrings, true negatives), and a predicted edge
inside a unit is no boundary (it is a ``unit_cut``). tests/core/test_backends.py checks that
both backends give the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, pairwise

from wsscore.core.records import ExtraCounts
from wsscore.core.reference import split_words
from wsscore.core.units import graphemes, may_join

LINE_FEED = "\n"


def grapheme_lengths(text: str) -> list[int]:
    """The lengths in code points of the text's extended grapheme clusters (UAX #29)."""
    return list(map(len, graphemes(text)))


def grapheme_edges(gold_words: list[str]) -> list[int] | None:
    """The edges of a line's grapheme clusters, found inside each gold word; None where every
    code point is one (no character that may join another: a set test)."""
    if not any(map(may_join, gold_words)):
        return None
    # One search of the whole line: a line feed is a cluster of its own, so that no cluster
    # runs across two words (UAX #29, GB4 and GB5), and is no unit.
    clusters = graphemes(LINE_FEED.join(gold_words))
    return list(accumulate((len(c) for c in clusters if c != LINE_FEED), initial=0))


def in_units(edges: list[int], pred_lengths: list[int]) -> ExtraCounts:
    """The change to one line's counts in characters when its positions are ``edges``: fewer
    substrings and negatives, and the predicted edges inside a unit taken out of the predicted
    boundaries (docs/metrics.md §1.7)."""
    chars, units = edges[-1], len(edges) - 1
    on_edge = set(edges)
    pred_ends = list(accumulate(pred_lengths, initial=0))
    cut_at = [end for end in pred_ends[1:-1] if end not in on_edge]
    cuts = len(cut_at)
    cut_words = 0
    if cuts:  # no predicted word ends inside a unit unless a predicted boundary does
        inside = set(cut_at)
        cut_words = sum(a in inside or b in inside for a, b in pairwise(pred_ends))
    return ExtraCounts(
        substrings=units * (units + 1) // 2 - chars * (chars + 1) // 2,
        pred_boundaries=-cuts,
        char_fp=-cuts,
        char_tn=units - chars + cuts,
        edge_pred_boundaries=-cuts,
        unit_cuts=cuts,
        unit_cut_words=cut_words,
    )


def grapheme_change(gold_lines: Sequence[str], pred_lines: Sequence[str]) -> ExtraCounts:
    """What counting in grapheme clusters changes in the extra counts of pairs of lines whose
    characters agree: a sum to add to their counts in characters."""
    change = ExtraCounts()
    for gold, pred in zip(gold_lines, pred_lines, strict=True):
        edges = grapheme_edges(split_words(gold))
        if edges is not None:
            change += in_units(edges, list(map(len, split_words(pred))))
    return change
