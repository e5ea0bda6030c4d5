"""SentenceRecords: per-sentence records in two arrays, read as a list of (number, counts)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.core.records import COUNT_FIELDS, SentenceRecords

RECORDS = [
    (1, (3, 4, 2, 1, 0, 1, 1, 0, 0, 0)),
    (2, (5, 5, 5, 0, 0, 0, 0, 0, 0, 0)),
    (4, (2, 7, 0, 2, 0, 2, 5, 0, 1, 9)),
]


def test_it_reads_as_the_list_it_was_given() -> None:
    records = SentenceRecords(RECORDS)
    assert len(records) == 3
    assert list(records) == RECORDS
    assert records == RECORDS and records == SentenceRecords(RECORDS)
    assert records != RECORDS[:2] and records != SentenceRecords(RECORDS[:2])
    assert records[0] == RECORDS[0] and records[-1] == RECORDS[-1]
    assert records[1:] == RECORDS[1:] and records[::-1] == RECORDS[::-1]
    with pytest.raises(IndexError):
        records[3]
    assert [counts for _, counts in records] == [counts for _, counts in RECORDS]


def test_columns_are_one_count_of_every_record() -> None:
    records = SentenceRecords(RECORDS)
    assert list(records.column("gold_words")) == [3, 5, 2]  # RP
    assert list(records.column("correct")) == [2, 5, 0]  # TP
    assert list(records.column("misaligned_chars")) == [0, 0, 9]  # misaligned characters
    assert list(records.numbers()) == [1, 2, 4]


def test_appending_extending_and_replacing() -> None:
    records = SentenceRecords()
    records.append(RECORDS[0])
    records += RECORDS[1:2]
    records.extend(SentenceRecords(RECORDS[2:]))
    assert records == RECORDS
    records[1] = (2, (6, 6, 6, 0, 0, 0, 0, 0, 0, 0))
    records[-1] = (5, (1,) * 10)
    assert records[1] == (2, (6, 6, 6, 0, 0, 0, 0, 0, 0, 0))
    assert records[2] == (5, (1,) * 10) and records[0] == RECORDS[0]
    with pytest.raises(ValueError):
        records.append((6, (1, 2, 3)))
    with pytest.raises(ValueError):
        records[0] = (1, (1,) * 11)


def test_they_travel_between_processes() -> None:
    records = SentenceRecords(RECORDS)
    assert pickle.loads(pickle.dumps(records)) == records


def test_a_record_of_another_width_is_refused_in_a_batch_too() -> None:
    records = SentenceRecords(RECORDS)
    with pytest.raises(ValueError):  # 9 + 11 counts: as many in all, but not a record each
        records.extend([(7, (1,) * 9), (8, (1,) * 11)])
    assert records == RECORDS


@pytest.mark.parametrize(
    "system_lines",
    [
        [1, 2, 4],  # the same lines: paired straight from the columns
        [1, 4],  # a line missing on one side
        [1, 2, 2, 4],  # two records of one line (they add up)
        [2, 1, 4],  # out of order
    ],
)
def test_pairing_from_columns_is_pairing_by_line_number(system_lines: list[int]) -> None:
    from wsscore.scoring.comparison import pair_sentences

    system = [(n, (k + 2, k + 1, k, 0, 0, k, 1, 2, 0, 0)) for k, n in enumerate(system_lines)]
    system = [(n, (dict(RECORDS)[n][0], *counts[1:])) for n, counts in system]
    expected = pair_sentences(RECORDS, system)
    assert pair_sentences(SentenceRecords(RECORDS), SentenceRecords(system)) == expected


# Counts as the scorer makes them (small), and any a caller may give: past one, two and four
# bytes, and negative, each column then widens on its own.
count_values = st.one_of(
    st.integers(0, 300),
    st.sampled_from([0, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**63 - 1, -1, -(2**63)]),
    st.integers(-(2**63), 2**63 - 1),
)
record_lists = st.lists(
    st.tuples(count_values, st.tuples(*[count_values] * len(COUNT_FIELDS))), max_size=12
)


@settings(max_examples=200, deadline=None)
@given(record_lists, record_lists, st.integers(0, 11), st.data())
def test_packed_records_read_back_as_given(first, second, replaced, data) -> None:
    """However narrow or wide their values, records read back as the list they were given:
    appended, extended in batches or by other records, replaced, pickled."""
    expected = [*first, *second]
    records = SentenceRecords(first)
    if second:
        records.append(second[0])
        records.extend(SentenceRecords(second[1:]))
    assert list(records) == expected and records == SentenceRecords(expected)
    assert list(records.column("correct")) == [counts[2] for _, counts in expected]
    assert list(records.numbers()) == [number for number, _ in expected]
    if expected:
        index = replaced % len(expected)
        record = data.draw(st.tuples(count_values, st.tuples(*[count_values] * 10)))
        records[index] = record
        expected[index] = record
        assert list(records) == expected
    assert pickle.loads(pickle.dumps(records)) == records == expected


def test_a_count_past_64_bits_is_refused_and_changes_nothing() -> None:
    records = SentenceRecords(RECORDS)
    with pytest.raises(OverflowError):
        records.extend([(7, (1,) * 9 + (2**64,)), (8, (1,) * 10)])
    with pytest.raises(OverflowError):
        records[0] = (1, (2**63,) + (1,) * 9)
    assert records == RECORDS


def test_small_counts_take_a_byte_each() -> None:
    """The memory bound: a sentence's small counts are a byte each, its number a few."""
    records = SentenceRecords((number, (number % 200,) * 10) for number in range(70_000))
    assert {records.column(field).itemsize for field in COUNT_FIELDS} == {1}
    assert records.numbers().itemsize == 4


def test_a_record_that_cannot_be_appended_changes_nothing() -> None:
    records = SentenceRecords(RECORDS)
    with pytest.raises(TypeError):
        records.append((9, (1, 2, 3, 4, 5, "six", 7, 8, 9, 10)))
    with pytest.raises(OverflowError):
        records.append((9, (1, 2, 3, 4, 5, 6, 7, 8, 9, 2**64)))
    assert records == RECORDS
    records.append((2**40, (300, 70_000, 2**33, -1, 0, 0, 0, 0, 0, 0)))
    assert records[-1] == (2**40, (300, 70_000, 2**33, -1, 0, 0, 0, 0, 0, 0))
    assert records[:3] == RECORDS
