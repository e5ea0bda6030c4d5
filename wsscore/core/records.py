"""Sufficient statistics of a segmentation against the gold: small records that add up.

They live at the bottom of the package because the aligner (``align/``) produces them and
the metrics (``metrics/``) read them; both import them from here.
"""

from __future__ import annotations

import enum
from array import array
from collections.abc import Iterable, Iterator, Sequence
from operator import add, itemgetter
from typing import NamedTuple, overload


class Counts(NamedTuple):
    """Counts for one sentence or a whole file; every metric is a function of these.

    Names are spelled out on purpose: ``correct / gold_words`` is recall,
    ``correct / pred_words`` is precision.
    """

    gold_words: int = 0  # RP
    pred_words: int = 0  # PP
    correct: int = 0  # TP: gold words whose span is also a predicted span
    oov_words: int = 0  # gold words not in the dictionary
    oov_correct: int = 0
    substitutions: int = 0
    insertions: int = 0
    deletions: int = 0
    misaligned_lines: int = 0  # gold lines touching a character that differs from the prediction
    misaligned_chars: int = 0

    @property
    def iv_words(self) -> int:
        return self.gold_words - self.oov_words

    @property
    def iv_correct(self) -> int:
        return self.correct - self.oov_correct

    def __add__(self, other: Counts) -> Counts:  # type: ignore[override]
        return Counts(*map(add, self, other))

    def as_tuple(self) -> tuple[int, ...]:
        return tuple(self)

    def as_dict(self) -> dict[str, int]:
        """The JSON ``counts`` object (iv_* included)."""
        data = self._asdict()
        data["iv_words"] = self.iv_words
        data["iv_correct"] = self.iv_correct
        return data


COUNT_FIELDS = Counts._fields


class ExtraCounts(NamedTuple):
    """The counts behind the figures beyond the bakeoff table (docs/metrics.md §5)."""

    substrings: int = 0  # TW: N(N+1)/2 per line of N characters (Shao et al. 2017, eq. 1)
    gold_boundaries: int = 0  # word ends strictly inside a gold line
    pred_boundaries: int = 0  # predicted word edges strictly inside a gold line
    correct_boundaries: int = 0  # positions that are both
    split_errors: int = 0
    merged_errors: int = 0
    crossing_errors: int = 0

    def __add__(self, other: ExtraCounts) -> ExtraCounts:  # type: ignore[override]
        return ExtraCounts(*map(add, self, other))

    def as_dict(self) -> dict[str, int]:
        return self._asdict()


class SentenceRecord(NamedTuple):
    """One sentence's counts and the number of its gold line: what resampling draws."""

    number: int
    counts: Counts


_WIDTH = len(COUNT_FIELDS)


class SentenceRecords(Sequence[SentenceRecord]):
    """A list of :class:`SentenceRecord` kept in two machine-integer arrays.

    As Python objects a record would cost many times its eleven machine integers, which is
    all it takes here; and the columns that resampling sums are read without building a record per
    sentence (:meth:`column`).
    """

    __slots__ = ("_counts", "_numbers", "_pending")

    def __init__(self, records: Iterable[SentenceRecord | tuple[int, Sequence[int]]] = ()):
        self._numbers = array("q")
        self._counts = array("q")
        self._pending: Sequence[tuple[int, Sequence[int]]] | None = None
        self.extend(records)

    @classmethod
    def of_pairs(cls, pairs: Sequence[tuple[int, Sequence[int]]]) -> SentenceRecords:
        """Records from ``(number, counts)`` pairs, packed when they are first read: a run that
        keeps no records pays nothing for the ones the C speed-ups hand over anyway."""
        records = cls()
        records._pending = pairs
        return records

    def _pack(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self.extend(pending)

    def append(self, record: SentenceRecord | tuple[int, Sequence[int]]) -> None:
        self._pack()
        number, counts = record
        _check_width(counts)
        self._numbers.append(number)
        self._counts.extend(counts)

    def extend(self, records: Iterable[SentenceRecord | tuple[int, Sequence[int]]]) -> None:
        self._pack()
        if isinstance(records, SentenceRecords):
            records._pack()
            self._numbers.extend(records._numbers)
            self._counts.extend(records._counts)
            return
        listed = list(records)
        widths = set(map(len, map(itemgetter(1), listed)))
        if widths - {_WIDTH}:
            raise ValueError(f"a record has {_WIDTH} counts, not {max(widths - {_WIDTH})}")
        self._numbers.extend([number for number, _ in listed])
        self._counts.extend([count for _, counts in listed for count in counts])

    def __iadd__(
        self, records: Iterable[SentenceRecord | tuple[int, Sequence[int]]]
    ) -> SentenceRecords:
        self.extend(records)
        return self

    def __len__(self) -> int:
        return len(self._numbers) + (len(self._pending) if self._pending is not None else 0)

    @overload
    def __getitem__(self, index: int) -> SentenceRecord: ...

    @overload
    def __getitem__(self, index: slice) -> list[SentenceRecord]: ...

    def __getitem__(self, index: int | slice) -> SentenceRecord | list[SentenceRecord]:
        self._pack()
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        number = self._numbers[index]  # raises IndexError, and reads negative indices
        start = (index % len(self)) * _WIDTH
        return SentenceRecord(number, Counts(*self._counts[start : start + _WIDTH]))

    def __setitem__(self, index: int, record: SentenceRecord) -> None:
        self._pack()
        number, counts = record
        _check_width(counts)
        self._numbers[index] = number
        start = (index % len(self)) * _WIDTH
        self._counts[start : start + _WIDTH] = array("q", counts)

    def __iter__(self) -> Iterator[SentenceRecord]:
        self._pack()
        counts = self._counts
        for at, number in enumerate(self._numbers):
            yield SentenceRecord(number, Counts(*counts[at * _WIDTH : (at + 1) * _WIDTH]))

    def __eq__(self, other: object) -> bool:
        self._pack()
        if isinstance(other, SentenceRecords):
            other._pack()
            return self._numbers == other._numbers and self._counts == other._counts
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"SentenceRecords({list(self)!r})"

    def column(self, field: str) -> array[int]:
        """One count of every record, in order (``field``: a name of :class:`Counts`)."""
        self._pack()
        return self._counts[COUNT_FIELDS.index(field) :: _WIDTH]

    def columns(self, *fields: str) -> tuple[array[int], ...]:
        """Several counts of every record, one array per field."""
        return tuple(map(self.column, fields))

    def numbers(self) -> array[int]:
        self._pack()
        return self._numbers


def _check_width(counts: Sequence[int]) -> None:
    if len(counts) != _WIDTH:
        raise ValueError(f"a record has {_WIDTH} counts, not {len(counts)}")


# --- what counting lines that agree gathers (docs/metrics.md §5, §6) --------------------------


class Gather(enum.Enum):
    """What :func:`wsscore.core.backend.count_agreeing_lines` gathers beside the records."""

    COUNTS = 0  # the records and their sum only
    EXTRA = 1  # and the lines' extra counts (--extra)
    ERRORS = 2  # and their wrong words and word lengths (`wsscore errors`)


class WordLengths(NamedTuple):
    """Gold words and the correct ones, by length (one count per ``LENGTH_BUCKETS`` entry)."""

    words: tuple[int, ...]
    correct: tuple[int, ...]


class WrongWordFound(NamedTuple):
    """A wrong gold word of a line that agrees with its prediction, and how it was cut."""

    error: str  # one of ERROR_CLASSES
    word: str
    predicted: str  # the predicted words over its characters, joined by "/"


class LineWrongWords(NamedTuple):
    """A line with wrong gold words: its number, how many are wrong, and its gold words."""

    number: int
    errors: int
    gold_words: int


class LineErrorsFound(NamedTuple):
    """What `wsscore errors` needs of lines whose characters agree: their summed counts, their
    gold words by length, their wrong words in order, and each line with a wrong word."""

    totals: Counts
    lengths: WordLengths
    wrong: list[WrongWordFound]
    lines: list[LineWrongWords]


class AgreedLines(NamedTuple):
    """The leading pairs of lines that hold the same characters, each counted on its own."""

    agreed: int  # how many leading pairs agree (the others are not looked at)
    records: SentenceRecords  # of each such gold line with words
    totals: Counts  # their sum
    extra: ExtraCounts | None  # with Gather.EXTRA: the lines' extra counts, summed
    errors: LineErrorsFound | None  # with Gather.ERRORS


class WordAndSentenceCounts(NamedTuple):
    words: int
    sentences: int  # lines with at least one word


class FormattedBlock(NamedTuple):
    """A block of whole lines of a tagged or JSON Lines file, read at once by the strict rules
    of :mod:`wsscore.core.blocks`: a line of words per sentence (single spaces between words,
    a line feed after each line that had one), the same for their tags when they were asked
    for, how many sentences, and how many of their words carry a tag."""

    words: str
    tags: str | None
    sentences: int
    tagged: int


class TagTally(NamedTuple):
    """The tags of pairs of lines whose characters agree (:func:`wsscore.core.tags.count_tags`):
    words on each side, correctly segmented words, gold words not in the dictionary, the words
    with each tag on each side, and the correctly segmented words by their (gold tag,
    predicted tag), all of them and the unknown ones. Tags are raw: a ``--tag-map`` is applied
    to them after."""

    gold_words: int
    pred_words: int
    correct: int
    oov_words: int
    gold_by_tag: dict[str, int]
    pred_by_tag: dict[str, int]
    correct_by_tags: dict[tuple[str, str], int]
    oov_correct_by_tags: dict[tuple[str, str], int]
