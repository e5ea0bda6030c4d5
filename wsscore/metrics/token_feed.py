"""The tokens behind each sentence the scorer aligns, for counts made beside the words (the
tags of :mod:`wsscore.metrics.tags`, the multi-word tokens of :mod:`wsscore.scoring.multiword`).

The words travel through the aligner; their tokens (word, tag, and the parts of a multi-word
token) travel beside them, in side queues. Their contract, kept here in one place:

* A file in another format than words appends every sentence's tokens to each queue taken with
  :meth:`FormattedInput.keep_tokens` as its line is read. The aligner reads a line before it
  gives that line's detail, so a sentence's tokens are queued before its detail arrives.
* A feed must be given every sentence that has a detail, in order, and a system has a feed of
  its own (each system reads the gold at its own pace). Hence what uses a feed is a plain
  per-sentence callback (:data:`~wsscore.scoring.collecting.DetailCallback`), never a
  :class:`~wsscore.scoring.collecting.SentenceCollector`: a callback keeps the run in one
  process and turns off lines that agree in bulk, so no detail is skipped.
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
from wsscore.align.lines import SentenceDetail
from wsscore.inputs.formats import Token
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.sources import Input
from wsscore.metrics.conll_words import Word

# A token and, for a multi-word token, its syntactic words.
Part = tuple[Token, "list[Token] | None"]


class TokenFeed:
    """The gold's and one prediction's tokens, sentence by sentence. A file of plain words has
    no queue: its tokens are the detail's words, without tags."""

    def __init__(self, gold: Input, prediction: Input):
        self._gold = gold.keep_tokens() if isinstance(gold, FormattedInput) else None
        self._predicted = (
            prediction.keep_tokens() if isinstance(prediction, FormattedInput) else None
        )
        self._pending: deque[Part] = deque()

    def gold(self, detail: SentenceDetail) -> list[Part]:
        if self._gold is None:
            return [(Token(word, None), None) for word in detail.gold_words]
        queue = self._gold
        while queue and queue[0][0] < detail.line:
            queue.popleft()  # a sentence without words: the scorer gives it no detail
        if not queue or queue[0][0] != detail.line:
            raise RuntimeError(f"internal error: no gold tokens for sentence {detail.line}")
        _, tokens, parts = queue.popleft()
        if [token.word for token in tokens] != detail.gold_words:
            raise RuntimeError(f"internal error: gold tokens out of step at {detail.line}")
        return _with_parts(tokens, parts)

    def predicted(self, detail: SentenceDetail) -> list[Part]:
        if self._predicted is None:
            return [(Token(word, None), None) for word in detail.pred_words]
        pending, queue = self._pending, self._predicted
        while len(pending) < len(detail.pred_words) and queue:
            _, tokens, parts = queue.popleft()
            pending.extend(_with_parts(tokens, parts))
        taken = [pending.popleft() for _ in detail.pred_words]
        if [token.word for token, _ in taken] != detail.pred_words:
            raise RuntimeError(f"internal error: predicted tokens out of step at {detail.line}")
        return taken


def _with_parts(tokens: list[Token], parts: dict[int, list[Token]] | None) -> list[Part]:
    if not parts:
        return [(token, None) for token in tokens]
    return [(token, parts.get(index)) for index, token in enumerate(tokens)]


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
