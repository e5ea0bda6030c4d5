"""--normalize (docs/metrics.md §1.8): the profiles, the rewriting of predictions made on raw
text (hand-computed cases), and where the profile is recorded.

The bakeoff check (the published preprocessing restated, on the four SIGHAN 2005 corpora) is in
tests/sighan/test_normalize_bakeoff.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, refused_in_one_line, run_wsscore

import wsscore
from wsscore.core.definitions import NORMALIZE_STEPS
from wsscore.inputs.normalize import Normalizer, profile_of


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _width(text: str) -> str:
    """Full-width to half-width, restated from the issue (not wsscore's table)."""
    out = []
    for char in text:
        code = ord(char)
        if code == 0x3000:
            code = 0x20
        elif 0xFF01 <= code <= 0xFF5E:
            code -= 0xFEE0
        out.append(chr(code))
    return "".join(out)


# --- the profiles ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "spelt"),
    [
        ("none", "none"),
        ("mccws", "mccws"),
        ("width+digits+latin", "mccws"),
        ("latin+digits+width", "mccws"),
        ("latin+width", "width+latin"),
        ("digits", "digits"),
    ],
)
def test_a_profile_is_spelt_one_way(given: str, spelt: str) -> None:
    assert profile_of(given) == spelt


@pytest.mark.parametrize("given", ["widht", "width+", "", "width+digits+roman"])
def test_an_unknown_step_is_refused_in_one_line_leading_with_the_fix(given: str) -> None:
    gold = FIXTURES / "gold.txt"
    line = refused_in_one_line("score", gold, FIXTURES / "pred.txt", "--normalize", given)
    assert line.startswith("wsscore: error: give --normalize one of none, mccws"), line
    assert all(step in line for step in NORMALIZE_STEPS), line


@pytest.mark.parametrize(
    ("profile", "word", "expected"),
    [
        ("width", "ＡＢＣ１２，", "ABC12,"),  # one character for one
        ("digits", "2005年", "0年"),
        ("digits", "-1.5%的", "0的"),
        ("digits", "+3·14", "0"),
        ("digits", "1.2.3", "0.0"),  # 1.2 is a number, then .3 is not: 3 is
        ("digits", "１９９７", "0"),  # \d is any decimal digit, as in Python's re
        ("latin", "J.K.罗琳", "X罗琳"),
        ("latin", "a1b", "X1X"),
        ("mccws", "１．５％", "0"),  # width first: ．and ％ are then . and %
        ("mccws", "Ｊ．Ｋ．罗琳", "X罗琳"),
        ("mccws", "1.2.3", "0X0"),  # digits, then latin: the . left is Latin
        ("mccws", "--5", "-0"),
    ],
)
def test_each_step_rewrites_a_word_as_published(profile: str, word: str, expected: str) -> None:
    assert Normalizer(profile).text(word) == expected


# --- predictions made on raw text: hand-computed cases ------------------------------------------


def _counts(gold: list[str], pred: list[str], **options: object) -> tuple[int, int, int]:
    report = wsscore.score(gold, pred, normalize="mccws", **options)  # type: ignore[arg-type]
    counts = report.systems[0].counts
    return counts.gold_words, counts.pred_words, counts.correct


def test_a_cut_inside_a_collapsed_run_is_dropped_and_counted() -> None:
    # gold 2005年|是 -> 0年|是; the prediction's cut 20|05 falls inside the run 2005: dropped,
    # so the prediction is 0年|是 (2 of 2 right). Without --normalize: 1 of 2 right of 3.
    report = wsscore.score(["２００５年 是"], ["２０ ０５年 是"], normalize="mccws")
    counts = report.systems[0].counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == (2, 2, 2)
    assert any("1 predicted cut falls inside" in warning for warning in report.warnings)
    plain = wsscore.score(["２００５年 是"], ["２０ ０５年 是"]).systems[0].counts
    assert (plain.gold_words, plain.pred_words, plain.correct) == (2, 3, 1)


def test_a_run_across_a_gold_boundary_stays_two_characters() -> None:
    # The gold is rewritten word by word, as the published code does: 20|05年 -> 0|0年 (text
    # 00年), not 0年. A raw prediction keeps its cuts at the run edges; one without the cut is
    # one word 00年 (0 right); one with it is 0|0年 (2 right).
    gold = ["20 05年"]
    assert _counts(gold, ["2005年"]) == (2, 1, 0)
    assert _counts(gold, ["20 05年"]) == (2, 2, 2)
    # Made on the rewritten text (00年), the same two predictions.
    assert _counts(gold, ["00年"]) == (2, 1, 0)
    assert _counts(gold, ["0 0年"]) == (2, 2, 2)


def test_cuts_inside_a_run_the_gold_cuts_elsewhere() -> None:
    # gold ＡＢ|Ｃ -> X|X. Prediction Ａ|ＢＣ: its cut Ａ|Ｂ is inside the gold's run ＡＢ
    # (dropped), and it has no cut between Ｂ and Ｃ: one word XX, 0 of 2 right.
    assert _counts(["ＡＢ Ｃ 的"], ["Ａ ＢＣ 的"]) == (3, 2, 1)
    # Cuts between every digit of 1997 (3 dropped) and none before 年: 0年, wrong.
    assert _counts(["１９９７ 年"], ["１ ９ ９ ７年"]) == (2, 1, 0)


def test_a_prediction_on_the_rewritten_text_is_taken_as_it_is() -> None:
    # 1%% rewrites to 0% (the second % is not in the run); rewriting 0% again would give 0.
    # A prediction already in the rewritten text is not rewritten again.
    assert _counts(["1%% 是"], ["0% 是"]) == (2, 2, 2)
    assert _counts(["1%% 是"], ["1%% 是"]) == (2, 2, 2)


def test_a_prediction_of_another_text_is_rewritten_word_by_word() -> None:
    # Neither the gold's raw text nor its rewritten one: rewritten word by word, and the
    # mismatch policy judges what still differs (here nothing: every number is 0).
    assert _counts(["２００５年 是"], ["1999年 是"]) == (2, 2, 2)


def test_the_dictionary_is_rewritten_too() -> None:
    # ２００６年 is not in the word list, but 0年 is (from ２００５年): in vocabulary.
    known = {"２００５年"}
    plain = wsscore.score(["２００６年"], ["２００６年"], dictionary=known).systems[0].counts
    rewritten = wsscore.score(["２００６年"], ["２００６年"], dictionary=known, normalize="mccws")
    assert plain.oov_words == 1
    assert rewritten.systems[0].counts.oov_words == 0


def test_the_scorer_rewrites_as_score_does() -> None:
    gold, pred = ["２００５年 是 ＷＴＯ", "１９９７ 年"], ["２０ ０５年 是 ＷＴＯ", "１ ９ ９ ７年"]
    scorer = wsscore.Scorer(normalize="mccws", dictionary={"是"})
    scorer.update(gold, pred)
    report = wsscore.score(gold, pred, normalize="mccws", dictionary={"是"})
    assert scorer.counts == report.systems[0].counts
    assert scorer.report().signature == report.signature.replace("mismatch:warn", "mismatch:error")
    assert scorer.dropped_cuts == 4


# --- width on raw output, the record of the profile ---------------------------------------------

_GOLD = ["ＷＴＯ 在 ２００５年 的 报告", "他 说 ：  “ ＯＫ ” 。", "１２．５％ 的 增长"]
# jieba's command line: words separated by " / ", full-width text left as it is.
_JIEBA = [
    "ＷＴＯ / 在 / ２００５ / 年 / 的 / 报告",
    "他 / 说 / ： / “ / Ｏ / Ｋ / ” / 。",
    "１２ / ．５％ / 的增长",
]


def test_width_on_jieba_output_is_scoring_files_folded_one_for_one(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path / "gold.txt", _GOLD), _write(tmp_path / "jieba.txt", _JIEBA)
    folded_gold = _write(tmp_path / "gold.folded", [_width(line) for line in _GOLD])
    folded_pred = _write(tmp_path / "jieba.folded", [_width(line) for line in _JIEBA])
    common = ("--pred-word-sep", " / ", "-f", "json")
    done = run_wsscore("score", gold, pred, "--normalize", "width", *common)
    plain = run_wsscore("score", folded_gold, folded_pred, *common)
    assert done.returncode == plain.returncode == 0, done.stderr + plain.stderr
    rewritten, folded = json.loads(done.stdout), json.loads(plain.stdout)
    assert rewritten["systems"][0]["counts"] == folded["systems"][0]["counts"]
    assert rewritten["systems"][0]["counts"]["correct"] == 10  # hand count: of 15 gold words
    assert "norm:width" in rewritten["signature"] and "norm:" not in folded["signature"]


def test_the_json_and_the_signature_record_the_profile(tmp_path: Path) -> None:
    gold, pred = FIXTURES / "gold.txt", FIXTURES / "pred.txt"
    plain = json.loads(run_wsscore("score", gold, pred, "-f", "json").stdout)
    assert "normalize" not in plain["options"] and "norm:" not in plain["signature"]
    done = run_wsscore("score", gold, pred, "--normalize", "digits+width", "-f", "json")
    document = json.loads(done.stdout)
    assert document["options"]["normalize"] == "width+digits"
    assert document["signature"].split("|")[-1] == "norm:width+digits"


def test_a_suite_manifest_names_a_profile(tmp_path: Path) -> None:
    _write(tmp_path / "gold.txt", _GOLD)
    _write(tmp_path / "sys.txt", [line.replace(" / ", " ") for line in _JIEBA])
    manifest = tmp_path / "suite.toml"
    manifest.write_text(
        '[defaults]\nnormalize = "mccws"\n[corpora.c]\ngold = "gold.txt"\n'
        '[systems]\nsys = "sys.txt"\n',
        encoding="utf-8",
    )
    done = run_wsscore("suite", manifest, "-f", "json")
    assert done.returncode == 0, done.stderr
    assert '"signature": "wsscore:' in done.stdout and "norm:mccws" in done.stdout
    manifest.write_text(manifest.read_text().replace("mccws", "mccsw"), encoding="utf-8")
    line = refused_in_one_line("suite", manifest)
    assert "defaults.normalize: give --normalize one of" in line, line


def test_convert_writes_the_rewritten_words(tmp_path: Path) -> None:
    gold = _write(tmp_path / "gold.txt", _GOLD)
    done = run_wsscore("convert", gold, "--to", "words", "--normalize", "mccws")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["X 在 0年 的 报告", "他 说 : “ X ” 。", "0 的 增长"]


@pytest.mark.parametrize(
    ("option", "value"), [("--match", "diff"), ("--tags", None)], ids=["diff", "tags"]
)
def test_what_cannot_be_rewritten_is_refused(option: str, value: str | None) -> None:
    args = [FIXTURES / "gold.txt", FIXTURES / "pred.txt", "--normalize", "mccws", option]
    line = refused_in_one_line("score", *args, *([value] if value else []))
    assert "--normalize" in line, line


def test_the_plain_run_does_not_import_the_rewriting() -> None:
    args = ["score", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), "-q"]
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "wsscore", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "wsscore.inputs.normalize" not in done.stderr
