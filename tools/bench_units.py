"""Measure what ``--unit grapheme`` costs (docs/design-units.md §2.4): on Chinese (a words
file repeated ``--times`` times, e.g. the MSR test gold 16 times, as the benchmarks take it)
and on Thai (``--thai``: a words or text file repeated until it has as many code points as the
Chinese text, so the two lines compare at the same size).

    /work/venvs/h18-tools/bin/python tools/bench_units.py GOLD --thai fixtures/thai/text.txt

(a scratch environment with click, rich and chardet, and ``regex`` for the oracle's line; never
a dependency of wsscore). Prints seconds for: the first use (the pattern and the set of joining
characters built); splitting the lines into words (the floor); ``may_join`` per line (the fast
path that lets text without any joining character skip segmentation); unit edges per line, of
every line and of the joining lines only; what counting in clusters changes in the extra counts
of the lines taken as agreeing with themselves (``grapheme_change``, what ``--extra --unit
grapheme`` computes per run of agreeing lines), in each backend that runs;
``regex``'s ``\\X`` per word if installed. CPU
seconds of this process (``time.process_time``: less disturbed than wall time on a shared
machine), the lowest of ``--repeat`` runs of each step.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from wsscore.core.backend import counting_backends
from wsscore.core.unit_change import grapheme_edges, grapheme_lengths
from wsscore.core.units import UNICODE_VERSION, graphemes, may_join

REPEAT = [1]  # set from --repeat


def timed(label: str, work: Callable[[], object], repeat: int | None = None) -> None:
    best = float("inf")
    for _ in range(REPEAT[0] if repeat is None else repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    print(f"  {label:<46} {best:7.3f} s")


def first_use() -> None:
    """What the first ``may_join`` and ``graphemes`` calls cost (built once, then cached)."""
    print(f"first use (Unicode {UNICODE_VERSION})")
    timed("may_join: the set of joining characters", lambda: may_join("a"), repeat=1)
    timed("graphemes: the pattern", lambda: graphemes("a"), repeat=1)


def measure(name: str, lines: list[str]) -> None:
    print(f"{name}: {len(lines)} lines, {sum(map(len, lines))} code points")
    timed("split into words (the floor)", lambda: [line.split() for line in lines])
    timed("may_join per line (the fast test)", lambda: [may_join(line) for line in lines])
    timed(
        "unit edges per line, every line segmented",
        lambda: [[grapheme_lengths(word) for word in line.split()] for line in lines],
    )
    timed("unit edges per line, joining lines only", lambda: [_edges(line) for line in lines])
    for backend_name, counting in counting_backends().items():
        change = partial(counting.grapheme_change, lines, lines)
        timed(f"grapheme change of the lines ({backend_name})", change)
    try:
        import regex  # type: ignore[import-not-found]
    except ImportError:
        return
    cluster = regex.compile(r"\X")
    timed("regex \\X per word", lambda: [[cluster.findall(w) for w in x.split()] for x in lines])


def _edges(line: str) -> object:
    return grapheme_edges(line.split())


def _repeated(path: str, code_points: int) -> list[str]:
    """The lines of ``path`` repeated until they hold ``code_points`` code points."""
    sample = [line for line in Path(path).read_text(encoding="utf-8").splitlines() if line]
    size = sum(map(len, sample))
    return sample * max(1, round(code_points / size))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("gold", help="a Chinese words file (the MSR test gold)")
    parser.add_argument("--times", type=int, default=16)
    parser.add_argument("--thai", help="a Thai file, repeated to the Chinese text's size")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each step (the lowest)")
    args = parser.parse_args()
    REPEAT[0] = args.repeat
    first_use()
    chinese = Path(args.gold).read_text(encoding="utf-8").splitlines() * args.times
    measure("Chinese", chinese)
    if args.thai:
        measure("Thai", _repeated(args.thai, sum(map(len, chinese))))


if __name__ == "__main__":
    main()
