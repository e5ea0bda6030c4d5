"""Plain text pads by rich's cell widths: Thai's marks, a zero-width space and the parts of a
ZWJ emoji sequence take no cell, CJK and Hangul two. `-f text` of `score`, `errors` and `suite`
line their columns up by cells, measured here with rich itself."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import takewhile
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES
from rich.cells import cell_len

from wsscore.cli.app import cli
from wsscore.formatting import _ONE_CELL, display_width, padded

THAI = "กิ่งไม้"  # SARA I, MAI EK and MAI THO are combining marks: four cells
ZWJ = "👩\u200d💻"  # woman + ZWJ + laptop: one emoji
ZWSP = "ab\u200bcd"  # a zero-width space inside a word
CJK = "北京大学"
HANGUL = "한국어"
JAMO = "\u1100\u1161\u11a8"  # 각 as conjoining jamo
TEXTS = (THAI, ZWJ, ZWSP, CJK, HANGUL, JAMO, "", "plain", "F 0.636 ±0.0033 — Δ −0.1 β")


@pytest.mark.parametrize("text", [*TEXTS, "".join(TEXTS), f"{THAI} {ZWJ}{CJK}"])
def test_the_width_is_rich_s(text: str) -> None:
    assert display_width(text) == cell_len(text)
    width = cell_len(text) + 3
    assert cell_len(padded(text, width)) == cell_len(padded(text, width, right=True)) == width


def test_what_is_measured_without_rich_is_one_cell_in_rich() -> None:
    assert all(cell_len(char) == 1 for char in _ONE_CELL)


def test_a_table_of_figures_is_measured_without_loading_rich() -> None:
    probe = (
        "import sys; from wsscore.formatting import display_width; "
        "display_width('F  0.636  ±0.0033  —  Δ −0.1  β'); print('rich' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"


def _spans(line: str) -> list[tuple[int, int]]:
    """Where each cell's text starts and ends on screen, in cells (a text holds single spaces)."""
    return [
        (cell_len(line[: m.start()]), cell_len(line[: m.end()]))
        for m in re.finditer(r"\S+(?: \S+)*", line)
    ]


def _tables_line_up(text: str) -> int:
    """The aligned tables of ``text`` (a header, a rule of dashes, rows up to a blank line),
    each row's cells starting (left-aligned) or ending (right-aligned) where the rule's dashes
    do; how many tables were checked."""
    lines = text.splitlines()
    checked = 0
    for at, rule in enumerate(lines):
        if not re.fullmatch(r"-+(?:  -+)+", rule):
            continue
        columns = [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]
        for row in [lines[at - 1], *takewhile(bool, lines[at + 1 :])]:
            spans = _spans(row)
            for start, end in columns:
                assert any(s == start or e == end for s, e in spans), (row, rule)
        checked += 1
    return checked


def _invoke(*args: object, cwd: Path | None = None) -> str:
    done = CliRunner().invoke(cli, [str(arg) for arg in args])
    assert done.exit_code in (0, 1), done.output
    return done.output


NAMES = (THAI, ZWJ, f"x{ZWSP}", CJK, HANGUL)


def test_score_text_lines_up_names_of_every_script() -> None:
    gold, pred = FIXTURES / "gold.txt", FIXTURES / "pred.txt"
    names = [arg for name in NAMES for arg in ("--name", name)]
    text = _invoke("score", gold, *[pred] * len(NAMES), *names, "-f", "text")
    assert all(name in text for name in NAMES)
    assert _tables_line_up(text) == 1


def test_errors_text_lines_up_words_of_every_script(tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    pred = tmp_path / "pred.txt"
    gold.write_text(f"{THAI} ไม้ {ZWJ} {CJK} 大 {HANGUL} 말 {ZWSP} x\n" * 3, encoding="utf-8")
    pred.write_text(f"{THAI}ไม้ {ZWJ}{CJK} 大{HANGUL} 말{ZWSP} x\n" * 3, encoding="utf-8")
    text = _invoke("errors", gold, pred, "-f", "text")
    assert all(word in text for word in (THAI, ZWJ, CJK, HANGUL, ZWSP))
    assert _tables_line_up(text) >= 3


def test_suite_text_lines_up_systems_and_corpora_of_every_script(tmp_path: Path) -> None:
    gold = (FIXTURES / "gold.txt").read_text(encoding="utf-8")
    (tmp_path / "gold.txt").write_text(gold, encoding="utf-8")
    (tmp_path / "pred.txt").write_text((FIXTURES / "pred.txt").read_text(encoding="utf-8"))
    manifest = [f'[corpora."{corpus}"]\ngold = "gold.txt"\n' for corpus in (THAI, CJK)]
    manifest.append("[systems]\n")
    manifest += [f'"{name}" = "pred.txt"\n' for name in NAMES]
    (tmp_path / "suite.toml").write_text("\n".join(manifest), encoding="utf-8")
    text = _invoke("suite", tmp_path / "suite.toml", "-f", "text")
    assert all(name in text for name in (*NAMES, THAI, CJK))
    assert _tables_line_up(text) >= 1
