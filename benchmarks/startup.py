"""Fixed costs: how long wsscore takes before it has any work to do, against ``python -c pass``.

Times, as whole processes run in turn (A B C A B C ..., the median of each), the installed
``wsscore --version``, ``--help``, ``score --help`` and a plain ``score`` of two small files,
beside ``python -c pass`` run by the same interpreter, with wall and CPU time (the child's own,
from the kernel) and their ratios to Python's start-up; then lists what the plain ``score``
imports (``python -X importtime``, the median of each module over the runs). Prints Markdown:

    pip install .                       # a regular install: an editable one adds a finder
    python benchmarks/startup.py        # about a minute
    python benchmarks/startup.py --runs 40 --workload PKU GOLD PRED WORDS

``--workload NAME GOLD PRED WORDS`` adds the plain score of those files (``-d WORDS``), e.g.
the bakeoff's test sets, where start-up is most of the time. ``--wsscore PATH`` measures
another installation's console script; its own interpreter (from the script's first line)
runs ``python -c pass``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
TOP_IMPORTS = 12  # the largest imports listed, by cumulative time


def measure(command: Sequence[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (its output thrown away)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"exit {child.returncode}: {' '.join(command)}")
    return wall, usage.ru_utime + usage.ru_stime


def interleaved(commands: dict[str, list[str]], runs: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each command, run in turn, after one warm-up round."""
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for round_number in range(runs + 1):
        for name, command in commands.items():
            figures = measure(command)
            if round_number:
                times[name].append(figures)
    return {
        name: (statistics.median(w for w, _ in runs_), statistics.median(c for _, c in runs_))
        for name, runs_ in times.items()
    }


def imports(python: str, command: list[str], runs: int) -> list[tuple[float, float, str]]:
    """(self ms, cumulative ms, module) of every module ``command`` imports, medians."""
    self_times: dict[str, list[int]] = defaultdict(list)
    cumulative: dict[str, list[int]] = defaultdict(list)
    for _ in range(runs):
        done = subprocess.run(
            [python, "-X", "importtime", *command], capture_output=True, text=True, check=True
        )
        for line in done.stderr.splitlines():
            fields = line.removeprefix("import time:").split("|")
            if len(fields) != 3 or not fields[0].strip().isdigit():
                continue  # the header
            name = fields[2].strip()
            self_times[name].append(int(fields[0]))
            cumulative[name].append(int(fields[1]))
    return [
        (
            statistics.median(self_times[name]) / 1000,
            statistics.median(cumulative[name]) / 1000,
            name,
        )
        for name in self_times
    ]


def interpreter_of(script: str) -> str:
    """The Python that runs a console script: its first line's (pip writes it there)."""
    first = Path(script).read_bytes().split(b"\n", 1)[0]
    if first.startswith(b"#!") and b"python" in first:
        return first[2:].decode().strip().split()[0]
    return sys.executable


def timing_table(figures: dict[str, tuple[float, float]]) -> list[str]:
    base_wall, base_cpu = figures["python -c pass"]
    rows = [
        "| command | wall | CPU | ÷ `python -c pass` (wall) | (CPU) |",
        "|:---|---:|---:|---:|---:|",
    ]
    for name, (wall, cpu) in figures.items():
        rows.append(
            f"| `{name}` | {wall * 1000:.1f} ms | {cpu * 1000:.1f} ms "
            f"| {wall / base_wall:.2f}× | {cpu / base_cpu:.2f}× |"
        )
    return rows


def import_lines(found: list[tuple[float, float, str]]) -> list[str]:
    ours = [row for row in found if row[2].split(".")[0] == "wsscore"]
    total = sum(row[0] for row in found)
    lines = [
        f"{len(found)} modules imported ({len(ours)} of wsscore), {total:.1f} ms in all by "
        f"`-X importtime` (which slows imports down), {sum(row[0] for row in ours):.1f} ms of "
        "them in wsscore's own; the largest, by cumulative time:",
        "",
        "| module | self | cumulative |",
        "|:---|---:|---:|",
    ]
    top = sorted(found, key=lambda row: -row[1])[:TOP_IMPORTS]
    lines += [f"| `{name}` | {own:.1f} ms | {whole:.1f} ms |" for own, whole, name in top]
    return lines


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wsscore", help="the console script (default: wsscore on PATH)")
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each command")
    parser.add_argument("--import-runs", type=int, default=5, help="-X importtime runs")
    parser.add_argument(
        "--workload",
        nargs=4,
        action="append",
        default=[],
        metavar=("NAME", "GOLD", "PRED", "WORDS"),
        help="also time `wsscore score GOLD PRED -d WORDS` (repeatable)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    script = args.wsscore or shutil.which("wsscore")
    if script is None:
        raise SystemExit("no wsscore on PATH: pip install . (or give --wsscore)")
    python = interpreter_of(script)
    plain = ["score", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt")]
    commands = {
        "python -c pass": [python, "-c", "pass"],
        "wsscore --version": [script, "--version"],
        "wsscore --help": [script, "--help"],
        "wsscore score --help": [script, "score", "--help"],
        "wsscore score gold.txt pred.txt": [script, *plain],
    }
    for name, gold, pred, words in args.workload:
        commands[f"wsscore score ({name})"] = [script, "score", gold, pred, "-d", words]
    version = subprocess.run([script, "--version"], capture_output=True, text=True, check=True)
    print(f"# Start-up: {version.stdout.strip()}, {dt.date.today()}")
    print(
        f"\n{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores"
    )
    print(f"{args.runs} runs of each, in turn; medians.\n")
    print("\n".join(timing_table(interleaved(commands, args.runs))))
    print("\nWhat `wsscore score fixtures/gold.txt fixtures/pred.txt` imports:\n")
    print("\n".join(import_lines(imports(python, [script, *plain], args.import_runs))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
