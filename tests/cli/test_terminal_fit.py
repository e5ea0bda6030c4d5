"""`wsscore score` on a real pseudo-terminal of 80 and 120 columns: every printed line fits the
terminal (measured in display columns, colours stripped), and every figure of the JSON report
is in what is printed, under its own header and row, whatever layout was chosen."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, ROOT

from wsscore.formatting import UNDEFINED, display_width

WIDTHS = [80, 120]
GOLD = str(FIXTURES / "gold.txt")
WORDS = str(FIXTURES / "words.txt")
PREDICTIONS = [str(FIXTURES / "pred.txt"), str(FIXTURES / "gbk" / "pred.txt")]
CJK_NAMES = ["--name", "结巴", "--name", "最大匹配", "--name", "一个相当长的中文系统名称"]
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
_BOXED_ROW = re.compile(r"^[│┃]")
_TITLES = ("Accuracy by difficulty", "Tags of ")


def on_terminal(args: list[str], columns: int) -> str:
    """What ``wsscore ARGS`` prints on a terminal ``columns`` wide (its window size set as a
    terminal emulator sets it, no COLUMNS in the environment), without colours."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    command = [sys.executable, "-m", "wsscore", *args]
    with subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE, env=env, cwd=ROOT
    ) as child:
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child has closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert child.stderr is not None
        errors = child.stderr.read().decode()
        assert child.wait() == 0, errors
    os.close(master)
    return _ESCAPE.sub("", b"".join(chunks).decode().replace("\r\n", "\n"))


def printed_figures(text: str) -> dict[tuple[str, str, str], str]:
    """Each figure printed, by (the title above its table, its row's name, its header), from
    boxed tables and from stacked rows (a name alone on its line, its figures under a header
    whose next line is a rule)."""
    found: dict[tuple[str, str, str], str] = {}
    lines = text.splitlines()
    title, headers, name = "", [""], ""
    for i, line in enumerate(lines):
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if line.startswith(_TITLES):
            title = line
        elif _BOXED_ROW.match(line):
            cells = [cell.strip() for cell in re.split("[│┃]", line)[1:-1]]
            if line.startswith("┃"):
                headers = cells
            else:
                found.update(
                    ((title, cells[0], h), v) for h, v in zip(headers[1:], cells[1:], strict=True)
                )
        elif following.startswith("  ─"):
            headers = ["", *_cells(line)]  # a stacked band's header
        elif line.startswith("  ") and name:
            found.update(
                ((title, name, h), v) for h, v in zip(headers[1:], _cells(line), strict=True)
            )
            name = ""
        elif following.startswith("  ") and not following.startswith("  ─"):
            name = line  # a stacked row's name: its figures follow
    return found


def _cells(line: str) -> list[str]:
    """The cells of a stacked line: two spaces or more part them (a decile's label has one)."""
    return re.split(r"\s{2,}", line.strip())


def _ratio(value: float | None, digits: int = 3) -> str:
    return UNDEFINED if value is None else f"{value:.{digits}f}"


_METRICS = {
    "R": "recall",
    "P": "precision",
    "F": "f1",
    "OOV": "oov_rate",
    "R_oov": "oov_recall",
    "R_iv": "iv_recall",
    "TNR": "tnr",
    "P_b": "boundary_precision",
    "R_b": "boundary_recall",
    "F_b": "boundary_f1",
    "F_mean": "f_mean",
    "P_tag": "tag_precision",
    "R_tag": "tag_recall",
    "F_tag": "tag_f1",
    "Acc_tag": "tag_accuracy",
    "R_oov_tag": "tag_oov_recall",
    **{name: name for name in ("r_reward", "r_punish", "r_b", "p_reward", "p_punish", "p_b")},
    "f_b": "f_b",
}
_COUNTS = {"Words": "gold_words", "Split": "split_errors", "Merged": "merged_errors"}
_COUNTS["Crossing"] = "crossing_errors"
_NEED_DICTIONARY = {"OOV", "R_oov", "R_iv", "R_oov_tag"}


def expected_figures(report: dict) -> tuple[dict[tuple[str, str, str], str], set[str]]:
    """Every figure of the JSON report as the table prints it, by (title, row, header); and
    the deciles no gold word falls in, which the table names instead of showing."""
    expected, empty_deciles = {}, set()
    for system in report["systems"]:
        name, metrics, counts = system["name"], system["metrics"], system["counts"]
        for header, key in _METRICS.items():
            if key in metrics and (report["dictionary"] or header not in _NEED_DICTIONARY):
                expected["", name, header] = _ratio(metrics[key])
        for header, key in _COUNTS.items():
            if key in counts and (header == "Words" or "tnr" in metrics):
                expected["", name, header] = f"{counts[key]:,}"
        for header, key in (("c_r", "recall_ci"), ("c_p", "precision_ci")):
            expected["", name, header] = f"±{metrics[key]['half_width']:.4f}"
        for decile in system.get("difficulty_deciles", []):
            closing = "]" if decile["high"] >= 1.0 else ")"
            label = f"[{decile['low']:.1f}, {decile['high']:.1f}{closing}"
            if decile["accuracy"] is None:
                empty_deciles.add(label)
            else:
                cell = f"{decile['accuracy']:.3f} ({decile['gold_words']:,})"
                expected[_TITLES[0], name, label] = cell
        for row in system.get("tags") or []:
            cells = [f"{row[k]:,}" for k in ("gold", "pred", "correct")]
            cells += [_ratio(row[k]) for k in ("precision", "recall", "f1")]
            for header, value in zip(
                ["Gold", "Pred", "Correct", "P", "R", "F"], cells, strict=True
            ):
                expected[f"Tags of {name}", row["tag"], header] = value
    return expected, empty_deciles


def json_report(args: list[str]) -> dict[str, Any]:
    """The command's ``-f json`` report: the figures a terminal table must show."""
    return json.loads(
        subprocess.run(
            [sys.executable, "-m", "wsscore", *args, "-f", "json"],
            capture_output=True,
            check=True,
            cwd=ROOT,
        ).stdout
    )


def check_fits_and_shows_everything(args: list[str], columns: int) -> str:
    text = on_terminal(args, columns)
    report = json_report(args)
    widest = max(display_width(line) for line in text.splitlines())
    assert widest <= columns, text
    printed = printed_figures(text)
    expected, empty_deciles = expected_figures(report)
    for (title, row, header), value in expected.items():
        key = next(
            ((t, r, h) for t, r, h in printed if t.startswith(title) and (r, h) == (row, header)),
            None,
        )
        assert key is not None, f"{row} {header} ({title or 'score'}) not printed:\n{text}"
        assert printed[key] == value, (row, header)
    for label in empty_deciles:
        assert label in " ".join(text.splitlines()), label
    joined = "".join(text.splitlines()[_signature_line(text) :])
    assert joined == f"signature: {report['signature']}"
    return text


def _signature_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith("signature: "))


@pytest.fixture(scope="module")
def segmentations(tmp_path_factory) -> dict[str, str]:
    """Five segmentations of the gold's text: a copy of the gold (the gold itself is refused
    as a member), pred.txt, the maximum-matching baseline, single characters and the
    unsegmented text."""
    folder: Path = tmp_path_factory.mktemp("segmentations")
    text = [line.replace(" ", "") for line in Path(GOLD).read_text("utf-8").splitlines()]
    (folder / "raw.txt").write_text("\n".join(text) + "\n", "utf-8")
    (folder / "chars.txt").write_text("\n".join(" ".join(line) for line in text) + "\n", "utf-8")
    subprocess.run(
        [sys.executable, "-m", "wsscore", "segment", "-d", WORDS, str(folder / "raw.txt")],
        stdout=(folder / "mm.txt").open("w"),
        check=True,
    )
    (folder / "gold.txt").write_bytes(Path(GOLD).read_bytes())
    names = ("gold", "raw", "chars", "mm")
    return {"pred": PREDICTIONS[0], **{n: str(folder / f"{n}.txt") for n in names}}


@pytest.mark.parametrize("columns", WIDTHS)
def test_three_systems_with_chinese_names(segmentations, columns):
    systems = [*PREDICTIONS, segmentations["mm"]]
    check_fits_and_shows_everything(["score", GOLD, *systems, "-d", WORDS, *CJK_NAMES], columns)


@pytest.mark.parametrize("columns", WIDTHS)
def test_extra_with_baseline_and_topline(segmentations, columns):
    args = ["score", GOLD, *PREDICTIONS, segmentations["mm"], "-d", WORDS, "--extra"]
    check_fits_and_shows_everything([*args, "--baseline", "--topline"], columns)


@pytest.mark.parametrize("columns", WIDTHS)
def test_committee_of_five(segmentations, columns):
    members = [segmentations[n] for n in ("gold", "pred", "mm", "chars", "raw")]
    args = ["score", GOLD, *PREDICTIONS, segmentations["mm"], "-d", WORDS, "--extra"]
    text = check_fits_and_shows_everything([*args, "--committee", *members], columns)
    assert UNDEFINED not in text  # the empty deciles are named, not shown as columns of "—"


@pytest.mark.parametrize("columns", WIDTHS)
def test_tags(columns):
    tools = FIXTURES / "tools"
    args = ["score", str(tools / "gold.conllu"), str(tools / "jieba.posseg.txt"), "--tags"]
    check_fits_and_shows_everything([*args, str(tools / "thulac.txt")], columns)


def test_names_wider_than_a_boxed_table_go_above_their_figures():
    names = ["--name", "一个非常非常非常长的中文系统名称用于测试终端宽度", "--name", "x" * 60]
    args = ["score", GOLD, *PREDICTIONS, "-d", WORDS, "--extra", *names]
    text = check_fits_and_shows_everything(args, 80)
    assert "│" not in text and "x" * 60 in text.splitlines()


def _convention_figures(args: list[str], convention: str) -> dict[tuple[str, str], str]:
    """Every cell of the convention's table, by (row, header), as the API renders it."""
    from wsscore import merge_reports
    from wsscore.output.columns import cell, columns

    document = json_report(args)
    assert document["options"]["conventions"] == convention
    report = merge_reports([document])  # the same figures, read back from the JSON
    return {
        (system.name, column.header): cell(column, system)
        for system in report.systems
        for column in columns(report)[1:]
    }


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize(
    ("convention", "files"),
    [
        (
            "japanese",
            ["japanese/gold.mecab", "japanese/fugashi.mecab.gz", "japanese/sudachi.mecab"],
        ),
        ("thai", ["thai/gold.best.txt", "thai/newmm.best.txt", "thai/longest.best.txt"]),
        ("ud", ["tools/gold.conllu", "tools/jieba.posseg.txt", "tools/thulac.txt"]),
        ("sighan", ["gold.txt", "pred.txt", "gbk/pred.txt"]),
    ],
)
def test_a_convention_fits_and_shows_its_columns(convention, files, columns):
    paths = [str(FIXTURES / name) for name in files]
    tags = ["--tags"] if convention in ("japanese", "ud") else ["-d", WORDS]
    if convention == "thai":
        tags = []
    args = ["score", *paths, *tags, "--conventions", convention, *CJK_NAMES[:4]]
    text = on_terminal(args, columns)
    assert max(display_width(line) for line in text.splitlines()) <= columns, text
    printed = {(row, header): value for (_, row, header), value in printed_figures(text).items()}
    expected = _convention_figures(args, convention)
    assert len(expected) >= 10
    for key, value in expected.items():
        assert printed.get(key) == value, (key, text)
    joined = "".join(text.splitlines()[_signature_line(text) :])
    assert joined.endswith(f"|conv:{convention}")
