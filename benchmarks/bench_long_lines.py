"""Benchmark reading in every shape: one very long line, and endless streams on standard input.

Reading must be linear in a line's length (a line longer than a block was once re-searched
from its start at every block: quadratic), and every limit must stop an endless input while it
is read (issue 21, item 8). Synthetic data only, built in a temporary directory; no external
tool. Each run is a whole `wsscore score` process; the report gives its wall time, exit status
and peak resident memory (os.wait4), as a Markdown table on standard output:

    python benchmarks/bench_long_lines.py [--sizes 30,120] [--timeout 300] [--wsscore PATH]

- `long line N MB`: a gold of one line of N MB (words of 2 characters) scored against itself;
- `... one character changed`: the same line against a copy of it with one character of its
  middle word changed, and the same line against itself, both with `--mismatch align`: the
  two should take about the same time and memory (the wrong character once cost 8 times the
  time and 10 times the memory; tests/whole/test_reliability_sizes.py checks the memory);
- `endless <shape>`: a small gold against standard input fed the same text forever: one line
  without a line feed, lines of words, tagged, JSONL, CoNLL-U and chars sentences that never
  end (no blank line). Each must end with exit status 2 and one error line.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

WORD = "我们 "  # 7 bytes in UTF-8
CONLLU_WORD = "1\t我\t_\tX\t_\t_\t0\troot\t_\t_\n"
ENDLESS = {  # shape: (--pred-format, the text repeated forever)
    "one line, no line feed": ("auto", WORD),
    "lines of words": ("auto", "我们 走\n"),
    "lines of tagged words": ("tagged", "我们/r 走/v\n"),
    "lines of JSONL": ("jsonl", '["我们", "走"]\n'),
    "a CoNLL-U sentence": ("conllu", CONLLU_WORD),
    "a chars sentence": ("chars", "我 B\n们 E\n"),
}

# Runs the command given after it, feeding its standard input the argument repeated forever
# (when not empty), and prints the child's exit status, seconds and peak RSS (KiB).
SUPERVISOR = """\
import os, subprocess, sys, threading, time
endless, timeout, command = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
start = time.monotonic()
child = subprocess.Popen(command, stdin=subprocess.PIPE if endless else subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
def feed():
    chunk = endless.encode() * 65536
    try:
        while True:
            child.stdin.write(chunk)
    except (BrokenPipeError, OSError, ValueError):
        pass
if endless:
    threading.Thread(target=feed, daemon=True).start()
timer = threading.Timer(timeout, child.kill)
timer.start()
error = child.stderr.read().decode("utf-8", "replace")
_, status, usage = os.wait4(child.pid, 0)
timer.cancel()
print(os.waitstatus_to_exitcode(status), time.monotonic() - start, usage.ru_maxrss)
print(error.strip().splitlines()[0] if error.strip() else "")
"""


def measure(command: list[str], endless: str, timeout: float) -> tuple[int, float, float, str]:
    """Exit status, seconds, peak MiB and first error line of one supervised run."""
    done = subprocess.run(
        [sys.executable, "-c", SUPERVISOR, endless, str(timeout), *command],
        capture_output=True,
        text=True,
        check=True,
    )
    numbers, _, error = done.stdout.partition("\n")
    status, seconds, peak = numbers.split()
    return int(status), float(seconds), int(peak) / 1024, error.strip()


def wsscore_command(explicit: str | None) -> list[str]:
    """--wsscore, else the console script beside this Python, else ``python -m wsscore``."""
    if explicit:
        return [explicit]
    beside = Path(sys.executable).with_name("wsscore")
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "wsscore"]


def write_long_line(path: Path, megabytes: int) -> Path:
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(megabytes):
            out.write(WORD * ((1 << 20) // len(WORD.encode())))
        out.write("\n")
    return path


def one_character_changed(ws: list[str], gold: Path, size: int, timeout: float) -> list[list[str]]:
    """The line against itself and against a copy with its middle word's first character
    changed, both aligned (``--mismatch align``)."""
    text = gold.read_text(encoding="utf-8")
    middle = text.index(WORD, len(text) // 2)
    changed = gold.with_name(f"changed{size}.txt")
    changed.write_text(f"{text[:middle]}乾{text[middle + 1 :]}", encoding="utf-8")
    rows = []
    for name, pred in (("itself", gold), ("one character changed", changed)):
        command = [*ws, "score", str(gold), str(pred), "-q", "--mismatch", "align"]
        status, seconds, peak, error = measure(command, "", timeout)
        label = f"long line {size} MB, aligned: {name}"
        rows.append([label, str(status), f"{seconds:.1f}", f"{peak:.0f}", error])
    changed.unlink()
    return rows


def rows_of(args: argparse.Namespace, work: Path) -> list[list[str]]:
    ws = wsscore_command(args.wsscore)
    rows = []
    for size in args.sizes:
        gold = write_long_line(work / f"line{size}.txt", size)
        status, seconds, peak, error = measure(
            [*ws, "score", str(gold), str(gold), "-q"], "", args.timeout
        )
        rows.append([f"long line {size} MB", str(status), f"{seconds:.1f}", f"{peak:.0f}", error])
        rows.extend(one_character_changed(ws, gold, size, args.timeout))
        gold.unlink()
    small = work / "gold.txt"
    small.write_text("我们 走 了\n他 来\n" * 1000, encoding="utf-8")
    for shape, (fmt, text) in ENDLESS.items():
        command = [*ws, "score", str(small), "-", "--pred-format", fmt]
        status, seconds, peak, error = measure(command, text, args.timeout)
        rows.append([f"endless: {shape}", str(status), f"{seconds:.1f}", f"{peak:.0f}", error])
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--sizes",
        type=lambda text: [int(size) for size in text.split(",")],
        default=[30, 120],
        help="sizes of the long line, in MB (comma-separated)",
    )
    parser.add_argument("--timeout", type=float, default=300, help="seconds before a run is killed")
    parser.add_argument("--wsscore", help="the wsscore command to measure (another version)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        rows = rows_of(args, Path(directory))
    print("| input | exit | seconds | peak MiB | first error line |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
