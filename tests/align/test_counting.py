"""Counting by spans: the plain reference (wsscore.core.reference) on equal characters, and
the span counter of differing stretches (wsscore.align.counting)."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wsscore import Counts, InputOptions
from wsscore.align.counting import count_spans
from wsscore.core.reference import align_equal_words, count_equal_text
from wsscore.inputs.words import spans_of


def counts(*values: int) -> Counts:
    """RP, PP, TP, OOV, OOV_TP, S, I, D as the hand-made examples below write them."""
    return Counts(*values)


def counted(gold: str, pred: str, dictionary: set[str] | None) -> Counts:
    """The words' counts of a block whose characters agree."""
    found = count_equal_text(gold, pred, dictionary)
    assert found is not None
    return found.counts


def test_the_metrics_md_example_by_hand():
    gold = "结婚 的 和 尚未 结婚 的 都 应该 好好 考虑 一下 人生 大事"
    pred = "结婚 的 和尚 未结婚 的 都 应该 好好考虑 一下 人生大事"
    dictionary = set("结婚 尚未 的 和 青年 都 应该 好好考虑 自己 人生 大事".split())
    # 6 correct; 好好/考虑/一下 are OOV, only 一下 right.
    # Stretches: 和 尚未 结婚 | 和尚 未结婚 (S2 D1), 好好 考虑 | 好好考虑 (S1 D1),
    # 人生 大事 | 人生大事 (S1 D1).
    assert counted(gold, pred, dictionary) == counts(13, 10, 6, 3, 1, 4, 0, 3)


def test_identical_segmentations():
    assert counted("甲乙 丙 丁戊己", "甲乙 丙 丁戊己", {"甲乙", "丁戊己"}) == counts(
        3, 3, 3, 1, 1, 0, 0, 0
    )


def test_insertions():
    assert counted("甲乙丙丁", "甲 乙 丙 丁", None) == counts(1, 4, 0, 0, 0, 1, 3, 0)


def test_a_long_word_and_the_sentence_cuts_of_a_block():
    # Two sentences counted as one block: 甲乙 丙 (line end) 丁 against 甲 乙丙 丁. Per
    # sentence: line 1 has gold 甲乙 丙, pred 甲 乙丙 (S2); line 2 has gold 丁, pred 丁 (correct).
    assert counted("甲乙 丙\n丁", "甲 乙丙 丁", None) == counts(3, 3, 1, 0, 0, 2, 0, 0)
    # The prediction crosses the line end: gold 甲 | 乙 丙, pred 甲乙 丙. Line 1: gold 甲, pred 甲乙
    # (S1); line 2: gold 乙 丙, pred 丙 (丙 correct, 乙 deleted).
    assert counted("甲\n乙 丙", "甲乙\n丙", None) == counts(3, 2, 1, 0, 0, 1, 0, 1)
    long = "甲" * 300
    assert counted(long, long, set()) == counts(1, 1, 1, 1, 1, 0, 0, 0)
    assert counted(f"{long} 乙", f"{long[1:]} 甲乙", set()) == counts(2, 2, 0, 2, 0, 2, 0, 0)


def test_the_sentences_of_a_block_by_hand():
    # Gold sentences [0, 3) and [3, 4) in characters; the prediction's one line is [0, 4).
    assert count_equal_text("甲乙 丙\n丁", "甲 乙丙 丁", None).sentences == (0, 2, 1)
    # Gold [0, 1) [1, 3), predicted [0, 2) [2, 3): no span in common.
    assert count_equal_text("甲\n乙 丙", "甲乙\n丙", None).sentences == (0, 2, 2)
    # Blank lines and a carriage return make no sentence: gold [0, 2) [2, 4), predicted
    # [0, 2) [2, 3) [3, 4).
    assert count_equal_text("甲乙\n\n丙丁\n", "\n甲 乙\r\n丙\n丁", None).sentences == (1, 2, 3)


def test_other_characters_are_not_counted():
    assert count_equal_text("甲 乙", "甲 丙", None) is None
    assert count_equal_text("甲 乙", "甲 乙 丙", None) is None


def _segmentation(draw, text):
    cuts = draw(st.lists(st.booleans(), min_size=len(text) - 1, max_size=len(text) - 1))
    words, current = [], text[0]
    for char, cut in zip(text[1:], cuts, strict=True):
        if cut:
            words.append(current)
            current = char
        else:
            current += char
    words.append(current)
    return words


@st.composite
def two_segmentations(draw):
    text = draw(st.text(alphabet="甲乙丙丁戊己", min_size=1, max_size=40))
    return _segmentation(draw, text), _segmentation(draw, text)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(two_segmentations(), st.sets(st.sampled_from(["甲", "乙", "甲乙", "丙丁", "戊"])))
def test_the_reference_agrees_with_the_span_counter(pair, dictionary):
    gold, pred = pair
    gold_spans, pred_spans = spans_of(gold), spans_of(pred)
    oov_spans = [
        span for span, word in zip(gold_spans, gold, strict=True) if word not in dictionary
    ]
    expected, gold_marks, pred_marks = count_spans(gold_spans, oov_spans, pred_spans)
    line = align_equal_words(gold, pred, dictionary)
    assert (line.counts, line.gold_marks, line.pred_marks) == (expected, gold_marks, pred_marks)
    found = count_equal_text(" ".join(gold), " ".join(pred), dictionary)
    assert found is not None
    assert found.counts == expected


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(two_segmentations())
def test_edit_counts_add_up(pair):
    gold, pred = pair
    block = count_equal_text(" ".join(gold), " ".join(pred), None)
    assert block is not None
    found = block.counts
    rp, pp, tp, s, i, d = (
        found.gold_words,
        found.pred_words,
        found.correct,
        found.substitutions,
        found.insertions,
        found.deletions,
    )
    assert tp == rp - s - d == pp - s - i
    assert min(s, i, d) >= 0
    # Correct words are exactly the shared spans.
    assert tp == len(set(spans_of(gold)) & set(spans_of(pred)))


@st.composite
def multi_line_segmentations(draw):
    lines = draw(
        st.lists(st.text(alphabet="甲乙丙丁", min_size=0, max_size=12), min_size=1, max_size=6)
    )
    gold = [" ".join(_segmentation(draw, line)) if line else "" for line in lines]
    pred = [" ".join(_segmentation(draw, line)) if line else "" for line in lines]
    return gold, pred


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(multi_line_segmentations())
def test_a_block_counts_the_same_as_its_sentences(pair):
    from wsscore import score

    gold, pred = pair
    assume(any(gold))  # a gold without a word is refused (tests/scoring/test_in_memory_inputs)
    whole = score(gold, [pred]).systems[0].counts
    by_sentence = score(gold, [pred], keep_sentences=True).systems[0]
    summed = [sum(column) for column in zip(*(r for _, r in by_sentence.sentences), strict=True)]
    assert whole == by_sentence.counts
    if by_sentence.sentences:
        assert tuple(summed) == whole.as_tuple()


@st.composite
def rebroken_segmentations(draw):
    """Gold lines, and a prediction of the same characters whose line breaks fall elsewhere."""
    lines = draw(
        st.lists(st.text(alphabet="甲乙丙", min_size=1, max_size=8), min_size=1, max_size=5)
    )
    gold = [" ".join(_segmentation(draw, line)) for line in lines]
    words = _segmentation(draw, "".join(lines))
    # As many prediction lines as gold lines where possible, so that the fast block path (which
    # needs equal line counts) is the one exercised; elsewhere the lines are re-aligned.
    positions = range(1, len(words))
    wanted = min(len(lines) - 1, len(positions))
    cuts = (
        set(
            draw(
                st.lists(st.sampled_from(positions), min_size=wanted, max_size=wanted, unique=True)
            )
        )
        if wanted
        else set()
    )
    pred, current = [], [words[0]]
    for position, word in enumerate(words[1:], 1):
        if position in cuts:
            pred.append(" ".join(current))
            current = [word]
        else:
            current.append(word)
    pred.append(" ".join(current))
    return gold, pred


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(rebroken_segmentations())
def test_a_block_with_other_line_breaks_counts_as_the_sentence_by_sentence_alignment(pair):
    from wsscore import score

    gold, pred = pair
    whole = score(gold, [pred], inputs=InputOptions(mismatch="align")).systems[0].counts
    by_sentence = score(
        gold, [pred], inputs=InputOptions(mismatch="align"), keep_sentences=True
    ).systems[0]
    assert whole == by_sentence.counts
    assert whole.misaligned_chars == 0
