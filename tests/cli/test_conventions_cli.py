"""``--conventions`` on the command line: score, merge, report and suite (with the manifest's
key), and its refusals as one line with exit status 2."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, refused_in_one_line, run_wsscore

THAI = FIXTURES / "thai"
SENTENCES = FIXTURES / "sentences"
GOLD, PRED = FIXTURES / "gold.txt", FIXTURES / "pred.txt"


def _header(text: str) -> list[str]:
    return text.splitlines()[0].split()


@pytest.mark.parametrize("convention", ["thai", "japanese", "ud"])
def test_match_diff_refuses_conventions_that_need_extra(convention):
    line = refused_in_one_line("score", GOLD, PRED, "--match", "diff", "--conventions", convention)
    assert line == (
        f"wsscore: error: --conventions {convention} works with --match span (the Perl script's "
        "diff alignment has no character offsets to build on; --conventions sighan works with "
        "either)"
    )


def test_match_diff_takes_sighan_and_records_it():
    plain = run_wsscore("score", GOLD, PRED, "--match", "diff", "-f", "text")
    done = run_wsscore(
        "score", GOLD, PRED, "--match", "diff", "--conventions", "sighan", "-f", "text"
    )
    assert done.returncode == 0, done.stderr
    # The same table, the convention recorded last in the signature.
    assert "|conv:" not in plain.stdout
    assert done.stdout == plain.stdout.replace("|mismatch:none", "|mismatch:none|conv:sighan")


def test_score_text_shows_the_conventions_columns():
    done = run_wsscore(
        "score",
        SENTENCES / "gold.conllu",
        SENTENCES / "pred.conllu",
        "--conventions",
        "ud",
        "-f",
        "text",
    )
    assert done.returncode == 0, done.stderr
    assert _header(done.stdout) == [
        "System",
        *("P_tok", "R_tok", "F_tok", "P_sent", "R_sent", "F_sent", "P", "R", "F"),
    ]
    # conll18_ud_eval.py's counts on these files: Tokens 6/7/8, Sentences 1/3/2, Words 6/9/9.
    assert done.stdout.splitlines()[2].split()[1:] == [
        *("0.750", "0.857", "0.800", "0.500", "0.333", "0.400", "0.667", "0.667", "0.667"),
    ]


def _shard(tmp_path: Path, name: str, *options: str) -> Path:
    done = run_wsscore(
        "score", THAI / "gold.best.txt", THAI / "newmm.best.txt", "-f", "json", *options
    )
    assert done.returncode == 0, done.stderr
    path = tmp_path / name
    path.write_text(done.stdout, "utf-8")
    return path


def test_merge_shows_the_convention_asked_or_the_shards(tmp_path):
    thai = _shard(tmp_path, "thai.json", "--conventions", "thai")
    kept = run_wsscore("merge", thai, "-f", "text")
    assert _header(kept.stdout) == ["System", "P_c", "R_c", "F_c", "P", "R", "F"]
    japanese = _shard(tmp_path, "japanese.json", "--conventions", "japanese")
    mixed = run_wsscore("merge", thai, japanese, "-f", "json", "--conventions", "sighan")
    assert mixed.returncode == 0, mixed.stderr  # other conventions: the same figures add up
    document = json.loads(mixed.stdout)
    assert document["signature"].endswith("|conv:sighan")
    assert document["options"]["conventions"] == "sighan"
    assert document["systems"][0]["counts"]["gold_words"] == 2 * 255


def test_merge_refuses_a_convention_the_shards_lack_the_counts_of(tmp_path):
    plain = _shard(tmp_path, "plain.json")
    line = refused_in_one_line("merge", plain, "--conventions", "thai")
    assert line == (
        "wsscore: error: --conventions thai shows figures of --extra, which the shards lack "
        "(score the shards with --extra)"
    )


def test_report_page_table_has_the_conventions_columns(tmp_path):
    page = tmp_path / "page.html"
    done = run_wsscore(
        "report",
        THAI / "gold.best.txt",
        THAI / "newmm.best.txt",
        "--conventions",
        "thai",
        "-o",
        page,
    )
    assert done.returncode == 0, done.stderr
    html = page.read_text("utf-8")
    table = html[html.index('<table class="scores">') :]
    table = table[: table.index("</thead>")]
    headers = re.findall(r"<th[^>]*>([^<]*)</th>", table)
    assert headers == ["System", "P_c", "R_c", "F_c", "P", "R", "F"]
    assert "conv:thai" in html


def _suite_tree(tmp_path: Path, top: str) -> Path:
    for name in ("gold.conllu", "pred.conllu"):
        shutil.copy(SENTENCES / name, tmp_path / name)
    for name in ("gold.best.txt", "newmm.best.txt"):
        shutil.copy(THAI / name, tmp_path / name)
    (tmp_path / "suite.toml").write_text(
        f"{top}\n[corpora.es]\ngold = 'gold.conllu'\n[corpora.th]\ngold = 'gold.best.txt'\n"
        "[systems]\na = { es = 'pred.conllu', th = 'newmm.best.txt' }\n",
        "utf-8",
    )
    return tmp_path / "suite.toml"


def test_suite_takes_the_manifests_convention_and_the_option_over_it(tmp_path):
    manifest = _suite_tree(tmp_path, 'conventions = "ud"')
    ud = run_wsscore("suite", manifest, "-f", "text")
    assert ud.returncode == 0, ud.stderr
    assert _header(ud.stdout)[:7] == ["System", "es", "F_tok", "es", "F_sent", "es", "F"]
    assert ud.stdout.splitlines()[2].split()[1:4] == ["0.800", "0.400", "0.667"]
    assert ud.stdout.rstrip().endswith("|conv:ud")
    thai = run_wsscore("suite", manifest, "-f", "text", "--conventions", "thai")
    assert _header(thai.stdout)[:5] == ["System", "es", "F_c", "es", "F"]
    asked = run_wsscore("suite", manifest, "-f", "text", "--metrics", "r")
    assert _header(asked.stdout)[:3] == ["System", "es", "R"]


def test_suite_refuses_an_unknown_convention_in_the_manifest(tmp_path):
    manifest = _suite_tree(tmp_path, 'conventions = "korean"')
    line = refused_in_one_line("suite", manifest)
    assert line.endswith(
        "conventions: 'korean' is not a convention (give one of thai, japanese, ud, sighan)"
    )
