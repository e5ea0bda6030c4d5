from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.counting import boundaries, count_equal_chars, count_spans, oov_ends
from wsscore.words import spans_of


def test_the_metrics_md_example_by_hand():
    gold = "结婚 的 和 尚未 结婚 的 都 应该 好好 考虑 一下 人生 大事".split()
    pred = "结婚 的 和尚 未结婚 的 都 应该 好好考虑 一下 人生大事".split()
    dictionary = set("结婚 尚未 的 和 青年 都 应该 好好考虑 自己 人生 大事".split())
    ends = boundaries(map(len, gold))
    counts = count_equal_chars(ends, oov_ends(gold, ends, dictionary), boundaries(map(len, pred)))
    # RP, PP, TP, OOV, OOV_TP, S, I, D: 6 correct; 好好/考虑/一下 are OOV, only 一下 right.
    # Stretches: 和 尚未 结婚 | 和尚 未结婚 (S2 D1), 好好 考虑 | 好好考虑 (S1 D1),
    # 人生 大事 | 人生大事 (S1 D1).
    assert counts == (13, 10, 6, 3, 1, 4, 0, 3)


def test_identical_segmentations():
    ends = boundaries([2, 1, 3])
    assert count_equal_chars(ends, [3], ends) == (3, 3, 3, 1, 1, 0, 0, 0)


def test_insertions():
    gold, pred = boundaries([4]), boundaries([1, 1, 1, 1])
    assert count_equal_chars(gold, [], pred) == (1, 4, 0, 0, 0, 1, 3, 0)


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


@settings(max_examples=400, deadline=None)
@given(two_segmentations(), st.sets(st.sampled_from(["甲", "乙", "甲乙", "丙丁", "戊"])))
def test_boundary_counter_agrees_with_span_counter(pair, dictionary):
    gold, pred = pair
    gold_spans, pred_spans = spans_of(gold), spans_of(pred)
    oov_spans = [
        span for span, word in zip(gold_spans, gold, strict=True) if word not in dictionary
    ]
    expected, _, _ = count_spans(gold_spans, oov_spans, pred_spans)
    ends = boundaries(map(len, gold))
    assert (
        count_equal_chars(ends, oov_ends(gold, ends, dictionary), boundaries(map(len, pred)))
        == expected
    )


@settings(max_examples=300, deadline=None)
@given(two_segmentations())
def test_edit_counts_add_up(pair):
    gold, pred = pair
    rp, pp, tp, _, _, s, i, d = count_equal_chars(
        boundaries(map(len, gold)), [], boundaries(map(len, pred))
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


@settings(max_examples=300, deadline=None)
@given(multi_line_segmentations())
def test_a_block_counts_the_same_as_its_sentences(pair):
    from wsscore import score

    gold, pred = pair
    whole = score(gold, [pred]).systems[0].counts
    by_sentence = score(gold, [pred], keep_sentences=True).systems[0]
    summed = [sum(column) for column in zip(*(r for _, r in by_sentence.sentences), strict=True)]
    assert whole == by_sentence.counts
    if by_sentence.sentences:
        assert tuple(summed) == whole.as_tuple()
