"""The units of the gold lines, for the counts in graphemes or syllables (docs/metrics.md §1.7).

Units are always the gold's, found inside each gold word: a grapheme run finds them in the
gold words of each sentence's detail; a syllable run gets them from the gold reader, which
joins a word's syllables with :data:`SYLLABLE_MARK` in the text it hands the scorer. The marks
are taken out of each block before any system sees it, and the syllables of the lines that had
some are kept until every system has counted those lines: memory follows how far the systems
lag behind one another, not the file's length.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from wsscore.core import backend
from wsscore.core.records import ExtraCounts, SentenceDetail
from wsscore.core.unit_change import grapheme_edges, in_units
from wsscore.inputs.formats.model import SYLLABLE_MARK
from wsscore.inputs.words import split_words


class GoldUnits:
    """The unit edges of each gold line that the systems have still to count."""

    def __init__(self, unit: str, systems: int, *, keep: bool):
        self.unit = unit
        self._keep = keep  # the syllables are counted (else only their marks taken out)
        self._syllables: dict[int, list[int]] = {}  # line number -> its syllables' lengths
        self._counted = [0] * systems  # the last line each system has counted

    @property
    def held(self) -> int:
        """Lines whose syllables are kept, for a system still to count them."""
        return len(self._syllables)

    def take_marks(self, text: str, first_line: int) -> str:
        """A gold block's text without its syllable marks, their places kept for its lines.
        Only a syllable run's gold holds marks: any other text is not even looked at."""
        if self.unit != "syllable" or SYLLABLE_MARK not in text:
            return text
        if not self._keep:
            return text.replace(SYLLABLE_MARK, "")
        for number, line in enumerate(text.split("\n"), first_line):
            if SYLLABLE_MARK in line:
                syllables = (word.split(SYLLABLE_MARK) for word in split_words(line))
                self._syllables[number] = [len(s) for word in syllables for s in word]
        return text.replace(SYLLABLE_MARK, "")

    def equal_lines(
        self, system: int, first: int, gold_lines: list[str], pred_lines: list[str]
    ) -> ExtraCounts:
        """What counting in units changes in the extra counts of lines whose characters agree,
        numbered from ``first``, against their counts in characters: a sum to add to those.
        The gold and correct boundaries, the error classes and the exact sentences stay."""
        if self.unit == "grapheme":  # in C where it runs (wsscore.core.unit_change)
            change = backend.grapheme_change(gold_lines, pred_lines)
        else:
            change = self._syllable_change(first, gold_lines, pred_lines)
        if gold_lines:
            self._forget_before(system, first + len(gold_lines) - 1)
        return change

    def _syllable_change(
        self, first: int, gold_lines: list[str], pred_lines: list[str]
    ) -> ExtraCounts:
        """:meth:`equal_lines`'s change in syllables."""
        change = ExtraCounts()
        for number, (gold, pred) in enumerate(zip(gold_lines, pred_lines, strict=True), first):
            words = split_words(gold)
            if words:
                edges = self._syllable_edges(number, words)
                change += in_units(edges, list(map(len, split_words(pred))))
        return change

    def _syllable_edges(self, line: int, gold_words: list[str]) -> list[int]:
        """The edges of a gold line's syllables; a line none of whose words has two syllables
        was given no marks, and its words are its units."""
        lengths = self._syllables.get(line)
        return list(accumulate(lengths or map(len, gold_words), initial=0))

    def edges(self, system: int, detail: SentenceDetail) -> Sequence[int]:
        """The offsets 0 … N between the units of the detail's gold line."""
        if self.unit == "grapheme":
            edges = grapheme_edges(detail.gold_words)
            # Where nothing joins, every code point is a unit.
            return edges if edges is not None else range(sum(map(len, detail.gold_words)) + 1)
        edges = self._syllable_edges(detail.line, detail.gold_words)
        self._forget_before(system, detail.line)
        return edges

    def _forget_before(self, system: int, line: int) -> None:
        """Drop the syllables of the lines every system has counted (each counts in order)."""
        self._counted[system] = line
        oldest = min(self._counted)
        while self._syllables:
            first = next(iter(self._syllables))
            if first >= oldest:
                break
            del self._syllables[first]
