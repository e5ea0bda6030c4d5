"""Reliability of the command line's files and streams (issue 11): no input is ever overwritten,
every hostile stream, value or interrupt gets one clean line, and every input file is
byte-identical after every run (each table's runs check it).
"""

from __future__ import annotations

import gzip
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, ROOT, one_message

import wsscore.output.plot
import wsscore.scoring.scorer
from wsscore.cli.app import cli
from wsscore.cli.group import CLOSED_STDOUT

FIXTURE_F = 0.636  # F of fixtures/pred.txt against fixtures/gold.txt, checked by hand (test_cli)


@dataclass
class Run:
    status: int
    stdout: bytes
    stderr: str


def files_of(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory`` (links as what they point to, by name)."""
    found = {}
    for path in sorted(directory.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(directory))] = b"->" + os.readlink(path).encode()
        elif path.is_file():
            found[str(path.relative_to(directory))] = path.read_bytes()
    return found


@pytest.fixture
def work(tmp_path) -> Path:
    """A directory of inputs: the fixtures, a gzip copy, a training corpus, two committee
    members, a difficulty file, a text to segment, links to the prediction, and a prediction
    named like a figure."""
    directory = tmp_path / "in"
    directory.mkdir()
    for name in ("gold.txt", "pred.txt", "words.txt"):
        shutil.copy(FIXTURES / name, directory / name)
    gold = (FIXTURES / "gold.txt").read_bytes()
    pred = (FIXTURES / "pred.txt").read_bytes()
    (directory / "pred.txt.gz").write_bytes(gzip.compress(pred))
    (directory / "train.txt").write_bytes(gold)
    (directory / "c1.txt").write_bytes(pred)
    (directory / "c2.txt").write_bytes(gold)
    (directory / "pred2.png").write_bytes(pred)
    (directory / "text.txt").write_bytes(gold.replace(b" ", b""))
    os.symlink("pred.txt", directory / "link.txt")
    os.link(directory / "pred.txt", directory / "hard.txt")
    made = invoke(directory, "difficulty", "gold.txt", "c1.txt", "c2.txt", "-o", "../diff.tsv")
    assert made.status == 0, made.stderr
    shutil.move(str(tmp_path / "diff.tsv"), directory / "diff.tsv")
    return directory


def invoke(cwd: Path, *args: str) -> Run:
    """The command in-process (fast), run from ``cwd``."""
    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, list(args))
    finally:
        os.chdir(here)
    return Run(result.exit_code, result.stdout_bytes, result.stderr)


def process(
    cwd: Path, *args: str | bytes, shell: str | None = None, script: bool = False, **options
) -> Run:
    """The command as its own process; ``shell`` is a bash command line with $WSSCORE in it;
    ``script``: the arguments are Python's (``-c CODE ...``), not the command's."""
    command = [sys.executable] if script else [sys.executable, "-m", "wsscore"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if shell is not None:
        env["WSSCORE"] = " ".join(command)
        argv: list[str | bytes] = ["bash", "-c", shell]
    else:
        argv = [*command, *args]
    result = subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, timeout=60, check=False, **options
    )
    return Run(result.returncode, result.stdout, result.stderr.decode(errors="replace"))


def checked(directory: Path, run: Callable[[], Run], new_files: tuple[str, ...] = ()) -> Run:
    """Run, and check that every input under ``directory`` is byte-identical afterwards and that
    nothing but ``new_files`` was added (no temporary file left behind)."""
    before = files_of(directory)
    result = run()
    after = files_of(directory)
    added = set(after) - set(before)
    assert added <= set(new_files), f"left behind: {sorted(added - set(new_files))}"
    assert {name: after[name] for name in before} == before, "an input was changed"
    return result


def assert_one_error(run: Run, *parts: str) -> str:
    """Exit 2, nothing on stdout, exactly one error line holding every part, with a hint."""
    assert run.status == 2, (run.status, run.stderr)
    assert run.stdout == b""
    assert "Traceback" not in run.stderr
    message = one_message(run.stderr)
    first = message.split("\n")[0]
    assert first.startswith("wsscore: error: "), first
    for part in parts:
        assert part in message, f"{part!r} not in {message!r}"
    assert first.endswith(")"), f"no hint: {first!r}"
    return message


# --- 1. an output that is an input -------------------------------------------------------------

SCORE = ("score", "gold.txt", "pred.txt", "-d", "words.txt")
OUTPUT_IS_INPUT = {
    # id: (arguments, the output as written, the input it is)
    "score -o PRED": ([*SCORE, "-o", "pred.txt"], "-o pred.txt", "the prediction pred.txt"),
    "score -o ./GOLD": ([*SCORE, "-o", "./gold.txt"], "-o ./gold.txt", "the gold gold.txt"),
    "score -o ../in/PRED": ([*SCORE, "-o", "../in/pred.txt"], "-o ../in/pred.txt", "pred.txt"),
    "score -o symlink": ([*SCORE, "-o", "link.txt"], "-o link.txt", "the prediction pred.txt"),
    "score -o hard link": ([*SCORE, "-o", "hard.txt"], "-o hard.txt", "the prediction pred.txt"),
    "score -o -d": ([*SCORE, "-o", "words.txt"], "-o words.txt", "-d words.txt"),
    "score -o --train": (
        ["score", "gold.txt", "pred.txt", "--train", "train.txt", "-o", "train.txt"],
        "-o train.txt",
        "--train train.txt",
    ),
    "score -o .gz": (
        ["score", "gold.txt", "pred.txt.gz", "-o", "pred.txt.gz"],
        "-o pred.txt.gz",
        "the prediction pred.txt.gz",
    ),
    "score -o --committee": (
        [*SCORE, "--committee", "c1.txt", "c2.txt", "-o", "c2.txt"],
        "-o c2.txt",
        "--committee c2.txt",
    ),
    "score -o quoted committee glob": (
        [*SCORE, "--committee", "c?.txt", "-o", "c1.txt"],
        "-o c1.txt",
        "--committee c1.txt",
    ),
    "score -o --difficulty": (
        [*SCORE, "--difficulty", "diff.tsv", "-o", "diff.tsv"],
        "-o diff.tsv",
        "--difficulty diff.tsv",
    ),
    "score --plot PRED": (
        ["score", "gold.txt", "pred2.png", "--plot", "pred2.png"],
        "--plot pred2.png",
        "the prediction pred2.png",
    ),
    "sighan -o GOLD": (
        ["sighan", "words.txt", "gold.txt", "pred.txt", "-o", "gold.txt"],
        "-o gold.txt",
        "the gold gold.txt",
    ),
    "sighan -o DICT": (
        ["sighan", "words.txt", "gold.txt", "pred.txt", "-o", "words.txt"],
        "-o words.txt",
        "the dictionary words.txt",
    ),
    "segment -o TEXT": (
        ["segment", "-d", "words.txt", "text.txt", "-o", "text.txt"],
        "-o text.txt",
        "TEXT text.txt",
    ),
    "segment -o its dictionary": (
        ["segment", "-d", "words.txt", "text.txt", "-o", "words.txt"],
        "-o words.txt",
        "-d words.txt",
    ),
    "errors -o PRED": (
        ["errors", "gold.txt", "pred.txt", "-o", "pred.txt"],
        "-o pred.txt",
        "the prediction pred.txt",
    ),
    "compare -o SYS": (
        ["compare", "gold.txt", "pred.txt", "c2.txt", "-o", "c2.txt"],
        "-o c2.txt",
        "the system c2.txt",
    ),
    "compare -o BASELINE": (
        ["compare", "gold.txt", "pred.txt", "c2.txt", "-o", "pred.txt"],
        "-o pred.txt",
        "the baseline pred.txt",
    ),
    "difficulty -o member": (
        ["difficulty", "gold.txt", "c1.txt", "c2.txt", "-o", "c1.txt"],
        "-o c1.txt",
        "the segmentation c1.txt",
    ),
}


@pytest.mark.parametrize("case", list(OUTPUT_IS_INPUT))
def test_an_output_that_is_an_input_is_refused(work, case):
    args, output, source = OUTPUT_IS_INPUT[case]
    run = checked(work, lambda: invoke(work, *args))
    assert_one_error(run, f"{output} is the same file as", source, "would destroy an input")


def test_an_absolute_output_path_is_compared_too(work):
    run = checked(work, lambda: invoke(work, *SCORE, "-o", str(work / "pred.txt")))
    assert_one_error(run, "is the same file as the prediction pred.txt")


def test_one_file_for_both_outputs_is_refused(work):
    run = checked(work, lambda: invoke(work, *SCORE, "-o", "r.png", "--plot", "./r.png"))
    assert_one_error(run, "-o and --plot name the same file")


def test_an_output_through_a_link_to_another_file_updates_that_file(work, tmp_path):
    """The link stays a link; the file it leads to gets the report (a rename would have
    replaced the link itself)."""
    report = tmp_path / "report.txt"
    report.write_text("old\n")
    os.symlink(report, work / "out.txt")
    run = checked(work, lambda: invoke(work, *SCORE, "-f", "json", "-o", "out.txt"))
    assert run.status == 0, run.stderr
    assert (work / "out.txt").is_symlink()
    assert json.loads(report.read_text())["systems"][0]["metrics"]["f1"] == pytest.approx(
        FIXTURE_F, abs=5e-4
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_device_as_output_is_written_to_never_replaced(work):
    run = checked(work, lambda: invoke(work, *SCORE, "-o", "/dev/full"))
    assert_one_error(run, "/dev/full: cannot write the report: No space left on device")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode), "the device was replaced by a file"
    run = checked(work, lambda: invoke(work, *SCORE, "-f", "json", "-o", "/dev/null"))
    assert run.status == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_named_pipe_as_output_gets_the_report(work, tmp_path):
    fifo = tmp_path / "report.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    run = checked(work, lambda: process(work, *SCORE, "-q", "-o", str(fifo)))
    assert run.status == 0, run.stderr
    assert reader.communicate(timeout=30)[0] == b"0.636\n"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


PLOT_REFUSALS = {
    "missing directory": (["--plot", "no/such/f.png"], "the directory", "does not exist"),
    "directory": (["--plot", "."], "cannot write the figure: it names a directory"),
    "no suffix": (["--plot", "figure"], "cannot draw a file without a suffix"),
    "pdf": (["--plot", "f.pdf"], "cannot draw a .pdf", ".png or .svg"),
    "empty name": (["--plot", ""], "--plot was given an empty file name"),
}


@pytest.mark.parametrize("case", list(PLOT_REFUSALS))
def test_plot_is_checked_before_scoring(work, monkeypatch, case):
    args, *parts = PLOT_REFUSALS[case]

    def never(*args, **kwargs):
        raise AssertionError("scoring ran before --plot was checked")

    monkeypatch.setattr(wsscore.scoring.scorer, "score", never)
    assert_one_error(checked(work, lambda: invoke(work, *SCORE, *args)), *parts)


@pytest.mark.parametrize("output", [None, "report.txt"])
def test_a_failing_plot_leaves_no_report_and_keeps_the_old_one(work, monkeypatch, output):
    def broken(report, path):
        raise wsscore.errors.WsscoreError("the figure failed", where=path, hint="a test")

    monkeypatch.setattr(wsscore.output.plot, "plot_report", broken)
    old = b"the report of yesterday\n"
    if output:
        (work / output).write_bytes(old)
    args = [*SCORE, "--plot", "f.png", *(["-o", output] if output else [])]
    run = checked(work, lambda: invoke(work, *args))
    assert_one_error(run, "f.png: the figure failed")
    if output:
        assert (work / output).read_bytes() == old


@pytest.mark.slow
def test_report_and_plot_both_written_when_all_is_well(work):
    pytest.importorskip("matplotlib")
    run = checked(
        work,
        lambda: invoke(work, *SCORE, "-q", "-o", "r.txt", "--plot", "r.png"),
        new_files=("r.txt", "r.png"),
    )
    assert run.status == 0, run.stderr
    assert (work / "r.txt").read_text() == "0.636\n"
    assert (work / "r.png").read_bytes().startswith(b"\x89PNG")


# --- 2. output and input streams ---------------------------------------------------------------

# A writer that would wait forever for a reader: its output must not hold the test's pipes.
FIFO_WRITER = (
    "mkfifo f; cat {source} > f 2>/dev/null & writer=$!; {command}; status=$?; "
    "kill $writer 2>/dev/null; rm -f f; exit $status"
)
STREAMS = {
    # id: (bash command line, parts of the one error line)
    "stdout /dev/full": ("$WSSCORE score gold.txt pred.txt > /dev/full", "No space left"),
    "-o /dev/full": ("$WSSCORE score gold.txt pred.txt -o /dev/full", "No space left"),
    "help into /dev/full": ("$WSSCORE score --help > /dev/full", "No space left"),
    # Answered without click (wsscore/cli/answers.py), and still told when they cannot be written.
    "group help into /dev/full": ("$WSSCORE --help > /dev/full", "No space left"),
    "version into /dev/full": ("$WSSCORE --version > /dev/full", "No space left"),
    "stdout closed": ("$WSSCORE score gold.txt pred.txt >&-", "standard output is closed"),
    "json, stdout closed": ("$WSSCORE errors gold.txt pred.txt -f json >&-", "output is closed"),
    "stdin closed": ("$WSSCORE score gold.txt - <&-", "standard input ('-'), which is closed"),
    # Help and versions have nowhere to go either (they used to vanish with exit 0).
    "help, stdout closed": ("$WSSCORE --help >&-", CLOSED_STDOUT),
    "version, stdout closed": ("$WSSCORE --version >&-", CLOSED_STDOUT),
    "command help, stdout closed": ("$WSSCORE score --help >&-", CLOSED_STDOUT),
    "-o /dev/stdout, stdout closed": (
        "$WSSCORE score gold.txt pred.txt -o /dev/stdout >&-",
        "-o /dev/stdout is standard output, which is closed",
    ),
    # A name of standard input, with it closed: the first file opened used to take descriptor
    # 0, so /dev/stdin named the prediction itself (scored against itself: 1.000).
    "/dev/stdin, stdin closed": (
        "$WSSCORE score pred.txt /dev/stdin -q <&-",
        "the prediction /dev/stdin is standard input, which is closed",
    ),
    "/dev/fd/0, stdin closed": (
        "$WSSCORE score gold.txt /dev/fd/0 -f json <&-",
        "the prediction /dev/fd/0 is standard input, which is closed",
    ),
    "/proc/self/fd/0 as gold, stdin closed": (
        "$WSSCORE score /proc/self/fd/0 pred.txt <&-",
        "the gold /proc/self/fd/0 is standard input, which is closed",
    ),
    "segment TEXT /dev/stdin, stdin closed": (
        "$WSSCORE segment -d words.txt /dev/stdin <&-",
        "TEXT /dev/stdin is standard input, which is closed",
    ),
    "- twice": ("cat pred.txt | $WSSCORE score gold.txt - -", "can be given only once"),
    "/dev/stdin and -": (
        "cat pred.txt | $WSSCORE score gold.txt - /dev/stdin",
        "standard input ('-') and the prediction /dev/stdin are the same stream",
    ),
    "one FIFO twice": (
        FIFO_WRITER.format(source="pred.txt", command="$WSSCORE score gold.txt f f"),
        "the prediction f and the prediction f are the same stream",
    ),
    "FIFO as gold and prediction": (
        FIFO_WRITER.format(source="gold.txt", command="$WSSCORE score f f"),
        "the gold f and the prediction f are the same stream",
    ),
    "segment -d - and TEXT from stdin": (
        "cat words.txt | $WSSCORE segment -d -",
        "standard input ('-') can be given only once",
    ),
    "stdout appended to an input": (
        "$WSSCORE score gold.txt pred.txt >> pred.txt",
        "standard output is redirected into the prediction pred.txt",
    ),
    "sighan reads its gold twice": (
        "cat gold.txt | $WSSCORE sighan words.txt - pred.txt",
        "wsscore sighan reads the gold twice",
    ),
}


@pytest.mark.parametrize("case", list(STREAMS))
def test_streams_get_one_clean_line(work, case):
    if "/dev/full" in case and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    if "/proc/self" in case and not os.path.exists("/proc/self/fd"):
        pytest.skip("no /proc here")
    command, *parts = STREAMS[case]
    run = checked(work, lambda: process(work, shell=command))
    assert_one_error(run, *parts)


STREAMS_THAT_WORK = {
    # id: (bash command line, what stdout holds, the file written)
    "-o FILE, stdout closed": ("$WSSCORE score gold.txt pred.txt -q -o r.txt >&-", b"", "r.txt"),
    "-o FILE, stdin closed": ("$WSSCORE score gold.txt pred.txt -q -o r.txt <&-", b"", "r.txt"),
    "stdout, stdin closed": ("$WSSCORE score gold.txt pred.txt -q <&-", b"0.636\n", None),
    "help into a pipe read once": (
        "set -o pipefail; $WSSCORE --help | head -1",
        b"Usage: wsscore [OPTIONS] COMMAND [ARGS]...\n",
        None,
    ),
    "report into a pipe read once": (
        "set -o pipefail; $WSSCORE score gold.txt pred.txt -f json | head -1",
        b"{\n",
        None,
    ),
}


@pytest.mark.parametrize("case", list(STREAMS_THAT_WORK))
def test_streams_that_work_stay_quiet(work, case):
    """What needs no closed stream works: exit 0, nothing on stderr."""
    command, stdout, written = STREAMS_THAT_WORK[case]
    new_files = (written,) if written else ()
    run = checked(work, lambda: process(work, shell=command), new_files=new_files)
    assert (run.status, run.stderr, run.stdout) == (0, "", stdout)
    if written:
        assert (work / written).read_text() == "0.636\n"
        (work / written).unlink()


@pytest.mark.skipif(not os.path.exists("/proc/self/fd"), reason="no /proc here")
def test_closed_standard_streams_get_dev_null_on_their_descriptors(work, tmp_path):
    """No file opened later can sit on descriptor 0 (or 1) of a closed stream."""
    script = tmp_path / "fds.py"
    script.write_text(
        "import os\n"
        "from wsscore.cli.app import _hold_closed_standard_streams\n"
        "_hold_closed_standard_streams()\n"
        "fd = os.open('gold.txt', os.O_RDONLY)\n"
        "links = [os.readlink(f'/proc/self/fd/{n}') for n in (0, 1)]\n"
        "os.write(2, ' '.join([str(fd), *links]).encode())\n"
    )
    run = process(work, shell=f"'{sys.executable}' '{script}' <&- >&-")
    assert (run.status, run.stderr) == (0, "3 /dev/null /dev/null")


def test_a_failing_sighan_prints_nothing_before_its_error(work):
    """A prediction of another text: its error comes after the per-sentence blocks were
    computed, which used to be printed first."""
    lines = [f"第 {n} 行 的 另 一 个 文 本" for n in range(1, 5)]
    (work / "other.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = checked(work, lambda: process(work, "sighan", "words.txt", "gold.txt", "other.txt"))
    assert_one_error(run, "other.txt: the prediction is not a segmentation of this gold")


def test_sighan_still_prints_its_blocks(work):
    run = checked(work, lambda: process(work, "sighan", "words.txt", "gold.txt", "pred.txt"))
    assert run.status == 0, run.stderr
    assert run.stdout.count(b"--gold.txt-------pred.txt----") == 4  # a block per gold line
    assert run.stdout.rstrip().endswith(b"0.633")  # R_iv, the summary's last figure


# --- Ctrl-C at any moment ----------------------------------------------------------------------

INTERRUPT_AT_IMPORT = textwrap.dedent(
    """
    import importlib.abc, signal, sys
    how, target = sys.argv[1:3]

    def interrupt():
        signal.raise_signal(signal.SIGINT)  # a real Ctrl-C: the command's handler runs

    class Dropped:
        def __del__(self):
            interrupt()  # Python cannot raise from here: "Exception ignored in ..."

    class Interrupter(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target_module=None):
            if name == target:
                sys.meta_path.remove(self)
                if how == "raised":
                    interrupt()
                elif how == "wrapped":  # as Python 3.11 wraps it when it comes in __set_name__
                    try:
                        interrupt()
                    except KeyboardInterrupt as exc:
                        raise RuntimeError("Error calling __set_name__") from exc
                else:  # swallowed
                    Dropped()
            return None

    sys.meta_path.insert(0, Interrupter())
    sys.argv = ["wsscore", *sys.argv[3:]]
    from wsscore._entry import main
    main()
    """
)
# Modules imported at start-up, while parsing, scoring and rendering (each imported once).
INTERRUPTED_IMPORTS = [
    "click",
    "click.core",
    "wsscore.cli.app",
    "wsscore.inputs.guards",
    "wsscore.scoring.scorer",
    "wsscore.inputs.reading",
    "wsscore.align.stream",
    "wsscore.output",
    "rich",
    "rich.table",
    "wsscore.output.destination",
]
# The KeyboardInterrupt turned into another exception, or swallowed, by an import: while the
# command line is imported, while its command is (parsing), while scoring and rendering.
TRANSFORMED_AT = [
    "click",
    "wsscore.cli.app",
    "wsscore.cli.commands.score",
    "wsscore.inputs.reading",
    "wsscore.output.destination",
]


@pytest.mark.parametrize(
    ("how", "module"),
    [("raised", module) for module in INTERRUPTED_IMPORTS]
    + [(how, module) for how in ("wrapped", "swallowed") for module in TRANSFORMED_AT],
)
def test_ctrl_c_while_importing(work, how, module):
    args = ["-c", INTERRUPT_AT_IMPORT, how, module, *SCORE, "-f", "table", "-o", "r.txt"]
    run = checked(work, lambda: process(work, *args, script=True))
    assert (run.status, run.stderr, run.stdout) == (130, "wsscore: interrupted\n", b"")


@pytest.mark.parametrize("how", ["raised", "wrapped", "swallowed"])
@pytest.mark.parametrize(
    "args", [["score", "--help"], ["--version"], ["--help"], [*SCORE, "-q"]], ids=str
)
def test_ctrl_c_before_anything_is_printed_prints_nothing(work, how, args):
    """Help, a version or a report to standard output: none of it after a Ctrl-C."""
    # --version and --help are answered without click (wsscore.cli.answers).
    module = "wsscore.cli.commands.score" if args[0] == "score" else "wsscore.cli.help_text"
    code = ["-c", INTERRUPT_AT_IMPORT, how, module, *args]
    run = checked(work, lambda: process(work, *code, script=True))
    assert (run.status, run.stderr, run.stdout) == (130, "wsscore: interrupted\n", b"")


def _write_big_input(path: Path) -> None:
    """20,000 lines of random words: long enough to score (a few tenths of a second) that a
    Ctrl-C can come at any stage."""
    hanzi = "的一是在不了有和人中大上国我以要他时来用们生到作地于出就分对成会可主发年动同工"
    rng = random.Random(11)
    lines = [
        " ".join("".join(rng.choices(hanzi, k=rng.randint(1, 3))) for _ in range(12))
        for _ in range(20_000)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.slow
def test_ctrl_c_at_random_moments(work):
    """From the moment the handler is installed to the end: either the report, complete, and
    exit 0, or exactly one line and 130; never a traceback, a half report or a temporary file."""
    _write_big_input(work / "big.txt")
    rng = random.Random(11)
    ready = "import os, signal, sys; from wsscore import _entry; "
    ready += "signal.signal(signal.SIGINT, _entry._interrupt); os.write(1, b'R'); "
    ready += "sys.argv = ['wsscore', *sys.argv[1:]]; _entry.main()"
    outcomes = set()
    for attempt in range(16):
        delay = rng.uniform(0.0, 0.6)
        before = files_of(work)
        child = subprocess.Popen(
            [sys.executable, "-c", ready, "score", "big.txt", "big.txt", "-q", "-o", "r.txt"],
            cwd=work,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert child.stdout is not None
        assert child.stdout.read(1) == b"R"  # the handler is in place
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
        after = files_of(work)
        if child.returncode == 0:
            assert err == b"" and (work / "r.txt").read_text() == "1.000\n"
            (work / "r.txt").unlink()
            outcomes.add("finished")
        else:
            assert (child.returncode, err) == (130, b"wsscore: interrupted\n"), (delay, err)
            assert after == before, f"attempt {attempt}: files changed or left behind"
            outcomes.add("interrupted")
    assert "interrupted" in outcomes


def _console_script() -> Path | None:
    """The `wsscore` script pip wrote beside this Python, if it runs this package's entry."""
    script = Path(sys.executable).parent / "wsscore"
    if not script.is_file() or b"from wsscore._entry import main" not in script.read_bytes():
        return None
    return script


# A frame of a traceback: its file and function.
FRAME = re.compile(rb'File "([^"]+)", line -?\d+, in (\S+)')
# Modules that run before wsscore._entry.main can install its handler (the package's __init__,
# what it imports, and _entry's own imports).
BEFORE_MAIN = ("__init__.py", "_version.py", "interrupts.py")


def _frames_after_main_began(stderr: bytes) -> list[bytes]:
    """The frames of our code that only run once main() has begun."""
    ours = str(ROOT / "wsscore").encode() + os.sep.encode()
    found = []
    for path, function in FRAME.findall(stderr):
        if not path.startswith(ours):
            continue
        name = path[len(ours) :].decode()
        if name in BEFORE_MAIN or (name == "_entry.py" and function == b"<module>"):
            continue
        found.append(path + b" " + function)
    return found


def _answered_by_python(status: int, stdout: bytes, stderr: bytes, report: bytes) -> bool:
    """Whether a run's Ctrl-C provably came before the command's handler could exist, and was
    answered by Python itself: killed before Python handled signals (-2, silent); Python's
    KeyboardInterrupt escaping at the top level (-2 and a traceback), or failing its start-up
    (importing `site` or the standard streams: exit 1); or printed and ignored ("Exception
    ignored in", "Error processing line 1 of ....pth", "Failed checking if argv[0] is an
    import path entry") and the run finished. Once main() has begun, the command's hook and
    handler keep every KeyboardInterrupt quiet and end the run with 130, so a printed one
    with no frame of the code that runs from then on proves it came before."""
    if _frames_after_main_began(stderr):
        return False
    python_said = b"KeyboardInterrupt" in stderr
    if status == -signal.SIGINT:
        return stdout == b"" and (stderr == b"" or python_said)
    if status == 1:  # Python's start-up failed ("Fatal Python error: init_...", or no more)
        return stdout == b"" and (stderr.startswith(b"Fatal Python error: init_") or python_said)
    if status == 0:
        return stdout == report and python_said
    return False


@pytest.mark.slow
def test_ctrl_c_early_in_the_real_console_script(work):
    """The console script pip wrote, interrupted mostly while it starts (importing click,
    parsing), sometimes later: exit 130 and exactly one line, or the whole report and exit 0;
    never a traceback, exit 1 or a report with 130. Runs whose Ctrl-C came before our handler
    could exist (Python's own start-up, the script's `import re`) are told apart by what Python
    itself prints then, and counted apart. How long the start takes depends on the machine and
    its load: the early Ctrl-Cs come later while they keep coming before our handler, sooner
    while the runs finish, and the runs go on past 120 (up to 400) until 20 were interrupted."""
    script = _console_script()
    if script is None:
        pytest.skip("no wsscore console script beside this Python")
    _write_big_input(work / "big.txt")
    rng = random.Random(1111)
    before = files_of(work)
    outcomes: dict[str, int] = {}
    shift = 0.0  # added to the early delays: the start's length on this machine, learnt
    runs = 0
    while runs < 120 or (outcomes.get("interrupted", 0) < 20 and runs < 400):
        runs += 1
        # Four in five while starting up (a run takes some 60 ms to begin scoring, unloaded).
        early = rng.random() < 0.8
        delay = shift + rng.uniform(0.0, 0.08) if early else rng.uniform(0.08, 0.5)
        child = subprocess.Popen(
            [str(script), "score", "big.txt", "big.txt", "-q"],
            cwd=work,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        status = child.returncode
        if (status, out, err) == (130, b"", b"wsscore: interrupted\n"):
            outcome = "interrupted"
        elif (status, out, err) == (0, b"1.000\n", b""):
            outcome = "finished"
        elif _answered_by_python(status, out, err, b"1.000\n"):
            outcome = "before our handler"
        else:
            raise AssertionError(f"after {delay:.3f} s: exit {status}, {out!r}, {err.decode()}")
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if early and outcome == "before our handler":
            shift += 0.01
        elif early and outcome == "finished":
            shift = max(0.0, shift - 0.01)
    assert files_of(work) == before
    assert outcomes.get("interrupted", 0) >= 20, (outcomes, shift)


# --- --debug keeps the exit status ----------------------------------------------------------

DEBUG_CASES = {
    # id: (bash command line, {debug} where --debug goes, the exit status with and without it)
    "missing file": ("$WSSCORE score gold.txt nosuch.txt{debug}", 2),
    "-o a directory": ("mkdir -p d; $WSSCORE score gold.txt pred.txt -o d{debug}", 2),
    "stdout /dev/full": ("$WSSCORE score gold.txt pred.txt{debug} > /dev/full", 2),
    "stdout closed": ("$WSSCORE score gold.txt pred.txt{debug} >&-", 2),
    "usage error": ("$WSSCORE score gold.txt pred.txt --beta nan{debug}", 2),
    "--fail-under": ("$WSSCORE score gold.txt pred.txt -q --fail-under f=0.9{debug}", 1),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(DEBUG_CASES))
def test_debug_adds_the_traceback_and_keeps_the_exit_status(work, case):
    if "/dev/full" in case and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    command, status = DEBUG_CASES[case]
    plain = checked(work, lambda: process(work, shell=command.format(debug="")), ("d",))
    debug = checked(work, lambda: process(work, shell=command.format(debug=" --debug")), ("d",))
    assert (plain.status, debug.status) == (status, status), (plain.stderr, debug.stderr)
    assert debug.stdout == plain.stdout
    # The same last line; before it, the traceback of an error (not of a threshold or usage).
    assert debug.stderr.splitlines()[-1] == plain.stderr.splitlines()[-1]
    if status == 2 and "usage" not in case:
        assert debug.stderr.startswith("Traceback (most recent call last):")
        assert "Traceback" not in plain.stderr


def test_debug_keeps_the_status_of_an_internal_error(work, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(wsscore.scoring.scorer, "score", broken)
    plain = checked(work, lambda: invoke(work, *SCORE))
    debug = checked(work, lambda: invoke(work, *SCORE, "--debug"))
    assert (plain.status, debug.status) == (2, 2)
    assert plain.stderr == (
        "wsscore: internal error: ZeroDivisionError: a bug (run again with --debug for the "
        "traceback, and please report it)\n"
    )
    assert debug.stderr.startswith("Traceback (most recent call last):")
    assert debug.stderr.endswith(
        "ZeroDivisionError: a bug\nwsscore: internal error: ZeroDivisionError: a bug (please "
        "report it)\n"
    )


@pytest.mark.parametrize("how", ["raised", "wrapped"])
def test_debug_keeps_the_status_of_a_ctrl_c(work, how):
    args = ["-c", INTERRUPT_AT_IMPORT, how, "wsscore.inputs.reading", *SCORE, "--debug"]
    run = checked(work, lambda: process(work, *args, script=True))
    assert (run.status, run.stderr, run.stdout) == (130, "wsscore: interrupted\n", b"")


# --- 3. values and options ---------------------------------------------------------------------

BAD_BETAS = ["nan", "inf", "-inf", "1e300", "0", "-1", "1e-300", "1001", "abc"]


@pytest.mark.parametrize("command", ["score", "compare"])
@pytest.mark.parametrize("beta", BAD_BETAS)
def test_beta_must_be_finite_and_sane(work, command, beta):
    args = [command, "gold.txt", "pred.txt", *(["c2.txt"] if command == "compare" else [])]
    run = checked(work, lambda: invoke(work, *args, "--beta", beta, "-f", "json"))
    assert_one_error(run, "Invalid value for '--beta'")


def _no_constants(name: str) -> float:
    raise AssertionError(f"JSON holds {name}")


def load_strict_json(data: bytes) -> dict:
    """UTF-8 (strictly) and JSON without NaN or Infinity."""
    return json.loads(data.decode("utf-8"), parse_constant=_no_constants)


JSON_OPTIONS = [
    ["--beta", "0.001"],
    ["--beta", "1000", "--ci", "wilson"],
    ["--ci", "bootstrap", "--samples", "50", "--extra"],
    ["--ci", "none", "--mismatch", "align"],
    ["--committee", "c1.txt", "c2.txt", "--ci", "bootstrap", "--samples", "20"],
]
JSON_PREDICTIONS = {
    "perfect": "gold.txt",
    "fixture": "pred.txt",
    "all one word per line": "merged.txt",
    "every character alone": "chars.txt",
    "another text": "other.txt",
}


@pytest.mark.parametrize("options", JSON_OPTIONS, ids=" ".join)
@pytest.mark.parametrize("dictionary", [[], ["-d", "words.txt"], ["-d", "empty.txt"]], ids=str)
def test_json_never_holds_nan_or_infinity(work, options, dictionary):
    gold_lines = (work / "gold.txt").read_text(encoding="utf-8").splitlines()
    (work / "merged.txt").write_text("".join(f"{line.replace(' ', '')}\n" for line in gold_lines))
    (work / "chars.txt").write_text(
        "".join(" ".join(line.replace(" ", "")) + "\n" for line in gold_lines)
    )
    (work / "other.txt").write_text("".join("另 一 个\n" for _ in gold_lines))
    (work / "empty.txt").write_text("")
    predictions = list(JSON_PREDICTIONS.values())
    args = ["score", "gold.txt", *predictions, *dictionary, *options, "-f", "json"]
    run = checked(work, lambda: invoke(work, *args, "--mismatch", "align"))
    assert run.status == 0, run.stderr
    report = load_strict_json(run.stdout)
    assert len(report["systems"]) == len(predictions)
    perfect = next(s for s in report["systems"] if s["path"] == "gold.txt")
    assert perfect["metrics"]["f1"] == 1.0


@pytest.mark.parametrize("metric", ["roov", "riv"])
@pytest.mark.parametrize("command", ["score"])
def test_oov_thresholds_need_a_dictionary(work, metric, command):
    run = checked(
        work, lambda: invoke(work, command, "gold.txt", "pred.txt", "--fail-under", f"{metric}=0.5")
    )
    assert_one_error(run, "--fail-under", f"{metric} is defined only with a dictionary")
    # With one, the threshold is judged: R_oov = 2/6 and R_iv = 19/30 (checked by hand).
    run = checked(work, lambda: invoke(work, *SCORE, "-q", "--fail-under", f"{metric}=0.5"))
    assert run.status == (1 if metric == "roov" else 0), run.stderr


UNDEFINED_THRESHOLDS = {
    # id: (the dictionary's words (None: the gold's own), --fail-under values, parts of the line)
    "roov, every gold word known": (
        None,
        ["roov=0.5"],
        "gold.txt: R_oov is undefined (no gold word is out of vocabulary",
        "so --fail-under roov=0.5 cannot be checked",
        "or drop --fail-under roov)",
    ),
    "riv, no gold word known": (
        ["不在"],
        ["riv=0.5"],
        "gold.txt: R_iv is undefined (no gold word is in the dictionary)",
        "so --fail-under riv=0.5 cannot be checked",
    ),
    "roov among defined ones": (
        None,
        ["f=0.1", "roov=0.9", "r=0.1"],
        "R_oov is undefined",
        "--fail-under roov=0.9 cannot be checked",
    ),
}


@pytest.mark.parametrize("case", list(UNDEFINED_THRESHOLDS))
@pytest.mark.parametrize("quiet", [[], ["-q"]], ids=["table", "quiet"])
def test_a_threshold_on_an_undefined_figure_cannot_be_checked(work, case, quiet):
    """Exit 2 (it cannot be checked), not 1 (it failed), and no report."""
    words, values, *parts = UNDEFINED_THRESHOLDS[case]
    if words is None:  # R_oov needs an OOV word: with the gold's own words there is none
        words = sorted(set((work / "gold.txt").read_text(encoding="utf-8").split()))
    (work / "list.txt").write_text("".join(f"{word}\n" for word in words), encoding="utf-8")
    thresholds = [arg for value in values for arg in ("--fail-under", value)]
    args = ["score", "gold.txt", "pred.txt", "gold.txt", "-d", "list.txt", *quiet, *thresholds]
    line = assert_one_error(checked(work, lambda: invoke(work, *args)), *parts)
    assert "is below" not in line


def test_undefined_figures_are_told_apart(work):
    """F is undefined when R or P is: each is named with the file it comes from."""
    from types import SimpleNamespace

    from wsscore.gates import FAIL_UNDER, Gate, refuse_undefined_figures

    def report(recall, precision):
        metrics = SimpleNamespace(recall=recall, precision=precision, f=None)
        system = SimpleNamespace(metrics=metrics, path="p.txt", name="p")
        return SimpleNamespace(systems=[system], gold=SimpleNamespace(path="g.txt"))

    expected = {
        (None, 0.5): "g.txt: F is undefined (the gold has no words)",
        (0.5, None): "p.txt: F is undefined (the prediction has no words)",
    }
    for (recall, precision), start in expected.items():
        with pytest.raises(wsscore.errors.WsscoreError) as error:
            refuse_undefined_figures(report(recall, precision), [Gate(FAIL_UNDER, "f", 0.5)])
        assert str(error.value).startswith(start)


NON_UTF8_NAME = b"pr\xffed\xe9.txt"


@pytest.mark.parametrize("command", ["score", "errors", "compare"])
def test_json_of_a_file_name_that_is_not_utf8_is_valid_utf8(work, command):
    shutil.copy(work / "pred.txt", os.fsdecode(bytes(work) + b"/" + NON_UTF8_NAME))
    extra = [b"gold.txt"] if command == "compare" else []
    args = [command.encode(), b"gold.txt", NON_UTF8_NAME, *extra, b"-f", b"json"]
    run = checked(work, lambda: process(work, *args))
    assert run.status == 0, run.stderr
    document = load_strict_json(run.stdout)
    names = json.dumps(document, ensure_ascii=False)
    assert "\udcff" in names  # the name's bytes, read back exactly
    if command == "score":
        assert os.fsencode(document["systems"][0]["path"]) == NON_UTF8_NAME


# --- 5. many files under a low open-file limit ---------------------------------------------------


def _limit_open_files(soft: int, hard: int | None) -> Callable[[], None]:
    def apply() -> None:
        current_hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, current_hard if hard is None else hard))

    return apply


def _many_predictions(work: Path, count: int) -> list[str]:
    (work / "many").mkdir()
    names = []
    for index in range(count):
        shutil.copy(work / "pred.txt", work / "many" / f"p{index:03}.txt")
        names.append(f"many/p{index:03}.txt")
    return names


def test_too_low_an_open_file_limit_is_named(work):
    names = _many_predictions(work, 120)
    run = checked(
        work,
        lambda: process(work, "score", "gold.txt", *names, preexec_fn=_limit_open_files(48, 48)),
    )
    assert_one_error(
        run, "121 files are read at once", "the limit on open files is 48", "ulimit -n"
    )


LOW_LIMITS = {
    # id: (predictions, soft and hard limit): each scores, as the audit found it would
    "one prediction under 25": (1, 25),
    "nine predictions under 20": (9, 20),
    "one prediction under 9": (1, 9),
    "40 predictions under 48": (40, 48),
}


@pytest.mark.parametrize("case", list(LOW_LIMITS))
def test_a_low_limit_that_suffices_is_not_refused(work, case):
    count, limit = LOW_LIMITS[case]
    names = _many_predictions(work, count)
    run = checked(
        work,
        lambda: process(
            work, "score", "gold.txt", *names, "-q", preexec_fn=_limit_open_files(limit, limit)
        ),
    )
    assert (run.status, run.stderr) == (0, "")
    # the default names (the files' names), in the order given
    expected = ["0.636"] if count == 1 else [f"{Path(name).name}\t0.636" for name in names]
    assert run.stdout.decode().splitlines() == expected


@pytest.mark.slow
@pytest.mark.parametrize("options", [[], ["-d", "words.txt", "-o", "r.txt", "-f", "json"]])
def test_the_limit_the_check_asks_for_is_enough(work, options):
    """Refused just below what it says it needs, and scored at exactly that: the check counts
    what a run really holds open, so it neither refuses a run that works nor admits one that
    fails on EMFILE."""
    names = _many_predictions(work, 40)
    args = ["score", "gold.txt", *names, *options]

    def run_under(limit: int) -> Run:
        return process(work, *args, preexec_fn=_limit_open_files(limit, limit))

    line = assert_one_error(checked(work, lambda: run_under(20)), "files are read at once")
    found = re.search(r"(\d+) files are read at once, which needs about (\d+) open files", line)
    assert found is not None
    files, needed = int(found.group(1)), int(found.group(2))
    assert files == 41 + ("-d" in options)
    assert needed <= files + 3 + 8  # the inputs, the standard streams, a few spare
    assert_one_error(checked(work, lambda: run_under(needed - 1)), f"needs about {needed}")
    run = checked(work, lambda: run_under(needed), new_files=("r.txt",))
    assert (run.status, run.stderr) == (0, "")


@pytest.mark.parametrize(
    ("options", "workers"),
    [
        ({"gold": "big.txt", "jobs": 1}, 0),
        ({"gold": "small.txt", "jobs": 4}, 0),  # too small to be cut: no pool
        ({"gold": "big.txt", "jobs": 4}, 4),
        ({"gold": "-", "jobs": 4}, 0),  # standard input is never cut
        ({"gold": "small.txt", "jobs": 1, "match": "diff"}, 1),  # a diff process per job
        ({"gold": "small.txt", "jobs": 3, "match": "diff"}, 3),
        ({"manifest": "m.toml"}, 0),  # no --jobs
    ],
)
def test_worker_processes_are_counted_where_they_start(work, monkeypatch, options, workers):
    import wsscore.align.parallel
    from wsscore.cli.running import worker_processes

    (work / "small.txt").write_bytes(b"a\n" * 10)
    (work / "big.txt").write_bytes(b"a\n" * 1000)
    monkeypatch.setattr(wsscore.align.parallel, "MIN_PARALLEL_BYTES", 1000)
    monkeypatch.chdir(work)
    assert worker_processes(options) == workers


def test_an_input_that_cannot_be_opened_for_the_limit_names_it(work, monkeypatch):
    """The last resort, if a run opens more than the check counted: one line with a hint."""
    import errno

    import wsscore.inputs.reading

    def too_many(*args, **kwargs):
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(wsscore.inputs.reading, "open", too_many, raising=False)
    run = checked(work, lambda: invoke(work, *SCORE))
    assert_one_error(run, ".txt: cannot open: Too many open files", "ulimit -n")


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_low_soft_limit_is_raised_and_every_file_scored(work, jobs):
    names = _many_predictions(work, 120)
    run = checked(
        work,
        lambda: process(
            work,
            "score",
            "gold.txt",
            *names,
            "-q",
            "-j",
            jobs,
            preexec_fn=_limit_open_files(48, None),
        ),
    )
    assert run.status == 0, run.stderr
    assert run.stdout.decode().splitlines() == [f"{Path(name).name}\t0.636" for name in names]


# --- 6. messages -------------------------------------------------------------------------------

OUTPUT_HINTS = {
    "-o DIR/": (["-o", "sub/"], "it names a directory", "e.g. -o sub/report.txt"),
    "-o DIR": (["-o", "sub"], "it names a directory", "e.g. -o sub/report.txt"),
    '-o ""': (["-o", ""], "-o was given an empty file name", "e.g. -o report.txt"),
    "-o into a missing directory": (["-o", "none/r.txt"], "does not exist", "create it first"),
}


@pytest.mark.parametrize("case", list(OUTPUT_HINTS))
def test_output_paths_get_hints(work, case):
    (work / "sub").mkdir()
    args, *parts = OUTPUT_HINTS[case]
    assert_one_error(checked(work, lambda: invoke(work, *SCORE, *args)), *parts)


UNKNOWN_OPTIONS = {
    "--foo": None,  # click said "Did you mean '--format'?"
    "--sed": "--seed",
    "--formt": "--format",
    "--dic": "--dict",
    "--encodng": "--encoding",
    "--zzz": None,
    "--quite": "--quiet",
}


@pytest.mark.parametrize("option", list(UNKNOWN_OPTIONS))
def test_an_unknown_option_is_matched_only_to_a_close_one(work, option):
    run = checked(work, lambda: invoke(work, *SCORE, option))
    line = assert_one_error(run, f"No such option '{option}'.")
    _assert_suggests(line, UNKNOWN_OPTIONS[option])


UNKNOWN_COMMANDS = {"scor": "score", "repot": "report", "erors": "errors", "foo": None}


@pytest.mark.parametrize("command", list(UNKNOWN_COMMANDS))
def test_an_unknown_command_is_matched_only_to_a_close_one(work, command):
    run = checked(work, lambda: invoke(work, command, "gold.txt"))
    line = assert_one_error(run, f"No such command '{command}'.")
    _assert_suggests(line, UNKNOWN_COMMANDS[command])


def _assert_suggests(line: str, suggestion: str | None) -> None:
    """The error suggests ``suggestion``, or nothing when it is None."""
    if suggestion is None:
        assert "Did you mean" not in line
    else:
        assert f"Did you mean '{suggestion}'?" in line


def test_json_numbers_stay_exact(work):
    """The encoder leaves finite numbers alone: the fixture's R and P to full precision."""
    run = invoke(work, *SCORE, "-f", "json")
    metrics = load_strict_json(run.stdout)["systems"][0]["metrics"]
    assert metrics["recall"] == 21 / 36 and metrics["precision"] == 21 / 30
    assert math.isclose(metrics["f1"], 2 * 21 / (36 + 30))


LOOK_ALIKES = {
    # id: (gold line, prediction line, what each side is shown as)
    "composed and decomposed é": (
        "café 好",
        "cafe\u0301 好",
        "gold line 1 col 4 has 'é' U+00E9",
        "prediction line 1 col 4 has 'e\u0301' U+0065 U+0301",
    ),
    "ASCII and fullwidth c": ("c 好", "ｃ 好", "'c' U+0063", "'ｃ' U+FF43"),
    "two hanzi variants": ("説 话", "說 话", "'説' U+8AAC", "'說' U+8AAA"),
}


@pytest.mark.parametrize("policy", ["warn", "error"])
@pytest.mark.parametrize("case", list(LOOK_ALIKES))
def test_look_alike_characters_are_shown_with_code_points(work, case, policy):
    gold, pred, *shown = LOOK_ALIKES[case]
    (work / "g.txt").write_text(gold + "\n", encoding="utf-8")
    (work / "p.txt").write_text(pred + "\n", encoding="utf-8")
    run = checked(work, lambda: invoke(work, "score", "g.txt", "p.txt", "--mismatch", policy))
    if policy == "error":
        assert_one_error(run, *shown)
    else:  # one line of one: beyond the 10% of sentences a warning allows
        assert_one_error(run, "is not a segmentation of this gold", *shown)


def test_long_differing_texts_are_shown_without_code_points(work):
    (work / "g.txt").write_text("一二三四五六 好\n", encoding="utf-8")
    (work / "p.txt").write_text("七八九十百千 好\n", encoding="utf-8")
    line = assert_one_error(checked(work, lambda: invoke(work, "score", "g.txt", "p.txt")))
    assert "'一二三四五六'" in line and "U+" not in line


MISMATCH_HINTS = {
    # id: (prediction lines, policy, parts of the line, parts it must not have)
    "error, a line missing": (
        ["我们 在 北京", "大学 读书"],
        ["error"],
        ["the gold has 3 lines, the prediction 2", "a missing or extra line is the usual cause"],
        [],
    ),
    "error, same line count": (
        ["我们 在 北京", "大学 读书", "今天 天气 不错"],
        ["error"],
        [
            "the gold has 3 lines, the prediction 3",
            "the line counts agree: check that both hold the same text",
        ],
        ["usual cause"],
    ),
    "strict warning": (
        ["我们 在 北京", "大学 读书", "今天 天气 不好"],
        ["align", "--strict"],
        ["1 character(s) on 1 line(s) differ", "without --strict it is scored with a warning"],
        ["count as wrong"],
    ),
}


@pytest.mark.parametrize("case", list(MISMATCH_HINTS))
def test_mismatch_messages_say_only_what_is_true(work, case):
    lines, options, parts, absent = MISMATCH_HINTS[case]
    (work / "g.txt").write_text("我们 在 北京\n大学 读书\n今天 天气 很好\n", encoding="utf-8")
    (work / "p.txt").write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    run = checked(work, lambda: invoke(work, "score", "g.txt", "p.txt", "--mismatch", *options))
    line = assert_one_error(run, *parts)
    for part in absent:
        assert part not in line


GOLD_LINES = ["我们 在 北京", "大学 读书", "今天 天气 很好"]
THIRTY = [f"第 {n} 句 在 北京" for n in range(1, 31)]  # distinct lines: each aligns alone


def changed(lines: list[str], *numbers: int) -> list[str]:
    """The lines with 北京 made 南京 on the given line numbers."""
    return [
        line.replace("北京", "南京") if n in numbers else line for n, line in enumerate(lines, 1)
    ]


REFUSALS_UNDER_ERROR = {
    # id: (gold lines, prediction lines, what the hint says scores it)
    "1 of 3 lines differ": (
        GOLD_LINES,
        ["我们 在 北京", "大学 读书", "今天 天气 不好"],
        (
            "--mismatch align scores it",
            "1 of 3 sentences differ, more than the 10% --mismatch warn allows",
        ),
    ),
    "a line missing of 3": (
        GOLD_LINES,
        ["我们 在 北京", "今天 天气 很好"],
        ("--mismatch align scores it", "1 of 3 sentences differ"),
    ),
    "1 of 30 lines differ": (
        THIRTY,
        changed(THIRTY, 7),
        ("--mismatch warn scores it", "1 of 30 sentences differ, within the 10% it allows"),
    ),
    "3 of 30 lines differ (the limit)": (
        THIRTY,
        changed(THIRTY, 7, 15, 30),
        ("--mismatch warn scores it", "3 of 30 sentences differ"),
    ),
    "4 of 30 lines differ": (
        THIRTY,
        changed(THIRTY, 1, 7, 15, 30),
        ("--mismatch align scores it", "4 of 30 sentences differ"),
    ),
    "junk past the end": (
        GOLD_LINES,
        [*GOLD_LINES, "多 余" * 6000],
        (
            "--mismatch align scores it",
            "past the gold's end it has more text than --mismatch warn allows",
        ),
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS_UNDER_ERROR))
def test_a_refusal_under_mismatch_error_names_the_policy_that_scores_it(work, case):
    gold, pred, hint = REFUSALS_UNDER_ERROR[case]
    (work / "g.txt").write_text("".join(f"{line}\n" for line in gold), encoding="utf-8")
    (work / "p.txt").write_text("".join(f"{line}\n" for line in pred), encoding="utf-8")
    args = ["score", "g.txt", "p.txt", "-q"]
    line = assert_one_error(checked(work, lambda: invoke(work, *args, "--mismatch", "error")))
    fix, why = hint
    first, detail = line.split("\n")
    assert f"; {fix})" in first, line  # what to do on the first line, why on the next
    assert f"; {why}" in detail, line
    # Following the hint works: the prediction is scored, with a warning.
    policy = re.search(r"--mismatch (warn|align) scores it", line).group(1)
    followed = checked(work, lambda: invoke(work, *args, "--mismatch", policy))
    assert followed.status == 0, followed.stderr
    assert followed.stderr.startswith("wsscore: warning: p.txt:")
    # And the other policy, where the hint says align, does not.
    if policy == "align":
        refused = checked(work, lambda: invoke(work, *args, "--mismatch", "warn"))
        assert refused.status == 2


def test_a_refusal_of_a_stream_names_both_policies(work):
    """Standard input cannot be read again to count the differing sentences."""
    (work / "g.txt").write_text("".join(f"{line}\n" for line in GOLD_LINES), encoding="utf-8")
    command = "printf '我们 在 北京\\n' | $WSSCORE score g.txt - --mismatch error"
    run = checked(work, lambda: process(work, shell=command))
    assert_one_error(
        run,
        "--mismatch warn or align scores it)",
        "; warn if at most 10% of the sentences differ, align whatever differs",
    )


def test_the_warning_still_says_what_it_does(work):
    """Without --strict the consequence is part of the warning."""
    lines = ["我们 在 北京", "大学 读书", "今天 天气 不好"] + ["好"] * 20
    gold = ["我们 在 北京", "大学 读书", "今天 天气 很好"] + ["好"] * 20
    (work / "g.txt").write_text("".join(f"{line}\n" for line in gold), encoding="utf-8")
    (work / "p.txt").write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    run = checked(work, lambda: invoke(work, "score", "g.txt", "p.txt", "-q"))
    assert run.status == 0 and run.stdout == b"0.964\n"  # TP 27 of 28 words on both sides
    assert "words touching them count as wrong" in run.stderr
    assert "'很' U+5F88" in run.stderr and "'不' U+4E0D" in run.stderr
