"""The tags of gold and predicted text that holds the same characters, counted at once: the
plain Python reference of ``count_tags`` in ``_speedups_c/tags.c``.

Each side is given as two texts, a line of words and a line of their tags per sentence (words
and tags separated by single spaces, lines by line feeds), as the block readers give them
(:mod:`wsscore.core.blocks`). As in counting a block (docs/metrics.md §2), the two sides' line
breaks need not fall at the same places: a line break is a word boundary, and a gold word is
correctly segmented when the prediction has a word with its span in the characters of the
whole text. The tags are compared as given: a ``--tag-map`` is applied to the tag texts before
(:mod:`wsscore.metrics.tags`). Beside the counts by tag and by pair, the gold lines with words
whose every word has the predicted span and tag are counted: the exactly tagged sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container

from wsscore.core.records import TagTally
from wsscore.core.reference import word_spans


def _side(words_text: str, tags_text: str) -> tuple[list[str], list[str], list[int]] | None:
    """The words of one side, their tags, and how many words each line with words holds; None
    unless each line has a tag per word, and single spaces between them."""
    word_lines, tag_lines = words_text.split("\n"), tags_text.split("\n")
    if len(word_lines) != len(tag_lines):
        return None
    words: list[str] = []
    tags: list[str] = []
    line_words_count: list[int] = []
    for word_line, tag_line in zip(word_lines, tag_lines, strict=True):
        line_words = word_line.split(" ") if word_line else []
        line_tags = tag_line.split(" ") if tag_line else []
        if len(line_words) != len(line_tags) or "" in line_words or "" in line_tags:
            return None
        words += line_words
        tags += line_tags
        if line_words:
            line_words_count.append(len(line_words))
    return words, tags, line_words_count


def count_tags(
    gold_words: str,
    gold_tags: str,
    pred_words: str,
    pred_tags: str,
    vocabulary: Container[str] | None,
) -> TagTally | None:
    """The tag counts of the gold text against the prediction's; None when a side is not lines
    of words and their tags (:func:`_side`) or the two hold different characters."""
    gold, pred = _side(gold_words, gold_tags), _side(pred_words, pred_tags)
    if gold is None or pred is None or "".join(gold[0]) != "".join(pred[0]):
        return None
    predicted = dict(zip(word_spans(pred[0]), pred[1], strict=True))
    pairs: Counter[tuple[str, str]] = Counter()
    oov_pairs: Counter[tuple[str, str]] = Counter()
    oov_words = 0
    right: list[bool] = []  # per gold word: its span and its tag are the prediction's
    for word, tag, span in zip(gold[0], gold[1], word_spans(gold[0]), strict=True):
        unknown = vocabulary is not None and word not in vocabulary
        oov_words += unknown
        pred_tag = predicted.get(span)
        right.append(pred_tag == tag)
        if pred_tag is not None:
            pairs[tag, pred_tag] += 1
            if unknown:
                oov_pairs[tag, pred_tag] += 1
    return TagTally(
        len(gold[0]),
        len(pred[0]),
        sum(pairs.values()),
        oov_words,
        dict(Counter(gold[1])),
        dict(Counter(pred[1])),
        dict(pairs),
        dict(oov_pairs),
        _exact_lines(right, gold[2]),
        len(gold[2]),
    )


def _exact_lines(right: list[bool], line_words: list[int]) -> int:
    """The gold lines (given by how many words each holds) whose every word is right. The
    predicted words over such a line are then its words, so it is exactly tagged."""
    exact = start = 0
    for count in line_words:
        exact += all(right[start : start + count])
        start += count
    return exact
