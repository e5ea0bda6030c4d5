"""Where an open stretch closes: the decision the aligner waits for before counting it.

A stretch opens at a gold line whose prediction line differs. While its two sides may still
hold the same characters (only the line breaks differ), the prediction is read as far as the
gold's characters go; once they are known to differ, the stretch closes at an anchor
(:mod:`wsscore.align.anchors`), or at the end of the gold.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from wsscore.align.anchors import AnchorSearch
from wsscore.align.buffers import StretchBuffers
from wsscore.align.characters import common_prefix_length
from wsscore.align.divergence import MismatchError, StretchLines, character_at, divergence_at
from wsscore.align.limits import ReadLimits
from wsscore.align.lines import chars_of_lines
from wsscore.align.prediction import PredictionLines


class Closing(NamedTuple):
    """The stretch closes after its first ``gold_end`` gold and ``pred_end`` prediction lines
    (the lines after them start again); ``same_chars`` when both sides hold the same
    characters."""

    gold_end: int
    pred_end: int
    same_chars: bool = False


class StretchCloser:
    """Finds where the open stretch closes, reading prediction lines into its buffers as far as
    that needs and the limits allow."""

    def __init__(
        self,
        prediction: PredictionLines,
        buffers: StretchBuffers,
        limits: ReadLimits,
        stop_at_first_mismatch: bool,
    ):
        self._prediction = prediction
        self._buffers = buffers
        self._limits = limits
        self._stop_at_first_mismatch = stop_at_first_mismatch
        self._anchors = AnchorSearch()

    def closing(self, gold_ended: bool, last_gold: int) -> Closing | None:
        """Where the stretch closes; None while it needs more gold lines (never once the gold
        has ended). ``last_gold``: the number of the last gold line fed, for messages."""
        buffers = self._buffers
        if buffers.comparing:
            # The prediction is read while it is a shorter prefix of the gold (every useful
            # line adds a character: a run of empty lines stops at the limit).
            limit = buffers.gold_total + self._limits.allowed()
            while buffers.pred_total < buffers.gold_total and (
                buffers.agreement() == buffers.pred_total and len(buffers.pred) <= limit
            ):
                pred = self._prediction.next()
                if pred is None:
                    break
                buffers.add_pred(pred)
            agreed = buffers.agreement()
            if agreed == buffers.gold_total and not gold_ended:
                if agreed == buffers.pred_total:
                    # Same characters, different line breaks (or empty lines): exact.
                    return Closing(len(buffers.gold), len(buffers.pred), same_chars=True)
                return None  # or the prediction's line runs on into the next gold line(s)
            gold_chars = chars_of_lines(buffers.gold)
            pred_chars = chars_of_lines(buffers.pred)
            if gold_chars == pred_chars:
                return Closing(len(buffers.gold), len(buffers.pred), same_chars=True)
            self._start_differing(gold_chars, pred_chars, last_gold)
            if self._cut_short(agreed):
                return Closing(len(buffers.gold), len(buffers.pred))
        return self._closing_at_anchor(gold_ended, last_gold)

    def _cut_short(self, agreed: int) -> bool:
        """Whether the prediction has ended inside the stretch's gold text (its side is the
        start of the gold's, ``agreed`` characters) with no pair of lines a later gold line
        could anchor: the gold's lines to come would only add to the difference at the
        stretch's end, so it closes at once (and they face nothing)."""
        if agreed != self._buffers.pred_total or not self._prediction.exhausted:
            return False
        return not self._anchors.may_find_later()

    def _start_differing(self, gold_chars: str, pred_chars: str, last_gold: int) -> None:
        """The stretch's characters differ: refuse them (``--mismatch error``), or look for
        an anchor from now on."""
        buffers = self._buffers
        if self._stop_at_first_mismatch:
            stop = common_prefix_length(gold_chars, pred_chars)
            place = StretchLines(buffers.gold, buffers.pred, last_gold, self._prediction.lines_read)
            raise MismatchError(
                divergence_at(
                    place,
                    stop,
                    stop,
                    character_at(gold_chars, stop),
                    character_at(pred_chars, stop),
                )
            )
        buffers.stop_comparing()
        self._anchors = AnchorSearch.of(buffers.gold, buffers.pred)

    def _closing_at_anchor(self, gold_ended: bool, last_gold: int) -> Closing | None:
        """Close the stretch at an anchor: equal gold and prediction lines, confirmed."""
        gold_buf, pred_buf, anchors = self._buffers.gold, self._buffers.pred, self._anchors
        for gold in gold_buf[len(anchors.gold_seen) :]:
            anchors.add_gold(gold)
        # Once the gold has ended, or the stretch holds all the gold it may past the end of
        # the prediction, no later line can give a better anchor than those found.
        ended = gold_ended or self._gold_past_prediction()
        anchor = self._anchor(ended, last_gold)
        if anchor is None and not ended and self._gold_past_prediction():
            ended = True  # the prediction's end was read just now
            anchor = anchors.best(math.inf)
        if anchor is not None:
            return Closing(*anchor)
        if not ended:
            return None
        return Closing(len(gold_buf), len(pred_buf))

    def _gold_past_prediction(self) -> bool:
        """Whether the prediction has ended and the stretch holds as much gold beyond its
        prediction side as it may (:meth:`~wsscore.align.limits.ReadLimits.may_read_gold_on`):
        it closes, and the gold's lines after it face nothing."""
        if not self._prediction.exhausted:
            return False
        return not self._limits.may_read_gold_on(self._buffers.excess)

    def _anchor(self, gold_ended: bool, last_gold: int) -> tuple[int, int] | None:
        """The stretch's anchor, reading prediction lines while a better one may still come."""
        anchors = self._anchors
        anchors.gold_complete = gold_ended
        while True:
            # A pair of lines completed later starts at gold line i >= G - 1 (then j >= 0) or
            # at prediction line j >= P - 1 (then i >= 1).
            least = math.inf if gold_ended else len(anchors.gold_seen) - 1
            if not self._prediction.exhausted:
                least = min(least, len(anchors.pred_seen))
            anchor = anchors.best(least)
            if anchor is not None or not self._may_read_pred(gold_ended, last_gold):
                return anchor
            pred = self._prediction.next()
            if pred is not None:
                self._buffers.add_pred(pred)
                anchors.add_pred(pred)

    def _may_read_pred(self, gold_ended: bool, last_gold: int) -> bool:
        """Whether a differing stretch reads one more prediction line
        (:class:`~wsscore.align.limits.ReadLimits`)."""
        if self._prediction.exhausted:
            return False
        buffers = self._buffers
        if gold_ended:
            self._limits.refuse_overrun(
                buffers.excess, last_gold, self._prediction.lines_read, buffers.pred_blank_lines
            )
            return True
        return self._limits.may_read_ahead(len(buffers.pred), len(buffers.gold), buffers.excess)
