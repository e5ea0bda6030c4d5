"""Benchmark plain scoring: scaling against `wc -w`, the bakeoff's Perl script, ten systems, memory.

Two benchmarks of write_performance.py (run them with ``--only scaling,perl``):

- ``scaling``: the MSR test gold against its maximum-matching baseline (made with the installed
  `wsscore segment -d gold/msr_training_words.utf8 --from-gold`), concatenated SIZES times, and
  the PKU pair: `wsscore score GOLD PRED -d WORDS -q` with --jobs 1 and --jobs 2 against
  `wc -w GOLD PRED` (in a UTF-8 locale, so that it counts the same words as wsscore), and at 1×
  ten systems (ten copies of the prediction) against one;
- ``perl``: the real MSR and PKU test sets against `perl ../shared/icwb2/scripts/score WORDS
  GOLD PRED` (which forks `diff` once per sentence). Start-up, the floor of a small file's time,
  is startup.py's.

Each workload's commands run in interleaved rounds (benchmarks/timing.py), each run giving wall
time, CPU time and peak RSS. The workloads are built in a temporary directory from
../shared/icwb2 (never copied into the repository); without it, or without perl, the benchmark
is skipped.

    python benchmarks/bench_score.py [--runs 5]     # = write_performance.py --only scaling,perl
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling modules, found through sys.path above.
from figures import Results, seconds, table, times, verdict
from timing import (
    PERL_ENV,
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

SIZES = (1, 4, 16, 128)  # repetitions of the MSR pair; issue 35's targets are at 128×
# Targets: issue 35's (plain scoring at the speed of `wc -w`, fixed costs against the Perl
# script) and the "Speed and scale" issue's (ten systems, flat memory).
TARGET_WC = 1.15  # the largest size, one process, at most this many times `wc -w`
TARGET_WC_JOBS = 1.0  # the same with --jobs 2: below `wc -w`
TARGET_TEN = 3.0  # ten systems, at most this many times one
TARGET_PERL = {"msr": 100.0, "pku": 60.0}  # at least this many times faster than the Perl script
TARGET_MEMORY = 0.10  # the largest size's peak RSS within this share of the 1× peak


class Workload(NamedTuple):
    key: str  # "msr4": the prefix of its timings' keys
    label: str  # "MSR 4×"
    gold: Path
    pred: Path
    words_file: Path


# ---------------------------------------------------------------------------------------------
# Workloads


def concatenate(source: Path, factor: int, target: Path) -> Path:
    data = source.read_bytes()
    if not data.endswith(b"\n"):
        data += b"\n"
    with open(target, "wb") as out:
        for _ in range(factor):
            out.write(data)
    return target


def baseline(setup: Setup, corpus: str, env: dict[str, str]) -> Workload:
    """A test set's gold against its maximum-matching baseline, once."""
    words_file = setup.icwb2 / "gold" / f"{corpus}_training_words.utf8"
    gold = setup.icwb2 / "gold" / f"{corpus}_test_gold.utf8"
    if not gold.is_file() or not words_file.is_file():
        raise Skipped(f"the bakeoff data is missing ({gold})")
    pred = setup.work / f"{corpus}_mm.utf8"
    command = [*setup.ws, "segment", "-d", str(words_file), "--from-gold", str(gold)]
    run([*command, "-o", str(pred)], env, setup.work)
    return Workload(f"{corpus}1", f"{corpus.upper()} 1×", gold, pred, words_file)


def repeated(setup: Setup, one: Workload, factor: int) -> Workload:
    gold = concatenate(one.gold, factor, setup.work / f"msr_gold_x{factor}.utf8")
    pred = concatenate(one.pred, factor, setup.work / f"msr_mm_x{factor}.utf8")
    return Workload(f"msr{factor}", f"MSR {factor}×", gold, pred, one.words_file)


def describe(workload: Workload, setup: Setup, env: dict[str, str]) -> dict[str, Any]:
    """Sizes and word counts (from wsscore's JSON report, which also warms the caches)."""
    files = [str(workload.gold), str(workload.pred)]
    options = ["-d", str(workload.words_file), "-f", "json"]
    report = json.loads(run([*setup.ws, "score", *files, *options], env, setup.work))
    words = report["gold"]["words"] + report["systems"][0]["counts"]["pred_words"]
    size = workload.gold.stat().st_size + workload.pred.stat().st_size
    return {"label": workload.label, "bytes": size, "words": words}


def score_command(setup: Setup, workload: Workload, *options: str) -> list[str]:
    files = [str(workload.gold), str(workload.pred)]
    return [*setup.ws, "score", *files, "-d", str(workload.words_file), "-q", *options]


# ---------------------------------------------------------------------------------------------
# Measuring


def collect(setup: Setup) -> Collected:
    """`wsscore score` at every size against `wc -w`, with -j 1 and -j 2; ten systems at 1×."""
    if not shutil.which("wc"):
        raise Skipped("wc is missing")
    env = environment()
    one = baseline(setup, "msr", env)
    workloads = [one if factor == 1 else repeated(setup, one, factor) for factor in SIZES]
    workloads.append(baseline(setup, "pku", env))
    timings: dict[str, Samples] = {}
    facts: dict[str, Any] = {"workloads": {}, "f": {}}
    for workload in workloads:
        facts["workloads"][workload.key] = describe(workload, setup, env)
        files = [str(workload.gold), str(workload.pred)]
        commands = {
            f"{workload.key}.wc": Command(["wc", "-w", *files], env),
            f"{workload.key}.j1": Command(score_command(setup, workload, "--jobs", "1"), env),
            f"{workload.key}.j2": Command(score_command(setup, workload, "--jobs", "2"), env),
        }
        if workload is one:
            copies = ten_copies(setup, one)
            ten = [*setup.ws, "score", str(one.gold), *copies, "-d", str(one.words_file), "-q"]
            commands[f"{one.key}.ten"] = Command([*ten, "--jobs", "1"], env)
        samples, outputs = interleaved(commands, setup.runs, setup.work)
        timings.update(samples)
        facts["f"][workload.key] = printed_f(outputs, workload.key)
        check_wc(outputs[f"{workload.key}.wc"], facts["workloads"][workload.key])
    return Collected(timings, facts)


def ten_copies(setup: Setup, one: Workload) -> list[str]:
    copies = []
    for index in range(10):
        copies.append(str(setup.work / f"system{index:02d}.utf8"))
        shutil.copyfile(one.pred, copies[-1])
    return copies


def printed_f(outputs: dict[str, set[bytes]], key: str) -> str:
    """The F every wsscore run of a workload printed (-q); a BenchError when they differ."""
    printed = outputs[f"{key}.j1"] | outputs[f"{key}.j2"]
    values = sorted({output.decode().strip() for output in printed})
    if len(values) != 1:
        raise BenchError(f"{key}: -j 1 and -j 2 printed different F values: {values}")
    return values[0]


def check_wc(outputs: set[bytes], described: dict[str, Any]) -> None:
    """`wc -w` counted the words wsscore counted: it ran in a UTF-8 locale."""
    for output in outputs:
        fields = output.split()
        counted = int(fields[-2]) if fields[-1:] == [b"total"] else None
        if counted != described["words"]:
            raise BenchError(f"`wc -w` counted {counted} words, wsscore {described['words']}")


def collect_perl(setup: Setup) -> Collected:
    """The real test sets against the Perl script."""
    script = setup.icwb2 / "scripts" / "score"
    if not shutil.which("perl") or not os.path.exists("/usr/bin/diff") or not script.is_file():
        raise Skipped("the Perl script needs perl, /usr/bin/diff and scripts/score")
    env, perl_env = environment(), environment(PERL_ENV)
    timings: dict[str, Samples] = {}
    facts: dict[str, Any] = {"f": {}, "perl_f": {}}
    for corpus in ("msr", "pku"):
        workload = baseline(setup, corpus, env)
        files = [str(workload.gold), str(workload.pred)]
        commands = {
            f"{corpus}.j1": Command(score_command(setup, workload, "--jobs", "1"), env),
            f"{corpus}.perl": Command(
                ["perl", str(script), str(workload.words_file), *files], perl_env
            ),
        }
        # The Perl script takes seconds a run: its warm-up run would double the benchmark.
        samples, outputs = interleaved(commands, setup.runs, setup.work, warm=[f"{corpus}.j1"])
        timings.update(samples)
        facts["f"][corpus] = sorted(o.decode().strip() for o in outputs[f"{corpus}.j1"])[0]
        last = sorted(outputs[f"{corpus}.perl"])[0].decode(errors="replace").rstrip()
        fields = last.splitlines()[-1].split("\t")
        facts["perl_f"][corpus] = fields[10] if len(fields) > 10 else "?"
    return Collected(timings, facts)


# ---------------------------------------------------------------------------------------------
# Figures


def scaling_rows(results: Results) -> list[list[str]]:
    rows = []
    for key, described in results.facts["workloads"].items():
        wc, j1, j2 = (f"{key}.{tool}" for tool in ("wc", "j1", "j2"))
        rows.append(
            [
                described["label"],
                f"{described['bytes'] / 1e6:.1f}",
                f"{described['words']:,}",
                seconds(results.wall(wc)),
                seconds(results.wall(j1)),
                times(results.ratio(j1, wc)),
                times(results.cpu_ratio(j1, wc)),
                seconds(results.wall(j2)),
                times(results.ratio(j2, wc)),
                times(results.ratio(j2, j1)),
                f"{results.rss_mib(j1):.1f}",
                f"{results.rss_mib(j2):.1f}",
            ]
        )
    return rows


def largest(results: Results) -> str:
    return f"msr{max(SIZES)}"


def target_rows(results: Results) -> list[list[str]]:
    big, label = largest(results), results.facts["workloads"][largest(results)]["label"]
    plain = results.ratio(f"{big}.j1", f"{big}.wc")
    jobs = results.ratio(f"{big}.j2", f"{big}.wc")
    ten = results.ratio("msr1.ten", "msr1.j1")
    growth = results.rss_mib(f"{big}.j1") / results.rss_mib("msr1.j1") - 1
    return [
        [
            f"{label}, one process, ÷ `wc -w`",
            times(plain),
            f"≤ {TARGET_WC:g}×",
            verdict(plain, TARGET_WC),
        ],
        [
            f"{label}, `--jobs 2`, ÷ `wc -w`",
            times(jobs),
            f"≤ {TARGET_WC_JOBS:g}×",
            verdict(jobs, TARGET_WC_JOBS),
        ],
        ["ten systems ÷ one (MSR 1×)", times(ten), f"≤ {TARGET_TEN:g}×", verdict(ten, TARGET_TEN)],
        [
            f"peak RSS at {label} ÷ at MSR 1×",
            f"{growth:+.1%}",
            f"≤ +{TARGET_MEMORY:.0%}",
            verdict(growth, TARGET_MEMORY),
        ],
    ]


def figures(results: Results) -> dict[str, str]:
    big = largest(results)
    described = results.facts["workloads"][big]
    header = ["workload", "MB", "words", "`wc -w`", "wsscore", "÷ wc", "CPU ÷ wc CPU"]
    header += ["`-j 2`", "÷ wc", "`-j 2` ÷ `-j 1`", "peak RSS (MiB)", "`-j 2` peak RSS (MiB)"]
    wall = results.wall(f"{big}.j1")
    return {
        "table": table(header, "lrrrrrrrrrrr", scaling_rows(results)),
        "targets": table(["target", "measured", "target", ""], "lrrl", target_rows(results)),
        "largest": described["label"],
        "mb_per_s": f"{described['bytes'] / 1e6 / wall:.0f}",
        "words_per_s": f"{described['words'] / 1e6 / wall:.0f}",
        "mb_per_s_jobs": f"{described['bytes'] / 1e6 / results.wall(f'{big}.j2'):.0f}",
        "ratio_wc": times(results.ratio(f"{big}.j1", f"{big}.wc")),
        "ten": times(results.ratio("msr1.ten", "msr1.j1")),
        "f": "; ".join(f"{key} {value}" for key, value in results.facts["f"].items()),
    }


def perl_figures(results: Results) -> dict[str, str]:
    rows = []
    for corpus in ("msr", "pku"):
        speedup = results.ratio(f"{corpus}.perl", f"{corpus}.j1")
        target = TARGET_PERL[corpus]
        rows.append(
            [
                f"{corpus.upper()} 1×",
                seconds(results.wall(f"{corpus}.j1")),
                seconds(results.wall(f"{corpus}.perl")),
                times(speedup, 0),
                f"≥ {target:g}×",
                verdict(speedup, target, at_least=True),
                f"{results.facts['f'][corpus]} / {results.facts['perl_f'][corpus]}",
            ]
        )
    header = ["test set", "wsscore", "Perl `score`", "Perl ÷ wsscore", "target", "", "F (both)"]
    return {
        "table": table(header, "lrrrrll", rows),
        "msr": times(results.ratio("msr.perl", "msr.j1"), 0),
        "pku": times(results.ratio("pku.perl", "pku.j1"), 0),
    }


def draw(results: Results, directory: Path) -> None:
    """benchmarks/scaling.png: time against input size, log-log, from the scaling results."""
    try:
        import matplotlib
    except ImportError:
        print("note: matplotlib is missing, so scaling.png is not drawn", file=sys.stderr)
        return
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    workloads = {k: v for k, v in results.facts["workloads"].items() if k.startswith("msr")}
    sizes = [described["bytes"] / 1e6 for described in workloads.values()]
    figure, axes = plt.subplots(figsize=(9, 5.2), dpi=150)
    series = (("wc", "wc -w", "s"), ("j1", "wsscore --jobs 1", "o"))
    for tool, label, marker in (*series, ("j2", "wsscore --jobs 2", "^")):
        walls = [results.wall(f"{key}.{tool}") for key in workloads]
        axes.plot(sizes, walls, marker=marker, markersize=7, label=label, lw=1.8)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xticks(sizes)
    axes.set_xticklabels([f"{size:.3g} MB" for size in sizes])
    axes.grid(True, which="major", alpha=0.3)
    axes.set_xlabel("input size: gold + prediction (the MSR test set repeated; log scale)")
    axes.set_ylabel("wall time, median of interleaved rounds (s, log scale)")
    axes.set_title("wsscore: scoring time against input size")
    axes.legend(loc="upper left", frameon=False)
    meta = results.meta
    note = f"{meta['date']} · {meta['cores']} cores · {meta['cpu']} · commit {meta['commit']}"
    figure.text(0.99, 0.01, note, ha="right", va="bottom", fontsize=7, color="#555555")
    figure.tight_layout(rect=(0, 0.03, 1, 1))
    figure.savefig(directory / "scaling.png")
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> int:
    import write_performance

    return write_performance.main(["--only", "scaling,perl", *(argv or sys.argv[1:])])


if __name__ == "__main__":
    sys.exit(main())
