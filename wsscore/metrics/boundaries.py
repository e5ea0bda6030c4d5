"""Figures beyond the bakeoff table (docs/metrics.md §5): TNR, boundary scores, F_mean and error
classes.

All of them are sums over sentences of small counts (:class:`ExtraCounts`), taken from each
sentence's words and marks (:class:`~wsscore.align.stream.SentenceDetail`), so they add up across
files, chunks and resamples like the bakeoff counts do.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate, compress
from operator import add
from typing import NamedTuple

from wsscore.align.stream import SentenceDetail
from wsscore.metrics.counts import Counts
from wsscore.metrics.scores import f_beta, ratio

F_MEAN_BETA = 3.0  # Lavie et al. (2004): recall weighted nine times precision
ERROR_CLASSES = ("split", "merged", "crossing")


class ExtraCounts(NamedTuple):
    substrings: int = 0  # TW: N(N+1)/2 per line of N characters (Shao et al. 2017, eq. 1)
    gold_boundaries: int = 0  # word ends strictly inside a gold line
    pred_boundaries: int = 0  # predicted word edges strictly inside a gold line
    correct_boundaries: int = 0  # positions that are both
    split_errors: int = 0
    merged_errors: int = 0
    crossing_errors: int = 0

    def __add__(self, other: ExtraCounts) -> ExtraCounts:  # type: ignore[override]
        return ExtraCounts(*map(add, self, other))

    def as_dict(self) -> dict[str, int]:
        return self._asdict()


class ExtraMetrics(NamedTuple):
    tnr: float | None
    boundary_precision: float | None
    boundary_recall: float | None
    boundary_f1: float | None
    f_mean: float | None

    def as_dict(self) -> dict[str, float | None]:
        return self._asdict()


class WrongWord(NamedTuple):
    """A gold word the prediction got wrong, and how."""

    word: str
    error: str  # one of ERROR_CLASSES
    predicted: str  # the predicted words over its characters, joined by "/"
    start: int  # character offsets in its gold line
    end: int


def compute_extra(counts: Counts, extra: ExtraCounts) -> ExtraMetrics:
    """TNR = 1 − (PP − TP) / (TW − RP); boundary P, R, F; F_mean = F_β with β = 3."""
    negatives = extra.substrings - counts.gold_words
    false_positives = counts.pred_words - counts.correct
    # Where the texts differ (--mismatch warn/align), predicted words over characters the gold
    # lacks are not among its substrings, and the ratio could go below 0: undefined there.
    defined = negatives > 0 and not counts.misaligned_chars
    tnr = 1 - false_positives / negatives if defined else None
    b_precision = ratio(extra.correct_boundaries, extra.pred_boundaries)
    b_recall = ratio(extra.correct_boundaries, extra.gold_boundaries)
    recall = ratio(counts.correct, counts.gold_words)
    precision = ratio(counts.correct, counts.pred_words)
    return ExtraMetrics(
        tnr,
        b_precision,
        b_recall,
        f_beta(b_precision, b_recall),
        f_beta(precision, recall, F_MEAN_BETA),
    )


class _Edges(NamedTuple):
    """Where predicted words start and end within a gold line of ``chars`` characters: one byte
    per position (a set costs some 60 bytes per int, on lines of millions of characters)."""

    starts: bytearray
    ends: bytearray
    edges: bytes  # either


def _pred_edges(detail: SentenceDetail, chars: int) -> _Edges:
    """Starts and ends of the predicted words placed in the gold line (in line offsets); edges
    outside the line (a word running over one of its ends) are left out."""
    starts, ends = bytearray(chars + 1), bytearray(chars + 1)
    for span in detail.pred_spans:
        if span is not None:
            start, end = span
            if 0 <= start <= chars:
                starts[start] = 1
            if 0 <= end <= chars:
                ends[end] = 1
    either = int.from_bytes(starts, "big") | int.from_bytes(ends, "big")
    return _Edges(starts, ends, either.to_bytes(chars + 1, "big"))


def sentence_extra(detail: SentenceDetail) -> ExtraCounts:
    """The extra counts of one sentence."""
    gold_ends = list(accumulate(map(len, detail.gold_words), initial=0))
    chars = gold_ends[-1]
    edges = _pred_edges(detail, chars)
    gold_inside = gold_ends[1:-1]
    split = merged = crossing = 0
    for error in _error_classes(detail, gold_ends, edges):
        if error == "split":
            split += 1
        elif error == "merged":
            merged += 1
        else:
            crossing += 1
    return ExtraCounts(
        chars * (chars + 1) // 2,
        len(gold_inside),
        edges.edges.count(1, 1, chars) if chars else 0,
        sum(map(edges.edges.__getitem__, gold_inside)),
        split,
        merged,
        crossing,
    )


def _error_classes(detail: SentenceDetail, gold_ends: list[int], edges: _Edges) -> Iterator[str]:
    chars = gold_ends[-1]
    # A predicted word running past the line's end (the line breaks differ) leaves no boundary
    # at the end; a word from the line before running into this one leaves none at its start.
    crosses_end = any(span is not None and span[0] < chars < span[1] for span in detail.pred_spans)
    at_start = bool(edges.starts[0])
    at_end = bool(edges.ends[chars]) or not crosses_end
    wrong = compress(range(len(detail.gold_words)), (not m for m in detail.gold_marks))
    for index in wrong:
        yield _classify(
            gold_ends[index], gold_ends[index + 1], edges.edges, chars, at_start, at_end
        )


def _classify(start: int, end: int, edges: bytes, chars: int, at_start: bool, at_end: bool) -> str:
    """split: a predicted boundary strictly inside and at both ends; merged: none inside;
    crossing: otherwise (docs/metrics.md §5)."""
    if edges.find(1, start + 1, end) < 0:
        return "merged"
    left = at_start if start == 0 else edges[start]
    right = at_end if end == chars else edges[end]
    return "split" if left and right else "crossing"


def wrong_words(detail: SentenceDetail) -> Iterator[WrongWord]:
    """Every wrong gold word of a sentence with its error class and predicted segmentation."""
    gold_ends = list(accumulate(map(len, detail.gold_words), initial=0))
    classes = _error_classes(detail, gold_ends, _pred_edges(detail, gold_ends[-1]))
    wrong = compress(range(len(detail.gold_words)), (not m for m in detail.gold_marks))
    # Placed predicted words, in order: they cover distinct characters, so their ends ascend
    # with their starts, and the words over a gold word are found by bisection (a scan per
    # wrong word is quadratic on a line of a million words).
    placed_words = sorted(
        (span, word)
        for word, span in zip(detail.pred_words, detail.pred_spans, strict=True)
        if span is not None
    )
    placed_ends = [span[1] for span, _ in placed_words]
    for index, error in zip(wrong, classes, strict=True):
        start, end = gold_ends[index], gold_ends[index + 1]
        placed = []
        at = bisect_right(placed_ends, start)
        while at < len(placed_words) and placed_words[at][0][0] < end:
            span, word = placed_words[at]
            placed.append((word, span))
            at += 1
        predicted = "/".join(word for word, _ in placed)
        if not placed or placed[0][1][0] > start:
            # The start is covered by a word of the line before (the line breaks differ) or by
            # characters that differ from the gold's: shown as "…", not left out.
            predicted = f"…/{predicted}" if predicted else "…"
        yield WrongWord(detail.gold_words[index], error, predicted, start, end)
