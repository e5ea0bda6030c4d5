"""The lines of an open stretch, buffered on both sides until the aligner closes it.

Besides the lines, the buffers keep what the aligner's decisions need without going over the
lines again: their sizes for the limits, and how many leading characters both sides share.
"""

from __future__ import annotations

from bisect import bisect_right

from wsscore.align.characters import common_prefix_length
from wsscore.align.lines import GoldLine, PredLine


class StretchBuffers:
    """The gold and prediction lines of the open stretch."""

    def __init__(self) -> None:
        self.gold: list[GoldLine] = []
        self.pred: list[PredLine] = []
        # Sizes of the buffers for the limits: characters, an empty gold line counting one (so
        # that an endless run of them ends too); the prediction's lines of white space are not
        # text and count apart (ReadLimits).
        self._gold_size = 0
        self._pred_size = 0
        self.pred_blank_lines = 0
        # Where each buffered line starts in its side's characters, the totals, and how many
        # leading characters both sides are known to share: each is compared once, not again
        # for every line that comes (a prediction on one line would make that quadratic).
        self._gold_starts: list[int] = []
        self._pred_starts: list[int] = []
        self.gold_total = self.pred_total = 0
        self._agreed = 0
        self._differs = False
        self.comparing = True  # until the characters are known to differ (stop_comparing)

    @property
    def excess(self) -> int:
        """How many characters the prediction's side has more than the gold's, in the sizes
        of the limits."""
        return self._pred_size - self._gold_size

    def add_gold(self, line: GoldLine) -> None:
        self.gold.append(line)
        self._gold_size += len(line.chars) or 1
        self._gold_starts.append(self.gold_total)
        self.gold_total += len(line.chars)

    def add_pred(self, line: PredLine) -> None:
        self.pred.append(line)
        self._pred_size += len(line.chars)
        self.pred_blank_lines += not line.chars
        if self.comparing:  # only the agreement needs them
            self._pred_starts.append(self.pred_total)
            self.pred_total += len(line.chars)

    def stop_comparing(self) -> None:
        """The stretch's characters are known to differ: :meth:`agreement` is no longer asked,
        and the prediction's character offsets are no longer kept."""
        self.comparing = False

    def clear(self) -> None:
        self.gold.clear()
        self.pred.clear()
        self._gold_size = self._pred_size = self.pred_blank_lines = 0
        self._gold_starts.clear()
        self._pred_starts.clear()
        self.gold_total = self.pred_total = self._agreed = 0
        self._differs = False
        self.comparing = True

    def agreement(self) -> int:
        """How many leading characters both sides of the stretch share, as far as read."""
        end = min(self.gold_total, self.pred_total)
        if not self._differs and end > self._agreed:
            gold = _chars_between(self.gold, self._gold_starts, self._agreed, end)
            pred = _chars_between(self.pred, self._pred_starts, self._agreed, end)
            same = common_prefix_length(gold, pred)
            self._differs = same < len(gold)
            self._agreed += same
        return self._agreed


def _chars_between(
    lines: list[GoldLine] | list[PredLine], starts: list[int], start: int, end: int
) -> str:
    """Characters [start, end) of buffered lines (``starts``: where each line starts)."""
    index = bisect_right(starts, start) - 1
    parts = []
    while start < end:
        line_start, chars = starts[index], lines[index].chars
        piece = chars[start - line_start : end - line_start]
        parts.append(piece)
        start += len(piece)
        index += 1
    return "".join(parts)
