"""Types of the C speed-ups (wsscore/_speedups_c/). Only wsscore.core.backend calls them: it
configures the module once and wraps what it returns in the records of wsscore.core.records."""

from array import array
from collections.abc import Container, Sequence
from typing import TypeVar

from wsscore.core.records import (
    Counts,
    ExtraCounts,
    LineWrongWords,
    SentenceSpans,
    WordTypeSet,
    WrongWordCounts,
    WrongWordFound,
)

# A line's counts as a plain tuple in the field order of wsscore.core.records.Counts (the
# records of every line are packed into columns: a tuple costs less than a record).
CountsTuple = tuple[int, int, int, int, int, int, int, int, int, int]
T = TypeVar("T")

class WrongWordTally:
    def __init__(self) -> None: ...
    def merge(self, other: WrongWordCounts, /) -> None: ...
    def counts(self) -> dict[WrongWordFound, int]: ...
    def __len__(self) -> int: ...

# Gold words by length bucket, the correct ones, the wrong words tallied, the lines with wrong
# words (made as the record types given to configure) and the merges tallied.
GatheredErrors = tuple[
    tuple[int, ...], tuple[int, ...], WrongWordTally, list[LineWrongWords], WrongWordTally
]
# The same with the predicted words by length bucket, those not in the vocabulary and the
# extra counts, before the merges.
GatheredReport = tuple[
    tuple[int, ...],
    tuple[int, ...],
    WrongWordTally,
    list[LineWrongWords],
    tuple[int, ...],
    int,
    ExtraCounts,
    WrongWordTally,
]
# What every count_lines function returns: how many lines agree, their records, their summed
# counts, and what the function gathers beside.
AgreedTuple = tuple[int, list[tuple[int, CountsTuple]], Counts, T]

class WordTypes:
    def __init__(self) -> None: ...
    def add(self, text: str, /) -> None: ...
    def merge(self, other: WordTypeSet, /) -> None: ...
    def common(self, other: WordTypeSet, /) -> int: ...
    def words(self) -> frozenset[str]: ...
    def __len__(self) -> int: ...

class Vocabulary:
    def __init__(self, text: str) -> None: ...
    def __contains__(self, word: object, /) -> bool: ...
    def __len__(self) -> int: ...
    def entries(self) -> frozenset[str]: ...

def configure(
    *,
    separators: str,
    length_buckets: int,
    split: str,
    merged: str,
    crossing: str,
    counts: type[Counts],
    sentence_spans: type[SentenceSpans],
    extra_counts: type[ExtraCounts],
    wrong_word: type[WrongWordFound],
    line_errors: type[LineWrongWords],
) -> None: ...
def count_block(
    gold: str, pred: str, vocabulary: Container[str] | None, /
) -> tuple[Counts, SentenceSpans] | None: ...
def count_lines(
    gold_lines: list[str],
    pred_lines: list[str],
    vocabulary: Container[str] | None,
    first_number: int,
    /,
) -> AgreedTuple[None]: ...
def count_lines_extra(
    gold_lines: list[str],
    pred_lines: list[str],
    vocabulary: Container[str] | None,
    first_number: int,
    /,
) -> AgreedTuple[ExtraCounts]: ...
def count_lines_errors(
    gold_lines: list[str],
    pred_lines: list[str],
    vocabulary: Container[str] | None,
    first_number: int,
    /,
) -> AgreedTuple[GatheredErrors]: ...
def count_lines_report(
    gold_lines: list[str],
    pred_lines: list[str],
    vocabulary: Container[str] | None,
    first_number: int,
    /,
) -> AgreedTuple[GatheredReport]: ...
def count_words(text: str, /) -> tuple[int, int]: ...
def chars_words(
    text: str, numbers: dict[str, int], positions: str, /
) -> tuple[str, int, int, tuple[int, ...]] | None: ...

# (words, tags or None, sentences, tagged tokens): wsscore.core.records.FormattedBlock's fields.
def read_tagged_block(
    text: str, sep: str, with_tags: bool, /
) -> tuple[str, str | None, int, int] | None: ...
def read_jsonl_block(text: str, /) -> tuple[str, None, int, int] | None: ...
def mecab_block_words(head: str, /) -> str | None: ...
def kytea_block_words(text: str, /) -> str | None: ...

# (tag names, gold words by tag, predicted words by tag, [(gold tag, predicted tag, correct,
# correct unknown)], gold words, predicted words, correct, unknown gold words).
TagCountsTuple = tuple[
    list[str],
    tuple[int, ...],
    tuple[int, ...],
    list[tuple[int, int, int, int]],
    int,
    int,
    int,
    int,
    int,
    int,
]

def count_tags(
    gold_words: str,
    gold_tags: str,
    pred_words: str,
    pred_tags: str,
    vocabulary: Container[str] | None,
    /,
) -> TagCountsTuple | None: ...
def resample_sums(
    state: Sequence[int], columns: Sequence[array[int]], samples: int, /
) -> tuple[list[list[int]], tuple[int, ...]]: ...
def randomized_moves(
    state: Sequence[int], groups: Sequence[Sequence[int]], trials: int, /
) -> tuple[list[int], list[int], tuple[int, ...]]: ...
def conllu_words(text: str, start: int, max_chars: int, /) -> tuple[str, int, int, int, bool]: ...
def sighan_blocks(
    gold: bytes, pred: bytes, first: int, gold_name: bytes, test_name: bytes, /
) -> bytes: ...
def sighan_utf8_lines(
    gold_lines: list[str], pred_lines: list[str], first: int, gold_name: bytes, test_name: bytes, /
) -> tuple[int, bytes] | None: ...
def grapheme_change(gold_lines: list[str], pred_lines: list[str], /) -> ExtraCounts: ...
def grapheme_lengths(text: str, /) -> list[int]: ...
