"""Sufficient statistics of a segmentation against the gold: small records that add up."""

from __future__ import annotations

from operator import add
from typing import NamedTuple


class Counts(NamedTuple):
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

    def __add__(self, other: Counts) -> Counts:  # type: ignore[override]
        return Counts(*map(add, self, other))

    def as_tuple(self) -> tuple[int, ...]:
        return tuple(self)

    def as_dict(self) -> dict[str, int]:
        """The JSON ``counts`` object (iv_* included)."""
        data = self._asdict()
        data["iv_words"] = self.iv_words
        data["iv_correct"] = self.iv_correct
        return data


COUNT_FIELDS = Counts._fields
