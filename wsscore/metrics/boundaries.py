"""Figures beyond the bakeoff table (docs/metrics.md §5): TNR, boundary scores, F_mean and error
classes.

All of them are sums over sentences of small counts (:class:`ExtraCounts`), taken from each
sentence's words and marks (:class:`~wsscore.core.records.SentenceDetail`), so they add up across
files, chunks and resamples like the bakeoff counts do.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate, compress
from typing import NamedTuple

from wsscore.core.boundary_counts import (
    MERGED,
    error_classes,
    extra_counts,
    in_units,
    pred_edges,
)
from wsscore.core.definitions import ERROR_CLASSES as ERROR_CLASSES  # the classes' names
from wsscore.core.records import Counts, ExtraCounts, SentenceDetail, TypeCounts
from wsscore.metrics.scores import f_beta, ratio

F_MEAN_BETA = 3.0  # Lavie et al. (2004): recall weighted nine times precision


class ExtraMetrics(NamedTuple):
    tnr: float | None
    boundary_precision: float | None
    boundary_recall: float | None
    boundary_f1: float | None
    f_mean: float | None
    # --- the figures other communities report (docs/metrics.md §5.8–5.10) ---
    exact_match: float | None = None  # exact sentences / gold sentences
    char_precision: float | None = None  # PyThaiNLP's character-level P, R, F
    char_recall: float | None = None
    char_f1: float | None = None
    edge_boundary_precision: float | None = None  # boundaries with sentence edges counted
    edge_boundary_recall: float | None = None
    edge_boundary_f1: float | None = None
    type_precision: float | None = None  # distinct words: types_correct / types_pred
    type_recall: float | None = None  # types_correct / types_gold
    type_f1: float | None = None

    def as_dict(self) -> dict[str, float | None]:
        return self._asdict()


class WrongWord(NamedTuple):
    """A gold word the prediction got wrong, and how."""

    word: str
    error: str  # one of ERROR_CLASSES
    predicted: str  # the predicted words over its characters, joined by "/"
    start: int  # character offsets in its gold line
    end: int


def compute_extra(
    counts: Counts, extra: ExtraCounts, types: TypeCounts | None = None
) -> ExtraMetrics:
    """TNR = 1 − (PP − TP) / (TW − RP); boundary P, R, F; F_mean = F_β with β = 3; the figures
    other communities report (§5.8–5.11; the type figures None where ``types`` is)."""
    negatives = extra.substrings - counts.gold_words
    # A predicted word with an end inside a unit is no substring of units (§1.7).
    false_positives = counts.pred_words - counts.correct - extra.unit_cut_words
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
        *community_figures(extra),
        *type_figures(types),
    )


def type_figures(types: TypeCounts | None) -> tuple[float | None, ...]:
    """P, R and F of the distinct words (§5.11): types_correct over types_pred and types_gold."""
    if types is None:
        return (None, None, None)
    precision = ratio(types.types_correct, types.types_pred)
    recall = ratio(types.types_correct, types.types_gold)
    return (precision, recall, f_beta(precision, recall))


def community_figures(extra: ExtraCounts) -> tuple[float | None, ...]:
    """Exact sentences / gold sentences; character-level P, R, F (a character a word start or
    not: P = tp / (tp + fp), R = tp / (tp + fn)); boundary P, R, F with sentence edges."""
    char_precision = ratio(extra.char_tp, extra.char_tp + extra.char_fp)
    char_recall = ratio(extra.char_tp, extra.char_tp + extra.char_fn)
    edge_precision = ratio(extra.edge_correct_boundaries, extra.edge_pred_boundaries)
    edge_recall = ratio(extra.edge_correct_boundaries, extra.edge_gold_boundaries)
    return (
        ratio(extra.exact_sentences, extra.sentences),
        char_precision,
        char_recall,
        f_beta(char_precision, char_recall),
        edge_precision,
        edge_recall,
        f_beta(edge_precision, edge_recall),
    )


def sentence_extra(detail: SentenceDetail, unit_edges: Sequence[int] | None = None) -> ExtraCounts:
    """The extra counts of one sentence, those of the sentence as a whole included: it is
    segmented exactly when every gold word and every predicted word of it is correct.
    ``unit_edges``: the offsets between the gold line's units (docs/metrics.md §1.7), when
    they are not its characters."""
    lengths = list(map(len, detail.gold_words))
    exact = all(detail.gold_marks) and all(detail.pred_marks)
    inside = extra_counts(lengths, detail.gold_marks, detail.pred_spans)
    if unit_edges is None or not lengths:
        return inside.of_sentence(sum(lengths), exact=exact)
    return in_units(inside, detail.pred_spans, unit_edges).of_sentence(
        len(unit_edges) - 1, exact=exact
    )


def wrong_words(detail: SentenceDetail) -> Iterator[WrongWord]:
    """Every wrong gold word of a sentence with its error class and predicted segmentation."""
    gold_ends = list(accumulate(map(len, detail.gold_words), initial=0))
    edges = pred_edges(detail.pred_spans, gold_ends[-1])
    classes = error_classes(gold_ends, detail.gold_marks, detail.pred_spans, edges)
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


class Merge(NamedTuple):
    """A predicted word that swallowed gold words: the gold words lying wholly inside it, in
    order (one or more, each a merged error of §5.4)."""

    predicted: str
    gold: tuple[str, ...]


def merges(detail: SentenceDetail) -> Iterator[Merge]:
    """The merges of a sentence: its merged gold words grouped by the predicted word they lie
    in. A merged word under a word without a place in the line (the "…" of
    :func:`wrong_words`) is left out: which word swallowed it is not known."""
    placed = sorted(
        (span, word)
        for word, span in zip(detail.pred_words, detail.pred_spans, strict=True)
        if span is not None
    )
    placed_ends = [span[1] for span, _ in placed]
    swallowed: dict[int, list[str]] = {}  # the index of a placed word: the gold words in it
    for wrong in wrong_words(detail):
        if wrong.error != MERGED:
            continue
        at = bisect_right(placed_ends, wrong.start)
        if at < len(placed) and placed[at][0][0] <= wrong.start and wrong.end <= placed_ends[at]:
            swallowed.setdefault(at, []).append(wrong.word)
    for at, words in swallowed.items():
        yield Merge(placed[at][1], tuple(words))
