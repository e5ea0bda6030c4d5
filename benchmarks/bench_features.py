"""Benchmark what wsscore does beyond plain scoring, each against the plain run it extends.

Every case is a whole `wsscore` process, timed against a reference case on the same data (the
runs of a group interleaved, medians of --runs), with the issue's target for the ratio:

- suite: the four SIGHAN 2005 corpora × four systems, one `wsscore suite` run against sixteen
  `wsscore score` runs (a shell script running them one after another). Target: at most half
  the time.
- analyses: 16 times the MSR test set against its maximum-matching baseline: `score --extra`,
  `score --ci bootstrap`, `errors` and `compare` (with the topline) against plain
  `score -f json`. Targets: 2×, 3×, 3× and 4×.
- formats: the MSR test set's gold and its maximum-matching baseline in every input format
  (made by `wsscore convert`; `tagged` with one made-up tag per word, as the gold has none),
  each scored as `wsscore score GOLD PRED -d WORDS -q` against the plain words files. Target:
  CoNLL-U within 3× the plain words time.

The workloads are built in a temporary directory from ../shared/icwb2 (never copied into the
repository); without it the benchmark is skipped (exit 0). It writes a Markdown report
(--output, default benchmarks/features.md):

    python benchmarks/bench_features.py [--runs 11] [--groups formats]

Measure an installed (not editable) wsscore: by default the console script beside this Python,
else --wsscore PATH.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling script, found through sys.path above.
from bench_score import (
    ICWB2,
    UTF8_ENV,
    BenchError,
    Samples,
    chosen_names,
    divide,
    environment,
    gnu_time,
    load_average,
    machine_info,
    progress,
    ratio,
    run,
    seconds,
    table,
    timed,
    usage,
    verdict,
    wsscore_command,
)

HERE = Path(__file__).resolve().parent
FORMATS = ("words", "tagged", "chars", "conllu", "jsonl")
TARGET_CONLLU = 3.0  # CoNLL-U input of MSR size within this many times plain words
TARGET_SUITE = 0.5  # four corpora × four systems in one run, against sixteen `score` runs
# Issue 16: each analysis on 16x MSR within this many times plain `score -f json`.
TARGET_EXTRA, TARGET_BOOTSTRAP, TARGET_ERRORS, TARGET_COMPARE = 2.0, 3.0, 3.0, 4.0
SUITE_CORPORA = {"as": "as_testing_gold", "cityu": "cityu_test_gold", "msr": "msr_test_gold"}
SUITE_CORPORA["pku"] = "pku_test_gold"


@dataclass
class Case:
    label: str
    command: list[str]
    reference: str | None = None  # the label of the case this one is divided by
    target: float | None = None  # at most this many times the reference
    samples: Samples | None = None


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


def write_tagged(source: Path, target: Path) -> None:
    """Every word of a words file tagged `x`: the gold has no tags, and the reader's cost does
    not depend on which tag it reads."""
    with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
        for line in lines:
            out.write(" ".join(f"{word}/x" for word in line.split()) + "\n")


def formats_group(icwb2: Path, work: Path, ws: list[str], env: dict[str, str]) -> Group:
    gold, baseline, words = msr_baseline(icwb2, work, ws, env)
    cases = []
    for fmt in FORMATS:
        pair = []
        for role, source in (("gold", gold), ("mm", baseline)):
            target = work / f"msr_{role}.{fmt}"
            if fmt == "tagged":
                write_tagged(source, target)
            else:
                run([*ws, "convert", str(source), "--to", fmt, "-o", str(target)], env, work)
            pair.append(str(target))
        command = [*ws, "score", *pair, "-d", str(words), "-q"]
        if fmt == "words":
            cases.append(Case("words", command))
        else:
            target_ratio = TARGET_CONLLU if fmt == "conllu" else None
            cases.append(Case(fmt, command, reference="words", target=target_ratio))
    note = (
        "The MSR test set (gold and its maximum-matching baseline, 1.4 MB as plain words) in each "
        "format, scored with `-d WORDS -q`; the format is detected."
    )
    return Group("formats", "Input formats", cases, note)


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
    "formats": formats_group,
    "suite": suite_group,
    "analyses": analyses_group,
}


# ---------------------------------------------------------------------------------------------
# Measuring and reporting


def measure(
    group: Group, runs: int, env: dict[str, str], cwd: Path, time_binary: str | None
) -> None:
    outputs: dict[str, set[bytes]] = {}
    for case in group.cases:
        case.samples = Samples()
    for round_ in range(runs):
        progress(f"{group.name}: round {round_ + 1} of {runs}")
        for case in group.cases:
            assert case.samples is not None
            elapsed, output = timed(case.command, env, cwd)
            case.samples.seconds.append(elapsed)
            outputs.setdefault(case.label, set()).add(output)
    for case in group.cases:
        assert case.samples is not None
        rss, cpu = usage(case.command, env, cwd, time_binary)
        case.samples.rss_kib.append(rss)
        case.samples.cpu.append(cpu)
    printed = {
        label: b" / ".join(sorted(found)).decode().strip() for label, found in outputs.items()
    }
    group.note += " " + (group.check or same_output)(printed)


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


def group_report(group: Group) -> list[str]:
    by_label = {case.label: case for case in group.cases}
    rows = []
    for case in group.cases:
        assert case.samples is not None
        reference = by_label[case.reference] if case.reference else None
        value = divide(
            case.samples.time, reference.samples.time if reference and reference.samples else None
        )
        target = f"≤ {case.target:g}×" if case.target else ""
        met = None if case.target is None or value is None else value <= case.target
        rows.append(
            [
                case.label,
                seconds(case.samples.time),
                f"{ratio(value)} {case.reference}" if reference else "–",
                target,
                verdict(met) if case.target else "",
                f"{(case.samples.rss or 0) / 1024:.1f}",
            ]
        )
    header = ["case", "time", "÷ reference", "target", "", "peak RSS (MiB)"]
    return [f"## {group.title}", "", group.note.strip(), "", *table(header, "lrrrlr", rows), ""]


def markdown(groups: list[Group], info: dict[str, str], runs: int, load_before: str) -> str:
    out = [
        "# wsscore benchmark: beyond plain scoring",
        "",
        f"- Date: {info['date']}",
        f"- Machine: {info['cores']} cores (`os.cpu_count()`), {info['cpu']}, {info['system']}",
        f"- Python {info['python']}; wsscore {info['wsscore']} ({info['speedups']})",
        f"- Command: `{info['command']}`; load average before {load_before}, "
        f"after {load_average()}",
        f"- Medians of {runs} runs of each case, interleaved, whole process; ratios of medians "
        "from this run; peak RSS from one more run.",
        "",
    ]
    for group in groups:
        out += group_report(group)
    return "\n".join(out)


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=11, help="timed runs of every case")
    parser.add_argument("--groups", default=",".join(GROUPS), help="comma-separated groups")
    parser.add_argument("--wsscore", help="the wsscore to measure")
    parser.add_argument("--icwb2", type=Path, default=ICWB2, help="the bakeoff data")
    parser.add_argument("--output", type=Path, default=HERE / "features.md", help="Markdown report")
    args = parser.parse_args(argv)
    args.groups = chosen_names(parser, args.groups, list(GROUPS), "--groups")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    if not (args.icwb2 / "gold" / "msr_test_gold.utf8").is_file():
        print(f"skipped: the bakeoff data is missing ({args.icwb2})", file=sys.stderr)
        return 0
    load_before = load_average()
    ws = wsscore_command(args.wsscore)
    env = environment(UTF8_ENV)
    time_binary = gnu_time()
    groups = []
    try:
        with tempfile.TemporaryDirectory(prefix="wsscore-bench-") as directory:
            work = Path(directory)
            for name in args.groups:
                progress(f"{name}: building the workloads in {work}")
                group = GROUPS[name](args.icwb2, work, ws, env)
                measure(group, args.runs, env, work, time_binary)
                groups.append(group)
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    report = markdown(groups, machine_info(ws, args), args.runs, load_before)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(report + "\n", encoding="utf-8")
    print(report)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
