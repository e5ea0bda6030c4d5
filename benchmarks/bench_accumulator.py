"""Benchmark wsscore.Scorer's overhead: sentences fed in batches against one score() call.

A training loop scores its dev set batch by batch. The issue's target: accumulating 1,563
batches of 32 sentences (about the MSR test set cut 16 times: 50,016 sentences) costs at most
1.5 times one `score()` call on the same lists. Here the same sentences, gold and prediction as
lists of words, are

- scored by one `score(gold, prediction, inputs=InputOptions(dictionary=..., mismatch="error"))`
  call (the reference), and
- fed to a `Scorer(dictionary=...)` in batches of 1, 32 and 1,024, then `compute()` once,

in one process (the Python of the wsscore under test), in interleaved rounds
(benchmarks/timing.py: wall and CPU time). The dictionary is loaded once, outside the timings.
The gold is the MSR test gold repeated and cut to 50,016 sentences, from ../shared/icwb2 (never
copied into the repository); the prediction jieba's segmentation of each gold line's text when
jieba is installed, else the bakeoff's maximum-matching baseline made in-process.

    python benchmarks/bench_accumulator.py [--runs 7]  # = write_performance.py --only accumulator
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling modules, found through sys.path above.
from figures import Results, seconds, table, times, verdict
from timing import (
    BenchError,
    Collected,
    Samples,
    Setup,
    Skipped,
    environment,
    interleaved_calls,
    wsscore_python,
)

SENTENCES = 1_563 * 32  # the 1,563 batches of 32
BATCHES = (1, 32, 1_024)
TARGET = 1.5  # batches of 32 at most this many times one score() call
LABELS_TARGET = 3.0  # update_labels at most this many times update, batches of 32 each
LABELS_SIZE = 32


def positions(words: list[str]) -> str:
    """A sentence's BMES labels, one letter per character."""
    return "".join("S" if len(word) == 1 else f"B{'M' * (len(word) - 2)}E" for word in words)


def update_key(size: int) -> str:
    return f"Scorer, {SENTENCES // size:,} batches of {size:,}"


LABELS_KEY = f"Scorer.update_labels (BMES), {SENTENCES // LABELS_SIZE:,} batches of {LABELS_SIZE}"


def sentences(path: Path, total: int) -> list[list[str]]:
    """The lines of ``path`` as lists of words, repeated and cut to ``total``."""
    lines = path.read_text("utf-8").splitlines()
    repeated = lines * (total // len(lines) + 1)
    return [line.split() for line in repeated[:total]]


def jieba_words(gold: list[list[str]]) -> list[list[str]]:
    """jieba's segmentation of each gold sentence's text (each distinct one segmented once)."""
    import jieba

    jieba.setLogLevel(60)
    found: dict[str, list[str]] = {}
    for sentence in gold:
        text = "".join(sentence)
        if text not in found:
            found[text] = [word for word in jieba.cut(text) if word.strip()]
    return [found["".join(sentence)] for sentence in gold]


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

    texts = ["".join(sentence) for sentence in gold]
    gold_labels, pred_labels = ([positions(s) for s in side] for side in (gold, pred))

    def labelled() -> object:
        scorer = Scorer(dictionary=known)
        for start in range(0, len(gold), LABELS_SIZE):
            end = start + LABELS_SIZE
            scorer.update_labels(texts[start:end], gold_labels[start:end], pred_labels[start:end])
        return scorer.compute()

    found: dict[str, Callable[[], object]] = {"one score() call": one_call}
    for size in BATCHES:
        found[update_key(size)] = batches_of(size)
    found[LABELS_KEY] = labelled
    return found


def measure(icwb2: Path, runs: int) -> dict[str, object]:
    """Run in the Python of the wsscore under test: the samples of every case, as JSON."""
    gold = sentences(icwb2 / "gold" / "msr_test_gold.utf8", SENTENCES)
    words = icwb2 / "gold" / "msr_training_words.utf8"
    has_jieba = importlib.util.find_spec("jieba") is not None
    pred = jieba_words(gold) if has_jieba else baseline(gold, words)
    found = cases(gold, pred, words)
    samples = interleaved_calls(found, runs)
    return {
        "timings": {key: value.as_json() for key, value in samples.items()},
        "predicted_by": "jieba" if has_jieba else "maximum matching (jieba is not installed)",
    }


def collect(setup: Setup) -> Collected:
    if not (setup.icwb2 / "gold" / "msr_test_gold.utf8").is_file():
        raise Skipped(f"{setup.icwb2} holds no bakeoff data")
    command = [wsscore_python(setup.ws), __file__, "--measure", str(setup.icwb2), str(setup.runs)]
    done = subprocess.run(command, capture_output=True, env=environment(), cwd=setup.work)
    if done.returncode:
        raise BenchError(f"bench_accumulator.py --measure failed: {done.stderr.decode()[-500:]}")
    found = json.loads(done.stdout)
    timings = {
        key: Samples(value["wall"], value["cpu"], [], value["command"])
        for key, value in found["timings"].items()
    }
    return Collected(timings, {"cases": list(timings), "predicted_by": found["predicted_by"]})


def figures(results: Results) -> dict[str, str]:
    reference, *others = results.facts["cases"]
    rows = [[reference, seconds(results.wall(reference)), "1×", "1×", ""]]
    for key in others:
        value = results.ratio(key, reference)
        target = f"≤ {TARGET:g}× ({verdict(value, TARGET)})" if key == update_key(32) else ""
        if key == LABELS_KEY and results.has(update_key(LABELS_SIZE)):
            of_update = results.ratio(key, update_key(LABELS_SIZE))
            shown = f"{times(of_update)} `update`'s"
            target = f"{shown}: ≤ {LABELS_TARGET:g}× ({verdict(of_update, LABELS_TARGET)})"
        rows.append(
            [
                key,
                seconds(results.wall(key)),
                times(value),
                times(results.cpu_ratio(key, reference)),
                target,
            ]
        )
    header = ["case", "median", "÷ one `score()` call", "CPU ÷ one call", "target"]
    return {
        "table": table(header, "lrrrr", rows),
        "predicted_by": results.facts["predicted_by"],
        "sentences": f"{SENTENCES:,}",
    }


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["--measure"]:
        print(json.dumps(measure(Path(given[1]), int(given[2]))))
        return 0
    import write_performance

    return write_performance.main(["--only", "accumulator", *given])


if __name__ == "__main__":
    sys.exit(main())
