"""Aligning a differing stretch: gold and prediction lines whose characters differ.

The streaming aligner (:class:`~wsscore.align.stream.SystemAligner`) decides where a stretch
starts and ends; this module scores it. Its characters are aligned character by character
(:func:`~wsscore.align.characters.align_characters`: the common head and tail, and
:class:`difflib.SequenceMatcher` on the middle); a predicted word is correct when it falls
inside a matching block and covers exactly the characters of a gold word, so only the words
touching differing characters are lost (:func:`score_stretch`). Long first and last lines
lose their common ends first, counted like equal lines (:class:`_Cut`), so that they are never
split into words where they agree.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable
from itertools import chain
from typing import NamedTuple, TypeVar

from wsscore.align.characters import (
    Block,
    Difference,
    align_characters,
    common_prefix_length,
    common_suffix_length,
    merge_adjacent,
)
from wsscore.align.counting import count_spans
from wsscore.align.lines import (
    Dictionary,
    GoldLine,
    PredLine,
    TextPositions,
    chars_of_lines,
    line_starts,
    oov_indices,
)
from wsscore.core import backend
from wsscore.core.boundary_counts import extra_counts
from wsscore.core.records import Counts, ExtraCounts, Gather, SentenceDetail, Span
from wsscore.core.reference import align_equal_words
from wsscore.inputs.words import spans_of, split_words

# A stretch whose first or last lines are this long loses their common ends (see _Cut).
CUT_MIN_CHARS = 2_000
# How much text (in characters) is searched, widening, for a correct word near a cut.
_CUT_WINDOWS = (256, 4_096, 65_536)


class StretchResult(NamedTuple):
    """What a stretch costs beyond its counts: the characters that differ, and the gold lines
    (sentences) they touch."""

    misaligned_chars: int
    misaligned_lines: int
    # The runs of characters both sides share, in the whole stretch's characters.
    shared: tuple[Block, ...] = ()


# Receives each sentence of the stretch: gold line number, counts (with its misaligned line
# and characters), and the words and marks when details are wanted.
Emit = Callable[[int, Counts, SentenceDetail | None], None]
# Receives each sentence's extra counts (as extra_counts gives them), when they are wanted
# instead of the details.
EmitExtra = Callable[[ExtraCounts], None]


def score_stretch(
    gold_lines: list[GoldLine],
    pred_lines: list[PredLine],
    *,
    emit: Emit,
    on_difference: Callable[[Difference], None] | None = None,
    details: bool = False,
    emit_extra: EmitExtra | None = None,
    chars: tuple[str, str] | None = None,
    cut_min_chars: int | None = None,
) -> StretchResult:
    """Count a stretch sentence by sentence, through ``emit``, in the gold's order.

    ``on_difference`` receives each run of differing characters, in the stretch's characters
    (those of all its lines, cut or not); ``details`` asks ``emit`` for the words and marks;
    ``emit_extra`` gets each sentence's extra counts, without its words (the common ends of a
    long line are counted in C);
    ``chars`` are both sides' characters if the caller has them (else they are joined here);
    first and last lines of ``cut_min_chars`` characters or more (:data:`CUT_MIN_CHARS` unless
    given) lose their common ends.
    """
    if cut_min_chars is None:
        cut_min_chars = CUT_MIN_CHARS
    if chars is None:
        chars = (chars_of_lines(gold_lines), chars_of_lines(pred_lines))
    gold_chars, pred_chars = chars
    # (A stretch always holds its first gold line; words past the gold's end are counted
    # apart, by SystemAligner._count_past_end.)
    has_words = [bool(line.chars) for line in gold_lines]
    # Differences are located in the whole lines (a cut moves the stretch's start).
    front = 0
    extra = emit_extra is not None
    cut = _Cut.find(gold_lines, pred_lines, gold_chars, pred_chars, details, extra, cut_min_chars)
    if cut is not None:
        front = cut.front
        gold_lines, pred_lines = cut.gold_lines, cut.pred_lines
        gold_chars = gold_chars[cut.front : len(gold_chars) - cut.back]
        pred_chars = pred_chars[cut.front : len(pred_chars) - cut.back]
    gold = _GoldSide(gold_lines, list(line_starts(gold_lines)), has_words)
    alignment = align_characters(gold_chars, pred_chars)
    misaligned_by_line = _misaligned_per_line(alignment.differences, gold, front > 0)
    if on_difference is not None:
        for difference in alignment.differences:
            on_difference(difference.shifted(front))
    sentences = _Sentences(emit, details, gold, misaligned_by_line, cut, emit_extra)
    _place_predicted_words(pred_lines, alignment.blocks, gold, sentences)
    sentences.finish()
    misaligned_chars = sum(difference.size for difference in alignment.differences)
    shared = _whole_stretch_runs(alignment.blocks, front, cut.back if cut is not None else 0, chars)
    return StretchResult(misaligned_chars, len(misaligned_by_line), shared)


def _whole_stretch_runs(
    blocks: list[Block], front: int, back: int, chars: tuple[str, str]
) -> tuple[Block, ...]:
    """The shared runs of the cut stretch's alignment, in the whole stretch's characters: its
    common ends, cut off before aligning, are shared runs too."""
    gold_size, pred_size = len(chars[0]), len(chars[1])
    runs = [(0, 0, front)] if front else []
    runs += [(gold + front, pred + front, size) for gold, pred, size in blocks]
    if back:
        runs.append((gold_size - back, pred_size - back, back))
    return tuple(merge_adjacent(runs))


class _GoldSide(NamedTuple):
    """The gold lines of a stretch as left by its cut, where each starts in the stretch's
    characters, and which of the stretch's lines (before the cut) have characters."""

    lines: list[GoldLine]
    starts: list[int]
    has_words: list[bool]

    def sentence_at(self, position: int) -> int:
        """Index of the gold line holding character ``position``, preferring a line with
        words."""
        has_words = self.has_words
        index = max(bisect_right(self.starts, position) - 1, 0)
        if has_words[index]:
            return index
        for other in chain(range(index - 1, -1, -1), range(index + 1, len(has_words))):
            if has_words[other]:
                return other
        return index

    def lines_touched(
        self, start: int, end: int, changed: int, front_cut: bool = False
    ) -> list[tuple[int, int]]:
        """Differing characters per gold line for one edit covering gold characters
        [start, end).

        An insertion (start == end) belongs to the line of the character before it (in the
        first line's front part when that was cut off, see _Cut); characters the prediction has
        beyond the gold's count on the first line touched.
        """
        if start == end:
            if start == 0 and front_cut:
                return [(0, changed)]
            return [(self.sentence_at(max(start - 1, 0)), changed)]
        touched = []
        first = self.sentence_at(start)
        for index in range(first, len(self.lines)):
            line_start = self.starts[index]
            if line_start >= end:
                break
            overlap = min(end, line_start + len(self.lines[index].chars)) - max(start, line_start)
            if overlap > 0:
                touched.append((index, overlap))
        if not touched:
            return [(first, changed)]
        touched[0] = (touched[0][0], touched[0][1] + changed - (end - start))
        return touched


def _misaligned_per_line(
    differences: list[Difference], gold: _GoldSide, front_cut: bool
) -> dict[int, int]:
    """Differing characters per gold line of the stretch (index), for the lines they touch."""
    misaligned_by_line: dict[int, int] = {}
    for difference in differences:
        for sentence, chars in gold.lines_touched(
            difference.gold_start, difference.gold_end, difference.size, front_cut
        ):
            misaligned_by_line[sentence] = misaligned_by_line.get(sentence, 0) + chars
    return misaligned_by_line


def _place_predicted_words(
    pred_lines: list[PredLine],
    blocks: list[Block],
    gold: _GoldSide,
    sentences: _Sentences,
) -> None:
    """Give each predicted word to the gold line facing it, with its span in the gold's
    characters when it lies inside a matching block (else None: it cannot be correct)."""
    block_pred_starts = [pred_start for _, pred_start, _ in blocks]
    pred_offset = 0
    for pred in pred_lines:
        length = len(pred.chars)
        if not length:
            continue
        index = bisect_right(block_pred_starts, pred_offset) - 1
        if _outside_blocks(blocks, index, pred_offset, pred_offset + length):
            # Junk: every word is unmatched, and faces the same gold position.
            gold_start = _gold_position(blocks, pred_offset)
            sentences.add_unmatched(gold.sentence_at(gold_start), pred)
            pred_offset += length
            continue
        words = pred.split()
        for (start, end), word in zip(spans_of(words, pred_offset), words, strict=True):
            index = bisect_right(block_pred_starts, start) - 1
            span: Span | None = None
            if index >= 0 and end <= blocks[index][1] + blocks[index][2]:
                shift = blocks[index][0] - blocks[index][1]
                span = (start + shift, end + shift)
                gold_start = span[0]
            else:
                gold_start = _gold_position(blocks, start)
            sentences.add(gold.sentence_at(gold_start), span, word)
        pred_offset += length


def _outside_blocks(blocks: list[Block], index: int, start: int, end: int) -> bool:
    """Whether prediction characters [start, end) lie between two matching blocks (``index`` is
    the last block starting at or before ``start``)."""
    if index >= 0 and blocks[index][1] + blocks[index][2] > start:
        return False
    return index + 1 >= len(blocks) or blocks[index + 1][1] >= end


def _gold_position(blocks: list[Block], pred_position: int) -> int:
    """The gold position facing a prediction position that lies outside every matching block."""
    gold_position = 0
    for gold_start, pred_start, size in blocks:
        if pred_start > pred_position:
            break
        gold_position = gold_start + min(pred_position - pred_start, size)
    return gold_position


class _Sentences:
    """The predicted words of a stretch, gold line by gold line, in order.

    A predicted word belongs to the gold line facing its start; those lines only grow along the
    prediction, so each line is counted and emitted as soon as the words have moved past it,
    and only one line's words are kept at a time.
    """

    def __init__(
        self,
        emit: Emit,
        detail: bool,
        gold: _GoldSide,
        misaligned: dict[int, int],
        cut: _Cut | None,
        emit_extra: EmitExtra | None = None,
    ):
        self._emit = emit
        self._emit_extra = emit_extra
        self._gold_lines = gold.lines
        self._gold_starts = gold.starts
        self._misaligned = misaligned
        self._cut = cut
        self._detail = detail
        self._current = 0  # the line collecting words; those before it are emitted
        self._spans: list[Span | None] = []  # None: the word touches differing characters
        self._words: list[str] = []

    def add(self, sentence: int, span: Span | None, word: str) -> None:
        self._move_to(sentence)
        self._spans.append(span)
        if self._detail:
            self._words.append(word)

    def add_unmatched(self, sentence: int, pred: PredLine) -> None:
        self._move_to(sentence)
        words = pred.split()
        self._spans += [None] * len(words)
        if self._detail:
            self._words += words

    def finish(self) -> None:
        for index in range(self._current, len(self._gold_lines)):
            self._emit_line(index)
            self._spans, self._words = [], []
        for gold, piece in self._cut.trailing if self._cut is not None else ():
            if piece is not None:  # an equal line taken off whole, after the others
                detail = (
                    SentenceDetail(gold.number, *piece.words_and_marks) if self._detail else None
                )
                self._emit(gold.number, piece.counts, detail)
                if self._emit_extra is not None and piece.extra is not None:
                    self._emit_extra(piece.extra)

    def _move_to(self, sentence: int) -> None:
        if sentence == self._current:
            return
        if sentence < self._current:
            raise RuntimeError("internal error: predicted words out of order in a stretch")
        for index in range(self._current, sentence):
            self._emit_line(index)
            self._spans, self._words = [], []
        self._current = sentence

    def _emit_line(self, index: int) -> None:
        gold = self._gold_lines[index]
        front, back = (None, None)
        if self._cut is not None:
            front, back = self._cut.pieces(index, len(self._gold_lines))
        gold_words = gold.split()
        if not gold_words and not self._spans and front is None and back is None:
            return
        line_start = self._gold_starts[index]
        spans = spans_of(gold_words, line_start)
        oov = list(map(spans.__getitem__, oov_indices(gold_words, gold.dictionary)))
        counts, gold_marks, pred_marks = count_spans(spans, oov, self._spans)
        in_line: list[Span | None] = []
        if self._detail:
            base = self._cut.front if self._cut is not None and index == 0 else 0
            shift = base - line_start
            in_line = [None if s is None else (s[0] + shift, s[1] + shift) for s in self._spans]
        middle = _Part(counts, gold_words, self._words, gold_marks, pred_marks, in_line)
        parts = [part for part in (front, middle, back) if part is not None]
        total = sum((part.counts for part in parts), Counts())
        misaligned = self._misaligned.get(index, 0)
        detail = None
        if self._detail:
            fields = zip(*(part.words_and_marks for part in parts), strict=True)
            detail = SentenceDetail(gold.number, *map(list, map(chain.from_iterable, fields)))
        misaligned_lines = int(misaligned > 0)
        total = total._replace(misaligned_lines=misaligned_lines, misaligned_chars=misaligned)
        self._emit(gold.number, total, detail)
        if self._emit_extra is not None:
            # The middle's spans from its own start (the line's, or the front cut's).
            from_start: list[Span | None] = [
                None if s is None else (s[0] - line_start, s[1] - line_start) for s in self._spans
            ]
            lengths = map(len, gold_words)
            middle_extra = extra_counts(
                lengths, gold_marks, from_start, cut_before=front is not None
            )
            # (The line here is what is left of it between the cuts.)
            chars = len(gold.chars) + sum(piece.chars for piece in (front, back) if piece)
            whole = _line_extra(chars, front, middle_extra, back)
            exact = total.gold_words > 0 and total.correct == total.gold_words == total.pred_words
            self._emit_extra(whole.of_sentence(chars, exact=exact))


def _line_extra(
    chars: int, front: _Part | None, middle: ExtraCounts, back: _Part | None
) -> ExtraCounts:
    """A line's extra counts from its parts': the common ends cut off it (counted from their
    text) and the middle. Each cut is a boundary of both sides strictly inside the line (it ends
    a correct word) unless it is at the line's end; the substrings are the whole line's. The
    counts of the line as a whole (docs/metrics.md §5.8–5.10) are the caller's to set."""
    total = middle
    cut_at = set()
    if front is not None:
        total += front.extra or ExtraCounts()
        cut_at.add(front.chars)
    if back is not None:
        total += back.extra or ExtraCounts()
        cut_at.add(chars - back.chars)
    cuts = sum(1 for position in cut_at if 0 < position < chars)
    return total._replace(
        substrings=chars * (chars + 1) // 2,
        gold_boundaries=total.gold_boundaries + cuts,
        pred_boundaries=total.pred_boundaries + cuts,
        correct_boundaries=total.correct_boundaries + cuts,
    )


class _Part(NamedTuple):
    """Counts of a part of a sentence, and for per-sentence reports its words and marks."""

    counts: Counts
    gold_words: list[str]
    pred_words: list[str]
    gold_marks: list[bool]
    pred_marks: list[bool]
    spans: list[Span | None]  # of the predicted words, in the gold line's character offsets
    extra: ExtraCounts | None = None  # its extra counts, when they are wanted
    chars: int = 0  # its characters (a piece cut off a line)

    @property
    def words_and_marks(
        self,
    ) -> tuple[list[str], list[str], list[bool], list[bool], list[Span | None]]:
        """What a SentenceDetail takes after the line's number."""
        return self[1:6]


class _CutPlace(NamedTuple):
    """Where a line pair is cut: ``chars`` characters from the start of their first lines (or
    from the end of their last), at these positions in the gold line's and the prediction
    line's text."""

    chars: int
    gold_at: int
    pred_at: int


# Either side's lines, cut alike.
_Line = TypeVar("_Line", GoldLine, PredLine)


class _Cut:
    """The common ends of a stretch's first and last lines, counted apart like equal lines.

    A long line with one differing character would otherwise be scored word by word with
    spans, the whole line at once. The stretch loses a front part, from its start to the end of
    a word both sides have (a correct word) within the characters their first lines share, and
    a back part, from the start of such a word near the end of their last lines (lines equal on
    both sides at the very end, say the file's last, go whole with it). They are counted from
    the text like equal lines (in C where built) and added to their sentences. Cutting right
    after or before a correct word keeps every count of a sentence the sum of its parts' (S
    included: no run of wrong words crosses a correct word), no word left in the stretch faces
    a line taken off, and the characters in between are aligned exactly as they would have been
    uncut.
    """

    def __init__(
        self,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        front: _CutPlace | None,
        back: _CutPlace | None,
        trailing: int,
        detail: bool,
        extra: bool = False,
    ):
        kept_gold = gold_lines[: len(gold_lines) - trailing]
        kept_pred = pred_lines[: len(pred_lines) - trailing]
        first_gold, first_pred, last_gold, last_pred = (
            kept_gold[0],
            kept_pred[0],
            kept_gold[-1],
            kept_pred[-1],
        )
        dictionary = first_gold.dictionary
        # Equal lines at the end, taken off whole (None for one without words: no record).
        self.trailing = [
            (gold, _whole_line(gold, pred, dictionary, detail, extra))
            for gold, pred in zip(
                gold_lines[len(kept_gold) :], pred_lines[len(kept_pred) :], strict=True
            )
        ]
        back_chars = back.chars if back else 0
        self.front = front.chars if front else 0  # characters cut at the start of the stretch
        self.back = back_chars + sum(len(gold.chars) for gold, _ in self.trailing)  # at its end
        gold_start, pred_start = (front.gold_at, front.pred_at) if front else (0, 0)
        gold_end, pred_end = (
            (back.gold_at, back.pred_at) if back else (len(last_gold.text), len(last_pred.text))
        )
        self.gold_lines = _cut_lines(kept_gold, gold_start, gold_end, front, back)
        self.pred_lines = _cut_lines(kept_pred, pred_start, pred_end, front, back)
        self.front_piece = self.back_piece = None
        if front:
            self.front_piece = _count_piece(
                first_gold.text[:gold_start],
                first_pred.text[:pred_start],
                dictionary,
                detail,
                0,
                extra,
            )
        if back:
            self.back_piece = _count_piece(
                last_gold.text[gold_end:],
                last_pred.text[pred_end:],
                dictionary,
                detail,
                len(last_gold.chars) - back_chars,
                extra,
            )

    @classmethod
    def find(
        cls,
        gold_lines: list[GoldLine],
        pred_lines: list[PredLine],
        gold_chars: str,
        pred_chars: str,
        detail: bool,
        extra: bool,
        min_chars: int,
    ) -> _Cut | None:
        """The cut of a stretch whose first or last lines have ``min_chars`` characters or more
        (None if they are shorter, or share no correct word far enough from their ends)."""
        if not pred_lines:
            return None
        trailing, trailing_chars = _equal_trailing_lines(gold_lines, pred_lines)
        ends = {0, -1, -1 - trailing}
        if max(len(lines[k].chars) for lines in (gold_lines, pred_lines) for k in ends) < (
            min_chars
        ):
            return None
        head = common_prefix_length(gold_chars, pred_chars)
        tail = common_suffix_length(gold_chars[head:], pred_chars[head:])
        first_gold, first_pred = gold_lines[0], pred_lines[0]
        front = _front_cut(
            first_gold,
            first_pred,
            min(head, len(first_gold.chars), len(first_pred.chars)),
            min_chars,
        )
        cut = front.chars if front else 0
        back = None
        for taken, taken_chars in {(trailing, trailing_chars), (0, 0)}:
            last_gold, last_pred = gold_lines[-1 - taken], pred_lines[-1 - taken]
            gold_room = len(last_gold.chars) - (cut if len(gold_lines) - taken == 1 else 0)
            pred_room = len(last_pred.chars) - (cut if len(pred_lines) - taken == 1 else 0)
            limit = min(tail - taken_chars, gold_room, pred_room)
            back = _back_cut(last_gold, last_pred, limit, min_chars)
            if back is not None:
                trailing = taken
                break
        if front is None and back is None:
            return None
        return cls(gold_lines, pred_lines, front, back, trailing if back else 0, detail, extra)

    def pieces(self, index: int, lines: int) -> tuple[_Part | None, _Part | None]:
        """The parts cut off gold line ``index`` of the stretch's ``lines``: front, back."""
        return (
            self.front_piece if index == 0 else None,
            self.back_piece if index == lines - 1 else None,
        )


def _whole_line(
    gold: GoldLine, pred: PredLine, dictionary: Dictionary, detail: bool, extra: bool
) -> _Part | None:
    return _count_piece(gold.text, pred.text, dictionary, detail, 0, extra) if gold.chars else None


def _equal_trailing_lines(
    gold_lines: list[GoldLine], pred_lines: list[PredLine]
) -> tuple[int, int]:
    """How many line pairs at the end of a stretch hold the same characters (one line at least
    is left on each side), and their characters."""
    count = chars = 0
    while count + 1 < min(len(gold_lines), len(pred_lines)):
        gold, pred = gold_lines[-1 - count], pred_lines[-1 - count]
        if gold.chars != pred.chars:
            break
        count += 1
        chars += len(gold.chars)
    return count, chars


def _cut_lines(
    lines: list[_Line], start: int, end: int, front: _CutPlace | None, back: _CutPlace | None
) -> list[_Line]:
    """The lines of one side with the text before ``start`` in the first line (if ``front``)
    and after ``end`` in the last (if ``back``) taken off."""
    lines = list(lines)
    if len(lines) == 1:
        lines[0] = lines[0].part(start, end)
        return lines
    if front:
        lines[0] = lines[0].part(start, len(lines[0].text))
    if back:
        lines[-1] = lines[-1].part(0, end)
    return lines


def _count_piece(
    gold_text: str,
    pred_text: str,
    dictionary: Dictionary,
    detail: bool,
    base: int,
    extra: bool = False,
) -> _Part:
    """A part of a sentence with the same characters on both sides, counted like equal lines
    (``base``: where it starts in its gold line, in characters), with its extra counts when
    ``extra`` (as a line of its own: its ends are the caller's)."""
    gather = Gather.EXTRA if extra else Gather.COUNTS
    found = backend.count_agreeing_lines([gold_text], [pred_text], dictionary, 0, gather)
    if not found.agreed:
        raise RuntimeError("internal error: a piece cut off a stretch differs")
    # Its characters, from its substrings N(N + 1)/2 (not needed without extra).
    chars = _chars_of_substrings(found.extra.substrings) if found.extra is not None else 0
    if not detail:
        return _Part(found.totals, [], [], [], [], [], found.extra, chars)
    # The words are wanted: aligned by the reference, which gives their marks.
    line = align_equal_words(split_words(gold_text), split_words(pred_text), dictionary)
    spans: list[Span | None] = [(start + base, end + base) for start, end in line.pred_spans]
    return _Part(
        found.totals,
        line.gold_words,
        line.pred_words,
        line.gold_marks,
        line.pred_marks,
        spans,
        found.extra,
        chars,
    )


def _chars_of_substrings(substrings: int) -> int:
    """N from N(N + 1)/2."""
    return (math.isqrt(8 * substrings + 1) - 1) // 2


def _front_cut(gold: GoldLine, pred: PredLine, limit: int, min_chars: int) -> _CutPlace | None:
    """The end of the last correct word in the first ``limit`` characters (which both lines
    share), in characters and as positions in each line's text; None if there is none near
    (or ``limit`` is under ``min_chars``)."""
    if limit < min_chars:
        return None
    gold_text, pred_text = TextPositions(gold.text), TextPositions(pred.text)
    for width in _CUT_WINDOWS:
        common = gold_text.words_ending_by(limit, width) & pred_text.words_ending_by(limit, width)
        if common:
            chars = max(end for _, end in common)
            return _CutPlace(
                chars, gold_text.position_after(chars), pred_text.position_after(chars)
            )
    return None


def _back_cut(gold: GoldLine, pred: PredLine, limit: int, min_chars: int) -> _CutPlace | None:
    """The start of the first correct word in the last ``limit`` characters (which both lines
    share), in characters from the end and as positions in each line's text; None likewise."""
    if limit < min_chars:
        return None
    gold_size, pred_size = len(gold.chars), len(pred.chars)
    gold_text, pred_text = TextPositions(gold.text), TextPositions(pred.text)
    for width in _CUT_WINDOWS:
        gold_words = gold_text.words_starting_from(gold_size - limit, width)
        pred_words = pred_text.words_starting_from(pred_size - limit, width)
        common = {(gold_size - start, gold_size - end) for start, end in gold_words} & {
            (pred_size - start, pred_size - end) for start, end in pred_words
        }
        if common:
            chars = max(start for start, _ in common)
            return _CutPlace(
                chars,
                gold_text.position_after(gold_size - chars),
                pred_text.position_after(pred_size - chars),
            )
    return None
