"""The distinct words of a run, gold and predicted (--extra's type counts), in sets of the
running backend.

Above :mod:`wsscore.core.backend` (which makes the sets) and :mod:`wsscore.core.records` (whose
:class:`~wsscore.core.records.TypeCounts` they give), so that the records need no backend.
"""

from __future__ import annotations

from wsscore.core import backend
from wsscore.core.records import TypeCounts, WordTypeSet


def type_sets() -> TypeSets:
    """An empty pair of sets of distinct words, gold and predicted (--extra's type counts)."""
    return TypeSets(backend.word_types(), backend.word_types())


class TypeSets:
    """The distinct gold words and predicted words of one prediction's run (§5.11), as sets of
    the backend (:func:`type_sets` makes an empty pair). Pickled as their
    words, so that a worker's sets and a :class:`~wsscore.Scorer`'s travel."""

    __slots__ = ("gold", "pred")

    def __init__(self, gold: WordTypeSet, pred: WordTypeSet):
        self.gold = gold
        self.pred = pred

    def counts(self) -> TypeCounts:
        return TypeCounts(self.gold.common(self.pred), len(self.gold), len(self.pred))

    def merge(self, other: TypeSets) -> None:
        """Add another pair's words (of the same backend) to these."""
        self.gold.merge(other.gold)
        self.pred.merge(other.pred)

    def copy(self) -> TypeSets:
        return _type_sets_of_words(self.gold.words(), self.pred.words())

    def __reduce__(self) -> tuple[object, ...]:
        return (_type_sets_of_words, (self.gold.words(), self.pred.words()))


def _type_sets_of_words(gold: frozenset[str], pred: frozenset[str]) -> TypeSets:
    """Sets of the running backend holding these words (which hold no separator)."""
    found = type_sets()
    found.gold.add("\n".join(gold))
    found.pred.add("\n".join(pred))
    return found
