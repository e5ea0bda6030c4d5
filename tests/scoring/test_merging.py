"""merge_reports: the reports of shards of a test set add up to the report of the whole.

The reference is scoring the whole corpus with score(): a merged report must give the same
counts, figures and JSON (the paths aside), for every interval method that merges, with --extra
and --tags.
"""

from __future__ import annotations

import json
import os
import tempfile
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, gold_path
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, InvalidArgument, WsscoreError, merge_reports, render, score
from wsscore.cli.app import cli
from wsscore.output import FORMATS
from wsscore.results import SCHEMA_VERSION
from wsscore.scoring.merging import TYPES_LEFT_OUT

SCALE = float(os.environ.get("WSSCORE_HYPOTHESIS_SCALE", "1"))
WORDS = ["人", "大人", "中国", "人民", "山水", "天下", "日月", "好", "多少", "可以", "的", "了"]
TAGS = ["NN", "VV", "AS"]


def _without_paths(document: dict) -> dict:
    """The JSON document with the paths of the gold, the predictions and the dictionary (which
    differ between shards and the whole by nature), the warnings, and the type counts of
    --extra (which do not add up: test_type_counts_are_left_out_of_a_merge) left out."""
    data = json.loads(json.dumps(document))
    del data["gold"]["path"], data["warnings"]
    if data["dictionary"] is not None:
        del data["dictionary"]["paths"]
    for system in data["systems"]:
        del system["path"]
        for group, keys in (("counts", TYPE_COUNT_KEYS), ("metrics", TYPE_METRIC_KEYS)):
            for key in keys:
                system[group].pop(key, None)
    return data


TYPE_COUNT_KEYS = ("types_correct", "types_gold", "types_pred")
TYPE_METRIC_KEYS = ("type_precision", "type_recall", "type_f1")


def test_type_counts_are_left_out_of_a_merge(tmp_path) -> None:
    # Distinct words: 甲 乙 in the first shard's gold, 乙 丙 in the second's; the whole has 3
    # gold types, not 2 + 2. Several shards: null and a warning; one shard: its own counts.
    gold, pred = ["甲 乙", "乙 丙"], ["甲乙", "乙 丙"]
    whole = score(gold, [pred], extra=True, ci="none", names=["s"])
    assert whole.systems[0].types == (2, 3, 3)  # 乙 丙 of 甲 乙 丙; 甲乙 乙 丙 predicted
    pairs = zip(gold, pred, strict=True)
    shards = [score([g], [[p]], extra=True, ci="none", names=["s"]) for g, p in pairs]
    merged = merge_reports(shards)
    data = merged.as_dict()
    system = data["systems"][0]
    assert [system["counts"][key] for key in TYPE_COUNT_KEYS] == [None, None, None]
    assert [system["metrics"][key] for key in TYPE_METRIC_KEYS] == [None, None, None]
    # In the API's terms: the shards were scored with score(extra=True) (docs/api.md).
    assert data["warnings"] == [TYPES_LEFT_OUT.replace("--extra", "score(extra=True)")]
    assert system["counts"]["exact_sentences"] == 1  # the other --extra counts add up
    alone = merge_reports(shards[:1]).as_dict()
    assert [alone["systems"][0]["counts"][key] for key in TYPE_COUNT_KEYS] == [0, 2, 1]
    assert alone["warnings"] == []
    runner = CliRunner()
    paths = []
    for number, shard in enumerate(shards):
        paths.append(str(tmp_path / f"shard{number}.json"))
        Path(paths[-1]).write_text(render(shard, "json"), encoding="utf-8")
    result = runner.invoke(cli, ["merge", *paths, "-f", "csv"])
    assert result.exit_code == 0
    assert f"wsscore: warning: {TYPES_LEFT_OUT}\n" in result.stderr


@st.composite
def corpora(draw: st.DrawFn) -> tuple[list[str], list[list[str]], list[int]]:
    """Gold lines, two predictions of the same characters (words cut or joined at random),
    and the line numbers where the shards start (the first shard at 0)."""
    lines = draw(st.integers(2, 12))
    gold: list[list[str]] = [
        draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6)) for _ in range(lines)
    ]
    predictions = []
    for _ in range(2):
        predicted = []
        for words in gold:
            text = "".join(words)
            cuts = sorted(draw(st.sets(st.integers(1, len(text) - 1))) if len(text) > 1 else [])
            edges = [0, *cuts, len(text)]
            predicted.append([text[a:b] for a, b in pairwise(edges)])
        predictions.append(predicted)
    starts = sorted({0, *draw(st.sets(st.integers(1, lines - 1), max_size=3))})
    tagged = draw(st.lists(st.sampled_from(TAGS), min_size=200, max_size=200))
    return gold, predictions, [*starts, lines], tagged  # type: ignore[return-value]


def _lines(sentences: list[list[str]], tags: list[str] | None) -> list[str]:
    if tags is None:
        return ["  ".join(words) for words in sentences]
    out, at = [], 0
    for words in sentences:
        out.append(" ".join(f"{word}/{tags[(at + i) % len(tags)]}" for i, word in enumerate(words)))
        at += len(words)
    return out


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def _score(folder: Path, name: str, gold: list[str], preds: list[list[str]], options: dict):
    gold_file = _write(folder / f"{name}.gold", gold)
    pred_files = [_write(folder / f"{name}.{i}.pred", lines) for i, lines in enumerate(preds)]
    inputs = InputOptions(dictionary=options["dictionary"])
    return score(
        gold_file,
        pred_files,
        inputs=inputs,
        names=["a", "b"],
        ci=options["ci"],
        extra=options["extra"],
        tags=options["tags"],
        sort="name",
    )


@settings(max_examples=max(1, round(40 * SCALE)), deadline=None)
@given(
    corpus=corpora(),
    ci=st.sampled_from(["bakeoff", "wilson", "none"]),
    extra=st.booleans(),
    tags=st.booleans(),
    dictionary=st.booleans(),
)
def test_shards_add_up_to_the_whole(corpus, ci, extra, tags, dictionary) -> None:
    gold, predictions, starts, tag_cycle = corpus
    tag_list = tag_cycle if tags else None
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        words = _write(folder / "words.txt", ["人", "中国", "好", "的"]) if dictionary else None
        options = {"dictionary": words, "ci": ci, "extra": extra, "tags": tags}
        # Tags are given per word along the whole corpus, so a shard's words keep theirs.
        gold_lines = _lines(gold, tag_list)
        pred_lines = [_lines(p, tag_list[::-1] if tag_list else None) for p in predictions]
        whole = _score(folder, "whole", gold_lines, pred_lines, options)
        shards = []
        for number, (start, end) in enumerate(pairwise(starts)):
            part = _score(
                folder,
                f"shard{number}",
                gold_lines[start:end],
                [lines[start:end] for lines in pred_lines],
                options,
            )
            path = folder / f"shard{number}.json"
            path.write_text(render(part, "json"), encoding="utf-8")
            shards.append(str(path))
        merged = merge_reports(shards, sort="name")
        for mine, theirs in zip(merged.systems, whole.systems, strict=True):
            assert (mine.name, mine.counts, mine.metrics) == (
                theirs.name,
                theirs.counts,
                theirs.metrics,
            )
            assert mine.extra == theirs.extra
            assert mine.tag_metrics == theirs.tag_metrics
        assert _without_paths(merged.as_dict()) == _without_paths(whole.as_dict())
        assert merged.gold.path == "+".join(
            str(folder / f"shard{n}.gold") for n in range(len(shards))
        )


# --- by hand and by the files -----------------------------------------------------------------


def _fixture_report(**options: object) -> dict:
    inputs = InputOptions(dictionary=str(FIXTURES / "words.txt"))
    gold, pred = str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt")
    return score(gold, [pred], inputs=inputs, **options).as_dict()  # type: ignore[arg-type]


def test_two_copies_of_the_fixture_double_every_count() -> None:
    # The fixture (hand counts in conftest.FIXTURE_COUNTS): RP 36, PP 30, TP 21, OOV 6 (2 right).
    shard = _fixture_report()
    merged = merge_reports([shard, shard])
    system = merged.systems[0]
    assert (system.counts.gold_words, system.counts.pred_words, system.counts.correct) == (
        72,
        60,
        42,
    )
    assert (system.counts.oov_words, system.counts.oov_correct) == (12, 4)
    assert system.metrics.recall == 42 / 72 and system.metrics.precision == 42 / 60
    # The bakeoff interval from the merged n = 72: 2·sqrt(p(1 − p)/72).
    p = 42 / 72
    assert system.metrics.recall_ci is not None
    assert system.metrics.recall_ci.half_width == pytest.approx(2 * (p * (1 - p) / 72) ** 0.5)
    assert (merged.gold.lines, merged.gold.words, merged.gold.sentences) == (8, 72, 8)
    assert merged.gold.path == str(FIXTURES / "gold.txt")  # the distinct paths, joined by +
    assert system.pred_lines == 8
    assert merged.dictionary is not None and len(merged.dictionary) == 30


def test_one_shard_renders_as_itself() -> None:
    shard = _fixture_report(extra=True)
    merged = merge_reports([shard])
    assert merged.as_dict() == shard
    assert merged.as_dict()["schema_version"] == SCHEMA_VERSION == 1


def test_every_format_renders_a_merged_report() -> None:
    merged = merge_reports([_fixture_report(), _fixture_report()])
    for fmt in FORMATS:
        assert render(merged, fmt).endswith("\n")


def test_a_report_object_is_a_shard_and_warnings_keep_their_shard() -> None:
    whole = score(["人 大"], [["人大"]])
    document = whole.as_dict()
    document["warnings"] = ["something odd"]
    merged = merge_reports([whole, document])
    assert merged.warnings == ["shard 2: something odd"]
    assert merged.systems[0].counts.gold_words == 4


def test_a_bootstrap_shard_needs_another_interval() -> None:
    shard = _fixture_report(ci="bootstrap", samples=50)
    with pytest.raises(WsscoreError) as raised:
        merge_reports([shard, shard])
    assert str(raised.value) == (
        "shard 1: bootstrap intervals cannot be merged: they are drawn from the per-sentence "
        'records, which the JSON does not hold (give merge_reports(ci="bakeoff"), wilson or '
        "none to compute the intervals from the merged counts, or score the whole test set at "
        "once for a bootstrap interval)"
    )
    merged = merge_reports([shard, shard], ci="wilson")
    expected = merge_reports([_fixture_report(ci="wilson")] * 2)
    assert merged.as_dict() == expected.as_dict()
    assert "samples:" not in merged.signature and "|ci:wilson|" in merged.signature


@pytest.mark.parametrize(
    ("shards", "ci", "message"),
    [
        ([], None, "no shards to merge: give the JSON reports of one or more shards"),
        ("a.json", None, "shards must be a list of reports, paths or JSON documents"),
        ([{}], "exact",
         "unknown interval method 'exact'; use one of bakeoff, wilson, bootstrap, none"),
        ([3], None, "shard 1 is a int: give a path, a JSON document or a Report"),
    ],
)  # fmt: skip
def test_arguments_that_never_work(shards, ci, message) -> None:
    with pytest.raises(InvalidArgument) as raised:
        merge_reports(shards, ci=ci)
    assert str(raised.value) == message


def test_bakeoff_pku_in_three_shards_adds_up(icwb2: Path, tmp_path: Path) -> None:
    lines = gold_path(icwb2, "pku", "utf8").read_text(encoding="utf-8").splitlines()
    words = str(icwb2 / "gold" / "pku_training_words.utf8")
    inputs = InputOptions(dictionary=words)
    third = len(lines) // 3
    cuts = [0, third, 2 * third, len(lines)]
    shards = []
    for number, (start, end) in enumerate(pairwise(cuts)):
        gold = _write(tmp_path / f"pku{number}.txt", lines[start:end])
        report = score(gold, [gold], inputs=inputs, names=["gold"], baseline=True, extra=True)
        shards.append(report.as_dict())
    whole_gold = _write(tmp_path / "pku.txt", lines)
    whole = score(
        whole_gold, [whole_gold], inputs=inputs, names=["gold"], baseline=True, extra=True
    )
    merged = merge_reports(shards)
    assert _without_paths(merged.as_dict()) == _without_paths(whole.as_dict())
    base = next(system for system in merged.systems if system.name == "BASE")
    assert base.counts.gold_words == whole.gold.words == 104372
