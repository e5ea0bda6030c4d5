"""Benchmark fixed costs: how long wsscore takes before it has any work, against ``python -c pass``.

The ``startup`` benchmark of write_performance.py: the installed ``wsscore --version``,
``--help``, ``score --help`` and a plain ``score`` of the two small fixture files, in
interleaved rounds with ``python -c pass`` run by the same interpreter (benchmarks/timing.py:
wall time, CPU time and peak RSS of every run), each against Python's own start-up; issue 35's
targets are ``--version`` within 2× of it and ``--help`` within 3×. Then what the plain
``score`` imports (``python -X importtime``: each module's median over a few runs).

Install wsscore regularly first: an editable install adds a finder to every import.

    python benchmarks/startup.py [--runs 30]     # = write_performance.py --only startup
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling modules, found through sys.path above.
from figures import Results, seconds, table, times, verdict
from timing import (
    ROOT,
    BenchError,
    Collected,
    Command,
    Setup,
    environment,
    interleaved,
    wsscore_python,
)

FIXTURES = ROOT / "fixtures"
IMPORT_RUNS = 5  # runs of `-X importtime`: a module's time is the median over them
TOP_IMPORTS = 12  # the largest imports listed, by cumulative time
# Issue 35: each command's wall time at most this many times `python -c pass`'s.
TARGETS = {"version": 2.0, "help": 3.0}
LABELS = {
    "python": "python -c pass",
    "version": "wsscore --version",
    "help": "wsscore --help",
    "score_help": "wsscore score --help",
    "plain": "wsscore score fixtures/gold.txt fixtures/pred.txt",
}


def plain_score(ws: list[str]) -> list[str]:
    return [*ws, "score", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt")]


def collect(setup: Setup) -> Collected:
    env = environment()
    python = wsscore_python(setup.ws)
    commands = {
        "python": Command([python, "-c", "pass"], env),
        "version": Command([*setup.ws, "--version"], env),
        "help": Command([*setup.ws, "--help"], env),
        "score_help": Command([*setup.ws, "score", "--help"], env),
        "plain": Command(plain_score(setup.ws), env),
    }
    samples, _ = interleaved(commands, setup.runs, setup.work)
    runs = min(setup.runs, IMPORT_RUNS)
    return Collected(samples, {"imports": imports(setup, env, runs), "import_runs": runs})


def importtime_command(ws: list[str]) -> list[str]:
    """The plain score under ``python -X importtime``: a console script is run by its own
    interpreter; ``python -m wsscore`` takes the option after its interpreter."""
    script = ws[1:] if len(ws) > 1 else ws
    return [wsscore_python(ws), "-X", "importtime", *plain_score(script)]


def imports(setup: Setup, env: dict[str, str], runs: int) -> dict[str, list[float]]:
    """Each module the plain score imports: [self ms, cumulative ms], medians of ``runs``."""
    found: dict[str, list[tuple[int, int]]] = defaultdict(list)
    command = importtime_command(setup.ws)
    for _ in range(runs):
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=setup.work)
        if done.returncode:
            raise BenchError(f"{' '.join(command)} failed: exit status {done.returncode}")
        for name, micros in import_times(done.stderr).items():
            found[name].append(micros)
    return {
        name: [
            round(statistics.median(own for own, _ in found[name]) / 1000, 2),
            round(statistics.median(whole for _, whole in found[name]) / 1000, 2),
        ]
        for name in found
    }


def import_times(log: str) -> dict[str, tuple[int, int]]:
    """Each module's self and cumulative microseconds from ``-X importtime``'s log
    ("import time: SELF | CUMULATIVE | NAME", the name indented by nesting)."""
    found = {}
    for line in log.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if len(fields) == 3 and fields[0].strip().isdigit():  # not the header
            found[fields[2].strip()] = (int(fields[0]), int(fields[1]))
    return found


# ---------------------------------------------------------------------------------------------
# Figures


def timing_rows(results: Results) -> list[list[str]]:
    rows = []
    for key, label in LABELS.items():
        ratio = results.ratio(key, "python")
        target = TARGETS.get(key)
        rows.append(
            [
                f"`{label}`",
                seconds(results.wall(key)),
                seconds(results.cpu(key)),
                f"{results.rss_mib(key):.1f} MiB",
                times(ratio),
                times(results.cpu_ratio(key, "python")),
                "–" if target is None else f"≤ {target:g}×",
                "" if target is None else verdict(ratio, target),
            ]
        )
    return rows


def import_figures(found: dict[str, Any], runs: int) -> dict[str, str]:
    ours = {name: value for name, value in found.items() if name.split(".")[0] == "wsscore"}
    top = sorted(found.items(), key=lambda item: -item[1][1])[:TOP_IMPORTS]
    rows = [[f"`{name}`", f"{own:.1f} ms", f"{whole:.1f} ms"] for name, (own, whole) in top]
    summary = (
        f"{len(found)} modules ({len(ours)} of them wsscore's), "
        f"{sum(own for own, _ in found.values()):.1f} ms in all by `-X importtime` (which slows "
        f"imports down), {sum(own for own, _ in ours.values()):.1f} ms of them in wsscore's own; "
        f"each module's median over {runs} runs"
    )
    header = ["module", "self", "cumulative"]
    return {"imports": table(header, "lrr", rows), "imports_summary": summary}


def figures(results: Results) -> dict[str, str]:
    header = ["command", "wall", "CPU", "peak RSS", "÷ python (wall)", "(CPU)", "target", ""]
    return {
        "table": table(header, "lrrrrrrl", timing_rows(results)),
        "version": seconds(results.wall("version")),
        "python": seconds(results.wall("python")),
        "version_ratio": times(results.ratio("version", "python")),
        "help_ratio": times(results.ratio("help", "python")),
        "plain": seconds(results.wall("plain")),
        **import_figures(results.facts["imports"], results.facts["import_runs"]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    import write_performance

    return write_performance.main(["--only", "startup", *(argv or sys.argv[1:])])


if __name__ == "__main__":
    sys.exit(main())
