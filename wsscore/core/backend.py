"""The one backend boundary: every computation with a C fast path is reached through here.

``WSSCORE_PURE_PYTHON`` (set to anything) is read once, at import: with it, or where the C
speed-ups (``wsscore._speedups``) were not built, every function below runs its plain Python
reference; otherwise the C version, which gives the same results. No other module asks which
backend runs.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Container, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from wsscore.core import reference, unit_change
from wsscore.core.definitions import ERROR_CLASSES, LENGTH_BUCKETS, SEPARATORS
from wsscore.core.records import (
    NO_TAGGED_LABELS,
    AgreedLines,
    BlockCounts,
    CharsWords,
    ConlluWords,
    Counts,
    ExtraCounts,
    FormattedBlock,
    Gather,
    LineErrorsFound,
    LineWrongWords,
    SentenceRecords,
    SentenceSpans,
    TaggedLabels,
    TagTally,
    WordAndSentenceCounts,
    WordLengths,
    WordTypeSet,
    WrongWordCounts,
    WrongWordFound,
)

if TYPE_CHECKING:
    from wsscore.core.draws import SwapGroup


def _load_speedups() -> ModuleType | None:
    if os.environ.get("WSSCORE_PURE_PYTHON"):
        return None
    try:
        from wsscore import _speedups
    except ImportError:  # not compiled: no C compiler at install time
        return None
    return _speedups


_SPEEDUPS = _load_speedups()
NAME = "python" if _SPEEDUPS is None else "c"
"""Which backend runs: ``"c"`` or ``"python"``."""

# The plain Python references of the readers, the resampling and the sighan layout: with the C
# speed-ups none of them runs in a plain score, so they are loaded only without them (and, for
# the records a C function's result is put in, by that function).
if TYPE_CHECKING or _SPEEDUPS is None:
    from wsscore.core import blocks, conllu_scan, draws, side_by_side, tags

# --- counting ---------------------------------------------------------------------------------


class Vocabulary(Protocol):
    """A dictionary's entries as the counters look words up: a frozenset of str, or the C
    speed-ups' Vocabulary (the entries as slices of the word list's text)."""

    def __contains__(self, word: object, /) -> bool: ...

    def __len__(self) -> int: ...


class Counting(Protocol):
    """The counting computations, each in the C speed-ups and in the Python reference."""

    def load_vocabulary(self, text: str) -> Vocabulary:
        """The entries of a word list: one per line, stripped, empty lines left out."""
        ...

    def count_equal_text(
        self, gold: str, pred: str, vocabulary: Container[str] | None
    ) -> BlockCounts | None:
        """The counts of gold lines against a prediction text with the same characters (its
        line breaks anywhere), and their sentences; None where the characters differ."""
        ...

    def count_agreeing_lines(
        self,
        gold_lines: Sequence[str],
        pred_lines: Sequence[str],
        vocabulary: Container[str] | None,
        first_number: int,
        gather: Gather,
    ) -> AgreedLines:
        """The leading pairs of lines that hold the same characters, each counted on its own,
        with what ``gather`` asks for (records are numbered from ``first_number``)."""
        ...

    def wrong_word_tally(self) -> WrongWordCounts:
        """An empty tally of wrong words, to merge into it those that ``count_agreeing_lines``
        found (``LineErrorsFound.wrong``) without a Python object per wrong word."""
        ...

    def word_types(self) -> WordTypeSet:
        """An empty set of distinct words, to add texts to without a Python object per word
        token (the type counts of --extra)."""
        ...

    def count_words_and_sentences(self, text: str) -> WordAndSentenceCounts:
        """Words, and lines with at least one word."""
        ...

    def chars_words(self, text: str, tagged: TaggedLabels = NO_TAGGED_LABELS) -> CharsWords | None:
        """The sentences of a chars text as lines of words, its labels plain or in ``tagged``;
        None where the text is not in the plainest shape
        (:func:`wsscore.core.reference.chars_words`)."""
        ...

    def grapheme_change(self, gold_lines: Sequence[str], pred_lines: Sequence[str]) -> ExtraCounts:
        """What counting in grapheme clusters changes in the extra counts of pairs of lines whose
        characters agree (:func:`wsscore.core.unit_change.grapheme_change`)."""
        ...

    def grapheme_lengths(self, text: str) -> list[int]:
        """The lengths of a text's extended grapheme clusters, separators no different."""
        ...


class ReferenceCounting:
    """The plain Python reference (:mod:`wsscore.core.reference`)."""

    name = "python"

    def load_vocabulary(self, text: str) -> Vocabulary:
        return reference.load_vocabulary(text)

    def count_equal_text(
        self, gold: str, pred: str, vocabulary: Container[str] | None
    ) -> BlockCounts | None:
        return reference.count_equal_text(gold, pred, vocabulary)

    def count_agreeing_lines(
        self,
        gold_lines: Sequence[str],
        pred_lines: Sequence[str],
        vocabulary: Container[str] | None,
        first_number: int,
        gather: Gather,
    ) -> AgreedLines:
        return reference.count_agreeing_lines(
            gold_lines, pred_lines, vocabulary, first_number, gather
        )

    def wrong_word_tally(self) -> WrongWordCounts:
        return reference.WrongWordTally()

    def word_types(self) -> WordTypeSet:
        return reference.WordTypes()

    def count_words_and_sentences(self, text: str) -> WordAndSentenceCounts:
        return reference.count_words_and_sentences(text)

    def chars_words(self, text: str, tagged: TaggedLabels = NO_TAGGED_LABELS) -> CharsWords | None:
        return reference.chars_words(text, tagged)

    def grapheme_change(self, gold_lines: Sequence[str], pred_lines: Sequence[str]) -> ExtraCounts:
        return unit_change.grapheme_change(gold_lines, pred_lines)

    def grapheme_lengths(self, text: str) -> list[int]:
        return unit_change.grapheme_lengths(text)


class SpeedupsCounting:
    """The C speed-ups, told the shared definitions once, their results wrapped in records."""

    name = "c"

    def __init__(self) -> None:
        from wsscore import _speedups

        split, merged, crossing = ERROR_CLASSES
        # The records C fills, each in the field order its type declares (C matches the fields
        # to the values it computes, by name, and refuses a field it does not compute).
        _speedups.configure(
            separators=SEPARATORS,
            length_buckets=len(LENGTH_BUCKETS),
            split=split,
            merged=merged,
            crossing=crossing,
            counts=Counts,
            sentence_spans=SentenceSpans,
            extra_counts=ExtraCounts,
            wrong_word=WrongWordFound,
            line_errors=LineWrongWords,
        )
        self._vocabulary = _speedups.Vocabulary
        self._count_block = _speedups.count_block
        # One C function for each thing gathered beside the records.
        self._count_lines = _speedups.count_lines
        self._count_lines_extra = _speedups.count_lines_extra
        self._count_lines_errors = _speedups.count_lines_errors
        self._count_lines_report = _speedups.count_lines_report
        self._count_words = _speedups.count_words
        self._chars_words = _speedups.chars_words
        self._wrong_word_tally = _speedups.WrongWordTally
        self._word_types = _speedups.WordTypes
        self._grapheme_change = _speedups.grapheme_change
        self._grapheme_lengths = _speedups.grapheme_lengths

    def load_vocabulary(self, text: str) -> Vocabulary:
        return self._vocabulary(text)

    def count_equal_text(
        self, gold: str, pred: str, vocabulary: Container[str] | None
    ) -> BlockCounts | None:
        found = self._count_block(gold, pred, vocabulary)
        return None if found is None else BlockCounts._make(found)

    def count_agreeing_lines(
        self,
        gold_lines: Sequence[str],
        pred_lines: Sequence[str],
        vocabulary: Container[str] | None,
        first_number: int,
        gather: Gather,
    ) -> AgreedLines:
        lines = (list(gold_lines), list(pred_lines), vocabulary, first_number)
        if gather is Gather.COUNTS:
            agreed, pairs, totals, _ = self._count_lines(*lines)
            return AgreedLines(agreed, SentenceRecords.of_pairs(pairs), totals, None, None)
        if gather is Gather.EXTRA:
            agreed, pairs, totals, extra = self._count_lines_extra(*lines)
            return AgreedLines(agreed, SentenceRecords.of_pairs(pairs), totals, extra, None)
        # Without Gather.ALL, the predicted words, their lookups and the extra counts are not
        # gathered: None.
        pred_lengths: tuple[int, ...] | None = None
        pred_oov: int | None = None
        lines_extra: ExtraCounts | None = None
        if gather is Gather.ERRORS:
            agreed, pairs, totals, (words, correct, wrong, found, merges) = (
                self._count_lines_errors(*lines)
            )
        else:
            agreed, pairs, totals, gathered = self._count_lines_report(*lines)
            words, correct, wrong, found, pred_lengths, pred_oov, lines_extra, merges = gathered
        # A record is named when it is read, not per line here.
        records = SentenceRecords.of_pairs(pairs)
        errors = LineErrorsFound(
            totals,
            WordLengths(words, correct),
            wrong,  # a tally whose records, and the lines', C makes as configured
            found,
            records,
            pred_lengths,
            pred_oov,
            lines_extra,
            merges,
        )
        return AgreedLines(agreed, records, totals, None, errors)

    def wrong_word_tally(self) -> WrongWordCounts:
        return self._wrong_word_tally()

    def word_types(self) -> WordTypeSet:
        return self._word_types()

    def count_words_and_sentences(self, text: str) -> WordAndSentenceCounts:
        return WordAndSentenceCounts._make(self._count_words(text))

    def chars_words(self, text: str, tagged: TaggedLabels = NO_TAGGED_LABELS) -> CharsWords | None:
        found = self._chars_words(text, dict(tagged.numbers), tagged.positions)
        return None if found is None else CharsWords._make(found)

    def grapheme_change(self, gold_lines: Sequence[str], pred_lines: Sequence[str]) -> ExtraCounts:
        return self._grapheme_change(list(gold_lines), list(pred_lines))

    def grapheme_lengths(self, text: str) -> list[int]:
        return self._grapheme_lengths(text)


def vocabulary_entries(vocabulary: Vocabulary | AbstractSet[str]) -> AbstractSet[str]:
    """A vocabulary's entries as a set of str (the C speed-ups' Vocabulary lists them)."""
    if isinstance(vocabulary, AbstractSet):
        return vocabulary
    entries: AbstractSet[str] = vocabulary.entries()  # type: ignore[attr-defined]
    return entries


def counting_backends() -> dict[str, Counting]:
    """Both implementations of the counting, by name, for tests that compare them: the C one
    only where it runs (built, and not turned off)."""
    found: dict[str, Counting] = {"python": ReferenceCounting()}
    if _SPEEDUPS is not None:
        found["c"] = SpeedupsCounting()
    return found


_COUNTING: Counting = ReferenceCounting() if _SPEEDUPS is None else SpeedupsCounting()
load_vocabulary = _COUNTING.load_vocabulary
count_equal_text = _COUNTING.count_equal_text
count_agreeing_lines = _COUNTING.count_agreeing_lines
count_words_and_sentences = _COUNTING.count_words_and_sentences
chars_words = _COUNTING.chars_words
wrong_word_tally = _COUNTING.wrong_word_tally
word_types = _COUNTING.word_types
grapheme_change = _COUNTING.grapheme_change
grapheme_lengths = _COUNTING.grapheme_lengths


# --- reading blocks of a formatted file -------------------------------------------------------


def _c_read_tagged_block(text: str, sep: str, with_tags: bool) -> FormattedBlock | None:
    assert _SPEEDUPS is not None
    read = _SPEEDUPS.read_tagged_block(text, sep, with_tags)
    return None if read is None else FormattedBlock._make(read)


def _c_read_jsonl_block(text: str) -> FormattedBlock | None:
    assert _SPEEDUPS is not None
    read = _SPEEDUPS.read_jsonl_block(text)
    return None if read is None else FormattedBlock._make(read)


def _c_mecab_block_words(head: str) -> str | None:
    assert _SPEEDUPS is not None
    words: str | None = _SPEEDUPS.mecab_block_words(head)
    return words


mecab_block_words = blocks.mecab_block_words if _SPEEDUPS is None else _c_mecab_block_words
"""The lines of words of a block of plain MeCab sentences, or None:
:func:`wsscore.core.blocks.mecab_block_words`."""


def _c_mecab_block_tags(head: str, first: int, last: int) -> FormattedBlock | None:
    assert _SPEEDUPS is not None
    read = _SPEEDUPS.mecab_block_tags(head, first, last)
    return None if read is None else FormattedBlock._make(read)


mecab_block_tags = blocks.mecab_block_tags if _SPEEDUPS is None else _c_mecab_block_tags
"""The words and tags of a block of plain MeCab sentences, or None:
:func:`wsscore.core.blocks.mecab_block_tags`."""


def _c_kytea_block_words(text: str) -> str | None:
    assert _SPEEDUPS is not None
    words: str | None = _SPEEDUPS.kytea_block_words(text)
    return words


kytea_block_words = blocks.kytea_block_words if _SPEEDUPS is None else _c_kytea_block_words
"""A block of plain KyTea lines without their tags, or None:
:func:`wsscore.core.blocks.kytea_block_words`."""

read_tagged_block = blocks.read_tagged_block if _SPEEDUPS is None else _c_read_tagged_block
"""A block of tagged lines as words and tags: :func:`wsscore.core.blocks.read_tagged_block`."""

read_jsonl_block = blocks.read_jsonl_block if _SPEEDUPS is None else _c_read_jsonl_block
"""A block of JSON lines as words: :func:`wsscore.core.blocks.read_jsonl_block`."""


def _c_count_tags(
    gold_words: str,
    gold_tags: str,
    pred_words: str,
    pred_tags: str,
    vocabulary: Container[str] | None,
) -> TagTally | None:
    assert _SPEEDUPS is not None
    found = _SPEEDUPS.count_tags(gold_words, gold_tags, pred_words, pred_tags, vocabulary)
    if found is None:
        return None
    names, gold, pred, pairs, gold_count, pred_count, correct, unknown, exact, sentences = found
    return TagTally(
        gold_count,
        pred_count,
        correct,
        unknown,
        {names[number]: words for number, words in enumerate(gold) if words},
        {names[number]: words for number, words in enumerate(pred) if words},
        {(names[g], names[p]): words for g, p, words, _ in pairs},
        {(names[g], names[p]): words for g, p, _, words in pairs if words},
        exact,
        sentences,
    )


count_tags = tags.count_tags if _SPEEDUPS is None else _c_count_tags
"""The tags of pairs of lines that agree, by tag and pair: :func:`wsscore.core.tags.count_tags`."""

# --- resampling draws -------------------------------------------------------------------------


def _generator_state(seed: int) -> tuple[int, ...]:
    """The Mersenne Twister's words and position in ``random.Random(seed)``, which C draws from."""
    import random  # only for the resampling

    state: tuple[int, ...] = random.Random(seed).getstate()[1]
    return state


def _c_resample_sums(
    columns: Mapping[str, Sequence[int]], samples: int, seed: int
) -> Iterator[dict[str, list[int]]]:
    assert _SPEEDUPS is not None
    from wsscore.core import draws

    # C reads arrays where they lie; anything else is packed into one first.
    packed = [
        column if isinstance(column, array) else array("q", column) for column in columns.values()
    ]
    if len({len(column) for column in packed}) > 1:  # refused before a draw, as the reference
        raise ValueError("columns of different lengths")
    state = _generator_state(seed)
    for first in range(0, samples, draws.AT_ONCE):
        sums, state = _SPEEDUPS.resample_sums(state, packed, min(draws.AT_ONCE, samples - first))
        yield dict(zip(columns, sums, strict=True))


def _c_randomized_moves(
    groups: Sequence[SwapGroup], trials: int, seed: int
) -> Iterator[list[draws.MovedCounts]]:
    assert _SPEEDUPS is not None
    from wsscore.core import draws

    by_field = [
        [group.size for group in groups],
        [group.pred_words for group in groups],
        [group.correct for group in groups],
    ]
    state = _generator_state(seed)
    for first in range(0, trials, draws.AT_ONCE):
        pred_words, correct, state = _SPEEDUPS.randomized_moves(
            state, by_field, min(draws.AT_ONCE, trials - first)
        )
        yield list(map(draws.MovedCounts, pred_words, correct))


resample_sums = draws.resample_sums if _SPEEDUPS is None else _c_resample_sums
"""Per named column, its sum in each bootstrap sample, a chunk of samples at a time:
:func:`wsscore.core.draws.resample_sums`."""

randomized_moves = draws.randomized_moves if _SPEEDUPS is None else _c_randomized_moves
"""The counts each randomization trial moves, a chunk of trials at a time:
:func:`wsscore.core.draws.randomized_moves`."""

# --- CoNLL-U ----------------------------------------------------------------------------------


def _c_scan_conllu_words(text: str, start: int, max_chars: int) -> ConlluWords:
    assert _SPEEDUPS is not None
    return ConlluWords._make(_SPEEDUPS.conllu_words(text, start, max_chars))


scan_conllu_words = conllu_scan.scan_conllu_words if _SPEEDUPS is None else _c_scan_conllu_words
"""The plain sentences of CoNLL-U text as lines of words:
:func:`wsscore.core.conllu_scan.scan_conllu_words`."""
# --- the sighan layout --------------------------------------------------------------------------


def _c_sighan_blocks(
    gold: bytes, pred: bytes, first: int, gold_name: bytes, test_name: bytes
) -> bytes:
    assert _SPEEDUPS is not None
    blocks: bytes = _SPEEDUPS.sighan_blocks(gold, pred, first, gold_name, test_name)
    return blocks


sighan_blocks = side_by_side.agreeing_blocks if _SPEEDUPS is None else _c_sighan_blocks
"""The Perl script's blocks of lines whose characters agree:
:func:`wsscore.core.side_by_side.agreeing_blocks`."""


def _c_sighan_utf8_lines(
    gold_lines: list[str], pred_lines: list[str], first: int, gold_name: bytes, test_name: bytes
) -> side_by_side.AgreeingRun | None:
    assert _SPEEDUPS is not None
    from wsscore.core import side_by_side

    found: tuple[int, bytes] | None = _SPEEDUPS.sighan_utf8_lines(
        gold_lines, pred_lines, first, gold_name, test_name
    )
    return None if found is None else side_by_side.AgreeingRun._make(found)


sighan_utf8_lines = side_by_side.agreeing_utf8_lines if _SPEEDUPS is None else _c_sighan_utf8_lines
"""The blocks of a run's leading lines that agree, in UTF-8:
:func:`wsscore.core.side_by_side.agreeing_utf8_lines`."""
