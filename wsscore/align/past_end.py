"""The prediction's lines past the end of the gold: aligned with nothing, counted as they come.

They make one sentence after the gold's last: all their words are insertions, all their
characters misaligned. They are read under the limits (:mod:`wsscore.align.limits`) and not
kept, so that an endless prediction ends with an error rather than filling the memory.
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.align.divergence import (
    SHOWN_CHARS,
    Divergence,
    MismatchError,
    StretchLines,
    column_in_line,
    divergence_at,
)
from wsscore.align.limits import ReadLimits
from wsscore.align.lines import PredLine
from wsscore.align.prediction import PredictionLines
from wsscore.core.records import Counts, SentenceDetail


class PastEnd(NamedTuple):
    """The prediction's lines with characters past the end of the gold, summed."""

    first: PredLine
    words: int
    chars: int
    start: str  # the first characters, for the message
    kept: list[str] | None  # the words, when they are wanted
    sentences: int = 0  # lines with characters

    def counts(self) -> Counts:
        """The counts of the sentence they make."""
        words = self.words
        return Counts(
            pred_words=words, insertions=words, misaligned_lines=1, misaligned_chars=self.chars
        )

    def divergence(self, last_gold: int) -> Divergence:
        """Where they begin, after gold line ``last_gold``."""
        column = column_in_line(self.first.text, 0)
        return Divergence(last_gold, 0, self.first.number, column, "", self.start)

    def detail(self, number: int) -> SentenceDetail | None:
        """Their words and marks (none correct), if they were kept, as sentence ``number``."""
        if self.kept is None:
            return None
        words = self.words
        return SentenceDetail(number, [], self.kept, [], [False] * words, [None] * words)


def read_past_end(
    prediction: PredictionLines,
    limits: ReadLimits,
    last_gold: int,
    *,
    keep_words: bool,
    refuse_any: bool,
) -> PastEnd | None:
    """Read the rest of the prediction (the gold ended at line ``last_gold``); None if it
    holds no character. Raises :class:`~wsscore.align.limits.PredictionOverrun` beyond the
    limits, and :class:`MismatchError` at the first character when ``refuse_any``
    (``--mismatch error``)."""
    first: PredLine | None = None
    words = chars = sentences = 0
    start = ""
    kept: list[str] | None = [] if keep_words else None
    blank = 0  # lines of white space: not text, but an endless run of them must end
    while (pred := prediction.next()) is not None:
        if pred.chars and refuse_any:
            place = StretchLines([], [pred], last_gold, 0)
            raise MismatchError(divergence_at(place, 0, 0, "", pred.chars[:1]))
        if not pred.chars:
            blank += 1
            limits.refuse_overrun(chars, last_gold, prediction.lines_read, blank)
            continue
        limits.refuse_overrun(chars + len(pred.chars), last_gold, prediction.lines_read, blank)
        first = first or pred
        sentences += 1
        chars += len(pred.chars)
        start += pred.chars[: SHOWN_CHARS - len(start)]
        line_words = pred.split()
        words += len(line_words)
        if kept is not None:
            kept += line_words
    if first is None:
        return None
    return PastEnd(first, words, chars, start, kept, sentences)
