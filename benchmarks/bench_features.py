"""Benchmark what wsscore does beyond plain scoring, each against the plain run it extends.

Every case is a whole `wsscore` process, the cases of a group timed in interleaved rounds
(benchmarks/timing.py: wall time, CPU time and peak RSS of every run) against a reference case
on the same data, with the issue's target for the ratio:

- suite: the four SIGHAN 2005 corpora × four systems, one `wsscore suite` run against sixteen
  `wsscore score` runs (a shell script running them one after another). Target: at most half
  the time.
- analyses: 16 times the MSR test set against its maximum-matching baseline: `score --extra`,
  `score --ci bootstrap`, `errors` and `compare` (with the topline) against plain
  `score -f json`. Targets: 2×, 3×, 3× and 4×; and `score --normalize mccws` (the raw baseline
  rewritten against the gold's lines), 1.5×.

(Each input format against plain words is bench_shapes.py's.) The workloads are built in a
temporary directory from ../shared/icwb2 (never copied into the repository); without it the
benchmark is skipped.

    python benchmarks/bench_features.py [--runs 5]     # = write_performance.py --only features
"""

from __future__ import annotations

import shlex
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling modules, found through sys.path above.
from figures import Results, mib, seconds, table, times, verdict
from timing import (
    Collected,
    Command,
    Samples,
    Setup,
    Skipped,
    environment,
    interleaved,
    progress,
    run,
)

HERE = Path(__file__).resolve().parent
TARGET_SUITE = 0.5  # four corpora × four systems in one run, against sixteen `score` runs
# Issue 16: each analysis on 16x MSR within this many times plain `score -f json`.
TARGET_EXTRA, TARGET_BOOTSTRAP, TARGET_ERRORS, TARGET_COMPARE = 2.0, 3.0, 3.0, 4.0
# Issue 38: the text rewritten (gold, dictionary, and the raw baseline against the gold's lines).
TARGET_NORMALIZE = 1.5
SUITE_CORPORA = {"as": "as_testing_gold", "cityu": "cityu_test_gold", "msr": "msr_test_gold"}
SUITE_CORPORA["pku"] = "pku_test_gold"


@dataclass
class Case:
    label: str
    command: list[str]
    reference: str | None = None  # the label of the case this one is divided by
    target: float | None = None  # at most this many times the reference


@dataclass
class Group:
    name: str
    title: str
    cases: list[Case]
    note: str = ""
    # What the cases printed -> a sentence for the report saying whether they agree.
    check: Callable[[dict[str, str]], str] | None = None


# ---------------------------------------------------------------------------------------------
# Workloads


def msr_baseline(icwb2: Path, work: Path, ws: list[str], env: dict[str, str]) -> tuple[Path, ...]:
    """The MSR gold, its maximum-matching baseline and the training words."""
    gold = icwb2 / "gold" / "msr_test_gold.utf8"
    words = icwb2 / "gold" / "msr_training_words.utf8"
    baseline = work / "msr_mm.txt"
    if not baseline.exists():
        run(
            [*ws, "segment", "-d", str(words), "--from-gold", str(gold), "-o", str(baseline)],
            env,
            work,
        )
    return gold, baseline, words


def suite_group(icwb2: Path, work: Path, ws: list[str], env: dict[str, str]) -> Group:
    """The four SIGHAN 2005 corpora × four systems (maximum matching, the topline, the
    unsegmented text, the gold itself): one `wsscore suite` against sixteen `wsscore score`."""
    lines = ["[systems]"]
    systems = {"mm": "mm_{corpus}.txt", "top": "top_{corpus}.txt", "gold": "gold_{corpus}.txt"}
    systems["unsegmented"] = str(icwb2 / "testing" / "{corpus}_test.utf8")
    lines += [f'{name} = "{pattern}"' for name, pattern in systems.items()]
    separate = []
    for corpus, gold_name in SUITE_CORPORA.items():
        gold = icwb2 / "gold" / f"{gold_name}.utf8"
        words = icwb2 / "gold" / f"{corpus}_training_words.utf8"
        text = icwb2 / "testing" / f"{corpus}_test.utf8"
        shutil.copyfile(gold, work / f"gold_{corpus}.txt")
        run(
            [*ws, "segment", "-d", str(words), str(text), "-o", str(work / f"mm_{corpus}.txt")],
            env,
            work,
        )
        gold_words = work / f"gold_words_{corpus}.txt"
        words_text = run([*ws, "convert", str(gold), "--to", "words"], env, work)
        gold_words.write_bytes(words_text.replace(b" ", b"\n"))
        top = work / f"top_{corpus}.txt"
        run([*ws, "segment", "-d", str(gold_words), str(text), "-o", str(top)], env, work)
        lines += ["", f"[corpora.{corpus}]", f'gold = "{gold}"', f'dict = "{words}"']
        for pattern in systems.values():
            pred = work / pattern.format(corpus=corpus)
            separate.append(
                shlex.join([*ws, "score", str(gold), str(pred), "-d", str(words), "-q"])
            )
    manifest = work / "suite.toml"
    manifest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    script = work / "sixteen.sh"
    script.write_text("set -e\n" + "\n".join(separate) + "\n", encoding="utf-8")
    cases = [
        Case("sixteen `wsscore score` runs", ["bash", str(script)]),
        Case(
            "one `wsscore suite` run",
            [*ws, "suite", str(manifest), "-f", "csv"],
            reference="sixteen `wsscore score` runs",
            target=TARGET_SUITE,
        ),
        Case(
            "`wsscore suite -j 2`",
            [*ws, "suite", str(manifest), "-f", "csv", "-j", "2"],
            reference="sixteen `wsscore score` runs",
        ),
    ]
    note = (
        "The four SIGHAN 2005 test sets (AS, CityU, MSR, PKU; 7.6 MB of gold) × four systems "
        "(maximum matching, the topline, the unsegmented text, the gold), with their training "
        "word lists."
    )
    return Group("suite", "Many corpora: `wsscore suite`", cases, note, check=same_cells)


def analyses_group(icwb2: Path, work: Path, ws: list[str], env: dict[str, str]) -> Group:
    """Issue 16's workload: 16 times the MSR test set against its maximum-matching baseline
    (and, for compare, the topline), each analysis against plain `score -f json`."""
    gold, baseline, words = msr_baseline(icwb2, work, ws, env)
    gold_words = work / "msr_gold_words.txt"
    gold_words.write_bytes(
        run([*ws, "convert", str(gold), "--to", "words"], env, work).replace(b" ", b"\n")
    )
    topline = work / "msr_top.txt"
    run(
        [*ws, "segment", "-d", str(gold_words), "--from-gold", str(gold), "-o", str(topline)],
        env,
        work,
    )
    big = {}
    for name, source in (("gold", gold), ("mm", baseline), ("top", topline)):
        big[name] = work / f"msr16_{name}.txt"
        big[name].write_bytes(source.read_bytes() * 16)
    plain = [*ws, "score", str(big["gold"]), str(big["mm"]), "-d", str(words), "-f", "json"]
    reference = "plain `score -f json`"
    cases = [
        Case(reference, plain),
        Case("`score --extra`", [*plain, "--extra"], reference, TARGET_EXTRA),
        Case(
            "`score --ci bootstrap` (1,000 samples)",
            [*plain, "--ci", "bootstrap"],
            reference,
            TARGET_BOOTSTRAP,
        ),
        Case(
            "`score --normalize mccws`",
            [*plain, "--normalize", "mccws"],
            reference,
            TARGET_NORMALIZE,
        ),
        Case(
            "`errors`",
            [*ws, "errors", str(big["gold"]), str(big["mm"]), "-d", str(words), "-f", "json"],
            reference,
            TARGET_ERRORS,
        ),
        Case(
            "`compare`, two systems (1,000 bootstrap, 10,000 AR)",
            [
                *ws,
                "compare",
                str(big["gold"]),
                str(big["mm"]),
                str(big["top"]),
                "-d",
                str(words),
                "-f",
                "json",
            ],
            reference,
            TARGET_COMPARE,
        ),
    ]
    note = (
        "The MSR test set repeated 16 times (12 MB of gold, 64k sentences) against its "
        "maximum-matching baseline; `compare` tests the topline against it."
    )
    return Group("analyses", "Analyses at the speed of scoring", cases, note, check=lambda _: "")


GROUPS: dict[str, Callable[[Path, Path, list[str], dict[str, str]], Group]] = {
    "suite": suite_group,
    "analyses": analyses_group,
}


# ---------------------------------------------------------------------------------------------
# Measuring


def collect(setup: Setup) -> Collected:
    if not (setup.icwb2 / "gold" / "msr_test_gold.utf8").is_file():
        raise Skipped(f"the bakeoff data is missing ({setup.icwb2})")
    env = environment()
    timings: dict[str, Samples] = {}
    facts: dict[str, Any] = {}
    for name, make in GROUPS.items():
        progress(f"{name}: building the workloads")
        group = make(setup.icwb2, setup.work, setup.ws, env)
        commands = {
            f"{name}.{index}": Command(case.command, env) for index, case in enumerate(group.cases)
        }
        samples, outputs = interleaved(commands, setup.runs, setup.work)
        timings.update(samples)
        labels = [case.label for case in group.cases]
        printed = {
            label: b" / ".join(sorted(outputs[key])).decode().strip()
            for label, key in zip(labels, commands, strict=True)
        }
        facts[name] = {
            "title": group.title,
            "note": f"{group.note} {(group.check or same_output)(printed)}",
            "cases": [
                {
                    "key": key,
                    "label": case.label,
                    "target": case.target,
                    "reference": f"{name}.{labels.index(case.reference)}"
                    if case.reference
                    else None,
                }
                for key, case in zip(commands, group.cases, strict=True)
            ],
        }
    return Collected(timings, facts)


def same_output(printed: dict[str, str]) -> str:
    if len(set(printed.values())) > 1:
        details = ", ".join(f"{label}: {value}" for label, value in printed.items())
        return f"**The cases printed different results**: {details}."
    return f"Every case printed the same result ({next(iter(printed.values()))})."


def same_cells(printed: dict[str, str]) -> str:
    """The suite's F cells (csv) against the sixteen runs' F (one per line, -q)."""
    separate, *suites = printed.values()
    expected = sorted(separate.split())
    for csv_text in suites:
        rows = [line.split(",") for line in csv_text.splitlines()[1:]]
        cells = sorted(f"{float(row[5]):.3f}" for row in rows if row[1] not in ("mean", "pooled"))
        if cells != expected:
            return f"**The suite's F differ from the separate runs'**: {cells} vs {expected}."
    return f"The suite's 16 F values equal the separate runs' ({', '.join(expected)})."


# ---------------------------------------------------------------------------------------------
# Figures


def group_table(results: Results, name: str) -> str:
    rows = []
    for case in results.facts[name]["cases"]:
        key, reference = case["key"], case["reference"]
        value = results.ratio(key, reference) if reference else None
        rows.append(
            [
                case["label"],
                seconds(results.wall(key)),
                times(value) if reference else "1×",
                times(results.cpu_ratio(key, reference)) if reference else "1×",
                f"≤ {case['target']:g}×" if case["target"] else "",
                verdict(value, case["target"]) if case["target"] else "",
                mib(results.rss_mib(key)),
            ]
        )
    header = ["case", "time", "÷ reference", "CPU ÷ reference", "target", "", "peak RSS"]
    return table(header, "lrrrrlr", rows)


def figures(results: Results) -> dict[str, str]:
    found = {}
    for name in GROUPS:
        found[f"{name}_table"] = group_table(results, name)
        found[f"{name}_note"] = results.facts[name]["note"].strip()
    return found


def main(argv: Sequence[str] | None = None) -> int:
    import write_performance

    return write_performance.main(["--only", "features", *(argv or sys.argv[1:])])


if __name__ == "__main__":
    sys.exit(main())
