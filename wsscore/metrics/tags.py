"""Joint segmentation and tagging: a word is tag-correct when its span and its tag are the gold's.

As the CoNLL 2018 shared task scores UPOS and XPOS (docs/metrics.md §5.7): tag precision and
recall are tag-correct words over predicted and gold words, so a segmentation error is a
tagging error too; tag accuracy is tag-correct words over the correctly segmented ones (how
well the tagger did where the segmenter was right).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from wsscore.metrics.scores import f_beta, ratio


class TagCounts:
    """Sums over sentences: words, correct spans and tag-correct words, overall and per tag."""

    __slots__ = (
        "correct",
        "gold_by_tag",
        "gold_words",
        "oov_tag_correct",
        "oov_words",
        "pred_by_tag",
        "pred_words",
        "tag_correct",
        "tag_correct_by_tag",
    )

    def __init__(self) -> None:
        self.gold_words = self.pred_words = self.correct = self.tag_correct = 0
        self.oov_words = self.oov_tag_correct = 0
        self.gold_by_tag: Counter[str] = Counter()
        self.pred_by_tag: Counter[str] = Counter()
        self.tag_correct_by_tag: Counter[str] = Counter()

    def as_counts(self) -> dict[str, object]:
        return {"tag_correct": self.tag_correct}


class TagMetrics(NamedTuple):
    tag_precision: float | None
    tag_recall: float | None
    tag_f1: float | None
    tag_accuracy: float | None  # tag-correct among the correctly segmented words
    tag_oov_recall: float | None  # OOV gold words with the right span and tag

    def as_dict(self) -> dict[str, object]:
        return dict(self._asdict())


class TagRow(NamedTuple):
    """One tag: gold and predicted words with it, and those right in span and tag."""

    tag: str
    gold: int
    pred: int
    correct: int
    precision: float | None
    recall: float | None
    f1: float | None

    def as_dict(self) -> dict[str, object]:
        return dict(self._asdict())


def compute_tags(counts: TagCounts, *, has_dictionary: bool) -> TagMetrics:
    precision = ratio(counts.tag_correct, counts.pred_words)
    recall = ratio(counts.tag_correct, counts.gold_words)
    return TagMetrics(
        precision,
        recall,
        f_beta(precision, recall, 1.0),
        ratio(counts.tag_correct, counts.correct),
        ratio(counts.oov_tag_correct, counts.oov_words) if has_dictionary else None,
    )


def tag_rows(counts: TagCounts) -> list[TagRow]:
    """One row per tag seen on either side, most frequent gold tag first."""
    tags = sorted(
        counts.gold_by_tag.keys() | counts.pred_by_tag.keys(),
        key=lambda tag: (-counts.gold_by_tag[tag], tag),
    )
    rows = []
    for tag in tags:
        gold, pred = counts.gold_by_tag[tag], counts.pred_by_tag[tag]
        correct = counts.tag_correct_by_tag[tag]
        precision, recall = ratio(correct, pred), ratio(correct, gold)
        rows.append(
            TagRow(tag, gold, pred, correct, precision, recall, f_beta(precision, recall, 1.0))
        )
    return rows
