"""Sufficient statistics of a segmentation against the gold: small records that add up."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Counts:
    """Counts for one sentence or a whole file; every metric is a function of these.

    Names are spelled out on purpose: ``correct / gold_words`` is recall,
    ``correct / pred_words`` is precision.
    """

    gold_words: int = 0  # RP
    pred_words: int = 0  # PP
    correct: int = 0  # TP: gold words whose span is also a predicted span
    oov_words: int = 0  # gold words not in the dictionary
    oov_correct: int = 0
    substitutions: int = 0
    insertions: int = 0
    deletions: int = 0
    misaligned_lines: int = 0  # gold lines touching a character that differs from the prediction
    misaligned_chars: int = 0

    @property
    def iv_words(self) -> int:
        return self.gold_words - self.oov_words

    @property
    def iv_correct(self) -> int:
        return self.correct - self.oov_correct

    def __add__(self, other: Counts) -> Counts:
        return Counts(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple(), strict=True)))

    def as_tuple(self) -> tuple[int, ...]:
        return tuple(getattr(self, f.name) for f in fields(self))

    def as_dict(self) -> dict[str, int]:
        """The JSON ``counts`` object (iv_* included)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["iv_words"] = self.iv_words
        data["iv_correct"] = self.iv_correct
        return data


COUNT_FIELDS = tuple(f.name for f in fields(Counts))


class CountsAccumulator:
    """Adds per-sentence counts in place (cheaper than building a Counts per line)."""

    __slots__ = ("totals",)

    def __init__(self) -> None:
        self.totals = [0] * len(COUNT_FIELDS)

    def add(self, values: tuple[int, ...]) -> None:
        totals = self.totals
        for index, value in enumerate(values):
            totals[index] += value

    def result(self) -> Counts:
        return Counts(*self.totals)
