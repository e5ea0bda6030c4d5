"""What ``wsscore report`` shows, gathered in one scoring run: the scores, the error classes
with the words each system got wrong and how it cut them, F per bucket (word length, OOV,
training frequency, sentence length, OOV density), all from every sentence, and the sentences
that matter most as each system cut them (:mod:`~wsscore.scoring.page_sentences`).

Lines whose characters agree with the gold's are taken in bulk, as the backend counted them
(their wrong words, word lengths, records and boundary counts), and split into words only if
the browser keeps them; the others from their detail. Only the kept sentences are held, so
memory stays flat however long the test set; they are written to a temporary file that the
page writer copies from.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Callable, Container, Sequence
from itertools import repeat
from typing import IO, NamedTuple

from wsscore.core import backend
from wsscore.core.records import Counts, Gather, LineErrorsFound, SentenceDetail
from wsscore.errors import Warnings
from wsscore.inputs.dictionary import Dictionary, training_frequencies
from wsscore.inputs.options import InputOptions
from wsscore.inputs.sources import Source
from wsscore.inputs.words import split_words
from wsscore.metrics.boundaries import ERROR_CLASSES, wrong_words
from wsscore.metrics.ranking import sort_systems
from wsscore.metrics.scores import f_beta, ratio
from wsscore.metrics.settings import Statistics
from wsscore.ranges import check_numbers
from wsscore.results import Report
from wsscore.scoring.collecting import EqualLinesReceiver
from wsscore.scoring.page_sentences import (
    CODES,
    MAX_SENTENCES,
    AgreeingPiece,
    Cut,
    KeptSentence,
    Selection,
    detail_pred_codes,
    detail_wrong,
)
from wsscore.scoring.request import AnalysisOptions, Callbacks, Parallelism, ScoreRequest
from wsscore.scoring.scorer import score_request

TOP_WORDS = 15  # wrong gold words listed per error class

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
        self.agreeing_cuts = backend.wrong_word_tally()  # put in cuts at the end
        self.buckets = {f.key: {label: Bucket() for label in f.labels} for f in family_list}
        # Predicted words of lines that agree, counted by word until they are put in their
        # buckets: a word is looked up once, not once for every time it is predicted.
        self.pred_words: Counter[str] = Counter()

    def put_pred_words(
        self, known: Container[str] | None, frequencies: Counter[str] | None
    ) -> None:
        """The predicted words counted so far put in their buckets (as many words, none right:
        the right ones are counted with the gold words)."""
        buckets = self.buckets
        for word, count in self.pred_words.items():
            buckets["word_length"][length_label(word)].pred += count
            if known is not None:
                buckets["oov"][OOV_LABELS[word not in known]].pred += count
            if frequencies is not None:
                buckets["frequency"][frequency_label(frequencies[word])].pred += count
        self.pred_words.clear()

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

    def put_agreeing_cuts(self) -> None:
        """The wrong gold words of lines whose characters agree, as the backend tallied them
        (without a Python object per word), added to the cuts and classes once."""
        for found, count in self.agreeing_cuts.counts().items():
            self.cuts[found] += count  # a WrongWordFound is the tuple (class, word, predicted)
            self.class_counts[found.error] += count
        self.agreeing_cuts = backend.wrong_word_tally()


class PageCollector:
    """What the report's run collects of every sentence (a
    :class:`~wsscore.scoring.collecting.SentenceCollector` that takes lines that agree in bulk):
    tallies per system, and the sentences the browser keeps.

    Systems are scored block by block, all of them on a block before the next, so a sentence is
    complete (every system has given its words) once every system has gone past it.
    """

    bulk_gather = Gather.ERRORS  # the wrong words of the lines that agree, and their lengths

    def __init__(
        self,
        systems: int,
        known: Dictionary | None,
        frequencies: Counter[str] | None,
        max_sentences: int = MAX_SENTENCES,
    ):
        self.known = known.lookup if known is not None else None
        self.frequencies = frequencies
        self.families = families(known is not None, frequencies is not None)
        self.tallies = [SystemTally(self.families) for _ in range(systems)]
        self.selection = Selection(max_sentences)
        self._pending: dict[int, _Sentence] = {}
        self._reached = [0] * systems  # the last line each system has given

    def __call__(self, index: int, detail: SentenceDetail) -> None:
        codes = self.tallies[index].add_errors(detail)
        count_buckets(self.tallies[index].buckets, detail, self.known, self.frequencies)
        gold_words = detail.gold_words
        sentence = self._sentence(detail.line, " ".join(gold_words), len(gold_words))
        cut = Cut(" ".join(detail.pred_words), codes, detail_pred_codes(detail))
        given = sentence.cuts[index]
        sentence.cuts[index] = cut if not isinstance(given, Cut) else _joined(given, cut)
        sentence.wrong[index] += detail_wrong(detail)
        self._passed(index, detail.line)

    def equal_lines(
        self,
        index: int,
        first: int,
        gold_lines: list[str],
        pred_lines: list[str],
        found: LineErrorsFound | None,
    ) -> None:
        """Lines whose characters agree, with what the backend found in them: the same tallies
        as ``__call__`` makes from each line's detail; a line's cut is made only if it is kept."""
        assert found is not None  # gathered with their wrong words (bulk_gather)
        agreeing = AgreeingWords(self.tallies[index], self.known, self.frequencies)
        for number, counts in found.records:  # the lines with gold words
            sentence = self._pending.get(number)
            if sentence is None:
                sentence = self._sentence(number, gold_lines[number - first], counts.gold_words)
            agreeing.add_line(counts)
            sentence.cuts[index] = AgreeingPiece(pred_lines[number - first])
            # Wrong gold words, and predicted ones: all those but the right ones.
            sentence.wrong[index] += counts.gold_words + counts.pred_words - 2 * counts.correct
        agreeing.finish(found, gold_lines, pred_lines)
        self.tallies[index].agreeing_cuts.merge(found.wrong)
        self._passed(index, first + len(gold_lines) - 1)

    def equal_lines_receiver(self) -> EqualLinesReceiver | None:
        return self.equal_lines

    # The page is gathered in one process: a sentence is ranked once every system has given it.

    def chunk_copy(self) -> PageCollector:
        raise NotImplementedError("the report's page is gathered in one process")

    def chunk_state(self) -> None:
        raise NotImplementedError("the report's page is gathered in one process")

    def absorb(self, state: None, /) -> None:
        raise NotImplementedError("the report's page is gathered in one process")

    def finish(self) -> None:
        self._flush(None)
        for tally in self.tallies:
            tally.put_pred_words(self.known, self.frequencies)
            tally.put_agreeing_cuts()

    @property
    def sentences(self) -> int:
        """The sentences kept for the browser."""
        return self.selection.seen - self.selection.left_out

    def _sentence(self, line: int, gold: str, gold_words: int) -> _Sentence:
        sentence = self._pending.get(line)
        if sentence is None:
            sentence = _Sentence(line, gold, gold_words, len(self.tallies))
            self._pending[line] = sentence
        return sentence

    def _passed(self, index: int, line: int) -> None:
        self._reached[index] = max(self._reached[index], line)
        self._flush(min(self._reached))

    def _flush(self, up_to: int | None) -> None:
        for line in sorted(self._pending):
            if up_to is not None and line >= up_to:
                break  # the slowest system may still add words to this line
            sentence = self._pending.pop(line)
            self.selection.offer(sentence.rank(), sentence.kept)


class _Sentence:
    """A gold line and each system's cut of it (None where the system gave no words on it);
    the line's text and a cut's predicted text are split into words only if it is kept."""

    __slots__ = ("cuts", "gold", "gold_words", "line", "wrong")

    def __init__(self, line: int, gold: str, gold_words: int, systems: int):
        self.line = line
        self.gold = gold  # the gold line (or its words joined by spaces)
        self.gold_words = gold_words  # how many
        self.cuts: list[Cut | AgreeingPiece | None] = [None] * systems
        self.wrong = [0] * systems  # wrong gold and predicted words of each system

    def rank(self) -> tuple[int, int, int]:
        return (len(self.wrong) - self.wrong.count(0), sum(self.wrong), -self.line)

    def kept(self) -> KeptSentence:
        """What the page needs of it once the selection may keep it."""
        cuts: list[Cut | AgreeingPiece] = []
        for cut in self.cuts:
            if cut is None:  # that system predicted nothing on this line
                cut = Cut("", "." * self.gold_words, "")
            elif isinstance(cut, AgreeingPiece):
                cut = AgreeingPiece(" ".join(split_words(cut.pred)))
            cuts.append(cut)
        return KeptSentence(self.line, " ".join(split_words(self.gold)), cuts)


def count_buckets(
    buckets: dict[str, dict[str, Bucket]],
    detail: SentenceDetail,
    known: Container[str] | None,
    frequencies: Counter[str] | None,
) -> None:
    """A sentence's words added to a system's buckets, from its detail."""
    gold_words = detail.gold_words
    oov = 0
    for word, correct in zip(gold_words, detail.gold_marks, strict=True):
        _add_gold(buckets["word_length"][length_label(word)], correct)
        if known is not None:
            in_dictionary = word in known
            oov += not in_dictionary
            _add_gold(buckets["oov"][OOV_LABELS[not in_dictionary]], correct)
        if frequencies is not None:
            _add_gold(buckets["frequency"][frequency_label(frequencies[word])], correct)
    for word, correct in zip(detail.pred_words, detail.pred_marks, strict=True):
        _add_pred(buckets["word_length"][length_label(word)], correct)
        if known is not None:
            _add_pred(buckets["oov"][OOV_LABELS[word not in known]], correct)
        if frequencies is not None:
            _add_pred(buckets["frequency"][frequency_label(frequencies[word])], correct)
    sentence = [buckets["sentence_length"][sentence_label(len(gold_words))]]
    if known is not None:
        sentence.append(buckets["oov_density"][density_label(oov, len(gold_words))])
    for bucket in sentence:
        bucket.gold += len(gold_words)
        bucket.gold_correct += sum(detail.gold_marks)
        bucket.pred += len(detail.pred_words)
        bucket.pred_correct += sum(detail.pred_marks)


class AgreeingWords:
    """The buckets of lines whose characters agree, counted word by word only in bulk (no
    detail): there a predicted word is right exactly when it is a right gold word (the same
    characters at the same place), so the right predicted words of a bucket are its right
    gold words, and the right gold words are all gold words but the wrong ones."""

    PUT_AT = 50_000  # distinct predicted words held before they are put in their buckets

    def __init__(
        self,
        tally: SystemTally,
        known: Container[str] | None,
        frequencies: Counter[str] | None,
    ):
        self.tally = tally
        self.buckets = tally.buckets
        self.known = known
        self.frequencies = frequencies

    def add_line(self, counts: Counts) -> None:
        """A line put in its sentence buckets, from its counts."""
        gold = counts.gold_words
        sentence = [self.buckets["sentence_length"][sentence_label(gold)]]
        if self.known is not None:
            sentence.append(self.buckets["oov_density"][density_label(counts.oov_words, gold)])
        for bucket in sentence:
            bucket.gold += gold
            bucket.gold_correct += counts.correct
            bucket.pred += counts.pred_words
            bucket.pred_correct += counts.correct

    def finish(self, found: LineErrorsFound, gold_lines: list[str], pred_lines: list[str]) -> None:
        """The word buckets of the lines, with what the backend found in them (``Gather.ALL``:
        the page's run always counts the boundaries)."""
        if found.pred_lengths is None or found.pred_oov is None:
            raise RuntimeError("internal error: the report's lines were gathered without ALL")
        if self.frequencies is not None:  # the backend does not know the frequencies
            self.tally.pred_words.update(split_words("\n".join(pred_lines)))
            if len(self.tally.pred_words) > self.PUT_AT:
                self.tally.put_pred_words(self.known, self.frequencies)
        for position, label in enumerate(LENGTH_LABELS):
            bucket = self.buckets["word_length"][label]
            bucket.gold += found.lengths.words[position]
            bucket.gold_correct += found.lengths.correct[position]
            if self.frequencies is None:
                bucket.pred += found.pred_lengths[position]
            bucket.pred_correct += found.lengths.correct[position]
        totals = found.totals
        if self.known is not None:
            iv, oov = (self.buckets["oov"][label] for label in OOV_LABELS)
            iv.gold += totals.iv_words
            iv.gold_correct += totals.iv_correct
            iv.pred_correct += totals.iv_correct
            oov.gold += totals.oov_words
            oov.gold_correct += totals.oov_correct
            oov.pred_correct += totals.oov_correct
            if self.frequencies is None:
                iv.pred += totals.pred_words - found.pred_oov
                oov.pred += found.pred_oov
        if self.frequencies is not None:
            gold = _frequency_labels(split_words("\n".join(gold_lines)), self.frequencies)
            wrong_labels: Counter[str] = Counter()
            for found_word, count in found.wrong.counts().items():
                wrong_labels[frequency_label(self.frequencies.get(found_word.word, 0))] += count
            for label, bucket in self.buckets["frequency"].items():
                bucket.gold += gold[label]
                bucket.gold_correct += gold[label] - wrong_labels[label]
                bucket.pred_correct += gold[label] - wrong_labels[label]


def _frequency_labels(words: list[str], frequencies: Counter[str]) -> Counter[str]:
    """How many of ``words`` fall in each frequency bucket."""
    labels: Counter[str] = Counter()
    for count, words_of_count in Counter(map(frequencies.get, words, repeat(0))).items():
        labels[frequency_label(count)] += words_of_count
    return labels


def _add_gold(bucket: Bucket, correct: bool) -> None:
    bucket.gold += 1
    bucket.gold_correct += correct


def _add_pred(bucket: Bucket, correct: bool) -> None:
    bucket.pred += 1
    bucket.pred_correct += correct


def _joined(first: Cut, second: Cut) -> Cut:
    """Two pieces of one system's words on one gold line (a differing stretch can report a line
    in parts)."""
    return Cut(
        " ".join(filter(None, (first.pred, second.pred))),
        first.gold_codes,
        first.pred_codes + second.pred_codes,
    )


class PageData:
    """Everything the page shows; ``sentences`` is an open temporary file holding the JSON
    array's elements (comma-separated, without brackets), ``sentence_count`` of them: the
    sentences the browser keeps, ``left_out`` others not (see :mod:`page_sentences`)."""

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
        self.left_out = collector.selection.left_out
        self.max_sentences = collector.selection.limit

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
            # Only where some are left out: a page that shows every sentence stays as it was.
            **({"sentences_left_out": self.left_out} if self.left_out else {}),
        }


class PageRun(NamedTuple):
    """How the page's scoring run goes: ``statistics`` as :func:`wsscore.score`'s ``ci``,
    ``beta``, ``samples`` and ``seed``; difficulty weights from ``weights.committee`` or
    ``weights.difficulty``; ``progress`` told the bytes of the gold read; ``jobs`` as
    :func:`wsscore.score`'s (processes for a large gold, threads for the bootstraps);
    ``conventions`` the columns of the table of scores, as :func:`wsscore.score`'s."""

    statistics: Statistics = Statistics()
    weights: AnalysisOptions = AnalysisOptions()
    progress: Callable[[int], None] | None = None
    jobs: int = 1
    conventions: str | None = None


def gather(
    gold: Source,
    predictions: Sequence[Source],
    *,
    inputs: InputOptions | None = None,
    names: Sequence[str | None] | None = None,
    run: PageRun | None = None,
    max_sentences: int = MAX_SENTENCES,
) -> PageData:
    """Score ``predictions`` against ``gold`` as :func:`wsscore.score` does, and gather the
    page's analyses on the way (how the run goes: ``run``). With training corpora
    (``inputs.train``), words are also bucketed by their frequency there. The browser keeps
    at most ``max_sentences`` sentences, those that matter most
    (:mod:`wsscore.scoring.page_sentences`); the figures count them all."""
    check_numbers(max_sentences=max_sentences)
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
    collector = PageCollector(len(predictions), known, frequencies, max_sentences)
    run = run if run is not None else PageRun()
    try:
        request = ScoreRequest(
            names=names,
            statistics=run.statistics,
            sort="none",
            analyses=AnalysisOptions(
                extra=True, committee=run.weights.committee, difficulty=run.weights.difficulty
            ),
            collector=collector,
            callbacks=Callbacks(progress=run.progress),
            parallelism=Parallelism(run.jobs),
            conventions=run.conventions,
        )
        report = score_request(gold, list(predictions), inputs.with_dictionary(known), request)
        collector.finish()
        for at, kept in enumerate(collector.selection.by_line()):
            sink.write(("," if at else "") + kept.json_text())  # one at a time: memory stays flat
    except BaseException:
        sink.close()
        raise
    given = list(report.systems)
    report.systems = sort_systems(given, "f")  # the ranked table's order, as `score` prints it
    order = [next(i for i, s in enumerate(given) if s is system) for system in report.systems]
    sink.seek(0)
    return PageData(report, order, collector, sink)
