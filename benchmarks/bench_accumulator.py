"""Benchmark wsscore.Scorer's overhead: sentences fed in batches against one score() call.

A training loop scores its dev set batch by batch. The issue's target: accumulating 1,563
batches of 32 sentences (about the MSR test set cut 16 times: 50,016 sentences) costs at most
1.5 times one `score()` call on the same lists (before the Scorer, one `score()` call per batch
took 3.5 s against 0.37 s). Here the same sentences, gold and prediction as lists of words, are

- scored by one `score(gold, prediction, inputs=InputOptions(dictionary=..., mismatch="error"))`
  call (the reference), and
- fed to a `Scorer(dictionary=...)` in batches of 1, 32 and 1,024, then `compute()` once,

in one process, each round running every case once in turn (alternating, so a noisy machine
slows them alike), --runs rounds; a row gives the median of its times and the ratio of the
medians to the reference's. The dictionary is loaded once, outside the timings.

The gold is the MSR test gold repeated and cut to 50,016 sentences, from ../shared/icwb2 (never
copied into the repository); the prediction a real segmenter's output of the gold's text, one
line per gold line (--pred; jieba's, say), else the bakeoff's maximum-matching baseline made
in-process. Without the data the benchmark is skipped (exit 0). Standard library only:

    python benchmarks/bench_accumulator.py [--runs 7] [--pred msr_jieba.txt]

It writes a Markdown report (--output, default benchmarks/accumulator.md).
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ICWB2 = HERE.parent.parent / "shared" / "icwb2"
SENTENCES = 1_563 * 32  # the 1,563 batches of 32
BATCHES = (1, 32, 1_024)
TARGET = 1.5  # batches of 32 at most this many times one score() call


def sentences(path: Path, total: int) -> list[list[str]]:
    """The lines of ``path`` as lists of words, repeated and cut to ``total``."""
    lines = path.read_text("utf-8").splitlines()
    repeated = lines * (total // len(lines) + 1)
    return [line.split() for line in repeated[:total]]


def baseline(gold: list[list[str]], words: Path) -> list[list[str]]:
    """The maximum-matching baseline of the gold's text (``wsscore segment --from-gold``)."""
    from wsscore.errors import Warnings
    from wsscore.segmenters.maxmatch import MaxMatcher, load_mwseg_dictionary

    matcher = MaxMatcher(load_mwseg_dictionary(str(words), warnings=Warnings()))
    return [matcher.segment("".join(sentence)) for sentence in gold]


def cases(
    gold: list[list[str]], pred: list[list[str]], words: Path
) -> dict[str, Callable[[], object]]:
    """Each case as a function of no argument: the reference first."""
    from wsscore import InputOptions, Scorer, load_dictionary, score

    known = load_dictionary(words)
    inputs = InputOptions(dictionary=known, mismatch="error")

    def one_call() -> object:
        return score(gold, pred, inputs=inputs)

    def batches_of(size: int) -> Callable[[], object]:
        def fed() -> object:
            scorer = Scorer(dictionary=known)
            for start in range(0, len(gold), size):
                scorer.update(gold[start : start + size], pred[start : start + size])
            return scorer.compute()

        return fed

    found: dict[str, Callable[[], object]] = {"one score() call": one_call}
    for size in BATCHES:
        found[f"Scorer, {len(gold) // size:,} batches of {size:,}"] = batches_of(size)
    return found


def timings(runs: Sequence[Callable[[], object]], rounds: int) -> list[list[float]]:
    """Each case's times, the cases run in turn in each round."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for index, case in enumerate(runs):
            gc.collect()
            start = time.perf_counter()
            case()
            times[index].append(time.perf_counter() - start)
    return times


def markdown(names: list[str], times: list[list[float]], args: argparse.Namespace) -> str:
    medians = [statistics.median(t) for t in times]
    rows = [
        "| case | median (s) | least – greatest (s) | ratio to one score() call | target |",
        "|---|--:|--:|--:|---|",
    ]
    for index, (name, median) in enumerate(zip(names, medians, strict=True)):
        ratio = median / medians[0]
        target = ""
        if index and "batches of 32 " in f"{name} ":
            target = f"≤ {TARGET}× ({'pass' if ratio <= TARGET else 'FAIL'})"
        spread = f"{min(times[index]):.3f} – {max(times[index]):.3f}"
        rows.append(f"| {name} | {median:.3f} | {spread} | {ratio:.2f}× | {target} |")
    pred = args.pred.name if args.pred else "the maximum-matching baseline of the gold's text"
    return "\n".join(
        [
            "# The accumulator's overhead",
            "",
            f"{SENTENCES:,} sentences (the MSR test gold repeated) against {pred}, as lists of "
            f"words, with the MSR training words; medians of {args.runs} alternating rounds in "
            "one process (`python benchmarks/bench_accumulator.py`).",
            "",
            *rows,
            "",
            f"Python {platform.python_version()} on {platform.machine()}; backend: {_backend()}.",
            "",
        ]
    )


def _backend() -> str:
    from wsscore.core import backend

    return backend.NAME


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds (default 7)")
    parser.add_argument("--pred", type=Path, help="a segmentation of the MSR gold's text")
    parser.add_argument("--output", type=Path, default=HERE / "accumulator.md")
    args = parser.parse_args(argv)
    gold_file = ICWB2 / "gold" / "msr_test_gold.utf8"
    words = ICWB2 / "gold" / "msr_training_words.utf8"
    if not gold_file.is_file():
        print(f"skipped: {ICWB2} holds no bakeoff data", file=sys.stderr)
        return 0
    gold = sentences(gold_file, SENTENCES)
    pred = sentences(args.pred, SENTENCES) if args.pred else baseline(gold, words)
    found = cases(gold, pred, words)
    times = timings(list(found.values()), args.runs)
    report = markdown(list(found), times, args)
    args.output.write_text(report, "utf-8")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
