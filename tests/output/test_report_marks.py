"""The report page shows a word that starts with a mark joining the character before it (a piece
of a cut grapheme cluster, as Thai ``ำ``) after U+25CC DOTTED CIRCLE, so that it renders: in the
error tables (written by Python) and in the sentence browser (by the page's script), while the
page's data and the filters keep the words as they are."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cdp import Browser, find_browser

from wsscore.core.units import graphemes, may_join
from wsscore.output.report_page import joins_before, visible

CIRCLE = "\u25cc"


def test_joins_before_is_what_makes_one_cluster_with_a_base() -> None:
    """Every code point: it joins the character before it exactly when the dotted circle and
    it make one extended grapheme cluster (``wsscore.core.units``, the oracle of units)."""
    differ = []
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        joins = may_join(char) and len(graphemes(CIRCLE + char)) == 1
        if joins != joins_before(char):
            differ.append(f"U+{code:04X}")
    assert differ == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ำลัง", "◌ำลัง"),  # SARA AM: a letter (Lo) that joins as a spacing mark
        ("ก/ำลัง", "ก/◌ำลัง"),  # a cut: each piece on its own
        ("…/ำ", "…/◌ำ"),
        ("\u0301e", "◌\u0301e"),  # a combining accent
        ("\u200dx", "◌\u200dx"),  # a zero width joiner
        ("\U0001f3fbx", "◌\U0001f3fbx"),  # a skin tone alone
        ("กำลัง", "กำลัง"),  # whole clusters: nothing added
        ("中国/人", "中国/人"),
        ("า", "า"),  # SARA AA is a letter of its own cluster
        ("", ""),
    ],
)
def test_visible_puts_a_dotted_circle_before_a_piece_that_starts_with_a_mark(
    text: str, expected: str
) -> None:
    assert visible(text) == expected


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Thai gold and a prediction that cuts the cluster กำ of กำลัง (ก|ำลัง) in both
    sentences, and the second's ทำ (ท|ำ); a third where the gold itself cuts กำ and the
    prediction does not."""
    folder = tmp_path_factory.mktemp("marks")
    gold, pred = folder / "gold.txt", folder / "pred.txt"
    gold.write_text("กำลัง ทำ งาน\nเขา กำลัง ทำ\nก ำ\n", encoding="utf-8")
    pred.write_text("ก ำลัง ทำ งาน\nเขา ก ำลัง ท ำ\nกำ\n", encoding="utf-8")
    out = folder / "report.html"
    command = [sys.executable, "-m", "wsscore", "report", str(gold), str(pred)]
    done = subprocess.run(
        [*command, "--name", "cutter", "-o", str(out)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return out


def test_the_error_tables_show_a_cut_piece_after_a_dotted_circle(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    rows = re.findall(
        r'<td class="word" data-word="([^"]*)" data-class="split"[^>]*>([^<]*)</td>', text
    )
    assert sorted(rows) == [("กำลัง", "กำลัง"), ("ทำ", "ทำ")]
    merged = re.findall(
        r'<td class="word" data-word="([^"]*)" data-class="merged"[^>]*>([^<]*)</td>', text
    )
    assert sorted(merged) == [("ก", "ก"), ("ำ", "◌ำ")]  # a gold word that starts with a mark
    cuts = re.findall(
        r'<td class="cut" data-word="([^"]*)" data-pred="([^"]*)" data-system="cutter" '
        r'data-class="split" title="([^"]*)">([^<]*) <span class="count">([\d,]+)×',
        text,
    )
    assert sorted((word, pred, shown, n) for word, pred, _, shown, n in cuts) == [
        ("กำลัง", "ก/ำลัง", "ก/◌ำลัง", "2"),  # the data as it is, shown with the circle
        ("ทำ", "ท/ำ", "ท/◌ำ", "1"),
    ]
    titles = sorted(html.unescape(title) for *_, title, _, _ in cuts)
    assert titles[0].startswith("cutter cut กำลัง as ก/◌ำลัง 2 times;")


def test_the_page_data_keeps_the_words_as_they_are(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    found = re.search(r'id="wsscore-sentences">(.*?)</script>', text, re.S)
    assert found
    data = json.loads(found.group(1))
    assert sorted(row[1] for row in data["sentences"]) == ["ก ำ", "กำลัง ทำ งาน", "เขา กำลัง ทำ"]
    assert sorted(row[2][0] for row in data["sentences"]) == [
        "ก ำลัง ทำ งาน",
        "กำ",
        "เขา ก ำลัง ท ำ",
    ]
    assert CIRCLE not in found.group(1)


def _browser() -> str:
    executable = find_browser()
    if executable is None:
        pytest.skip("no Chromium to test the page in (apt-get install chromium)")
    return executable


@pytest.mark.slow
def test_the_sentence_browser_shows_a_cut_piece_after_a_dotted_circle(page: Path) -> None:
    with Browser(_browser()) as browser:
        browser.open(page.as_uri() + "#selftest")
        assert browser.evaluate("document.body.dataset.selftest") == "ok"
        shown = browser.evaluate(
            "Array.from(document.querySelectorAll('.sb-lines .w')).map(function (n) {"
            " return n.firstChild.textContent; })"
        )
    # The pieces that start with ำ after ◌: the system's three, and the gold's ำ.
    assert sorted(word for word in shown if word.startswith(CIRCLE)) == [
        "◌ำ",
        "◌ำ",
        "◌ำลัง",
        "◌ำลัง",
    ]
    assert "กำลัง" in shown and "ก" in shown and "ำลัง" not in shown and "ำ" not in shown


@pytest.mark.slow
def test_the_script_joins_the_same_characters_as_python(page: Path) -> None:
    """The page's JOINS_BEFORE (filled from the pinned tables) on every code point, in
    Chromium, against Python's."""
    found = re.search(r"var JOINS_BEFORE = (/.*/u);", page.read_text(encoding="utf-8"))
    assert found
    with Browser(_browser()) as browser:  # on its first page, about:blank
        matched = browser.evaluate(
            f"(function () {{ var re = {found.group(1)}, out = [];"
            " for (var c = 0; c < 0x110000; c++) {"
            "  if (c >= 0xD800 && c <= 0xDFFF) continue;"
            "  if (re.test(String.fromCodePoint(c))) out.push(c); }"
            " return out; })()"
        )
    every = (code for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF)
    expected = [code for code in every if joins_before(chr(code))]
    assert matched == expected
    assert 0x0897 in expected and 0x1038 not in expected  # Unicode 17's, not Python 3.11's
