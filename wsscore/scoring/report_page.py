"""What ``wsscore report`` shows, gathered in one scoring run: the scores, the error classes
with the words each system got wrong and how it cut them, F per bucket (word length, OOV,
training frequency, sentence length, OOV density) and every sentence as each system cut it.

The sentences are not kept in memory: each one is written, as soon as every system has been
scored on it, to a temporary file that the page writer copies from (memory stays flat however
long the test set).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from typing import IO, NamedTuple

from wsscore.align.lines import SentenceDetail
from wsscore.errors import Warnings
from wsscore.inputs.dictionary import Dictionary, training_frequencies
from wsscore.inputs.options import InputOptions
from wsscore.inputs.sources import Source
from wsscore.metrics.boundaries import ERROR_CLASSES, wrong_words
from wsscore.metrics.ranking import sort_systems
from wsscore.metrics.scores import f_beta, ratio
from wsscore.metrics.settings import Statistics
from wsscore.results import Report
from wsscore.scoring.request import AnalysisOptions, Callbacks, ScoreRequest
from wsscore.scoring.scorer import score_request

TOP_WORDS = 15  # wrong gold words listed per error class
CODES = {"split": "s", "merged": "m", "crossing": "c"}  # a wrong gold word's class, in a letter

# Bucket families: (key, title, labels). A word's or a sentence's label comes from a function of
# it; sentence families put all the sentence's words in its bucket.
LENGTH_LABELS = ("1", "2", "3", "4", "5+")
OOV_LABELS = ("IV", "OOV")
FREQUENCY_LABELS = ("0", "1", "2–4", "5–19", "20–99", "100+")
SENTENCE_LABELS = ("1–10", "11–20", "21–40", "41–80", "81+")
DENSITY_LABELS = ("0", "≤5%", "5–10%", "10–20%", ">20%")


class Bucket:
    """Gold and predicted words of one label, and the correct ones of each."""

    __slots__ = ("gold", "gold_correct", "pred", "pred_correct")

    def __init__(self) -> None:
        self.gold = self.gold_correct = self.pred = self.pred_correct = 0

    def as_dict(self) -> dict[str, object]:
        recall = ratio(self.gold_correct, self.gold)
        precision = ratio(self.pred_correct, self.pred)
        return {
            "gold": self.gold,
            "gold_correct": self.gold_correct,
            "pred": self.pred,
            "pred_correct": self.pred_correct,
            "recall": recall,
            "precision": precision,
            "f1": f_beta(precision, recall, 1.0),
        }


class Family(NamedTuple):
    key: str
    title: str
    labels: tuple[str, ...]


def families(has_dictionary: bool, has_frequencies: bool) -> list[Family]:
    chosen = [Family("word_length", "Word length (characters)", LENGTH_LABELS)]
    if has_dictionary:
        chosen.append(Family("oov", "In the dictionary (IV) or not (OOV)", OOV_LABELS))
    if has_frequencies:
        chosen.append(Family("frequency", "Frequency in the training data", FREQUENCY_LABELS))
    chosen.append(Family("sentence_length", "Sentence length (gold words)", SENTENCE_LABELS))
    if has_dictionary:
        chosen.append(Family("oov_density", "OOV words in the sentence", DENSITY_LABELS))
    return chosen


def length_label(word: str) -> str:
    return LENGTH_LABELS[min(len(word), 5) - 1]


def frequency_label(count: int) -> str:
    for limit, label in ((0, "0"), (1, "1"), (4, "2–4"), (19, "5–19"), (99, "20–99")):
        if count <= limit:
            return label
    return "100+"


def sentence_label(words: int) -> str:
    for limit, label in zip((10, 20, 40, 80), SENTENCE_LABELS, strict=False):
        if words <= limit:
            return label
    return "81+"


def density_label(oov: int, words: int) -> str:
    share = oov / words if words else 0.0
    if share == 0:
        return "0"
    for limit, label in zip((0.05, 0.10, 0.20), DENSITY_LABELS[1:], strict=False):
        if share <= limit:
            return label
    return ">20%"


class SystemTally:
    """One system's error classes, wrong words and buckets, summed over its sentences."""

    def __init__(self, family_list: list[Family]):
        self.class_counts = dict.fromkeys(ERROR_CLASSES, 0)
        self.cuts: Counter[tuple[str, str, str]] = Counter()  # (class, word, predicted)
        self.buckets = {f.key: {label: Bucket() for label in f.labels} for f in family_list}

    def add_errors(self, detail: SentenceDetail) -> str:
        """The sentence's wrong gold words counted; their classes as one letter per gold word."""
        codes = ["."] * len(detail.gold_words)
        ends = {}
        for wrong in wrong_words(detail):
            self.class_counts[wrong.error] += 1
            self.cuts[wrong.error, wrong.word, wrong.predicted] += 1
            ends[wrong.start] = CODES[wrong.error]
        start = 0
        for index, word in enumerate(detail.gold_words):
            codes[index] = ends.get(start, ".") if not detail.gold_marks[index] else "."
            start += len(word)
        return "".join(codes)


class PageCollector:
    """The ``on_detail`` callback of the report's run: tallies per system, sentences to a file.

    Systems are scored block by block, all of them on a block before the next, so a sentence is
    complete (every system has given its words) once every system has gone past it.
    """

    def __init__(
        self,
        systems: int,
        known: Dictionary | None,
        frequencies: Counter[str] | None,
        sink: IO[str],
    ):
        self.known = known.lookup if known is not None else None
        self.frequencies = frequencies
        self.families = families(known is not None, frequencies is not None)
        self.tallies = [SystemTally(self.families) for _ in range(systems)]
        self.sink = sink
        self.sentences = 0
        self._pending: dict[int, list[object]] = {}  # line -> [line, gold, entry per system]
        self._reached = [0] * systems  # the last line each system has given

    def __call__(self, index: int, detail: SentenceDetail) -> None:
        codes = self.tallies[index].add_errors(detail)
        self._count_buckets(index, detail)
        entry = self._pending.get(detail.line)
        if entry is None:
            entry = [detail.line, " ".join(detail.gold_words), *([None] * len(self.tallies))]
            self._pending[detail.line] = entry
        pred_codes = "".join("." if mark else "x" for mark in detail.pred_marks)
        cut = [" ".join(detail.pred_words), codes, pred_codes]
        entry[2 + index] = cut if entry[2 + index] is None else _joined(entry[2 + index], cut)
        self._reached[index] = max(self._reached[index], detail.line)
        self._flush(min(self._reached))

    def finish(self) -> None:
        self._flush(None)

    def _flush(self, up_to: int | None) -> None:
        for line in sorted(self._pending):
            if up_to is not None and line >= up_to:
                break  # the slowest system may still add words to this line
            entry = self._pending.pop(line)
            for index in range(len(self.tallies)):
                if entry[2 + index] is None:  # that system predicted nothing on this line
                    gold_words = len(str(entry[1]).split())
                    entry[2 + index] = ["", "." * gold_words, ""]
            self.sink.write(("," if self.sentences else "") + script_json(entry))
            self.sentences += 1

    def _count_buckets(self, index: int, detail: SentenceDetail) -> None:
        buckets = self.tallies[index].buckets
        known = self.known
        gold_words = detail.gold_words
        oov = 0
        for word, correct in zip(gold_words, detail.gold_marks, strict=True):
            _add_gold(buckets["word_length"][length_label(word)], correct)
            if known is not None:
                in_dictionary = word in known
                oov += not in_dictionary
                _add_gold(buckets["oov"][OOV_LABELS[not in_dictionary]], correct)
            if self.frequencies is not None:
                label = frequency_label(self.frequencies[word])
                _add_gold(buckets["frequency"][label], correct)
        for word, correct in zip(detail.pred_words, detail.pred_marks, strict=True):
            _add_pred(buckets["word_length"][length_label(word)], correct)
            if known is not None:
                _add_pred(buckets["oov"][OOV_LABELS[word not in known]], correct)
            if self.frequencies is not None:
                _add_pred(buckets["frequency"][frequency_label(self.frequencies[word])], correct)
        sentence = [buckets["sentence_length"][sentence_label(len(gold_words))]]
        if known is not None:
            sentence.append(buckets["oov_density"][density_label(oov, len(gold_words))])
        for bucket in sentence:
            bucket.gold += len(gold_words)
            bucket.gold_correct += sum(detail.gold_marks)
            bucket.pred += len(detail.pred_words)
            bucket.pred_correct += sum(detail.pred_marks)


def _add_gold(bucket: Bucket, correct: bool) -> None:
    bucket.gold += 1
    bucket.gold_correct += correct


def _add_pred(bucket: Bucket, correct: bool) -> None:
    bucket.pred += 1
    bucket.pred_correct += correct


def _joined(first: object, second: list[str]) -> list[str]:
    """Two pieces of one system's words on one gold line (a differing stretch can report a line
    in parts)."""
    assert isinstance(first, list)
    return [" ".join(filter(None, (first[0], second[0]))), first[1], first[2] + second[2]]


def script_json(value: object) -> str:
    """JSON that can sit inside a <script> element: "<" only ever occurs in its strings, where
    \u003c means the same and cannot end the element ("</script>") or open a comment ("<!--").

    An undecodable byte kept from an input (U+DC80..U+DCFF) is shown as ``\\xff``, as the
    messages show it: the page is UTF-8, where the byte itself would be a replacement mark.
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return _SURROGATE.sub(_json_escaped, text.replace("<", "\\u003c"))


_SURROGATE = re.compile("[\ud800-\udfff]")
_KEPT_BYTE = re.compile("[\udc80-\udcff]")


def _json_escaped(found: re.Match[str]) -> str:
    """A lone surrogate in a JSON string: a kept byte as the text ``\\xff``, any other as its
    JSON escape (never written raw: UTF-8 cannot hold it)."""
    code = ord(found.group())
    return f"\\\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


def shown_bytes(text: str) -> str:
    """``text`` with each undecodable byte kept from an input shown as ``\\xff``."""
    return _KEPT_BYTE.sub(lambda found: f"\\x{ord(found.group()) - 0xDC00:02x}", text)


class PageData:
    """Everything the page shows; ``sentences`` is an open temporary file holding the JSON
    array's elements (comma-separated, without brackets), ``sentence_count`` of them."""

    def __init__(
        self,
        report: Report,
        order: list[int],
        collector: PageCollector,
        sentences: IO[str],
    ):
        self.report = report
        self.order = order  # system indices in input order, for each row of the ranked table
        self.families = collector.families
        self.tallies = collector.tallies
        self.sentences = sentences
        self.sentence_count = collector.sentences

    @property
    def names(self) -> list[str]:
        """System names in input order (the order of the sentences' entries)."""
        by_index = dict(zip(self.order, (s.name for s in self.report.systems), strict=True))
        return [by_index[index] for index in range(len(self.order))]

    def error_table(self, name: str) -> list[dict[str, object]]:
        """The most frequently wrong gold words of class ``name`` over all systems, with how
        often each system got them wrong and its most frequent cut of them."""
        totals: Counter[str] = Counter()
        per_system: list[dict[str, Counter[str]]] = []
        for tally in self.tallies:
            words: dict[str, Counter[str]] = {}
            for (error, word, predicted), count in tally.cuts.items():
                if error == name:
                    words.setdefault(word, Counter())[predicted] += count
                    totals[word] += count
            per_system.append(words)
        rows = []
        for word, total in sorted(totals.items(), key=lambda item: (-item[1], item[0]))[:TOP_WORDS]:
            cuts: list[dict[str, object] | None] = []
            for words in per_system:
                found = words.get(word)
                if not found:
                    cuts.append(None)
                    continue
                predicted, count = min(found.items(), key=lambda item: (-item[1], item[0]))
                cuts.append({"wrong": sum(found.values()), "cut": predicted, "count": count})
            rows.append({"word": word, "wrong": total, "systems": cuts})
        return rows

    def as_dict(self) -> dict[str, object]:
        """The JSON embedded as ``wsscore-data``: the score report, then the analyses (systems
        in input order in the analyses, as in ``wsscore-sentences``)."""
        return {
            "report": self.report.as_dict(),
            "systems": self.names,
            "error_classes": {
                name: {
                    "counts": [tally.class_counts[name] for tally in self.tallies],
                    "words": self.error_table(name),
                }
                for name in ERROR_CLASSES
            },
            "buckets": [
                {
                    "key": family.key,
                    "title": family.title,
                    "labels": list(family.labels),
                    "systems": [
                        [tally.buckets[family.key][label].as_dict() for label in family.labels]
                        for tally in self.tallies
                    ],
                }
                for family in self.families
            ],
            "sentences": self.sentence_count,
        }


def gather(
    gold: Source,
    predictions: Sequence[Source],
    *,
    inputs: InputOptions | None = None,
    names: Sequence[str | None] | None = None,
    statistics: Statistics | None = None,
    committee: Sequence[Source] | None = None,
    difficulty: Source | None = None,
    progress: Callable[[int], None] | None = None,
) -> PageData:
    """Score ``predictions`` against ``gold`` as :func:`wsscore.score` does, and gather the
    page's analyses on the way (``statistics`` as :func:`wsscore.score`'s ``ci``, ``beta``,
    ``samples`` and ``seed``). With training corpora (``inputs.train``), words are also
    bucketed by their frequency there."""
    inputs = inputs if inputs is not None else InputOptions()
    known = inputs.load_dictionary()
    frequencies = None
    if inputs.train:
        # Quiet: reading the corpus for the dictionary has said what there was to say.
        quiet = Warnings(quiet=True)
        frequencies = training_frequencies(
            inputs.train_paths(), inputs.for_dictionary, warnings=quiet
        )
    # Handed to the page writer, which closes it (and the system deletes it): not a `with`.
    sink = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
    collector = PageCollector(len(predictions), known, frequencies, sink)
    try:
        request = ScoreRequest(
            names=names,
            statistics=statistics if statistics is not None else Statistics(),
            sort="none",
            analyses=AnalysisOptions(extra=True, committee=committee, difficulty=difficulty),
            callbacks=Callbacks(on_detail=collector, progress=progress),
        )
        report = score_request(gold, list(predictions), inputs.with_dictionary(known), request)
        collector.finish()
    except BaseException:
        sink.close()
        raise
    given = list(report.systems)
    report.systems = sort_systems(given, "f")  # the ranked table's order, as `score` prints it
    order = [next(i for i, s in enumerate(given) if s is system) for system in report.systems]
    sink.seek(0)
    return PageData(report, order, collector, sink)
