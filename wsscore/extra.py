"""Figures beyond the bakeoff table (metrics.md §5): TNR, boundary scores, F_mean, error classes.

All of them are sums over sentences of small counts (:class:`ExtraCounts`), taken from each
sentence's words and marks (:class:`~wsscore.alignment.SentenceDetail`), so they add up across
files, chunks and resamples like the bakeoff counts do.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate, compress
from operator import add
from typing import NamedTuple

from .alignment import SentenceDetail
from .counts import Counts
from .metrics import f_beta, ratio

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
    tnr = 1 - false_positives / negatives if negatives > 0 else None
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


def _pred_edges(detail: SentenceDetail) -> tuple[set[int], set[int]]:
    """Starts and ends of the predicted words placed in the gold line (in line offsets)."""
    spans = [span for span in detail.pred_spans if span is not None]
    return {s for s, _ in spans}, {e for _, e in spans}


def sentence_extra(detail: SentenceDetail) -> ExtraCounts:
    """The extra counts of one sentence."""
    gold_ends = list(accumulate(map(len, detail.gold_words), initial=0))
    chars = gold_ends[-1]
    starts, ends = _pred_edges(detail)
    edges = starts | ends
    inside_gold = set(gold_ends[1:-1])
    inside_pred = {p for p in edges if 0 < p < chars}
    split = merged = crossing = 0
    for error in _error_classes(detail, gold_ends, starts, ends):
        if error == "split":
            split += 1
        elif error == "merged":
            merged += 1
        else:
            crossing += 1
    return ExtraCounts(
        chars * (chars + 1) // 2,
        len(inside_gold),
        len(inside_pred),
        len(inside_gold & inside_pred),
        split,
        merged,
        crossing,
    )


def _error_classes(
    detail: SentenceDetail, gold_ends: list[int], starts: set[int], ends: set[int]
) -> Iterator[str]:
    chars = gold_ends[-1]
    edges = starts | ends
    # A predicted word running past the line's end (the line breaks differ) leaves no boundary
    # at the end; a word from the line before running into this one leaves none at its start.
    crosses_end = any(span is not None and span[0] < chars < span[1] for span in detail.pred_spans)
    at_start = 0 in starts
    at_end = chars in ends or not crosses_end
    wrong = compress(range(len(detail.gold_words)), (not m for m in detail.gold_marks))
    for index in wrong:
        yield _classify(gold_ends[index], gold_ends[index + 1], edges, chars, at_start, at_end)


def _classify(
    start: int, end: int, edges: set[int], chars: int, at_start: bool, at_end: bool
) -> str:
    """split: a predicted boundary strictly inside and at both ends; merged: none inside;
    crossing: otherwise (metrics.md §5)."""
    if not any(position in edges for position in range(start + 1, end)):
        return "merged"
    left = at_start if start == 0 else start in edges
    right = at_end if end == chars else end in edges
    return "split" if left and right else "crossing"


def wrong_words(detail: SentenceDetail) -> Iterator[WrongWord]:
    """Every wrong gold word of a sentence with its error class and predicted segmentation."""
    gold_ends = list(accumulate(map(len, detail.gold_words), initial=0))
    starts, ends = _pred_edges(detail)
    classes = _error_classes(detail, gold_ends, starts, ends)
    wrong = compress(range(len(detail.gold_words)), (not m for m in detail.gold_marks))
    for index, error in zip(wrong, classes, strict=True):
        start, end = gold_ends[index], gold_ends[index + 1]
        placed = [
            (word, span)
            for word, span in zip(detail.pred_words, detail.pred_spans, strict=True)
            if span is not None and span[0] < end and span[1] > start
        ]
        predicted = "/".join(word for word, _ in placed)
        if not placed or placed[0][1][0] > start:
            # The start is covered by a word of the line before (the line breaks differ) or by
            # characters that differ from the gold's: shown as "…", not left out.
            predicted = f"…/{predicted}" if predicted else "…"
        yield WrongWord(detail.gold_words[index], error, predicted, start, end)
