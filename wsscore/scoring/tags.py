"""Counting tags beside the words (``--tags``), sentence by sentence, as the scorer goes.

The scorer reads a file in a tagged format as lines of words; its reader hands each sentence's
tokens (word and tag) to queues beside them (:meth:`FormattedInput.keep_tokens`). For every
sentence the scorer aligns, the collector takes the gold tokens of that sentence and the
prediction's next tokens, in order: the k-th correctly segmented gold word and the k-th correctly
segmented predicted word have the same span (both lists are in span order), so their tags are
compared directly.
"""

from __future__ import annotations

from collections.abc import Mapping

from wsscore.align.lines import SentenceDetail
from wsscore.errors import WsscoreError
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.formats import Token
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.sources import Input
from wsscore.metrics.conll_words import align
from wsscore.metrics.tags import TagCounts
from wsscore.scoring.token_feed import Part, TokenFeed, gold_spans, has_parts, syntactic_words

NO_TAG = "_"  # a word without a tag, as CoNLL-U writes it


class TagCollector:
    """Tag counts of every scored system against the gold."""

    def __init__(
        self,
        gold: Input,
        predictions: list[Input],
        known: Dictionary | None,
        tag_map: Mapping[str, str] | None = None,
    ):
        self._sources = [(_tagged(gold, "the gold"), "the gold")]
        self._sources += [(_tagged(p, "the prediction"), "the prediction") for p in predictions]
        gold_input = self._sources[0][0]
        # Each system reads the gold's sentences at its own pace: a feed each.
        self._feeds = [TokenFeed(gold_input, source) for source, _ in self._sources[1:]]
        self._known = known
        self._map = dict(tag_map or {})
        self.totals = [TagCounts() for _ in predictions]

    def __call__(self, index: int, detail: SentenceDetail) -> None:
        feed = self._feeds[index]
        gold, pred = feed.gold(detail), feed.predicted(detail)
        words = _aligned_words(gold, pred, detail)
        if words is None:  # no multi-word token: the scorer's marks pair the words
            gold_tokens = [token for token, _ in gold]
            pred_tokens = [token for token, _ in pred]
            right_gold = [i for i, mark in enumerate(detail.gold_marks) if mark]
            right_pred = [i for i, mark in enumerate(detail.pred_marks) if mark]
            pairs = list(zip(right_gold, right_pred, strict=True))
        else:
            gold_tokens, pred_tokens, pairs = words
        self._count(self.totals[index], gold_tokens, pred_tokens, pairs)

    def _count(
        self,
        counts: TagCounts,
        gold: list[Token],
        pred: list[Token],
        pairs: list[tuple[int, int]],
    ) -> None:
        counts.gold_words += len(gold)
        counts.pred_words += len(pred)
        counts.gold_by_tag.update(self._tag(token) for token in gold)
        counts.pred_by_tag.update(self._tag(token) for token in pred)
        if self._known is not None:
            counts.oov_words += sum(1 for token in gold if token.word not in self._known)
        for g, p in pairs:
            counts.correct += 1
            tag = self._tag(gold[g])
            if tag == self._tag(pred[p]):
                counts.tag_correct += 1
                counts.tag_correct_by_tag[tag] += 1
                if self._known is not None and gold[g].word not in self._known:
                    counts.oov_tag_correct += 1

    def check_tags_seen(self) -> None:
        """A file in a format with tags may still carry none (chars labels without a tag)."""
        for source, name in self._sources:
            if not source.tags_seen:
                raise _no_tags(source, name)

    def _tag(self, token: Token) -> str:
        tag = token.tag if token.tag is not None else NO_TAG
        return self._map.get(tag, tag)


def _aligned_words(
    gold: list[Part], pred: list[Part], detail: SentenceDetail
) -> tuple[list[Token], list[Token], list[tuple[int, int]]] | None:
    """With a multi-word token on either side: the syntactic words, paired as
    conll18_ud_eval.py pairs them (:mod:`wsscore.metrics.conll_words`)."""
    if not (has_parts(gold) or has_parts(pred)):
        return None
    gold_words = syntactic_words(gold, gold_spans(gold))
    pred_words = syntactic_words(pred, list(detail.pred_spans))
    if gold_words is None or pred_words is None:
        return None
    return gold_words[1], pred_words[1], align(gold_words[0], pred_words[0])


def _tagged(source: Input, name: str) -> FormattedInput:
    if not isinstance(source, FormattedInput):
        raise _no_tags(source, name)
    return source


def _no_tags(source: Input, name: str) -> WsscoreError:
    fmt = getattr(source, "format", "words")
    return WsscoreError(
        f"--tags needs tags, and {name} carries none (read as {fmt})",
        where=source.name,
        hint="give a tagged file (word/TAG, chars with B-TAG labels, CoNLL-U, jsonl with tags), "
        "or --gold-format/--pred-format if its format was detected wrongly",
    )
