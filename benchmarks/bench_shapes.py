"""Benchmark every shape of the scoring work against plain scoring, as ratios measured in one run.

Plain scoring of a words file is the reference: every other shape of the same work (another
input format, `--tags`, `report`, `errors`, `sighan`, one long line, a prediction that ends
early, counting in units) is timed against it on the same text, the two commands of a row run
in interleaved rounds (benchmarks/timing.py: wall time, CPU time and peak RSS of every run). A
row gives the median times, the ratio of the medians, the least and greatest per-round ratio (so
the spread of a noisy machine shows) and the ratio of the median CPU times. Memory rows give the
peak RSS of the whole process, the median over the rounds.

The workloads are built in a temporary directory from ../shared/icwb2 (never copied into the
repository): the MSR test gold repeated 16 times (12 MB, 64k sentences) against a real
segmenter's output of the same text, jieba's (`pip install '.[bench]'` installs it; without it
the maximum-matching baseline of `wsscore segment` stands in, and the document says so),
converted by `wsscore convert` into each input format. Without the data it is skipped.

    python benchmarks/bench_shapes.py [--runs 5]     # = write_performance.py --only shapes
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling modules, found through sys.path above.
from figures import Results, mib, seconds, spread, table, verdict
from figures import times as ratio_text
from timing import (
    BenchError,
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
MIB = 1024 * 1024
# The sizes of issue 23's table, in repetitions of the MSR test set (767 KB of gold).
BASE_TIMES = 16  # the workload of most rows: 12 MB of gold
MEMORY_TIMES = 128  # 512k sentences: the memory rows
MEMORY_RUNS = 3  # rounds of a memory row, at most
LONG_LINE_TIMES = (40, 160)  # one line of about 30 MB, and one four times longer
LINES_TIMES = 64  # one line of about 50 MB against the same text in its lines
MADE_UP_TAGS = ("n", "v", "a", "d")  # the gold's tags: MSR's gold has none


@dataclass
class Row:
    """A command measured against a reference command (a ratio), or alone (its peak RSS)."""

    label: str
    command: list[str]
    reference: list[str] | None  # None: a memory row
    target: float  # at most this ratio, or this many MiB
    # Both commands print the same result (F, -q): a check that the shapes read the same words.
    same_output: bool = False
    printed: str = field(default="", compare=False)  # what both printed, when checked


@dataclass
class Workloads:
    """The files every row reads, built once in a temporary directory."""

    work: Path
    ws: list[str]
    env: dict[str, str]
    words: Path  # the MSR training words: the dictionary of every row
    gold: Path  # the MSR test gold, once
    text: Path  # its unsegmented text
    predicted_by: str  # "jieba" or the stand-in
    cache: dict[str, Path] = field(default_factory=dict)

    def path(self, name: str, make: Callable[[Path], None]) -> Path:
        if name not in self.cache:
            target = self.work / name
            make(target)
            self.cache[name] = target
        return self.cache[name]

    def wsscore(self, *arguments: str) -> list[str]:
        return [*self.ws, *arguments]


# ---------------------------------------------------------------------------------------------
# Workloads


JIEBA_SCRIPT = """\
import sys
import jieba, jieba.posseg
jieba.setLogLevel(60)
source, words_out, tagged_out = sys.argv[1:]
with open(source, encoding="utf-8") as text, \\
        open(words_out, "w", encoding="utf-8") as words, \\
        open(tagged_out, "w", encoding="utf-8") as tagged:
    for line in text:
        line = line.rstrip("\\n")
        words.write(" ".join(w for w in jieba.cut(line) if w.strip()) + "\\n")
        pairs = (f"{p.word}/{p.flag}" for p in jieba.posseg.cut(line) if p.word.strip())
        tagged.write(" ".join(pairs) + "\\n")
"""


def has_jieba() -> bool:
    return importlib.util.find_spec("jieba") is not None


def build(icwb2: Path, work: Path, ws: list[str], env: dict[str, str]) -> Workloads:
    gold = icwb2 / "gold" / "msr_test_gold.utf8"
    text = icwb2 / "testing" / "msr_test.utf8"
    words = icwb2 / "gold" / "msr_training_words.utf8"
    predicted_by = "jieba" if has_jieba() else "maximum matching (jieba is not installed)"
    loads = Workloads(work, ws, env, words, gold, text, predicted_by)
    pred, tagged = work / "pred_1.txt", work / "pred_tagged_1.txt"
    if has_jieba():
        progress("segmenting the MSR test set with jieba")
        run([sys.executable, "-c", JIEBA_SCRIPT, str(text), str(pred), str(tagged)], env, work)
    else:
        run(loads.wsscore("segment", "-d", str(words), str(text), "-o", str(pred)), env, work)
        write_tagged(pred, tagged)
    loads.cache.update({"pred_1.txt": pred, "pred_tagged_1.txt": tagged})
    return loads


def write_tagged(source: Path, target: Path) -> None:
    """A words file with a made-up tag on every word (the tag read costs what any tag costs)."""
    with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
        for line in lines:
            tokens = (f"{w}/{MADE_UP_TAGS[len(w) % len(MADE_UP_TAGS)]}" for w in line.split())
            out.write(" ".join(tokens) + "\n")


def repeated(loads: Workloads, name: str, source: Path, times: int) -> Path:
    def make(target: Path) -> None:
        data = source.read_bytes()
        with open(target, "wb") as out:
            for _ in range(times):
                out.write(data)

    return loads.path(f"{name}_{times}.txt", make)


def gold(loads: Workloads, times: int = BASE_TIMES) -> Path:
    return repeated(loads, "gold", loads.gold, times)


def pred(loads: Workloads, times: int = BASE_TIMES) -> Path:
    return repeated(loads, "pred", loads.cache["pred_1.txt"], times)


def one_line(loads: Workloads, source: Path) -> Path:
    """The file's lines joined by spaces into one line (the same words, the same text)."""

    def make(target: Path) -> None:
        with open(source, "rb") as lines, open(target, "wb") as out:
            for line in lines:
                out.write(line.rstrip(b"\n") + b" ")
            out.write(b"\n")

    return loads.path(f"{source.stem}.one-line.txt", make)


def converted(loads: Workloads, source: Path, fmt: str) -> Path:
    def make(target: Path) -> None:
        command = ["convert", str(source), "--to", fmt, "-o", str(target)]
        run(loads.wsscore(*command), loads.env, loads.work)

    return loads.path(f"{source.stem}.{fmt}", make)


def maximum_matching(loads: Workloads, times: int) -> Path:
    """The maximum-matching baseline of the text: a second system for report and compare."""

    def make(target: Path) -> None:
        command = ["segment", "-d", str(loads.words), str(loads.text), "-o", str(target)]
        run(loads.wsscore(*command), loads.env, loads.work)

    once = loads.path("mm_1.txt", make)
    return repeated(loads, "mm", once, times)


# ---------------------------------------------------------------------------------------------
# Rows: one function per line of issue 23's table


def score(loads: Workloads, *files: Path, options: Sequence[str] = ("-q",)) -> list[str]:
    return loads.wsscore("score", *map(str, files), "-d", str(loads.words), *options)


def formats_rows(loads: Workloads) -> list[Row]:
    words = score(loads, gold(loads), pred(loads))
    rows = []
    for fmt, target in (("chars", 3.0), ("conllu", 3.0), ("jsonl", 2.0)):
        files = converted(loads, gold(loads), fmt), converted(loads, pred(loads), fmt)
        label = f"{fmt} input ÷ the same text as words"
        rows.append(Row(label, score(loads, *files), words, target, same_output=True))
    # jieba's tagger cuts some words otherwise than its segmenter: the reference of the tagged
    # row is the tagged prediction's own words.
    tagged_words = score(loads, gold(loads), converted(loads, tagged_pair(loads)[1], "words"))
    label = "tagged input ÷ the same text as words"
    rows.append(Row(label, tagged_score(loads), tagged_words, 2.0, same_output=True))
    return rows


def syllables_joined(loads: Workloads, source: Path) -> Path:
    """A words file in VLSP layout, each word's characters taken for its syllables and joined
    by ``_`` (中_国), so that the reader joins as many as a Vietnamese text makes it join."""

    def make(target: Path) -> None:
        with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
            for line in lines:
                out.write(" ".join("_".join(word) for word in line.split()) + "\n")

    return loads.path(f"{source.stem}.vlsp", make)


def languages_rows(loads: Workloads) -> list[Row]:
    """The Thai and Vietnamese readers (best, vlsp) on the MSR text: given by
    ``--input-format``, since detection takes best for Thai text and vlsp for Latin."""
    words = score(loads, gold(loads), pred(loads))
    best = converted(loads, gold(loads), "best"), converted(loads, pred(loads), "best")
    vlsp = syllables_joined(loads, gold(loads)), syllables_joined(loads, pred(loads))
    rows = []
    for fmt, files in (("best", best), ("vlsp", vlsp)):
        command = score(loads, *files, options=("-q", "--input-format", fmt))
        label = f"{fmt} input ÷ the same text as words"
        rows.append(Row(label, command, words, 2.0, same_output=True))
    return rows


def japanese_rows(loads: Workloads) -> list[Row]:
    """MeCab's and KyTea's layouts of the tagged pair (issue 26), against its words."""
    tagged_gold, tagged_pred = tagged_pair(loads)
    words = score(loads, gold(loads), converted(loads, tagged_pred, "words"))
    rows = []
    for fmt in ("mecab", "kytea"):
        files = converted(loads, tagged_gold, fmt), converted(loads, tagged_pred, fmt)
        label = f"{fmt} input ÷ the same text as words"
        # Given: jieba's ASCII tags make KyTea's word/tag look like a tagged file's.
        given = ("-q", "--input-format", fmt)
        rows.append(Row(label, score(loads, *files, options=given), words, 1.2, same_output=True))
    return rows


# Thai text of MSR size: the Thai fixture's gold and pythainlp's newmm output, 31 lines each,
# repeated (every line holds clusters of several code points).
THAI = HERE.parent / "fixtures" / "thai"
THAI_TIMES = 2000


def units_rows(loads: Workloads) -> list[Row]:
    """`--extra` counted in units (docs/metrics.md §1.7) against the same run in characters:
    syllables of the MSR text as VLSP (each character a syllable: the most there can be),
    graphemes of Thai text, and graphemes of the Chinese text (a set test per line)."""
    vlsp = syllables_joined(loads, gold(loads)), syllables_joined(loads, pred(loads))
    given = ("-q", "--extra", "--input-format", "vlsp")
    syllables = score(loads, *vlsp, options=given)
    in_chars = score(loads, *vlsp, options=(*given, "--unit", "char"))
    thai = (
        repeated(loads, "thai_gold", THAI / "gold.best.txt", THAI_TIMES),
        repeated(loads, "thai_newmm", THAI / "newmm.best.txt", THAI_TIMES),
    )
    thai_given = ("-q", "--extra", "--input-format", "best")
    thai_graphemes = score(loads, *thai, options=(*thai_given, "--unit", "grapheme"))
    chinese = ("-q", "--extra")
    chinese_graphemes = score(
        loads, gold(loads), pred(loads), options=(*chinese, "--unit", "grapheme")
    )
    return [
        Row("`--extra` in syllables ÷ in characters (vlsp)", syllables, in_chars, 2.0, True),
        Row(
            "`--extra --unit grapheme` ÷ `--extra`, Thai",
            thai_graphemes,
            score(loads, *thai, options=thai_given),
            2.0,
            True,
        ),
        Row(
            "`--extra --unit grapheme` ÷ `--extra`, Chinese",
            chinese_graphemes,
            score(loads, gold(loads), pred(loads), options=chinese),
            1.2,
            True,
        ),
    ]


def tagged_pair(loads: Workloads) -> tuple[Path, Path]:
    tagged_gold = loads.path(
        f"gold_tagged_{BASE_TIMES}.txt", lambda target: write_tagged(gold(loads), target)
    )
    tagged_pred = loads.cache["pred_tagged_1.txt"]
    return tagged_gold, repeated(loads, "pred_tagged", tagged_pred, BASE_TIMES)


def tagged_score(loads: Workloads, *options: str) -> list[str]:
    return score(loads, *tagged_pair(loads), options=("-q", *options))


def tags_rows(loads: Workloads) -> list[Row]:
    label = "`--tags` ÷ the same run without"
    return [Row(label, tagged_score(loads, "--tags"), tagged_score(loads), 1.5)]


def report_rows(loads: Workloads) -> list[Row]:
    systems = three_systems(loads, BASE_TIMES)
    page = loads.work / "page.html"
    report = loads.wsscore("report", str(gold(loads)), *map(str, systems))
    report += ["-d", str(loads.words), "-o", str(page)]
    label = "`report` of three systems ÷ `score` of the same three"
    return [Row(label, report, score(loads, gold(loads), *systems), 10.0)]


def three_systems(loads: Workloads, times: int) -> list[Path]:
    """jieba (or its stand-in), maximum matching, and the gold itself as a third system."""
    return [pred(loads, times), maximum_matching(loads, times), gold(loads, times)]


def page_sizes(loads: Workloads) -> dict[str, float]:
    """The report page's size in MiB at 16× and 128× MSR (one run each: it does not vary)."""
    sizes = {}
    for factor in (BASE_TIMES, MEMORY_TIMES):
        page = loads.work / f"page_{factor}.html"
        systems = map(str, three_systems(loads, factor))
        command = loads.wsscore("report", str(gold(loads, factor)), *systems)
        run([*command, "-d", str(loads.words), "-o", str(page)], loads.env, loads.work)
        sizes[f"{factor}× MSR"] = page.stat().st_size / MIB
        page.unlink()
    return sizes


def long_line_rows(loads: Workloads) -> list[Row]:
    """The gold scored against itself, as bench_long_lines.py does: the longest equal run."""
    short, long = (one_line(loads, gold(loads, times)) for times in LONG_LINE_TIMES)
    short_size, long_size = (f"{path.stat().st_size / MIB:.0f} MiB" for path in (short, long))
    return [
        Row(
            f"one {long_size} line ÷ one {short_size} line (against itself)",
            score(loads, long, long),
            score(loads, short, short),
            6.0,
        ),
        one_line_row(
            loads,
            gold(loads, LINES_TIMES),
            "one {size} line ÷ the same text in lines (against itself)",
        ),
        # A first line shorter than the 16 MiB read ahead for format detection is detected whole.
        one_line_row(
            loads,
            gold(loads, BASE_TIMES),
            "one {size} line, its format detected on all of it, ÷ the same text in lines",
        ),
    ]


def one_line_row(loads: Workloads, lines: Path, label: str) -> Row:
    """The text of ``lines`` joined into one line against the same text in its lines, each
    scored against itself; ``label`` says ``{size}`` where the size goes."""
    joined = one_line(loads, lines)
    size = f"{lines.stat().st_size / MIB:.0f} MiB"
    row_label = label.format(size=size)
    return Row(row_label, score(loads, joined, joined), score(loads, lines, lines), 3.0)


def errors_rows(loads: Workloads) -> list[Row]:
    errors = loads.wsscore("errors", str(gold(loads)), str(pred(loads)), "-d", str(loads.words))
    label = f"`errors` ÷ plain, on {loads.predicted_by.split()[0]} output"
    return [Row(label, errors, score(loads, gold(loads), pred(loads)), 2.0)]


def sighan_rows(loads: Workloads) -> list[Row]:
    files = gold(loads), pred(loads)
    # Into a file, as it is used: its 48 MB through a pipe would time this script's reading.
    written = str(loads.work / "sighan.txt")
    sighan = loads.wsscore("sighan", str(loads.words), *map(str, files), "-o", written)
    return [Row("`wsscore sighan` ÷ `score`", sighan, score(loads, *files, options=()), 2.0)]


def ends_early_rows(loads: Workloads) -> list[Row]:
    """A prediction that ends after its first lines: the gold's lines past its end are counted
    as they are read (issue 34), at the cost of reading the gold, and in flat memory."""

    def first_lines(target: Path) -> None:
        with open(pred(loads), "rb") as lines:
            target.write_bytes(b"".join(next(lines) for _ in range(4)))

    short = loads.path("pred.first-lines.txt", first_lines)
    early = score(loads, gold(loads), short, options=("-q", "--mismatch", "align"))
    plain = score(loads, gold(loads), pred(loads))
    big = score(loads, gold(loads, MEMORY_TIMES), short, options=("-q", "--mismatch", "align"))
    return [
        Row(f"a prediction of 4 lines ÷ the whole one, at {BASE_TIMES}× MSR", early, plain, 1.5),
        Row(f"peak RSS, a prediction of 4 lines at {MEMORY_TIMES}× MSR (MiB)", big, None, 60.0),
    ]


def memory_rows(loads: Workloads) -> list[Row]:
    files = gold(loads, MEMORY_TIMES), pred(loads, MEMORY_TIMES)
    bootstrap = score(loads, *files, options=("-q", "--ci", "bootstrap"))
    other = maximum_matching(loads, MEMORY_TIMES)
    compare = loads.wsscore("compare", *map(str, (*files, other)), "-d", str(loads.words))
    return [
        Row(f"peak RSS, `--ci bootstrap` at {MEMORY_TIMES}× MSR (MiB)", bootstrap, None, 60.0),
        Row(f"peak RSS, `compare` two systems at {MEMORY_TIMES}× (MiB)", compare, None, 90.0),
    ]


ROWS: dict[str, Callable[[Workloads], list[Row]]] = {
    "formats": formats_rows,
    "languages": languages_rows,
    "tags": tags_rows,
    "japanese": japanese_rows,
    "units": units_rows,
    "report": report_rows,
    "long-lines": long_line_rows,
    "errors": errors_rows,
    "sighan": sighan_rows,
    "ends-early": ends_early_rows,
    "memory": memory_rows,
}


# ---------------------------------------------------------------------------------------------
# Measuring


def measure(row: Row, key: str, runs: int, loads: Workloads) -> dict[str, Samples]:
    """The row's command and its reference in interleaved rounds (a memory row: alone)."""
    commands = {f"{key}.command": Command(row.command, loads.env)}
    if row.reference is not None:
        commands[f"{key}.reference"] = Command(row.reference, loads.env)
        samples, outputs = interleaved(commands, runs, loads.work)
    else:  # a peak RSS varies little, and these runs at 128× are the longest: at most 3
        samples, outputs = interleaved(commands, min(runs, MEMORY_RUNS), loads.work, warm=[])
    if row.same_output:
        printed = {output.decode().strip() for found in outputs.values() for output in found}
        if len(printed) != 1:
            raise BenchError(f"{row.label}: printed another result than its reference: {printed}")
        row.printed = printed.pop()
    return samples


def collect(setup: Setup) -> Collected:
    if not (setup.icwb2 / "gold" / "msr_test_gold.utf8").is_file():
        raise Skipped(f"the bakeoff data is missing ({setup.icwb2})")
    loads = build(setup.icwb2, setup.work, setup.ws, environment())
    timings: dict[str, Samples] = {}
    facts: dict[str, Any] = {"rows": [], "predicted_by": loads.predicted_by, "base": BASE_TIMES}
    for name, make in ROWS.items():
        progress(f"{name}: building the workloads")
        for index, row in enumerate(make(loads)):
            key = f"{name}.{index}"
            timings.update(measure(row, key, setup.runs, loads))
            facts["rows"].append(
                {
                    "key": key,
                    "group": name,
                    "label": row.label,
                    "target": row.target,
                    "memory": row.reference is None,
                    "printed": row.printed,
                }
            )
        if name == "report":
            facts["pages"] = page_sizes(loads)
    return Collected(timings, facts)


# ---------------------------------------------------------------------------------------------
# Figures


def row_cells(results: Results, row: dict[str, Any]) -> list[str]:
    command, reference = f"{row['key']}.command", f"{row['key']}.reference"
    if row["memory"]:
        value = results.rss_mib(command)
        low, high = results.rss_range(command)
        return [
            row["label"],
            seconds(results.wall(command)),
            "–",
            "–",
            "–",
            f"{mib(value)} ({low:.1f} – {high:.1f})",
            f"≤ {row['target']:g} MiB",
            verdict(value, row["target"]),
        ]
    value = results.ratio(command, reference)
    return [
        row["label"],
        f"{seconds(results.wall(command))} ÷ {seconds(results.wall(reference))}",
        ratio_text(value),
        spread(*results.spread(command, reference)),
        ratio_text(results.cpu_ratio(command, reference)),
        mib(results.rss_mib(command)),
        f"≤ {row['target']:g}×",
        verdict(value, row["target"]),
    ]


def shapes_table(results: Results, groups: Sequence[str], exclude: bool) -> str:
    header = ["run", "median times", "ratio", "min – max", "CPU ratio", "peak RSS", "target", ""]
    rows = [
        row_cells(results, row)
        for row in results.facts["rows"]
        if (row["group"] in groups) != exclude
    ]
    return table(header, "lrrrrrrl", rows)


def figures(results: Results) -> dict[str, str]:
    # The input shapes' rows: "chars input ÷ the same text as words" names its shape first.
    checked = [row for row in results.facts["rows"] if row["printed"] and row["group"] != "units"]
    printed = "; ".join(f"{row['label'].split(' ')[0]} {row['printed']}" for row in checked)
    pages = "; ".join(
        f"{size:.1f} MiB at {label} ({verdict(size, 30)})"
        for label, size in results.facts["pages"].items()
    )
    return {
        "table": shapes_table(results, ["units"], exclude=True),
        "units_table": shapes_table(results, ["units"], exclude=False),
        "predicted_by": results.facts["predicted_by"],
        "base": str(results.facts["base"]),
        "printed": printed,
        "pages": pages,
    }


def main(argv: Sequence[str] | None = None) -> int:
    import write_performance

    return write_performance.main(["--only", "shapes", *(argv or sys.argv[1:])])


if __name__ == "__main__":
    sys.exit(main())
