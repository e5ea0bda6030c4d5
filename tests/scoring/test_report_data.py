"""The data of `wsscore report`: error codes, error tables, buckets and sentences, checked by
hand on the fixtures (docs/metrics.md §5.4 for the error classes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore import InputOptions
from wsscore.scoring.report_page import (
    density_label,
    frequency_label,
    gather,
    length_label,
    sentence_label,
)

GOLD = FIXTURES / "gold.txt"
PRED = FIXTURES / "pred.txt"
WORDS = FIXTURES / "words.txt"


def sentences_of(data) -> list:  # type: ignore[no-untyped-def]
    return json.loads("[" + data.sentences.read() + "]")


def test_every_sentence_with_each_system_s_cut_and_codes(tmp_path: Path) -> None:
    perfect = tmp_path / "perfect.txt"
    perfect.write_text(GOLD.read_text(encoding="utf-8"), encoding="utf-8")
    data = gather(GOLD, [PRED, perfect], inputs=InputOptions(dictionary=WORDS), names=["mm", "ok"])
    sentences = sentences_of(data)
    assert data.sentence_count == len(sentences) == 4
    line, gold, mm, ok = sentences[1]
    assert (line, gold) == (2, "我们 在 北京 大学 读书")
    # 北京大学 merges the gold words 北京 and 大学: both are "merged", the predicted word wrong.
    assert mm == ["我们 在 北京大学 读书", "..mm.", "..x."]
    assert ok == ["我们 在 北京 大学 读书", ".....", "....."]
    line, gold, mm, _ = sentences[3]
    assert mm[0] == "他 说 ： “ 研究生 命 起源 ” 是 一门 学问 。"
    # 研究生 swallows 研究 (merged) and 研究生/命 cut 生命 with a wrong start (crossing); 一门
    # merges 一 and 门 (docs/metrics.md §5.4 lists the fixture's classes).
    assert mm[1] == "....mc...mm.."
    assert mm[2] == "....xx...x.."


def test_systems_are_ranked_but_the_sentences_keep_the_given_order(tmp_path: Path) -> None:
    perfect = tmp_path / "perfect.txt"
    perfect.write_text(GOLD.read_text(encoding="utf-8"), encoding="utf-8")
    data = gather(GOLD, [PRED, perfect], names=["mm", "ok"])
    assert [s.name for s in data.report.systems] == ["ok", "mm"]  # by F
    assert data.names == ["mm", "ok"]  # the sentences' order
    assert data.as_dict()["systems"] == ["mm", "ok"]
    assert data.as_dict()["report"]["systems"][0]["name"] == "ok"


def test_error_tables_count_each_wrong_word_and_its_cut() -> None:
    data = gather(GOLD, [PRED], inputs=InputOptions(dictionary=WORDS), names=["mm"])
    merged = data.as_dict()["error_classes"]["merged"]
    assert merged["counts"] == [
        sum(1 for c in "".join(s[2][1] for s in sentences_of(data)) if c == "m")
    ]
    words = {row["word"]: row for row in merged["words"]}
    assert words["北京"]["systems"] == [{"wrong": 1, "cut": "北京大学", "count": 1}]
    crossing = data.as_dict()["error_classes"]["crossing"]
    assert {row["word"] for row in crossing["words"]} == {"尚未", "生命"}  # as §5.4 says
    assert data.as_dict()["error_classes"]["split"] == {"counts": [0], "words": []}


def test_buckets_by_hand() -> None:
    data = gather(GOLD, [PRED], inputs=InputOptions(dictionary=WORDS), names=["mm"])
    buckets = {family["key"]: family for family in data.as_dict()["buckets"]}
    assert list(buckets) == ["word_length", "oov", "sentence_length", "oov_density"]
    one = buckets["word_length"]["systems"][0][0]  # one-character words
    gold_words = [w for line in GOLD.read_text(encoding="utf-8").split("\n") for w in line.split()]
    pred_words = [w for line in PRED.read_text(encoding="utf-8").split("\n") for w in line.split()]
    assert one["gold"] == sum(1 for w in gold_words if len(w) == 1)
    assert one["pred"] == sum(1 for w in pred_words if len(w) == 1)
    # Sentence 1 has 13 gold words (11–20), the others 5, 5 and 13.
    by_length = dict(
        zip(
            buckets["sentence_length"]["labels"],
            buckets["sentence_length"]["systems"][0],
            strict=True,
        )
    )
    assert by_length["1–10"]["gold"] == 10 and by_length["11–20"]["gold"] == 26
    total = data.report.systems[0].counts
    assert sum(b["gold_correct"] for b in by_length.values()) == total.correct
    oov = dict(zip(buckets["oov"]["labels"], buckets["oov"]["systems"][0], strict=True))
    assert oov["OOV"]["gold"] == total.oov_words and oov["OOV"]["gold_correct"] == total.oov_correct


def test_training_frequencies_make_a_bucket_family(tmp_path: Path) -> None:
    train = tmp_path / "train.txt"
    train.write_text("我们 在 北京\n我们 读书\n", encoding="utf-8")
    data = gather(GOLD, [PRED], inputs=InputOptions(train=train), names=["mm"])
    family = next(f for f in data.as_dict()["buckets"] if f["key"] == "frequency")
    by_label = dict(zip(family["labels"], family["systems"][0], strict=True))
    assert by_label["2–4"]["gold"] == 1  # 我们, twice in training
    assert by_label["1"]["gold"] == 3  # 在, 北京 and 读书 once each
    assert by_label["0"]["gold"] == 36 - 4


@pytest.mark.parametrize(
    ("function", "argument", "label"),
    [
        (length_label, "中", "1"),
        (length_label, "中华人民共和国", "5+"),
        (frequency_label, 0, "0"),
        (frequency_label, 5, "5–19"),
        (frequency_label, 100, "100+"),
        (sentence_label, 10, "1–10"),
        (sentence_label, 81, "81+"),
    ],
)
def test_labels(function, argument, label) -> None:  # type: ignore[no-untyped-def]
    assert function(argument) == label


def test_density_labels() -> None:
    assert [density_label(o, 100) for o in (0, 5, 6, 20, 21)] == [
        "0",
        "≤5%",
        "5–10%",
        "10–20%",
        ">20%",
    ]
