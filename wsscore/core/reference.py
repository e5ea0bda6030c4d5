"""The plain Python reference of every count that has a C fast path (``wsscore._speedups``).

Written to be read beside docs/metrics.md, step by step as it defines them: a text is split
into words (§1.2), the words are placed as spans of characters (§1.3), a word is correct when
both sides have its span (§1.4), and every count is read off the spans (§2, §5, §6). The C
speed-ups compute the same things in one pass over the text; tests/core/test_backends.py checks
that both give equal results. Nothing here is tuned for speed beyond avoiding quadratic work
and letting str.split() split where it splits as the separators do.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Container, Iterable, Sequence
from itertools import accumulate, chain, compress, count, pairwise
from typing import NamedTuple

from wsscore.core.definitions import (
    ERROR_CLASSES,
    LENGTH_BUCKETS,
    SEPARATORS,
    SPLIT_DIFFERS,
    length_bucket,
)
from wsscore.core.records import (
    NO_TAGGED_LABELS,
    AgreedLines,
    BlockCounts,
    CharsWords,
    Counts,
    ExtraCounts,
    Gather,
    LineErrorsFound,
    LineWrongWords,
    SentenceRecord,
    SentenceRecords,
    TaggedLabels,
    WordAndSentenceCounts,
    WordLengths,
    WordTypeSet,
    WrongWordCounts,
    WrongWordFound,
)
from wsscore.core.sentence_spans import count_text_sentences

Span = tuple[int, int]
Vocabulary = Container[str]

SPLIT, MERGED, CROSSING = ERROR_CLASSES
_SEPARATOR_RUN = re.compile(f"[{re.escape(SEPARATORS)}]+")


# --- words and spans (§1.2, §1.3) -------------------------------------------------------------


def split_words(text: str) -> list[str]:
    """The words of a text: maximal runs of characters that are not separators."""
    if any(char in text for char in SPLIT_DIFFERS):
        return [word for word in _SEPARATOR_RUN.split(text) if word]
    return text.split()


def word_spans(words: Iterable[str], start: int = 0) -> list[Span]:
    """The spans of consecutive words, the first starting at character ``start``: each word
    ends where the next starts."""
    return list(pairwise(accumulate(map(len, words), initial=start)))


def load_vocabulary(text: str) -> frozenset[str]:
    """The entries of a word list: its lines stripped (as ``str.strip``), empty ones left out."""
    return frozenset(line.strip() for line in text.split("\n")) - {""}


def count_words_and_sentences(text: str) -> WordAndSentenceCounts:
    """Words, and lines with at least one word (sentences, §1.1)."""
    per_line = [len(split_words(line)) for line in text.split("\n")]
    return WordAndSentenceCounts(sum(per_line), sum(1 for words in per_line if words))


# --- chars files of plain labels (inputs/formats/chars.py) -------------------------------------

# The plain labels as the chars reader reads them (BMES, BIES, BI, BIO): B, S and O start a
# word, M, I and E go on with the open one, B, M and I leave it open for the next line.
STARTING_LABELS = "BSO"
CONTINUING_LABELS = "MIE"
OPENING_LABELS = "BMI"
COLUMN_SEPARATORS = "\t "


def chars_words(text: str, tagged: TaggedLabels = NO_TAGGED_LABELS) -> CharsWords | None:
    """The sentences of a chars text as lines of words, where the text has the plainest
    shape, which every reading gives the same words: each line a character that is not a
    separator, one tab or space and a label, or nothing (a blank line, which ends a sentence;
    a line may end with a carriage return), and no M, I or E where no word is open (at a
    sentence start, after E, S or O). A label is B, M, I, E, S or O, or one of ``tagged``,
    whose position is given there; the lines of each tagged label are counted. The end of the
    text ends a sentence. None where the text has another shape: the chars reader reads it."""
    sentences: list[str] = []
    sentence: list[str] = []  # its characters, and a space between words
    size = longest = 0  # characters of the sentence, of the longest
    word_open = False
    tagged_read = [0] * len(tagged.positions)
    for line in text.split("\n"):
        line = line.removesuffix("\r")
        if not line:
            if sentence:
                sentences.append("".join(sentence))
                longest = max(longest, size)
                sentence, size, word_open = [], 0, False
            continue
        if len(line) < 3 or line[0] in SEPARATORS or line[1] not in COLUMN_SEPARATORS:
            return None
        char, label = line[0], line[2:]
        if len(label) > 1:
            number = tagged.numbers.get(label)
            if number is None:
                return None
            tagged_read[number] += 1
            label = tagged.positions[number]
        if label in STARTING_LABELS:
            if sentence:
                sentence.append(" ")
        elif label not in CONTINUING_LABELS or not word_open:
            return None
        sentence.append(char)
        size += 1
        word_open = label in OPENING_LABELS
    if sentence:
        sentences.append("".join(sentence))
        longest = max(longest, size)
    words = "".join(line + "\n" for line in sentences)
    return CharsWords(words, len(sentences), longest, tuple(tagged_read))


# --- one sentence whose characters agree (§1.4, §2) -------------------------------------------


class EqualLine(NamedTuple):
    """A sentence's gold words and predicted words over the same characters, aligned."""

    gold_words: list[str]
    pred_words: list[str]
    gold_spans: list[Span]
    pred_spans: list[Span]
    gold_marks: list[bool]  # correct or not, per word
    pred_marks: list[bool]
    counts: Counts


def align_equal_words(
    gold_words: list[str],
    pred_words: list[str],
    vocabulary: Vocabulary | None,
    gold_spans: list[Span] | None = None,
    pred_spans: list[Span] | None = None,
) -> EqualLine:
    """Align the words of one sentence (spans from 0 unless given): a word is correct when the
    other side has a word with its span. Counts as docs/metrics.md §2 defines them."""
    gold_spans = word_spans(gold_words) if gold_spans is None else gold_spans
    pred_spans = word_spans(pred_words) if pred_spans is None else pred_spans
    gold_set, pred_set = set(gold_spans), set(pred_spans)
    gold_marks = [span in pred_set for span in gold_spans]
    pred_marks = [span in gold_set for span in pred_spans]
    unknown = [word not in vocabulary for word in gold_words] if vocabulary is not None else []
    correct = sum(gold_marks)
    subst = substitutions(gold_marks, pred_marks)
    counts = Counts(
        gold_words=len(gold_spans),
        pred_words=len(pred_spans),
        correct=correct,
        oov_words=sum(unknown),
        oov_correct=sum(compress(gold_marks, unknown)),
        substitutions=subst,
        insertions=len(pred_spans) - correct - subst,
        deletions=len(gold_spans) - correct - subst,
    )
    return EqualLine(gold_words, pred_words, gold_spans, pred_spans, gold_marks, pred_marks, counts)


def substitutions(gold_marks: Sequence[bool], pred_marks: Sequence[bool]) -> int:
    """S (§2.3): the correct words cut both sides into facing stretches of wrong words; each
    pair of facing stretches gives min(wrong gold words, wrong predicted words)."""
    return sum(map(min, _stretches(gold_marks), _stretches(pred_marks)))


def _stretches(marks: Sequence[bool]) -> list[int]:
    """How many wrong words come before the first correct one, between each two, and after:
    the gaps between the positions of the correct words (the ends included)."""
    correct = [-1, *compress(count(), marks), len(marks)]
    return [after - before - 1 for before, after in pairwise(correct)]


def align_line(gold: str, pred: str, vocabulary: Vocabulary | None) -> EqualLine | None:
    """A gold line and a prediction line aligned, or None if their characters differ."""
    gold_words, pred_words = split_words(gold), split_words(pred)
    if "".join(gold_words) != "".join(pred_words):
        return None
    return align_equal_words(gold_words, pred_words, vocabulary)


# --- a block of lines (§1.5) ------------------------------------------------------------------


def count_equal_text(gold: str, pred: str, vocabulary: Vocabulary | None) -> BlockCounts | None:
    """The summed counts of the gold's lines against a prediction with the same characters
    (its line breaks anywhere), and their sentences as spans (docs/metrics.md §5.12), or None if
    the characters differ. A predicted word belongs to the sentence that holds its first
    character."""
    gold_lines = [split_words(line) for line in gold.split("\n")]
    pred_words = split_words(pred)
    if "".join(pred_words) != "".join(chain.from_iterable(gold_lines)):
        return None
    pred_spans = word_spans(pred_words)
    pred_starts = [start for start, _ in pred_spans]
    totals = Counts()
    end = taken = 0  # where the line before ended; predicted words taken by the lines before
    for gold_words in filter(None, gold_lines):
        gold_spans = word_spans(gold_words, end)
        end = gold_spans[-1][1]
        first, taken = taken, bisect_left(pred_starts, end)  # the words starting in the line
        words, spans = pred_words[first:taken], pred_spans[first:taken]
        totals += align_equal_words(gold_words, words, vocabulary, gold_spans, spans).counts
    return BlockCounts(totals, count_text_sentences(gold, pred))


def count_agreeing_lines(
    gold_lines: Sequence[str],
    pred_lines: Sequence[str],
    vocabulary: Vocabulary | None,
    first_number: int,
    gather: Gather,
) -> AgreedLines:
    """The leading pairs of lines whose characters agree, each counted on its own, up to the
    first pair that does not; with what ``gather`` asks for of them."""
    if len(gold_lines) != len(pred_lines):
        raise ValueError("count_agreeing_lines: as many prediction lines as gold lines")
    found = _Gathered(gather, vocabulary)
    agreed = 0
    for gold, pred in zip(gold_lines, pred_lines, strict=True):
        line = align_line(gold, pred, vocabulary)
        if line is None:
            break
        if line.gold_words:  # a line without gold words has no record and nothing to look at
            found.add(first_number + agreed, line)
        agreed += 1
    return found.result(agreed)


class _Gathered:
    """The records of lines that agree, their sum, and what else is gathered of them."""

    def __init__(self, gather: Gather, vocabulary: Vocabulary | None):
        self.gather = gather
        self.vocabulary = vocabulary
        self.pred_lengths = [0] * len(LENGTH_BUCKETS)
        self.pred_oov = 0
        self.records = SentenceRecords()
        self.totals = Counts()
        self.extra = ExtraCounts()
        self.length_words = [0] * len(LENGTH_BUCKETS)
        self.length_correct = [0] * len(LENGTH_BUCKETS)
        self.wrong = WrongWordTally()
        self.merges = WrongWordTally()
        self.lines: list[LineWrongWords] = []

    def add(self, number: int, line: EqualLine) -> None:
        self.records.append(SentenceRecord(number, line.counts))
        self.totals += line.counts
        if self.gather in (Gather.EXTRA, Gather.ALL):
            self.extra += line_extra(line)
        if self.gather in (Gather.ERRORS, Gather.ALL):
            self._add_errors(number, line)

    def _add_errors(self, number: int, line: EqualLine) -> None:
        for word, correct in zip(line.gold_words, line.gold_marks, strict=True):
            bucket = length_bucket(len(word))
            self.length_words[bucket] += 1
            self.length_correct[bucket] += correct
        if self.gather is Gather.ALL:
            for word in line.pred_words:
                self.pred_lengths[length_bucket(len(word))] += 1
                self.pred_oov += self.vocabulary is not None and word not in self.vocabulary
        wrong = wrong_words(line)
        self.wrong.add(wrong)
        self.merges.add(merges(line))
        if wrong:
            self.lines.append(LineWrongWords(number, len(wrong), len(line.gold_words)))

    def result(self, agreed: int) -> AgreedLines:
        extra = self.extra if self.gather is Gather.EXTRA else None
        errors = None
        if self.gather in (Gather.ERRORS, Gather.ALL):
            everything = self.gather is Gather.ALL
            lengths = WordLengths(tuple(self.length_words), tuple(self.length_correct))
            errors = LineErrorsFound(
                self.totals,
                lengths,
                self.wrong,
                self.lines,
                self.records,
                tuple(self.pred_lengths) if everything else None,
                self.pred_oov if everything else None,
                self.extra if everything else None,
                self.merges,
            )
        return AgreedLines(agreed, self.records, self.totals, extra, errors)


class WrongWordTally:
    """How often each wrong gold word was cut each way (a
    :class:`~wsscore.core.records.WrongWordCounts`): a Counter of the found records."""

    def __init__(self) -> None:
        self._counts: Counter[WrongWordFound] = Counter()

    def add(self, wrong: Iterable[WrongWordFound]) -> None:
        self._counts.update(wrong)

    def merge(self, other: WrongWordCounts, /) -> None:
        if other is self:
            raise ValueError("merge: a tally into itself")
        self._counts.update(other.counts())

    def counts(self) -> dict[WrongWordFound, int]:
        return dict(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __eq__(self, other: object) -> bool:
        """Equal to a tally of either backend that counts the same wrong words as often."""
        counts = getattr(other, "counts", None)
        if counts is None:
            return NotImplemented
        return self.counts() == dict(counts())

    __hash__ = None  # type: ignore[assignment]  # mutable, like a Counter

    def __repr__(self) -> str:
        return f"WrongWordTally({self.counts()!r})"


class WordTypes:
    """The distinct words of the texts added (a :class:`~wsscore.core.records.WordTypeSet`):
    a set of str."""

    def __init__(self) -> None:
        self._words: set[str] = set()

    def add(self, text: str, /) -> None:
        self._words.update(split_words(text))

    def merge(self, other: WordTypeSet, /) -> None:
        self._words.update(other.words())

    def common(self, other: WordTypeSet, /) -> int:
        return len(self._words & other.words())

    def words(self) -> frozenset[str]:
        return frozenset(self._words)

    def __len__(self) -> int:
        return len(self._words)


# --- boundaries and error classes of a line whose characters agree (§5.2, §5.4, §6) -----------


def _inside_ends(spans: list[Span]) -> list[int]:
    """The ends of the words but the last: the boundaries strictly inside the line."""
    return [end for _, end in spans[:-1]]


def line_extra(line: EqualLine) -> ExtraCounts:
    """A line's substrings, its boundaries strictly inside on each side and on both, its
    wrong gold words by class, and the counts of the line as a whole (§5.8–5.10)."""
    chars = line.gold_spans[-1][1] if line.gold_spans else 0
    gold_inside = set(_inside_ends(line.gold_spans))
    pred_inside = set(_inside_ends(line.pred_spans))
    classes = Counter(error for error, _ in _classified(line))
    return ExtraCounts(
        substrings=chars * (chars + 1) // 2,
        gold_boundaries=len(gold_inside),
        pred_boundaries=len(pred_inside),
        correct_boundaries=len(gold_inside & pred_inside),
        split_errors=classes[SPLIT],
        merged_errors=classes[MERGED],
        crossing_errors=classes[CROSSING],
    ).of_sentence(chars, exact=_exact(line.counts))


def _exact(counts: Counts) -> bool:
    """Every gold word and every predicted word of the line correct (§5.8)."""
    return counts.correct == counts.gold_words == counts.pred_words


def wrong_words(line: EqualLine) -> list[WrongWordFound]:
    """Each wrong gold word, in order, with its class and the predicted words over it."""
    pred_starts = [start for start, _ in line.pred_spans]
    found = []
    for error, index in _classified(line):
        start, end = line.gold_spans[index]
        first = bisect_right(pred_starts, start) - 1  # the predicted word over its start
        over = line.pred_words[first : bisect_left(pred_starts, end)]
        found.append(WrongWordFound(error, line.gold_words[index], "/".join(over)))
    return found


def merges(line: EqualLine) -> list[WrongWordFound]:
    """Each merge of the line (docs/metrics.md §6), in order: a predicted word that is not a
    gold word and holds one or more gold words wholly inside it, found as
    ``("merged", the predicted word, those gold words joined by " ")`` (words hold no white
    space, so the gold words can be told apart again)."""
    found = []
    for word, (start, end) in zip(line.pred_words, line.pred_spans, strict=True):
        inside = [
            gold
            for gold, (gold_start, gold_end) in zip(line.gold_words, line.gold_spans, strict=True)
            if start <= gold_start and gold_end <= end
        ]
        if inside and inside != [word]:
            found.append(WrongWordFound(MERGED, word, " ".join(inside)))
    return found


def _classified(line: EqualLine) -> list[tuple[str, int]]:
    """The class and index of each wrong gold word (§5.4). The line's ends are predicted
    boundaries: both sides hold the same characters."""
    chars = line.gold_spans[-1][1] if line.gold_spans else 0
    inside = _inside_ends(line.pred_spans)
    boundaries = {0, chars, *inside}
    found = []
    for index, (start, end) in enumerate(line.gold_spans):
        if line.gold_marks[index]:
            continue
        cut_inside = bisect_right(inside, start) < bisect_left(inside, end)
        if not cut_inside:
            found.append((MERGED, index))
        elif start in boundaries and end in boundaries:
            found.append((SPLIT, index))
        else:
            found.append((CROSSING, index))
    return found
