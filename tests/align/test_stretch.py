"""The alignment of a differing stretch, tested directly (wsscore.align.characters and
wsscore.align.stretch, issue 12).

``align_characters`` on pairs of texts, and ``score_stretch`` on hand-built stretches of gold and
prediction lines: every expected number is computed by hand in the comment beside it. Counts are
in Counts field order: RP, PP, TP, OOV, OOV_TP, S, I, D, misaligned line (0/1), misaligned chars.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.align import characters, stretch
from wsscore.align.characters import (
    MAX_CHAR_ALIGNMENT,
    CharacterAlignment,
    Difference,
    align_characters,
)
from wsscore.align.lines import GoldLine, PredLine
from wsscore.align.stretch import StretchResult, score_stretch
from wsscore.core.records import SentenceDetail

# --- align_characters ----------------------------------------------------------------------------


def test_equal_texts_are_one_block():
    assert align_characters("甲乙丙", "甲乙丙") == CharacterAlignment([(0, 0, 3)], [])
    assert align_characters("", "") == CharacterAlignment([], [])


def test_a_substitution():
    # Head 甲乙 (2), tail 丁 (1); 丙 (gold 2) stands where the prediction has 戊 (pred 2).
    alignment = align_characters("甲乙丙丁", "甲乙戊丁")
    assert alignment.blocks == [(0, 0, 2), (3, 3, 1)]
    assert alignment.differences == [Difference(2, 3, 2, 3)]
    assert alignment.differences[0].size == 1


def test_an_insertion():
    # Head 甲乙 (2), tail 丙 (1); X is inserted: the gold side of the difference is empty.
    alignment = align_characters("甲乙丙", "甲乙X丙")
    assert alignment.blocks == [(0, 0, 2), (2, 3, 1)]
    assert alignment.differences == [Difference(2, 2, 2, 3)]
    assert alignment.differences[0].size == 1


def test_a_deletion():
    # Head 甲 (1), tail 丙 (1); 乙 (gold 1) is missing: the prediction's side is empty.
    alignment = align_characters("甲乙丙", "甲丙")
    assert alignment.blocks == [(0, 0, 1), (2, 1, 1)]
    assert alignment.differences == [Difference(1, 2, 1, 1)]
    assert alignment.differences[0].size == 1


def test_the_common_head_is_taken_first():
    # 甲甲 against 甲: the head is 甲 (1) and nothing is left for the tail, so the gold's second
    # 甲 is the one missing (not the first).
    alignment = align_characters("甲甲", "甲")
    assert alignment == CharacterAlignment([(0, 0, 1)], [Difference(1, 2, 1, 1)])


def test_a_differing_middle_between_a_common_head_and_tail():
    # Head 甲 (1), tail 己 (1); in the middles 乙丙丁戊 / XY丁Z, SequenceMatcher matches 丁
    # (gold 3, pred 3): the differences are 乙丙 / XY (gold 1..3, pred 1..3) and 戊 / Z (4..5).
    alignment = align_characters("甲乙丙丁戊己", "甲XY丁Z己")
    assert alignment.blocks == [(0, 0, 1), (3, 3, 1), (5, 5, 1)]
    assert alignment.differences == [Difference(1, 3, 1, 3), Difference(4, 5, 4, 5)]
    assert [difference.size for difference in alignment.differences] == [2, 1]


def _middles_sharing_a_run(run: int) -> tuple[str, str]:
    """a + c*run + b + z against a + d + c*run + z: head a, tail z, and middles of run + 1
    characters on each side that share the run of c's (not at their ends)."""
    return "a" + "c" * run + "b" + "z", "a" + "d" + "c" * run + "z"


def test_a_middle_within_the_limit_is_aligned():
    gold, pred = _middles_sharing_a_run(50)
    # Middles c*50+b (gold 1..52) and d+c*50 (pred 1..52): the run of c's is gold 1, pred 2.
    alignment = align_characters(gold, pred)
    assert alignment.blocks == [(0, 0, 1), (1, 2, 50), (52, 52, 1)]
    # d inserted before the run (gold 1, pred 1..2), b deleted after it (gold 51..52, pred 52).
    assert alignment.differences == [Difference(1, 1, 1, 2), Difference(51, 52, 52, 52)]


def test_a_middle_too_large_to_align_is_one_difference():
    run = MAX_CHAR_ALIGNMENT
    gold, pred = _middles_sharing_a_run(run)
    # Middles of run + 1 characters on both sides, more than MAX_CHAR_ALIGNMENT: not aligned,
    # so the shared run is not found; only head and tail match.
    alignment = align_characters(gold, pred)
    assert alignment.blocks == [(0, 0, 1), (run + 2, run + 2, 1)]
    assert alignment.differences == [Difference(1, run + 2, 1, run + 2)]
    assert alignment.differences[0].size == run + 1


def test_the_limit_also_bounds_the_product_of_the_sizes(monkeypatch):
    monkeypatch.setattr(characters, "MAX_CHAR_ALIGNMENT", 10)  # so at most 100 for the product
    # Head a, tail z; middles 5 characters (cccc + b) against 20 (d*16 + cccc): 5 * 20 = 100,
    # aligned, the run cccc is found (gold 1, pred 17).
    aligned = align_characters("a" + "cccc" + "b" + "z", "a" + "d" * 16 + "cccc" + "z")
    assert (1, 17, 4) in aligned.blocks
    # One d more: 5 * 21 = 105 > 100, the middle is one difference (gold 1..6, pred 1..22).
    too_large = align_characters("a" + "cccc" + "b" + "z", "a" + "d" * 17 + "cccc" + "z")
    assert too_large.blocks == [(0, 0, 1), (6, 22, 1)]
    assert too_large.differences == [Difference(1, 6, 1, 22)]


def _segments(alignment: CharacterAlignment) -> list[tuple[int, int, int, int, bool]]:
    """Blocks and differences as (gold start, gold end, pred start, pred end, is a block), in
    order (each holds a character on one side at least, so the sums of starts increase)."""
    segments = [(g, g + n, p, p + n, True) for g, p, n in alignment.blocks]
    segments += [(*difference, False) for difference in alignment.differences]
    return sorted(segments, key=lambda segment: segment[0] + segment[2])


TEXTS = st.text(alphabet="甲乙丙丁ab", max_size=40)


@settings(max_examples=300, deadline=None)
@given(TEXTS, TEXTS)
def test_blocks_and_differences_cover_both_texts_in_order(gold, pred):
    alignment = align_characters(gold, pred)
    matched = 0
    gold_at = pred_at = 0
    previous_was_block = False
    for gold_start, gold_end, pred_start, pred_end, is_block in _segments(alignment):
        # Consecutive, not overlapping: each segment starts where the one before ended.
        assert (gold_start, pred_start) == (gold_at, pred_at)
        assert gold_end > gold_start or pred_end > pred_start
        if is_block:
            assert gold[gold_start:gold_end] == pred[pred_start:pred_end]
            assert not previous_was_block  # adjacent blocks are merged
            matched += gold_end - gold_start
        gold_at, pred_at, previous_was_block = gold_end, pred_end, is_block
    assert (gold_at, pred_at) == (len(gold), len(pred))
    # The blocks hold exactly the characters no difference holds, on either side.
    gold_differing = sum(d.gold_end - d.gold_start for d in alignment.differences)
    pred_differing = sum(d.pred_end - d.pred_start for d in alignment.differences)
    assert matched == len(gold) - gold_differing == len(pred) - pred_differing
    assert (alignment.differences == []) == (gold == pred)


# --- score_stretch -------------------------------------------------------------------------------


class Emitted:
    """Collects what score_stretch emits: one (line, counts) per sentence, and the details."""

    def __init__(self) -> None:
        self.records: list[tuple[int, tuple[int, ...]]] = []
        self.details: list[SentenceDetail] = []

    def __call__(self, number: int, record: tuple[int, ...], detail: SentenceDetail | None):
        self.records.append((number, record))
        if detail is not None:
            self.details.append(detail)


def scored(gold, pred, dictionary=None, **options):
    """score_stretch on gold and prediction texts (lines numbered from 1): what it emitted,
    the differences it reported, and its result."""
    gold_lines = [GoldLine(n, text, dictionary) for n, text in enumerate(gold, 1)]
    pred_lines = [PredLine(n, text) for n, text in enumerate(pred, 1)]
    emitted, differences = Emitted(), []
    result = score_stretch(
        gold_lines, pred_lines, emit=emitted, on_difference=differences.append, **options
    )
    return emitted, differences, result


def test_a_substituted_character_wrongs_the_word_holding_it():
    # 甲 | 乙丙 | 丁 against 甲 | 乙戊 | 丁: 丙/戊 differ (one character, on gold line 1).
    # 甲 and 丁 are correct (TP 2); 乙丙 and 乙戊 are one substitution (S 1), so I = 3 - 2 - 1
    # = 0 and D = 3 - 2 - 1 = 0; the dictionary lacks 乙丙 (OOV 1, not correct).
    emitted, differences, result = scored(
        ["甲 乙丙 丁"], ["甲 乙戊 丁"], dictionary={"甲", "丁"}, details=True
    )
    assert emitted.records == [(1, (3, 3, 2, 1, 0, 1, 0, 0, 1, 1))]
    assert differences == [Difference(2, 3, 2, 3)]
    assert result == StretchResult(
        misaligned_chars=1, misaligned_lines=1, shared=((0, 0, 2), (3, 3, 1))
    )
    # 乙戊 touches the differing character: no span in the gold.
    assert emitted.details == [
        SentenceDetail(
            1,
            ["甲", "乙丙", "丁"],
            ["甲", "乙戊", "丁"],
            [True, False, True],
            [True, False, True],
            [(0, 1), None, (3, 4)],
        )
    ]


def test_a_deleted_character():
    # 甲 乙 丙 against 甲 丙: 乙 (gold character 1) is missing. 甲 and 丙 are correct (TP 2);
    # between them one gold word and no predicted word: S = min(1, 0) = 0, D = 3 - 2 - 0 = 1,
    # I = 2 - 2 - 0 = 0. One character differs, on line 1.
    emitted, differences, result = scored(["甲 乙 丙"], ["甲 丙"])
    assert emitted.records == [(1, (3, 2, 2, 0, 0, 0, 0, 1, 1, 1))]
    assert differences == [Difference(1, 2, 1, 1)]
    assert result[:2] == (1, 1)  # the characters and lines that differ


def test_an_extra_prediction_line_at_the_end_falls_on_the_last_sentence():
    # Gold 甲 乙; the prediction adds a line 丙 丁: two characters inserted after gold
    # character 2 (its end), counted on the line of the character before, line 1. Its words
    # face gold position 2, in line 1 too: RP 2, PP 4, TP 2, S 0, I = 4 - 2 = 2, D 0.
    emitted, differences, result = scored(["甲 乙"], ["甲 乙", "丙 丁"])
    assert emitted.records == [(1, (2, 4, 2, 0, 0, 0, 2, 0, 1, 2))]
    assert differences == [Difference(2, 2, 2, 4)]
    assert result[:2] == (2, 1)  # the characters and lines that differ


def test_inserted_words_fall_on_the_sentence_facing_them():
    # Gold lines 甲乙 丙 | 丁 戊己 (characters 0..3 | 3..6); the prediction has a line 某某 某
    # between them: three characters inserted at gold position 3. The characters count on the
    # line of the character before (丙, line 1); the inserted words face gold position 3, the
    # start of line 2, and are counted there.
    emitted, differences, result = scored(["甲乙 丙", "丁 戊己"], ["甲乙 丙", "某某 某", "丁 戊己"])
    assert emitted.records == [
        # Line 1: 甲乙 and 丙 correct; 3 misaligned characters.
        (1, (2, 2, 2, 0, 0, 0, 0, 0, 1, 3)),
        # Line 2: 丁 and 戊己 correct; 某某 and 某 are predicted words more: PP 4, I = 4 - 2 = 2.
        (2, (2, 4, 2, 0, 0, 0, 2, 0, 0, 0)),
    ]
    assert differences == [Difference(3, 3, 3, 6)]
    assert result[:2] == (3, 1)  # the characters and lines that differ


def test_a_gold_line_without_words_gets_no_predicted_word():
    # Gold 甲 乙 | (empty) | 丙 (characters 0..2 | 2..2 | 2..3); the prediction has X where the
    # empty line is: one character inserted at gold position 2. It counts on the line of the
    # character before (乙, line 1); the word X faces gold position 2, which the empty line 2
    # and line 3 both start at: it goes to line 3, which has words. Line 2 is not emitted.
    emitted, differences, result = scored(["甲 乙", "", "丙"], ["甲 乙", "X", "丙"])
    assert emitted.records == [
        (1, (2, 2, 2, 0, 0, 0, 0, 0, 1, 1)),
        # Line 3: gold 丙, predicted X 丙: TP 1, S = min(0, 1) = 0, I = 2 - 1 - 0 = 1, D 0.
        (3, (1, 2, 1, 0, 0, 0, 1, 0, 0, 0)),
    ]
    assert differences == [Difference(2, 2, 2, 3)]
    assert result[:2] == (1, 1)  # the characters and lines that differ


def test_a_difference_across_a_line_break_touches_both_lines():
    # Gold 甲 乙 | 丙 丁 (0..2 | 2..4), prediction 甲 X | Y 丁: 乙丙 / XY differ (gold 1..3), one
    # character on each gold line. X and Y touch them: no span; both face gold position 1
    # (the end of the block 甲 before them), in line 1.
    emitted, differences, result = scored(["甲 乙", "丙 丁"], ["甲 X", "Y 丁"])
    assert emitted.records == [
        # Line 1: gold 甲 乙, predicted 甲 X Y: TP 1 (甲); after it 1 gold and 2 predicted
        # words, S = min(1, 2) = 1, I = 3 - 1 - 1 = 1, D = 2 - 1 - 1 = 0; 1 character.
        (1, (2, 3, 1, 0, 0, 1, 1, 0, 1, 1)),
        # Line 2: gold 丙 丁, predicted 丁: TP 1; before it 1 gold word and no predicted word,
        # S = 0, I = 1 - 1 - 0 = 0, D = 2 - 1 - 0 = 1; 1 character.
        (2, (2, 1, 1, 0, 0, 0, 0, 1, 1, 1)),
    ]
    assert differences == [Difference(1, 3, 1, 3)]
    assert result[:2] == (2, 2)  # the characters and lines that differ


def test_same_characters_with_other_line_breaks_cost_nothing():
    # 甲 乙丙 | 丁 against 甲 乙 | 丙 丁: the same characters; a line break is a word boundary,
    # so 乙丙 is split and wrong. Line 1: RP 2, PP 3 (甲 乙 丙, 丙 facing gold character 2 of
    # line 1), TP 1, S = min(1, 2) = 1, I = 3 - 1 - 1 = 1, D 0. Line 2: 丁 correct.
    emitted, differences, result = scored(["甲 乙丙", "丁"], ["甲 乙", "丙 丁"])
    assert emitted.records == [
        (1, (2, 3, 1, 0, 0, 1, 1, 0, 0, 0)),
        (2, (1, 1, 1, 0, 0, 0, 0, 0, 0, 0)),
    ]
    assert differences == []
    assert result[:2] == (0, 0)  # the characters and lines that differ


def test_cutting_the_common_ends_of_long_lines_changes_nothing(monkeypatch):
    gold, pred = ["甲 乙 丙 丁 戊 己 庚"], ["甲 乙 丙 X 戊 己 庚"]
    cuts = []
    find = stretch._Cut.find

    def spy(*args):
        cuts.append(find(*args))
        return cuts[-1]

    monkeypatch.setattr(stretch._Cut, "find", spy)
    # With lines of 2 characters or more cut, 甲 乙 丙 and 戊 己 庚 are counted apart (3 correct
    # words each, before and after 丁/X) and only 丁 against X is aligned: one substitution.
    # RP 7, PP 7, TP 6, S 1, I 0, D 0, one character differing, at 3 in the whole stretch.
    cut = scored(gold, pred, details=True, cut_min_chars=2)
    assert cuts[-1] is not None and cuts[-1].front == 3 and cuts[-1].back == 3
    whole = scored(gold, pred, details=True)
    assert cuts[-1] is None
    emitted, differences, result = cut
    assert emitted.records == [(1, (7, 7, 6, 0, 0, 1, 0, 0, 1, 1))]
    assert differences == [Difference(3, 4, 3, 4)]
    assert result[:2] == (1, 1)  # the characters and lines that differ
    assert emitted.details[0].pred_spans == [(0, 1), (1, 2), (2, 3), None, (4, 5), (5, 6), (6, 7)]
    assert (emitted.records, emitted.details, differences, result) == (
        whole[0].records,
        whole[0].details,
        whole[1],
        whole[2],
    )


def test_the_shared_runs_of_a_cut_stretch_are_in_the_whole_stretch_s_characters() -> None:
    # 甲乙丙 and 庚辛 are cut off as common ends; in the middle, 戊 is shared between 丁/X and
    # 己/Y: every run is given in the characters of the whole stretch, as uncut.
    gold, pred = ["甲 乙 丙 丁 戊 己 庚 辛"], ["甲 乙 丙 X 戊 Y 庚 辛"]
    runs = ((0, 0, 3), (4, 4, 1), (6, 6, 2))
    assert scored(gold, pred, details=True, cut_min_chars=2)[2].shared == runs
    assert scored(gold, pred, details=True)[2].shared == runs


LINES = st.lists(
    st.lists(st.text(alphabet="甲乙丙a", min_size=1, max_size=3), max_size=4).map(" ".join),
    min_size=1,
    max_size=4,
)


@settings(max_examples=200, deadline=None)
@given(LINES, LINES)
def test_every_word_and_differing_character_is_counted_once(gold, pred):
    emitted, differences, result = scored(gold, pred)
    records = [record for _, record in emitted.records]
    totals = [sum(column) for column in zip(*records, strict=True)] or [0] * 10
    gold_words = sum(len(text.split()) for text in gold)
    pred_words = sum(len(text.split()) for text in pred)
    # RP and PP: every word once (a gold line without words is emitted only when predicted
    # words fall on it); the misaligned lines and characters are those of the result.
    assert totals[:2] == [gold_words, pred_words]
    assert totals[8:] == [result.misaligned_lines, result.misaligned_chars]
    assert result.misaligned_chars == sum(difference.size for difference in differences)
    assert [number for number, _ in emitted.records] == sorted({n for n, _ in emitted.records})
