"""Measure what ``--unit grapheme`` would cost (docs/design-units.md §5), on a words file
repeated ``--times`` times (e.g. the MSR test gold 16 times, as the benchmarks take it).

    /work/venvs/h17-tools/bin/python tools/bench_units.py GOLD [--times 16]

Prints seconds for: splitting the lines into words (the floor); the grapheme test per line that
lets text without any joining character skip segmentation (option B's fast path); unit edges
per line by the stdlib pattern; ``regex``'s ``\\X`` if installed; option A's interning (each
multi-code-point cluster mapped to a private-use code point, and back).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from wsscore.core.units import (
    Interning,
    grapheme_pattern,
    may_join,
    unit_edges,
)


def timed(label: str, work: Callable[[], object]) -> None:
    start = time.perf_counter()
    work()
    print(f"{label:<48} {time.perf_counter() - start:7.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("gold")
    parser.add_argument("--times", type=int, default=16)
    args = parser.parse_args()
    lines = Path(args.gold).read_text(encoding="utf-8").splitlines() * args.times
    print(f"{len(lines)} lines, {sum(map(len, lines))} code points")
    grapheme_pattern()
    timed("split into words (the floor)", lambda: [line.split() for line in lines])
    timed("may_join per line (B's fast test)", lambda: [may_join(line) for line in lines])
    timed(
        "unit edges per line, every line segmented",
        lambda: [unit_edges(line.split(), "grapheme") for line in lines],
    )
    timed("unit edges per line, joining lines only", lambda: [_edges(line) for line in lines])
    try:
        import regex  # type: ignore[import-not-found]

        cluster = regex.compile(r"\X")
        timed(
            "regex \\X per word", lambda: [[cluster.findall(w) for w in x.split()] for x in lines]
        )
    except ImportError:
        pass
    interning = Interning()
    mapped: list[str] = []
    timed("A: intern and map every line", lambda: mapped.extend(map(interning.map_line, lines)))
    timed("A: map every line back", lambda: [interning.unmap(line) for line in mapped])


def _edges(line: str) -> object:
    words = line.split()
    return unit_edges(words, "grapheme") if may_join(line) else None


if __name__ == "__main__":
    main()
