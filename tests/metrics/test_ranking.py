"""Ranking and the bakeoff significance verdict (wsscore.metrics.ranking; docs/metrics.md §4)."""

from __future__ import annotations

import math

import pytest

from wsscore import score
from wsscore.core.records import Counts
from wsscore.metrics.ranking import (
    SORT_KEYS,
    not_significantly_different,
    overlap,
    sort_systems,
    verdict,
)
from wsscore.metrics.scores import Interval, Metrics, bakeoff_interval, compute
from wsscore.results import SystemResult

# --- the paper's rows ---------------------------------------------------------------------------

# Rows of the ranked tables (Tables 5-12) of Sproat & Emerson (2003), "The First International
# Chinese Word Segmentation Bakeoff", Second SIGHAN Workshop, ACL Anthology W03-1719:
# (track, site, word count n, R, c_r, P, c_p), as the paper prints them.
# Only the rows below could be sourced; no stored copy of the paper's tables was found, so the
# other rows are missing here rather than guessed.
PAPER_ROWS = [
    # AS closed, S09. Source: the paper as quoted in the wsscore issue ("Check against the paper").
    ("AS closed", "S09", 11_985, 0.966, 0.0033, 0.956, 0.0037),
    # CTB closed, S05. Source: the paper as quoted in docs/metrics.md §4 and in the issue.
    ("CTB closed", "S05", 39_922, 0.800, 0.0040, 0.674, 0.0047),
]


@pytest.mark.parametrize(
    ("track", "site", "n", "recall", "c_r", "precision", "c_p"),
    PAPER_ROWS,
    ids=[f"{row[0]} {row[1]}" for row in PAPER_ROWS],
)
def test_bakeoff_interval_prints_the_papers_c_r_and_c_p(
    track, site, n, recall, c_r, precision, c_p
):
    # n is the gold word count for R and for P alike (docs/metrics.md §4).
    assert f"{bakeoff_interval(recall, n).half_width:.4f}" == f"{c_r:.4f}"
    assert f"{bakeoff_interval(precision, n).half_width:.4f}" == f"{c_p:.4f}"


@pytest.mark.parametrize(
    ("track", "site", "n", "recall", "c_r", "precision", "c_p"),
    PAPER_ROWS,
    ids=[f"{row[0]} {row[1]}" for row in PAPER_ROWS],
)
def test_the_papers_row_from_counts(track, site, n, recall, c_r, precision, c_p):
    # Counts that give the paper's R and P to three decimals go through compute() unchanged.
    correct = round(recall * n)
    pred_words = round(correct / precision)
    metrics = compute(
        Counts(gold_words=n, pred_words=pred_words, correct=correct), has_dictionary=False
    )
    assert (f"{metrics.recall:.3f}", f"{metrics.precision:.3f}") == (
        f"{recall:.3f}",
        f"{precision:.3f}",
    )
    assert f"{metrics.recall_ci.half_width:.4f}" == f"{c_r:.4f}"
    assert f"{metrics.precision_ci.half_width:.4f}" == f"{c_p:.4f}"


def test_precision_with_the_predicted_count_would_not_print_the_paper():
    # CTB closed S05: n = PP (47,385 predicted words) would print ±0.0043, not the paper's ±0.0047.
    half = 2 * math.sqrt(0.674 * 0.326 / 47_385)
    assert f"{half:.4f}" == "0.0043"


# --- the significance criterion -----------------------------------------------------------------


def system(
    name: str,
    *,
    recall: float | None = None,
    precision: float | None = None,
    f: float | None = None,
    oov_recall: float | None = None,
    recall_ci: Interval | None = None,
    precision_ci: Interval | None = None,
) -> SystemResult:
    metrics = Metrics(
        recall=recall,
        precision=precision,
        f=f,
        oov_rate=None,
        oov_recall=oov_recall,
        iv_recall=None,
        recall_ci=recall_ci,
        precision_ci=precision_ci,
    )
    return SystemResult(name, name, "utf-8", Counts(), metrics)


def test_exactly_one_pair_overlaps():
    # 100 lines of 4 words: 400 gold words.
    gold = ["甲乙 丙丁 戊 己庚"] * 100
    split = "甲 乙 丙丁 戊 己庚"  # 3 of 4 words right, 5 predicted
    a = [split] * 5 + gold[5:]  # R = 395/400, P = 395/405
    b = [split] * 10 + gold[10:]  # R = 390/400, P = 390/410
    c = ["甲 乙 丙 丁 戊 己 庚"] * 100  # R = 100/400, P = 100/700
    report = score(gold, [c, b, a], names=["C", "B", "A"])
    assert [s.name for s in report.systems] == ["A", "B", "C"]  # by F
    by_name = {s.name: s.metrics for s in report.systems}
    assert (by_name["A"].recall, by_name["A"].precision) == (395 / 400, 395 / 405)
    assert (by_name["B"].recall, by_name["B"].precision) == (390 / 400, 390 / 410)
    # A and B: both intervals overlap. C is far below both.
    assert overlap(by_name["A"].recall_ci, by_name["B"].recall_ci)
    assert overlap(by_name["A"].precision_ci, by_name["B"].precision_ci)
    for other in ("A", "B"):
        assert not overlap(by_name["C"].recall_ci, by_name[other].recall_ci)
        assert not overlap(by_name["C"].precision_ci, by_name[other].precision_ci)
    assert not_significantly_different(report.systems) == [("A", "B")]
    assert verdict(report.systems) == (
        "Not significantly different (overlapping R and P intervals; Sproat and Emerson 2003): "
        "A and B"
    )


def test_pairs_follow_the_printed_order():
    wide = Interval(0.1, 0.9)
    systems = [system(n, recall_ci=wide, precision_ci=wide) for n in ("S10", "S09", "S01")]
    assert not_significantly_different(systems) == [
        ("S10", "S09"),
        ("S10", "S01"),
        ("S09", "S01"),
    ]
    assert not_significantly_different(systems[::-1]) == [
        ("S01", "S09"),
        ("S01", "S10"),
        ("S09", "S10"),
    ]


@pytest.mark.parametrize(
    ("recall_b", "precision_b"),
    [
        (Interval(0.85, 0.95), Interval(0.50, 0.60)),  # R overlaps, P disjoint
        (Interval(0.50, 0.60), Interval(0.85, 0.95)),  # P overlaps, R disjoint
        (Interval(0.50, 0.60), Interval(0.50, 0.60)),  # both disjoint
    ],
)
def test_one_disjoint_interval_makes_a_pair_significantly_different(recall_b, precision_b):
    a = system("a", recall_ci=Interval(0.80, 0.90), precision_ci=Interval(0.80, 0.90))
    b = system("b", recall_ci=recall_b, precision_ci=precision_b)
    assert not_significantly_different([a, b]) == []
    assert verdict([a, b]) == (
        "All pairs of systems are significantly different "
        "(disjoint R or P intervals; Sproat and Emerson 2003)."
    )


def test_touching_intervals_are_not_disjoint():
    a = system("a", recall_ci=Interval(0.80, 0.90), precision_ci=Interval(0.80, 0.90))
    b = system("b", recall_ci=Interval(0.90, 0.95), precision_ci=Interval(0.70, 0.80))
    assert not_significantly_different([a, b]) == [("a", "b")]


def test_bootstrap_intervals_are_read_from_low_and_high():
    # Bootstrap intervals have no half width and need not be symmetric about R or P.
    a = system(
        "a",
        recall=0.90,
        precision=0.90,
        recall_ci=Interval(0.89, 0.93, None),
        precision_ci=Interval(0.895, 0.91, None),
    )
    b = system(
        "b",
        recall=0.87,
        precision=0.88,
        recall_ci=Interval(0.84, 0.8901, None),
        precision_ci=Interval(0.86, 0.8951, None),
    )
    assert not_significantly_different([a, b]) == [("a", "b")]
    # The same ends with a misleading half width: the ends decide, not half_width.
    a_hw = system(
        "a",
        recall_ci=Interval(0.89, 0.93, 0.0001),
        precision_ci=Interval(0.895, 0.91, 0.0001),
    )
    assert not_significantly_different([a_hw, b]) == [("a", "b")]


def test_an_f_interval_plays_no_part():
    # The paper's criterion is on R and P only; an F interval (bootstrap) is not consulted.
    a = system("a", recall_ci=Interval(0.8, 0.9), precision_ci=Interval(0.8, 0.9))
    b = system("b", recall_ci=Interval(0.85, 0.95), precision_ci=Interval(0.85, 0.95))
    if "f_ci" in Metrics._fields:
        a.metrics = a.metrics._replace(f_ci=Interval(0.1, 0.2, None))
        b.metrics = b.metrics._replace(f_ci=Interval(0.7, 0.8, None))
    assert not_significantly_different([a, b]) == [("a", "b")]


def test_missing_intervals_give_no_verdict():
    a = system("a", recall_ci=Interval(0.8, 0.9), precision_ci=Interval(0.8, 0.9))
    no_precision = system("b", recall_ci=Interval(0.8, 0.9), precision_ci=None)
    no_recall = system("c", recall_ci=None, precision_ci=Interval(0.8, 0.9))
    for other in (no_precision, no_recall):
        assert not_significantly_different([a, other]) is None
        assert verdict([a, other]) is None


def test_ci_none_gives_no_verdict():
    gold = ["甲乙 丙丁 戊"] * 3
    report = score(gold, [gold, ["甲 乙 丙丁 戊"] * 3], names=["x", "y"], ci="none")
    assert not_significantly_different(report.systems) is None
    assert verdict(report.systems) is None


def test_fewer_than_two_systems_have_no_verdict():
    lone = system("a", recall_ci=Interval(0.8, 0.9), precision_ci=Interval(0.8, 0.9))
    assert not_significantly_different([lone]) == []
    assert verdict([lone]) is None
    assert verdict([]) is None


def test_verdict_quotes_names():
    wide = Interval(0.1, 0.9)
    systems = [system(n, recall_ci=wide, precision_ci=wide) for n in ("a_1", "b_2")]
    assert verdict(systems, lambda name: f"<{name}>").endswith(": <a_1> and <b_2>")


# --- sorting ------------------------------------------------------------------------------------


@pytest.fixture
def ranked() -> list[SystemResult]:
    """Ties and undefined values in every numeric key, in a deliberate input order."""
    return [
        system("d", f=0.90, recall=0.80, precision=None, oov_recall=0.5),
        system("B", f=None, recall=None, precision=0.70, oov_recall=None),
        system("a", f=0.95, recall=0.80, precision=0.70, oov_recall=0.6),
        system("c", f=0.90, recall=0.85, precision=0.90, oov_recall=0.5),
        system("e", f=None, recall=0.60, precision=None, oov_recall=None),
    ]


def names(systems: list[SystemResult]) -> list[str]:
    return [s.name for s in systems]


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("f", ["a", "d", "c", "B", "e"]),  # d and c tie at 0.90: input order; None last
        ("r", ["c", "d", "a", "e", "B"]),  # d and a tie at 0.80
        ("p", ["c", "B", "a", "d", "e"]),  # B and a tie at 0.70; d and e undefined, in order
        ("roov", ["a", "d", "c", "B", "e"]),
        ("name", ["a", "B", "c", "d", "e"]),  # case-insensitive
        ("none", ["d", "B", "a", "c", "e"]),
    ],
)
def test_sort_systems(ranked, key, expected):
    before = names(ranked)
    assert names(sort_systems(ranked, key)) == expected
    assert names(ranked) == before  # a new list; the input is left alone


def test_every_sort_key_is_tested():
    assert set(SORT_KEYS) == {"f", "r", "p", "roov", "name", "none"}


def test_sort_by_name_is_deterministic_for_names_differing_in_case():
    assert names(sort_systems([system("b"), system("B"), system("A")], "name")) == ["A", "B", "b"]
    assert names(sort_systems([system("B"), system("b"), system("A")], "name")) == ["A", "B", "b"]


def test_sort_by_f_agrees_with_score():
    gold = ["甲乙 丙丁 戊"] * 4
    preds = [["甲 乙 丙 丁 戊"] * 4, gold, ["甲乙 丙 丁 戊"] * 4]
    report = score(gold, preds, names=["chars", "perfect", "half"], sort="none")
    assert names(report.systems) == ["chars", "perfect", "half"]
    sorted_by_score = score(gold, preds, names=["chars", "perfect", "half"])
    assert names(sort_systems(report.systems, "f")) == names(sorted_by_score.systems)
    assert names(sorted_by_score.systems) == ["perfect", "half", "chars"]


def test_unknown_sort_key():
    with pytest.raises(ValueError, match="sort key"):
        sort_systems([], "F1")
