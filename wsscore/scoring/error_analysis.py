"""What a prediction gets wrong: error classes, recall by word length, OOV and IV, worst lines.

The analysis behind ``wsscore errors``. It scores one prediction as :func:`wsscore.score` does
and looks at every sentence's words and marks as they stream past (a
:class:`~wsscore.scoring.collecting.SentenceCollector`, so ``--jobs`` can collect it in parts),
so memory grows with the number of distinct wrong (word, segmentation) pairs, not with the
number of lines:

>>> analysis = analyse("gold.txt", "pred.txt", dictionary="words.txt", per_line=10)
>>> analysis.classes["merged"].count
"""

from __future__ import annotations

import heapq
import os
from collections import Counter
from collections.abc import Callable
from functools import partial
from operator import add
from typing import NamedTuple

from wsscore.api_terms import in_api_terms
from wsscore.core import backend
from wsscore.core.definitions import LENGTH_BUCKETS
from wsscore.core.records import Gather, LineErrorsFound, SentenceDetail
from wsscore.errors import refuse_standard_input_twice
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.labels import refuse_breaking_label
from wsscore.inputs.options import InputOptions
from wsscore.inputs.sources import Source
from wsscore.inputs.words import split_words
from wsscore.metrics.boundaries import (
    ERROR_CLASSES,
    Merge,
    merges,
    wrong_words,
)
from wsscore.metrics.scores import ratio
from wsscore.metrics.settings import Statistics
from wsscore.ranges import check_numbers
from wsscore.results import Report, SystemResult
from wsscore.scoring.collecting import EqualLinesReceiver
from wsscore.scoring.request import Parallelism, ScoreRequest
from wsscore.scoring.scorer import score_request


# Named tuples (users unpack them); their field `count` deliberately hides tuple.count, which
# mypy reports as an incompatible override.
class ErrorExample(NamedTuple):
    """A gold word, one wrong predicted segmentation of it, and how often that happened."""

    word: str
    predicted: str  # the predicted words over the gold word's characters, joined by "/"
    count: int  # type: ignore[assignment]

    def as_dict(self) -> dict[str, object]:
        return {"word": self.word, "predicted": self.predicted, "count": self.count}


class ErrorClass(NamedTuple):
    """One error class (docs/metrics.md §5.4) with its most frequent examples."""

    name: str  # one of ERROR_CLASSES
    count: int  # type: ignore[assignment]  # wrong gold words of this class
    examples: list[ErrorExample]  # by count (most first), then word, then predicted


class MergeExample(NamedTuple):
    """A predicted word that swallowed gold words (each a merged error), those gold words, and
    how often that happened: one row for what the merged class lists once per gold word."""

    predicted: str
    gold: tuple[str, ...]  # the gold words lying wholly inside it, in order
    count: int  # type: ignore[assignment]

    def as_dict(self) -> dict[str, object]:
        return {"predicted": self.predicted, "gold": list(self.gold), "count": self.count}


class Merges(NamedTuple):
    """The merges by predicted word: how many predicted words swallowed gold words, and the
    most frequent (predicted word, gold words) pairs."""

    count: int  # type: ignore[assignment]
    examples: list[MergeExample]  # by count (most first), then predicted word, then gold words

    def as_dict(self) -> dict[str, object]:
        return {"count": self.count, "examples": [e.as_dict() for e in self.examples]}


class Breakdown(NamedTuple):
    """Gold words of one kind (a length, OOV or IV) and how many of them are correct."""

    label: str
    gold_words: int
    correct: int

    @property
    def recall(self) -> float | None:
        return ratio(self.correct, self.gold_words)

    def as_dict(self) -> dict[str, object]:
        return {"gold_words": self.gold_words, "correct": self.correct, "recall": self.recall}


class LineErrors(NamedTuple):
    """A gold line with its wrong gold words; the texts are the words joined by spaces."""

    line: int  # 1-based line number in the gold
    errors: int  # wrong gold words
    gold_words: int
    gold: str
    predicted: str  # the predicted words that start in this line

    def as_dict(self) -> dict[str, object]:
        return {
            "line": self.line,
            "errors": self.errors,
            "gold_words": self.gold_words,
            "gold": self.gold,
            "predicted": self.predicted,
        }


class ErrorAnalysis:
    """Everything the ``errors`` renderers need, for one prediction."""

    def __init__(
        self,
        report: Report,
        classes: dict[str, ErrorClass],
        by_length: list[Breakdown],
        oov: Breakdown | None,
        iv: Breakdown | None,
        lines: list[LineErrors],
        *,
        top: int,
        per_line: int,
    ):
        self.report = report
        self.classes = classes  # in ERROR_CLASSES order
        self.by_length = by_length  # in LENGTH_BUCKETS order
        self.oov = oov  # None without a dictionary
        self.iv = iv
        self.lines = lines  # most errors first, then by line number
        self.top = top
        self.per_line = per_line
        # The merged errors grouped by the predicted word that swallowed them (set by
        # analyse(); a keyword of its own would make the constructor's arguments too many).
        self.merges = Merges(0, [])

    def __repr__(self) -> str:
        counts = ", ".join(f"{c.name}={c.count}" for c in self.classes.values())
        return f"ErrorAnalysis({self.system.name!r}, {counts})"

    @property
    def system(self) -> SystemResult:
        return self.report.systems[0]

    @property
    def has_dictionary(self) -> bool:
        return self.oov is not None

    @property
    def wrong_words(self) -> int:
        """Wrong gold words in all classes (RP − TP)."""
        return sum(c.count for c in self.classes.values())

    def share(self, name: str) -> float | None:
        """The share of the wrong gold words that fall in class ``name``."""
        return ratio(self.classes[name].count, self.wrong_words)

    def as_dict(self) -> dict[str, object]:
        """The JSON object (keys are a contract; more may be added)."""
        report = self.report.as_dict()
        return {
            "version": report["version"],
            "signature": report["signature"],
            "gold": report["gold"],
            "dictionary": report["dictionary"],
            "system": self.system.as_dict(),
            "wrong_words": self.wrong_words,
            "error_classes": {
                name: {
                    "count": error_class.count,
                    "share": self.share(name),
                    "examples": [example.as_dict() for example in error_class.examples],
                }
                for name, error_class in self.classes.items()
            },
            "merges": self.merges.as_dict(),
            "by_length": [{"length": b.label, **b.as_dict()} for b in self.by_length],
            "oov": self.oov.as_dict() if self.oov is not None else None,
            "iv": self.iv.as_dict() if self.iv is not None else None,
            "lines": [line.as_dict() for line in self.lines],
            "options": {
                "top": self.top,
                "per_line": self.per_line,
                "unit": self.report.settings.unit,
            },
            "warnings": list(self.report.warnings),
        }


class _CollectedPart(NamedTuple):
    """A :class:`_Collector`'s sums over one chunk of the files (``--jobs``)."""

    examples: Counter[tuple[str, str, str]]
    merges: Counter[Merge]
    length_words: list[int]
    length_correct: list[int]
    oov_words: int
    oov_correct: int
    iv_words: int
    iv_correct: int
    worst: list[LineErrors]


def _texts_of(line: LineErrors) -> tuple[str, str]:
    return line.gold, line.predicted


class _Collector:
    """Sums one prediction's sentences as they are scored (a
    :class:`~wsscore.scoring.collecting.SentenceCollector`, also in chunks with ``--jobs``)."""

    bulk_gather = Gather.ERRORS  # the wrong words of the lines that agree, and their lengths

    def __init__(self, dictionary: Dictionary | None, per_line: int):
        self.dictionary = dictionary
        # (class, word, predicted): every wrong gold word, so the classes' counts are its sums;
        # those of lines that agree in the backend's tally (most of them, and without a Python
        # object each), the others here.
        self.examples: Counter[tuple[str, str, str]] = Counter()
        self.agreeing_examples = backend.wrong_word_tally()
        # Each predicted word that swallowed gold words, with those words: a merged error is
        # tallied per gold word above, and one merge of two gold words here once; those of
        # lines that agree in the backend's tally, as ("merged", predicted, gold words joined
        # by " ").
        self.merges: Counter[Merge] = Counter()
        self.agreeing_merges = backend.wrong_word_tally()
        self.length_words = [0] * len(LENGTH_BUCKETS)
        self.length_correct = [0] * len(LENGTH_BUCKETS)
        self.known = dictionary.lookup if dictionary is not None else None
        self.oov_words = self.oov_correct = self.iv_words = self.iv_correct = 0
        self.per_line = per_line
        # A min-heap of the worst lines so far, keyed (errors, -line): its root is the line to
        # drop first, and of two lines with as many errors the later one goes.
        self.worst: list[tuple[int, int, LineErrors]] = []

    def __call__(self, _system: int, detail: SentenceDetail) -> None:
        errors = 0
        for wrong in wrong_words(detail):
            errors += 1
            self._add_wrong(wrong.error, wrong.word, wrong.predicted)
        if errors:
            self.merges.update(merges(detail))
        self._count_words(detail)
        if self.per_line and errors:
            self._keep_line(
                detail.line,
                errors,
                len(detail.gold_words),
                lambda: (" ".join(detail.gold_words), " ".join(detail.pred_words)),
            )

    def equal_lines(
        self,
        _system: int,
        first: int,
        gold_lines: list[str],
        pred_lines: list[str],
        found: LineErrorsFound | None,
    ) -> None:
        """Lines whose characters agree, as the backend finds them: the same sums as
        ``__call__`` makes from each line's detail, without building their words."""
        assert found is not None  # gathered with their wrong words (bulk_gather)
        self.agreeing_examples.merge(found.wrong)
        self.length_words = list(map(add, self.length_words, found.lengths.words))
        self.length_correct = list(map(add, self.length_correct, found.lengths.correct))
        if self.known is not None:
            totals = found.totals
            self.oov_words += totals.oov_words
            self.oov_correct += totals.oov_correct
            self.iv_words += totals.iv_words
            self.iv_correct += totals.iv_correct
        if found.merges is not None:  # tallied by the backend as it walks the lines
            self.agreeing_merges.merge(found.merges)
        if not self.per_line:
            return
        for line in found.lines:
            at = line.number - first
            texts = partial(_words_of_both, gold_lines[at], pred_lines[at])
            self._keep_line(line.number, line.errors, line.gold_words, texts)

    def _add_wrong(self, error: str, word: str, predicted: str) -> None:
        self.examples[error, word, predicted] += 1

    def _count_words(self, detail: SentenceDetail) -> None:
        last = len(LENGTH_BUCKETS) - 1
        known = self.known
        for word, correct in zip(detail.gold_words, detail.gold_marks, strict=True):
            bucket = min(len(word) - 1, last)
            self.length_words[bucket] += 1
            self.length_correct[bucket] += correct
            if known is None:
                continue
            if word in known:
                self.iv_words += 1
                self.iv_correct += correct
            else:
                self.oov_words += 1
                self.oov_correct += correct

    def _keep_line(
        self, line: int, errors: int, gold_words: int, texts: Callable[[], tuple[str, str]]
    ) -> None:
        key = (errors, -line)
        if len(self.worst) == self.per_line and key <= self.worst[0][:2]:
            return  # not among the worst: skip building its texts
        entry = (*key, LineErrors(line, errors, gold_words, *texts()))
        if len(self.worst) < self.per_line:
            heapq.heappush(self.worst, entry)
        else:
            heapq.heapreplace(self.worst, entry)

    # --- in parts: `--jobs` collects each chunk of the files in a worker, then adds them up

    def equal_lines_receiver(self) -> EqualLinesReceiver:
        """Lines that agree are summed from what the C speed-ups found in them."""
        return self.equal_lines

    def chunk_copy(self) -> _Collector:
        """An empty collector like this one, for a worker's chunk."""
        return _Collector(self.dictionary, self.per_line)

    def chunk_state(self) -> _CollectedPart:
        """What this collector holds, to send back from a worker (picklable)."""
        return _CollectedPart(
            self.all_examples(),
            self.all_merges(),
            self.length_words,
            self.length_correct,
            self.oov_words,
            self.oov_correct,
            self.iv_words,
            self.iv_correct,
            [entry[2] for entry in self.worst],
        )

    def absorb(self, part: _CollectedPart) -> None:
        """Add a chunk's collector: sums add up, and the worst lines of the whole are the worst
        of the chunks' worst lines (a line's key, its errors and number, is its own)."""
        self.examples.update(part.examples)
        self.merges.update(part.merges)
        self.length_words = list(map(add, self.length_words, part.length_words))
        self.length_correct = list(map(add, self.length_correct, part.length_correct))
        self.oov_words += part.oov_words
        self.oov_correct += part.oov_correct
        self.iv_words += part.iv_words
        self.iv_correct += part.iv_correct
        for line in part.worst:
            self._keep_line(line.line, line.errors, line.gold_words, partial(_texts_of, line))

    def all_examples(self) -> Counter[tuple[str, str, str]]:
        """Every wrong gold word, those of lines that agree and the others, counted."""
        examples = self.examples.copy()
        examples.update(self.agreeing_examples.counts())  # a WrongWordFound is such a tuple
        return examples

    def error_classes(self, top: int) -> dict[str, ErrorClass]:
        ranked: dict[str, list[ErrorExample]] = {name: [] for name in ERROR_CLASSES}
        counts = dict.fromkeys(ERROR_CLASSES, 0)
        for (name, word, predicted), count in self.all_examples().items():
            ranked[name].append(ErrorExample(word, predicted, count))
            counts[name] += count
        return {
            name: ErrorClass(
                name,
                counts[name],
                sorted(examples, key=lambda e: (-e.count, e.word, e.predicted))[:top],
            )
            for name, examples in ranked.items()
        }

    def all_merges(self) -> Counter[Merge]:
        """Every merge, those of lines that agree and the others, counted."""
        merges = self.merges.copy()
        for found, count in self.agreeing_merges.counts().items():
            merges[Merge(found.word, tuple(found.predicted.split(" ")))] += count
        return merges

    def ranked_merges(self, top: int) -> Merges:
        every = self.all_merges()
        ranked = sorted(every.items(), key=lambda item: (-item[1], item[0]))
        return Merges(
            sum(every.values()),
            [MergeExample(merge.predicted, merge.gold, count) for merge, count in ranked[:top]],
        )

    def by_length(self) -> list[Breakdown]:
        return [
            Breakdown(label, words, correct)
            for label, words, correct in zip(
                LENGTH_BUCKETS, self.length_words, self.length_correct, strict=True
            )
        ]

    def worst_lines(self) -> list[LineErrors]:
        return [entry[2] for entry in sorted(self.worst, reverse=True)]


def _words_of_both(gold: str, pred: str) -> tuple[str, str]:
    """A line's gold and predicted words, each joined by single spaces."""
    return " ".join(split_words(gold)), " ".join(split_words(pred))


@in_api_terms("analyse", renames={"names": "name"})
def analyse(
    gold: Source,
    prediction: Source,
    *,
    inputs: InputOptions | None = None,
    top: int = 20,
    per_line: int = 0,
    name: str | None = None,
    jobs: int = 1,
) -> ErrorAnalysis:
    """Error classes with their ``top`` most frequent examples, recall by word length, OOV and
    IV recall (with a dictionary), and the ``per_line`` lines with most wrong gold words (none
    when 0). ``gold``, ``prediction``, ``inputs`` and ``jobs`` are as for
    :func:`wsscore.score`."""
    check_numbers(top=top, per_line=per_line, jobs=jobs)
    refuse_breaking_label(name)
    inputs = inputs if inputs is not None else InputOptions()
    # The dictionary is read before score() runs, so score() cannot catch a second '-' any more.
    refuse_standard_input_twice([gold, prediction, *inputs.dictionary_paths()])
    known = inputs.load_dictionary()
    collector = _Collector(known, per_line)
    request = ScoreRequest(
        names=[name] if name is not None else None,
        statistics=Statistics(ci="none"),
        parallelism=Parallelism(jobs),
        collector=collector,
    )
    report = score_request(
        gold,
        # A single path is wrapped by score(); lines need the outer list to be one prediction.
        prediction if isinstance(prediction, (str, os.PathLike)) else [prediction],
        inputs.with_dictionary(known),
        request,
    )
    oov = iv = None
    if known is not None:
        oov = Breakdown("oov", collector.oov_words, collector.oov_correct)
        iv = Breakdown("iv", collector.iv_words, collector.iv_correct)
    analysis = ErrorAnalysis(
        report,
        collector.error_classes(top),
        collector.by_length(),
        oov,
        iv,
        collector.worst_lines(),
        top=top,
        per_line=per_line,
    )
    analysis.merges = collector.ranked_merges(top)
    return analysis


__all__ = [
    "LENGTH_BUCKETS",
    "Breakdown",
    "ErrorAnalysis",
    "ErrorClass",
    "ErrorExample",
    "LineErrors",
    "MergeExample",
    "Merges",
    "analyse",
]
