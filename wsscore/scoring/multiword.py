"""CoNLL-U multi-word tokens, counted as conll18_ud_eval.py counts its Words.

The scorer aligns the surface text: a multi-word token (``del`` = ``de`` + ``el``) is one token
there, as the script's characters are. The words the script counts are the syntactic ones, and
inside a stretch touched by a multi-word token it aligns them by their forms
(:mod:`wsscore.metrics.conll_words`). For every sentence where the gold or a prediction has such
a token, this collector counts the sentence both ways and keeps the difference, which the scorer
adds to its totals and, when it keeps them, to that sentence's counts: the figures are then
the script's. Sentences without multi-word tokens cost nothing beyond being looked at, and files
without any are not looked at (the collector runs only when a file has some).
"""

from __future__ import annotations

from operator import sub

from wsscore.align.counting import substitutions
from wsscore.core.records import Counts, SentenceDetail, SentenceRecord, SentenceRecords
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.sources import Input
from wsscore.metrics.conll_words import Word, align
from wsscore.scoring.token_feed import (
    TokenFeed,
    gold_spans,
    has_parts,
    syntactic_words,
)


def has_multiword_tokens(inputs: list[Input]) -> bool:
    return any(isinstance(i, FormattedInput) and i.has_multiword_tokens for i in inputs)


class MultiwordCollector:
    """Per system: what the script's word counts add to the surface counts."""

    def __init__(
        self,
        gold: Input,
        predictions: list[Input],
        known: Dictionary | None,
        *,
        by_line: bool,
    ):
        self._feeds = [TokenFeed(gold, prediction) for prediction in predictions]
        self._known = known.lookup if known is not None else None
        self.deltas = [Counts() for _ in predictions]
        self._by_line: list[dict[int, Counts]] | None = (
            [{} for _ in predictions] if by_line else None
        )

    def __call__(self, index: int, detail: SentenceDetail) -> None:
        feed = self._feeds[index]
        gold, pred = feed.gold(detail), feed.predicted(detail)
        if not (has_parts(gold) or has_parts(pred)):
            return
        gold_words = syntactic_words(gold, gold_spans(gold))
        pred_words = syntactic_words(pred, list(detail.pred_spans))
        if gold_words is None or pred_words is None:
            return  # characters differ from the gold's there: counted as the scorer did
        delta = _difference(
            self._script_counts(gold_words.words, pred_words.words), self._surface_counts(detail)
        )
        self.deltas[index] += delta
        if self._by_line is not None:
            lines = self._by_line[index]
            lines[detail.line] = lines.get(detail.line, Counts()) + delta

    def corrected(self, index: int, counts: Counts) -> Counts:
        return counts + self.deltas[index]

    def correct_records(self, index: int, records: SentenceRecords) -> None:
        """Add each sentence's difference to its first record."""
        if self._by_line is None:
            return
        pending = dict(self._by_line[index])
        for position, (line, counts) in enumerate(records):
            delta = pending.pop(line, None)
            if delta is not None:
                records[position] = SentenceRecord(line, counts + delta)

    def _script_counts(self, gold: list[Word], pred: list[Word]) -> Counts:
        pairs = align(gold, pred)
        gold_marks = [False] * len(gold)
        pred_marks = [False] * len(pred)
        for g, p in pairs:
            gold_marks[g] = pred_marks[p] = True
        oov = [word.form not in self._known for word in gold] if self._known is not None else []
        return _counts(gold_marks, pred_marks, oov)

    def _surface_counts(self, detail: SentenceDetail) -> Counts:
        known = self._known
        oov = [word not in known for word in detail.gold_words] if known is not None else []
        return _counts(list(detail.gold_marks), list(detail.pred_marks), oov)


def _counts(gold_marks: list[bool], pred_marks: list[bool], oov: list[bool]) -> Counts:
    correct = sum(gold_marks)
    subst = substitutions(gold_marks, pred_marks)
    return Counts(
        len(gold_marks),
        len(pred_marks),
        correct,
        sum(oov),
        sum(mark and out for mark, out in zip(gold_marks, oov, strict=False)),
        subst,
        len(pred_marks) - correct - subst,
        len(gold_marks) - correct - subst,
    )


def _difference(new: Counts, old: Counts) -> Counts:
    return Counts(*map(sub, new, old))
