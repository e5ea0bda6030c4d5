"""`wsscore errors`: error classes, recall by word length, OOV/IV, worst lines, and renderers.

Expected values are worked out by hand from the inputs (see the comments), not by the code.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import FIXTURE_COUNTS, FIXTURES

from wsscore import InputOptions, score
from wsscore.errors import WsscoreError
from wsscore.output.error_analysis import (
    DELIMITED_COLUMNS,
    ERROR_FORMATS,
    MERGED_NOTE,
    NO_DICTIONARY,
    render_errors,
)
from wsscore.scoring.error_analysis import LENGTH_BUCKETS, LineErrors, analyse

GOLD = FIXTURES / "gold.txt"
PRED = FIXTURES / "pred.txt"
WORDS = FIXTURES / "words.txt"


def class_counts(analysis) -> dict[str, int]:
    return {name: c.count for name, c in analysis.classes.items()}


def examples(analysis, name: str) -> list[tuple[str, str, int]]:
    return [tuple(example) for example in analysis.classes[name].examples]


# --- Shao, Hardmeier & Nivre (2017), Table 1, and a crossing case ------------------------------

SHAO_GOLD = ["约翰 喜欢 玛丽"]


def test_under_splitting_gives_merged_errors():
    analysis = analyse(SHAO_GOLD, ["约翰 喜欢玛丽"])
    assert class_counts(analysis) == {"split": 0, "merged": 2, "crossing": 0}
    # 喜 (U+559C) sorts before 玛 (U+739B).
    assert examples(analysis, "merged") == [("喜欢", "喜欢玛丽", 1), ("玛丽", "喜欢玛丽", 1)]


def test_over_splitting_gives_split_errors():
    analysis = analyse(SHAO_GOLD, ["约翰 喜 欢 玛 丽"])
    assert class_counts(analysis) == {"split": 2, "merged": 0, "crossing": 0}
    assert examples(analysis, "split") == [("喜欢", "喜/欢", 1), ("玛丽", "玛/丽", 1)]


def test_boundaries_in_the_wrong_place_give_crossing_errors():
    # Gold AB(0,2) CD(2,4); predicted A BC D has edges 0, 1, 3, 4: both gold words have a
    # boundary inside (1, 3) but none at 2, one of their ends.
    analysis = analyse(["AB CD"], ["A BC D"])
    assert class_counts(analysis) == {"split": 0, "merged": 0, "crossing": 2}
    assert examples(analysis, "crossing") == [("AB", "A/BC", 1), ("CD", "BC/D", 1)]


def test_examples_by_count_then_word_then_prediction_cut_at_top():
    # Merged: ZY→ZYC and C→ZYC twice each, AB→ABC and C→ABC once each.
    gold = ["AB C", "ZY C", "ZY C"]
    pred = ["ABC", "ZYC", "ZYC"]
    analysis = analyse(gold, pred, top=3)
    assert analysis.classes["merged"].count == 6
    assert examples(analysis, "merged") == [("C", "ZYC", 2), ("ZY", "ZYC", 2), ("AB", "ABC", 1)]
    assert analyse(gold, pred, top=0).classes["merged"].examples == []


def test_a_correct_prediction_has_no_errors_and_no_worst_lines():
    analysis = analyse(SHAO_GOLD, SHAO_GOLD, per_line=5)
    assert analysis.wrong_words == 0
    assert analysis.share("merged") is None  # 0 of 0
    assert analysis.lines == []


# --- the repository fixtures --------------------------------------------------------------------

# gold.txt against pred.txt, word by word (gold offsets in the line; predicted edges beside):
# line 1 (13 words; predicted edges 0 2 3 5 8 9 10 12 16 18 22): wrong are
#   和(3,4) merged into 和尚; 尚未(4,6) crossing (edge 5 inside, none at 4): 和尚/未结婚;
#   结婚(6,8) merged into 未结婚; 好好, 考虑 merged into 好好考虑; 人生, 大事 into 人生大事.
# line 2 (5 words): 北京, 大学 merged into 北京大学.
# line 3 (5 words): 很, 好 merged into 很好.
# line 4 (13 words; predicted edges 0 1 2 3 4 7 8 10 11 12 14 16 17): 研究(4,6) merged into
#   研究生; 生命(6,8) crossing (7 inside, no edge at 6): 研究生/命; 一, 门 merged into 一门.
FIXTURE_CLASSES = {"split": 0, "merged": 6 + 2 + 2 + 3, "crossing": 2}
FIXTURE_CROSSING = [("尚未", "和尚/未结婚", 1), ("生命", "研究生/命", 1)]
FIXTURE_MERGED = {
    ("和", "和尚"),
    ("结婚", "未结婚"),
    ("好好", "好好考虑"),
    ("考虑", "好好考虑"),
    ("人生", "人生大事"),
    ("大事", "人生大事"),
    ("北京", "北京大学"),
    ("大学", "北京大学"),
    ("很", "很好"),
    ("好", "很好"),
    ("研究", "研究生"),
    ("一", "一门"),
    ("门", "一门"),
}
# Gold words by length, (words, correct):
#   1 char: line 1 的 和 的 都 (的 的 都 right), line 2 在 (right), line 3 很 好 。 (。 right),
#           line 4 他 说 ： “ ” 是 一 门 。 (all but 一 门 right) → 4+1+3+9 = 17, 3+1+1+7 = 12.
#   2 chars: line 1 nine (结婚 at 0, 应该, 一下 right), line 2 four (我们, 读书), line 3 two
#            (both), line 4 four (起源, 学问) → 9+4+2+4 = 19, 3+2+2+2 = 9.
FIXTURE_BY_LENGTH = [("1", 17, 12), ("2", 19, 9), ("3", 0, 0), ("4", 0, 0), ("5+", 0, 0)]
# Not in words.txt: 好好 考虑 一下 (line 1), 读书 (line 2), 生命 门 (line 4); 一下, 读书 right.
FIXTURE_OOV = (6, 2)
FIXTURE_IV = (30, 19)
# Wrong gold words per line: 7 of 13, 2 of 5, 2 of 5, 4 of 13.
FIXTURE_LINES = [(1, 7, 13), (4, 4, 13), (2, 2, 5), (3, 2, 5)]


@pytest.fixture(scope="module")
def fixture_analysis():
    return analyse(GOLD, PRED, inputs=InputOptions(dictionary=WORDS), per_line=3)


def test_fixture_error_classes(fixture_analysis):
    analysis = fixture_analysis
    assert class_counts(analysis) == FIXTURE_CLASSES
    assert examples(analysis, "crossing") == FIXTURE_CROSSING
    merged = examples(analysis, "merged")
    assert {(word, predicted) for word, predicted, _ in merged} == FIXTURE_MERGED
    assert all(count == 1 for *_, count in merged)
    assert [word for word, *_ in merged] == sorted(word for word, _ in FIXTURE_MERGED)
    counts = analysis.system.counts
    assert analysis.wrong_words == counts.gold_words - counts.correct == 15


def test_fixture_error_classes_agree_with_the_extra_counts(fixture_analysis):
    extra = score(GOLD, PRED, extra=True).systems[0].extra
    assert (extra.split_errors, extra.merged_errors, extra.crossing_errors) == tuple(
        class_counts(fixture_analysis).values()
    )


def test_fixture_recall_by_length(fixture_analysis):
    buckets = fixture_analysis.by_length
    assert [(b.label, b.gold_words, b.correct) for b in buckets] == FIXTURE_BY_LENGTH
    assert [b.label for b in buckets] == list(LENGTH_BUCKETS)
    assert buckets[0].recall == pytest.approx(12 / 17)
    assert buckets[1].recall == pytest.approx(9 / 19)
    assert buckets[2].recall is None
    counts = fixture_analysis.system.counts
    assert sum(b.gold_words for b in buckets) == counts.gold_words == FIXTURE_COUNTS["gold_words"]
    assert sum(b.correct for b in buckets) == counts.correct


def test_fixture_oov_and_iv_equal_the_reports_counts(fixture_analysis):
    oov, iv = fixture_analysis.oov, fixture_analysis.iv
    assert (oov.gold_words, oov.correct) == FIXTURE_OOV
    assert (iv.gold_words, iv.correct) == FIXTURE_IV
    counts = fixture_analysis.system.counts
    assert (oov.gold_words, oov.correct) == (counts.oov_words, counts.oov_correct)
    assert (iv.gold_words, iv.correct) == (counts.iv_words, counts.iv_correct)
    assert oov.recall == pytest.approx(fixture_analysis.system.metrics.oov_recall)


def test_fixture_worst_lines_ties_go_to_the_earlier_line(fixture_analysis):
    lines = fixture_analysis.lines
    assert [(x.line, x.errors, x.gold_words) for x in lines] == FIXTURE_LINES[:3]
    assert lines[0] == LineErrors(
        1,
        7,
        13,
        "结婚 的 和 尚未 结婚 的 都 应该 好好 考虑 一下 人生 大事",
        "结婚 的 和尚 未结婚 的 都 应该 好好考虑 一下 人生大事",
    )
    every = analyse(GOLD, PRED, per_line=10).lines
    assert [(x.line, x.errors, x.gold_words) for x in every] == FIXTURE_LINES
    assert analyse(GOLD, PRED).lines == []


def test_worst_lines_kept_while_streaming():
    # Wrong gold words per line: 1, 3, 3, 0, 2 (each wrong word merged into the next).
    gold = ["a b", "a b c d", "a b c d", "a b", "a b c"]
    pred = ["ab", "abcd", "abcd", "a b", "abc"]
    found = analyse(gold, pred, per_line=2).lines
    assert [(x.line, x.errors) for x in found] == [(2, 4), (3, 4)]
    found = analyse(gold, pred, per_line=3).lines
    assert [(x.line, x.errors) for x in found] == [(2, 4), (3, 4), (5, 3)]
    found = analyse(gold, pred, per_line=100).lines
    assert [x.line for x in found] == [2, 3, 5, 1]  # line 4 is right: never listed


def test_without_a_dictionary_oov_and_iv_are_undefined():
    analysis = analyse(GOLD, PRED)
    assert analysis.oov is None and analysis.iv is None
    assert not analysis.has_dictionary
    data = analysis.as_dict()
    assert data["oov"] is None and data["iv"] is None and data["dictionary"] is None


def test_dictionary_as_a_set_a_generator_or_a_training_corpus():
    known = {"结婚", "的"}
    analysis = analyse(GOLD, PRED, inputs=InputOptions(dictionary=known))
    # 结婚 ×2 and 的 ×2 in line 1 are in it; 结婚 at 6 is wrong, the others right.
    assert (analysis.iv.gold_words, analysis.iv.correct) == (4, 3)
    from_generator = analyse(GOLD, PRED, inputs=InputOptions(dictionary=(path for path in [WORDS])))
    assert (from_generator.oov.gold_words, from_generator.oov.correct) == FIXTURE_OOV
    # The gold as training corpus: every gold word is known.
    trained = analyse(GOLD, PRED, inputs=InputOptions(train=GOLD))
    assert trained.oov.gold_words == 0 and trained.oov.recall is None
    assert (trained.iv.gold_words, trained.iv.correct) == (36, 21)


def test_name_and_in_memory_prediction_beside_a_gold_path():
    lines = PRED.read_text(encoding="utf-8").splitlines()
    analysis = analyse(GOLD, lines, name="mine")
    assert analysis.system.name == "mine"
    assert class_counts(analysis) == FIXTURE_CLASSES
    # In-memory gold, prediction path: the path must not be taken for a line.
    gold_lines = GOLD.read_text(encoding="utf-8").splitlines()
    assert class_counts(analyse(gold_lines, str(PRED))) == FIXTURE_CLASSES


def test_standard_input_only_once_and_bad_arguments():
    with pytest.raises(WsscoreError, match="only once"):
        analyse("-", str(PRED), inputs=InputOptions(dictionary="-"))
    with pytest.raises(ValueError):
        analyse(GOLD, PRED, top=-1)
    with pytest.raises(ValueError):
        analyse(GOLD, PRED, per_line=-1)
    with pytest.raises(ValueError, match="mismatch"):
        analyse(GOLD, PRED, inputs=InputOptions(mismatch="ignore"))


# --- renderers ----------------------------------------------------------------------------------


def test_json(fixture_analysis):
    data = json.loads(render_errors(fixture_analysis, "json"))
    assert data["signature"] == fixture_analysis.report.signature
    assert data["system"]["name"] == "pred.txt"
    assert data["system"]["counts"]["gold_words"] == 36
    assert data["gold"]["words"] == 36
    assert list(data["error_classes"]) == ["split", "merged", "crossing"]
    assert data["error_classes"]["merged"]["count"] == 13
    assert data["error_classes"]["crossing"]["examples"] == [
        {"word": "尚未", "predicted": "和尚/未结婚", "count": 1},
        {"word": "生命", "predicted": "研究生/命", "count": 1},
    ]
    assert data["error_classes"]["split"] == {"count": 0, "share": 0.0, "examples": []}
    assert [(b["length"], b["gold_words"], b["correct"]) for b in data["by_length"]] == (
        FIXTURE_BY_LENGTH
    )
    assert data["by_length"][4]["recall"] is None
    assert data["oov"] == {"gold_words": 6, "correct": 2, "recall": pytest.approx(1 / 3)}
    assert data["iv"]["gold_words"] == 30
    assert data["lines"][1] == {
        "line": 4,
        "errors": 4,
        "gold_words": 13,
        "gold": "他 说 ： “ 研究 生命 起源 ” 是 一 门 学问 。",
        "predicted": "他 说 ： “ 研究生 命 起源 ” 是 一门 学问 。",
    }
    assert data["options"] == {"top": 20, "per_line": 3, "unit": "char"}


def test_text(fixture_analysis):
    text = render_errors(fixture_analysis, "text")
    lines = text.splitlines()
    assert lines[0] == "pred.txt: R 0.583  P 0.700  F 0.636  (36 gold words, 15 wrong)"
    rows = [line.split() for line in lines]
    for title in ("Error classes", "Recall by word length", "OOV and IV", "Lines with most errors"):
        assert title in lines
    assert ["merged", "13", "0.867"] in rows
    assert ["crossing", "2", "0.133"] in rows
    assert ["crossing", "尚未", "和尚/未结婚", "1"] in rows
    assert ["1", "17", "12", "0.706"] in rows
    assert ["5+", "0", "0", "—"] in rows
    assert ["OOV", "6", "2", "0.333"] in rows
    assert ["IV", "30", "19", "0.633"] in rows
    assert "line 4: 4 of 13 gold words wrong" in lines
    assert "  pred: 我们 在 北京大学 读书" in lines
    assert lines[-1] == f"signature: {fixture_analysis.report.signature}"


def test_text_aligns_wide_characters(fixture_analysis):
    lines = render_errors(fixture_analysis, "text").splitlines()
    start = lines.index("Most frequent errors (top 20 per class)")
    assert lines[start + 1] == MERGED_NOTE  # what a merged row is, above the table
    table = lines[start + 2 : lines.index("", start)]
    # Every count ends in the same terminal column, CJK characters being two columns wide.
    from wsscore.formatting import display_width

    assert len({display_width(line) for line in table}) == 1


def test_text_without_a_dictionary_says_so():
    text = render_errors(analyse(GOLD, PRED), "text")
    assert NO_DICTIONARY in text.splitlines()
    assert "Lines with most errors" not in text


def test_markdown(fixture_analysis):
    text = render_errors(fixture_analysis, "markdown")
    lines = text.splitlines()
    assert "### Error classes" in lines
    assert "| merged | 13 | 0.867 |" in lines
    assert "| crossing | 生命 | 研究生/命 | 1 |" in lines
    assert "| 2 | 19 | 9 | 0.474 |" in lines
    assert "| OOV | 6 | 2 | 0.333 |" in lines
    assert "| 2 | 2 | 5 | 我们 在 北京 大学 读书 | 我们 在 北京大学 读书 |" in lines
    assert lines[-1] == f"Signature: `{fixture_analysis.report.signature}`"


def test_markdown_escapes_words():
    text = render_errors(analyse(["a * b"], ["a *b"]), "markdown")
    assert "| merged | \\* | \\*b | 1 |" in text.splitlines()


@pytest.mark.parametrize("fmt,delimiter", [("csv", ","), ("tsv", "\t")])
def test_delimited(fixture_analysis, fmt, delimiter):
    text = render_errors(fixture_analysis, fmt)
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    assert tuple(rows[0]) == DELIMITED_COLUMNS
    records = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]

    def section(name: str) -> list[dict[str, str]]:
        return [r for r in records if r["section"] == name]

    (system,) = section("system")
    assert (system["item"], system["count"], system["gold_words"], system["correct"]) == (
        "pred.txt",
        "15",
        "36",
        "21",
    )
    assert float(system["recall"]) == 21 / 36  # full precision
    assert [(r["class"], r["count"]) for r in section("error_class")] == [
        ("split", "0"),
        ("merged", "13"),
        ("crossing", "2"),
    ]
    last = section("example")[-1]
    assert (last["class"], last["item"], last["predicted"], last["count"]) == (
        "crossing",
        "生命",
        "研究生/命",
        "1",
    )
    assert [(r["item"], r["gold_words"], r["correct"]) for r in section("length")] == [
        (label, str(words), str(correct)) for label, words, correct in FIXTURE_BY_LENGTH
    ]
    assert section("length")[-1]["recall"] == ""
    assert [(r["item"], r["gold_words"], r["correct"]) for r in section("vocabulary")] == [
        ("oov", "6", "2"),
        ("iv", "30", "19"),
    ]
    first = section("line")[0]
    assert (first["line"], first["count"], first["gold_words"]) == ("1", "7", "13")
    assert first["predicted"] == "结婚 的 和尚 未结婚 的 都 应该 好好考虑 一下 人生大事"
    assert records[-1]["section"] == "signature"
    assert records[-1]["item"] == fixture_analysis.report.signature


def test_table(fixture_analysis):
    text = render_errors(fixture_analysis, "table", width=80)
    cells = [[c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines()]
    assert ["merged", "13", "0.867"] in cells
    assert ["crossing", "尚未", "和尚/未结婚", "1"] in cells
    assert ["OOV", "6", "2", "0.333"] in cells
    assert "\x1b[" not in text  # no colour unless asked for
    # The signature, longer than 80 columns, folds after a "|" as score's does: each line
    # whole fields, nothing added, the lines joined give it back.
    at = next(i for i, line in enumerate(text.splitlines()) if line.startswith("signature: "))
    folded = text.splitlines()[at:]
    assert len(folded) == 2 and all(len(line) <= 80 for line in folded)
    assert folded[0].endswith("|")
    signature = fixture_analysis.report.signature
    assert "".join(folded) == f"signature: {signature}"
    # A file name is not rich markup.
    named = analyse(GOLD, PRED, name="run[/b]")
    assert render_errors(named, "table").startswith("run[/b]: R 0.583")


def test_every_format_and_no_other(fixture_analysis):
    for fmt in ERROR_FORMATS:
        assert render_errors(fixture_analysis, fmt).endswith("\n")
    with pytest.raises(ValueError, match="unknown format"):
        render_errors(fixture_analysis, "latex")
