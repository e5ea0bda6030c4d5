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


# --- a prediction that ends early (issue 34, item 6) ---------------------------------------------


def _spans(lines: list[str]) -> list[tuple[int, int]]:
    """The words' spans in the characters of all the lines (white space removed)."""
    spans, offset = [], 0
    for line in lines:
        for word in line.split():
            spans.append((offset, offset + len(word)))
            offset += len(word)
    return spans


def _cut_short(gold: list[str], chars: int, empty_lines: int) -> list[str]:
    """The gold's lines up to its ``chars``-th character (white space kept), a line cut there
    with its first words resegmented, then ``empty_lines`` empty lines."""
    pred, seen = [], 0
    for line in gold:
        size = len(line.replace(" ", ""))
        if seen + size <= chars:
            pred.append(line)
            seen += size
            continue
        kept, taken = [], 0
        for word in line.split():
            if taken + len(word) > chars - seen:
                kept.append(word[: chars - seen - taken])
                break
            kept.append(word)
            taken += len(word)
        pred.append(" ".join(w for w in kept if w))
        break
    if len(pred) > 1 and len(pred[0].split()) > 1:
        first = pred[0].split()
        pred[0] = " ".join([first[0] + first[1], *first[2:]])  # a merge: one word wrong
    return pred + [""] * empty_lines


@pytest.mark.parametrize("seed", range(12))
def test_the_gold_past_the_end_of_a_prediction_counts_as_the_span_count_says(seed):
    """A prediction cut short (at a line's end or inside a line, with or without empty lines
    after) is a prefix of the gold's text: its words have the gold's coordinates, and every
    figure follows from the spans. The rest of the gold faces nothing, whatever the path:
    counted at once, sentence by sentence, or with every sentence's words."""
    import random

    rng = random.Random(seed)
    alphabet = "甲乙丙丁"
    gold = [
        " ".join("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3))) for _ in range(n))
        for n in (rng.randint(0, 5) for _ in range(rng.randint(3, 60)))
    ]
    total = sum(len(line.replace(" ", "")) for line in gold)
    pred = _cut_short(gold, rng.randint(0, total - 1), rng.choice((0, 0, 2)))
    kept = sum(len(line.replace(" ", "")) for line in pred)
    gold_spans, pred_spans = _spans(gold), _spans(pred)
    correct = len(set(gold_spans) & set(pred_spans))
    # A gold line is touched by the missing characters if it has one at or past ``kept``.
    starts = [sum(len(g.replace(" ", "")) for g in gold[:i]) for i in range(len(gold))]
    touched = sum(
        1
        for start, line in zip(starts, gold, strict=True)
        if line.strip() and start + len(line.replace(" ", "")) > kept
    )
    expected = (len(gold_spans), len(pred_spans), correct, total - kept, touched)
    details: list = []
    for options in (
        {},
        {"keep_sentences": True},
        {"on_detail": lambda _, detail: details.append(detail)},
    ):
        report = score(
            gold, [pred], inputs=InputOptions(mismatch="align", warnings=Warnings()), **options
        )
        system = report.systems[0]
        counts = system.counts
        found = (
            counts.gold_words,
            counts.pred_words,
            counts.correct,
            counts.misaligned_chars,
            counts.misaligned_lines,
        )
        assert found == expected, options
        assert counts.substitutions + counts.deletions == counts.gold_words - counts.correct
        assert counts.substitutions + counts.insertions == counts.pred_words - counts.correct
        if options.get("keep_sentences"):
            summed = [sum(column) for column in zip(*(c for _, c in system.sentences), strict=True)]
            assert tuple(summed) == counts.as_tuple()
    assert sum(map(len, (detail.gold_words for detail in details))) == len(gold_spans)
    assert sum(sum(detail.gold_marks) for detail in details) == correct


def test_a_prediction_cut_inside_a_line_shows_one_place_with_the_gold_after_it():
    gold = ["甲乙 丙", "丁 戊己", "庚 辛", "壬癸"]
    pred = ["甲乙 丙", "丁 戊"]
    with pytest.raises(WsscoreError) as raised:
        counts_of(gold, pred)
    # One difference: from the missing 己 to the gold's end, across its lines.
    shown = "gold line 2 col 4 has '己庚辛壬癸', the prediction has ended (after line 2)"
    assert f"; first: {shown};" in str(raised.value)


@pytest.mark.parametrize("lines_between", [100, 12_000])
def test_once_the_prediction_has_ended_its_stretch_takes_gold_so_far(lines_between):
    """docs/metrics.md §1.6: once the prediction has ended, its open stretch takes at most the
    policy's floor of characters of gold more than it has (200,000 under align); a common end
    within them is found as before, one farther is not (the gold's lines after face nothing),
    so that a prediction that ends early costs no more than reading the gold."""
    from wsscore.align.limits import EXTRA_TEXT_LIMITS

    body = [f"甲乙 丙{i % 10} 丁戊己 庚辛壬 癸" for i in range(10 + lines_between)]
    last = "乾坤 震巽"  # of characters no other line has: matched at the stretch's end, or not
    gold = [*body, last]
    pred = [*body[:10], last]
    between = sum(len(line.replace(" ", "")) for line in body[10:])
    counts = counts_of(gold, pred, mismatch="align")
    head_words = sum(len(line.split()) for line in body[:10])
    if between + 4 <= EXTRA_TEXT_LIMITS["align"].floor:  # the gold's last line within reach
        expected = (head_words + 2, between, lines_between)
    else:  # beyond: the predicted line faces the gold after line 10, the gold's last nothing
        expected = (head_words, between + 4, lines_between + 1)
    assert (counts.correct, counts.misaligned_chars, counts.misaligned_lines) == expected
    assert counts.gold_words == head_words + 5 * lines_between + 2
    assert counts.pred_words == head_words + 2
