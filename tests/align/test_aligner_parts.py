"""The parts of the streaming aligner, each on its own: the prediction's lines, the stretch
buffers, the limits, the place of a divergence and the closing of a stretch."""

from __future__ import annotations

import pytest

from wsscore.align.buffers import StretchBuffers
from wsscore.align.closing import Closing, StretchCloser
from wsscore.align.divergence import StretchLines, divergence_at
from wsscore.align.limits import ExtraTextLimit, GoldOverrun, PredictionOverrun, ReadLimits
from wsscore.align.lines import GoldLine, PredLine
from wsscore.align.prediction import PredictionLines

# --- the prediction's lines ----------------------------------------------------------------------


def test_lines_pushed_back_are_read_again_under_their_numbers():
    prediction = PredictionLines(iter(["甲 乙", "丙", "丁 戊", "己"]))
    first, second = prediction.next(), prediction.next()
    assert (first.number, second.number) == (1, 2)
    taken = prediction.take(2)
    assert taken == ["丁 戊", "己"]
    assert prediction.lines_read == 4
    prediction.push_back([second.text, *taken])
    assert prediction.lines_read == 1
    assert [(line.number, line.text) for line in iter(prediction.next, None)] == [
        (2, "丙"),
        (3, "丁 戊"),
        (4, "己"),
    ]
    assert prediction.exhausted


def test_lines_pushed_back_later_come_before_those_pushed_back_earlier():
    prediction = PredictionLines(iter(["a", "b", "c", "d"]))
    assert prediction.take(3) == ["a", "b", "c"]
    prediction.push_back(["c"])  # as a stretch gives back the lines after its anchor
    prediction.push_back(["a", "b"])  # then the lines before it: they are read first
    assert prediction.take(4) == ["a", "b", "c", "d"]


def test_take_reads_the_pushed_back_lines_first_then_the_source():
    prediction = PredictionLines(iter(["a", "b", "c"]))
    prediction.next()
    prediction.push_back(["a"])
    assert prediction.take(2) == ["a", "b"]
    assert prediction.take(5) == ["c"]
    assert prediction.lines_read == 3


def test_a_repeated_line_shares_the_strings_of_the_one_before():
    prediction = PredictionLines(iter(["甲 乙"] * 3))
    lines = [prediction.next() for _ in range(3)]
    assert lines[1].text is lines[0].text
    assert lines[2].chars is lines[0].chars


def test_draining_an_endless_prediction_stops_after_max_lines():
    def endless():
        while True:
            yield "甲"

    assert PredictionLines(iter(["a", "b"])).drain() == (2, True)
    assert PredictionLines(endless()).drain(max_lines=10) == (11, False)


# --- the stretch buffers -------------------------------------------------------------------------


def test_the_buffers_agree_across_line_breaks_as_far_as_both_sides_go():
    buffers = StretchBuffers()
    buffers.add_gold(GoldLine(1, "甲乙 丙"))
    buffers.add_gold(GoldLine(2, "丁戊"))
    buffers.add_pred(PredLine(1, "甲乙"))
    assert buffers.agreement() == 2
    buffers.add_pred(PredLine(2, "丙 丁 己"))
    assert buffers.agreement() == 4  # 甲乙丙丁, then 戊 against 己
    assert (buffers.gold_total, buffers.pred_total) == (5, 5)


def test_buffers_that_stop_comparing_keep_lines_and_sizes_only():
    buffers = StretchBuffers()
    buffers.add_gold(GoldLine(1, "甲乙"))
    buffers.stop_comparing()
    buffers.add_pred(PredLine(1, "甲乙丙"))
    buffers.add_pred(PredLine(2, ""))  # a line of white space is not text: counted apart
    assert buffers.pred_total == 0
    assert (buffers.excess, buffers.pred_blank_lines) == (1, 1)
    buffers.add_gold(GoldLine(2, ""))  # an empty gold line counts one, so that a run ends
    assert buffers.excess == 0
    buffers.clear()
    assert buffers.comparing
    assert (buffers.gold, buffers.pred, buffers.excess) == ([], [], 0)


# --- the limits ----------------------------------------------------------------------------------


def test_the_limits_grow_with_the_gold_fed():
    limits = ReadLimits(ExtraTextLimit(0.5, 3))
    assert limits.allowed() == 3
    limits.add_gold("甲乙 丙丁\n戊己 庚辛\n")  # spaces and line feeds do not count
    assert (limits.gold_chars, limits.allowed()) == (8, 4)
    assert limits.may_read_ahead(pred_lines=2, gold_lines=2, excess=4)
    assert not limits.may_read_ahead(pred_lines=3, gold_lines=2, excess=0)
    assert not limits.may_read_ahead(pred_lines=1, gold_lines=2, excess=5)


def test_an_overrun_names_the_lines_the_excess_and_the_limit():
    limits = ReadLimits(ExtraTextLimit(0.5, 3, " (advice)"))
    limits.add_gold("甲乙丙丁戊己庚辛")
    limits.refuse_overrun(4, gold_line=7, pred_line=9)  # at the limit: allowed
    with pytest.raises(PredictionOverrun) as raised:
        limits.refuse_overrun(5, gold_line=7, pred_line=9)
    overrun = raised.value
    assert (overrun.gold_line, overrun.pred_line, overrun.excess) == (7, 9, 5)
    assert "the limit is 4: 50% of the gold's 8 characters, and at least 3" in overrun.message
    assert overrun.hint.endswith("wrong file? (advice)")


def test_a_gold_from_a_stream_may_go_past_the_predictions_end_up_to_the_limit():
    limits = ReadLimits(ExtraTextLimit(0.5, 3), gold_may_not_end=True)
    limits.add_gold("甲乙丙丁戊己庚辛")  # 8 characters read when the prediction ends
    limits.add_gold_past_end(3, gold_line=9, pred_line=8)
    limits.add_gold("壬癸子丑")  # read later: the limit stays half of the 8
    limits.add_gold_past_end(1, gold_line=10, pred_line=8)  # 4 in all: allowed
    with pytest.raises(GoldOverrun) as raised:
        limits.add_gold_past_end(1, gold_line=11, pred_line=8)
    overrun = raised.value
    assert (overrun.gold_line, overrun.pred_line, overrun.excess) == (11, 8, 5)
    assert "the prediction ends at line 8, and by line 11 the gold has 5 characters" in str(overrun)
    assert "the limit is 4: 50% of the 8 characters of the gold read by then" in overrun.message
    # A gold file ends: it is read to its end whatever the prediction lacks.
    file_limits = ReadLimits(ExtraTextLimit(0.5, 3))
    file_limits.add_gold_past_end(1_000_000, gold_line=11, pred_line=8)


def test_once_the_prediction_has_ended_a_stretch_takes_gold_up_to_the_floor():
    limits = ReadLimits(ExtraTextLimit(0.5, 3))
    limits.add_gold("甲" * 100)  # a share of the gold does not count: the floor is fixed
    assert limits.may_read_gold_on(excess=-3)
    assert not limits.may_read_gold_on(excess=-4)


# --- where two sides differ ----------------------------------------------------------------------


def test_a_divergence_is_named_by_line_and_column_as_written():
    gold = [GoldLine(4, "甲乙 丙"), GoldLine(5, "丁")]
    pred = [PredLine(6, "甲乙  X丁")]
    place = divergence_at(StretchLines(gold, pred, 5, 6), 2, 2, "丙", "X")
    assert (
        place.describe()
        == "gold line 4 col 4 has '丙' U+4E19, prediction line 6 col 5 has 'X' U+0058"
    )


def test_a_side_without_a_character_there_names_the_line_after_the_stretch():
    gold = [GoldLine(1, "甲乙")]
    pred = [PredLine(1, "甲")]
    following = (None, PredLine(2, "  乙"))
    place = divergence_at(StretchLines(gold, pred, 1, 1, following), 1, 1, "乙", "")
    assert (place.pred_line, place.pred_col) == (2, 3)
    ended = divergence_at(StretchLines(gold, pred, 1, 1), 1, 1, "乙", "")
    assert (ended.pred_line, ended.pred_col) == (1, 0)


# --- closing a stretch ---------------------------------------------------------------------------


def _closer(gold: list[str], pred: list[str]) -> tuple[StretchCloser, StretchBuffers]:
    """A closer over a stretch opened at the first gold and prediction lines."""
    prediction = PredictionLines(iter(pred))
    buffers = StretchBuffers()
    for number, text in enumerate(gold, 1):
        buffers.add_gold(GoldLine(number, text))
    buffers.add_pred(prediction.next())
    limits = ReadLimits(ExtraTextLimit(0.1, 100))
    return StretchCloser(prediction, buffers, limits, stop_at_first_mismatch=False), buffers


def test_other_line_breaks_close_where_both_sides_end_together():
    closer, buffers = _closer(["甲乙 丙", "丁 戊"], ["甲乙", "丙 丁 戊", "己"])
    assert closer.closing(gold_ended=False, last_gold=2) == Closing(2, 2, same_chars=True)
    assert buffers.comparing


def test_differing_characters_close_at_the_confirmed_anchor():
    gold = ["甲", "乙", "丙", "丁", "戊"]
    pred = ["X", "乙", "丙", "丁", "戊"]
    closer, buffers = _closer(gold, pred)
    assert closer.closing(gold_ended=False, last_gold=5) == Closing(1, 1)
    assert not buffers.comparing


def test_a_prediction_cut_short_inside_the_stretch_closes_it_at_once():
    # The prediction's side is the start of the gold's and the prediction has ended: no later
    # gold line can change where it aligns.
    closer, _ = _closer(["甲乙 丙", "丁"], ["甲乙"])
    assert closer.closing(gold_ended=False, last_gold=2) == Closing(2, 1)


def test_a_prediction_cut_short_with_a_pair_of_lines_waits_for_an_anchor():
    # Its two lines could still equal two gold lines read later.
    closer, _ = _closer(["甲乙丙 丁", "戊"], ["甲", "乙丙"])
    assert closer.closing(gold_ended=False, last_gold=2) is None


def test_an_ended_prediction_whose_stretch_differs_closes_past_the_floor():
    gold = ["甲乙", "丙丁" * 30, "戊己" * 30, "庚辛" * 30]
    closer, _ = _closer(gold[:2], ["X"])  # floor 100: 62 characters of gold, 1 of prediction
    assert closer.closing(gold_ended=False, last_gold=2) is None
    closer, _ = _closer(gold[:3], ["X"])  # 122 characters: more than 100 past its side
    assert closer.closing(gold_ended=False, last_gold=3) == Closing(3, 1)
