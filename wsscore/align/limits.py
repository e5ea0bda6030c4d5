"""How far a prediction may be read beyond the gold's text, and the gold beyond the
prediction's, and the errors past those limits.

They keep the aligner's memory bounded, and make an endless prediction, or an endless gold read
from a stream, end with an error, whatever the input (:class:`ReadLimits`).
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.align.divergence import Divergence, MismatchError


class ExtraTextLimit(NamedTuple):
    """How much more text than the gold can match a prediction may have once the gold has ended
    (see :class:`ReadLimits`): ``share`` of the gold's characters, at least ``floor``."""

    share: float
    floor: int
    advice: str = ""  # ends the error's hint

    def allowed(self, gold_chars: int) -> int:
        return max(self.floor, int(self.share * gold_chars))


# Per --mismatch policy. "warn" refuses as soon as the text past the gold's end exceeds 10% of
# the gold (its limit for differing sentences is 10% too); "align" takes up to the gold's size
# again; "error" refuses the first character past the end anyway.
EXTRA_TEXT_LIMITS = {
    "warn": ExtraTextLimit(0.10, 10_000, " --mismatch align takes as much again as the gold"),
    "error": ExtraTextLimit(0.10, 10_000),
    "align": ExtraTextLimit(1.0, 200_000),
}


# Lines of white space are not text: past the gold's end they count in no limit of characters,
# but an endless run of them ends at this many.
BLANK_LINES_PAST_END = 100_000


class PredictionOverrun(MismatchError):
    """The prediction goes on past the end of the gold with more text than the gold can match.

    A :class:`MismatchError`, so that a chunk scored apart (``--jobs``) gives way to the single
    run, which reports it.
    """

    def __init__(
        self,
        gold_line: int,
        pred_line: int,
        excess: int,
        limit: ExtraTextLimit,
        gold_chars: int,
        *,
        blank_lines: int = 0,
    ):
        if blank_lines:
            over = f"{blank_lines:,} lines of white space (the limit is {BLANK_LINES_PAST_END:,})"
        else:
            over = (
                f"{excess} characters more than the gold can match (the limit is "
                f"{limit.allowed(gold_chars)}: {limit.share:.0%} of the gold's {gold_chars} "
                f"characters, and at least {limit.floor})"
            )
        self.message = (
            f"the prediction goes on past the end of the gold: the gold ends at line {gold_line}, "
            f"and by line {pred_line} the prediction has {over}"
        )
        self.hint = (
            "is it the output for another test set, several files concatenated, or the wrong "
            f"file?{limit.advice}"
        )
        self.gold_line, self.pred_line, self.excess = gold_line, pred_line, excess
        Exception.__init__(self, self.message)
        self.divergence = Divergence(gold_line, 0, pred_line, 1, "", "")


class GoldOverrun(MismatchError):
    """The gold, read from a stream that may never end, goes on past the end of the prediction
    with more text than the prediction could have matched (:meth:`ReadLimits.add_gold_past_end`).

    A gold file is read to its end whatever the prediction lacks: only a stream is held to this.
    """

    def __init__(
        self, gold_line: int, pred_line: int, excess: int, limit: ExtraTextLimit, gold_chars: int
    ):
        allowed = limit.allowed(gold_chars)
        self.message = (
            f"the gold goes on past the end of the prediction: the prediction ends at line "
            f"{pred_line}, and by line {gold_line} the gold has {excess} characters more than "
            f"the prediction can match (the limit is {allowed}: {limit.share:.0%} of the "
            f"{gold_chars} characters of the gold read by then, and at least {limit.floor})"
        )
        self.hint = (
            "is the gold's stream endless, or the prediction cut short? A gold given as a file is "
            "read to its end whatever the prediction lacks"
        )
        self.gold_line, self.pred_line, self.excess = gold_line, pred_line, excess
        Exception.__init__(self, self.message)
        self.divergence = Divergence(gold_line, 1, pred_line, 0, "", "")


class ReadLimits:
    """The limits of one prediction: the gold's size as it is fed, and the checks that stop
    reading the prediction ahead of it or refuse the prediction.

    Memory stays bounded on hostile input (an endless prediction, a wrong file, junk appended):

    - while the gold goes on, a differing stretch reads the prediction at most one line ahead of
      its gold lines, and not at all while the prediction's buffered characters exceed the gold's
      by more than ``limit.allowed(gold characters read so far)``: the buffers stay
      proportional to the gold's text (:meth:`may_read_ahead`);
    - once the gold has ended, the prediction may have at most ``limit.allowed(the gold's
      characters)`` characters more than the gold can still match (the open stretch's gold
      lines, or none). Beyond, :class:`PredictionOverrun` is raised at once, so that an endless
      input ends with an error (:meth:`refuse_overrun`). Up to it the counts are exactly those
      of the whole input: lines past the gold's end that nothing can match are counted as they
      come, without keeping them (:mod:`wsscore.align.past_end`);
    - once the prediction has ended, a differing stretch takes at most ``limit.floor``
      characters of gold more than its prediction side holds (:meth:`may_read_gold_on`): an
      anchor or a common end within them closes it as before, and the gold's lines after face
      nothing (:mod:`wsscore.align.unmatched_gold`), counted as they come without being kept,
      so that a prediction that ends early costs what reading the gold costs, whatever the
      gold's size;
    - a gold read from a stream (``gold_may_not_end``), which may be endless, may go on past
      the prediction's end with at most ``limit.allowed(the gold's characters read by then)``
      characters: beyond, :class:`GoldOverrun` is raised (:meth:`add_gold_past_end`).

    In the gold's sizes an empty line counts as one character, so that an endless run of them
    ends too; a prediction's lines of white space are not text: they count in no size, and past
    the gold's end at most :data:`BLANK_LINES_PAST_END` of them are read. The gold's size is its
    characters but spaces and line feeds (other white space, rare in a gold, counts too:
    :func:`approximate_chars`).
    """

    def __init__(self, limit: ExtraTextLimit, *, gold_may_not_end: bool = False):
        self._limit = limit
        self.gold_chars = 0  # about: the gold's characters fed so far
        self._gold_may_not_end = gold_may_not_end
        self._gold_at_pred_end: int | None = None  # gold_chars when the prediction had ended
        self._gold_past_end = 0  # the gold's characters past the prediction's end

    def add_gold(self, text: str) -> None:
        self.gold_chars += approximate_chars(text)

    def allowed(self) -> int:
        """How many characters more than the gold the prediction may have read."""
        return self._limit.allowed(self.gold_chars)

    def may_read_ahead(self, pred_lines: int, gold_lines: int, excess: int) -> bool:
        """Whether a differing stretch of ``gold_lines`` and ``pred_lines`` lines (``excess``
        characters more on the prediction's side) reads one more prediction line while the gold
        goes on: at most one line ahead, and not beyond the limit."""
        return pred_lines <= gold_lines and excess <= self.allowed()

    def may_read_gold_on(self, excess: int) -> bool:
        """Whether a differing stretch takes one more gold line once the prediction has ended
        (``excess``: how many characters its prediction side has more than its gold side, in
        the sizes of the limits): while the gold side has at most ``limit.floor`` more (a
        fixed size, not a share of the gold, so that memory stays flat)."""
        return -excess <= self._limit.floor

    def add_gold_past_end(self, size: int, gold_line: int, pred_line: int) -> None:
        """Count ``size`` characters of gold facing nothing past the prediction's end (which
        ended at its line ``pred_line``), up to the gold's line ``gold_line``; raise
        :class:`GoldOverrun` beyond the limit if the gold may not end."""
        if not self._gold_may_not_end:
            return
        if self._gold_at_pred_end is None:
            self._gold_at_pred_end = self.gold_chars
        self._gold_past_end += size
        if self._gold_past_end > self._limit.allowed(self._gold_at_pred_end):
            raise GoldOverrun(
                gold_line, pred_line, self._gold_past_end, self._limit, self._gold_at_pred_end
            )

    def refuse_overrun(
        self, excess: int, gold_line: int, pred_line: int, blank_lines: int = 0
    ) -> None:
        """Raise :class:`PredictionOverrun` if ``excess`` characters past the end of the gold
        (at its line ``gold_line`` and the prediction's ``pred_line``) are beyond the limit, or
        ``blank_lines`` lines of white space."""
        if excess > self.allowed():
            raise PredictionOverrun(gold_line, pred_line, excess, self._limit, self.gold_chars)
        if blank_lines > BLANK_LINES_PAST_END:
            raise PredictionOverrun(
                gold_line, pred_line, excess, self._limit, self.gold_chars, blank_lines=blank_lines
            )


def approximate_chars(text: str) -> int:
    """Characters of a text but spaces and line feeds (other white space, rare, counts too):
    the gold's size for the limits, at C speed."""
    return len(text) - text.count(" ") - text.count("\n")
