"""Timing for every benchmark: whole commands and in-process calls as interleaved rounds.

On a shared machine a neighbour's burst slows whatever runs at that moment, so no figure is
taken from a command timed alone: the commands compared run in rounds (A B, then B A, ...: the
order rotates so that neither always follows the other), each round once per command, and a
ratio is taken between medians of the same rounds. Every run records wall time, CPU time (user
+ system, the command's waited-for children included: steadier than wall time when the machine
is busy) and peak resident memory, all from one ``os.wait4`` on the child, so a memory figure
comes from the same runs as the time beside it.

The benchmarks import what they share from here (running a command, the wsscore under test, the
UTF-8 environment, the machine's description).
"""

from __future__ import annotations

import datetime as dt
import gc
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "benchmarks"
ICWB2 = ROOT.parent / "shared" / "icwb2"

# wc -w counts only ASCII words in the C locale, so everything runs in a UTF-8 one, like wsscore
# (which decodes for itself); the Perl script runs in the C locale, as it always has.
UTF8_ENV = {"LC_ALL": "C.UTF-8"}
PERL_ENV = {"LC_ALL": "C"}


class BenchError(Exception):
    """A command failed, or a workload could not be built: the run stops with its message."""


class Skipped(Exception):
    """A benchmark cannot run here (no bakeoff data, no tool): its results stay as they were."""


class Setup(NamedTuple):
    """What a benchmark is given: the wsscore to run, its rounds, and where to work."""

    ws: list[str]  # the wsscore command under test
    runs: int  # interleaved rounds of each comparison
    quick: bool  # a smoke run: fewer rounds (the workloads stay the same)
    icwb2: Path  # the bakeoff data
    work: Path  # an empty temporary directory, removed afterwards


class Command(NamedTuple):
    """A whole process to time: its arguments, its environment and the exit statuses of a run
    that succeeded (mecab-system-eval exits 1 when it has printed its result)."""

    argv: list[str]
    env: dict[str, str]
    succeeded: tuple[int, ...] = (0,)


class Run(NamedTuple):
    """One timed run: wall seconds, CPU seconds (user + system) and peak RSS in KiB."""

    wall: float
    cpu: float
    rss_kib: int


@dataclass
class Samples:
    """The runs of one command (or call), in the order of the rounds."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rss_kib: list[int] = field(default_factory=list)
    command: str = ""  # as recorded in the results: the temporary directory shown as $WORK

    def add(self, one: Run) -> None:
        self.wall.append(one.wall)
        self.cpu.append(one.cpu)
        self.rss_kib.append(one.rss_kib)

    def as_json(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "wall": [round(value, 5) for value in self.wall],
            "cpu": [round(value, 5) for value in self.cpu],
            "rss_kib": self.rss_kib,
        }


class Collected(NamedTuple):
    """What a benchmark measured: each command's runs, and the facts its figures need."""

    timings: dict[str, Samples]
    facts: dict[str, Any]


# ---------------------------------------------------------------------------------------------
# Running commands


def environment(extra: Mapping[str, str] = UTF8_ENV) -> dict[str, str]:
    env = dict(os.environ, **extra)
    env.pop("WSSCORE_PURE_PYTHON", None)  # measure what a user gets
    return env


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run(command: Sequence[str], env: dict[str, str], cwd: Path) -> bytes:
    """Run ``command`` untimed; its standard output, or BenchError with its last error line."""
    done = subprocess.run(list(command), capture_output=True, env=env, cwd=cwd)
    if done.returncode:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise BenchError(f"{' '.join(command)} failed: {message[-1] if message else ''}")
    return done.stdout


def gnu_time() -> str | None:
    """GNU time, whose %M is the peak RSS of the command alone (see run_measured)."""
    path = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if not path:
        return None
    try:
        version = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return path if "GNU" in version.stdout + version.stderr else None


GNU_TIME = gnu_time()


def run_measured(command: Command, cwd: Path) -> tuple[Run, bytes]:
    """One timed run of ``command``: its Run and its standard output (read after the timing).

    Output goes to a temporary file rather than a pipe, so that nothing in this process has to
    read while the child runs. ``os.wait4`` gives the child's CPU time (that of the children it
    waited for included, such as ``-j 2``'s workers). Its peak RSS would include this Python
    process's, which the child holds between fork and exec, so the peak comes from GNU time's
    %M (time is a small process; its own CPU time, about a millisecond, is counted); without
    GNU time it is ``os.wait4``'s, an upper bound."""
    with tempfile.NamedTemporaryFile() as peak, tempfile.TemporaryFile() as out:
        wrapper = [GNU_TIME, "-f", "%M", "-o", peak.name] if GNU_TIME else []
        with tempfile.TemporaryFile() as err:
            start = time.perf_counter()
            child = subprocess.Popen(
                [*wrapper, *command.argv], stdout=out, stderr=err, env=command.env, cwd=cwd
            )
            _, status, usage = os.wait4(child.pid, 0)
            wall = time.perf_counter() - start
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode not in command.succeeded:
                err.seek(0)
                lines = err.read().decode(errors="replace").strip().splitlines()
                raise BenchError(f"{' '.join(command.argv)} failed: {lines[-1] if lines else ''}")
        rss = int(Path(peak.name).read_text().split()[-1]) if GNU_TIME else usage.ru_maxrss
        out.seek(0)
        output = out.read()
    return Run(wall, usage.ru_utime + usage.ru_stime, rss), output


def rotated(keys: Sequence[str], round_: int) -> list[str]:
    """The order of round ``round_``: A B, B A, A B ... for two; every rotation for more."""
    shift = round_ % len(keys)
    return [*keys[shift:], *keys[:shift]]


def interleaved(
    commands: Mapping[str, Command], runs: int, cwd: Path, warm: Sequence[str] | None = None
) -> tuple[dict[str, Samples], dict[str, set[bytes]]]:
    """Each command's Samples over ``runs`` rounds, and every output it printed.

    One untimed run of each command of ``warm`` (default: all) first: the files they read are
    then in the page cache (the previous group may have just written several hundred MB), as
    in every timed round."""
    keys = list(commands)
    samples = {key: Samples(command=shown(commands[key].argv, cwd)) for key in keys}
    outputs: dict[str, set[bytes]] = {key: set() for key in keys}
    for key in keys if warm is None else warm:
        outputs[key].add(run_measured(commands[key], cwd)[1])
    for round_ in range(runs):
        progress(f"{', '.join(keys)}: round {round_ + 1} of {runs}")
        for key in rotated(keys, round_):
            one, output = run_measured(commands[key], cwd)
            samples[key].add(one)
            outputs[key].add(output)
    return samples, outputs


def interleaved_calls(calls: Mapping[str, Callable[[], object]], runs: int) -> dict[str, Samples]:
    """The same for functions in this process: wall and CPU time (``time.process_time``); the
    peak RSS of one call cannot be told apart from the process's, so it is not recorded."""
    keys = list(calls)
    samples = {key: Samples(command=key) for key in keys}
    for round_ in range(runs):
        for key in rotated(keys, round_):
            gc.collect()
            wall, cpu = time.perf_counter(), time.process_time()
            calls[key]()
            samples[key].wall.append(time.perf_counter() - wall)
            samples[key].cpu.append(time.process_time() - cpu)
    return samples


# Paths a recorded command shows by name (write_performance.py adds the wsscore under test and
# the bakeoff data it was given): the record says what ran, not where.
SHOWN: dict[str, str] = {str(ICWB2): "$ICWB2"}


def shown(argv: Sequence[str], cwd: Path) -> str:
    """A command as the results record it: the temporary directory as $WORK, the wsscore under
    test as ``wsscore``, the bakeoff data as $ICWB2, this checkout as ``.``."""
    names = {str(cwd): "$WORK", **SHOWN, str(ROOT): "."}
    words = []
    for word in argv:
        for path, name in names.items():
            if word == path or word.startswith(path + "/"):
                word = name + word[len(path) :]
                break
        words.append(word)
    return " ".join(words)


# ---------------------------------------------------------------------------------------------
# The wsscore under test


def wsscore_command(explicit: str | None) -> list[str]:
    """--wsscore, else the console script beside this Python, else one on PATH."""
    if explicit:
        return [explicit]
    script = Path(sys.executable).with_name("wsscore")
    if script.exists():
        return [str(script)]
    found = shutil.which("wsscore")
    return [found] if found else [sys.executable, "-m", "wsscore"]


def wsscore_python(command: list[str]) -> str:
    """The interpreter that runs the wsscore under test (from the console script's #! line)."""
    if len(command) > 1:
        return command[0]
    try:
        first = Path(command[0]).read_bytes().split(b"\n", 1)[0].decode()
    except (OSError, UnicodeDecodeError):
        return sys.executable
    interpreter = first[2:].strip().split()[0] if first.startswith("#!") else ""
    return interpreter if interpreter and os.path.exists(interpreter) else sys.executable


# ---------------------------------------------------------------------------------------------
# The machine and the checkout, for the results' header


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def first_line(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    lines = [line for line in (done.stdout or done.stderr).splitlines() if line.strip()]
    return lines[0].strip() if lines else "unknown"


def commit() -> str:
    """The checkout's commit, with ``+`` when tracked files (the results and the document
    aside, which the run itself rewrites) differ from it."""
    head = first_line(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"])
    status = subprocess.run(
        [
            "git",
            "-C",
            str(ROOT),
            "status",
            "--porcelain",
            "-uno",
            "--",
            ".",
            ":!benchmarks/results",
        ],
        capture_output=True,
        text=True,
    ).stdout
    changed = [line for line in status.splitlines() if not line.endswith(" docs/performance.md")]
    return head + ("+" if changed else "")


def machine(ws: list[str]) -> dict[str, str]:
    """Where and what ran: the date, the machine, Python, the wsscore build and the commit."""
    probe = (
        "import sys, wsscore, wsscore.core.backend as b; "
        "print(sys.version.split()[0], wsscore.__version__, b.NAME)"
    )
    try:
        python, version, backend = subprocess.run(
            [wsscore_python(ws), "-c", probe],
            capture_output=True,
            text=True,
            check=True,
            cwd=tempfile.gettempdir(),
        ).stdout.split()
    except (OSError, subprocess.SubprocessError, ValueError):
        python, version, backend = platform.python_version(), "?", "?"
    return {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": str(os.cpu_count()),
        "cpu": re.sub(r"\s+", " ", cpu_model()),
        "system": f"{platform.system()} {platform.release()}",
        "python": python,
        "wsscore": version,
        "backend": backend,
        "commit": commit(),
        "load": load_average(),
    }


def median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None
