"""EM_tag: gold sentences whose words and tags are all the prediction's (docs/metrics.md §5.8),
counted by hand, through the bulk path, sentence by sentence, the accumulator and a merge."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from wsscore import InputOptions, Scorer, merge_reports, score

# Three sentences: the first exactly tagged; the second segmented exactly but 好 is VA in the
# gold and JJ in the prediction; the third with 起来 cut.
GOLD = "中国/NR 人民/NN\n天气/NN 好/VA\n站/VV 起来/VV\n"
PRED = "中国/NR 人民/NN\n天气/NN 好/JJ\n站/VV 起/VV 来/VV\n"


def _files(tmp_path: Path, gold: str = GOLD, pred: str = PRED) -> tuple[Path, Path]:
    gold_file, pred_file = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold_file.write_text(gold, encoding="utf-8")
    pred_file.write_text(pred, encoding="utf-8")
    return gold_file, pred_file


def _exact(report) -> tuple[int, int, float | None]:  # type: ignore[no-untyped-def]
    system = report.systems[0]
    assert system.tags is not None and system.tag_metrics is not None
    return system.tags.exact_sentences, system.tags.sentences, system.tag_metrics.exact_tagged_match


def test_one_of_three_sentences_is_exactly_tagged(tmp_path: Path) -> None:
    gold, pred = _files(tmp_path)
    assert _exact(score(gold, [pred], tags=True)) == (1, 3, pytest.approx(1 / 3))
    # Segmented exactly (EM, §5.8): two of three; tags make the difference.
    extra = score(gold, [pred], tags=True, extra=True).systems[0].extra_metrics
    assert extra is not None and extra.exact_match == pytest.approx(2 / 3)


def test_tags_are_compared_after_the_tag_map(tmp_path: Path) -> None:
    gold, pred = _files(tmp_path)
    mapped = score(gold, [pred], tags=True, tag_map={"VA": "ADJ", "JJ": "ADJ"})
    assert _exact(mapped) == (2, 3, pytest.approx(2 / 3))
    # A mapped tag with a space (only a Python caller can give one) compares all the same.
    spaced = score(gold, [pred], tags=True, tag_map={"VA": "A J", "JJ": "A J"})
    assert _exact(spaced) == (2, 3, pytest.approx(2 / 3))
    rows = {row["tag"]: row for row in spaced.as_dict()["systems"][0]["tags"]}
    assert (rows["A J"]["gold"], rows["A J"]["pred"], rows["A J"]["correct"]) == (1, 1, 1)
    # A map that renames without merging changes nothing.
    assert _exact(score(gold, [pred], tags=True, tag_map={"VA": "ADJ"}))[0] == 1


def test_sentences_whose_characters_differ_are_counted_one_by_one(tmp_path: Path) -> None:
    # 人民 → 人们 differs in a character: that sentence is never exact; the second is now
    # tagged right, the third still cut.
    pred = "中国/NR 人们/NN\n天气/NN 好/VA\n站/VV 起/VV 来/VV\n"
    gold, pred_file = _files(tmp_path, pred=pred)
    inputs = InputOptions(mismatch="align")
    assert _exact(score(gold, [pred_file], tags=True, inputs=inputs)) == (1, 3, 1 / 3)


def test_line_breaks_elsewhere_are_word_boundaries(tmp_path: Path) -> None:
    # The prediction joins the first two sentences on one line: both still exactly tagged.
    pred = "中国/NR 人民/NN 天气/NN 好/VA\n站/VV 起来/VV\n"
    gold, pred_file = _files(tmp_path, pred=pred)
    assert _exact(score(gold, [pred_file], tags=True)) == (3, 3, 1.0)


def test_json_table_and_merge(tmp_path: Path) -> None:
    gold, pred = _files(tmp_path)
    command = [sys.executable, "-m", "wsscore", "score", str(gold), str(pred), "--tags"]
    document = json.loads(
        subprocess.run([*command, "-f", "json"], capture_output=True, text=True, check=True).stdout
    )
    system = document["systems"][0]
    assert (system["counts"]["exact_tagged_sentences"], system["counts"]["tag_gold_sentences"]) == (
        1,
        3,
    )
    assert system["metrics"]["exact_tagged_match"] == pytest.approx(1 / 3)
    text = subprocess.run([*command, "-f", "tsv"], capture_output=True, text=True, check=True)
    header, row = text.stdout.splitlines()[:2]
    assert row.split("\t")[header.split("\t").index("EM_tag")].startswith("0.333")
    # Two copies of the report add up: 2 of 6.
    merged = merge_reports([document, document])
    assert _exact(merged) == (2, 6, pytest.approx(1 / 3))


def test_the_accumulator_computes_it() -> None:
    scorer = Scorer(tags=True)
    scorer.update(
        [line.split() for line in GOLD.splitlines()], [line.split() for line in PRED.splitlines()]
    )
    assert scorer.compute()["exact_tagged_match"] == pytest.approx(1 / 3)
    mapped = Scorer(tags=True, tag_map={"VA": "ADJ", "JJ": "ADJ"})
    mapped.update(GOLD.splitlines(), PRED.splitlines())
    assert mapped.compute()["exact_tagged_match"] == pytest.approx(2 / 3)
