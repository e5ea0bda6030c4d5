"""Joint segmentation and tagging: a word is tag-correct when its span and its tag are the gold's.

As the CoNLL 2018 shared task scores UPOS and XPOS (docs/metrics.md §5.7): tag precision and
recall are tag-correct words over predicted and gold words, so a segmentation error is a
tagging error too; tag accuracy is tag-correct words over the correctly segmented ones (how
well the tagger did where the segmenter was right).

The scorer counts tags as it goes (:class:`~wsscore.scoring.tag_collector.TagCollector`) into
:class:`TagCounts`. Runs of sentences whose characters agree, read by the fast path, come in
bulk: the backend counts their words by tag, their correctly segmented words by pair of tags and
their exactly tagged sentences (:func:`~wsscore.core.tags.count_tags`), on tag texts already
renamed by the tag map (:func:`count_mapped_tags`: whether a sentence is exactly tagged depends
on the map), which gives the same counts as comparing word by word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Mapping
from typing import NamedTuple

from wsscore.core.backend import count_tags
from wsscore.core.records import TagTally, relations
from wsscore.metrics.scores import f_beta, ratio


class TagCounts:
    """Sums over sentences: words, correct spans and tag-correct words, overall and per tag."""

    __slots__ = (
        "correct",
        "exact_sentences",
        "gold_by_tag",
        "gold_words",
        "oov_tag_correct",
        "oov_words",
        "pred_by_tag",
        "pred_words",
        "sentences",
        "tag_correct",
        "tag_correct_by_tag",
    )

    def __init__(self) -> None:
        self.gold_words = self.pred_words = self.correct = self.tag_correct = 0
        self.oov_words = self.oov_tag_correct = 0
        self.sentences = 0  # gold sentences with words
        self.exact_sentences = 0  # those whose every word has the predicted span and tag
        self.gold_by_tag: Counter[str] = Counter()
        self.pred_by_tag: Counter[str] = Counter()
        self.tag_correct_by_tag: Counter[str] = Counter()

    def as_counts(self) -> dict[str, object]:
        """The JSON ``counts`` keys: every sum the figures need, so that the reports of shards
        of a test set add up (``wsscore merge``)."""
        return {
            "tag_correct": self.tag_correct,
            "tag_gold_words": self.gold_words,
            "tag_pred_words": self.pred_words,
            "tag_span_correct": self.correct,
            "tag_oov_words": self.oov_words,
            "tag_oov_correct": self.oov_tag_correct,
            "exact_tagged_sentences": self.exact_sentences,
            "tag_gold_sentences": self.sentences,
        }

    def add(self, other: TagCounts) -> None:
        """Add another system's or shard's sums to these."""
        self.gold_words += other.gold_words
        self.pred_words += other.pred_words
        self.correct += other.correct
        self.tag_correct += other.tag_correct
        self.oov_words += other.oov_words
        self.oov_tag_correct += other.oov_tag_correct
        self.sentences += other.sentences
        self.exact_sentences += other.exact_sentences
        self.gold_by_tag.update(other.gold_by_tag)
        self.pred_by_tag.update(other.pred_by_tag)
        self.tag_correct_by_tag.update(other.tag_correct_by_tag)

    def copy(self) -> TagCounts:
        copied = TagCounts()
        copied.add(self)
        return copied

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TagCounts):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable sums

    def __repr__(self) -> str:
        return f"TagCounts(gold_words={self.gold_words}, tag_correct={self.tag_correct})"


# What the tag counts keep (docs/metrics.md §5.7, §5.8): a tag-correct word is a correctly
# segmented one, which is a word of both sides; the rows (``tags.gold``: their sum) share out
# the totals; an exactly tagged sentence is a gold sentence with words.
TAG_RELATIONS = relations(
    "tag_correct ≤ tag_span_correct",
    "tag_span_correct ≤ tag_gold_words",
    "tag_span_correct ≤ tag_pred_words",
    "tag_oov_words ≤ tag_gold_words",
    "tag_oov_correct ≤ tag_oov_words",
    "tag_oov_correct ≤ tag_correct",
    "exact_tagged_sentences ≤ tag_gold_sentences",
    "tag_gold_sentences ≤ gold.sentences",
    "tags.gold = tag_gold_words",
    "tags.pred = tag_pred_words",
    "tags.correct = tag_correct",
)
# What each row of a tag keeps.
TAG_ROW_RELATIONS = relations("correct ≤ gold", "correct ≤ pred")


class TagMetrics(NamedTuple):
    tag_precision: float | None
    tag_recall: float | None
    tag_f1: float | None
    tag_accuracy: float | None  # tag-correct among the correctly segmented words
    tag_oov_recall: float | None  # OOV gold words with the right span and tag
    exact_tagged_match: float | None  # gold sentences whose words and tags are all right

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


class TagCoding(NamedTuple):
    """How a tag map is applied to tag texts before the backend counts them: ``encode`` gives
    the text each raw tag is counted as; ``decode`` the mapped tag behind a stand-in, for a
    mapped tag that cannot stand in a tag text (empty, or with a space or a line feed, which
    only a Python caller can give)."""

    encode: dict[str, str]
    decode: dict[str, str]


STAND_IN = "\x00mapped-tag-"  # prefix of a stand-in: NUL never starts a tag read from a file


def tag_coding(tag_map: Mapping[str, str]) -> TagCoding:
    """The coding of ``tag_map`` (:class:`TagCoding`)."""
    encode: dict[str, str] = {}
    stand_ins: dict[str, str] = {}
    for tag, mapped in tag_map.items():
        if mapped and " " not in mapped and "\n" not in mapped:
            encode[tag] = mapped
        else:
            encode[tag] = stand_ins.setdefault(mapped, f"{STAND_IN}{len(stand_ins)}")
    return TagCoding(encode, {stand_in: mapped for mapped, stand_in in stand_ins.items()})


def count_mapped_tags(
    sides: tuple[str, str, str, str], lookup: Container[str] | None, coding: TagCoding
) -> TagTally | None:
    """The backend's :func:`~wsscore.core.backend.count_tags` of ``sides`` (gold words, gold
    tags, predicted words, predicted tags), the tags renamed by the tag map first: whether a
    sentence is exactly tagged depends on the mapped tags, not on sums of raw ones."""
    gold_words, gold_tags, pred_words, pred_tags = sides
    if coding.encode:
        gold_tags, pred_tags = _mapped(gold_tags, coding), _mapped(pred_tags, coding)
    return count_tags(gold_words, gold_tags, pred_words, pred_tags, lookup)


def _mapped(tags_text: str, coding: TagCoding) -> str:
    encode = coding.encode
    return "\n".join(
        " ".join(encode.get(tag, tag) for tag in line.split(" ")) if line else line
        for line in tags_text.split("\n")
    )


def add_tag_tally(
    counts: TagCounts, tally: TagTally, coding: TagCoding, *, has_dictionary: bool
) -> None:
    """Add the backend's tally of lines that agree, counted on mapped tags
    (:func:`count_mapped_tags`), to ``counts``: the same sums as comparing the words one by
    one. Stand-ins are given back their mapped tags (one each: equal only to themselves)."""

    def mapped(tag: str) -> str:
        return coding.decode.get(tag, tag)

    counts.gold_words += tally.gold_words
    counts.pred_words += tally.pred_words
    counts.correct += tally.correct
    counts.sentences += tally.gold_sentences
    counts.exact_sentences += tally.exact_sentences
    if has_dictionary:
        counts.oov_words += tally.oov_words
    for tag, words in tally.gold_by_tag.items():
        counts.gold_by_tag[mapped(tag)] += words
    for tag, words in tally.pred_by_tag.items():
        counts.pred_by_tag[mapped(tag)] += words
    for (gold, pred), words in tally.correct_by_tags.items():
        if gold == pred:
            counts.tag_correct += words
            counts.tag_correct_by_tag[mapped(gold)] += words
    for (gold, pred), words in tally.oov_correct_by_tags.items():
        if has_dictionary and gold == pred:
            counts.oov_tag_correct += words


def compute_tags(counts: TagCounts, *, has_dictionary: bool) -> TagMetrics:
    precision = ratio(counts.tag_correct, counts.pred_words)
    recall = ratio(counts.tag_correct, counts.gold_words)
    return TagMetrics(
        precision,
        recall,
        f_beta(precision, recall, 1.0),
        ratio(counts.tag_correct, counts.correct),
        ratio(counts.oov_tag_correct, counts.oov_words) if has_dictionary else None,
        ratio(counts.exact_sentences, counts.sentences),
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
