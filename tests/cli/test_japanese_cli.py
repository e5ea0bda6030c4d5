"""The mecab and kytea formats through every door: ``convert`` to and from them (round trips),
standard input, ``.gz``, another encoding, the Python API's ``tag_field`` and a suite manifest
that mixes them."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from conftest import FIXTURES, run_wsscore

from wsscore import InputOptions, Report, score
from wsscore.errors import Warnings
from wsscore.inputs.formats import read_sentences
from wsscore.inputs.manifest import load_manifest
from wsscore.scoring.suite import run_suite

JAPANESE = FIXTURES / "japanese"
FORMATS = FIXTURES / "formats"


def _tokens(path: Path, fmt: str) -> list[list[tuple[str, str | None]]]:
    raw = path.read_bytes()
    text = (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")
    lines = text.removesuffix("\n").split("\n")
    sentences = read_sentences(fmt, lines, name=str(path), warnings=Warnings())
    return [[(t.word, t.tag) for t in s.syntactic()] for s in sentences]


def _convert(source: Path, target: str, output: Path, *options: str) -> Path:
    result = run_wsscore("convert", source, "--to", target, "-o", output, *options)
    assert result.returncode == 0, result.stderr
    return output


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("fugashi.mecab.gz", "mecab"),
        ("sudachi.mecab", "mecab"),
        ("fugashi.kytea", "kytea"),
        ("sudachi.kytea", "kytea"),
    ],
)
@pytest.mark.parametrize("target", ["mecab", "kytea"])
def test_real_outputs_convert_to_either_and_back_with_the_same_words_and_tags(
    name: str, fmt: str, target: str, tmp_path: Path
) -> None:
    source = JAPANESE / name
    there = _convert(source, target, tmp_path / f"there.{target}")
    back = _convert(there, fmt, tmp_path / f"back.{fmt}", "--from", target)
    expected = _tokens(source, fmt)
    assert _tokens(there, target) == expected
    assert _tokens(back, fmt) == expected
    assert sum(map(len, expected)) > 300


@pytest.mark.parametrize(
    ("source", "fmt"),
    [
        (FORMATS / "same.words.txt", "words"),
        (FORMATS / "same.tagged.txt", "tagged"),
        (FORMATS / "same.conllu", "conllu"),
    ],
)
@pytest.mark.parametrize("target", ["mecab", "kytea"])
def test_other_formats_go_to_mecab_and_kytea_and_back(
    source: Path, fmt: str, target: str, tmp_path: Path
) -> None:
    there = _convert(source, target, tmp_path / f"there.{target}")
    back = _convert(there, fmt, tmp_path / "back", "--from", target)
    expected = _tokens(source, fmt)
    assert _tokens(there, target) == expected
    assert _tokens(back, fmt) == expected
    # MeCab's layout is detected as what it is; KyTea's word/TAG with ASCII tags is tagged's
    # (docs/formats-japanese.md), and read as kytea when given
    given = () if target == "mecab" else ("--input-format", "kytea")
    scored = run_wsscore("score", there, there, "-f", "json", *given)
    assert json.loads(scored.stdout)["systems"][0]["format"] == target


def _counts(*args: object, stdin: bytes | None = None) -> dict[str, int]:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "wsscore", "score", *map(str, args), "--tags", "-f", "json"],
        input=stdin,
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)["systems"][0]["counts"]


def test_standard_input_gz_and_another_encoding_give_the_same_counts(tmp_path: Path) -> None:
    gold = JAPANESE / "gold.mecab"
    pred = JAPANESE / "sudachi.kytea"
    expected = _counts(gold, pred)
    assert (expected["correct"], expected["tag_correct"]) == (352, 348)
    euc = tmp_path / "pred.kytea"
    euc.write_bytes(pred.read_text("utf-8").encode("euc_jp"))
    assert _counts(gold, euc, "--pred-encoding", "euc_jp") == expected
    assert _counts(gold, "-", stdin=pred.read_bytes()) == expected
    packed = tmp_path / "gold.mecab.gz"
    packed.write_bytes(gzip.compress(gold.read_bytes()))
    assert _counts(packed, pred) == expected


def test_api_tag_field_and_the_signature() -> None:
    gold, pred = JAPANESE / "gold.mecab", JAPANESE / "fugashi.mecab.gz"
    first = score(gold, [pred], tags=True)
    levels = score(gold, [pred], tags=True, inputs=InputOptions(tag_field="1-2"))
    assert _tag_correct(first) == 400  # 部 and か国: suffixes in the gold only
    assert _tag_correct(levels) == 400  # the same two differ at the first level already
    assert "tags:field1|" in first.signature + "|" and "tags:field1-2" in levels.signature
    fourth = score(gold, [pred], tags=True, inputs=InputOptions(tag_field=4))
    assert _tag_correct(fourth) == 402  # their fourth field is * on both sides: all 402 agree


def _tag_correct(report: Report) -> int:
    tags = report.systems[0].tags
    assert tags is not None
    return tags.tag_correct


def test_a_suite_mixes_the_formats(tmp_path: Path) -> None:
    manifest = tmp_path / "suite.toml"
    manifest.write_text(
        f"""
[corpora.ja]
gold = "{JAPANESE / "gold.mecab"}"
tags = true
tag_field = "1-2"
[corpora.zh]
gold = "{FORMATS / "same.conllu"}"
[systems]
tool = {{ ja = "{JAPANESE / "sudachi.kytea"}", zh = "{FORMATS / "same.tagged.txt"}" }}
""",
        encoding="utf-8",
    )
    suite = run_suite(load_manifest(manifest))
    (row,) = suite.rows
    ja = row.cells["ja"].result
    zh = row.cells["zh"].result
    assert ja is not None and zh is not None
    assert ja.counts.correct == 352 and ja.tag_metrics is not None
    assert zh.counts.correct == zh.counts.gold_words


def test_a_bad_tag_field_in_a_manifest_is_one_error(tmp_path: Path) -> None:
    manifest = tmp_path / "suite.toml"
    manifest.write_text(
        f'[corpora.ja]\ngold = "{JAPANESE / "gold.mecab"}"\ntag_field = "x"\n'
        f'[systems]\ntool = "{JAPANESE / "sudachi.mecab"}"\n',
        encoding="utf-8",
    )
    result = run_wsscore("suite", manifest)
    assert result.returncode == 2
    assert "corpora.ja.tag_field: unknown tag field 'x'" in result.stderr
    assert result.stderr.count("\n") == 1
