"""Drilling down in `wsscore report`'s page, driven in headless Chromium through the DevTools
protocol (tests/output/cdp.py): a click on a system's cut of a word in an error table, a
predicted word typed in the search box, a fragment URL opened, and the sort by errors.

The sentences the page should show are counted here from the words the page embeds (its
``wsscore-sentences`` JSON), by character spans, not with the page's script nor with wsscore's
error classes; the counts in the tables come from the scorer. Skipped without Chromium.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

import pytest
from cdp import Browser, find_browser
from conftest import FIXTURES, ICWB2

TOOLS = FIXTURES / "tools"
NAMES = ("jieba", "pkuseg")
pytestmark = pytest.mark.slow  # a browser starts for each test (about a second)


class Sentence(NamedTuple):
    line: int
    gold: list[str]
    systems: list[list[str]]  # each system's words, in the order of NAMES


class Cell(NamedTuple):
    """A system's cut of a gold word in an error table, as the page shows it."""

    system: str
    error: str
    word: str
    cut: str
    count: int


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if find_browser() is None:
        pytest.skip("no Chromium to test the page in (apt-get install chromium)")
    out = tmp_path_factory.mktemp("drilldown") / "report.html"
    command = [sys.executable, "-m", "wsscore", "report", str(TOOLS / "gold.conllu")]
    command += [str(TOOLS / "jieba.lcut.jsonl"), str(TOOLS / "pkuseg.txt")]
    command += ["--name", NAMES[0], "--name", NAMES[1], "-o", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture()
def browser(page: Path) -> Iterator[Browser]:
    executable = find_browser()
    assert executable is not None
    with Browser(executable, width=1400, height=1000) as opened:
        yield opened


def sentences(page: Path, names: tuple[str, ...] = NAMES) -> list[Sentence]:
    text = page.read_text(encoding="utf-8")
    found = re.search(r'id="wsscore-sentences">(.*?)</script>', text, re.S)
    assert found
    data = json.loads(found.group(1))
    assert data["systems"] == list(names)
    return [
        Sentence(row[0], row[1].split(), [cut[0].split() for cut in row[2:]])
        for row in data["sentences"]
    ]


def cells(page: Path) -> list[Cell]:
    text = page.read_text(encoding="utf-8")
    pattern = (
        r'<td class="cut" data-word="([^"]*)" data-pred="([^"]*)" data-system="([^"]*)" '
        r'data-class="([a-z]+)"[^>]*>.*?<span class="count">([\d,]+)×'
    )
    return [
        Cell(html.unescape(system), error, html.unescape(word), html.unescape(cut), int(n))
        for word, cut, system, error, n in re.findall(pattern, text)
    ]


def spans(words: list[str]) -> list[tuple[int, int]]:
    out, at = [], 0
    for word in words:
        out.append((at, at + len(word)))
        at += len(word)
    return out


def cuts_of(sentence: Sentence, system: int, word: str) -> list[tuple[str, str]]:
    """Each wrong occurrence of the gold word: (error class, the system's words over it)."""
    pred = sentence.systems[system]
    pred_spans = spans(pred)
    found = []
    for gold_word, (start, end) in zip(sentence.gold, spans(sentence.gold), strict=True):
        if gold_word != word or (start, end) in pred_spans:
            continue
        over = [
            (w, s) for w, s in zip(pred, pred_spans, strict=True) if s[1] > start and s[0] < end
        ]
        inside = all(s[0] >= start and s[1] <= end for _, s in over)
        error = "merged" if len(over) == 1 else "split" if inside else "crossing"
        found.append((error, "/".join(w for w, _ in over)))
    return found


def wrongly_predicted(sentence: Sentence, system: int, word: str) -> bool:
    gold_spans = set(spans(sentence.gold))
    pred = sentence.systems[system]
    return any(w == word and s not in gold_spans for w, s in zip(pred, spans(pred), strict=True))


def wrong_gold_words(sentence: Sentence) -> int:
    return sum(
        sum(1 for s in spans(sentence.gold) if s not in set(spans(pred)))
        for pred in sentence.systems
    )


def shown(browser: Browser) -> list[int]:
    """The line numbers of the sentences on the page, in order."""
    heads = browser.evaluate(
        "[...document.querySelectorAll('#wsscore-browser .sb-no')].map(e => e.textContent)"
    )
    return [int(head.lstrip("#")) for head in heads]


def count_line(browser: Browser) -> str:
    return str(browser.evaluate("document.querySelector('.sb-count').textContent"))


def test_a_system_s_cut_of_a_word_opens_exactly_those_cases(page: Path, browser: Browser) -> None:
    data = sentences(page)
    table = [c for c in cells(page) if not c.cut.startswith("…")]
    assert len(table) >= 40 and {c.error for c in table} == {"split", "merged", "crossing"}
    browser.open(page.as_uri())
    for index, cut in enumerate(table):
        system = NAMES.index(cut.system)
        expected = [s.line for s in data if (cut.error, cut.cut) in cuts_of(s, system, cut.word)]
        occurrences = sum(cuts_of(s, system, cut.word).count((cut.error, cut.cut)) for s in data)
        assert occurrences == cut.count, cut  # the table's count, from the scorer
        browser.click(
            f'td.cut[data-system="{cut.system}"][data-word="{cut.word}"]'
            f'[data-pred="{cut.cut}"][data-class="{cut.error}"]'
        )
        assert shown(browser) == expected, cut
        assert count_line(browser) == f"{len(expected):,} of {len(data):,} sentences"
        # Only that system's line is shown, and the word is highlighted once per case.
        hits = browser.evaluate("document.querySelectorAll('.sb-g .w.hit').length")
        assert hits == cut.count, cut
        rows = browser.evaluate("document.querySelectorAll('.sb-lab .sb-cell:not(.sb-g)').length")
        assert rows == len(expected), cut
        state = browser.evaluate("decodeURIComponent(location.hash)")
        assert state == (
            f"#system={cut.system}&class={cut.error}&word={cut.word}&pred={cut.cut}"
        ), index


def test_a_predicted_word_typed_finds_where_it_is_wrong(page: Path, browser: Browser) -> None:
    data = sentences(page)
    browser.open(page.as_uri())
    for word in ("2009年", "彎刀", "一個屬", "的"):
        expected = [
            s.line for s in data if any(wrongly_predicted(s, k, word) for k in range(len(NAMES)))
        ]
        browser.type_into("input[name=pred]", word)
        browser.wait_for(f"location.hash === '#pred={quote(word)}'")
        assert shown(browser) == expected, word
        assert count_line(browser) == f"{len(expected):,} of {len(data):,} sentences"
        if expected:
            marked = browser.evaluate(
                "[...document.querySelectorAll('.sb-cell:not(.sb-g) .w.hit')]"
                ".map(e => e.textContent)"
            )
            assert marked and set(marked) == {word}
    assert any(
        wrongly_predicted(s, k, "2009年") for s in data for k in range(2)
    )  # the loop did find something


def test_a_fragment_url_opens_the_same_view(page: Path, browser: Browser) -> None:
    data = sentences(page)
    word = "2009年"
    expected = [s.line for s in data if wrongly_predicted(s, 1, word)]
    assert expected
    browser.open(f"{page.as_uri()}#system=pkuseg&pred={quote(word)}")
    assert (
        browser.evaluate("document.querySelector('select[name=system]').selectedOptions[0].text")
        == "pkuseg"
    )
    assert browser.evaluate("document.querySelector('input[name=pred]').value") == word
    assert shown(browser) == expected
    assert count_line(browser) == f"{len(expected):,} of {len(data):,} sentences"
    labels = browser.evaluate(
        "[...document.querySelectorAll('.sb-lab .sb-cell:not(.sb-g)')].map(e => e.textContent)"
    )
    assert set(labels) == {"pkuseg"}  # only the chosen system's line


def test_the_differ_key_keeps_the_sentences_where_two_systems_differ(
    page: Path, browser: Browser
) -> None:
    data = sentences(page)
    expected = [s.line for s in data if s.systems[0] != s.systems[1]]
    assert 0 < len(expected) < len(data)
    for fragment in ("differ=1", "differ=pkuseg,jieba"):
        browser.open(f"{page.as_uri()}#{fragment}")
        assert shown(browser) == expected, fragment
        assert count_line(browser) == f"{len(expected):,} of {len(data):,} sentences"
        assert browser.evaluate("document.querySelector('#sb-differ').checked") is True
        labels = browser.evaluate(
            "[...document.querySelectorAll('.sb-lab .sb-cell:not(.sb-g)')].map(e => e.textContent)"
        )
        assert set(labels) == set(NAMES)
    # Ticking the box writes the key, so that the view can be shared.
    browser.open(page.as_uri())
    browser.click("#sb-differ")
    assert shown(browser) == expected
    assert browser.evaluate("location.hash") == "#differ=1"


def test_a_gold_word_shows_its_errors_and_on_request_every_sentence(
    page: Path, browser: Browser
) -> None:
    data = sentences(page)

    def lines(word: str) -> tuple[list[int], list[int]]:
        wrong = [s.line for s in data if any(cuts_of(s, k, word) for k in range(2))]
        return wrong, [s.line for s in data if word in s.gold]

    # A word the systems get wrong in some of its sentences and right in others.
    word = min(
        (w for s in data for w in s.gold if 2 <= len(lines(w)[0]) < len(lines(w)[1])),
        key=lambda w: (-len(lines(w)[1]), w),
    )
    wrong, having = lines(word)
    browser.open(f"{page.as_uri()}#word={quote(word)}")
    assert shown(browser) == wrong
    browser.click("#sb-all")
    assert shown(browser) == having
    assert browser.evaluate("location.hash") == f"#word={quote(word)}&all=1"


def test_the_sort_puts_the_sentences_with_most_errors_first(page: Path, browser: Browser) -> None:
    data = sentences(page)
    errors = {s.line: wrong_gold_words(s) for s in data}
    browser.open(page.as_uri())
    assert shown(browser) == [s.line for s in data]
    browser.evaluate(
        "(() => { const s = document.querySelector('select[name=sort]'); s.value = 'errors';"
        " s.dispatchEvent(new Event('change')); })()"
    )
    order = shown(browser)
    assert order == sorted(errors, key=lambda line: (-errors[line], line))
    assert len(set(errors.values())) > 3  # the order is not the line order by chance
    said = browser.evaluate(
        "[...document.querySelectorAll('.sb-n[data-errors]')].map(e => +e.dataset.errors)"
    )
    assert said == [errors[line] for line in order]
    assert browser.evaluate("location.hash") == "#sort=errors"


def test_sorted_by_disagreements_between_the_systems(page: Path, browser: Browser) -> None:
    data = sentences(page)

    def disagreements(sentence: Sentence) -> int:
        inner = [{end for _, end in spans(words)[:-1]} for words in sentence.systems]
        return len(inner[0] ^ inner[1])

    measure = {s.line: disagreements(s) for s in data}
    browser.open(f"{page.as_uri()}#sort=disagreements")
    assert shown(browser) == sorted(measure, key=lambda line: (-measure[line], line))
    said = browser.evaluate(
        "[...document.querySelectorAll('.sb-n[data-disagreements]')]"
        ".map(e => +e.dataset.disagreements)"
    )
    assert said == sorted(measure.values(), reverse=True)


def test_on_the_pku_test_set_a_cut_opens_its_cases_page_by_page(
    tmp_path: Path, browser: Browser
) -> None:
    """The issue's example: 新 merged into 新世纪 by maximum matching, 248 times on PKU."""
    gold = ICWB2 / "gold" / "pku_test_gold.utf8"
    if not gold.is_file():
        pytest.skip("the bakeoff data is missing (../shared/icwb2)")
    words = ICWB2 / "gold" / "pku_training_words.utf8"
    mm, out = tmp_path / "mm.txt", tmp_path / "pku.html"
    run = [sys.executable, "-m", "wsscore"]
    segment = [*run, "segment", "-d", str(words), str(ICWB2 / "testing" / "pku_test.utf8")]
    subprocess.run([*segment, "-o", str(mm)], check=True, capture_output=True, timeout=300)
    report = [*run, "report", str(gold), str(mm), "--name", "MM", "-d", str(words)]
    subprocess.run([*report, "-o", str(out)], check=True, capture_output=True, timeout=300)
    data = sentences(out, ("MM",))
    cell = next(c for c in cells(out) if (c.word, c.cut, c.error) == ("新", "新世纪", "merged"))
    expected = [s.line for s in data if ("merged", "新世纪") in cuts_of(s, 0, "新")]
    assert cell.count == sum(cuts_of(s, 0, "新").count(("merged", "新世纪")) for s in data)
    assert len(expected) > 50  # more than a page
    browser.open(out.as_uri())
    browser.click('td.cut[data-word="新"][data-pred="新世纪"]')
    assert count_line(browser) == f"{len(expected):,} of {len(data):,} sentences"
    seen: list[int] = []
    while True:
        seen += shown(browser)
        if browser.evaluate("document.querySelector('.sb-pager button:last-child').disabled"):
            break
        browser.click(".sb-pager button:last-child")
    assert seen == expected


@pytest.mark.parametrize(("width", "side_by_side"), [(1400, True), (1000, False)])
def test_the_error_classes_stand_side_by_side_where_they_fit(
    page: Path, width: int, side_by_side: bool
) -> None:
    executable = find_browser()
    assert executable is not None
    with Browser(executable, width=width, height=1000) as browser:
        browser.open(page.as_uri())
        tops = browser.evaluate(
            "[...document.querySelectorAll('.error-class')].map(e => e.getBoundingClientRect().top)"
        )
        scrolling = browser.evaluate(
            "[...document.querySelectorAll('.error-class .table-wrap')]"
            ".filter(e => e.scrollWidth > e.clientWidth).length"
        )
        page_width = browser.evaluate("document.documentElement.scrollWidth")
    assert len(tops) == 3
    assert (tops[0] == tops[1]) is side_by_side  # split beside merged, or above it
    assert tops[2] > tops[0]  # crossing on the next row either way
    assert scrolling == 0 and page_width <= width


def test_every_scores_table_is_read_whole_at_1000_pixels(page: Path) -> None:
    executable = find_browser()
    assert executable is not None
    with Browser(executable, width=1000, height=1000) as browser:
        browser.open(page.as_uri())
        tables = browser.evaluate("document.querySelectorAll('table.scores').length")
        scrolling = browser.evaluate(
            "[...document.querySelectorAll('table.scores')]"
            ".filter(t => t.parentElement.scrollWidth > t.parentElement.clientWidth).length"
        )
        page_width = browser.evaluate("document.documentElement.scrollWidth")
    assert tables >= 2  # the bakeoff table and the other figures' groups
    assert scrolling == 0 and page_width <= 1000
