"""Where a prediction's characters differ from the gold's, named by line and column.

A :class:`Divergence` is what warnings and errors show of a differing stretch; a place is found
from the stretch's lines (:class:`StretchLines`) and a character offset into each side.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from typing import NamedTuple

from wsscore.align.lines import GoldLine, PredLine, TextPositions, line_starts
from wsscore.core.definitions import SEPARATORS
from wsscore.formatting import LOOK_ALIKE, code_points, shown

# How many characters of each side's differing text a divergence shows.
SHOWN_CHARS = 20


class Divergence(NamedTuple):
    """One place where the prediction's characters differ from the gold's (1-based)."""

    gold_line: int
    gold_col: int
    pred_line: int
    pred_col: int
    gold_text: str
    pred_text: str

    def describe(self, units: tuple[str, str] = ("line", "line")) -> str:
        """``units`` name what the gold's and the prediction's numbers count: lines, or the
        sentences of a file in another format than words."""
        # Short differing texts are often look-alikes ('é' and 'e' + U+0301, 'c' and 'ｃ'):
        # their code points tell them apart.
        points = 0 < len(self.gold_text) <= LOOK_ALIKE and 0 < len(self.pred_text) <= LOOK_ALIKE
        gold = ("gold", units[0], self.gold_line, self.gold_col, self.gold_text)
        pred = ("prediction", units[1], self.pred_line, self.pred_col, self.pred_text)
        return f"{self._side(*gold, points)}, {self._side(*pred, points)}"

    @staticmethod
    def _side(name: str, unit: str, line: int, col: int, text: str, points: bool) -> str:
        if col == 0:  # this side has no character there: it has ended
            return f"the {name} has ended (after {unit} {line})" if line else f"the {name} is empty"
        if not text:
            return f"the {name} has nothing in its place (at {unit} {line} col {col})"
        described = f"{shown(text)} {code_points(text)}" if points else shown(text)
        return f"{name} {unit} {line} col {col} has {described}"


class MismatchError(Exception):
    """Raised under ``--mismatch error`` at the first character that differs."""

    def __init__(self, divergence: Divergence):
        super().__init__(divergence.describe())
        self.divergence = divergence


class StretchLines(NamedTuple):
    """The lines of a stretch, and what names a place where a side has no character: the last
    line number read on that side where it has ended, the line right after the stretch where
    it goes on."""

    gold: list[GoldLine]
    pred: list[PredLine]
    last_gold: int
    last_pred: int
    following: tuple[GoldLine | None, PredLine | None] = (None, None)


def divergence_at(
    stretch: StretchLines, gold_pos: int, pred_pos: int, gold_text: str, pred_text: str
) -> Divergence:
    """The place of the gold's character ``gold_pos`` and the prediction's ``pred_pos`` in the
    stretch (offsets into its characters), with the start of the texts that differ there."""
    gold_line, gold_col = line_and_column(
        stretch.gold, gold_pos, stretch.last_gold, stretch.following[0]
    )
    pred_line, pred_col = line_and_column(
        stretch.pred, pred_pos, stretch.last_pred, stretch.following[1]
    )
    return Divergence(
        gold_line, gold_col, pred_line, pred_col, gold_text[:SHOWN_CHARS], pred_text[:SHOWN_CHARS]
    )


def character_at(text: str, position: int) -> str:
    """The character at ``position`` with the combining marks after it ('e' + U+0301 is shown
    as the 'é' it looks like, not as 'e')."""
    end = position + 1
    while end < len(text) and unicodedata.combining(text[end]):
        end += 1
    return text[position:end]


def line_and_column(
    lines: list[GoldLine] | list[PredLine],
    position: int,
    last_number: int,
    following: GoldLine | PredLine | None = None,
) -> tuple[int, int]:
    """Line number and column of a character; column 0 when the side has no character there."""
    starts = list(line_starts(lines))
    if not lines or position >= starts[-1] + len(lines[-1].chars):
        if following is not None:  # the stretch ends here, the file goes on
            return following.number, column_in_line(following.text, 0)
        with_text = [line.number for line in lines if line.chars]
        return (with_text[-1] if with_text else last_number), 0
    index = max(bisect_right(starts, position) - 1, 0)
    while (
        index > 0 and position >= starts[index] + len(lines[index].chars) and not lines[index].chars
    ):
        index -= 1
    line = lines[index]
    return line.number, column_in_line(line.text, position - starts[index])


# Columns count every character but white space and U+FEFF (str.isspace() takes U+001C..U+001F);
# lines longer than this are counted at C speed.
_NOT_COUNTED_IN_COLUMNS = SEPARATORS + "\x1c\x1d\x1e\x1f"
_LONG_LINE = 1_000


def column_in_line(text: str, char_index: int) -> int:
    """1-based column in the line as written of its ``char_index``-th non-space character."""
    if len(text) > _LONG_LINE:  # counted at C speed rather than character by character
        positions = TextPositions(text, _NOT_COUNTED_IN_COLUMNS)
        if char_index >= positions.count():
            return len(text) + 1
        return positions.position_after(char_index + 1)
    seen = -1
    for column, char in enumerate(text, 1):
        if not char.isspace() and char != "\ufeff":
            seen += 1
            if seen == char_index:
                return column
    return len(text) + 1
