"""Benchmark wsscore: scaling against `wc -w`, the bakeoff's Perl script, ten systems, memory.

Builds its workloads in a temporary directory from ../shared/icwb2 (never copied into the
repository): the MSR and PKU UTF-8 gold standards against their maximum-matching baselines, made
with the installed `wsscore segment -d gold/<corpus>_training_words.utf8 --from-gold`, and the MSR
pair concatenated 1, 4, 16 and 64 times (--sizes). Every command is timed as a whole process,
the runs of the different tools interleaved; the report gives medians and ratios of medians taken
in this run:

- `wsscore score GOLD PRED -d WORDS -q` with --jobs 1 and --jobs 2 against `wc -w GOLD PRED`
  (run in a UTF-8 locale, so that it counts the same words as wsscore) at every size;
- against `perl ../shared/icwb2/scripts/score WORDS GOLD PRED` up to --perl-max-size and on the
  PKU test set (the Perl script forks `diff` once per sentence: slow, so --perl-runs is small);
- ten systems (ten copies of the MSR prediction, as separate files) against one;
- the peak resident memory of each child (GNU time's %M, else an os.wait4 wrapper) and the
  throughput in MB/s (gold + prediction bytes) and words/s (gold + predicted words).

It writes a Markdown report (--output, default benchmarks/results.md) with the targets of the
"Speed and scale" issue marked pass or fail, and a log-log plot of time against input size
(--plot, default benchmarks/scaling.png; needs matplotlib: pip install -e '.[bench]').

    python benchmarks/bench_score.py [--runs 5] [--perl-runs 3] [--sizes 1,4,16,64]

Measure an installed (not editable) wsscore: by default the console script beside this Python,
else --wsscore PATH. Without ../shared/icwb2 the benchmark is skipped (exit 0); without perl or
diff only the comparison with the Perl script is.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
ICWB2 = ROOT.parent / "shared" / "icwb2"
HERE = Path(__file__).resolve().parent

# Targets of the "Speed and scale" issue.
TARGET_WC = 4.0  # largest size, one process, within this many times `wc -w`
TARGET_WC_JOBS = 2.5  # the same with --jobs 2
TARGET_TEN = 3.0  # ten systems, less than this many times one
TARGET_PERL = 100.0  # real test sets, at least this many times faster than the Perl script
TARGET_MEMORY = 0.10  # largest size's peak within this share of the 1x peak

# Locales: wc -w counts only ASCII words in the C locale, so it runs in a UTF-8 one, like
# wsscore (which decodes for itself); the Perl script runs in the C locale, as it always has.
UTF8_ENV = {"LC_ALL": "C.UTF-8"}
PERL_ENV = {"LC_ALL": "C"}

# Run a command and write the child's own peak RSS (KiB) and CPU seconds to a file: the fallback
# when GNU time is missing. ru_maxrss from getrusage(RUSAGE_CHILDREN) is a maximum over every
# child ever waited for, so deltas of it say nothing; wait4 gives the one child's.
WAIT4_WRAPPER = """\
import os, sys
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(f"{usage.ru_maxrss} {usage.ru_utime} {usage.ru_stime}\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""

TOOLS = {
    "wc": "wc -w",
    "j1": "wsscore --jobs 1",
    "j2": "wsscore --jobs 2",
    "perl": "perl score",
    "ten": "wsscore, ten systems",
}


class BenchError(Exception):
    pass


@dataclass
class Workload:
    label: str  # "MSR 4×"
    corpus: str
    factor: int
    gold: Path
    pred: Path
    words_file: Path
    bytes: int = 0  # gold + prediction
    words: int = 0  # gold + predicted words, as wsscore counts them
    f: str = ""  # F as `wsscore score -q` prints it
    tools: list[str] = field(default_factory=list)


@dataclass
class Samples:
    seconds: list[float] = field(default_factory=list)
    rss_kib: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # user + system, children included

    @property
    def time(self) -> float | None:
        return statistics.median(self.seconds) if self.seconds else None

    @property
    def rss(self) -> float | None:
        return statistics.median(self.rss_kib) if self.rss_kib else None

    @property
    def cpu_time(self) -> float | None:
        return statistics.median(self.cpu) if self.cpu else None


# ---------------------------------------------------------------------------------------------
# Running commands


def environment(extra: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ, **extra)
    env.pop("WSSCORE_PURE_PYTHON", None)  # measure what a user gets
    return env


def run(command: Sequence[str], env: dict[str, str], cwd: Path) -> bytes:
    done = subprocess.run(list(command), capture_output=True, env=env, cwd=cwd)
    if done.returncode:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise BenchError(f"{' '.join(command)} failed: {message[-1] if message else ''}")
    return done.stdout


def timed(command: Sequence[str], env: dict[str, str], cwd: Path) -> tuple[float, bytes]:
    start = time.perf_counter()
    output = run(command, env, cwd)
    return time.perf_counter() - start, output


class Run(NamedTuple):
    """One timed run of a whole command: wall seconds, CPU seconds (user + system, the children
    it waited for included) and peak RSS in KiB, all from the same run."""

    wall: float
    cpu: float
    rss_kib: int


def run_measured(command: Sequence[str], env: dict[str, str], cwd: Path) -> tuple[Run, bytes]:
    """Time ``command`` once: its Run and its standard output, or BenchError.

    The output goes to a temporary file, not a pipe, so that nothing here reads while the child
    runs; ``os.wait4`` gives the child's own CPU time and peak RSS (``-j 2``'s workers
    included), where getrusage(RUSAGE_CHILDREN) would give a maximum over every child."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(list(command), stdout=out, stderr=err, env=env, cwd=cwd)
        _, status, rusage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            err.seek(0)
            message = err.read().decode(errors="replace").strip().splitlines()
            raise BenchError(f"{' '.join(command)} failed: {message[-1] if message else ''}")
        out.seek(0)
        output = out.read()
    return Run(wall, rusage.ru_utime + rusage.ru_stime, rusage.ru_maxrss), output


def interleaved(
    commands: Mapping[str, Sequence[str]], env: dict[str, str], cwd: Path, runs: int
) -> tuple[dict[str, list[Run]], dict[str, set[bytes]]]:
    """Each command's Runs over ``runs`` rounds, and every output it printed.

    One untimed run of each first (the warm-up: the files are then in the page cache, as in
    every timed round); then the commands take turns, in the given order in even rounds and
    reversed in odd ones, so that neither always follows the other, and a neighbour's burst
    on a shared machine weighs on both alike."""
    keys = list(commands)
    runs_of: dict[str, list[Run]] = {key: [] for key in keys}
    outputs: dict[str, set[bytes]] = {key: set() for key in keys}
    for key in keys:
        outputs[key].add(run_measured(commands[key], env, cwd)[1])
    for round_ in range(runs):
        progress(f"round {round_ + 1} of {runs}: {', '.join(keys)}")
        for key in keys if round_ % 2 == 0 else keys[::-1]:
            one, output = run_measured(commands[key], env, cwd)
            runs_of[key].append(one)
            outputs[key].add(output)
    return runs_of, outputs


def gnu_time() -> str | None:
    path = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if not path:
        return None
    try:
        version = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return path if "GNU" in version.stdout + version.stderr else None


def usage(
    command: Sequence[str], env: dict[str, str], cwd: Path, time_binary: str | None
) -> tuple[int, float]:
    """The child's peak RSS (KiB) and CPU seconds (its waited-for children included)."""
    with tempfile.NamedTemporaryFile("r", dir=cwd, suffix=".rusage") as report:
        if time_binary:
            wrapper = [time_binary, "-f", "%M %U %S", "-o", report.name]
        else:
            wrapper = [sys.executable, "-c", WAIT4_WRAPPER, report.name]
        run([*wrapper, *command], env, cwd)
        fields = report.read().strip().splitlines()[-1].split()
    return int(fields[0]), float(fields[1]) + float(fields[2])


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


def jobs_option(command: list[str], env: dict[str, str], cwd: Path) -> tuple[bool, bool, str]:
    """(--jobs accepted at all, --jobs parallelises span scoring, why not)."""
    text = run([*command, "score", "--help"], env, cwd).decode(errors="replace")
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if re.search(r"(^|\s|,)--jobs\b", line):
            block = [line]
            for following in lines[index + 1 :]:
                if not following.startswith("     ") or following.strip().startswith("-"):
                    break
                block.append(following)
            described = " ".join(" ".join(block).split()).lower()
            break
    else:
        return False, False, "`wsscore score` has no --jobs option"
    if "span" in described or "all cores" in described or "0<=x" in described:
        return True, True, ""
    if "diff" in described:
        return True, False, "`wsscore score --jobs` applies only to --match diff in this wsscore"
    return True, True, ""


# ---------------------------------------------------------------------------------------------
# Workloads


def concatenate(source: Path, times: int, target: Path) -> Path:
    data = source.read_bytes()
    if not data.endswith(b"\n"):
        data += b"\n"
    with open(target, "wb") as out:
        for _ in range(times):
            out.write(data)
    return target


def build(
    icwb2: Path, work: Path, sizes: list[int], ws: list[str], env: dict[str, str]
) -> tuple[list[Workload], Workload, list[Path]]:
    """The MSR workloads by size, the PKU one, and ten copies of the 1x MSR prediction."""
    baselines = {}
    for corpus in ("msr", "pku"):
        words_file = icwb2 / "gold" / f"{corpus}_training_words.utf8"
        gold = icwb2 / "gold" / f"{corpus}_test_gold.utf8"
        target = work / f"{corpus}_mm.utf8"
        command = [
            *ws,
            "segment",
            "-d",
            str(words_file),
            "--from-gold",
            str(gold),
            "-o",
            str(target),
        ]
        run(command, env, work)
        baselines[corpus] = (gold, target, words_file)
    gold, pred, words_file = baselines["msr"]
    msr = []
    for factor in sizes:
        msr.append(
            Workload(
                f"MSR {factor}×",
                "msr",
                factor,
                concatenate(gold, factor, work / f"msr_gold_x{factor}.utf8"),
                concatenate(pred, factor, work / f"msr_mm_x{factor}.utf8"),
                words_file,
            )
        )
    gold, pred, words_file = baselines["pku"]
    pku = Workload("PKU 1×", "pku", 1, gold, pred, words_file)
    one = next((w for w in msr if w.factor == 1), None)
    source = one.pred if one else baselines["msr"][1]
    copies = []
    for index in range(10):
        copies.append(work / f"system{index:02d}.utf8")
        shutil.copyfile(source, copies[-1])
    return msr, pku, copies


def describe(workload: Workload, ws: list[str], env: dict[str, str], cwd: Path) -> None:
    """Sizes and word counts (from wsscore's JSON report, which also warms the caches)."""
    workload.bytes = workload.gold.stat().st_size + workload.pred.stat().st_size
    command = [*ws, "score", str(workload.gold), str(workload.pred)]
    report = json.loads(run([*command, "-d", str(workload.words_file), "-f", "json"], env, cwd))
    workload.words = report["gold"]["words"] + report["systems"][0]["counts"]["pred_words"]


# ---------------------------------------------------------------------------------------------
# Formatting


def seconds(value: float | None) -> str:
    if value is None:
        return "–"
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def ratio(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}×"


def divide(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None or b == 0 else a / b


def rate(amount: float, value: float | None, unit: float) -> str:
    if value is None:
        return "–"
    per_second = amount / value / unit
    return f"{per_second:,.1f}" if per_second < 100 else f"{per_second:,.0f}"


def mib(kib: float | None) -> str:
    return "–" if kib is None else f"{kib / 1024:.1f}"


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("**pass**" if ok else "**FAIL**")


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


def table(header: list[str], align: str, rows: list[list[str]]) -> list[str]:
    marks = {"l": ":---", "r": "---:"}
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(marks[a] for a in align) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


# ---------------------------------------------------------------------------------------------
# The report


@dataclass
class Context:
    args: argparse.Namespace
    ws: list[str]
    msr: list[Workload]
    pku: Workload
    results: dict[tuple[str, str], Samples]
    parallel: bool
    jobs_note: str
    perl_note: str
    memory_method: str
    startup: float | None
    startup_rss: float | None
    notes: list[str]
    info: dict[str, str]

    def get(self, workload: Workload, tool: str) -> Samples:
        return self.results.get((workload.label, tool), Samples())


def targets(ctx: Context) -> list[list[str]]:
    largest = max(ctx.msr, key=lambda w: w.factor)
    one = next((w for w in ctx.msr if w.factor == 1), None)
    rows = []
    wc = ctx.get(largest, "wc").time
    value = divide(ctx.get(largest, "j1").time, wc)
    rows.append(
        [
            f"{largest.label}, one process, within {TARGET_WC:g}× `wc -w`",
            ratio(value),
            verdict(None if value is None else value <= TARGET_WC),
        ]
    )
    value = divide(ctx.get(largest, "j2").time, wc) if ctx.parallel else None
    rows.append(
        [
            f"{largest.label}, `--jobs 2`, within {TARGET_WC_JOBS:g}× `wc -w`",
            ratio(value) if ctx.parallel else "not measured",
            verdict(None if value is None else value <= TARGET_WC_JOBS),
        ]
    )
    if one is not None:
        value = divide(ctx.get(one, "ten").time, ctx.get(one, "j1").time)
        rows.append(
            [
                f"ten systems less than {TARGET_TEN:g}× one ({one.label})",
                ratio(value),
                verdict(None if value is None else value < TARGET_TEN),
            ]
        )
    real = [w for w in (one, ctx.pku) if w is not None]
    speedups = [divide(ctx.get(w, "perl").time, ctx.get(w, "j1").time) for w in real]
    measured = [s for s in speedups if s is not None]
    rows.append(
        [
            f"real test sets at least {TARGET_PERL:g}× faster than the Perl script",
            ", ".join(
                f"{w.corpus.upper()} {ratio(s, 0)}"
                for w, s in zip(real, speedups, strict=True)
                if s is not None
            )
            or "not measured",
            verdict(None if not measured else all(s >= TARGET_PERL for s in measured)),
        ]
    )
    if one is not None and largest is not one:
        growth = divide(ctx.get(largest, "j1").rss, ctx.get(one, "j1").rss)
        rows.append(
            [
                f"{largest.label} peak memory within {TARGET_MEMORY:.0%} of {one.label}",
                "–" if growth is None else f"{growth - 1:+.1%}",
                verdict(None if growth is None else growth <= 1 + TARGET_MEMORY),
            ]
        )
    return rows


def markdown(ctx: Context) -> str:
    args = ctx.args
    info = ctx.info
    out = [
        "# wsscore benchmark",
        "",
        f"- Date: {info['date']}",
        f"- Machine: {info['cores']} cores (`os.cpu_count()`), {info['cpu']}, {info['system']}",
        f"- Python {info['python']}; wsscore {info['wsscore']} ({info['speedups']}); "
        f"{info['perl']}; {info['wc']}",
        f"- Command: `{info['command']}`; load average before {info['load']}, "
        f"after {load_average()}",
        f"- Medians of {args.runs} runs ({args.perl_runs} of the Perl script, "
        f"{args.memory_runs} for memory), whole process; ratios of medians from this run. "
        "MB = 10⁶ bytes of gold + prediction; words = gold + predicted words.",
        "",
        "## Time",
        "",
    ]
    header = ["workload", "MB", "words", "`wc -w`", "wsscore -j1", "÷ wc"]
    align = "lrrrrr"
    if ctx.parallel:
        header += ["wsscore -j2", "÷ wc", "-j2 ÷ -j1"]
        align += "rrr"
    header += ["perl score", "perl ÷ wsscore"]
    align += "rr"
    rows = []
    for w in [*ctx.msr, ctx.pku]:
        wc, j1 = ctx.get(w, "wc").time, ctx.get(w, "j1").time
        row = [w.label, f"{w.bytes / 1e6:.1f}", f"{w.words:,}", seconds(wc), seconds(j1)]
        row.append(ratio(divide(j1, wc)))
        if ctx.parallel:
            j2 = ctx.get(w, "j2").time
            row += [seconds(j2), ratio(divide(j2, wc)), ratio(divide(j2, j1))]
        perl = ctx.get(w, "perl").time
        row += [seconds(perl), ratio(divide(perl, j1), 0)]
        rows.append(row)
    out += table(header, align, rows)
    one = next((w for w in ctx.msr if w.factor == 1), None)
    if one is not None:
        single, ten = ctx.get(one, "j1").time, ctx.get(one, "ten").time
        out += [
            "",
            f"Ten systems ({one.label}, ten copies of the prediction as separate files): "
            f"{seconds(ten)} against {seconds(single)} for one, {ratio(divide(ten, single))}.",
        ]
    out += ["", "## Throughput and memory", ""]
    header = ["workload", "wsscore -j1 MB/s", "words/s"]
    align = "lrr"
    if ctx.parallel:
        header += ["-j2 MB/s", "words/s", "-j2 CPU ÷ wall"]
        align += "rrr"
    header += ["`wc -w` MB/s", "peak RSS -j1 (MiB)", "÷ 1×"]
    align += "rrr"
    if ctx.parallel:
        header += ["peak RSS -j2 (MiB)"]
        align += "r"
    header += ["`wc -w` RSS (MiB)"]
    align += "r"
    base = ctx.get(one, "j1").rss if one is not None else None
    rows = []
    for w in [*ctx.msr, ctx.pku]:
        j1 = ctx.get(w, "j1")
        row = [w.label, rate(w.bytes, j1.time, 1e6), rate(w.words, j1.time, 1)]
        if ctx.parallel:
            j2 = ctx.get(w, "j2")
            row += [rate(w.bytes, j2.time, 1e6), rate(w.words, j2.time, 1)]
            row.append(ratio(divide(j2.cpu_time, j2.time)))
        row += [rate(w.bytes, ctx.get(w, "wc").time, 1e6), mib(j1.rss)]
        row.append(ratio(divide(j1.rss, base)) if w.corpus == "msr" else "–")
        if ctx.parallel:
            row.append(mib(ctx.get(w, "j2").rss))
        row.append(mib(ctx.get(w, "wc").rss))
        rows.append(row)
    out += table(header, align, rows)
    out += ["", "## Targets", ""]
    out += table(["target", "measured", "result"], "lrl", targets(ctx))
    out += ["", "## Notes", ""]
    notes = list(ctx.notes)
    if ctx.jobs_note:
        notes.append(f"No `--jobs 2` column: {ctx.jobs_note}.")
    if ctx.perl_note:
        notes.append(ctx.perl_note)
    if ctx.startup is not None:
        notes.append(
            f"Start-up floor: `wsscore --version` takes {seconds(ctx.startup)} and "
            f"{mib(ctx.startup_rss)} MiB (Python and the import of the command line), whatever "
            "the input."
        )
    notes += [
        "`wc -w` runs with LC_ALL=C.UTF-8: in the C locale it counts only ASCII words and skips "
        "the Chinese text, so it would do less work than it does for a reader.",
        f"Peak RSS: the child's own maximum resident set ({ctx.memory_method}); with `--jobs 2` "
        "it is the largest single process, not the sum over the workers.",
        "The 1× baseline is the maximum-matching segmentation made with `wsscore segment "
        "--from-gold`; the larger sizes repeat the 1× gold and prediction.",
    ]
    out += [f"- {note}" for note in notes]
    return "\n".join(out) + "\n"


def plot(ctx: Context, target: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter, NullLocator

    series = [("wc", "wc -w", "s", "#7f7f7f")]
    series.append(("j1", "wsscore --jobs 1", "o", "#1f77b4"))
    if ctx.parallel:
        series.append(("j2", "wsscore --jobs 2", "^", "#ff7f0e"))
    series.append(("perl", "perl score (bakeoff script)", "D", "#d62728"))
    figure, axes = plt.subplots(figsize=(9, 5.2), dpi=150)
    for tool, label, marker, colour in series:
        points = [(w.bytes / 1e6, ctx.get(w, tool).time) for w in ctx.msr]
        points = [(x, y) for x, y in points if y is not None]
        if not points:
            continue
        xs, ys = zip(*points, strict=True)
        axes.plot(xs, ys, marker=marker, markersize=7, color=colour, label=label, lw=1.8)
    axes.set_xscale("log")
    axes.set_yscale("log")
    sizes = [w.bytes / 1e6 for w in ctx.msr]
    axes.set_xticks(sizes)
    axes.set_xticklabels([f"{w.bytes / 1e6:.3g} MB\n({w.factor}×)" for w in ctx.msr])
    axes.xaxis.set_minor_locator(NullLocator())
    axes.set_xlim(min(sizes) / 1.5, max(sizes) * 1.5)

    def time_label(value: float, _position: object) -> str:
        return f"{value:g} s" if value >= 1 else f"{value * 1000:g} ms"

    low, high = axes.get_ylim()
    axes.set_ylim(low / 1.3, high * 1.3)
    axes.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    axes.yaxis.set_major_formatter(FuncFormatter(time_label))
    axes.yaxis.set_minor_locator(NullLocator())
    axes.yaxis.set_minor_formatter(NullFormatter())
    axes.grid(True, which="major", alpha=0.3)
    axes.set_xlabel("input size: gold + prediction (the MSR test set repeated; log scale)")
    axes.set_ylabel(f"wall time, whole process, median of {ctx.args.runs} runs (log scale)")
    axes.set_title("wsscore: scoring time against input size")
    axes.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
    info = ctx.info
    figure.text(
        0.99,
        0.01,
        f"{info['date']} · {info['cores']} cores · {info['cpu']} · Python {info['python']}",
        ha="right",
        va="bottom",
        fontsize=7,
        color="#555555",
    )
    figure.tight_layout(rect=(0, 0.03, 1, 1))
    figure.savefig(target)
    plt.close(figure)


# ---------------------------------------------------------------------------------------------
# Main


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=5, help="timed runs of wsscore and wc")
    parser.add_argument("--perl-runs", type=int, default=3, help="timed runs of the Perl script")
    parser.add_argument(
        "--memory-runs", type=int, default=3, help="extra runs measuring peak memory"
    )
    parser.add_argument(
        "--sizes", default="1,4,16,64", help="how many times the MSR pair is repeated"
    )
    parser.add_argument(
        "--perl-max-size", type=int, default=4, help="largest repetition given to the Perl script"
    )
    parser.add_argument("--no-perl", action="store_true", help="skip the Perl script")
    parser.add_argument(
        "--parallel",
        choices=["auto", "on", "off"],
        default="auto",
        help="measure --jobs 2: auto = when `wsscore score --help` says --jobs works in span mode",
    )
    parser.add_argument(
        "--wsscore", help="the wsscore to measure; None: the one beside this Python, else on PATH"
    )
    parser.add_argument("--icwb2", type=Path, default=ICWB2, help="the bakeoff data")
    parser.add_argument("--output", type=Path, default=HERE / "results.md", help="Markdown report")
    parser.add_argument("--plot", type=Path, default=HERE / "scaling.png", help="PNG plot")
    parser.add_argument("--no-plot", action="store_true", help="do not draw the plot")
    args = parser.parse_args(argv)
    try:
        args.sizes = sorted({int(size) for size in args.sizes.split(",") if size.strip()})
    except ValueError:
        parser.error("--sizes takes comma-separated integers, e.g. 1,4,16,64")
    if not args.sizes or min(args.sizes) < 1:
        parser.error("--sizes takes positive integers")
    if min(args.runs, args.perl_runs, args.memory_runs) < 1:
        parser.error("run counts must be at least 1")
    return args


def chosen_names(
    parser: argparse.ArgumentParser, text: str, choices: Sequence[str], option: str
) -> list[str]:
    """The comma-separated names of ``text``, each one of ``choices`` (else a usage error)."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names or any(name not in choices for name in names):
        parser.error(f"{option} takes some of {', '.join(choices)}")
    return names


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    icwb2 = args.icwb2
    needed = [
        icwb2 / "gold" / f"{corpus}_{kind}.utf8"
        for corpus in ("msr", "pku")
        for kind in ("test_gold", "training_words")
    ]
    missing = [path for path in needed if not path.is_file()]
    if missing:
        print(f"skipped: the bakeoff data is missing ({missing[0]})", file=sys.stderr)
        return 0
    if not shutil.which("wc"):
        print("skipped: wc is missing", file=sys.stderr)
        return 0
    perl_note = ""
    use_perl = not args.no_perl
    if args.no_perl:
        perl_note = "The Perl script was not run (--no-perl)."
    elif not shutil.which("perl") or not os.path.exists("/usr/bin/diff"):
        use_perl = False
        perl_note = "The Perl script was skipped: it needs perl and /usr/bin/diff."
        print(f"note: {perl_note}", file=sys.stderr)
    elif not (icwb2 / "scripts" / "score").is_file():
        use_perl = False
        perl_note = "The Perl script was skipped: scripts/score is missing."
        print(f"note: {perl_note}", file=sys.stderr)
    want_plot = not args.no_plot
    if want_plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            want_plot = False
            print(
                "note: matplotlib is missing, so no plot: pip install -e '.[bench]' "
                "(or pass --no-plot)",
                file=sys.stderr,
            )

    load_before = load_average()
    ws = wsscore_command(args.wsscore)
    env = environment(UTF8_ENV)
    perl_env = environment(PERL_ENV)
    time_binary = gnu_time()
    memory_method = (
        "GNU time's %M"
        if time_binary
        else "os.wait4 on the child, GNU time being missing: ru_maxrss then includes the "
        "~8 MiB of the Python wrapper that forks the child"
    )
    notes: list[str] = []
    try:
        with tempfile.TemporaryDirectory(prefix="wsscore-bench-") as directory:
            work = Path(directory)
            has_jobs, parallel, jobs_note = jobs_option(ws, env, work)
            if args.parallel == "on":
                parallel, jobs_note = has_jobs, "" if has_jobs else jobs_note
            elif args.parallel == "off":
                parallel, jobs_note = False, "not requested (--parallel off)"
            if jobs_note:
                print(f"note: no --jobs 2 column: {jobs_note}", file=sys.stderr)
            progress(f"building workloads in {work} with {' '.join(ws)}")
            msr, pku, copies = build(icwb2, work, args.sizes, ws, env)
            for workload in [*msr, pku]:
                describe(workload, ws, env, work)
            results: dict[tuple[str, str], Samples] = {}
            commands: dict[tuple[str, str], tuple[list[str], dict[str, str]]] = {}
            score = [*ws, "score"]

            def jobs(n: int) -> list[str]:
                return ["--jobs", str(n)] if has_jobs else []

            for w in [*msr, pku]:
                files = [str(w.gold), str(w.pred)]
                dictionary = ["-d", str(w.words_file), "-q"]
                commands[w.label, "wc"] = (["wc", "-w", *files], env)
                commands[w.label, "j1"] = ([*score, *files, *dictionary, *jobs(1)], env)
                if parallel:
                    commands[w.label, "j2"] = ([*score, *files, *dictionary, *jobs(2)], env)
                if use_perl and (w.corpus == "pku" or w.factor <= args.perl_max_size):
                    perl = ["perl", str(icwb2 / "scripts" / "score"), str(w.words_file), *files]
                    commands[w.label, "perl"] = (perl, perl_env)
                if w.corpus == "msr" and w.factor == 1:
                    ten = [*score, str(w.gold), *map(str, copies), *dictionary, *jobs(1)]
                    commands[w.label, "ten"] = (ten, env)
            outputs: dict[tuple[str, str], set[bytes]] = {}
            total = max(args.runs, args.perl_runs if use_perl else 0)
            for round_ in range(total):
                progress(f"timing: round {round_ + 1} of {total}")
                for (label, tool), (command, tool_env) in commands.items():
                    if round_ >= (args.perl_runs if tool == "perl" else args.runs):
                        continue
                    elapsed, output = timed(command, tool_env, work)
                    results.setdefault((label, tool), Samples()).seconds.append(elapsed)
                    outputs.setdefault((label, tool), set()).add(output)
            for round_ in range(args.memory_runs):
                progress(f"memory: round {round_ + 1} of {args.memory_runs}")
                for (label, tool), (command, tool_env) in commands.items():
                    if tool in ("perl", "ten"):
                        continue
                    rss, cpu = usage(command, tool_env, work, time_binary)
                    results[label, tool].rss_kib.append(rss)
                    results[label, tool].cpu.append(cpu)
            version = [*ws, "--version"]
            startup = statistics.median(timed(version, env, work)[0] for _ in range(args.runs))
            startup_rss = usage(version, env, work, time_binary)[0]
            notes += check_outputs([*msr, pku], outputs)
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1

    ctx = Context(
        args=args,
        ws=ws,
        msr=msr,
        pku=pku,
        results=results,
        parallel=parallel,
        jobs_note=jobs_note,
        perl_note=perl_note,
        memory_method=memory_method,
        startup=startup,
        startup_rss=startup_rss,
        notes=notes,
        info=machine_info(ws, args),
    )
    ctx.info["load"] = load_before
    report = markdown(ctx)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(report, encoding="utf-8")
    print(report)
    print(f"wrote {args.output}", file=sys.stderr)
    if want_plot:
        args.plot.parent.mkdir(parents=True, exist_ok=True)
        plot(ctx, args.plot)
        print(f"wrote {args.plot}", file=sys.stderr)
    return 0


def check_outputs(
    workloads: list[Workload], outputs: dict[tuple[str, str], set[bytes]]
) -> list[str]:
    """Every wsscore run of a workload printed the same F, the Perl script's F agrees."""
    notes = []
    for w in workloads:
        ours = set()
        for tool in ("j1", "j2"):
            ours |= {o.decode().strip() for o in outputs.get((w.label, tool), set())}
        w.f = ", ".join(sorted(ours))
        if len(ours) > 1:
            notes.append(f"{w.label}: wsscore printed different F values: {w.f}.")
        for output in outputs.get((w.label, "perl"), set()):
            last = output.decode(errors="replace").rstrip().splitlines()[-1].split("\t")
            perl_f = last[10] if len(last) > 10 else "?"
            if perl_f not in ours:
                notes.append(f"{w.label}: F differs: Perl script {perl_f}, wsscore {w.f}.")
        for output in outputs.get((w.label, "wc"), set()):
            counted = int(output.split()[-2]) if output.split()[-1:] == [b"total"] else None
            if counted != w.words:
                notes.append(
                    f"{w.label}: `wc -w` counted {counted} words, wsscore {w.words:,} (locale?)."
                )
    msr = {w.f for w in workloads if w.corpus == "msr"}
    summary = ", ".join(f"{w.label} {w.f}" for w in workloads if w.corpus == "pku")
    perl_ran = any(tool == "perl" for _, tool in outputs)
    agrees = "; the Perl script's F agrees" if perl_ran and not notes else ""
    if len(msr) == 1:
        notes.append(f"F: MSR {msr.pop()} at every size, {summary}{agrees}.")
    else:
        notes.append(f"F differs between the MSR sizes: {sorted(msr)}.")
    return notes


def machine_info(ws: list[str], args: argparse.Namespace) -> dict[str, str]:
    python = wsscore_python(ws)
    probe = (
        "import sys, wsscore, wsscore.core.backend as b; "
        "print(sys.version.split()[0], wsscore.__version__, b.NAME)"
    )
    try:
        version, wsscore_version, native = subprocess.run(
            [python, "-c", probe],
            capture_output=True,
            text=True,
            check=True,
            cwd=tempfile.gettempdir(),
        ).stdout.split()
    except (OSError, subprocess.SubprocessError, ValueError):
        version, wsscore_version, native = platform.python_version(), "?", "?"
    perl = first_line(["perl", "-e", 'printf "perl %vd", $^V']) if shutil.which("perl") else "-"
    return {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": str(os.cpu_count()),
        "cpu": cpu_model(),
        "system": f"{platform.system()} {platform.release()}",
        "python": version,
        "wsscore": wsscore_version,
        "speedups": {"c": "C speed-ups", "python": "pure Python"}.get(native, "speed-ups ?"),
        "perl": perl,
        "wc": first_line(["wc", "--version"]),
        "command": " ".join(["python", f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]]),
    }


if __name__ == "__main__":
    sys.exit(main())
