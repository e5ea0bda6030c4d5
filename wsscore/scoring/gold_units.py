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
from itertools import accumulate, pairwise

from wsscore.align.lines import SentenceDetail
from wsscore.core.records import ExtraCounts
from wsscore.core.units import graphemes, may_join
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
        """A gold block's text without its syllable marks, their places kept for its lines."""
        if SYLLABLE_MARK not in text:
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
        change = ExtraCounts()
        for number, (gold, pred) in enumerate(zip(gold_lines, pred_lines, strict=True), first):
            words = split_words(gold)
            edges = self._line_edges(number, words) if words else None
            if edges is not None:
                change += _in_units(edges, list(map(len, split_words(pred))))
        if gold_lines:
            self._forget_before(system, first + len(gold_lines) - 1)
        return change

    def _line_edges(self, number: int, gold_words: list[str]) -> list[int] | None:
        """The unit edges of a gold line, None where its units are its characters."""
        if self.unit == "grapheme":
            return _grapheme_edges(gold_words)
        lengths = self._syllables.get(number)
        return list(accumulate(lengths or map(len, gold_words), initial=0))

    def edges(self, system: int, detail: SentenceDetail) -> Sequence[int]:
        """The offsets 0 … N between the units of the detail's gold line."""
        if self.unit == "grapheme":
            edges = _grapheme_edges(detail.gold_words)
            # Where nothing joins, every code point is a unit.
            return edges if edges is not None else range(sum(map(len, detail.gold_words)) + 1)
        lengths = self._syllables.get(detail.line)
        self._forget_before(system, detail.line)
        if lengths is None:  # no word of the line has two syllables: its words are its units
            lengths = list(map(len, detail.gold_words))
        return list(accumulate(lengths, initial=0))

    def _forget_before(self, system: int, line: int) -> None:
        """Drop the syllables of the lines every system has counted (each counts in order)."""
        self._counted[system] = line
        oldest = min(self._counted)
        while self._syllables:
            first = next(iter(self._syllables))
            if first >= oldest:
                break
            del self._syllables[first]


def _grapheme_edges(gold_words: list[str]) -> list[int] | None:
    """The edges of a line's grapheme clusters, found inside each gold word; None where every
    code point is one (no character that may join another: a set test)."""
    if not any(map(may_join, gold_words)):
        return None
    # One search of the whole line: a line feed is a cluster of its own, so that no cluster
    # runs across two words (UAX #29, GB4 and GB5), and is no unit.
    clusters = graphemes(LINE_FEED.join(gold_words))
    return list(accumulate((len(c) for c in clusters if c != LINE_FEED), initial=0))


LINE_FEED = "\n"


def _in_units(edges: list[int], pred_lengths: list[int]) -> ExtraCounts:
    """The change to one line's counts in characters when its positions are ``edges``: fewer
    substrings and negatives, and the predicted edges inside a unit taken out of the predicted
    boundaries (docs/metrics.md §1.7)."""
    chars, units = edges[-1], len(edges) - 1
    on_edge = set(edges)
    pred_ends = list(accumulate(pred_lengths, initial=0))
    cut_at = [end for end in pred_ends[1:-1] if end not in on_edge]
    cuts = len(cut_at)
    cut_words = 0
    if cuts:  # no predicted word ends inside a unit unless a predicted boundary does
        inside = set(cut_at)
        cut_words = sum(a in inside or b in inside for a, b in pairwise(pred_ends))
    return ExtraCounts(
        substrings=units * (units + 1) // 2 - chars * (chars + 1) // 2,
        pred_boundaries=-cuts,
        char_fp=-cuts,
        char_tn=units - chars + cuts,
        edge_pred_boundaries=-cuts,
        unit_cuts=cuts,
        unit_cut_words=cut_words,
    )
