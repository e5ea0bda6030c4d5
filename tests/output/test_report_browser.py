"""`wsscore report` in a real browser: headless Chromium loads the page, which must render
without script errors and show every system's figures; the sentence browser's filters work.

Skipped, with the reason, when no Chromium is installed (`.ci/run` installs Debian's package).
The screenshot each run saves (``report.png`` in the test's directory) is the one to look at.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ICWB2

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium to test the page in (apt-get install chromium)")


def make_report(tmp_path: Path, gold: Path, preds: list[Path], *options: str) -> Path:
    page = tmp_path / "report.html"
    command = [sys.executable, "-m", "wsscore", "report", str(gold), *map(str, preds)]
    done = subprocess.run(
        [*command, "-o", str(page), *options], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return page


def load(page: Path, fragment: str = "#selftest", *extra: str) -> tuple[str, str]:
    """The DOM after the page's scripts ran, and the browser's console log."""
    done = subprocess.run(
        [
            browser(),
            *FLAGS,
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=10000",
            *extra,
            "--dump-dom",
            page.as_uri() + fragment,
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    return done.stdout, done.stderr


def console_errors(log: str) -> list[str]:
    return [line for line in log.splitlines() if "Uncaught" in line or "SyntaxError" in line]


@pytest.mark.slow
def test_the_page_renders_every_system_without_script_errors(tmp_path: Path) -> None:
    page = make_report(
        tmp_path,
        FIXTURES / "gold.txt",
        [FIXTURES / "pred.txt", FIXTURES / "gbk" / "pred.txt"],
        "-d",
        str(FIXTURES / "words.txt"),
        "--name",
        "最大匹配",
        "--name",
        "GBK <copy>",
    )
    dom, log = load(page)
    assert console_errors(log) == []
    assert re.search(r'<body[^>]*data-selftest="ok"', dom), "the script did not finish"
    for name in ("最大匹配", "GBK &lt;copy&gt;"):
        # In the table, in both figures' SVG and in the sentence browser.
        assert dom.count(name) >= 4, name
    assert dom.count("<svg") >= 2 + 4  # F and R_oov, and a chart per bucket family
    subprocess.run(
        [
            browser(),
            *FLAGS,
            "--window-size=1280,2400",
            f"--screenshot={tmp_path / 'report.png'}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=180,
        check=True,
    )
    assert (tmp_path / "report.png").stat().st_size > 10_000


@pytest.mark.slow
def test_the_word_filter_finds_the_sentences_of_a_word(tmp_path: Path) -> None:
    page = make_report(tmp_path, FIXTURES / "gold.txt", [FIXTURES / "pred.txt"])
    dom, log = load(page, "#selftest=word:结婚")
    assert console_errors(log) == []
    found = re.search(r'data-selftest-count="(\d+)"', dom)
    assert found and found.group(1) == "1"  # only the first sentence has 结婚


@pytest.mark.slow
def test_a_large_test_set_stays_small_and_loads(tmp_path: Path) -> None:
    """AS (14,432 sentences) with three systems: a page well under 20 MB that renders."""
    gold = ICWB2 / "gold" / "as_testing_gold.utf8"
    if not gold.is_file():
        pytest.skip("the bakeoff data is missing (../shared/icwb2)")
    words = ICWB2 / "gold" / "as_training_words.utf8"
    text = ICWB2 / "testing" / "as_test.utf8"
    mm = tmp_path / "mm.txt"
    subprocess.run(
        [sys.executable, "-m", "wsscore", "segment", "-d", str(words), str(text), "-o", str(mm)],
        check=True,
        capture_output=True,
    )
    page = make_report(tmp_path, gold, [mm, text, gold], "-d", str(words))
    assert page.stat().st_size < 20_000_000
    dom, log = load(page)
    assert console_errors(log) == []
    assert re.search(r'<body[^>]*data-selftest="ok"', dom)
