"""The gold's lines once the prediction has ended: aligned with nothing, counted as they come.

Each faces nothing: its words are deleted and its characters differ (docs/metrics.md §1.6),
as they would in a stretch that held them all, but they are not kept: where no sentence is
wanted one by one, a block's lines are counted at once through the backend, so that a
prediction that ends early costs about what reading the gold costs, in time and in memory.
One divergence shows where they begin (it goes on the difference that ends the stretch before
them, if one does); a gold read from a stream that may not end is held to the limits
(:meth:`~wsscore.align.limits.ReadLimits.add_gold_past_end`).
"""

from __future__ import annotations

from wsscore.align.divergence import SHOWN_CHARS, Divergence, column_in_line
from wsscore.align.limits import ReadLimits
from wsscore.align.lines import GoldBlock, GoldLine, chars_of
from wsscore.core import backend
from wsscore.core.records import Counts
from wsscore.core.sentence_spans import line_lengths


class UnmatchedGold:
    """The run of gold lines past the prediction's end: what shows it and what bounds it."""

    def __init__(self, limits: ReadLimits, divergences: list[Divergence], max_divergences: int):
        self._limits = limits
        self._divergences = divergences
        self._max_divergences = max_divergences
        # The divergence that shows the run, as an index into ``divergences``: None until the
        # run's first character; -1 when there is none (too many shown before it).
        self._shown: int | None = None

    def go_on_from(self, index: int | None) -> None:
        """The stretch before the run ends with a difference that runs to its end on both
        sides, shown by divergence ``index`` (None: not shown): the run goes on in it."""
        self._shown = -1 if index is None else index

    def note_lines(self, lines: list[GoldLine], pred_line: int) -> None:
        """Gold ``lines`` face nothing (counted by the caller, as a stretch of their own); the
        prediction ended at its line ``pred_line``."""
        for line in lines:
            if not self._wants_text():
                break
            if line.chars:
                self._show(line.number, line.text, line.chars, pred_line)
        size = sum(len(line.chars) or 1 for line in lines)  # an empty line counts one
        self._limits.add_gold_past_end(size, lines[-1].number, pred_line)

    def count_block(self, block: GoldBlock, start: int, pred_line: int) -> Counts:
        """The counts of the block's lines from ``start`` on, all facing nothing: their words
        deleted, their characters differing, each line with characters a misaligned one."""
        lines = block.lines[start:]
        text = block.text if start == 0 else "\n".join(lines)
        lengths = line_lengths(lines, text)
        for index, line in enumerate(lines):
            if not self._wants_text():
                break
            if lengths[index]:
                number = block.first_number + start + index
                self._show(number, line, _leading_chars(line), pred_line)
        chars, empty = sum(lengths), lengths.count(0)
        last = block.first_number + len(block.lines) - 1
        self._limits.add_gold_past_end(chars + empty, last, pred_line)  # an empty line counts one
        found = backend.count_equal_text(text, text, block.dictionary)
        assert found is not None  # a text has its own characters
        words = found.counts
        return Counts(
            gold_words=words.gold_words,
            oov_words=words.oov_words,
            deletions=words.gold_words,
            misaligned_lines=len(lengths) - empty,
            misaligned_chars=chars,
        )

    def _wants_text(self) -> bool:
        """Whether the run's divergence is still to be made or shows fewer characters than
        it may."""
        shown = self._shown
        if shown is None:
            return True
        return shown >= 0 and len(self._divergences[shown].gold_text) < SHOWN_CHARS

    def _show(self, number: int, text: str, chars: str, pred_line: int) -> None:
        if self._shown is None:
            if len(self._divergences) >= self._max_divergences:
                self._shown = -1
                return
            column = column_in_line(text, 0)
            self._divergences.append(Divergence(number, column, pred_line, 0, "", ""))
            self._shown = len(self._divergences) - 1
        if self._wants_text():
            shown = self._divergences[self._shown]
            gold_text = (shown.gold_text + chars)[:SHOWN_CHARS]
            self._divergences[self._shown] = shown._replace(gold_text=gold_text)


def _leading_chars(text: str) -> str:
    """The first characters of a line, as many as a divergence shows (or all it has), without
    going over the whole of a long line."""
    end = 4 * SHOWN_CHARS
    while len(chars := chars_of(text[:end])) < SHOWN_CHARS and end < len(text):
        end *= 4
    return chars[:SHOWN_CHARS]
