"""Tags counted as the scorer goes (:class:`TagCollector`), into the sums of
:mod:`wsscore.metrics.tags`.

The scorer reads a file in a tagged format as lines of words, and its reader hands each
sentence's tokens (word and tag) to a queue beside them
(:class:`~wsscore.scoring.token_feed.TokenFeed`). For every sentence the scorer aligns, the
collector takes the gold tokens of that sentence and the prediction's next tokens, in order: the
k-th correctly segmented gold word and the k-th correctly segmented predicted word have the same
span (both lists are in span order), so their tags are compared directly.

Runs of sentences whose characters agree, read by the fast path, come in bulk instead
(:meth:`TagCollector.equal_lines`): the backend counts them on tag texts already renamed by the
tag map (:func:`~wsscore.metrics.tags.count_mapped_tags`).
"""

from __future__ import annotations

from collections.abc import Mapping

from wsscore.core.records import SentenceDetail, Span
from wsscore.core.reference import align_equal_words
from wsscore.errors import WsscoreError, location
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.formats import Token
from wsscore.inputs.formats.kytea import field_count as kytea_fields
from wsscore.inputs.formats.mecab import field_count as mecab_fields
from wsscore.inputs.formatted import FormattedInput, head_of
from wsscore.inputs.sources import Input
from wsscore.inputs.words import split_words
from wsscore.metrics.conll_words import align
from wsscore.metrics.tags import TagCounts, add_tag_tally, count_mapped_tags, tag_coding
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
        self._coding = tag_coding(self._map)
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
        right = 0  # words of this sentence right in span and tag
        for g, p in pairs:
            counts.correct += 1
            tag = self._tag(gold[g])
            if tag == self._tag(pred[p]):
                right += 1
                counts.tag_correct += 1
                counts.tag_correct_by_tag[tag] += 1
                if self._known is not None and gold[g].word not in self._known:
                    counts.oov_tag_correct += 1
        if gold:  # exact: every gold word right, and no other predicted word
            counts.sentences += 1
            counts.exact_sentences += right == len(gold) == len(pred)

    def equal_lines(
        self, index: int, first: int, gold_lines: list[str], pred_lines: list[str], paired: bool
    ) -> bool:
        """Take a run of sentences whose characters agree at once (the aligner's bulk path):
        where their words and tags wait as lines, they are counted together by the backend
        (line breaks need not fall where the gold's do); else lines in pairs (``paired``) are
        taken one by one, through the detail the aligner would have given, and a block whose
        lines agree only as a whole is left to the aligner. Whether they were taken."""
        feed = self._feeds[index]
        tags = feed.tag_lines(first, gold_lines, pred_lines)
        if tags is not None and self._count_lines(
            index, (gold_lines, tags[0], pred_lines, tags[1])
        ):
            feed.drop_lines(len(gold_lines), len(pred_lines))
            return True
        if not paired:
            return False
        sides: tuple[list[str], ...] = ([], [], [], [])
        for number, (gold, pred) in enumerate(zip(gold_lines, pred_lines, strict=True), first):
            if not gold:
                continue  # no words: no detail either
            tags = feed.tag_lines(number, [gold], [pred])
            if tags is None:
                self(index, _equal_detail(number, gold, pred))
                continue
            feed.drop_lines(1, 1)
            for side, line in zip(sides, (gold, *tags[0], pred, *tags[1]), strict=True):
                side.append(line)
        if sides[0] and not self._count_lines(index, sides):
            raise RuntimeError(f"internal error: tags out of step after line {first}")
        return True

    def _count_lines(self, index: int, sides: tuple[list[str], ...]) -> bool:
        """Count lines of words and tags in pairs (gold words, gold tags, predicted words,
        predicted tags) through the backend; False when they do not agree in pairs."""
        lookup = self._known.lookup if self._known is not None else None
        gold_words, gold_tags, pred_words, pred_tags = ("\n".join(side) for side in sides)
        texts = (gold_words, gold_tags, pred_words, pred_tags)
        tally = count_mapped_tags(texts, lookup, self._coding)
        if tally is None:
            return False
        add_tag_tally(self.totals[index], tally, self._coding, has_dictionary=lookup is not None)
        return True

    def check_tags_seen(self) -> None:
        """A file in a format with tags may still carry none (chars labels without a tag)."""
        for source, name in self._sources:
            if not source.tags_seen:
                raise _no_tags(source, name)

    def _tag(self, token: Token) -> str:
        tag = token.tag if token.tag is not None else NO_TAG
        return self._map.get(tag, tag)


def _equal_detail(number: int, gold: str, pred: str) -> SentenceDetail:
    """The detail the aligner gives a pair of lines whose characters agree."""
    gold_words, pred_words = split_words(gold), split_words(pred)
    line = align_equal_words(gold_words, pred_words, None)
    spans: list[Span | None] = list(line.pred_spans)
    return SentenceDetail(number, gold_words, pred_words, line.gold_marks, line.pred_marks, spans)


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
    return gold_words.tokens, pred_words.tokens, align(gold_words.words, pred_words.words)


def _tagged(source: Input, name: str) -> FormattedInput:
    if not isinstance(source, FormattedInput):
        raise _no_tags(source, name)
    return source


def _no_tags(source: Input, name: str) -> WsscoreError:
    out_of_range = _field_out_of_range(source)
    if out_of_range is not None:
        return out_of_range
    fmt = getattr(source, "format", "words")
    return WsscoreError(
        f"--tags needs tags, and {name} carries none (read as {fmt})",
        where=source.name,
        hint="give a tagged file (word/TAG, chars with B-TAG labels, CoNLL-U, jsonl with tags, "
        "MeCab, KyTea), "
        "or --gold-format/--pred-format if its format was detected wrongly",
    )


# How many fields a token line of each format has, and what holds them, for --tag-field.
FIELD_COUNTS = {
    "mecab": (mecab_fields, "the line has {} feature field{}"),
    "kytea": (kytea_fields, "the line's first token has {} tag field{}"),
}


def _field_out_of_range(source: Input) -> WsscoreError | None:
    """A mecab or kytea file without a tag because --tag-field asks for a field past those of
    its lines: said of its first token line (only errors pay for reading its head again)."""
    counted = FIELD_COUNTS.get(getattr(source, "format", ""))
    if counted is None or not isinstance(source, FormattedInput):
        return None
    count_fields, what = counted
    for number, line in enumerate(head_of(source.source), 1):
        count = count_fields(line)
        if count is None:
            continue
        asked = source.options.tag_field
        if asked.last <= count:
            return None
        return WsscoreError(
            f"field {asked.last} of --tag-field is out of range: "
            + what.format(count, "s" * (count != 1)),
            where=location(source.name, number),
            hint=f"give a field from 1 to {count}" if count > 1 else "give --tag-field 1",
        )
    return None
