from array import array

import pytest
from conftest import FIXTURES
from hypothesis import given
from hypothesis import strategies as st

from wsscore import InputOptions, score
from wsscore.metrics.bootstrap import CONFIDENCE, bootstrap_intervals, central_interval, percentile


def test_percentile_interpolates_like_numpy():
    values = [1.0, 2.0, 3.0, 4.0]
    assert percentile(values, 0.0) == 1.0
    assert percentile(values, 1.0) == 4.0
    assert percentile(values, 0.5) == pytest.approx(2.5)
    assert percentile(values, 0.025) == pytest.approx(1.075)


@given(st.lists(st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 0.9, 1.0]) | st.floats(0, 1), min_size=1))
def test_the_interval_read_from_the_tails_is_the_one_of_the_sorted_values(values):
    """The bootstrap keeps its figures in an array and reads the interval's ends from its two
    tails (heapq), not from a sorted copy: the same numbers, ties and all."""
    ordered = sorted(values)
    tail = (1 - CONFIDENCE) / 2
    expected = (percentile(ordered, tail), percentile(ordered, 1 - tail))
    assert central_interval(values) == expected
    assert central_interval(array("d", values)) == expected


def test_identical_sentences_give_a_point_interval():
    recall, precision, f = bootstrap_intervals([4] * 10, [5] * 10, [2] * 10, samples=50)
    assert recall.low == recall.high == pytest.approx(0.5)
    assert precision.low == precision.high == pytest.approx(0.4)
    assert f.low == f.high == pytest.approx(2 * 0.5 * 0.4 / 0.9)


def test_intervals_are_reproducible_and_depend_on_the_seed():
    gold, pred, correct = [3, 5, 2, 7, 4, 6], [4, 5, 2, 6, 5, 6], [2, 5, 1, 4, 4, 6]
    first = bootstrap_intervals(gold, pred, correct, samples=200, seed=1)
    assert first == bootstrap_intervals(gold, pred, correct, samples=200, seed=1)
    assert first != bootstrap_intervals(gold, pred, correct, samples=200, seed=2)
    recall = sum(correct) / sum(gold)
    assert first[0].low < recall < first[0].high
    assert first[0].low >= 0 and first[0].high <= 1


def test_no_sentences_no_interval():
    assert bootstrap_intervals([], [], [], samples=10) == (None, None, None)


def test_score_with_bootstrap_intervals_and_signature():
    report = score(
        FIXTURES / "gold.txt",
        [FIXTURES / "pred.txt"],
        inputs=InputOptions(dictionary=FIXTURES / "words.txt"),
        ci="bootstrap",
        samples=300,
        seed=7,
    )
    metrics = report.systems[0].metrics
    assert "ci:bootstrap|samples:300|seed:7" in report.signature
    for value, interval in (
        (metrics.recall, metrics.recall_ci),
        (metrics.precision, metrics.precision_ci),
        (metrics.f, metrics.f_ci),
    ):
        assert interval.low <= value <= interval.high
        assert interval.half_width is None
    again = score(
        FIXTURES / "gold.txt", [FIXTURES / "pred.txt"], ci="bootstrap", samples=300, seed=7
    )
    assert again.systems[0].metrics.recall_ci == metrics.recall_ci
    assert report.as_dict()["systems"][0]["metrics"]["f1_ci"]["low"] == metrics.f_ci.low
