"""The boundary counts and error classes of a sentence, or of a part of one, from its gold words'
lengths, their marks and the predicted words' spans (docs/metrics.md §5).

:mod:`wsscore.metrics.boundaries` gives them for whole sentences; a differing stretch
(:mod:`wsscore.align.stretch`) also counts the middle of a long line this way, between the
common ends that are cut off it and counted like equal text, so that the line's words are
never all built in Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, compress
from typing import NamedTuple

from wsscore.core.definitions import ERROR_CLASSES
from wsscore.core.records import ExtraCounts, Span

SPLIT, MERGED, CROSSING = ERROR_CLASSES


class Edges(NamedTuple):
    """Where predicted words start and end within a gold line of ``chars`` characters: one byte
    per position (a set of ints would cost far more, on lines of millions of characters)."""

    starts: bytearray
    ends: bytearray
    edges: bytes  # either


def pred_edges(pred_spans: Iterable[Span | None], chars: int) -> Edges:
    """Starts and ends of the predicted words placed in the gold line (in line offsets); edges
    outside the line (a word running over one of its ends) are left out."""
    starts, ends = bytearray(chars + 1), bytearray(chars + 1)
    for span in pred_spans:
        if span is not None:
            start, end = span
            if 0 <= start <= chars:
                starts[start] = 1
            if 0 <= end <= chars:
                ends[end] = 1
    either = int.from_bytes(starts, "big") | int.from_bytes(ends, "big")
    return Edges(starts, ends, either.to_bytes(chars + 1, "big"))


def error_classes(
    gold_ends: list[int],
    gold_marks: Sequence[bool],
    pred_spans: Sequence[Span | None],
    edges: Edges,
    *,
    cut_before: bool = False,
) -> Iterator[str]:
    """The class of each wrong gold word, in order. ``cut_before``: the part follows a cut at
    a predicted boundary (its start is one whatever the words here)."""
    chars = gold_ends[-1]
    # A predicted word running past the line's end (the line breaks differ) leaves no boundary
    # at the end; a word from the line before running into this one leaves none at its start.
    crosses_end = any(span is not None and span[0] < chars < span[1] for span in pred_spans)
    at_start = cut_before or bool(edges.starts[0])
    at_end = bool(edges.ends[chars]) or not crosses_end
    wrong = compress(range(len(gold_marks)), (not mark for mark in gold_marks))
    for index in wrong:
        yield classify(gold_ends[index], gold_ends[index + 1], edges.edges, chars, at_start, at_end)


def classify(start: int, end: int, edges: bytes, chars: int, at_start: bool, at_end: bool) -> str:
    """split: a predicted boundary strictly inside and at both ends; merged: none inside;
    crossing: otherwise (docs/metrics.md §5)."""
    if edges.find(1, start + 1, end) < 0:
        return MERGED
    left = at_start if start == 0 else edges[start]
    right = at_end if end == chars else edges[end]
    return SPLIT if left and right else CROSSING


def extra_counts(
    gold_lengths: Iterable[int],
    gold_marks: Sequence[bool],
    pred_spans: Sequence[Span | None],
    *,
    cut_before: bool = False,
) -> ExtraCounts:
    """The extra counts of a sentence, or of a part of one (spans in the part's offsets;
    boundaries at its ends are left to the caller)."""
    gold_ends = list(accumulate(gold_lengths, initial=0))
    chars = gold_ends[-1]
    edges = pred_edges(pred_spans, chars)
    gold_inside = gold_ends[1:-1]
    classes = dict.fromkeys(ERROR_CLASSES, 0)
    for error in error_classes(gold_ends, gold_marks, pred_spans, edges, cut_before=cut_before):
        classes[error] += 1
    return ExtraCounts(
        substrings=chars * (chars + 1) // 2,
        gold_boundaries=len(gold_inside),
        pred_boundaries=edges.edges.count(1, 1, chars) if chars else 0,
        correct_boundaries=sum(map(edges.edges.__getitem__, gold_inside)),
        split_errors=classes[SPLIT],
        merged_errors=classes[MERGED],
        crossing_errors=classes[CROSSING],
    )


def in_units(
    counts: ExtraCounts, pred_spans: Sequence[Span | None], unit_edges: Sequence[int]
) -> ExtraCounts:
    """A whole sentence's counts (as :func:`extra_counts` gives them) with its positions in
    units (docs/metrics.md §1.7): ``unit_edges`` are the offsets 0 … N between its units, every
    gold boundary among them. A predicted word edge inside a unit is no boundary: it is
    counted in ``unit_cuts``, and a predicted word with such an end is no substring of units
    (``unit_cut_words``). The error classes stay those of the characters."""
    chars = unit_edges[-1]
    edges = pred_edges(pred_spans, chars).edges
    inner = unit_edges[1:-1]
    at_edges = sum(map(edges.__getitem__, inner))
    units = len(unit_edges) - 1
    on_edge = set(unit_edges)
    return counts._replace(
        substrings=units * (units + 1) // 2,
        pred_boundaries=at_edges,
        unit_cuts=counts.pred_boundaries - at_edges,
        unit_cut_words=sum(_cuts_a_unit(span, on_edge, chars) for span in pred_spans),
    )


def _cuts_a_unit(span: Span | None, on_edge: set[int], chars: int) -> bool:
    """Whether a placed predicted word has an end inside a unit of the line (an end outside
    the line, where line breaks differ, is no cut of it)."""
    if span is None:
        return False
    return any(0 < end < chars and end not in on_edge for end in span)
