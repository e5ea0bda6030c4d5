"""How far a prediction may be read beyond the gold's text, and the error past that limit.

They keep the aligner's memory bounded, and make an endless prediction end with an error,
whatever the input (:class:`ReadLimits`).
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


class PredictionOverrun(MismatchError):
    """The prediction goes on past the end of the gold with more text than the gold can match.

    A :class:`MismatchError`, so that a chunk scored apart (``--jobs``) gives way to the single
    run, which reports it.
    """

    def __init__(
        self, gold_line: int, pred_line: int, excess: int, limit: ExtraTextLimit, gold_chars: int
    ):
        allowed = limit.allowed(gold_chars)
        self.message = (
            f"the prediction goes on past the end of the gold: the gold ends at line {gold_line}, "
            f"and by line {pred_line} the prediction has {excess} characters more than the gold "
            f"can match (the limit is {allowed}: {limit.share:.0%} of the gold's {gold_chars} "
            f"characters, and at least {limit.floor})"
        )
        self.hint = (
            "is it the output for another test set, several files concatenated, or the wrong "
            f"file?{limit.advice}"
        )
        self.gold_line, self.pred_line, self.excess = gold_line, pred_line, excess
        Exception.__init__(self, self.message)
        self.divergence = Divergence(gold_line, 0, pred_line, 1, "", "")


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
      come, without keeping them (:mod:`wsscore.align.past_end`).

    In these sizes an empty line counts as one character, so that endless empty lines end too;
    the gold's size is its characters but spaces and line feeds (other white space, rare in a
    gold, counts too: :func:`approximate_chars`).
    """

    def __init__(self, limit: ExtraTextLimit):
        self._limit = limit
        self.gold_chars = 0  # about: the gold's characters fed so far

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

    def refuse_overrun(self, excess: int, gold_line: int, pred_line: int) -> None:
        """Raise :class:`PredictionOverrun` if ``excess`` characters past the end of the gold
        (at its line ``gold_line`` and the prediction's ``pred_line``) are beyond the limit."""
        if excess > self.allowed():
            raise PredictionOverrun(gold_line, pred_line, excess, self._limit, self.gold_chars)


def approximate_chars(text: str) -> int:
    """Characters of a text but spaces and line feeds (other white space, rare, counts too):
    the gold's size for the limits, at C speed."""
    return len(text) - text.count(" ") - text.count("\n")
