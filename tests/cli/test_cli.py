"""The ``wsscore`` command, through click's CliRunner and as a real process."""

from __future__ import annotations

import csv
import gzip
import io
import json
import math
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, ROOT

import wsscore.cli.terminal
from wsscore import __version__
from wsscore.cli.app import cli

GOLD = str(FIXTURES / "gold.txt")
PRED = str(FIXTURES / "pred.txt")
WORDS = str(FIXTURES / "words.txt")
SCORE = ["score", GOLD, PRED, "-d", WORDS]

HEADERS = ["System", "Words", "R", "c_r", "P", "c_p", "F", "OOV", "R_oov", "R_iv"]
ROW = ["pred.txt", "36", "0.583", "±0.1643", "0.700", "±0.1528", "0.636", "0.167", "0.333", "0.633"]
EXACT = {  # full-precision values of the fixture, in column order after System and Words
    "R": 21 / 36,
    "c_r": 2 * math.sqrt(21 / 36 * 15 / 36 / 36),
    "P": 0.7,
    "c_p": 2 * math.sqrt(0.7 * 0.3 / 36),
    "F": 42 / 66,
    "OOV": 6 / 36,
    "R_oov": 2 / 6,
    "R_iv": 19 / 30,
}
SUMMARY = [
    "=== SUMMARY:",
    "=== TOTAL INSERTIONS:\t0",
    "=== TOTAL DELETIONS:\t6",
    "=== TOTAL SUBSTITUTIONS:\t9",
    "=== TOTAL NCHANGE:\t15",
    "=== TOTAL TRUE WORD COUNT:\t36",
    "=== TOTAL TEST WORD COUNT:\t30",
    "=== TOTAL TRUE WORDS RECALL:\t0.583",
    "=== TOTAL TEST WORDS PRECISION:\t0.700",
    "=== F MEASURE:\t0.636",
    "=== OOV Rate:\t0.167",
    "=== OOV Recall Rate:\t0.333",
    "=== IV Recall Rate:\t0.633",
]
SUMMARY_NUMBERS = "0\t6\t9\t15\t36\t30\t0.583\t0.700\t0.636\t0.167\t0.333\t0.633"


def invoke(*args: str, input: bytes | None = None, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), input=input, env=env)


def run_module(*args: str, cwd=ROOT, **options) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wsscore", *args],
        capture_output=True,
        cwd=cwd,
        timeout=60,
        check=False,
        **options,
    )


def signature_of(*args: str) -> str:
    return json.loads(invoke(*args, "-f", "json").stdout)["signature"]


def write_systems(tmp_path: Path) -> list[str]:
    """Three systems: one word per character (F = 34/91), the fixture (42/66), the gold (1)."""
    chars = tmp_path / "chars.txt"
    lines = (FIXTURES / "gold.txt").read_text(encoding="utf-8").splitlines()
    chars.write_text("\n".join(" ".join("".join(line.split())) for line in lines) + "\n")
    return [str(chars), PRED, GOLD]


# --- formats ------------------------------------------------------------------------------------


def test_text_is_the_default_when_not_on_a_terminal():
    result = invoke(*SCORE)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == HEADERS
    assert set(lines[1]) <= {"-", " "}
    assert lines[2].split() == ROW
    assert lines[-1] == f"signature: {signature_of(*SCORE)}"
    assert result.stderr == ""


def test_text_ratios_have_three_decimals_and_intervals_four():
    cells = invoke(*SCORE, "-f", "text").stdout.splitlines()[2].split()[2:]
    for header, value in zip(HEADERS[2:], cells, strict=True):
        if header.startswith("c_"):
            assert re.fullmatch(r"±0\.\d{4}", value)
            assert value == f"±{EXACT[header]:.4f}"
        else:
            assert re.fullmatch(r"0\.\d{3}", value)
            assert value == f"{EXACT[header]:.3f}"


def test_table():
    result = invoke(*SCORE, "-f", "table")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    header = next(line for line in lines if "System" in line)
    assert [cell.strip() for cell in header.strip("┃").split("┃")] == HEADERS
    row = next(line for line in lines if "pred.txt" in line)
    assert [cell.strip() for cell in row.strip("│").split("│")] == ROW
    # The signature is printed whole, on one line, even when it is wider than the table.
    assert f"signature: {signature_of(*SCORE)}" in lines
    assert "\x1b" not in result.stdout


def test_table_never_cuts_a_number_or_a_name(monkeypatch):
    """Far narrower than the table: each name on a line of its own, every figure whole, and
    the signature broken only between its fields."""
    monkeypatch.setattr(wsscore.cli.terminal, "terminal_width", lambda: 40)
    result = invoke(*SCORE, "-f", "table", "--name", "a[/b] system [bold]")
    lines = result.stdout.splitlines()
    assert "…" not in result.stdout
    assert "a[/b] system [bold]" in lines
    figures = " ".join(lines).split()
    assert all(figure in figures for figure in ROW[1:])
    assert max(map(len, lines)) <= 40
    signature = next(i for i, line in enumerate(lines) if line.startswith("signature: "))
    assert "".join(lines[signature:]) == f"signature: {signature_of(*SCORE)}"


def test_markdown():
    lines = invoke(*SCORE, "-f", "markdown").stdout.splitlines()
    assert lines[0] == "| " + " | ".join(HEADERS) + " |"
    assert lines[1] == "|:---|" + "---:|" * 9
    assert lines[2] == "| " + " | ".join(ROW) + " |"
    assert lines[-1] == f"Signature: `{signature_of(*SCORE)}`"


def test_json():
    result = invoke(*SCORE, "-f", "json")
    data = json.loads(result.stdout)
    system = data["systems"][0]
    assert data["version"] == __version__
    assert data["gold"]["path"] == GOLD
    assert (data["gold"]["encoding"], data["gold"]["lines"], data["gold"]["words"]) == (
        "utf-8",
        4,
        36,
    )
    assert data["dictionary"]["paths"] == [WORDS]
    assert data["dictionary"]["entries"] == 30
    assert (system["name"], system["path"], system["encoding"]) == ("pred.txt", PRED, "utf-8")
    assert system["counts"] == {
        **system["counts"],
        "gold_words": 36,
        "pred_words": 30,
        "correct": 21,
        "oov_words": 6,
        "oov_correct": 2,
        "iv_words": 30,
        "iv_correct": 19,
        "insertions": 0,
        "deletions": 6,
        "substitutions": 9,
        "misaligned_lines": 0,
        "misaligned_chars": 0,
    }
    metrics = system["metrics"]
    assert metrics["recall"] == EXACT["R"]  # full precision
    assert metrics["precision"] == EXACT["P"]
    assert metrics["f1"] == pytest.approx(EXACT["F"], abs=1e-15)
    assert metrics["oov_rate"] == EXACT["OOV"]
    assert metrics["oov_recall"] == EXACT["R_oov"]
    assert metrics["iv_recall"] == EXACT["R_iv"]
    assert metrics["recall_ci"]["half_width"] == pytest.approx(EXACT["c_r"], abs=1e-15)
    assert metrics["precision_ci"]["half_width"] == pytest.approx(EXACT["c_p"], abs=1e-15)
    assert data["signature"].startswith(f"wsscore:{__version__}|")
    assert "NaN" not in result.stdout


@pytest.mark.parametrize(("fmt", "delimiter"), [("tsv", "\t"), ("csv", ",")])
def test_delimited_formats_have_full_precision(fmt, delimiter):
    result = invoke(*SCORE, "-f", fmt)
    rows = list(csv.reader(io.StringIO(result.stdout), delimiter=delimiter))
    assert rows[0] == [*HEADERS, "R_low", "R_high", "P_low", "P_high", "signature"]
    assert len(rows) == 2
    row = dict(zip(rows[0], rows[1], strict=True))
    assert (row["System"], row["Words"]) == ("pred.txt", "36")
    for header, value in EXACT.items():
        assert float(row[header]) == pytest.approx(value, abs=1e-15)
    assert float(row["R"]) == 21 / 36 and float(row["P"]) == 0.7  # repr: exact
    assert float(row["R_low"]) == pytest.approx(EXACT["R"] - EXACT["c_r"])
    assert row["signature"] == signature_of(*SCORE)


def test_sighan_format_of_score():
    result = invoke(*SCORE, "-f", "sighan")
    lines = result.stdout.splitlines()
    assert lines[:13] == SUMMARY
    assert lines[13] == f"###\tpred.txt\t{SUMMARY_NUMBERS}"
    assert "signature" not in result.stdout and "wsscore:" not in result.stdout


@pytest.mark.parametrize("fmt", ["text", "table", "json", "tsv", "csv", "markdown"])
def test_the_signature_is_in_every_format_but_sighan(fmt):
    signature = signature_of(*SCORE)
    assert signature in invoke(*SCORE, "-f", fmt).stdout
    for part in ("match:span", "ci:bakeoff", "dict:words", "enc:gold=utf-8", "mismatch:warn"):
        assert part in signature


def _wilson(successes: int, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_ci_wilson():
    text = invoke(*SCORE, "--ci", "wilson", "-f", "text").stdout
    r_low, r_high = _wilson(21, 36)
    p_low, p_high = _wilson(21, 30)
    assert f"[{r_low:.4f}, {r_high:.4f}]" in text
    assert f"[{p_low:.4f}, {p_high:.4f}]" in text
    assert "|ci:wilson|" in text
    metrics = json.loads(invoke(*SCORE, "--ci", "wilson", "-f", "json").stdout)["systems"][0][
        "metrics"
    ]
    assert metrics["recall_ci"]["low"] == pytest.approx(r_low)
    assert metrics["precision_ci"]["high"] == pytest.approx(p_high)
    assert metrics["recall_ci"]["half_width"] is None


def test_ci_none():
    lines = invoke(*SCORE, "--ci", "none", "-f", "text").stdout.splitlines()
    assert lines[0].split() == ["System", "Words", "R", "P", "F", "OOV", "R_oov", "R_iv"]
    assert lines[2].split() == [c for c in ROW if not c.startswith("±")]
    metrics = json.loads(invoke(*SCORE, "--ci", "none", "-f", "json").stdout)["systems"][0][
        "metrics"
    ]
    assert metrics["recall_ci"] is None and metrics["precision_ci"] is None
    tsv = invoke(*SCORE, "--ci", "none", "-f", "tsv").stdout.splitlines()
    assert tsv[0].split("\t") == [
        "System",
        "Words",
        "R",
        "P",
        "F",
        "OOV",
        "R_oov",
        "R_iv",
        "signature",
    ]


def test_beta_2():
    recall, precision = 21 / 36, 0.7
    f2 = 5 * precision * recall / (4 * precision + recall)
    lines = invoke(*SCORE, "--beta", "2", "-f", "text").stdout.splitlines()
    assert lines[0].split()[6] == "F(β=2)"
    assert lines[2].split()[6] == f"{f2:.3f}" == "0.603"
    assert "|beta:2|" in lines[-1]
    data = json.loads(invoke(*SCORE, "--beta", "2", "-f", "json").stdout)
    assert data["systems"][0]["metrics"]["f1"] == pytest.approx(f2)
    assert invoke(*SCORE, "--beta", "2", "-q").stdout == "0.603\n"


def test_several_systems_sorted_by_f_with_names(tmp_path):
    systems = write_systems(tmp_path)
    args = ["score", GOLD, *systems, "-d", WORDS]
    names = ["--name", "chars", "--name", "mm", "--name", "perfect"]
    lines = invoke(*args, *names, "-f", "text").stdout.splitlines()
    assert [line.split()[0] for line in lines[2:5]] == ["perfect", "mm", "chars"]
    assert lines[2].split()[6] == "1.000"
    assert lines[4].split()[6] == f"{34 / 91:.3f}"


# --- quiet and thresholds -----------------------------------------------------------------------


def test_quiet_prints_each_name_and_f_in_the_order_given(tmp_path):
    result = invoke("score", GOLD, *write_systems(tmp_path), "-d", WORDS, "-q")
    assert result.exit_code == 0
    assert result.stdout == f"chars.txt\t{34 / 91:.3f}\npred.txt\t0.636\ngold.txt\t1.000\n"
    assert result.stderr == ""


def test_fail_under_a_threshold_exits_1_with_one_stderr_line():
    result = invoke(*SCORE, "--fail-under", "f=0.95")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "wsscore: pred.txt: F = 0.6364 is below 0.95 (--fail-under f=0.95)"
    ]
    assert result.stdout.splitlines()[2].split() == ROW  # the report is still printed


def test_fail_under_names_each_failing_metric_and_system(tmp_path):
    args = ["score", GOLD, *write_systems(tmp_path), "-d", WORDS, "-q"]
    result = invoke(*args, "--fail-under", "r=0.5", "--fail-under", "P=0.8")
    assert result.exit_code == 1
    errors = result.stderr.splitlines()
    assert errors == [
        "wsscore: pred.txt: P = 0.7000 is below 0.8 (--fail-under p=0.8)",
        f"wsscore: chars.txt: R = {17 / 36:.4f} is below 0.5 (--fail-under r=0.5)",
        f"wsscore: chars.txt: P = {17 / 55:.4f} is below 0.8 (--fail-under p=0.8)",
    ]


def test_fail_under_met_exits_0():
    result = invoke(*SCORE, "--fail-under", "f=0.5", "--fail-under", "riv=0.6", "-q")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "0.636\n", "")


@pytest.mark.parametrize("value", ["x=0.5", "f=abc", "f=1.5", "f", "f=-0.1"])
def test_a_bad_fail_under_is_a_usage_error(value):
    result = invoke(*SCORE, "--fail-under", value)
    assert result.exit_code == 2
    assert "--fail-under" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --- unusable input: exit 2, one line ------------------------------------------------------------


def _error_cases(tmp_path) -> dict[str, list[str]]:
    short = tmp_path / "short.txt"
    short.write_bytes(b"".join((FIXTURES / "pred.txt").read_bytes().splitlines(True)[:3]))
    return {
        "missing file": ["score", GOLD, str(tmp_path / "nope.txt")],
        "missing dictionary": [*SCORE[:3], "-d", str(tmp_path / "nope.txt")],
        "directory": ["score", GOLD, str(tmp_path)],
        "unknown encoding": [*SCORE, "--encoding", "klingon"],
        "unknown pred encoding": [*SCORE, "--pred-encoding", "klingon"],
        "stdin twice": ["score", "-", "-"],
        "mismatch refusal": ["score", GOLD, str(short), "--mismatch", "error"],
        "not the same text": ["score", GOLD, str(FIXTURES / "big5" / "pred.txt")],
        "names": [*SCORE, "--name", "a", "--name", "b"],
        "unwritable output": [*SCORE, "-o", str(tmp_path / "no" / "dir" / "report.txt")],
        "sighan missing": ["sighan", WORDS, GOLD, str(tmp_path / "nope.txt")],
    }


EXPECTED_ERRORS = {
    "missing file": "nope.txt: no such file",
    "missing dictionary": "nope.txt: no such file",
    "directory": "is a directory",
    "unknown encoding": "unknown encoding 'klingon'; use one of",
    "unknown pred encoding": "unknown encoding 'klingon'",
    "stdin twice": "standard input ('-') can be given only once",
    "mismatch refusal": "the gold has 4 lines, the prediction 3",
    "not the same text": "not a segmentation of this gold",
    "names": "2 name(s) for 1 prediction(s)",
    "unwritable output": "cannot write the report",
    "sighan missing": "nope.txt: no such file",
}


@pytest.mark.parametrize("case", sorted(EXPECTED_ERRORS))
def test_unusable_input_exits_2_with_one_line(tmp_path, case):
    result = invoke(*_error_cases(tmp_path)[case], input=b"")
    assert result.exit_code == 2
    errors = result.stderr.splitlines()
    assert _one_message(errors), result.stderr
    assert errors[0].startswith("wsscore: error: ")
    assert EXPECTED_ERRORS[case] in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("case", ["missing file", "stdin twice", "mismatch refusal"])
def test_unusable_input_in_a_real_process(tmp_path, case):
    result = run_module(*_error_cases(tmp_path)[case], input=b"")
    assert result.returncode == 2
    errors = result.stderr.decode().splitlines()
    assert _one_message(errors) and EXPECTED_ERRORS[case] in result.stderr.decode()
    assert b"Traceback" not in result.stderr


def _one_message(lines: list[str]) -> bool:
    """One message: what is wrong and what to do on its first line; where it shows (the
    detail) indented on the next, if any."""
    return len(lines) <= 2 and all(line.startswith("  ") for line in lines[1:])


def test_debug_shows_the_traceback(tmp_path):
    result = run_module("score", GOLD, str(tmp_path / "nope.txt"), "--debug")
    assert result.returncode != 0
    assert b"Traceback (most recent call last)" in result.stderr
    assert b"WsscoreError" in result.stderr


def test_warnings_go_to_stderr_once_and_strict_makes_them_errors(tmp_path):
    damaged = tmp_path / "words.txt"
    words = (FIXTURES / "words.txt").read_bytes()
    damaged.write_bytes(words.replace("青年".encode(), "青年".encode() + b"\x80\xff", 1))
    result = invoke("score", GOLD, PRED, "-d", str(damaged), "-q")
    assert (result.exit_code, result.stdout) == (0, "0.636\n")
    assert result.stderr.splitlines() == [
        f"wsscore: warning: {damaged}: 2 byte(s) are not valid utf-8 and were kept as they are "
        f"(first at {damaged}:5:7, byte column) (check --dict-encoding; --strict makes this an "
        "error)"
    ]
    strict = invoke("score", GOLD, PRED, "-d", str(damaged), "--strict")
    assert (strict.exit_code, strict.stdout) == (2, "")
    assert strict.stderr.splitlines() == [
        f"wsscore: error: {damaged}:5:7: byte 0x80 is not valid utf-8 "
        "(give the right --dict-encoding, or drop --strict to keep such bytes)"
    ]


# --- output files -------------------------------------------------------------------------------


def _files(directory: Path) -> list[str]:
    return sorted(path.name for path in directory.iterdir())


def test_output_file_is_replaced_atomically_on_success(tmp_path):
    report = tmp_path / "report.txt"
    report.write_text("old report\n")
    report.chmod(0o640)
    result = invoke(*SCORE, "-o", str(report))
    assert (result.exit_code, result.stdout) == (0, "")
    assert report.read_text() == invoke(*SCORE, "-f", "text").stdout  # -o: text by default
    assert _files(tmp_path) == ["report.txt"]  # no temporary file left behind
    assert stat.S_IMODE(report.stat().st_mode) == 0o640  # the replaced file's mode is kept


def test_a_new_output_file_gets_the_usual_mode(tmp_path):
    report = tmp_path / "report.json"
    assert invoke(*SCORE, "-f", "json", "-o", str(report)).exit_code == 0
    assert json.loads(report.read_text())["systems"][0]["counts"]["correct"] == 21
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(report.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize(
    "args",
    [
        ["score", GOLD, "MISSING"],
        ["score", GOLD, str(FIXTURES / "big5" / "pred.txt")],
        # sighan streams its blocks into the output before it finds the texts differ
        ["sighan", WORDS, GOLD, str(FIXTURES / "big5" / "pred.txt")],
    ],
)
def test_a_failing_run_leaves_an_existing_report_untouched(tmp_path, args):
    report = tmp_path / "report.txt"
    report.write_text("previous report\n")
    before = report.stat().st_mtime_ns
    args = [str(tmp_path / "missing.txt") if a == "MISSING" else a for a in args]
    result = invoke(*args, "-o", str(report))
    assert result.exit_code == 2
    assert report.read_text() == "previous report\n"
    assert report.stat().st_mtime_ns == before
    assert _files(tmp_path) == ["report.txt"]


def test_nothing_the_user_gave_is_modified(fixture_copy, tmp_path):
    def snapshot():
        return {
            path: (path.read_bytes(), path.stat().st_mtime_ns)
            for path in sorted(fixture_copy.rglob("*"))
            if path.is_file()
        }

    before = snapshot()
    for directory in ("", "gbk", "big5", "hkscs"):
        base = fixture_copy / directory
        args = [str(base / "gold.txt"), str(base / "pred.txt"), "-d", str(base / "words.txt")]
        assert invoke("score", *args, "-o", str(tmp_path / "out.txt")).exit_code == 0
        files = [str(base / name) for name in ("words.txt", "gold.txt", "pred.txt")]
        assert invoke("sighan", *files, "-o", str(tmp_path / "out.txt")).exit_code == 0
    assert snapshot() == before


# --- standard input, module, console script, pipes, colour --------------------------------------


def test_standard_input_as_a_prediction():
    pred = (FIXTURES / "pred.txt").read_bytes()
    assert invoke("score", GOLD, "-", "-d", WORDS, "-q", input=pred).stdout == "0.636\n"
    # `cat pred | wsscore score gold - -d words -q`, in a real process
    result = run_module("score", GOLD, "-", "-d", WORDS, "-q", input=pred)
    assert (result.returncode, result.stdout, result.stderr) == (0, b"0.636\n", b"")


def test_standard_input_compressed_and_in_another_encoding():
    pred = gzip.compress((FIXTURES / "gbk" / "pred.txt").read_bytes())
    result = run_module("score", GOLD, "-", "-d", WORDS, "-f", "json", input=pred)
    system = json.loads(result.stdout)["systems"][0]
    assert (system["name"], system["encoding"]) == ("<stdin>", "gbk")
    assert system["counts"]["correct"] == 21


def test_standard_input_as_the_gold():
    gold = (FIXTURES / "gbk" / "gold.txt").read_bytes()
    result = invoke("score", "-", PRED, "-d", WORDS, "-f", "json", input=gold)
    data = json.loads(result.stdout)
    assert (data["gold"]["path"], data["gold"]["encoding"]) == ("<stdin>", "gbk")
    assert data["systems"][0]["counts"]["correct"] == 21


def test_python_dash_m_wsscore():
    result = run_module("score", GOLD, PRED, "-d", WORDS)
    assert result.returncode == 0
    assert result.stdout.decode().splitlines()[2].split() == ROW
    assert result.stderr == b""


def test_version():
    assert invoke("--version").stdout == f"wsscore, version {__version__}\n"
    assert run_module("--version").stdout.decode() == f"wsscore, version {__version__}\n"


def _console_script() -> str | None:
    beside = Path(sys.executable).with_name("wsscore")
    return str(beside) if beside.exists() else shutil.which("wsscore")


def test_the_console_script():
    script = _console_script()
    if script is None:
        pytest.skip("the wsscore console script is not installed")
    result = subprocess.run(
        [script, "score", GOLD, PRED, "-d", WORDS, "-q"], capture_output=True, timeout=60
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, b"0.636\n", b"")
    version = subprocess.run([script, "-V"], capture_output=True, timeout=60)
    assert version.stdout.decode() == f"wsscore, version {__version__}\n"


def test_a_reader_that_goes_away_is_not_an_error():
    # `wsscore score ... | head -1`: 200 systems in JSON are far more than a pipe holds.
    args = ["score", GOLD, *[PRED] * 200, "-d", WORDS, "-f", "json"]
    process = subprocess.Popen(
        [sys.executable, "-m", "wsscore", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    first = process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=60) == 0
    assert first == b"{\n"
    assert b"Traceback" not in stderr and b"BrokenPipe" not in stderr
    assert stderr == b""


def test_head_in_a_shell_pipeline():
    script, shell, head = _console_script(), shutil.which("sh"), shutil.which("head")
    if script is None or shell is None or head is None:
        pytest.skip("needs the console script, sh and head")
    preds = " ".join([PRED] * 200)
    command = f"'{script}' score '{GOLD}' {preds} -d '{WORDS}' -f json | head -1"
    result = subprocess.run([shell, "-c", command], capture_output=True, timeout=60)
    assert (result.stdout, result.stderr) == (b"{\n", b"")


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.setattr(wsscore.cli.terminal, "stdout_is_terminal", lambda: True)
    coloured = invoke(*SCORE, env={"NO_COLOR": None, "TERM": "xterm"})
    assert "\x1b[" in coloured.stdout  # the default on a terminal is the coloured table
    for value in ("1", "yes"):
        plain = invoke(*SCORE, env={"NO_COLOR": value, "TERM": "xterm"})
        assert plain.exit_code == 0
        assert "\x1b" not in plain.stdout
        assert "┃" in plain.stdout  # still the table
    assert "\x1b" not in invoke(*SCORE, env={"NO_COLOR": None, "TERM": "dumb"}).stdout
    # no-color.org: an empty NO_COLOR does not count
    assert "\x1b[" in invoke(*SCORE, env={"NO_COLOR": "", "TERM": "xterm"}).stdout


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_no_color_on_a_real_terminal():
    def run(no_color: str | None) -> bytes:
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env["TERM"] = "xterm"
        if no_color is not None:
            env["NO_COLOR"] = no_color
        leader, follower = os.openpty()
        process = subprocess.Popen(
            [sys.executable, "-m", "wsscore", *SCORE],
            stdout=follower,
            stderr=subprocess.PIPE,
            env=env,
            cwd=ROOT,
        )
        os.close(follower)
        output = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the other side is closed
                break
            if not chunk:
                break
            output += chunk
        os.close(leader)
        process.stderr.close()
        assert process.wait(timeout=60) == 0
        return output

    assert b"\x1b[" in run(None)
    plain = run("1")
    assert b"\x1b" not in plain
    assert "┃".encode() in plain


# --- the sighan command --------------------------------------------------------------------------


def _blocks(text: str) -> list[list[str]]:
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("--"):
            blocks.append([line])
        elif line.startswith("==="):
            break
        else:
            blocks[-1].append(line)
    return blocks


def test_sighan_refuses_jobs_without_the_diff_match(monkeypatch):
    # The exact output is written in one pass: -j would do nothing, so it is refused, not ignored.
    monkeypatch.chdir(ROOT)
    files = ("fixtures/words.txt", "fixtures/gold.txt", "fixtures/pred.txt")
    result = invoke("sighan", "-j", "2", *files)
    assert result.exit_code == 2
    assert result.stderr == (
        "wsscore: error: wsscore sighan -j works with --match diff (its exact output is written "
        "in one pass, in order: drop -j, or add --match diff to run the Perl script's diffs in "
        "parallel)\n"
    )
    assert result.stdout == ""
    assert invoke("sighan", "-j", "1", *files).exit_code == 0


def test_sighan_prints_the_scripts_blocks_and_summary(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = invoke("sighan", "fixtures/words.txt", "fixtures/gold.txt", "fixtures/pred.txt")
    assert result.exit_code == 0
    text = result.stdout_bytes.decode("utf-8")
    blocks = _blocks(text)
    # Relative paths are printed as given: the script only strips absolute directories.
    assert [block[0] for block in blocks] == [
        f"--fixtures/gold.txt-------fixtures/pred.txt----{n}" for n in (1, 2, 3, 4)
    ]
    sizes = [(block[-4], block[-3]) for block in blocks]
    assert sizes == [
        ("NTRUTH:\t13", "NTEST:\t10"),
        ("NTRUTH:\t5", "NTEST:\t4"),
        ("NTRUTH:\t5", "NTEST:\t4"),
        ("NTRUTH:\t13", "NTEST:\t12"),
    ]
    third = blocks[2]
    assert re.fullmatch(r"今天\s+今天", third[1])
    assert re.fullmatch(r"很\s+\|\s+很好", third[3])
    assert re.fullmatch(r"好\s+<", third[4])
    assert third[-2:] == ["TRUE WORDS RECALL:\t0.600", "TEST WORDS PRECISION:\t0.750"]
    lines = text.splitlines()
    assert lines[-14:-1] == SUMMARY
    assert lines[-1] == f"###\tfixtures/pred.txt\t{SUMMARY_NUMBERS}"
    assert "signature" not in text


def test_sighan_strips_absolute_directories():
    result = invoke("sighan", WORDS, GOLD, PRED)
    lines = result.stdout.splitlines()
    assert lines[0] == "--gold.txt-------pred.txt----1"
    assert lines[-1] == f"###\tpred.txt\t{SUMMARY_NUMBERS}"


@pytest.mark.parametrize(("directory", "codec"), [("gbk", "gbk"), ("big5", "cp950")])
def test_sighan_writes_in_the_gold_encoding(monkeypatch, directory, codec):
    monkeypatch.chdir(ROOT)
    names = [f"fixtures/{directory}/{name}.txt" for name in ("words", "gold", "pred")]
    result = run_module("sighan", *names)
    assert result.returncode == 0
    out = result.stdout
    with pytest.raises(UnicodeDecodeError):
        out.decode("utf-8")
    text = out.decode(codec)
    first_word = "结婚" if directory == "gbk" else "結婚"
    assert first_word.encode(codec) in out
    assert _blocks(text)[0][1].split() == [first_word, first_word]
    lines = text.splitlines()
    assert lines[-14:-1] == SUMMARY
    assert lines[-1] == f"###\tfixtures/{directory}/pred.txt\t{SUMMARY_NUMBERS}"


def test_sighan_output_file(tmp_path):
    target = tmp_path / "sighan.out"
    result = invoke("sighan", WORDS, GOLD, PRED, "-o", str(target))
    assert (result.exit_code, result.stdout) == (0, "")
    assert target.read_bytes() == invoke("sighan", WORDS, GOLD, PRED).stdout_bytes
    assert _files(tmp_path) == ["sighan.out"]
