"""A generated workload for the speed gate: a Chinese-like gold standard, a segmenter's output of
it and a word list, made by a seeded RNG, so that the gate needs no data from outside the
repository and every machine scores the very same files.

The figures are those of the MSR test set against its maximum-matching baseline (the workload
of docs/performance.md's plain-scoring rows), so that the gate times the same mix of work:

- words: 45% of one character, 46% of two, 4.4% of three, 2.5% of four, the rest longer, each
  drawn from a vocabulary of its length by a Zipf law; about 27 words a line (median 23), the
  gold's words separated by two spaces and ended by two (as MSR's), the prediction's by one;
- the word list holds every vocabulary word but the rarest part of the longer ones, so that
  about 2.5% of the gold's words are out of vocabulary (MSR: 2.6%);
- half the prediction's lines are segmented as the gold (51% in MSR), the other half differ in
  about one word in ten, by words merged and words split, as maximum matching does (90% of a
  differing line's gold words right in MSR): the C path counts those in whole blocks;
- 0.2% of the lines break where the prediction does not: a line and the next hold the same
  characters together but a few words move from one to the other (so do 8 pairs of MSR's
  3,985 test lines against its test text). The scorer counts a block of lines whose characters
  agree as a whole in C, and a block whose line ends cut such a pair line by line, with the
  aligner for the pair: about 1% of the lines, as in MSR.

A unit of UNIT_LINES sentence pairs is generated once and written as many times as the size
asks, its lines in a new order each time (the same order in both files), so that the blocks the
scorer reads differ from copy to copy as a large real corpus's would (the pairs of lines
broken otherwise stay together).

    python benchmarks/gate_workload.py DIRECTORY [--size-mb 80] [--seed 35]

writes DIRECTORY/gold.txt, pred.txt and words.txt and prints their sizes.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

UNIT_LINES = 4000
SEED = 35
MIB = 1024 * 1024
# Token shares by word length (MSR's test gold), the last for every longer word (5 to 8).
LENGTH_SHARES = {1: 0.450, 2: 0.463, 3: 0.044, 4: 0.025, 5: 0.018}
# Distinct words of each length (MSR's training word list has 88k entries).
VOCABULARY_SIZES = {1: 3000, 2: 30000, 3: 12000, 4: 8000, 5: 4000}
PUNCTUATION = "，。、“”：；！？（）《》"  # frequent one-character words, as in MSR
OUT_OF_LIST = 0.40  # the rarest share of each longer vocabulary, left out of the word list
SAME_LINES = 0.51  # prediction lines segmented as the gold's
EDIT_RATE = 0.045  # in the others, the chance of a merge or a split at each word
MERGED = 0.35  # the share of merges among those edits (maximum matching splits more)
SHIFTED_BREAKS = 0.002  # lines whose break with the next the prediction moves (MSR: 8 in 3,985)
GOLD_SEPARATOR, PRED_SEPARATOR = "  ", " "


class Workload(NamedTuple):
    """The files of the gate's workload and their sizes in bytes."""

    gold: Path
    pred: Path
    words: Path
    size: int  # gold + prediction


class Vocabulary(NamedTuple):
    by_length: dict[int, list[str]]  # each length's words, most frequent first
    draws: dict[int, Iterator[str]]  # an endless stream of each length's words, by Zipf's law


def zipf_draws(rng: random.Random, population: Sequence[str]) -> Iterator[str]:
    """Items of ``population`` drawn with weight 1/rank, for ever (in batches: one call each)."""
    weights = list(itertools.accumulate(1.0 / rank for rank in range(1, len(population) + 1)))
    while True:
        yield from rng.choices(population, cum_weights=weights, k=4096)


def vocabulary(rng: random.Random) -> Vocabulary:
    """Words of each length made of CJK ideographs; the one-character ones include punctuation."""
    ideographs = [chr(code) for code in rng.sample(range(0x4E00, 0x9FA6), 3000)]
    characters = zipf_draws(rng, ideographs)
    by_length = {1: list(PUNCTUATION) + ideographs[: VOCABULARY_SIZES[1] - len(PUNCTUATION)]}
    for length, size in VOCABULARY_SIZES.items():
        if length == 1:
            continue
        made: dict[str, None] = {}  # insertion-ordered and distinct
        while len(made) < size:
            wanted = length if length < 5 else rng.randint(5, 8)
            made["".join(itertools.islice(characters, wanted))] = None
        by_length[length] = list(made)
    draws = {length: zipf_draws(rng, words) for length, words in by_length.items()}
    return Vocabulary(by_length, draws)


def sentence(rng: random.Random, vocab: Vocabulary) -> list[str]:
    """One gold sentence: a gamma-distributed number of words (mean 27), lengths by share."""
    count = max(1, int(rng.gammavariate(2.5, 10.7)))
    lengths = rng.choices(list(LENGTH_SHARES), weights=list(LENGTH_SHARES.values()), k=count)
    return [next(vocab.draws[length]) for length in lengths]


def resegmented(rng: random.Random, words: list[str]) -> list[str]:
    """The same characters cut otherwise at least once: words merged with the next or split."""
    while True:
        out: list[str] = []
        for word in words:
            edit = rng.random() < EDIT_RATE
            if edit and out and rng.random() < MERGED:
                out[-1] += word  # merged with the word before
            elif edit and len(word) > 1:
                cut = rng.randint(1, len(word) - 1)
                out += [word[:cut], word[cut:]]
            else:
                out.append(word)
        if out != words or len("".join(words)) < 2:
            return out


def prediction(rng: random.Random, words: list[str]) -> list[str]:
    return words if rng.random() < SAME_LINES else resegmented(rng, words)


def shifted(rng: random.Random, first: list[str], second: list[str]) -> list[list[str]]:
    """Two predicted lines with the break between them moved by a few words, either way."""
    if rng.random() < 0.5 and len(first) > 1:
        moved = rng.randint(1, min(3, len(first) - 1))
        return [first[:-moved], first[-moved:] + second]
    moved = rng.randint(1, min(3, len(second) - 1)) if len(second) > 1 else 0
    return [first + second[:moved], second[moved:]]


def items(rng: random.Random, vocab: Vocabulary) -> Iterator[tuple[str, str]]:
    """(gold text, prediction text) of UNIT_LINES lines, one line a pair, or two where the
    prediction breaks them elsewhere (the pair then stays together when the lines are shuffled)."""
    made = 0
    while made < UNIT_LINES:
        gold = [sentence(rng, vocab)]
        if rng.random() < SHIFTED_BREAKS:
            gold.append(sentence(rng, vocab))
        pred = [prediction(rng, words) for words in gold]
        if len(pred) == 2:
            pred = shifted(rng, *pred)
        made += len(gold)
        yield (
            "".join(GOLD_SEPARATOR.join(words) + GOLD_SEPARATOR + "\n" for words in gold),
            "".join(PRED_SEPARATOR.join(words) + "\n" for words in pred),
        )


def unit(seed: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The (gold, prediction) texts of UNIT_LINES lines and the word list's entries."""
    rng = random.Random(seed)
    vocab = vocabulary(rng)
    pairs = list(items(rng, vocab))
    listed = [
        word
        for length, words in vocab.by_length.items()
        for word in words[: len(words) if length == 1 else round(len(words) * (1 - OUT_OF_LIST))]
    ]
    return pairs, listed


def write(directory: Path, size_mb: float, seed: int = SEED) -> Workload:
    """Write the workload of about ``size_mb`` MiB (gold + prediction) into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    pairs, listed = unit(seed)
    unit_size = sum(len(gold.encode()) + len(pred.encode()) for gold, pred in pairs)
    copies = max(1, round(size_mb * MIB / unit_size))
    rng = random.Random(seed + 1)
    gold, pred, words = directory / "gold.txt", directory / "pred.txt", directory / "words.txt"
    with open(gold, "w", encoding="utf-8") as g, open(pred, "w", encoding="utf-8") as p:
        for _ in range(copies):
            rng.shuffle(pairs)
            g.write("".join(gold for gold, _ in pairs))
            p.write("".join(pred for _, pred in pairs))
    words.write_text("".join(word + "\n" for word in listed), encoding="utf-8")
    return Workload(gold, pred, words, gold.stat().st_size + pred.stat().st_size)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("directory", type=Path, help="where gold.txt, pred.txt, words.txt go")
    parser.add_argument("--size-mb", type=float, default=80.0, help="MiB of gold + prediction")
    parser.add_argument("--seed", type=int, default=SEED, help="the RNG's seed")
    args = parser.parse_args(argv)
    made = write(args.directory, args.size_mb, args.seed)
    for path in (made.gold, made.pred, made.words):
        print(f"{path}: {path.stat().st_size / MIB:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
