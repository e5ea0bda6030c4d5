"""Run the benchmarks and write docs/performance.md from their results: its one source of figures.

Each benchmark registered in BENCHMARKS below times its commands in interleaved rounds (A B,
B A, ...; benchmarks/timing.py) and returns what it measured; this script writes that, with the
date, the machine, Python, the wsscore build, the commit and this command line, to
benchmarks/results/NAME.json, then fills the template benchmarks/performance.md.in with the
figures each benchmark computes from its results (``{{NAME.figure}}``; ``{{NAME.header}}`` is
the section's when-where-how line) and writes docs/performance.md. tests/test_performance_doc.py
renders the same template from the committed results and fails when the document differs, so a
figure edited by hand in the document fails CI.

    pip install '.[bench]'                              # a regular (not editable) install
    python benchmarks/write_performance.py              # every benchmark, full rounds
    python benchmarks/write_performance.py --quick      # every benchmark, a smoke run
    python benchmarks/write_performance.py --only shapes,scaling --runs 7
    python benchmarks/write_performance.py --render     # only rewrite the document
    python benchmarks/write_performance.py --only features --results /tmp/old  # elsewhere

The workloads are built in temporary directories from ../shared/icwb2 (research data: never
copied into the repository). A benchmark that cannot run here (no data, no tool) says why and
leaves its results as they were. It exits 1 when a command fails, never when a target is missed
(the document marks that).

Adding a benchmark: a module with ``collect(setup: Setup) -> Collected`` and
``figures(results: Results) -> dict[str, str]``, one ``Benchmark(...)`` line in BENCHMARKS, and
its ``{{name.figure}}`` placeholders in the template.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling modules, found through sys.path above.
import bench_accumulator
import bench_features
import bench_mecab_eval
import bench_score
import bench_shapes
import speed_gate
import startup
from figures import RESULTS, Results, fill, header
from timing import (
    ICWB2,
    ROOT,
    SHOWN,
    BenchError,
    Collected,
    Setup,
    Skipped,
    machine,
    progress,
    wsscore_command,
)

TEMPLATE = Path(__file__).resolve().parent / "performance.md.in"
DOCUMENT = ROOT / "docs" / "performance.md"


class Benchmark(NamedTuple):
    name: str  # its results file and its placeholders' prefix
    collect: Callable[[Setup], Collected]
    figures: Callable[[Results], dict[str, str]]
    runs: int  # rounds of a full run
    quick_runs: int  # rounds of --quick
    draw: Callable[[Results, Path], None] | None = None  # a picture drawn from the results


BENCHMARKS = [
    Benchmark("scaling", bench_score.collect, bench_score.figures, 5, 2, bench_score.draw),
    Benchmark("gate", speed_gate.collect, speed_gate.figures, 7, 3),
    Benchmark("perl", bench_score.collect_perl, bench_score.perl_figures, 3, 1),
    Benchmark("shapes", bench_shapes.collect, bench_shapes.figures, 5, 2),
    Benchmark("features", bench_features.collect, bench_features.figures, 5, 2),
    Benchmark("accumulator", bench_accumulator.collect, bench_accumulator.figures, 7, 3),
    Benchmark("startup", startup.collect, startup.figures, 30, 10),
    Benchmark("mecab", bench_mecab_eval.collect, bench_mecab_eval.figures, 5, 2),
]
BY_NAME = {benchmark.name: benchmark for benchmark in BENCHMARKS}


def render(directory: Path = RESULTS, template: Path = TEMPLATE) -> str:
    """docs/performance.md as the results in ``directory`` make it."""
    values: dict[str, str] = {}
    total = 0.0
    for benchmark in BENCHMARKS:
        results = Results.load(benchmark.name, directory)
        total += results.meta["seconds"]
        values[f"{benchmark.name}.header"] = header(results.meta)
        for key, value in benchmark.figures(results).items():
            values[f"{benchmark.name}.{key}"] = value
    values["total_minutes"] = f"{total / 60:.1f} minutes"
    return fill(template.read_text(encoding="utf-8"), values)


def measure(benchmark: Benchmark, args: argparse.Namespace, ws: list[str]) -> bool:
    """Run one benchmark and write its results file; False when it was skipped."""
    runs = args.runs or (benchmark.quick_runs if args.quick else benchmark.runs)
    progress(f"== {benchmark.name}: {runs} rounds")
    with tempfile.TemporaryDirectory(prefix=f"wsscore-{benchmark.name}-") as directory:
        setup = Setup(ws, runs, args.quick, args.icwb2, Path(directory))
        meta = machine(ws)
        started = time.monotonic()
        try:
            collected = benchmark.collect(setup)
        except Skipped as why:
            progress(f"skipped {benchmark.name}: {why}; its results stay as they were")
            return False
    meta.update(benchmark=benchmark.name, command=args.command, runs=runs, quick=args.quick)
    meta["seconds"] = round(time.monotonic() - started, 1)
    data = {
        "meta": meta,
        "timings": {key: samples.as_json() for key, samples in collected.timings.items()},
        "facts": collected.facts,
    }
    args.results.mkdir(parents=True, exist_ok=True)
    target = args.results / f"{benchmark.name}.json"
    target.write_text(dumped(data), encoding="utf-8")
    progress(f"wrote {target}")
    return True


def dumped(data: dict[str, object]) -> str:
    """JSON with one line per list of numbers (the runs of a command), for a readable diff."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    numbers = re.compile(r"\[\s*([-0-9.e,\s]*?)\s*\]")
    return numbers.sub(lambda found: "[" + " ".join(found.group(1).split()) + "]", text) + "\n"


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", help=f"comma-separated: some of {', '.join(BY_NAME)}")
    parser.add_argument("--runs", type=int, help="interleaved rounds (default: each benchmark's)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer rounds")
    parser.add_argument("--render", action="store_true", help="measure nothing, only render")
    parser.add_argument("--wsscore", help="the wsscore to measure (default: beside this Python)")
    parser.add_argument("--icwb2", type=Path, default=ICWB2, help="the bakeoff data")
    parser.add_argument(
        "--results",
        type=Path,
        default=RESULTS,
        help="where the results go; elsewhere than the default, the document is left alone",
    )
    args = parser.parse_args(argv)
    names = [name.strip() for name in (args.only or ",".join(BY_NAME)).split(",") if name.strip()]
    unknown = [name for name in names if name not in BY_NAME]
    if unknown or not names:
        parser.error(f"--only takes some of {', '.join(BY_NAME)}")
    if args.runs is not None and args.runs < 1:
        parser.error("--runs must be at least 1")
    args.names = names
    given = list(sys.argv[1:] if argv is None else argv)
    args.command = " ".join(["python benchmarks/write_performance.py", *given])
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    if not args.render:
        ws = wsscore_command(args.wsscore)
        SHOWN.update({" ".join(ws): "wsscore", str(args.icwb2): "$ICWB2"})
        try:
            for name in args.names:
                measure(BY_NAME[name], args, ws)
        except BenchError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
    if args.results.resolve() != RESULTS:
        return 0
    for benchmark in BENCHMARKS:
        if benchmark.draw is not None and (RESULTS / f"{benchmark.name}.json").is_file():
            benchmark.draw(Results.load(benchmark.name), ROOT / "benchmarks")
    missing = [b.name for b in BENCHMARKS if not (RESULTS / f"{b.name}.json").is_file()]
    if missing:
        print(f"error: no results of {', '.join(missing)}: run --only them", file=sys.stderr)
        return 1
    DOCUMENT.write_text(render(), encoding="utf-8")
    progress(f"wrote {DOCUMENT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
