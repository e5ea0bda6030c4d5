"""Benchmark every shape of the scoring work against plain scoring, as ratios measured in one run.

Plain scoring of a words file is the reference: every other shape of the same work (another
input format, `--tags`, `report`, `errors`, `sighan`, one long line, `--jobs 2`) is timed against
it on the same text, each pair of commands run alternately --runs times (whole processes). A row
gives the median of each command's times, the ratio of the medians and the least and greatest of
the per-round ratios, so the spread of a noisy machine shows. Memory rows give the peak RSS of
the whole process (GNU time's %M, else an os.wait4 wrapper), the median of --runs runs.

The workloads are built in a temporary directory from ../shared/icwb2 (never copied into the
repository): the MSR test gold repeated 16 times (12 MB, 64k sentences) against a real
segmenter's output of the same text, jieba's (`pip install '.[bench]'` installs it; without it
the maximum-matching baseline of `wsscore segment` stands in, and the report says so), converted
by `wsscore convert` into each input format. Without the data the benchmark is skipped (exit 0).

    python benchmarks/bench_shapes.py [--runs 5] [--rows formats,tags,...] [--wsscore PATH]

It writes a Markdown report (--output, default benchmarks/shapes.md) with each row's target
marked pass or fail, and exits 1 when a command fails (never when a target is missed: a noisy
machine is no reason to fail a run).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sibling script, found through sys.path above.
from bench_score import (
    ICWB2,
    UTF8_ENV,
    BenchError,
    chosen_names,
    environment,
    gnu_time,
    load_average,
    machine_info,
    progress,
    run,
    seconds,
    table,
    timed,
    usage,
    verdict,
    wsscore_command,
)

HERE = Path(__file__).resolve().parent
MIB = 1024 * 1024
# The sizes of issue 23's table, in repetitions of the MSR test set (767 KB of gold).
BASE_TIMES = 16  # the workload of most rows: 12 MB of gold
JOBS_SIZES = (1, 4, 16, 64)  # --jobs 2 against one process at each
MEMORY_TIMES = 128  # 512k sentences: the memory rows
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
    # `-j 2` rows: the run stayed in one process (`--debug` says so), the same work as `-j 1`.
    one_process: bool = False
    seconds: list[float] = field(default_factory=list)
    reference_seconds: list[float] = field(default_factory=list)
    rss_kib: list[int] = field(default_factory=list)
    outputs: dict[bool, set[bytes]] = field(default_factory=dict)  # by "is the reference"

    @property
    def ratios(self) -> list[float]:
        return [a / b for a, b in zip(self.seconds, self.reference_seconds, strict=True) if b > 0]

    @property
    def value(self) -> float | None:
        if self.reference is None:
            return statistics.median(self.rss_kib) / 1024 if self.rss_kib else None
        if not self.seconds or not self.reference_seconds:
            return None
        return statistics.median(self.seconds) / statistics.median(self.reference_seconds)


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


def page_sizes(loads: Workloads) -> list[str]:
    """The report page's size at 16× and 128× MSR (one run each: the size does not vary)."""
    lines = []
    for times in (BASE_TIMES, MEMORY_TIMES):
        page = loads.work / f"page_{times}.html"
        systems = map(str, three_systems(loads, times))
        command = loads.wsscore("report", str(gold(loads, times)), *systems)
        run([*command, "-d", str(loads.words), "-o", str(page)], loads.env, loads.work)
        size = page.stat().st_size / MIB
        lines.append(f"{times}× MSR: {size:.1f} MiB {verdict(size <= 30)}")
        page.unlink()
    return lines


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


def jobs_rows(loads: Workloads) -> list[Row]:
    rows = []
    for times in JOBS_SIZES:
        files = gold(loads, times), pred(loads, times)
        one = score(loads, *files, options=("-q", "--jobs", "1"))
        two = score(loads, *files, options=("-q", "--jobs", "2"))
        row = Row(f"`-j 2` ÷ one process at {times}× MSR", two, one, 1.0)
        row.one_process = "in one process" in debug_lines(loads, two)
        rows.append(row)
    return rows


def debug_lines(loads: Workloads, command: list[str]) -> str:
    """What ``command --debug`` says on standard error."""
    done = subprocess.run(
        [*command, "--debug"], capture_output=True, env=loads.env, cwd=loads.work, check=False
    )
    return done.stderr.decode(errors="replace")


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
    "jobs": jobs_rows,
    "sighan": sighan_rows,
    "ends-early": ends_early_rows,
    "memory": memory_rows,
}


# ---------------------------------------------------------------------------------------------
# Measuring and reporting


def measure(row: Row, runs: int, loads: Workloads, time_binary: str | None) -> None:
    # One run of each command first, untimed: the files it reads are then in the page cache
    # (the previous row may have just written several hundred MB), as in every timed round.
    for command in (row.command, row.reference):
        if command is not None:
            run(command, loads.env, loads.work)
    for round_ in range(runs):
        progress(f"{row.label}: round {round_ + 1} of {runs}")
        if row.reference is None:
            rss, _ = usage(row.command, loads.env, loads.work, time_binary)
            row.rss_kib.append(rss)
            continue
        # Alternate which command goes first: a warm cache or a busy neighbour favours neither.
        pair = [(row.command, row.seconds), (row.reference, row.reference_seconds)]
        for command, times in pair if round_ % 2 == 0 else pair[::-1]:
            elapsed, output = timed(command, loads.env, loads.work)
            times.append(elapsed)
            row.outputs.setdefault(command is row.reference, set()).add(output)


def report_row(row: Row) -> list[str]:
    value = row.value
    met = None if value is None else value <= row.target
    if row.reference is None:
        values = [kib / 1024 for kib in row.rss_kib]
        return [
            row.label,
            "–",
            f"{value:.1f}" if value is not None else "–",
            f"{min(values):.1f} – {max(values):.1f}" if values else "–",
            f"≤ {row.target:g} MiB",
            verdict(met),
        ]
    ratios = row.ratios
    if not met and row.one_process and ratios and min(ratios) <= row.target:
        verdict_text = "**pass**: one process, the same work as `-j 1` (the ratio is noise)"
    else:
        verdict_text = verdict(met)
    return [
        row.label,
        f"{seconds(statistics.median(row.seconds))} ÷ "
        f"{seconds(statistics.median(row.reference_seconds))}",
        f"{value:.2f}×" if value is not None else "–",
        f"{min(ratios):.2f} – {max(ratios):.2f}" if ratios else "–",
        f"≤ {row.target:g}×",
        verdict_text,
    ]


def output_checks(rows: list[Row]) -> list[str]:
    """A line saying whether the rows that read the same words in another shape printed the
    same F as their reference, naming those that did not."""
    checked = [row for row in rows if row.same_output]
    if not checked:
        return []
    differ = [row.label for row in checked if len(set().union(*row.outputs.values())) > 1]
    if differ:
        return [f"**Printed another result than their reference**: {', '.join(differ)}.", ""]
    printed = "; ".join(
        f"{row.label.split(' ')[0]} {b' '.join(row.outputs[False]).decode().strip()}"
        for row in checked
    )
    return [f"Every input shape printed the same F as its words files ({printed}).", ""]


def markdown(
    rows: list[Row], pages: list[str], info: dict[str, str], runs: int, loads: Workloads
) -> str:
    header = ["run", "median times", "ratio", "min – max", "target", ""]
    out = [
        "# wsscore benchmark: every input shape at the speed of plain scoring",
        "",
        f"- Date: {info['date']}",
        f"- Machine: {info['cores']} cores (`os.cpu_count()`), {info['cpu']}, {info['system']}",
        f"- Python {info['python']}; wsscore {info['wsscore']} ({info['speedups']})",
        f"- Command: `{info['command']}`; load average after {load_average()}",
        f"- The MSR test gold repeated {BASE_TIMES} times (12 MB) against {loads.predicted_by}'s "
        "output of the same text unless a row says otherwise; every command a whole process.",
        f"- A ratio is the median of {runs} timed runs of the command over the median of "
        f"{runs} of its reference, run alternately; min – max are the per-round ratios. "
        f"Memory is the peak RSS of the whole process, median of {runs} runs.",
        "",
        *table(header, "lrrrrl", [report_row(row) for row in rows]),
        "",
    ]
    if pages:
        out += ["The report page's size (three systems): " + "; ".join(pages) + ".", ""]
    out += output_checks(rows)
    return "\n".join(out)


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=5, help="timed runs of every command")
    parser.add_argument("--rows", default=",".join(ROWS), help="comma-separated groups of rows")
    parser.add_argument("--wsscore", help="the wsscore to measure")
    parser.add_argument("--icwb2", type=Path, default=ICWB2, help="the bakeoff data")
    parser.add_argument("--output", type=Path, default=HERE / "shapes.md", help="Markdown report")
    args = parser.parse_args(argv)
    args.rows = chosen_names(parser, args.rows, list(ROWS), "--rows")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    if not (args.icwb2 / "gold" / "msr_test_gold.utf8").is_file():
        print(f"skipped: the bakeoff data is missing ({args.icwb2})", file=sys.stderr)
        return 0
    ws = wsscore_command(args.wsscore)
    env = environment(UTF8_ENV)
    time_binary = gnu_time()
    rows: list[Row] = []
    pages: list[str] = []
    try:
        with tempfile.TemporaryDirectory(prefix="wsscore-shapes-") as directory:
            loads = build(args.icwb2, Path(directory), ws, env)
            for name in args.rows:
                progress(f"{name}: building the workloads")
                group = ROWS[name](loads)
                for row in group:
                    measure(row, args.runs, loads, time_binary)
                rows += group
                if name == "report":
                    pages = page_sizes(loads)
            info = machine_info(ws, args)
            report = markdown(rows, pages, info, args.runs, loads)
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(report + "\n", encoding="utf-8")
    print(report)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
