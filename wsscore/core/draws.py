"""The resampling draws, in plain Python: the reference that the C speed-ups must match.

Both statistics draw from ``random.Random(seed)``, so that a seed names one set of draws on
every machine and on both backends:

- the bootstrap draws, per sample, as many sentences as there are, with replacement, as
  ``choices`` draws indices (:func:`resample_sums`);
- approximate randomization swaps each sentence with probability 1/2, a group of k sentences
  with equal differences at once: as many of them as ``getrandbits(k)`` has set bits
  (:func:`randomized_moves`).

Both hand their results over a chunk of :data:`AT_ONCE` samples or trials at a time, drawn one
after the other from the same generator, so that the memory they take does not grow with the
number asked for.

:mod:`wsscore.core.backend` runs these, or the C versions that draw the very same numbers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

# A sample's indices are drawn this many at a time, so that they take little memory however
# many sentences there are. ``choices`` draws one ``random()`` per index, in order: drawing a
# sample in pieces draws the very same indices as drawing it at once.
DRAWS_AT_ONCE = 4096
# Samples (or trials) handed over at once: a chunk's sums are Python ints, so the chunk is kept
# small, and its size changes no draw.
AT_ONCE = 4096


class SwapGroup(NamedTuple):
    """``size`` sentences whose system output differs from the baseline's by the same counts:
    swapping one of them moves ``pred_words`` and ``correct`` (system minus baseline) from the
    system's totals to the baseline's."""

    size: int
    pred_words: int
    correct: int


class MovedCounts(NamedTuple):
    """What one randomization trial moves from the system's totals to the baseline's."""

    pred_words: int
    correct: int


def resample_sums(
    columns: Mapping[str, Sequence[int]], samples: int, seed: int
) -> Iterator[dict[str, list[int]]]:
    """Per named column, its sum in each of ``samples`` bootstrap samples, :data:`AT_ONCE`
    samples a chunk.

    The columns hold one count per sentence, all equally long. A sample is as many sentence
    indices as there are sentences, drawn with replacement by ``random.Random(seed).choices``,
    samples one after the other from the same generator.
    """
    draw = random.Random(seed).choices
    population = range(_length(columns))
    for first in range(0, samples, AT_ONCE):
        sums: dict[str, list[int]] = {name: [] for name in columns}
        for _ in range(min(AT_ONCE, samples - first)):
            sample = dict.fromkeys(columns, 0)
            for start in range(0, len(population), DRAWS_AT_ONCE):
                picked = draw(population, k=min(DRAWS_AT_ONCE, len(population) - start))
                for name, column in columns.items():
                    sample[name] += sum(map(column.__getitem__, picked))
            for name, total in sample.items():
                sums[name].append(total)
        yield sums


def randomized_moves(
    groups: Sequence[SwapGroup], trials: int, seed: int
) -> Iterator[list[MovedCounts]]:
    """The counts that each of ``trials`` randomization trials moves, drawn from
    ``random.Random(seed)``, :data:`AT_ONCE` trials a chunk: in each trial, group after group,
    as many of the group's sentences are swapped as ``getrandbits(size)`` has set bits (each
    bit a fair coin for one sentence).
    """
    getrandbits = random.Random(seed).getrandbits
    for first in range(0, trials, AT_ONCE):
        moves = []
        for _ in range(min(AT_ONCE, trials - first)):
            pred_words = correct = 0
            for group in groups:
                swapped = getrandbits(group.size).bit_count()
                pred_words += swapped * group.pred_words
                correct += swapped * group.correct
            moves.append(MovedCounts(pred_words, correct))
        yield moves


def _length(columns: Mapping[str, Sequence[int]]) -> int:
    lengths = {len(column) for column in columns.values()}
    if len(lengths) > 1:
        raise ValueError(f"columns of different lengths: {sorted(lengths)}")
    return lengths.pop() if lengths else 0
