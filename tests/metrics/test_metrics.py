import math

import pytest

from wsscore.core.records import Counts
from wsscore.metrics.scores import Interval, bakeoff_interval, compute, f_beta, wilson_interval


@pytest.mark.parametrize(
    ("p", "n", "expected"),
    [
        # Sproat & Emerson (2003): CTB closed S05, R = 0.800, P = 0.674, 39,922 words.
        (0.800, 39922, 0.0040),
        (0.674, 39922, 0.0047),
        # AS closed S09: 11,985 words, R = 0.966, P = 0.956.
        (0.966, 11985, 0.0033),
        (0.956, 11985, 0.0037),
    ],
)
def test_bakeoff_interval_reproduces_the_paper(p, n, expected):
    interval = bakeoff_interval(p, n)
    assert round(interval.half_width, 4) == expected
    assert interval.low == pytest.approx(p - interval.half_width)


def test_bakeoff_interval_uses_the_gold_count_for_precision_too():
    counts = Counts(gold_words=39922, pred_words=47385, correct=31938)
    metrics = compute(counts, has_dictionary=False)
    expected = 2 * math.sqrt(metrics.precision * (1 - metrics.precision) / 39922)
    assert metrics.precision_ci.half_width == pytest.approx(expected)


def test_wilson_interval_known_value():
    # 81 successes out of 263 trials: the textbook Wilson interval is 0.2553 .. 0.3662.
    interval = wilson_interval(81, 263)
    assert round(interval.low, 4) == 0.2553
    assert round(interval.high, 4) == 0.3662
    assert wilson_interval(0, 0) is None


def test_f_beta():
    assert f_beta(0.6, 6 / 13) == pytest.approx(2 * 0.6 * (6 / 13) / (0.6 + 6 / 13))
    assert f_beta(0.0, 0.0) == 0.0
    assert f_beta(None, 0.5) is None
    # β = 3 is Lavie et al.'s F_mean = 10PR / (9P + R).
    assert f_beta(0.5, 0.8, 3) == pytest.approx(10 * 0.5 * 0.8 / (9 * 0.5 + 0.8))


def test_undefined_ratios_are_none_never_nan():
    metrics = compute(Counts(), has_dictionary=True)
    assert metrics.recall is None and metrics.precision is None and metrics.f is None
    assert metrics.oov_recall is None and metrics.recall_ci is None
    no_oov = compute(Counts(gold_words=3, pred_words=3, correct=3), has_dictionary=True)
    assert no_oov.oov_rate == 0 and no_oov.oov_recall is None and no_oov.iv_recall == 1.0


def test_without_dictionary_the_oov_figures_are_none():
    metrics = compute(Counts(gold_words=3, pred_words=3, correct=3), has_dictionary=False)
    assert metrics.oov_rate is None and metrics.iv_recall is None


def test_f1_is_f_under_the_jsons_name():
    # 21 correct of 36 gold and 30 predicted words: F1 = 2C / (G + P), F_β = (1 + β²)C / (β²G + P).
    counts = Counts(gold_words=36, pred_words=30, correct=21)
    metrics = compute(counts, has_dictionary=False)
    assert metrics.f1 == metrics.f == pytest.approx(42 / 66)
    assert metrics.as_dict()["f1"] == metrics.f1
    f2 = compute(counts, has_dictionary=False, beta=2.0)
    assert f2.f1 == f2.f == pytest.approx(5 * 21 / (4 * 36 + 30))
    assert compute(Counts(), has_dictionary=False).f1 is None


def test_f1_ci_is_f_ci_under_the_jsons_name():
    metrics = compute(Counts(gold_words=36, pred_words=30, correct=21), has_dictionary=False)
    assert metrics.f1_ci is None  # only the bootstrap gives F an interval
    with_interval = metrics._replace(f_ci=Interval(0.5, 0.7))
    assert with_interval.f1_ci == Interval(0.5, 0.7)
    assert with_interval.as_dict()["f1_ci"] == {"low": 0.5, "high": 0.7, "half_width": None}
