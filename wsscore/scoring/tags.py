"""Counting tags beside the words (``--tags``), sentence by sentence, as the scorer goes.

The scorer reads a file in a tagged format as lines of words; its reader hands each sentence's
tokens (word and tag) to queues beside them (:meth:`FormattedInput.keep_tokens`). For every
sentence the scorer aligns, the collector takes the gold tokens of that sentence and the
prediction's next tokens, in order: the k-th correctly segmented gold word and the k-th correctly
segmented predicted word have the same span (both lists are in span order), so their tags are
compared directly.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from wsscore.align.lines import SentenceDetail
from wsscore.errors import WsscoreError
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.formats import Token
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.sources import Input
from wsscore.metrics.tags import TagCounts

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
        # Each system reads the gold's sentences at its own pace: a queue each.
        self._gold = [gold_input.keep_tokens() for _ in predictions]
        self._predicted = [source.keep_tokens() for source, _ in self._sources[1:]]
        self._known = known
        self._map = dict(tag_map or {})
        self._pending: list[deque[Token]] = [deque() for _ in predictions]
        self.totals = [TagCounts() for _ in predictions]

    def __call__(self, index: int, detail: SentenceDetail) -> None:
        gold = self._gold_sentence(index, detail)
        pred = self._next_predicted(index, detail)
        counts = self.totals[index]
        counts.gold_words += len(gold)
        counts.pred_words += len(pred)
        counts.gold_by_tag.update(self._tag(token) for token in gold)
        counts.pred_by_tag.update(self._tag(token) for token in pred)
        if self._known is not None:
            counts.oov_words += sum(1 for token in gold if token.word not in self._known)
        right_gold = [token for token, mark in zip(gold, detail.gold_marks, strict=True) if mark]
        right_pred = [token for token, mark in zip(pred, detail.pred_marks, strict=True) if mark]
        for gold_token, pred_token in zip(right_gold, right_pred, strict=True):
            counts.correct += 1
            tag = self._tag(gold_token)
            if tag == self._tag(pred_token):
                counts.tag_correct += 1
                counts.tag_correct_by_tag[tag] += 1
                if self._known is not None and gold_token.word not in self._known:
                    counts.oov_tag_correct += 1

    def check_tags_seen(self) -> None:
        """A file in a format with tags may still carry none (chars labels without a tag)."""
        for source, name in self._sources:
            if not source.tags_seen:
                raise _no_tags(source, name)

    def _tag(self, token: Token) -> str:
        tag = token.tag if token.tag is not None else NO_TAG
        return self._map.get(tag, tag)

    def _gold_sentence(self, index: int, detail: SentenceDetail) -> list[Token]:
        queue = self._gold[index]
        while queue and queue[0][0] < detail.line:
            queue.popleft()  # a sentence without words: the scorer gives it no detail
        if not queue or queue[0][0] != detail.line:
            raise RuntimeError(f"internal error: no gold tokens for sentence {detail.line}")
        tokens = queue.popleft()[1]
        if [token.word for token in tokens] != detail.gold_words:
            raise RuntimeError(f"internal error: gold tokens out of step at {detail.line}")
        return tokens

    def _next_predicted(self, index: int, detail: SentenceDetail) -> list[Token]:
        pending, queue = self._pending[index], self._predicted[index]
        while len(pending) < len(detail.pred_words) and queue:
            pending.extend(queue.popleft()[1])
        tokens = [pending.popleft() for _ in detail.pred_words]
        if [token.word for token in tokens] != detail.pred_words:
            raise RuntimeError(f"internal error: predicted tokens out of step at {detail.line}")
        return tokens


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
