"""The tokens behind each sentence the scorer aligns, for counts made beside the words (the
tags of :mod:`wsscore.metrics.tags`, the multi-word tokens of :mod:`wsscore.scoring.multiword`).

The words travel through the aligner; their tokens (word, tag, and the parts of a multi-word
token) travel beside them, in side queues. Their contract, kept here in one place:

* A file in another format than words appends every sentence's tokens to each queue taken with
  :meth:`FormattedInput.keep_tokens` as its line is read. The aligner reads a line before it
  gives that line's detail, so a sentence's tokens are queued before its detail arrives. A
  feed takes its queues with :meth:`FormattedInput.keep_compact_tokens`: a block read by the
  fast path arrives there at once, as lines of words and tags
  (:class:`~wsscore.inputs.formatted.CompactSentences`), before any of its lines is aligned.
* A feed must be given every sentence that has a detail, in order, and a system has a feed of
  its own (each system reads the gold at its own pace). Hence what uses a feed is a plain
  per-sentence callback (:data:`~wsscore.scoring.collecting.DetailCallback`), never a
  :class:`~wsscore.scoring.collecting.SentenceCollector`: a callback keeps the run in one
  process. Lines that agree come either as details, or (for the tag counts, when they are the
  run's only callback) as runs of lines in bulk, in the same order as the details: a run takes
  its sentences' lines of words and tags from the queues (:meth:`TokenFeed.tag_lines`).
* Gold sentences are named by their line: one without words has no detail, and its tokens are
  dropped. A prediction's lines need not be the gold's, so its feed takes as many tokens as the
  detail holds predicted words, from its sentences in order.
* Tokens whose words are not the detail's mean the queues went out of step: an internal error,
  raised at once rather than counted wrongly.
"""

from __future__ import annotations

from collections import deque
from itertools import pairwise
from typing import NamedTuple

from wsscore.align.counting import boundaries
from wsscore.core.records import SentenceDetail
from wsscore.inputs.formats import Token
from wsscore.inputs.formatted import (
    CompactSentences,
    FormattedInput,
    SentenceTokens,
    sentence_tokens,
)
from wsscore.inputs.sources import Input
from wsscore.metrics.conll_words import Word

# A token and, for a multi-word token, its syntactic words.
Part = tuple[Token, "list[Token] | None"]


class TokenFeed:
    """The gold's and one prediction's tokens, sentence by sentence. A file of plain words has
    no queue: its tokens are the detail's words, without tags. The sentences of a block read by
    the fast path wait as lines of words and tags, which a run of lines that agree takes as
    they are (:meth:`tag_lines`)."""

    def __init__(self, gold: Input, prediction: Input):
        self._gold = _queue_of(gold)
        self._predicted = _queue_of(prediction)
        self._pending: deque[Part] = deque()

    def gold(self, detail: SentenceDetail) -> list[Part]:
        if self._gold is None:
            return [(Token(word, None), None) for word in detail.gold_words]
        queue = self._gold
        queue.drop_before(detail.line)  # a sentence without words: the scorer gives it no detail
        if queue.next_number() != detail.line:
            if not detail.gold_words:  # predicted text past the gold's end faces no gold line
                return []
            raise RuntimeError(f"internal error: no gold tokens for sentence {detail.line}")
        tokens = queue.pop()
        if [token.word for token, _ in tokens] != detail.gold_words:
            raise RuntimeError(f"internal error: gold tokens out of step at {detail.line}")
        return tokens

    def predicted(self, detail: SentenceDetail) -> list[Part]:
        if self._predicted is None:
            return [(Token(word, None), None) for word in detail.pred_words]
        pending, queue = self._pending, self._predicted
        while len(pending) < len(detail.pred_words) and queue.next_number() is not None:
            pending.extend(queue.pop())
        taken = [pending.popleft() for _ in detail.pred_words]
        if [token.word for token, _ in taken] != detail.pred_words:
            raise RuntimeError(f"internal error: predicted tokens out of step at {detail.line}")
        return taken

    def tag_lines(
        self, first: int, gold: list[str], pred: list[str]
    ) -> tuple[list[str], list[str]] | None:
        """The lines of tags of the gold's sentences from ``first`` on and of the prediction's
        next sentences, whose lines of words are ``gold`` and ``pred``, left in the queues
        (:meth:`drop_lines` drops them); None unless all of them wait there as lines with
        tags."""
        gold_queue, pred_queue = self._gold, self._predicted
        if gold_queue is None or pred_queue is None or self._pending:
            return None
        gold_queue.drop_before(first)
        if pred and pred[0]:
            pred_queue.drop_empty()  # sentences without words give no token
        gold_read, pred_read = gold_queue.peek_lines(len(gold)), pred_queue.peek_lines(len(pred))
        if gold_queue.next_number() != first or gold_read is None or pred_read is None:
            return None
        if gold_read[0] != gold:
            raise RuntimeError(f"internal error: gold tokens out of step at {first}")
        if pred_read[0] != pred:
            # Only sentences without words can stand between: the lines one by one find them.
            return None
        return gold_read[1], pred_read[1]

    def drop_lines(self, gold: int, pred: int) -> None:
        """Drop the sentences whose lines :meth:`tag_lines` gave."""
        assert self._gold is not None and self._predicted is not None  # they gave them
        self._gold.advance(gold)
        self._predicted.advance(pred)


def _queue_of(source: Input) -> _SentenceQueue | None:
    if not isinstance(source, FormattedInput):
        return None
    return _SentenceQueue(source.keep_compact_tokens())


class _SentenceQueue:
    """A file's queue of sentences, read one at a time or, where they wait as lines of words
    and tags (:class:`CompactSentences`), many at once."""

    def __init__(self, entries: deque[SentenceTokens | CompactSentences]):
        self._entries = entries
        self._at = 0  # the next sentence of the first entry, when that holds lines

    def _head(self) -> SentenceTokens | CompactSentences | None:
        entries = self._entries
        while entries:
            head = entries[0]
            if not isinstance(head, CompactSentences) or self._at < len(head.words):
                return head
            entries.popleft()
            self._at = 0
        return None

    def next_number(self) -> int | None:
        head = self._head()
        if head is None:
            return None
        return head.first + self._at if isinstance(head, CompactSentences) else head[0]

    def pop(self) -> list[Part]:
        """The next sentence's tokens."""
        head = self._head()
        assert head is not None  # the caller asked next_number() first
        if isinstance(head, CompactSentences):
            index = self._at
            self._at += 1
            tags = head.tags[index] if head.tags is not None else None
            return [(token, None) for token in sentence_tokens(head.words[index], tags)]
        self._entries.popleft()
        _, tokens, parts = head
        if not parts:
            return [(token, None) for token in tokens]
        return [(token, parts.get(index)) for index, token in enumerate(tokens)]

    def drop_before(self, number: int) -> None:
        while (head := self._head()) is not None:
            if isinstance(head, CompactSentences):
                self._at = max(self._at, min(number - head.first, len(head.words)))
                if self._at < len(head.words):
                    return
            elif head[0] < number:
                self._entries.popleft()
            else:
                return

    def drop_empty(self) -> None:
        while (head := self._head()) is not None:
            words = head.words[self._at] if isinstance(head, CompactSentences) else head[1]
            if words:
                return
            self.advance(1)

    def peek_lines(self, count: int) -> tuple[list[str], list[str]] | None:
        """The lines of words and tags of the next ``count`` sentences, left in the queue;
        None unless all of them wait as lines with tags."""
        words: list[str] = []
        tags: list[str] = []
        at = self._at
        for entry in self._entries:
            if len(words) == count:
                break
            if not isinstance(entry, CompactSentences) or entry.tags is None:
                return None
            end = at + count - len(words)
            words += entry.words[at:end]
            tags += entry.tags[at:end]
            at = 0
        return (words, tags) if len(words) == count else None

    def advance(self, count: int) -> None:
        """Drop the next ``count`` sentences."""
        while count:
            head = self._head()
            assert head is not None  # the caller counted them
            if isinstance(head, CompactSentences):
                step = min(count, len(head.words) - self._at)
                self._at += step
            else:
                self._entries.popleft()
                step = 1
            count -= step


def has_parts(tokens: list[Part]) -> bool:
    return any(parts is not None for _, parts in tokens)


class SyntacticWords(NamedTuple):
    """A sentence's syntactic words as the script aligns them, and the tokens they came from."""

    words: list[Word]
    tokens: list[Token]


def syntactic_words(
    tokens: list[Part], spans: list[tuple[int, int] | None]
) -> SyntacticWords | None:
    """The words of the script's alignment (a multi-word token's words with its span) and their
    tokens; None when a token has no place in the gold (its characters differ)."""
    words, expanded = [], []
    for (token, parts), span in zip(tokens, spans, strict=True):
        if span is None:
            return None
        for word in parts if parts is not None else (token,):
            words.append(Word(span[0], span[1], word.word, parts is not None))
            expanded.append(word)
    return SyntacticWords(words, expanded)


def gold_spans(tokens: list[Part]) -> list[tuple[int, int] | None]:
    return list(pairwise(boundaries(len(token.word) for token, _ in tokens)))
