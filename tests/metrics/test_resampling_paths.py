"""The bootstrap's draws in C and in Python are the same draws: every interval and p-value is
the same to the last bit with and without the speed-ups (issue 16's rule)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import native
from wsscore.core import backend
from wsscore.core.records import Gather
from wsscore.metrics import bootstrap, significance

needs_c = pytest.mark.skipif(native.resample_sums is None, reason="the C speed-ups are not built")
BACKENDS = list(backend.counting_backends().values())

columns = st.integers(min_value=1, max_value=60).flatmap(
    lambda n: st.lists(
        st.lists(st.integers(min_value=0, max_value=10**6), min_size=n, max_size=n),
        min_size=1,
        max_size=5,
    )
)


@needs_c
def test_the_c_draws_are_python_s() -> None:
    assert bootstrap.native_draws_agree()


@needs_c
@settings(max_examples=60, deadline=None)
@given(columns, st.integers(min_value=0, max_value=2**64), st.integers(1, 30))
def test_resampled_sums_are_the_same_in_c_and_python(data, seed, samples) -> None:
    assert bootstrap.resampled_sums(data, samples, seed) == bootstrap._python_sums(
        data, samples, seed
    )


@needs_c
@pytest.mark.parametrize("words_drawn", [0, 1, 2, 623, 624, 625, 1247])
@pytest.mark.parametrize("widest", [10**6, 2**31 - 1, 2**31, 2**40])
def test_draws_from_any_position_and_counts_of_any_size(words_drawn: int, widest: int) -> None:
    """The C draws read pairs of words straight from the generator's tempered block: from a
    state whose position is odd, a pair runs over into the next block. Counts that do not fit
    32 bits are summed in 64 (and so are negative ones)."""
    generator = random.Random(99)
    generator.getrandbits(32 * words_drawn) if words_drawn else None
    state = generator.getstate()
    data = [[widest, 3, 0, 7, 1] * 300, [-widest, 5, 8, 9, 2] * 300, list(range(1500))]
    population = range(1500)
    expected: list[list[int]] = [[] for _ in data]
    for _ in range(7):  # as many samples, each as random.choices draws it
        picked = generator.choices(population, k=1500)
        for column, sums in zip(data, expected, strict=True):
            sums.append(sum(column[i] for i in picked))
    assert native.resample_sums is not None
    assert native.resample_sums(state[1], data, 7) == expected


def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "native_draws_agree", lambda: False)
    monkeypatch.setattr(significance, "native_draws_agree", lambda: False)


@needs_c
def test_intervals_and_p_values_are_identical_on_both_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(3)
    gold = [rng.randrange(1, 40) for _ in range(500)]
    base = [
        (g, p, min(p, max(0, g - rng.randrange(0, 5))))
        for g, p in ((g, max(1, g + rng.randrange(-3, 4))) for g in gold)
    ]
    system = [
        (g, max(1, pp + rng.randrange(-1, 2)), min(tp + rng.randrange(0, 2), g))
        for g, pp, tp in base
    ]
    fast = (
        bootstrap.bootstrap_intervals(*zip(*system, strict=True), samples=200, seed=11),
        significance.paired_bootstrap(base, system, samples=200, seed=11),
    )
    _pure(monkeypatch)
    slow = (
        bootstrap.bootstrap_intervals(*zip(*system, strict=True), samples=200, seed=11),
        significance.paired_bootstrap(base, system, samples=200, seed=11),
    )
    assert fast == slow
    assert fast[0][2] is not None and fast[1]["f"].p_value is not None


groups = st.lists(
    st.tuples(
        st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
        st.integers(min_value=1, max_value=300),
    ),
    min_size=0,
    max_size=12,
)


@needs_c
@settings(max_examples=60, deadline=None)
@given(groups, st.integers(min_value=0, max_value=2**64), st.integers(1, 40))
def test_randomization_swaps_are_the_same_in_c_and_python(data, seed, trials) -> None:
    assert significance.native_moves_agree()
    assert significance._moves(data, trials, seed) == significance._python_moves(data, trials, seed)


@needs_c
def test_randomization_p_values_are_identical_on_both_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(5)
    base = [
        (g, g, max(0, g - rng.randrange(0, 3))) for g in (rng.randrange(1, 30) for _ in range(400))
    ]
    system = [(g, p, min(g, tp + rng.randrange(0, 2))) for g, p, tp in base]
    fast = significance.approximate_randomization(base, system, trials=300, seed=2)
    monkeypatch.setattr(significance, "native_moves_agree", lambda: False)
    assert significance.approximate_randomization(base, system, trials=300, seed=2) == fast
    assert fast["f"].p_value is not None


@pytest.mark.parametrize("counting", BACKENDS, ids=lambda counting: counting.name)
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefg", min_size=1, max_size=20), st.randoms(use_true_random=False))
def test_line_extras_are_sentence_extra(counting, chars, rng) -> None:
    """TNR terms, boundaries and error classes of a line, from the backend, equal those made
    from the sentence's words and marks (as differing stretches count them)."""
    from wsscore.align.lines import SentenceDetail
    from wsscore.core.reference import align_equal_words
    from wsscore.metrics.boundaries import sentence_extra

    def cut(text: str) -> list[str]:
        words, at = [], 0
        while at < len(text):
            step = rng.randrange(1, 4)
            words.append(text[at : at + step])
            at += step
        return words

    gold, pred = cut(chars), cut(chars)
    line = align_equal_words(gold, pred, None)
    spans = list(line.pred_spans)
    detail = SentenceDetail(1, gold, pred, line.gold_marks, line.pred_marks, spans)
    found = counting.count_agreeing_lines([" ".join(gold)], [" ".join(pred)], None, 1, Gather.EXTRA)
    assert found.agreed == 1
    assert found.extra == sentence_extra(detail)
