"""The public API, ``wsscore.score``, on the project's fixtures (hand-computed values)."""

from __future__ import annotations

import json
import math

import pytest
from conftest import FIXTURE_COUNTS, FIXTURES, HKSCS_COUNTS

from wsscore import InputOptions, score
from wsscore.errors import Warnings, WsscoreError

GOLD_LINES = (FIXTURES / "gold.txt").read_text(encoding="utf-8").splitlines()
PRED_LINES = (FIXTURES / "pred.txt").read_text(encoding="utf-8").splitlines()
WORDS = set((FIXTURES / "words.txt").read_text(encoding="utf-8").split())


def counts_dict(system) -> dict[str, int]:
    return {key: getattr(system.counts, key) for key in FIXTURE_COUNTS}


def assert_fixture_metrics(metrics) -> None:
    assert metrics.recall == pytest.approx(21 / 36)
    assert metrics.precision == pytest.approx(0.7)
    assert metrics.f == pytest.approx(42 / 66)
    assert metrics.oov_rate == pytest.approx(6 / 36)
    assert metrics.oov_recall == pytest.approx(2 / 6)
    assert metrics.iv_recall == pytest.approx(19 / 30)


# --- the fixture values in every encoding -------------------------------------------------------

ENCODING_SETS = {
    # name: (gold, prediction, dictionary, expected encodings of gold, prediction, dictionary)
    "utf-8": ("gold.txt", "pred.txt", "words.txt", ("utf-8", "utf-8", "utf-8")),
    "gbk": ("gbk/gold.txt", "gbk/pred.txt", "gbk/words.txt", ("gbk", "gbk", "gbk")),
    "big5": ("big5/gold.txt", "big5/pred.txt", "big5/words.txt", ("cp950", "cp950", "cp950")),
    "utf-8 gold, gbk prediction": (
        "gold.txt",
        "gbk/pred.txt",
        "words.txt",
        ("utf-8", "gbk", "utf-8"),
    ),
    "gbk gold, utf-8 prediction and words": (
        "gbk/gold.txt",
        "pred.txt",
        "words.txt",
        ("gbk", "utf-8", "utf-8"),
    ),
    "utf-8 gold and prediction, gbk words": (
        "gold.txt",
        "pred.txt",
        "gbk/words.txt",
        ("utf-8", "utf-8", "gbk"),
    ),
}


@pytest.mark.parametrize("case", sorted(ENCODING_SETS))
def test_fixture_values_in_every_encoding(case):
    gold, pred, words, encodings = ENCODING_SETS[case]
    report = score(
        FIXTURES / gold, [FIXTURES / pred], inputs=InputOptions(dictionary=FIXTURES / words)
    )
    system = report.systems[0]
    assert counts_dict(system) == FIXTURE_COUNTS
    assert (system.counts.iv_words, system.counts.iv_correct) == (30, 19)
    assert_fixture_metrics(system.metrics)
    assert (report.gold.encoding, system.encoding, report.dictionary.encoding) == encodings
    assert f"enc:gold={encodings[0]},pred={encodings[1]},dict={encodings[2]}" in report.signature
    assert (report.gold.lines, report.gold.words, report.gold.sentences) == (4, 36, 4)


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "gb18030"])
def test_fixture_values_in_transcoded_copies(tmp_path, codec):
    paths = []
    for name in ("gold", "pred", "words"):
        text = (FIXTURES / f"{name}.txt").read_text(encoding="utf-8")
        target = tmp_path / f"{name}.txt"
        target.write_bytes(text.encode(codec))
        paths.append(target)
    gold, pred, words = paths
    auto = codec in ("utf-16", "gb18030")  # a BOM, or bytes that say GB
    report = score(
        gold, [pred], inputs=InputOptions(dictionary=words, encoding="auto" if auto else codec)
    )
    assert counts_dict(report.systems[0]) == FIXTURE_COUNTS


def test_hkscs_gold_against_a_utf8_bom_prediction_aligns_exactly():
    report = score(
        FIXTURES / "hkscs" / "gold.txt",
        [FIXTURES / "hkscs" / "pred.txt"],
        inputs=InputOptions(dictionary=FIXTURES / "hkscs" / "words.txt"),
    )
    system = report.systems[0]
    assert counts_dict(system) == HKSCS_COUNTS
    assert system.counts.misaligned_lines == 0
    assert (report.gold.encoding, system.encoding) == ("big5-hkscs", "utf-8-sig")
    assert report.dictionary.encoding == "big5-hkscs"
    assert {"佢哋", "嘅", "‧"} <= report.dictionary.entries
    assert system.metrics.recall == pytest.approx(25 / 43)
    assert system.metrics.oov_recall == pytest.approx(2 / 8)


def test_hkscs_hyphenation_point_and_hkscs_characters_are_correct_words():
    details = []
    score(
        FIXTURES / "hkscs" / "gold.txt",
        [FIXTURES / "hkscs" / "pred.txt"],
        on_detail=lambda _, detail: details.append(detail),
    )
    last = details[-1]
    assert last.gold_words == ["佢哋", "去咗", "旺角", "‧", "買", "嘢", "嘅"]
    assert last.pred_words == ["佢哋", "去", "咗", "旺角", "‧", "買嘢", "嘅"]
    marks = dict(zip(last.gold_words, last.gold_marks, strict=True))
    assert marks == {
        "佢哋": True,
        "去咗": False,
        "旺角": True,
        "‧": True,
        "買": False,
        "嘢": False,
        "嘅": True,
    }


# --- several systems ----------------------------------------------------------------------------


def _systems(tmp_path):
    chars = tmp_path / "chars.txt"
    chars.write_text(
        "\n".join(" ".join("".join(line.split())) for line in GOLD_LINES) + "\n", encoding="utf-8"
    )
    return [chars, FIXTURES / "pred.txt", FIXTURES / "gold.txt"]


def test_systems_are_sorted_by_f_and_labelled_by_names(tmp_path):
    report = score(
        FIXTURES / "gold.txt",
        _systems(tmp_path),
        inputs=InputOptions(dictionary=FIXTURES / "words.txt"),
        names=["chars", "mm", "perfect"],
    )
    assert [s.name for s in report.systems] == ["perfect", "mm", "chars"]
    perfect, mm, chars = report.systems
    assert perfect.metrics.f == 1.0
    assert perfect.metrics.oov_recall == 1.0
    assert_fixture_metrics(mm.metrics)
    # One word per character: the 17 one-character gold words are right, of 55 predicted.
    assert (chars.counts.pred_words, chars.counts.correct) == (55, 17)
    assert chars.metrics.f == pytest.approx(34 / 91)
    assert chars.path.endswith("chars.txt")


def test_sort_false_keeps_the_given_order_and_default_names_are_file_names(tmp_path):
    report = score(FIXTURES / "gold.txt", _systems(tmp_path), sort="none")
    assert [s.name for s in report.systems] == ["chars.txt", "pred.txt", "gold.txt"]


def test_same_file_names_are_told_apart_by_their_paths():
    report = score(FIXTURES / "gold.txt", [FIXTURES / "pred.txt", FIXTURES / "gbk" / "pred.txt"])
    names = sorted(s.name for s in report.systems)
    assert names == sorted([str(FIXTURES / "pred.txt"), str(FIXTURES / "gbk" / "pred.txt")])


def test_names_must_match_the_predictions():
    with pytest.raises(
        WsscoreError, match=r"1 name\(s\) for 2 prediction\(s\) \(score\(names=\[\.\.\.\]\) labels"
    ):
        score(FIXTURES / "gold.txt", [FIXTURES / "pred.txt"] * 2, names=["only one"])


# --- in-memory lines ----------------------------------------------------------------------------


def test_in_memory_lists_of_lines():
    report = score(GOLD_LINES, [PRED_LINES], inputs=InputOptions(dictionary=WORDS))
    system = report.systems[0]
    assert counts_dict(system) == FIXTURE_COUNTS
    assert_fixture_metrics(system.metrics)
    assert report.gold.words == 36


def test_a_single_in_memory_prediction_needs_no_outer_list():
    report = score(GOLD_LINES, PRED_LINES, inputs=InputOptions(dictionary=WORDS))
    assert len(report.systems) == 1
    assert counts_dict(report.systems[0]) == FIXTURE_COUNTS


def test_in_memory_and_file_inputs_mix():
    report = score(
        FIXTURES / "gbk" / "gold.txt",
        [PRED_LINES],
        inputs=InputOptions(dictionary=FIXTURES / "words.txt"),
    )
    assert counts_dict(report.systems[0]) == FIXTURE_COUNTS
    report = score(
        GOLD_LINES, [FIXTURES / "big5" / "pred.txt"], inputs=InputOptions(mismatch="align")
    )
    assert report.systems[0].counts.misaligned_chars > 0  # traditional vs simplified


# --- dictionaries -------------------------------------------------------------------------------


def test_train_builds_the_dictionary_from_a_segmented_corpus():
    # The prediction as "training corpus": OOV gold words are 和 尚未 好好 考虑 人生 大事 / 北京
    # 大学 / 很 好 / 研究 生命 一 门 = 14, and none of them can be correct (a correct word is a
    # predicted word, hence a training word).
    report = score(
        FIXTURES / "gold.txt",
        [FIXTURES / "pred.txt"],
        inputs=InputOptions(train=FIXTURES / "pred.txt"),
    )
    counts = report.systems[0].counts
    assert (counts.oov_words, counts.oov_correct) == (14, 0)
    assert (counts.iv_words, counts.iv_correct) == (22, 21)
    assert report.dictionary.source == "train"
    assert len(report.dictionary) == 28
    assert "|dict:train|" in report.signature
    assert report.warnings == []


def test_train_and_dictionary_combine():
    report = score(
        FIXTURES / "gold.txt",
        [FIXTURES / "pred.txt"],
        inputs=InputOptions(
            dictionary=FIXTURES / "gbk" / "words.txt", train=[FIXTURES / "big5" / "gold.txt"]
        ),
    )
    assert report.dictionary.source == "words+train"
    assert report.dictionary.encoding == "gbk+cp950"
    assert "的" in report.dictionary.entries and "學問" in report.dictionary.entries


def test_a_dictionary_that_looks_like_a_segmented_corpus_warns(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("\n".join(GOLD_LINES * 2) + "\n", encoding="utf-8")
    warnings = Warnings(quiet=True)
    report = score(
        FIXTURES / "gold.txt",
        [FIXTURES / "pred.txt"],
        inputs=InputOptions(dictionary=corpus, warnings=warnings),
    )
    assert len(report.warnings) == 1
    assert "looks like a segmented corpus" in report.warnings[0]
    assert str(corpus) in report.warnings[0]
    assert "InputOptions(train=...)" in report.warnings[0]  # the API argument, not --train
    # As a word list every whole line is one entry, so every gold word is OOV.
    assert report.systems[0].counts.oov_words == 36


def test_a_dictionary_holding_every_gold_word_warns(tmp_path):
    gold = tmp_path / "gold.txt"
    gold.write_text("\n".join(GOLD_LINES * 3) + "\n", encoding="utf-8")
    pred = tmp_path / "pred.txt"
    pred.write_text("\n".join(PRED_LINES * 3) + "\n", encoding="utf-8")
    words = tmp_path / "words.txt"
    words.write_text("\n".join(sorted({w for line in GOLD_LINES for w in line.split()})) + "\n")
    report = score(gold, [pred], inputs=InputOptions(dictionary=words))
    assert report.gold.words == 108
    assert report.systems[0].counts.oov_words == 0
    assert any("every gold word is in the dictionary" in w for w in report.warnings)
    # The fixture word list is an honest one: no warning.
    honest = score(gold, [pred], inputs=InputOptions(dictionary=FIXTURES / "words.txt"))
    assert honest.warnings == []
    assert honest.systems[0].counts.oov_words == 18


def test_no_dictionary_leaves_oov_figures_undefined():
    report = score(FIXTURES / "gold.txt", [FIXTURES / "pred.txt"])
    metrics = report.systems[0].metrics
    assert report.dictionary is None and report.as_dict()["dictionary"] is None
    assert (metrics.oov_rate, metrics.oov_recall, metrics.iv_recall) == (None, None, None)
    assert "|dict:none|" in report.signature


# --- intervals ----------------------------------------------------------------------------------


def test_bakeoff_intervals_use_the_gold_word_count_for_both():
    report = score(FIXTURES / "gold.txt", [FIXTURES / "pred.txt"])
    metrics = report.systems[0].metrics
    assert metrics.recall_ci.half_width == pytest.approx(2 * math.sqrt(21 / 36 * 15 / 36 / 36))
    assert metrics.precision_ci.half_width == pytest.approx(2 * math.sqrt(0.7 * 0.3 / 36))


def _wilson(successes: int, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_wilson_intervals_use_each_ratios_own_denominator():
    report = score(FIXTURES / "gold.txt", [FIXTURES / "pred.txt"], ci="wilson")
    metrics = report.systems[0].metrics
    assert (metrics.recall_ci.low, metrics.recall_ci.high) == pytest.approx(_wilson(21, 36))
    assert (metrics.precision_ci.low, metrics.precision_ci.high) == pytest.approx(_wilson(21, 30))
    assert "|ci:wilson|" in report.signature


def test_f_beta():
    report = score(FIXTURES / "gold.txt", [FIXTURES / "pred.txt"], beta=2)
    recall, precision = 21 / 36, 0.7
    assert report.systems[0].metrics.f == pytest.approx(
        5 * precision * recall / (4 * precision + recall)
    )
    assert "|beta:2|" in report.signature


# --- the JSON contract --------------------------------------------------------------------------

CONTRACT = {
    "top": {"version", "signature", "gold", "dictionary", "systems"},
    "gold": {"path", "encoding", "lines", "words"},
    "dictionary": {"paths", "encoding", "entries"},
    "system": {"name", "path", "encoding", "counts", "metrics"},
    "counts": {
        "gold_words",
        "pred_words",
        "correct",
        "oov_words",
        "oov_correct",
        "iv_words",
        "iv_correct",
        "insertions",
        "deletions",
        "substitutions",
        "misaligned_lines",
        "misaligned_chars",
    },
    "metrics": {
        "recall",
        "precision",
        "f1",
        "oov_rate",
        "oov_recall",
        "iv_recall",
        "recall_ci",
        "precision_ci",
    },
}


def assert_contract(data: dict) -> None:
    assert CONTRACT["top"] <= data.keys()
    assert CONTRACT["gold"] <= data["gold"].keys()
    if data["dictionary"] is not None:
        assert CONTRACT["dictionary"] <= data["dictionary"].keys()
    for system in data["systems"]:
        assert CONTRACT["system"] <= system.keys()
        assert CONTRACT["counts"] <= system["counts"].keys()
        assert CONTRACT["metrics"] <= system["metrics"].keys()
    json.dumps(data, allow_nan=False)  # no NaN or infinity anywhere


def test_as_dict_has_the_documented_keys_and_values():
    report = score(
        FIXTURES / "gold.txt",
        [FIXTURES / "pred.txt"],
        inputs=InputOptions(dictionary=FIXTURES / "words.txt"),
    )
    data = json.loads(json.dumps(report.as_dict(), allow_nan=False))
    assert_contract(data)
    assert data["signature"] == report.signature
    assert data["gold"] == {**data["gold"], "encoding": "utf-8", "lines": 4, "words": 36}
    assert data["dictionary"]["entries"] == 30
    assert data["dictionary"]["paths"] == [str(FIXTURES / "words.txt")]
    system = data["systems"][0]
    counts = {key: system["counts"][key] for key in FIXTURE_COUNTS}
    assert counts == FIXTURE_COUNTS
    assert (system["counts"]["iv_words"], system["counts"]["iv_correct"]) == (30, 19)
    assert system["metrics"]["recall"] == 21 / 36  # full precision
    assert system["metrics"]["f1"] == pytest.approx(42 / 66, abs=1e-15)


def test_undefined_values_are_null_never_nan():
    # A prediction without words: every ratio over its words is undefined.
    empty = score(["结婚 的"], [[""]], inputs=InputOptions(dictionary={"的"}, mismatch="align"))
    data = empty.as_dict()
    assert_contract(data)
    metrics = data["systems"][0]["metrics"]
    undefined = {key for key in CONTRACT["metrics"] if metrics[key] is None}
    assert undefined == {"precision", "f1", "precision_ci"}
    full = score(["结婚 的"], [["结婚的"]], inputs=InputOptions(dictionary={"结婚", "的"}))
    data = full.as_dict()
    assert_contract(data)
    assert data["systems"][0]["metrics"]["oov_recall"] is None
    assert data["systems"][0]["metrics"]["recall"] == 0.0
    assert data["systems"][0]["metrics"]["f1"] == 0.0


# --- refusals ------------------------------------------------------------------------------------


def test_standard_input_can_be_given_only_once():
    with pytest.raises(WsscoreError, match="only once"):
        score("-", ["-"])


def test_mismatch_error_names_the_place_and_both_line_counts():
    with pytest.raises(WsscoreError) as caught:
        score(GOLD_LINES, [PRED_LINES[:3]], inputs=InputOptions(mismatch="error"))
    message = str(caught.value)
    assert "gold line 4 col 1" in message
    assert "the gold has 4 lines, the prediction 3" in message


def test_mismatch_warn_refuses_a_different_text_and_align_scores_it():
    big5_pred = FIXTURES / "big5" / "pred.txt"
    with pytest.raises(WsscoreError, match="not a segmentation of this gold"):
        score(FIXTURES / "gold.txt", [big5_pred])
    report = score(FIXTURES / "gold.txt", [big5_pred], inputs=InputOptions(mismatch="align"))
    assert report.systems[0].counts.misaligned_lines == 4


@pytest.mark.parametrize(
    ("option", "value"), [("mismatch", "maybe"), ("ci", "bootstrapped"), ("beta", 0)]
)
def test_bad_options_are_value_errors(option, value):
    with pytest.raises(ValueError):
        if option == "mismatch":
            score(GOLD_LINES, [PRED_LINES], inputs=InputOptions(mismatch=value))
        else:
            score(GOLD_LINES, [PRED_LINES], **{option: value})
