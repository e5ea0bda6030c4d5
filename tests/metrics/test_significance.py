"""Paired significance tests on per-sentence counts: hand-checkable cases, exact permutation
p-values, and the grouped randomization checked against per-sentence swapping."""

from __future__ import annotations

import itertools
import json
import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.errors import InvalidArgument
from wsscore.metrics.bootstrap import ResampledColumns, bootstrap_intervals
from wsscore.metrics.scores import f_beta
from wsscore.metrics.significance import (
    BOOTSTRAP,
    RANDOMIZATION,
    PairedResult,
    approximate_randomization,
    approximate_randomization_of_columns,
    difference_groups,
    metric_values,
    pair,
    paired_bootstrap,
    paired_bootstrap_of_columns,
    randomized_totals,
)


def typical(n: int = 60, seed: int = 3) -> tuple[list[tuple[int, int, int]], ...]:
    """Two plausible systems on n sentences: neither uniformly better."""
    rng = random.Random(seed)
    baseline, system = [], []
    for _ in range(n):
        gold = rng.randint(3, 12)
        for side in (baseline, system):
            pred = max(1, gold + rng.randint(-3, 3))
            side.append((gold, pred, max(0, min(gold, pred) - rng.randint(0, 3))))
    return baseline, system


def both(baseline, system, *, samples=300, trials=2000, seed=12345, beta=1.0):
    return (
        paired_bootstrap(baseline, system, samples=samples, seed=seed, beta=beta),
        approximate_randomization(baseline, system, trials=trials, seed=seed, beta=beta),
    )


# --- hand-checkable cases -----------------------------------------------------------------------


def test_a_system_identical_to_the_baseline_has_p_one():
    baseline, _ = typical()
    bootstrap, randomization = both(baseline, list(baseline))
    for results in (bootstrap, randomization):
        assert list(results) == ["f", "r"]
        for result in results.values():
            assert result.difference == 0
            assert result.p_value == 1.0  # exactly: >= counts every tie
            assert result.baseline == result.system
    assert bootstrap["f"].low == bootstrap["f"].high == 0
    assert randomization["f"].low is randomization["f"].high is None
    assert bootstrap["r"].samples == 300 and randomization["r"].samples == 2000


def test_a_clearly_better_system_is_significant():
    # 200 sentences of 1-6 gold words: the system right on every word, the baseline on half.
    gold = [1 + i % 6 for i in range(200)]
    baseline = [(g, g, g // 2) for g in gold]
    system = [(g, g, g) for g in gold]
    bootstrap, randomization = both(baseline, system, samples=500, trials=2000)
    f, r = metric_values(sum(gold), sum(gold), sum(g // 2 for g in gold))
    for results in (bootstrap, randomization):
        assert results["f"].difference == pytest.approx(1 - f)
        assert results["r"].difference == pytest.approx(1 - r)
        for result in results.values():
            assert result.p_value < 0.01
            assert result.p_value == 1 / (result.samples + 1)  # c = 0: the smallest p possible
    for result in bootstrap.values():
        assert 0 < result.low <= result.difference <= result.high


def test_recall_exact_permutation_p_value_by_hand():
    # Recall differences (system - baseline) in correct words: +1, +2, +1, +1 over 10 gold
    # words; observed |1+2+1+1| = 5 is reached only by swapping none or all: p = 2/16.
    baseline = [(2, 2, 1), (3, 3, 1), (1, 1, 0), (4, 4, 2)]
    system = [(2, 2, 2), (3, 3, 3), (1, 1, 1), (4, 4, 3)]
    assert exact_permutation_p(baseline, system, "r") == pytest.approx(2 / 16)
    result = approximate_randomization(baseline, system, trials=20_000, seed=1)["r"]
    assert result.difference == pytest.approx(0.5)
    assert result.p_value == pytest.approx(2 / 16, abs=0.01)


def test_f_exact_permutation_p_value():
    baseline = [(3, 4, 2), (5, 5, 5), (2, 1, 0), (6, 7, 3)]
    system = [(3, 3, 3), (5, 6, 4), (2, 2, 2), (6, 6, 5)]
    exact = exact_permutation_p(baseline, system, "f")
    assert exact == pytest.approx(6 / 16)  # 6 of the 16 swaps reach |ΔF|
    result = approximate_randomization(baseline, system, trials=20_000, seed=2)["f"]
    assert result.p_value == pytest.approx(exact, abs=0.01)


def test_results_are_deterministic_under_the_seed():
    baseline, system = typical()
    assert both(baseline, system, seed=7) == both(baseline, system, seed=7)
    first, second = both(baseline, system, seed=7), both(baseline, system, seed=8)
    assert first[0]["f"].p_value != second[0]["f"].p_value
    assert first[1]["f"].p_value != second[1]["f"].p_value
    assert first[0]["f"].difference == second[0]["f"].difference


def test_the_interval_contains_the_observed_difference():
    baseline, system = typical(200, seed=11)
    for result in paired_bootstrap(baseline, system, samples=500).values():
        assert result.low < result.difference < result.high
        assert result.test == BOOTSTRAP


def test_the_bootstrap_draws_the_samples_of_ci_bootstrap():
    # Against an all-zero baseline with recall 0, the system's resampled recalls are the
    # differences: the same percentiles as --ci bootstrap with the same seed.
    _, system = typical(50)
    zero = [(gold, 1, 0) for gold, _, _ in system]
    result = paired_bootstrap(zero, system, samples=200, seed=9)["r"]
    recall, _, _ = bootstrap_intervals(*zip(*system, strict=True), samples=200, seed=9)
    assert (result.low, result.high) == pytest.approx((recall.low, recall.high))


def test_beta_weights_recall():
    baseline, system = typical()
    result = paired_bootstrap(baseline, system, samples=50, beta=3.0)["f"]
    totals = [sum(column) for column in zip(*baseline, strict=True)]
    assert result.baseline == f_beta(totals[2] / totals[1], totals[2] / totals[0], 3.0)


# --- undefined values and bad input -------------------------------------------------------------


def test_no_sentences_give_undefined_results():
    for result in (*paired_bootstrap([], []).values(), *approximate_randomization([], []).values()):
        assert result.difference is None and result.p_value is None
        assert result.low is None and result.samples == 0


def test_a_system_without_predicted_words_has_no_f_but_a_recall():
    baseline = [(3, 3, 2), (2, 2, 2)]
    silent = [(3, 0, 0), (2, 0, 0)]
    for results in both(baseline, silent, samples=50, trials=50):
        assert results["f"].system is None
        assert results["f"].difference is None and results["f"].p_value is None
        assert results["r"].difference == pytest.approx(-0.8)
        assert results["r"].p_value is not None


def test_unpaired_input_is_refused():
    with pytest.raises(ValueError, match="same sentences"):
        paired_bootstrap([(1, 1, 1)], [])
    with pytest.raises(ValueError, match="sentence 1"):
        approximate_randomization([(1, 1, 1), (2, 2, 2)], [(1, 1, 0), (3, 2, 2)])


def test_as_dict_is_json_ready():
    result = PairedResult("f", 0.5, None, None, None, None, None, 0, RANDOMIZATION)
    data = result.as_dict()
    assert list(data) == [
        "metric",
        "baseline",
        "system",
        "difference",
        "ci_low",
        "ci_high",
        "p_value",
        "samples",
        "test",
    ]
    assert data["metric"] == "f1"
    assert json.loads(json.dumps(data))["p_value"] is None
    assert paired_bootstrap([(2, 2, 1)], [(2, 2, 2)], samples=5)["r"].as_dict()["metric"] == (
        "recall"
    )


# --- the grouped randomization against per-sentence swapping ------------------------------------


def exact_permutation_p(baseline, system, metric: str) -> float:
    """The exact two-sided permutation p-value: all 2^n swaps, the identity included."""
    index = ["f", "r"].index(metric)
    stats = list(all_swap_statistics(baseline, system, index))
    observed = statistic(baseline, system, index)
    return sum(1 for s in stats if s is not None and s >= observed) / len(stats)


def statistic(a, b, index: int) -> float | None:
    """|metric(A) - metric(B)| on summed counts, as the test computes it."""
    first = metric_values(*(sum(column) for column in zip(*a, strict=True)))[index]
    second = metric_values(*(sum(column) for column in zip(*b, strict=True)))[index]
    return None if first is None or second is None else abs(second - first)


def all_swap_statistics(baseline, system, index: int):
    for mask in itertools.product((False, True), repeat=len(baseline)):
        a = [s if swap else b for b, s, swap in zip(baseline, system, mask, strict=True)]
        b = [b if swap else s for b, s, swap in zip(baseline, system, mask, strict=True)]
        yield statistic(a, b, index)


def naive_totals_with_the_same_bits(baseline, system, trials: int, seed: int):
    """Per-sentence swapping, re-summing every sentence, with the random bits spent as the
    grouped version spends them: bit j of a group's draw swaps the group's j-th sentence."""
    pairs = pair(baseline, system)
    order = [(group.pred_words, group.correct) for group in difference_groups(pairs)]
    members = {vector: [] for vector in order}
    for i, (_, base_pp, base_tp, pp, tp) in enumerate(pairs):
        if (pp, tp) != (base_pp, base_tp):
            members[(pp - base_pp, tp - base_tp)].append(i)
    getrandbits = random.Random(seed).getrandbits
    for _ in range(trials):
        swapped = set()
        for vector in order:
            bits = getrandbits(len(members[vector]))
            swapped.update(i for j, i in enumerate(members[vector]) if bits >> j & 1)
        a = [system[i] if i in swapped else baseline[i] for i in range(len(pairs))]
        b = [baseline[i] if i in swapped else system[i] for i in range(len(pairs))]
        sums_a = [sum(column) for column in zip(*a, strict=True)]
        sums_b = [sum(column) for column in zip(*b, strict=True)]
        yield sums_a[0], sums_a[1], sums_a[2], sums_b[1], sums_b[2]


def test_grouped_totals_equal_per_sentence_swapping_trial_by_trial():
    baseline, system = typical(40, seed=5)
    system[:10] = baseline[:10]  # some sentences agree: they must not matter
    pairs = pair(baseline, system)
    assert len(difference_groups(pairs)) < 30  # some differences repeat: groups of k > 1
    grouped = list(randomized_totals(pairs, 300, seed=4))
    assert grouped == list(naive_totals_with_the_same_bits(baseline, system, 300, seed=4))


@st.composite
def paired_sentences(draw):
    n = draw(st.integers(2, 7))
    baseline, system = [], []
    for _ in range(n):
        gold = draw(st.integers(0, 4))
        for side in (baseline, system):
            pred = draw(st.integers(0, 4))
            side.append((gold, pred, draw(st.integers(0, min(gold, pred)))))
    return baseline, system


@pytest.mark.slow
@settings(max_examples=25, deadline=None, derandomize=True)
@given(paired_sentences())
def test_randomization_matches_the_exact_permutation_distribution(sentences):
    # A fixed seed and derandomized examples: the tolerances below (over 4 standard errors)
    # hold for these inputs, and the test is deterministic.
    baseline, system = sentences
    trials = 4000
    results = approximate_randomization(baseline, system, trials=trials, seed=6)
    pairs = pair(baseline, system)
    for index, metric in enumerate(["f", "r"]):
        exact_stats = [s for s in all_swap_statistics(baseline, system, index) if s is not None]
        result = results[metric]
        if result.difference is None or not exact_stats:
            assert result.p_value is None
            continue
        exact = exact_permutation_p(baseline, system, metric)
        assert result.p_value == pytest.approx(exact, abs=0.035)
        # The whole distribution, by its mean, against the exact one.
        sampled = [
            s
            for totals in randomized_totals(pairs, trials, seed=7)
            if (s := statistic([totals[:3]], [(totals[0], *totals[3:])], index)) is not None
        ]
        exact_mean = sum(exact_stats) / len(exact_stats)
        assert sum(sampled) / len(sampled) == pytest.approx(exact_mean, abs=0.03)


def naive_randomization_p(baseline, system, index: int, trials: int, seed: int) -> float:
    """The textbook version: a coin per sentence, every sentence re-summed, own random numbers."""
    rng = random.Random(seed)
    observed = statistic(baseline, system, index)
    hits = 0
    for _ in range(trials):
        swaps = [rng.random() < 0.5 for _ in baseline]
        a = [s if swap else b for b, s, swap in zip(baseline, system, swaps, strict=True)]
        b = [b if swap else s for b, s, swap in zip(baseline, system, swaps, strict=True)]
        hits += statistic(a, b, index) >= observed
    return (hits + 1) / (trials + 1)


def test_randomization_agrees_with_naive_per_sentence_coins():
    # Too many sentences to enumerate; two independent 4000-trial estimates of the same p-value
    # differ by about 0.011 (one standard error) at most.
    baseline, system = typical(30, seed=8)
    results = approximate_randomization(baseline, system, trials=4000, seed=3)
    for index, metric in enumerate(["f", "r"]):
        naive = naive_randomization_p(baseline, system, index, 4000, seed=4)
        assert 0.05 < naive < 0.95  # a case where the p-value is not pinned at an end
        assert results[metric].p_value == pytest.approx(naive, abs=0.045)


# --- on columns, as compare runs them -------------------------------------------------------------

sentence_counts = st.tuples(st.integers(0, 300), st.integers(0, 300), st.integers(0, 300))


def packed(sentences, typecodes="qqq"):
    """Triples as the columns of packed records: an array per count."""
    columns = [array(code) for code in typecodes]
    for triple in sentences:
        for column, count in zip(columns, triple, strict=True):
            column.append(count)
    return ResampledColumns(*columns)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(sentence_counts, sentence_counts), max_size=40), st.integers(0, 99))
def test_tests_on_packed_columns_are_the_tests_on_triples(sentences, seed):
    """compare hands the tests the columns of its packed records (an array per count, of the
    narrowest type): the same draws, the same results as triples."""
    baseline = [base for base, _ in sentences]
    system = [(base[0], *other[1:]) for base, other in sentences]
    columns = packed(baseline, "HHH"), packed(system, "HHq")
    assert paired_bootstrap_of_columns(*columns, samples=40, seed=seed) == paired_bootstrap(
        baseline, system, samples=40, seed=seed
    )
    assert approximate_randomization_of_columns(
        *columns, trials=60, seed=seed
    ) == approximate_randomization(baseline, system, trials=60, seed=seed)


def test_unpaired_columns_are_refused_with_the_messages_of_triples():
    baseline = [(3, 3, 2), (2, 2, 2)]
    for system in ([(3, 3, 2)], [(3, 3, 2), (1, 2, 2)], [(3, 3, 2), (2, -1, 2)]):
        with pytest.raises(InvalidArgument) as from_triples:
            pair(baseline, system)
        with pytest.raises(InvalidArgument) as from_columns:
            paired_bootstrap_of_columns(packed(baseline), packed(system))
        assert str(from_columns.value) == str(from_triples.value)
