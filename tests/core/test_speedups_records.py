"""The C speed-ups fill each record in the field order its type declares: their configure function
is given the record types of wsscore.core.records and matches the fields to the values C computes
by name, so that no order is kept by hand on the C side; a field C does not compute is refused,
and a refused configuration changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

from wsscore.core import backend, reference
from wsscore.core.definitions import ERROR_CLASSES, LENGTH_BUCKETS, SEPARATORS
from wsscore.core.records import (
    Counts,
    ExtraCounts,
    Gather,
    LineWrongWords,
    SentenceSpans,
    WrongWordFound,
)

pytestmark = pytest.mark.skipif(backend.NAME != "c", reason="the C speed-ups are not running")

GOLD, PRED = "我们 今天 好", "我 们今天 好"


def _configure(**records: Any) -> None:
    from wsscore import _speedups

    split, merged, crossing = ERROR_CLASSES
    types = {
        "counts": Counts,
        "sentence_spans": SentenceSpans,
        "extra_counts": ExtraCounts,
        "wrong_word": WrongWordFound,
        "line_errors": LineWrongWords,
    }
    _speedups.configure(
        separators=SEPARATORS,
        length_buckets=len(LENGTH_BUCKETS),
        split=split,
        merged=merged,
        crossing=crossing,
        **{**types, **records},
    )


@pytest.fixture
def speedups() -> Iterator[Any]:
    from wsscore import _speedups

    yield _speedups
    _configure()  # as the boundary configured them


def _reordered(record: type[NamedTuple], name: str) -> Any:
    return NamedTuple(name, [(field, int) for field in reversed(record._fields)])  # type: ignore[misc]


def test_records_follow_the_field_order_of_their_types(speedups: Any) -> None:
    reversed_counts = _reordered(Counts, "ReversedCounts")
    reversed_extra = _reordered(ExtraCounts, "ReversedExtra")
    _configure(counts=reversed_counts, extra_counts=reversed_extra)
    counts, spans = speedups.count_block(GOLD, PRED, None)
    expected = reference.count_equal_text(GOLD, PRED, None)
    assert expected is not None
    assert type(counts) is reversed_counts
    assert counts._asdict() == expected.counts._asdict()
    assert spans == expected.sentences
    agreed, _, totals, extra = speedups.count_lines_extra([GOLD], [PRED], None, 1)
    lines = reference.count_agreeing_lines([GOLD], [PRED], None, 1, Gather.EXTRA)
    assert agreed == 1 and totals._asdict() == lines.totals._asdict()
    assert lines.extra is not None and extra._asdict() == lines.extra._asdict()


def test_a_field_c_does_not_compute_is_refused_and_changes_nothing(speedups: Any) -> None:
    unknown = NamedTuple("Unknown", [(field, int) for field in (*Counts._fields[:-1], "other")])  # type: ignore[misc]
    with pytest.raises(ValueError, match="other"):
        _configure(counts=unknown)
    with pytest.raises(ValueError, match="fields"):
        _configure(sentence_spans=Counts)
    counts, _ = speedups.count_block(GOLD, PRED, None)
    assert type(counts) is Counts
