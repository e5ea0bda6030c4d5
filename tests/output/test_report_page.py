"""The page `wsscore report` writes, read back as text: one file with nothing fetched, the
score report embedded whole, every sentence, and data that cannot break out of its element."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from conftest import FIXTURES

GOLD = FIXTURES / "gold.txt"
PRED = FIXTURES / "pred.txt"
WORDS = FIXTURES / "words.txt"


def wsscore(*args: object) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "wsscore", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def embedded(page: str, element: str) -> object:
    found = re.search(rf'<script type="application/json" id="{element}">(.*?)</script>', page, re.S)
    assert found, element
    return json.loads(found.group(1))


def test_one_self_contained_file_with_the_whole_score_report(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    done = wsscore("report", GOLD, PRED, "-d", WORDS, "-o", out)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    # Nothing is fetched: no external script, style, image or font, no URL in CSS.
    assert not re.search(r'(src|href)\s*=\s*["\']?(https?:|//)', page)
    assert "@import" not in page and "url(http" not in page
    assert page.count("<script") == 3 and page.count("<style") == 1
    scored = json.loads(wsscore("score", GOLD, PRED, "-d", WORDS, "--extra", "-f", "json").stdout)
    data = embedded(page, "wsscore-data")
    assert isinstance(data, dict)
    assert data["report"] == scored
    sentences = embedded(page, "wsscore-sentences")
    assert isinstance(sentences, dict)
    assert sentences["systems"] == [scored["systems"][0]["name"]]
    assert [s[0] for s in sentences["sentences"]] == [1, 2, 3, 4]
    assert data["sentences"] == 4


def test_names_and_words_cannot_break_out_of_the_page(tmp_path: Path) -> None:
    hostile = "</script><!--<script>alert(1)</script>"
    gold = tmp_path / "gold.txt"
    gold.write_text(f"我 爱 {hostile} 北京\n<!--slot:js--> 好\n", encoding="utf-8")
    pred = tmp_path / "pred.txt"
    pred.write_text(f"我爱 {hostile} 北京\n<!--slot:js--> 好\n", encoding="utf-8")
    out = tmp_path / "report.html"
    done = wsscore("report", gold, pred, "--name", hostile, "--title", hostile, "-o", out)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert page.count("<script") == 3  # no script element came from the data
    assert "<!--slot:" not in page  # every slot filled, none filled twice
    sentences = embedded(page, "wsscore-sentences")
    assert isinstance(sentences, dict)
    assert sentences["systems"] == [hostile]
    assert hostile in sentences["sentences"][0][1]
    assert "&lt;/script&gt;" in page  # the title and the tables show it as text


def test_the_output_is_required_and_checked_before_scoring(tmp_path: Path) -> None:
    assert wsscore("report", GOLD, PRED).returncode == 2
    copy = tmp_path / "pred.txt"
    copy.write_bytes(PRED.read_bytes())
    done = wsscore("report", GOLD, copy, "-o", copy)
    assert done.returncode == 2 and "same file" in done.stderr
    assert copy.read_bytes() == PRED.read_bytes()
    done = wsscore("report", GOLD, PRED, "--match", "diff", "-o", tmp_path / "r.html")
    assert done.returncode == 2 and "--match span" in done.stderr
    assert not (tmp_path / "r.html").exists()


def test_a_system_keeps_its_colour_in_every_chart(tmp_path: Path) -> None:
    """The figures list systems by F, the legends in the order given: colours follow systems."""
    perfect = tmp_path / "perfect.txt"
    perfect.write_bytes(GOLD.read_bytes())
    out = tmp_path / "report.html"
    done = wsscore("report", GOLD, PRED, perfect, "--name", "mm", "--name", "ok", "-o", out)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    legend = dict(
        (name, colour)
        for colour, name in re.findall(
            r'class="swatch" style="background:(#\w+)"></span>(\w+)', page
        )
    )
    points = dict(
        (name, colour)
        for colour, name in re.findall(r'<circle [^>]*fill="(#\w+)"><title>(\w+):', page)
    )
    assert legend == points and legend["mm"] != legend["ok"]
    assert page.index("<title>ok:") < page.index("<title>mm:")  # ranked: ok first


def test_a_capped_browser_says_what_it_leaves_out_and_the_figures_stay(tmp_path: Path) -> None:
    whole, capped = tmp_path / "whole.html", tmp_path / "capped.html"
    assert wsscore("report", GOLD, PRED, "-d", WORDS, "-o", whole).returncode == 0
    done = wsscore("report", GOLD, PRED, "-d", WORDS, "--max-sentences", "2", "-o", capped)
    assert done.returncode == 0, done.stderr
    whole_page, page = (path.read_text(encoding="utf-8") for path in (whole, capped))
    assert 'id="left-out"' not in whole_page
    # The fixture's lines 1 and 4 have most wrong words (docs/metrics.md §6): they are kept.
    sentences = embedded(page, "wsscore-sentences")
    assert isinstance(sentences, dict)
    assert [s[0] for s in sentences["sentences"]] == [1, 4]
    assert "The browser shows 2 of the 4 sentences" in page
    assert "--max-sentences N</code> (now 2;" in page
    data, whole_data = embedded(page, "wsscore-data"), embedded(whole_page, "wsscore-data")
    assert isinstance(data, dict) and isinstance(whole_data, dict)
    assert data.pop("sentences_left_out") == 2 and data.pop("sentences") == 2
    whole_data.pop("sentences")
    for document in (data, whole_data):
        document["report"].pop("signature", None)
    assert data == whole_data  # every figure counts all the sentences


def test_it_says_where_it_wrote_what_it_holds_and_how_to_open_it(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    done = wsscore("report", GOLD, PRED, PRED, "--max-sentences", "2", "-o", out)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr == (
        f"wsscore: wrote {out} (2 systems, 2 of the 4 sentences in its browser); open it in a "
        f"browser: {out.as_uri()}\n"
    )


def test_the_title_is_the_corpus_and_the_systems_not_a_path(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    done = wsscore("report", GOLD, PRED, "--name", "结巴 <b>", "-o", out)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    title = "gold.txt: 结巴 &lt;b&gt;"
    assert f"<title>{title}</title>" in page and f"<h1>{title}</h1>" in page
    assert str(FIXTURES) not in page.split("</h1>")[0]
    assert wsscore("report", GOLD, PRED, "--title", "PKU, 2005", "-o", out).returncode == 0
    assert "<title>PKU, 2005</title>" in out.read_text(encoding="utf-8")


def test_the_default_cap_is_the_library_s() -> None:
    from wsscore.cli.commands.report import report
    from wsscore.scoring.page_sentences import MAX_SENTENCES

    option = next(p for p in report.params if p.name == "max_sentences")
    assert option.default == MAX_SENTENCES


def test_every_number_says_what_it_is(tmp_path: Path) -> None:
    page_file = tmp_path / "r.html"
    done = wsscore("report", GOLD, PRED, "-d", WORDS, "--name", "mm", "-o", page_file)
    assert done.returncode == 0, done.stderr
    page = page_file.read_text(encoding="utf-8")
    # The fixture's figures (docs/metrics.md): 21 of 36 gold words right, 12 of 17 of length 1.
    assert '<td class="num" title="mm: recall: right words / gold words = 0.583">0.583</td>' in page
    assert '<th title="recall: right words / gold words">R</th>' in page
    assert "<b>R</b> recall: right words / gold words;" in page  # the legend under the table
    assert 'title="mm, 1: recall 0.706, 12 of 17 gold words right">0.706' in page
    # An error table: what Wrong and (wrong N×) mean, and cells that open their sentences.
    assert "<b>(wrong N×)</b>: all the times that system got the word wrong" in page
    cut = re.search(
        r'<td class="cut" data-word="([^"]+)" data-pred="([^"]+)" data-system="mm"', page
    )
    assert cut and cut.group(1) != cut.group(2)


def _scores_tables(page: str) -> list[tuple[str | None, list[str]]]:
    """Each scores table's caption (None for the first) and column heads."""
    tables = []
    for found in re.finditer(r'<table class="scores">(.*?)</thead>', page, re.S):
        head = found.group(1)
        caption = re.search(r"<caption>(.*?)</caption>", head)
        tables.append((caption and caption.group(1), re.findall(r">([^<>]+)</th>", head)))
    return tables


def test_the_bakeoff_table_first_then_the_other_figures_by_group(tmp_path: Path) -> None:
    page_file = tmp_path / "r.html"
    done = wsscore("report", GOLD, PRED, "-d", WORDS, "-o", page_file)
    assert done.returncode == 0, done.stderr
    tables = _scores_tables(page_file.read_text(encoding="utf-8"))
    first = ["System", "Words", "R", "c_r", "P", "c_p", "F", "OOV", "R_oov", "R_iv"]
    assert tables[0] == (None, first)
    titles = [title for title, _ in tables[1:]]
    assert titles == [
        "Boundaries and sentences segmented exactly",
        "Wrong words by kind of error",
        "Word-start characters",
        "Boundaries with sentence edges",
        "Distinct words (types)",
    ]
    assert all(heads[0] == "System" and len(heads) <= 7 for _, heads in tables[1:])
    # Every figure of `score --extra` is on the page once; Sentences and Tokens only where
    # they tell something (not in this words-format fixture, whose lines are its sentences).
    shown = [head for _, heads in tables for head in heads[1:]]
    assert len(shown) == len(set(shown))
    assert not {"P_sent", "F_tok"} & set(shown)


def test_sentences_and_tokens_come_where_they_tell(tmp_path: Path) -> None:
    # One gold sentence read as two by the prediction: sentence figures no other column has.
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.conllu"
    gold.write_text("我们 是 学生 。 他们 也 是 。\n", encoding="utf-8")
    rows = [["我们", "是", "学生", "。"], ["他们", "也", "是", "。"]]
    pred.write_text(
        "".join(
            "".join(f"{i}\t{w}\t_\tX\t_\t_\t0\tdep\t_\t_\n" for i, w in enumerate(words, 1)) + "\n"
            for words in rows
        ),
        encoding="utf-8",
    )
    page_file = tmp_path / "r.html"
    done = wsscore("report", gold, pred, "-o", page_file)
    assert done.returncode == 0, done.stderr
    tables = dict(_scores_tables(page_file.read_text(encoding="utf-8")))
    assert tables["Sentences and tokens (conll18_ud_eval.py)"] == [
        "System", "P_sent", "R_sent", "F_sent", "P_tok", "R_tok", "F_tok",
    ]  # fmt: skip
