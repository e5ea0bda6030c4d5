"""Alignment by character streams: line breaks, differing characters, missing and extra lines."""

import pytest

from wsscore import InputOptions, score
from wsscore.errors import Warnings, WsscoreError


def counts_of(gold, pred, **options):
    report = score(gold, [pred], inputs=InputOptions(**options))
    return report.systems[0].counts


def test_line_breaks_that_differ_cost_nothing():
    # The MSR case: a quotation mark at the end of one gold line starts the next predicted line.
    gold = ["他 说 ： “", "好 。", "对 。"]
    pred = ["他 说 ：", "“ 好 。", "对 。"]
    counts = counts_of(gold, pred)
    assert (counts.gold_words, counts.pred_words, counts.correct) == (8, 8, 8)
    assert counts.misaligned_chars == 0


def test_a_line_break_is_a_word_boundary_in_either_file():
    # The prediction breaks a gold word across lines: that word cannot be correct.
    gold = ["天气 很好", "。"]
    pred = ["天气 很", "好 。"]
    counts = counts_of(gold, pred)
    assert (counts.gold_words, counts.pred_words, counts.correct) == (3, 4, 2)
    assert counts.misaligned_chars == 0


def test_one_differing_character_wrongs_the_words_touching_it():
    # The AS case: the gold has c where the test input had ｃ.
    gold = ["甲 乙", "丙丁 c 戊", "己 庚"]
    pred = ["甲 乙", "丙丁 ｃ 戊", "己 庚"]
    report = score(
        gold, [pred], inputs=InputOptions(mismatch="align", warnings=Warnings(quiet=True))
    )
    counts = report.systems[0].counts
    assert (counts.gold_words, counts.correct) == (7, 6)
    assert (counts.misaligned_lines, counts.misaligned_chars) == (1, 1)
    divergence = report.systems[0].divergences[0]
    assert (divergence.gold_line, divergence.gold_col) == (2, 4)
    assert (divergence.gold_text, divergence.pred_text) == ("c", "ｃ")


def test_a_missing_line_is_found_and_the_rest_scores_exactly():
    gold = [f"句{i} 子{i}" for i in range(30)]
    pred = gold[:10] + gold[11:]
    counts = counts_of(gold, pred, mismatch="align")
    assert counts.gold_words == 60 and counts.pred_words == 58
    assert counts.correct == 58
    assert counts.misaligned_lines == 1 and counts.misaligned_chars == len("句10子10")


def test_an_extra_line_is_found_and_its_words_are_wrong():
    gold = [f"句{i} 子{i}" for i in range(30)]
    pred = [*gold[:5], "多 余", *gold[5:]]
    counts = counts_of(gold, pred, mismatch="align")
    assert (counts.gold_words, counts.pred_words, counts.correct) == (60, 62, 60)
    assert counts.insertions == 2


def test_a_dropped_last_character_is_one_misaligned_character():
    # mwseg.pl cuts the last character of a file that lacks a final newline.
    gold = ["甲 乙 。", "丙 丁 。"]
    pred = ["甲 乙 。", "丙 丁"]
    counts = counts_of(gold, pred, mismatch="align", warnings=Warnings(quiet=True))
    assert (counts.correct, counts.misaligned_chars, counts.misaligned_lines) == (5, 1, 1)


def test_prediction_words_past_the_gold_end_are_counted():
    counts = counts_of(["甲 乙"], ["甲 乙", "丙"], mismatch="align")
    assert (counts.gold_words, counts.pred_words, counts.correct) == (2, 3, 2)


def test_warn_refuses_a_prediction_of_another_text():
    with pytest.raises(WsscoreError, match="not a segmentation of this gold"):
        counts_of(["甲 乙", "丙 丁"], ["子 丑", "寅 卯"])


def test_error_policy_names_the_first_divergence_and_both_line_counts():
    with pytest.raises(WsscoreError) as raised:
        counts_of(["甲 乙", "丙 丁", "戊"], ["甲 乙", "丙 午"], mismatch="error")
    message = str(raised.value)
    assert "gold line 2 col 3 has '丁'" in message and "prediction line 2 col 3 has '午'" in message
    assert "the gold has 3 lines, the prediction 2" in message


def test_per_sentence_records_add_up_to_the_totals():
    gold = ["他 说 ： “", "好 。", "", "对 不 对 。"]
    pred = ["他 说 ：", "“ 好 。", "", "对不对 。"]
    report = score(gold, [pred], keep_sentences=True)
    system = report.systems[0]
    lines = [number for number, _ in system.sentences]
    assert lines == [1, 2, 4]
    summed = [sum(values) for values in zip(*(r for _, r in system.sentences), strict=True)]
    assert tuple(summed) == system.counts.as_tuple()
    assert report.gold.sentences == 3 and report.gold.lines == 4


def test_warn_scores_a_few_differing_sentences_and_says_so():
    gold = [f"句{i} 子{i}" for i in range(20)]
    pred = [*gold[:7], "句7 孑7", *gold[8:]]
    warnings = Warnings(quiet=True)
    counts = counts_of(gold, pred, warnings=warnings)
    assert (counts.correct, counts.misaligned_lines) == (39, 1)
    assert len(warnings.messages) == 1
    assert "1 character(s) on 1 line(s) differ" in warnings.messages[0]
    assert "gold line 8 col 4 has '子'" in warnings.messages[0]


def test_every_gold_line_past_the_end_of_a_short_prediction_is_misaligned():
    gold = [f"句{i} 子{i}" for i in range(100)]
    refused = r"50 of 100 sentences \(300 characters\) differ"
    with pytest.raises(WsscoreError, match=refused) as raised:
        counts_of(gold, gold[:50])
    assert "the prediction has ended (after line 50)" in str(raised.value)
    counts = counts_of(gold, gold[:50], mismatch="align")
    assert (counts.misaligned_lines, counts.correct) == (50, 100)


def test_an_empty_prediction_is_refused_in_warn_mode():
    with pytest.raises(WsscoreError, match=r"4 of 4 sentences \(5 characters\) differ"):
        counts_of(["甲 乙", "丙", "丁", "戊"], [])


def test_a_prediction_line_past_the_gold_end_is_located_at_the_gold_end():
    report = score(
        ["甲 乙"] * 20, [*["甲 乙"] * 20, "丙"], inputs=InputOptions(warnings=Warnings(quiet=True))
    )
    divergence = report.systems[0].divergences[0]
    assert "the gold has ended (after line 20)" in divergence.describe()
    assert "prediction line 21 col 1 has '丙'" in divergence.describe()


def test_in_memory_prediction_lines_are_not_taken_for_paths():
    counts = score(["结婚 的", "我们"], ["结婚的", "我们"]).systems[0].counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == (3, 2, 1)


def test_standard_input_can_be_given_only_once_even_as_a_dictionary():
    with pytest.raises(WsscoreError, match="only once"):
        score("-", ["p.txt"], inputs=InputOptions(dictionary="-"))
