"""The resampling draws: the plain Python reference (wsscore.core.draws) draws what its
docstrings say, and the C speed-ups behind wsscore.core.backend draw the very same numbers, so
that every interval and p-value is the same to the last bit on both backends."""

from __future__ import annotations

import random
from array import array
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.core import backend, draws
from wsscore.core.draws import MovedCounts, SwapGroup

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

needs_c = pytest.mark.skipif(
    backend.NAME != "c", reason="the C speed-ups are not running (not built, or switched off)"
)

# Counts of any size and sign: the C sums rows as 32-bit numbers only where every count fits.
counts = st.integers(min_value=-(2**40), max_value=2**40)
named_columns = st.integers(min_value=0, max_value=60).flatmap(
    lambda n: st.dictionaries(
        st.sampled_from(["gold_words", "pred_words", "correct", "a", "b", "c"]),
        st.lists(counts, min_size=n, max_size=n),
        min_size=1,
        max_size=5,
    )
)
seeds = st.integers(min_value=0, max_value=2**64)
# Group sizes past 32 and 64: getrandbits then takes several words of the generator.
groups = st.lists(
    st.builds(
        SwapGroup,
        size=st.integers(min_value=1, max_value=300),
        pred_words=st.integers(-50, 50),
        correct=st.integers(-50, 50),
    ),
    max_size=12,
)


def joined(chunks: Iterable[dict[str, list[int]]]) -> dict[str, list[int]]:
    """The sums of every sample, from the chunks the draws hand over."""
    sums: dict[str, list[int]] = {}
    for chunk in chunks:
        for name, column in chunk.items():
            sums.setdefault(name, []).extend(column)
    return sums


def all_moves(chunks: Iterator[list[MovedCounts]]) -> list[MovedCounts]:
    return [moved for chunk in chunks for moved in chunk]


# --- the reference ------------------------------------------------------------------------------


def test_resample_sums_draws_as_choices_draws_from_the_seed() -> None:
    column = [3, 1, 4, 1, 5, 9, 2, 6]
    sums = joined(
        draws.resample_sums({"gold_words": column, "twice": [2 * c for c in column]}, 4, 12345)
    )
    # Fixed figures: a change of the draws would change every published interval and p-value.
    assert sums == {"gold_words": [21, 28, 30, 38], "twice": [42, 56, 60, 76]}


def test_resample_sums_of_no_sentences_are_zeros() -> None:
    assert joined(draws.resample_sums({"gold_words": [], "correct": []}, 3, 1)) == {
        "gold_words": [0, 0, 0],
        "correct": [0, 0, 0],
    }


def test_resample_sums_refuses_columns_of_different_lengths() -> None:
    with pytest.raises(ValueError, match="different lengths"):
        next(draws.resample_sums({"gold_words": [1, 2], "correct": [1]}, 1, 1))


def test_randomized_moves_swap_as_many_as_getrandbits_sets() -> None:
    moves = all_moves(draws.randomized_moves([SwapGroup(3, 2, 1), SwapGroup(40, -1, 0)], 3, 12345))
    # getrandbits(3) and getrandbits(40) of random.Random(12345) set (2, 17), (2, 22), (1, 23).
    assert moves == [MovedCounts(4 - 17, 2), MovedCounts(4 - 22, 2), MovedCounts(2 - 23, 1)]


@settings(max_examples=40, deadline=None)
@given(groups, seeds, st.integers(0, 20))
def test_randomized_moves_are_one_coin_per_sentence(data, seed, trials) -> None:
    """Each bit of a group's draw swaps one sentence: summing sentence by sentence gives the
    same moves."""
    getrandbits = random.Random(seed).getrandbits
    expected = []
    for _ in range(trials):
        pred_words = correct = 0
        for group in data:
            bits = getrandbits(group.size)
            for sentence in range(group.size):
                if bits >> sentence & 1:
                    pred_words += group.pred_words
                    correct += group.correct
        expected.append(MovedCounts(pred_words, correct))
    assert all_moves(draws.randomized_moves(data, trials, seed)) == expected


# --- C against the reference --------------------------------------------------------------------


@needs_c
@settings(max_examples=80, deadline=None)
@given(named_columns, seeds, st.integers(0, 30))
def test_c_resample_sums_are_the_reference_s(columns, seed, samples) -> None:
    assert joined(backend.resample_sums(columns, samples, seed)) == joined(
        draws.resample_sums(columns, samples, seed)
    )


@needs_c
@settings(max_examples=80, deadline=None)
@given(groups, seeds, st.integers(0, 40))
def test_c_randomized_moves_are_the_reference_s(data, seed, trials) -> None:
    assert all_moves(backend.randomized_moves(data, trials, seed)) == all_moves(
        draws.randomized_moves(data, trials, seed)
    )


@needs_c
@pytest.mark.parametrize("samples", [1, 3])
@pytest.mark.parametrize("sentences", [311, 312, 623, 624, 625, 1500])
def test_c_draws_across_the_generator_s_blocks(sentences: int, samples: int) -> None:
    """The C draws read pairs of words straight from the generator's block of 624: a sample of
    an odd number of sentences leaves the next sample at an odd position, where a pair runs
    over into the next block."""
    rng = random.Random(sentences)
    columns = {"wide": [rng.randrange(-(2**40), 2**40) for _ in range(sentences)]}
    columns["narrow"] = [rng.randrange(100) for _ in range(sentences)]
    assert joined(backend.resample_sums(columns, samples, 99)) == joined(
        draws.resample_sums(columns, samples, 99)
    )


@needs_c
@pytest.mark.parametrize("words_drawn", [0, 1, 2, 623, 624, 625, 1247])
def test_c_draws_from_any_position_of_the_generator(words_drawn: int) -> None:
    """The C function takes the generator's state, position included: from any position it
    draws what random.choices would draw next."""
    from wsscore import _speedups

    generator = random.Random(99)
    generator.getrandbits(32 * words_drawn) if words_drawn else None
    state = generator.getstate()[1]
    data = [
        array("q", [2**40, 3, 0, 7, 1] * 30),
        array("q", [-(2**31), 5, 8, 9, 2] * 30),
        array("B", range(150)),
    ]
    expected: list[list[int]] = [[] for _ in data]
    for _ in range(7):
        picked = generator.choices(range(150), k=150)
        for column, sums in zip(data, expected, strict=True):
            sums.append(sum(column[i] for i in picked))
    sums, after = _speedups.resample_sums(state, data, 7)
    assert sums == expected
    # The state it hands back is the generator's after those draws.
    assert after == generator.getstate()[1]


@needs_c
@pytest.mark.parametrize("typecode", ["b", "B", "h", "H", "i", "I", "l", "L", "q", "Q"])
def test_c_reads_columns_of_every_integer_type(typecode: str) -> None:
    """Records keep each column in the narrowest type that holds it, and C reads them where
    they lie: every integer type gives the sums of the same numbers in a list."""
    rng = random.Random(typecode)
    values = [rng.randrange(0, 100) for _ in range(700)]
    columns = {"packed": array(typecode, values), "listed": values}
    sums = joined(backend.resample_sums(columns, 3, 5))
    assert sums["packed"] == sums["listed"] == joined(draws.resample_sums({"v": values}, 3, 5))["v"]


@needs_c
def test_c_refuses_what_is_not_a_column_of_integers() -> None:
    from wsscore import _speedups

    state = random.Random(1).getstate()[1]
    with pytest.raises(TypeError):
        _speedups.resample_sums(state, [array("d", [1.0])], 1)
    with pytest.raises(ValueError, match="different lengths"):
        _speedups.resample_sums(state, [array("B", [1]), array("B", [1, 2])], 1)
    with pytest.raises(OverflowError):
        _speedups.resample_sums(state, [array("Q", [2**64 - 1])], 1)


def test_resample_sums_draw_a_large_sample_as_one_call_of_choices() -> None:
    """The reference draws a sample's indices in pieces (its memory stays small): the pieces
    are the indices that one call of choices gives for the whole sample."""
    sentences = 2 * draws.DRAWS_AT_ONCE + 5
    column = [(i * 7919) % 101 for i in range(sentences)]
    generator = random.Random(8)
    expected = []
    for _ in range(2):
        picked = generator.choices(range(sentences), k=sentences)
        expected.append(sum(column[i] for i in picked))
    assert joined(draws.resample_sums({"gold_words": column}, 2, 8)) == {"gold_words": expected}


# --- chunks: the draws arrive a chunk at a time, and the chunks change no draw -------------------


@pytest.mark.parametrize("implementation", ["reference", "backend"])
def test_chunks_of_samples_draw_what_one_chunk_draws(monkeypatch, implementation: str) -> None:
    """Samples and trials are handed over AT_ONCE at a time (memory stays flat however many
    are asked for); the generator goes on from one chunk to the next, so that chunks of any
    size draw the numbers one chunk of all of them draws (on C: the state C hands back)."""
    module = draws if implementation == "reference" else backend
    rng = random.Random(3)
    columns = {"gold_words": [rng.randrange(9) for _ in range(50)], "correct": [1] * 50}
    data = [SwapGroup(3, 2, 1), SwapGroup(40, -1, 0), SwapGroup(70, 1, 1)]
    whole_sums = joined(module.resample_sums(columns, 11, 12345))
    whole_moves = all_moves(module.randomized_moves(data, 11, 12345))
    monkeypatch.setattr(draws, "AT_ONCE", 4)
    chunks = list(module.resample_sums(columns, 11, 12345))
    assert [len(chunk["correct"]) for chunk in chunks] == [4, 4, 3]
    assert joined(chunks) == whole_sums == joined(draws.resample_sums(columns, 11, 12345))
    moved = list(module.randomized_moves(data, 11, 12345))
    assert [len(chunk) for chunk in moved] == [4, 4, 3]
    assert all_moves(iter(moved)) == whole_moves
