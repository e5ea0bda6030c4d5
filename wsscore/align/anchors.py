"""Where a differing stretch re-synchronises: the anchor the aligner closes it at.

An anchor is a pair of equal lines, one on each side, confirmed by the pair after it; the
search runs as the stretch's lines are read, so that finding it costs one look-up per line.
"""

from __future__ import annotations

from wsscore.align.lines import GoldLine, PredLine


class AnchorSearch:
    """Candidate re-synchronisation points of a differing stretch, found incrementally.

    An anchor (i, j) is a non-empty gold line i equal to prediction line j, confirmed by the
    next pair of lines being equal too: pairs of consecutive lines are indexed, so that every
    candidate is confirmed as it is found. The one with the smallest i + j wins (ties: the
    fewest lines inserted or deleted, then the smaller i), and it is taken only once no pair of
    lines read later could give a smaller i + j (``SystemAligner._anchor``): the choice
    does not depend on how far either side happens to have been read. (Taking the first
    confirmed candidate instead, when 3,000 junk lines are inserted into a text that repeats,
    takes the copy after the right one: it is confirmed one line earlier.) An anchor at the
    first gold line is never taken: a stretch always keeps the gold line where it began, so
    extra prediction lines are attributed to that sentence.

    For each pair of lines only its first positions are kept (two on the gold side, as i = 0
    does not count, one on the prediction side): a later position of the same pair can only
    give a larger i + j. A line repeated any number of times (a test set concatenated several
    times) therefore never hides the right anchor, and memory is one entry per distinct pair.
    """

    @classmethod
    def of(cls, gold_lines: list[GoldLine], pred_lines: list[PredLine]) -> AnchorSearch:
        """The search over the lines a stretch holds so far."""
        search = cls()
        for gold in gold_lines:
            search.add_gold(gold)
        for pred in pred_lines:
            search.add_pred(pred)
        return search

    def __init__(self) -> None:
        self.gold_seen: list[str] = []
        self.pred_seen: list[str] = []
        self._gold_pairs: dict[tuple[str, str], list[int]] = {}
        self._pred_pairs: dict[tuple[str, str], int] = {}
        self._best: tuple[int, int, int, int] | None = None  # (i + j, |j - i|, i, j)
        self.gold_complete = False  # then prediction pairs need no index: no gold pair follows

    def add_gold(self, line: GoldLine) -> None:
        seen = self.gold_seen
        seen.append(line.chars)
        if len(seen) < 2 or not seen[-2]:
            return
        i = len(seen) - 2
        pair = (seen[-2], seen[-1])
        positions = self._gold_pairs.setdefault(pair, [])
        if len(positions) < 2:
            positions.append(i)
        j = self._pred_pairs.get(pair)
        if j is not None and i >= 1:
            self._offer(i, j)

    def add_pred(self, line: PredLine) -> None:
        seen = self.pred_seen
        seen.append(line.chars)
        if len(seen) < 2 or not seen[-2]:
            return
        j = len(seen) - 2
        pair = (seen[-2], seen[-1])
        if not self.gold_complete:
            self._pred_pairs.setdefault(pair, j)
        for i in self._gold_pairs.get(pair, ()):
            if i >= 1:  # the stretch keeps at least its first gold line
                self._offer(i, j)
                break

    def may_find_later(self) -> bool:
        """Whether a gold line read later may still give an anchor: the prediction's side
        holds a pair of lines that a later pair of gold lines could equal."""
        return bool(self._pred_pairs)

    def _offer(self, i: int, j: int) -> None:
        key = (i + j, abs(j - i), i, j)
        if self._best is None or key < self._best:
            self._best = key

    def best(self, least_later: float) -> tuple[int, int] | None:
        """The best anchor, if any found later must have an i + j of ``least_later`` or more."""
        if self._best is None or self._best[0] >= least_later:
            return None
        return self._best[2], self._best[3]
