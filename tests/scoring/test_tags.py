"""--tags: words and tags scored together (docs/metrics.md §5.7), counted by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from wsscore import InputOptions, WsscoreError, score

GOLD = "中国/NR 人民/NN 站/VV\n起来/VV 了/AS\n"
PRED = "中国/NR 人民/VV 站/VV\n起/VV 来/VV 了/AS\n"


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text(GOLD, encoding="utf-8")
    pred.write_text(PRED, encoding="utf-8")
    return gold, pred


def test_the_hand_counted_example(files) -> None:
    # RP = 5, PP = 6, TP = 4 (中国, 人民, 站, 了), TP_tag = 3 (人民 is NN in the gold, VV here).
    gold, pred = files
    system = score(gold, [pred], tags=True).systems[0]
    assert system.tags is not None and system.tag_metrics is not None
    counts = system.tags
    assert (counts.gold_words, counts.pred_words, counts.correct, counts.tag_correct) == (
        5,
        6,
        4,
        3,
    )
    metrics = system.tag_metrics
    assert metrics.tag_precision == pytest.approx(3 / 6)
    assert metrics.tag_recall == pytest.approx(3 / 5)
    assert metrics.tag_f1 == pytest.approx(2 * 0.5 * 0.6 / 1.1)
    assert metrics.tag_accuracy == pytest.approx(3 / 4)
    assert metrics.tag_oov_recall is None  # no dictionary


def test_json_keys_and_the_row_per_tag(files) -> None:
    gold, pred = files
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", "score", gold, pred, "--tags", "-f", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(done.stdout)
    system = data["systems"][0]
    assert system["counts"]["tag_correct"] == 3
    assert {"tag_precision", "tag_recall", "tag_f1", "tag_accuracy"} <= system["metrics"].keys()
    rows = {row["tag"]: row for row in system["tags"]}
    # VV: gold 站 起来; predicted 人民 站 起 来; right in span and tag: 站.
    assert rows["VV"] == {
        "tag": "VV", "gold": 2, "pred": 4, "correct": 1,
        "precision": 0.25, "recall": 0.5, "f1": pytest.approx(1 / 3),
    }  # fmt: skip
    assert rows["NN"]["pred"] == 0 and rows["NN"]["precision"] is None
    assert [row["tag"] for row in system["tags"]] == ["VV", "AS", "NN", "NR"]
    assert data["signature"].endswith("|tags:upos")


def test_json_counts_hold_every_tag_sum(files, tmp_path: Path) -> None:
    # Every sum behind the tag figures, so that shards add up (wsscore merge): RP 5, PP 6,
    # 4 right in span, 3 in span and tag; with 中国 人民 站 known, 起来 and 了 are OOV and 了
    # (AS on both sides) is the one OOV word right in span and tag.
    gold, pred = files
    words = tmp_path / "words.txt"
    words.write_text("中国\n人民\n站\n", encoding="utf-8")
    known = score(gold, [pred], tags=True, inputs=InputOptions(dictionary=str(words)))
    counts = known.as_dict()["systems"][0]["counts"]
    assert {key: counts[key] for key in counts if key.startswith("tag_")} == {
        "tag_correct": 3,
        "tag_gold_words": 5,
        "tag_pred_words": 6,
        "tag_span_correct": 4,
        "tag_oov_words": 2,
        "tag_oov_correct": 1,
        "tag_gold_sentences": 2,  # neither exactly tagged: 人民's tag, 起来 cut
    }
    assert counts["exact_tagged_sentences"] == 0
    unknown = score(gold, [pred], tags=True).as_dict()["systems"][0]["counts"]
    assert (unknown["tag_oov_words"], unknown["tag_oov_correct"]) == (None, None)


def test_a_tag_map_maps_both_sides(files, tmp_path: Path) -> None:
    # NN and VV both count as X: 人民 becomes tag-correct.
    gold, pred = files
    system = score(gold, [pred], tags=True, tag_map={"NN": "X", "VV": "X"}).systems[0]
    assert system.tags is not None and system.tags.tag_correct == 4


def test_oov_words_with_their_tag(files) -> None:
    # Known: 中国 人民 站 了; OOV gold word: 起来 (wrong span here), so R_oov_tag = 0/1.
    gold, pred = files
    inputs = InputOptions(dictionary={"中国", "人民", "站", "了"})
    system = score(gold, [pred], inputs=inputs, tags=True).systems[0]
    assert system.tags is not None and system.tag_metrics is not None
    assert (system.tags.oov_words, system.tags.oov_tag_correct) == (1, 0)
    assert system.tag_metrics.tag_oov_recall == 0.0


def test_files_without_tags_are_refused(files, tmp_path: Path) -> None:
    gold, _ = files
    words = tmp_path / "words.txt"
    words.write_text("中国 人民 站\n起来 了\n", encoding="utf-8")
    with pytest.raises(WsscoreError, match="the prediction carries none"):
        score(gold, [words], tags=True)


def test_two_systems_read_the_gold_tags_each(files) -> None:
    gold, pred = files
    report = score(gold, [pred, gold], tags=True, sort="none")
    assert [s.tags.tag_correct for s in report.systems if s.tags] == [3, 5]
