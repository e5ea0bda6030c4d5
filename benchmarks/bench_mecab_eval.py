"""Benchmark wsscore against MeCab's own evaluator on MeCab's own files (issue 35).

The ``mecab`` benchmark of write_performance.py. The Japanese sample of fixtures/japanese (the
hand-corrected ``gold.mecab`` against fugashi's MeCab output ``fugashi.mecab.gz``, every UniDic
feature field) is concatenated SIZES times in a temporary directory: ×256 is 4.2 + 14.5 MB,
×2048 34 + 116 MB (about 80 MB a file), where a Python process's start-up is amortised; at ×1 a
C++ binary's start-up of a few milliseconds against Python's bounds the ratio. At each size, in
interleaved rounds (benchmarks/timing.py):

- ``wsscore score GOLD SYS -q`` against ``mecab-system-eval -l 0 SYS GOLD`` (words);
- ``wsscore score GOLD SYS -q --tags`` against ``mecab-system-eval -l "0 1" SYS GOLD`` (words
  and the first feature field; it is asked for level 0 too, as the differential test says why);
- at the largest size, the same pair in MeCab's and KyTea's layouts (made by ``wsscore
  convert``) against the same text as plain words (``--input-format`` given). No target: the
  readers' 1.2× is ``shapes``'s, on text whose tags are short, where a file is not mostly
  feature fields that the reader decodes and skips.

The largest size runs at most BIG_RUNS rounds (its files are 150 MB). mecab-system-eval is
Debian's mecab-utils (``apt-get install mecab-utils``); without it the benchmark is skipped.

    python benchmarks/bench_mecab_eval.py [--runs 5]   # = write_performance.py --only mecab
"""

from __future__ import annotations

import gzip
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling modules, found through sys.path above.
from figures import Results, seconds, spread, table, times, verdict
from timing import (
    ROOT,
    BenchError,
    Collected,
    Command,
    Samples,
    Setup,
    Skipped,
    environment,
    interleaved,
    run,
)

JAPANESE = ROOT / "fixtures" / "japanese"
SYSTEM_EVAL = ("/usr/lib/mecab/mecab-system-eval", "/usr/libexec/mecab/mecab-system-eval")
SIZES = (1, 256, 2048)  # repetitions of the sample
BIG_RUNS = 3  # rounds at the largest size, at most


class Pair(NamedTuple):
    """A wsscore run and the mecab-system-eval run it is compared with."""

    key: str  # "words": its timings' keys are "x256.words" and "x256.words.eval"
    options: tuple[str, ...]  # wsscore's
    levels: str  # mecab-system-eval's -l
    target: float  # at the largest size, wsscore's time at most this many times the other's


PAIRS = (Pair("words", (), "0", 2.0), Pair("tags", ("--tags",), "0 1", 3.0))
READERS = ("mecab", "kytea")


def system_eval() -> str | None:
    found = shutil.which("mecab-system-eval")
    return found or next((path for path in SYSTEM_EVAL if Path(path).exists()), None)


def concatenated(data: bytes, factor: int, target: Path) -> Path:
    with open(target, "wb") as out:
        for _ in range(factor):
            out.write(data)
    return target


def sample(work: Path, factor: int) -> tuple[Path, Path]:
    gold = (JAPANESE / "gold.mecab").read_bytes()
    system = gzip.decompress((JAPANESE / "fugashi.mecab.gz").read_bytes())
    return (
        concatenated(gold, factor, work / f"gold_{factor}.mecab"),
        concatenated(system, factor, work / f"fugashi_{factor}.mecab"),
    )


def size(*paths: Path) -> int:
    return sum(path.stat().st_size for path in paths)


def printed(outputs: set[bytes], key: str) -> str:
    """The one result every run of a command printed; a BenchError when they differ."""
    values = {output.decode(errors="replace").strip() for output in outputs}
    if len(values) != 1:
        raise BenchError(f"{key}: its runs printed different results: {sorted(values)}")
    return values.pop()


def level_f(output: str, key: str) -> list[str]:
    """mecab-system-eval's F of each level it printed ("LEVEL 0: P(n/m) R(n/m) F"). It exits
    1 when it succeeds, so its result, not its exit status, says that it ran."""
    found = [line.split()[-1] for line in output.splitlines() if line.startswith("LEVEL")]
    if not found:
        raise BenchError(f"{key}: mecab-system-eval printed no result: {output[-200:]}")
    return found


# ---------------------------------------------------------------------------------------------
# Measuring


def collect(setup: Setup) -> Collected:
    tool = system_eval()
    if tool is None:
        raise Skipped("mecab-system-eval is not installed (apt-get install mecab-utils)")
    timings: dict[str, Samples] = {}
    facts: dict[str, Any] = {"sizes": {}, "readers": {}}
    for factor in SIZES:
        files = sample(setup.work, factor)
        described: dict[str, Any] = {"bytes": size(*files)}
        for pair in PAIRS:
            samples, described[pair.key] = compare(setup, tool, files, factor, pair)
            timings.update(samples)
        facts["sizes"][str(factor)] = described
        if factor == max(SIZES):
            timings.update(readers(setup, files, facts["readers"]))
    return Collected(timings, facts)


def rounds(setup: Setup, factor: int) -> int:
    """The rounds at a size: at most BIG_RUNS at the largest (its files are 150 MB)."""
    return min(setup.runs, BIG_RUNS) if factor == max(SIZES) else setup.runs


def compare(
    setup: Setup, tool: str, files: tuple[Path, Path], factor: int, pair: Pair
) -> tuple[dict[str, Samples], dict[str, Any]]:
    """wsscore against mecab-system-eval on one pair of files, and the F each printed."""
    gold, system = map(str, files)
    env, key = environment(), f"x{factor}.{pair.key}"
    commands = {
        key: Command([*setup.ws, "score", gold, system, "-q", *pair.options], env),
        f"{key}.eval": Command([tool, "-l", pair.levels, system, gold], env, succeeded=(0, 1)),
    }
    samples, outputs = interleaved(commands, rounds(setup, factor), setup.work)
    result = {
        "wsscore": printed(outputs[key], key),
        "mecab-system-eval": level_f(printed(outputs[f"{key}.eval"], key), key),
    }
    return samples, result


def readers(setup: Setup, files: tuple[Path, Path], facts: dict[str, Any]) -> dict[str, Samples]:
    """The pair in each layout against the same text as words (converted by the wsscore under
    test), in rounds of their own; ``facts`` gets each layout's size and printed F."""
    env = environment()
    words = [converted(setup, path, "words") for path in files]
    plain = [*setup.ws, "score", *map(str, words), "-q"]
    timings: dict[str, Samples] = {}
    for fmt in READERS:
        pair = files if fmt == "mecab" else [converted(setup, path, fmt) for path in files]
        given = [*setup.ws, "score", *map(str, pair), "-q", "--input-format", fmt]
        commands = {fmt: Command(given, env), f"{fmt}.words": Command(plain, env)}
        samples, outputs = interleaved(commands, rounds(setup, max(SIZES)), setup.work)
        timings.update(samples)
        facts[fmt] = {
            "bytes_ratio": round(size(*pair) / size(*words), 2),
            "printed": printed(outputs[fmt] | outputs[f"{fmt}.words"], fmt),
        }
    return timings


def converted(setup: Setup, source: Path, fmt: str) -> Path:
    target = source.with_suffix(f".{fmt}")
    command = [*setup.ws, "convert", str(source), "--to", fmt, "-o", str(target)]
    run(command, environment(), setup.work)
    return target


# ---------------------------------------------------------------------------------------------
# Figures


def largest(results: Results) -> str:
    sizes: list[str] = list(results.facts["sizes"])
    return max(sizes, key=int)


def size_rows(results: Results) -> list[list[str]]:
    rows = []
    for factor, described in results.facts["sizes"].items():
        for pair in PAIRS:
            key = f"x{factor}.{pair.key}"
            ratio = results.ratio(key, f"{key}.eval")
            levels = pair.levels if " " not in pair.levels else f'"{pair.levels}"'
            rows.append(
                [
                    f"×{factor}",
                    f"{described['bytes'] / 1e6:.2f}",
                    " ".join(["`score", *pair.options]) + f"` ÷ `-l {levels}`",
                    seconds(results.wall(key)),
                    seconds(results.wall(f"{key}.eval")),
                    times(ratio),
                    spread(*results.spread(key, f"{key}.eval")),
                    times(results.cpu_ratio(key, f"{key}.eval")),
                    *target_cells(ratio, pair.target if factor == largest(results) else None),
                ]
            )
    return rows


def target_cells(ratio: float, target: float | None) -> list[str]:
    return ["–", ""] if target is None else [f"≤ {target:g}×", verdict(ratio, target)]


def reader_rows(results: Results) -> list[list[str]]:
    rows = []
    for fmt, described in results.facts["readers"].items():
        rows.append(
            [
                f"{fmt} input ({described['bytes_ratio']:.1f}× the bytes) ÷ the same text as words",
                f"{seconds(results.wall(fmt))} ÷ {seconds(results.wall(f'{fmt}.words'))}",
                times(results.ratio(fmt, f"{fmt}.words")),
                spread(*results.spread(fmt, f"{fmt}.words")),
                times(results.cpu_ratio(fmt, f"{fmt}.words")),
                f"{results.rss_mib(fmt):.1f} MiB",
            ]
        )
    return rows


def agreement(results: Results) -> str:
    """What each printed (the same at every size: the sample repeated): wsscore's F (-q prints
    the words') and mecab-system-eval's at each level; a size that printed otherwise is named."""
    printed: dict[str, list[str]] = {}
    for factor, described in results.facts["sizes"].items():
        words, tags = described["words"], described["tags"]
        levels = tags["mecab-system-eval"]
        text = (
            f"wsscore {words['wsscore']} (with `--tags` {tags['wsscore']}), mecab-system-eval "
            f"{words['mecab-system-eval'][0]} at level 0 and {' / '.join(levels)} at levels 0 / 1"
        )
        printed.setdefault(text, []).append(f"×{factor}")
    if len(printed) == 1:
        return f"at every size, {next(iter(printed))}"
    return "; ".join(f"at {', '.join(sizes)}, {text}" for text, sizes in printed.items())


def rounds_text(count: int) -> str:
    return "one round" if count == 1 else f"{count} rounds"


def figures(results: Results) -> dict[str, str]:
    big = largest(results)
    header = ["size", "MB", "run", "wsscore", "mecab-system-eval", "ratio", "min – max"]
    header += ["CPU ratio", "target", ""]
    readers_header = ["run", "median times", "ratio", "min – max", "CPU ratio", "peak RSS"]
    return {
        "table": table(header, "rrlrrrrrrl", size_rows(results)),
        "readers": table(readers_header, "lrrrrr", reader_rows(results)),
        "largest": f"×{big}",
        "largest_mb": f"{results.facts['sizes'][big]['bytes'] / 1e6:.0f} MB",
        "words_ratio": times(results.ratio(f"x{big}.words", f"x{big}.words.eval")),
        "tags_ratio": times(results.ratio(f"x{big}.tags", f"x{big}.tags.eval")),
        "big_rounds": rounds_text(min(results.meta["runs"], BIG_RUNS)),
        "printed": agreement(results),
    }


def main(argv: Sequence[str] | None = None) -> int:
    import write_performance

    return write_performance.main(["--only", "mecab", *(argv or sys.argv[1:])])


if __name__ == "__main__":
    sys.exit(main())
