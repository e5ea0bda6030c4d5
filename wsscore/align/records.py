"""Per-sentence records, kept compactly: what the bootstrap and the paired tests resample.

A record is (gold line number, counts in Counts field order: ten ints). As Python tuples one
costs some 200 bytes; here it is eleven machine integers in two arrays (88 bytes), so that a
run over a large test set keeps its records in a fraction of the memory, and the columns the
resampling sums are read without building a tuple per sentence.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import overload

# (gold line number, counts in Counts field order)
SentenceRecord = tuple[int, tuple[int, ...]]

WIDTH = 10  # counts per record: the eight bakeoff counts, misaligned lines and characters


class SentenceRecords(Sequence[SentenceRecord]):
    """A list of records in two arrays; reads as a sequence of (number, counts) tuples."""

    __slots__ = ("_counts", "_numbers")

    def __init__(self, records: Iterable[SentenceRecord] = ()):
        self._numbers = array("q")
        self._counts = array("q")
        self.extend(records)

    def append(self, record: SentenceRecord) -> None:
        number, counts = record
        if len(counts) != WIDTH:
            raise ValueError(f"a record has {WIDTH} counts, not {len(counts)}")
        self._numbers.append(number)
        self._counts.extend(counts)

    def extend(self, records: Iterable[SentenceRecord]) -> None:
        if isinstance(records, SentenceRecords):
            self._numbers.extend(records._numbers)
            self._counts.extend(records._counts)
            return
        records = list(records)
        if set(map(len, map(itemgetter(1), records))) - {WIDTH}:
            raise ValueError(f"a record has {WIDTH} counts")
        flat = [count for _, counts in records for count in counts]
        self._numbers.extend([number for number, _ in records])
        self._counts.extend(flat)

    def __iadd__(self, records: Iterable[SentenceRecord]) -> SentenceRecords:
        self.extend(records)
        return self

    def __len__(self) -> int:
        return len(self._numbers)

    @overload
    def __getitem__(self, index: int) -> SentenceRecord: ...

    @overload
    def __getitem__(self, index: slice) -> list[SentenceRecord]: ...

    def __getitem__(self, index: int | slice) -> SentenceRecord | list[SentenceRecord]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        number = self._numbers[index]  # raises IndexError, and reads negative indices
        start = (index % len(self)) * WIDTH
        return number, tuple(self._counts[start : start + WIDTH])

    def __setitem__(self, index: int, record: SentenceRecord) -> None:
        number, counts = record
        if len(counts) != WIDTH:
            raise ValueError(f"a record has {WIDTH} counts, not {len(counts)}")
        self._numbers[index] = number
        start = (index % len(self)) * WIDTH
        self._counts[start : start + WIDTH] = array("q", counts)

    def __iter__(self) -> Iterator[SentenceRecord]:
        counts = self._counts
        for at, number in enumerate(self._numbers):
            yield number, tuple(counts[at * WIDTH : (at + 1) * WIDTH])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SentenceRecords):
            return self._numbers == other._numbers and self._counts == other._counts
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"SentenceRecords({list(self)!r})"

    def column(self, field: int) -> array:
        """One count of every record, in order (``field``: its place in Counts)."""
        return self._counts[field::WIDTH]

    def numbers(self) -> array:
        return self._numbers
