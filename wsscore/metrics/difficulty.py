"""Difficulty-weighted scores (Qian, Qiu & Huang 2016; docs/metrics.md §5).

A committee of K segmentations of the test set judges each gold word: its difficulty is the
share of members that got it wrong. A system is then rewarded for the hard words it gets right
(r_reward, p_reward) and punished for the easy words it gets wrong (r_punish, p_punish); the
harmonic means r_b, p_b and f_b sum both up.

The committee's marks and the systems' marks for a sentence arrive from separate aligners, each
in gold line order; :class:`LineJoiner` waits until every participant has reported a line, so
memory stays bounded by the longest differing stretch, not by the file.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate
from operator import add
from typing import NamedTuple

from wsscore.core.records import SentenceDetail
from wsscore.errors import WsscoreError
from wsscore.metrics.scores import f_beta

DECILES = 10
# A predicted word with no place in the gold (it touches characters that differ from the gold's,
# or falls past the gold's last line) gets its sentence's mean difficulty, or this without one.
NEUTRAL_DIFFICULTY = 0.5
TSV_HEADER = ("line", "start", "end", "word", "difficulty")


class WeightedCounts(NamedTuple):
    """Sums behind the weighted ratios; they add up over sentences like the plain counts."""

    recall_reward: float = 0.0  # Σ d_i m_i over gold words
    recall_reward_total: float = 0.0  # Σ d_i
    recall_punish: float = 0.0  # Σ (1 − d_i) m_i
    recall_punish_total: float = 0.0  # Σ (1 − d_i)
    precision_reward: float = 0.0  # the same over predicted words, with d'_j
    precision_reward_total: float = 0.0
    precision_punish: float = 0.0
    precision_punish_total: float = 0.0
    decile_words: tuple[int, ...] = (0,) * DECILES
    decile_correct: tuple[int, ...] = (0,) * DECILES

    def __add__(self, other: WeightedCounts) -> WeightedCounts:  # type: ignore[override]
        return WeightedCounts(
            self.recall_reward + other.recall_reward,
            self.recall_reward_total + other.recall_reward_total,
            self.recall_punish + other.recall_punish,
            self.recall_punish_total + other.recall_punish_total,
            self.precision_reward + other.precision_reward,
            self.precision_reward_total + other.precision_reward_total,
            self.precision_punish + other.precision_punish,
            self.precision_punish_total + other.precision_punish_total,
            tuple(map(add, self.decile_words, other.decile_words)),
            tuple(map(add, self.decile_correct, other.decile_correct)),
        )


class WeightedMetrics(NamedTuple):
    r_reward: float | None
    r_punish: float | None
    r_b: float | None
    p_reward: float | None
    p_punish: float | None
    p_b: float | None
    f_b: float | None

    def as_dict(self) -> dict[str, float | None]:
        return self._asdict()


class Decile(NamedTuple):
    low: float
    high: float
    gold_words: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.gold_words if self.gold_words else None

    @property
    def label(self) -> str:
        closing = "]" if self.high >= 1.0 else ")"
        return f"[{self.low:.1f}, {self.high:.1f}{closing}"

    def as_dict(self) -> dict[str, object]:
        return {
            "low": self.low,
            "high": self.high,
            "gold_words": self.gold_words,
            "correct": self.correct,
            "accuracy": self.accuracy,
        }


def _ratio(part: float, total: float) -> float | None:
    return part / total if total > 0 else None


def _harmonic(a: float | None, b: float | None) -> float | None:
    return f_beta(a, b)


def compute_weighted(counts: WeightedCounts) -> WeightedMetrics:
    r_reward = _ratio(counts.recall_reward, counts.recall_reward_total)
    r_punish = _ratio(counts.recall_punish, counts.recall_punish_total)
    p_reward = _ratio(counts.precision_reward, counts.precision_reward_total)
    p_punish = _ratio(counts.precision_punish, counts.precision_punish_total)
    r_b = _harmonic(r_reward, r_punish)
    p_b = _harmonic(p_reward, p_punish)
    return WeightedMetrics(r_reward, r_punish, r_b, p_reward, p_punish, p_b, _harmonic(p_b, r_b))


def deciles(counts: WeightedCounts) -> list[Decile]:
    return [
        Decile(k / DECILES, (k + 1) / DECILES, words, correct)
        for k, (words, correct) in enumerate(
            zip(counts.decile_words, counts.decile_correct, strict=True)
        )
    ]


def decile_of(difficulty: float) -> int:
    """[0, 0.1) → 0, …, [0.9, 1.0] → 9. The small tolerance keeps 0.3 (= 3/10 read back from a
    file as 0.30000000000000004 or 0.29999999999999999) in the bin it names."""
    return min(math.floor(difficulty * DECILES + 1e-9), DECILES - 1)


def committee_difficulties(member_marks: Sequence[Sequence[bool]]) -> list[float]:
    """d_i = (1/K) Σ_k (1 − m_ki) for each gold word of one sentence."""
    members = len(member_marks)
    wrong = [0] * len(member_marks[0])
    for marks in member_marks:
        for index, mark in enumerate(marks):
            if not mark:
                wrong[index] += 1
    return [count / members for count in wrong]


def sentence_weighted(detail: SentenceDetail, difficulties: Sequence[float]) -> WeightedCounts:
    """The weighted sums of one system on one sentence, given its gold words' difficulties."""
    r_reward = r_reward_total = r_punish = r_punish_total = 0.0
    decile_words = [0] * DECILES
    decile_correct = [0] * DECILES
    for d, mark in zip(difficulties, detail.gold_marks, strict=True):
        r_reward_total += d
        r_punish_total += 1 - d
        bin_ = decile_of(d)
        decile_words[bin_] += 1
        if mark:
            r_reward += d
            r_punish += 1 - d
            decile_correct[bin_] += 1
    p_reward = p_reward_total = p_punish = p_punish_total = 0.0
    for d, mark in zip(
        _predicted_difficulties(detail, difficulties), detail.pred_marks, strict=True
    ):
        p_reward_total += d
        p_punish_total += 1 - d
        if mark:
            p_reward += d
            p_punish += 1 - d
    return WeightedCounts(
        r_reward,
        r_reward_total,
        r_punish,
        r_punish_total,
        p_reward,
        p_reward_total,
        p_punish,
        p_punish_total,
        tuple(decile_words),
        tuple(decile_correct),
    )


def _predicted_difficulties(
    detail: SentenceDetail, difficulties: Sequence[float]
) -> Iterator[float]:
    """d'_j: the difficulty of the gold word holding the last character of predicted word j.

    A word running past its line's end (the line breaks differ) takes the line's last word.
    """
    fallback = sum(difficulties) / len(difficulties) if difficulties else NEUTRAL_DIFFICULTY
    gold_ends = list(accumulate(map(len, detail.gold_words)))
    spans = detail.pred_spans or [None] * len(detail.pred_words)
    for span in spans:
        if span is None or not gold_ends:
            yield fallback
            continue
        last = span[1] - 1
        yield difficulties[min(_word_at(gold_ends, last), len(gold_ends) - 1)]


def _word_at(gold_ends: list[int], char: int) -> int:
    """Index of the word holding character ``char``, from the words' end offsets."""
    return bisect_right(gold_ends, char)


class LineJoiner:
    """Collects the sentence details of several participants and hands each gold line over
    once all of them have reported it.

    Every aligner reports every gold line that has words, in line order, so lines complete in
    order; a line without gold words (predicted words past the gold's end) is handed over at
    once, for the participant that reported it alone.
    """

    def __init__(
        self,
        participants: int,
        on_line: Callable[[int, list[SentenceDetail | None]], None],
    ):
        self._participants = participants
        self._on_line = on_line
        self._pending: dict[int, list[SentenceDetail | None]] = {}
        self._reported: dict[int, int] = {}

    def add(self, participant: int, detail: SentenceDetail) -> None:
        if not detail.gold_words:
            alone: list[SentenceDetail | None] = [None] * self._participants
            alone[participant] = detail
            self._on_line(detail.line, alone)
            return
        slots = self._pending.setdefault(detail.line, [None] * self._participants)
        slots[participant] = detail
        reported = self._reported.get(detail.line, 0) + 1
        if reported == self._participants:
            del self._pending[detail.line]
            self._reported.pop(detail.line, None)
            self._on_line(detail.line, slots)
        else:
            self._reported[detail.line] = reported

    def finish(self) -> None:
        if self._pending:  # cannot happen with aligners fed the same gold; never silently
            first = min(self._pending)
            raise RuntimeError(f"line {first} was not reported by every participant")


class DifficultyReader:
    """Reads a difficulty TSV (written by ``wsscore difficulty``) line by line, checking that
    its words are the gold's."""

    def __init__(self, path: str, rows: Iterator[str]):
        self.path = path
        self._rows = rows
        self._row_number = 0
        self._ahead: tuple[int, int, int, str, float] | None = None
        self._header_checked = False

    def _next_row(self) -> tuple[int, int, int, str, float] | None:
        for text in self._rows:
            self._row_number += 1
            if not self._header_checked:
                self._header_checked = True
                if tuple(text.rstrip("\r\n").split("\t")) == TSV_HEADER:
                    continue
            if not text.strip():
                continue
            return self._parse(text.rstrip("\r\n"))
        return None

    def _parse(self, text: str) -> tuple[int, int, int, str, float]:
        fields = text.split("\t")
        try:
            if len(fields) != 5:
                raise ValueError(f"{len(fields)} fields")
            line, start, end = (_place(fields[k], TSV_HEADER[k]) for k in range(3))
            difficulty = float(fields[4])
            if not 0.0 <= difficulty <= 1.0:
                raise ValueError(f"difficulty {fields[4]} is outside [0, 1]")
        except ValueError as exc:
            raise WsscoreError(
                f"not a difficulty row ({exc}): {text[:60]!r}",
                where=f"{self.path}:{self._row_number}",
                hint="expected line<TAB>start<TAB>end<TAB>word<TAB>difficulty, "
                "as `wsscore difficulty` writes it",
            ) from None
        return line, start, end, fields[3], difficulty

    def difficulties(self, detail: SentenceDetail) -> list[float]:
        """The difficulties of the gold words of ``detail``'s line, in order."""
        found = []
        ends = list(accumulate(map(len, detail.gold_words), initial=0))
        for index, word in enumerate(detail.gold_words):
            row = self._ahead or self._next_row()
            self._ahead = None
            expected = (detail.line, ends[index], ends[index + 1], word)
            if row is None or row[:4] != expected:
                got = "the end of the file" if row is None else _fields(row[:4])
                raise WsscoreError(
                    f"the difficulty file does not match the gold: expected "
                    f"{_fields(expected)} (gold line {detail.line}), found {got}",
                    where=f"{self.path}:{self._row_number}",
                    hint="write it again with `wsscore difficulty` from this gold",
                )
            found.append(row[4])
        return found

    def finish(self) -> None:
        row = self._ahead or self._next_row()
        if row is not None:
            raise WsscoreError(
                f"the difficulty file goes on past the gold's last word (gold line {row[0]})",
                where=f"{self.path}:{self._row_number}",
                hint="write it again with `wsscore difficulty` from this gold",
            )


_LONGEST_PLACE = 18  # digits: more than any file's line or column


def _place(field: str, column: str) -> int:
    """A line or character offset of the file: ASCII digits, few enough for ``int`` (which
    refuses over 4300 and would name a setting of Python's in its message)."""
    if not (field.isascii() and field.isdigit()):
        raise ValueError(f"{column} {field[:20]!r} is not a whole number")
    if len(field) > _LONGEST_PLACE:
        raise ValueError(f"{column} has {len(field)} digits")
    return int(field)


def _fields(values: Sequence[object]) -> str:
    return repr("\t".join(map(str, values)))


def format_row(line: int, start: int, end: int, word: str, difficulty: float) -> str:
    return f"{line}\t{start}\t{end}\t{word}\t{difficulty!r}\n"


def rows_of(detail: SentenceDetail, difficulties: Sequence[float]) -> Iterator[str]:
    ends = list(accumulate(map(len, detail.gold_words), initial=0))
    for index, (word, d) in enumerate(zip(detail.gold_words, difficulties, strict=True)):
        yield format_row(detail.line, ends[index], ends[index + 1], word, d)


class DifficultyWeighting:
    """Weighted sums for the scored systems (participants 0 … systems − 1), with difficulties
    from committee members among the participants or from a difficulty file."""

    def __init__(
        self,
        systems: int,
        participants: int,
        *,
        committee: Sequence[int] | None = None,
        reader: DifficultyReader | None = None,
        on_difficulties: Callable[[SentenceDetail, list[float]], None] | None = None,
    ):
        if (committee is None) == (reader is None):
            raise ValueError("give either committee members or a difficulty file")
        self._systems = systems
        self._committee = committee
        self._reader = reader
        self._on_difficulties = on_difficulties
        self.totals = [WeightedCounts() for _ in range(systems)]
        self._joiner = LineJoiner(participants, self._on_line)

    def add(self, participant: int, detail: SentenceDetail) -> None:
        self._joiner.add(participant, detail)

    def finish(self) -> None:
        self._joiner.finish()
        if self._reader is not None:
            self._reader.finish()

    def _on_line(self, _: int, details: list[SentenceDetail | None]) -> None:
        reported = next(detail for detail in details if detail is not None)
        if not reported.gold_words:
            difficulties: list[float] = []
        elif self._committee is not None:
            marks = [details[k].gold_marks for k in self._committee]  # type: ignore[union-attr]
            difficulties = committee_difficulties(marks)
        else:
            assert self._reader is not None
            difficulties = self._reader.difficulties(reported)
        if self._on_difficulties is not None and reported.gold_words:
            self._on_difficulties(reported, difficulties)
        for index in range(self._systems):
            detail = details[index]
            if detail is not None:
                self.totals[index] += sentence_weighted(detail, difficulties)
