"""Aligning two character streams: the runs of characters both have, and what differs.

A differing stretch (:mod:`wsscore.align.stretch`) is scored on this alignment of its gold and
prediction characters: their common head and tail, and :class:`difflib.SequenceMatcher` on the
middle (:func:`align_characters`).
"""

from __future__ import annotations

from typing import NamedTuple

# Beyond this size on both sides the middle of a differing stretch is not aligned character by
# character (SequenceMatcher is quadratic there); all of it counts as differing.
MAX_CHAR_ALIGNMENT = 20_000

# (gold start, prediction start, length) of a run of characters both sides have, aligned.
Block = tuple[int, int, int]


class Difference(NamedTuple):
    """A run of differing characters: the gold's [gold_start, gold_end) stands where the
    prediction has [pred_start, pred_end). One side may be empty (an insertion or a deletion)."""

    gold_start: int
    gold_end: int
    pred_start: int
    pred_end: int

    @property
    def size(self) -> int:
        """The characters it counts as misaligned: those of its longer side."""
        return max(self.gold_end - self.gold_start, self.pred_end - self.pred_start)

    def shifted(self, offset: int) -> Difference:
        """The same run, both sides moved ``offset`` characters further."""
        return Difference(
            self.gold_start + offset,
            self.gold_end + offset,
            self.pred_start + offset,
            self.pred_end + offset,
        )


class CharacterAlignment(NamedTuple):
    """Two character streams aligned: what they share and what differs, both in order."""

    blocks: list[Block]  # adjacent blocks merged; none is empty
    differences: list[Difference]  # the characters between the blocks


def align_characters(gold_chars: str, pred_chars: str) -> CharacterAlignment:
    """Align two character streams: their common head and tail, and in between the matching
    blocks SequenceMatcher finds (no junk heuristic). A middle too large to align
    (:data:`MAX_CHAR_ALIGNMENT`) is one difference as a whole."""
    if gold_chars == pred_chars:
        return CharacterAlignment([(0, 0, len(gold_chars))] if gold_chars else [], [])
    head = common_prefix_length(gold_chars, pred_chars)
    tail = common_suffix_length(gold_chars[head:], pred_chars[head:])
    gold_mid = gold_chars[head : len(gold_chars) - tail]
    pred_mid = pred_chars[head : len(pred_chars) - tail]
    blocks = [(0, 0, head)] if head else []
    if gold_mid and pred_mid and _alignable(len(gold_mid), len(pred_mid)):
        from difflib import SequenceMatcher  # only differing stretches need it

        matcher = SequenceMatcher(None, gold_mid, pred_mid, autojunk=False)
        blocks.extend(
            (head + i, head + j, size) for i, j, size in matcher.get_matching_blocks() if size
        )
        opcodes = matcher.get_opcodes()
    else:
        opcodes = [("replace", 0, len(gold_mid), 0, len(pred_mid))]
    if tail:
        blocks.append((len(gold_chars) - tail, len(pred_chars) - tail, tail))
    differences = [
        Difference(head + i1, head + i2, head + j1, head + j2)
        for tag, i1, i2, j1, j2 in opcodes
        if tag != "equal"
    ]
    return CharacterAlignment(merge_adjacent(blocks), differences)


def _alignable(gold_size: int, pred_size: int) -> bool:
    """Whether the middle of a stretch is aligned character by character: SequenceMatcher's
    time grows with the product of both sizes."""
    smaller, larger = sorted((gold_size, pred_size))
    return smaller <= MAX_CHAR_ALIGNMENT and smaller * larger <= MAX_CHAR_ALIGNMENT**2


def common_prefix_length(a: str, b: str) -> int:
    """Length of the common prefix, by bisection on slice comparisons (C speed)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def common_suffix_length(a: str, b: str) -> int:
    """Length of the common suffix, likewise."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle :] == b[len(b) - middle :]:
            low = middle
        else:
            high = middle - 1
    return low


def merge_adjacent(blocks: list[Block]) -> list[Block]:
    """Blocks that continue one another on both sides, as one.

    (A guarantee rather than a repair: SequenceMatcher's blocks are never adjacent, and the
    characters just inside a maximal common head and tail differ.)
    """
    merged: list[Block] = []
    for block in blocks:
        if merged:
            gold, pred, size = merged[-1]
            if gold + size == block[0] and pred + size == block[1]:
                merged[-1] = (gold, pred, size + block[2])
                continue
        merged.append(block)
    return merged
