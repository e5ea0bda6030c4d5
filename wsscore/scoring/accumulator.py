"""Scores accumulated batch by batch: :class:`Scorer`, for training loops and shards.

>>> from wsscore import Scorer
>>> scorer = Scorer(dictionary={"共同", "创造"})
>>> scorer.update([["共同", "创造"]], ["共同 创造"])
>>> scorer.compute()["f"]
1.0

Each batch is counted as :func:`~wsscore.score` counts lines whose characters agree: joined
into lines of words and handed to the backend at once
(:func:`~wsscore.core.backend.count_agreeing_lines`, and
:func:`~wsscore.core.backend.count_tags` for tags), so the sums are the command line's by
construction. Scorers add up (``a + b``, ``sum(shards)``) and pickle; :meth:`Scorer.report`
gives the :class:`~wsscore.results.Report` that :func:`~wsscore.score` gives on the same
sentences.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wsscore.core.backend import count_agreeing_lines
from wsscore.core.records import (
    Counts,
    ExtraCounts,
    Gather,
    SentenceRecords,
    SentenceSpans,
    SentenceTokenCounts,
    TypeCounts,
)
from wsscore.core.type_sets import type_sets
from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.api_labels import labelled_sentences
from wsscore.inputs.api_sentences import SentenceLines, check_batch, kind_of, sentence_lines
from wsscore.inputs.dictionary import Dictionary, check_coverage
from wsscore.inputs.labels import refuse_breaking_label
from wsscore.inputs.options import DictionarySource, load_dictionary
from wsscore.inputs.words import split_words
from wsscore.metrics.bootstrap import SAMPLES, SEED, ResampledColumns, with_bootstrap
from wsscore.metrics.boundaries import compute_extra
from wsscore.metrics.scores import CI_METHODS, Interval, Metrics, compute
from wsscore.metrics.settings import ReportSettings, Statistics
from wsscore.metrics.tags import (
    TagCounts,
    add_tag_tally,
    compute_tags,
    count_mapped_tags,
    tag_coding,
)
from wsscore.ranges import check_numbers
from wsscore.results import Analyses, GoldInfo, PredictionFacts, Report, SystemResult, build_report

if TYPE_CHECKING:
    from wsscore.inputs.normalize import Normalizing

__all__ = ["Scorer", "ScorerSettings"]


@dataclass(frozen=True)
class ScorerSettings:
    """What a scorer's figures are computed with: scorers add up only when these are equal
    (and their dictionaries hold the same words)."""

    statistics: Statistics
    extra: bool
    tags: bool
    tag_map: tuple[tuple[str, str], ...]  # sorted pairs: comparable and picklable
    name: str | None
    normalize: str = "none"  # how the words are rewritten before counting (--normalize)

    def difference(self, other: ScorerSettings) -> str | None:
        """The first setting that differs, as its argument is named, or None."""
        mine, theirs = self.statistics, other.statistics
        pairs = (
            ("ci", mine.ci, theirs.ci),
            ("beta", mine.beta, theirs.beta),
            ("samples", mine.samples, theirs.samples),
            ("seed", mine.seed, theirs.seed),
            ("extra", self.extra, other.extra),
            ("tags", self.tags, other.tags),
            ("tag_map", self.tag_map, other.tag_map),
            ("name", self.name, other.name),
            ("normalize", self.normalize, other.normalize),
        )
        for name, a, b in pairs:
            if a != b:
                return f"{name} ({a!r} against {b!r})"
        return None


class Sums:
    """What a scorer has accumulated: the counts (and those of ``extra`` and ``tags``), the
    per-sentence records (only for bootstrap intervals), and the sentences given."""

    __slots__ = ("counts", "extra", "gold_sentences", "records", "sentences", "tags", "types")

    def __init__(self, settings: ScorerSettings):
        self.counts = Counts()
        self.extra = ExtraCounts() if settings.extra else None
        # The distinct words given (--extra's type counts): they grow with the vocabulary.
        self.types = type_sets() if settings.extra else None
        self.tags = TagCounts() if settings.tags else None
        bootstrap = settings.statistics.ci == "bootstrap"
        self.records = SentenceRecords() if bootstrap else None
        self.sentences = 0  # gold sentences given, empty ones included
        self.gold_sentences = 0  # those with words

    def add(self, other: Sums) -> None:
        """Add another shard's sums after these: its records follow, renumbered."""
        self.counts += other.counts
        if self.extra is not None and other.extra is not None:
            self.extra += other.extra
        if self.types is not None and other.types is not None:
            self.types.merge(other.types)
        if self.tags is not None and other.tags is not None:
            self.tags.add(other.tags)
        if self.records is not None and other.records is not None:
            offset = self.sentences
            self.records.extend((number + offset, counts) for number, counts in other.records)
        self.sentences += other.sentences
        self.gold_sentences += other.gold_sentences

    def state(self) -> tuple[object, ...]:
        return (
            self.counts,
            self.extra,
            self.tags,
            self.records,
            self.sentences,
            self.gold_sentences,
            None if self.types is None else (self.types.gold.words(), self.types.pred.words()),
        )

    def type_counts(self) -> TypeCounts | None:
        return None if self.types is None else self.types.counts()


class Scorer:
    """Accumulates the scores of batches of sentences; see docs/api.md.

    ``dictionary`` says which words are known (a word-list path, a list of paths, a set of
    words, a :class:`~wsscore.inputs.dictionary.Dictionary`, or None: no OOV figures).
    ``name`` labels the system in :meth:`report`. ``ci``, ``beta``, ``samples`` and ``seed``
    are :func:`~wsscore.score`'s; ``extra`` adds TNR, boundary scores and error classes;
    ``tags`` scores tags too (every word of every sentence carries one), renamed by
    ``tag_map``. ``normalize`` rewrites the gold, the predictions and the dictionary alike
    (``mccws``, ``width``, ...: docs/metrics.md §1.8), a predicted line against its gold line.
    """

    def __init__(
        self,
        *,
        dictionary: DictionarySource | None = None,
        name: str | None = None,
        ci: str = "bakeoff",
        beta: float = 1.0,
        samples: int = SAMPLES,
        seed: int = SEED,
        extra: bool = False,
        tags: bool = False,
        tag_map: Mapping[str, str] | None = None,
        normalize: str = "none",
    ):
        statistics = Statistics(ci, beta, samples, seed)
        _check_settings(statistics, name, tag_map)
        mapped = tuple(sorted((tag_map or {}).items()))
        rewriting = normalizing_of(normalize, tags)
        normalize = rewriting.profile if rewriting is not None else "none"
        self.settings = ScorerSettings(statistics, extra, tags, mapped, name, normalize)
        self._normalizing = rewriting
        self.dropped_cuts = 0  # predicted cuts inside a run the rewriting made one character
        loading = Warnings(quiet=True)
        self.dictionary = _dictionary(dictionary, loading)
        if rewriting is not None and self.dictionary is not None:
            self.dictionary = rewriting.dictionary(self.dictionary)
        self._loading_warnings = list(loading.messages)
        self.sums = Sums(self.settings)

    # --- feeding it ---------------------------------------------------------------------------

    def update(self, gold_batch: object, pred_batch: object) -> None:
        """Add a batch: gold sentences and their predictions, in the same order (each a str
        of words or a list of words; with ``tags``, ``(word, tag)`` pairs or ``word/TAG``)."""
        tags = self.settings.tags
        gold_size, pred_size = (
            len(check_batch(gold_batch, "gold_batch")),
            len(check_batch(pred_batch, "pred_batch")),
        )
        if gold_size != pred_size:
            raise InvalidArgument(
                f"gold_batch has {gold_size} sentence(s) and pred_batch {pred_size}: "
                "give one predicted sentence per gold sentence, in the same order"
            )
        gold = sentence_lines(gold_batch, "gold_batch", tags=tags)
        pred = sentence_lines(pred_batch, "pred_batch", tags=tags)
        self._count(gold, pred)

    def update_labels(
        self,
        texts: object,
        gold_labels: object,
        pred_labels: object,
        *,
        label_order: str | None = None,
    ) -> None:
        """Add a batch given as per-character labels (BMES, BIES, BI or BIO, with or without
        tags as ``B-NN`` or ``NN-B``): each text a str (or a list of pieces), each label
        sequence a list of labels or a str of one-letter labels. Decoded as a chars file is;
        ``label_order`` (``pos-tag``, ``tag-pos``) is decided per call when None. ``texts``
        None scores the labels alone, as seqeval does: a word is its span of positions, and
        a scorer with a dictionary or ``extra`` (which look at the words) refuses it."""
        if texts is None and (self.dictionary is not None or self.settings.extra):
            wanted = "a dictionary" if self.dictionary is not None else "extra=True"
            raise InvalidArgument(
                f"give the texts: without them a word is only its span of positions, and a "
                f"Scorer with {wanted} looks at the words (a Scorer without it scores labels alone)"
            )
        gold, pred = labelled_sentences(
            texts, gold_labels, pred_labels, tags=self.settings.tags, label_order=label_order
        )
        self._count(gold, pred)

    def _count(self, gold: SentenceLines, pred: SentenceLines) -> None:
        if self._normalizing is not None:
            gold, pred, dropped = self._normalizing.batch(gold, pred)
            self.dropped_cuts += dropped
        sums = self.sums
        lookup = self.dictionary.lookup if self.dictionary is not None else None
        gather = Gather.EXTRA if sums.extra is not None else Gather.COUNTS
        agreed = count_agreeing_lines(gold.words, pred.words, lookup, sums.sentences + 1, gather)
        if agreed.agreed < len(gold.words):
            raise _differing(agreed.agreed, gold.words, pred.words)
        if sums.tags is not None:
            assert gold.tags is not None and pred.tags is not None
            coding = tag_coding(dict(self.settings.tag_map))
            sides = (
                "\n".join(gold.words),
                "\n".join(gold.tags),
                "\n".join(pred.words),
                "\n".join(pred.tags),
            )
            tally = count_mapped_tags(sides, lookup, coding)
            if tally is None:  # the sentences were checked: a broken promise of the backend
                raise RuntimeError("internal error: the tags of agreeing sentences not counted")
            add_tag_tally(sums.tags, tally, coding, has_dictionary=lookup is not None)
        sums.counts += agreed.totals
        if sums.extra is not None and agreed.extra is not None:
            sums.extra += agreed.extra
        if sums.types is not None:
            sums.types.gold.add("\n".join(gold.words))
            sums.types.pred.add("\n".join(pred.words))
        if sums.records is not None:
            sums.records.extend(agreed.records)
        sums.sentences += len(gold.words)
        sums.gold_sentences += len(agreed.records)

    def reset(self) -> None:
        """Forget every sentence given (the settings and the dictionary stay)."""
        self.sums = Sums(self.settings)

    # --- reading it -----------------------------------------------------------------------------

    @property
    def counts(self) -> Counts:
        """The summed counts of every sentence given."""
        return self.sums.counts

    def metrics(self) -> Metrics:
        """P, R, F, the OOV figures and the intervals of ``ci``, as :func:`~wsscore.score`'s."""
        statistics = self.settings.statistics
        counts = self.sums.counts
        found = compute(
            counts,
            has_dictionary=self.dictionary is not None,
            ci=statistics.ci,
            beta=statistics.beta,
        )
        if self.sums.records is not None:
            columns = ResampledColumns.of_records(self.sums.records)
            found = with_bootstrap(found, columns, statistics.samples, statistics.seed)
        return found

    def compute(self, prefix: str = "") -> dict[str, float | int | None]:
        """The figures as a flat dict for loggers, each key preceded by ``prefix`` (docs/api.md
        lists the keys); undefined figures are None."""
        found = _figures(self, self.metrics())
        return {prefix + key: value for key, value in found.items()}

    def report(self) -> Report:
        """The :class:`~wsscore.results.Report` that :func:`~wsscore.score` gives on the same
        sentences (with ``InputOptions(mismatch="error")``)."""
        if self.sums.counts.gold_words == 0:
            raise WsscoreError(
                f"the scorer holds no gold word ({self.sums.sentences} sentence(s) given): "
                "call update() or update_labels() with sentences first"
            )
        warnings = Warnings(quiet=True)
        if self.dictionary is not None:
            oov = [self.sums.counts.oov_words]
            check_coverage(self.dictionary, self.sums.counts.gold_words, oov, warnings)
        if self.dropped_cuts and self._normalizing is not None:
            warnings.warn(self._normalizing.dropped_message(self.dropped_cuts))
        return _report(self, self.metrics(), self._loading_warnings + warnings.messages)

    # --- shards -------------------------------------------------------------------------------

    def __add__(self, other: object) -> Scorer:
        if not isinstance(other, Scorer):
            return NotImplemented
        self._check_same_settings(other)
        total = Scorer.__new__(Scorer)
        total.settings = self.settings
        total.dictionary = self.dictionary
        total._normalizing = self._normalizing
        total.dropped_cuts = self.dropped_cuts + other.dropped_cuts
        total._loading_warnings = self._loading_warnings
        total.sums = Sums(self.settings)
        total.sums.add(self.sums)
        total.sums.add(other.sums)
        return total

    def __radd__(self, other: object) -> Scorer:
        if isinstance(other, int) and other == 0:  # sum() starts from 0
            return self + Scorer._empty_like(self)
        return NotImplemented

    @staticmethod
    def _empty_like(scorer: Scorer) -> Scorer:
        empty = Scorer.__new__(Scorer)
        empty.settings = scorer.settings
        empty.dictionary = scorer.dictionary
        empty._normalizing = scorer._normalizing
        empty.dropped_cuts = 0
        empty._loading_warnings = scorer._loading_warnings
        empty.sums = Sums(scorer.settings)
        return empty

    def _check_same_settings(self, other: Scorer) -> None:
        differs = self.settings.difference(other.settings)
        if differs is None and not _same_words(self.dictionary, other.dictionary):
            differs = "dictionary (their words differ)"
        if differs is not None:
            raise InvalidArgument(
                f"cannot add scorers whose settings differ: {differs}; "
                "scorers add up only when made with the same arguments"
            )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Scorer):
            return NotImplemented
        return (
            self.settings == other.settings
            and _same_words(self.dictionary, other.dictionary)
            and self.sums.state() == other.sums.state()
        )

    __hash__ = None  # type: ignore[assignment]  # it accumulates

    def __repr__(self) -> str:
        sums = self.sums
        return f"Scorer(sentences={sums.sentences}, counts={sums.counts!r})"


def _check_settings(
    statistics: Statistics, name: str | None, tag_map: Mapping[str, str] | None
) -> None:
    if statistics.ci not in CI_METHODS:
        raise InvalidArgument(f"ci must be one of {CI_METHODS}, not {statistics.ci!r}")
    check_numbers(beta=statistics.beta, samples=statistics.samples, seed=statistics.seed)
    if name is not None and not isinstance(name, str):
        raise InvalidArgument(f"name is {kind_of(name)}, not a str")
    refuse_breaking_label(name, "name")
    if tag_map is not None and not (
        isinstance(tag_map, Mapping)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in tag_map.items())
    ):
        raise InvalidArgument("tag_map must map tags (str) to tags (str)")


def normalizing_of(profile: str, tags: bool) -> Normalizing | None:
    """How a scorer rewrites its sentences (``normalize``), None for ``none`` (the rewriting
    is not even imported then)."""
    if profile == "none":
        return None
    if tags:
        raise InvalidArgument(
            "give tags=False or normalize='none': the tags are not yet scored on rewritten words"
        )
    from wsscore.inputs.normalize import Normalizing

    return Normalizing(profile)


def _dictionary(source: object, warnings: Warnings) -> Dictionary | None:
    """The known words: a set of words (any set, as ``dict.keys()``), paths of word lists, or
    a Dictionary."""
    if source is None or isinstance(source, Dictionary):
        return source
    if isinstance(source, AbstractSet):
        words = frozenset(source)
        if not all(isinstance(word, str) for word in words):
            raise InvalidArgument("dictionary holds a value that is not a word (a str)")
        return Dictionary(words, (), "str", "words")
    if isinstance(source, (list, tuple)) and not all(map(_is_file, source)):
        # A list is of word-list paths (as InputOptions takes it); one of words is a mistake
        # the file error alone would not explain.
        missing = next(item for item in source if not _is_file(item))
        raise InvalidArgument(
            f"dictionary is a list, read as paths of word lists, and {missing!r} is no file",
            hint="give the words as a set (dictionary=set(words)), or paths of word lists",
        )
    return load_dictionary(source, warnings=warnings)  # type: ignore[arg-type]


def _is_file(item: object) -> bool:
    """Whether ``item`` names something a word list may be read from (load_dictionary says
    what is wrong with a directory or an unreadable file)."""
    return isinstance(item, (str, os.PathLike)) and (item == "-" or os.path.exists(item))


def _same_words(a: Dictionary | None, b: Dictionary | None) -> bool:
    if a is None or b is None:
        return a is b
    return a is b or (len(a) == len(b) and a.entries == b.entries)


def _differing(index: int, gold_lines: list[str], pred_lines: list[str]) -> WsscoreError:
    """The error for a predicted sentence whose characters are not its gold sentence's."""
    gold = "".join(split_words(gold_lines[index]))
    pred = "".join(split_words(pred_lines[index]))
    at = next((i for i, (g, p) in enumerate(zip(gold, pred, strict=False)) if g != p), None)
    if at is not None:
        what = f"character {at + 1} is {pred[at]!r} where the gold has {gold[at]!r}"
    elif len(pred) < len(gold):
        what = f"it ends after {len(pred)} character(s), where the gold has {gold[len(pred)]!r}"
    elif len(pred) > len(gold):
        what = f"it goes on past the gold's {len(gold)} character(s) with {pred[len(gold)]!r}"
    else:  # the same characters, which the backend does not pair: never seen
        what = "its words do not pair with the gold's"
    return WsscoreError(
        f"pred_batch[{index}] holds other characters than gold_batch[{index}]: {what}",
        hint="a predicted sentence must hold its gold sentence's characters; score() with "
        'InputOptions(mismatch="align") scores predictions whose text differs',
    )


# What score() calls inputs held in memory, and their encoding.
GOLD_NAME = "<gold>"
DEFAULT_NAME = "<prediction 1>"
IN_MEMORY = "str"

# --- the figures --------------------------------------------------------------------------------

# The keys of compute(): the interval bounds each ci gives (a figure and a bound: r_low is the
# recall interval's low end; c_r the bakeoff's half width of recall).
INTERVAL_KEYS = {
    "bakeoff": ("r_low", "r_high", "p_low", "p_high", "c_r", "c_p"),
    "wilson": ("r_low", "r_high", "p_low", "p_high"),
    "bootstrap": ("r_low", "r_high", "p_low", "p_high", "f_low", "f_high"),
    "none": (),
}


def _figures(scorer: Scorer, metrics: Metrics) -> dict[str, float | int | None]:
    """compute()'s dict, without its prefix."""
    sums = scorer.sums
    found: dict[str, float | int | None] = {
        "r": metrics.recall,
        "p": metrics.precision,
        "f": metrics.f,
        "oov_rate": metrics.oov_rate,
        "r_oov": metrics.oov_recall,
        "r_iv": metrics.iv_recall,
    }
    intervals = {"r": metrics.recall_ci, "p": metrics.precision_ci, "f": metrics.f_ci}
    for key in INTERVAL_KEYS[scorer.settings.statistics.ci]:
        found[key] = _bound(key, intervals)
    if sums.extra is not None:
        found.update(compute_extra(sums.counts, sums.extra, sums.type_counts()).as_dict())
    if sums.tags is not None:
        tag_figures = compute_tags(sums.tags, has_dictionary=scorer.dictionary is not None)
        found.update(tag_figures._asdict())
    counts = sums.counts
    found.update(
        gold_words=counts.gold_words,
        pred_words=counts.pred_words,
        correct=counts.correct,
        sentences=sums.sentences,
    )
    return found


def _bound(key: str, intervals: Mapping[str, Interval | None]) -> float | None:
    """``r_low``: the low end of recall's interval; ``c_r``: its half width (None: undefined)."""
    if key.startswith("c_"):
        interval = intervals[key[2:]]
        return interval.half_width if interval is not None else None
    figure, end = key.split("_")
    interval = intervals[figure]
    if interval is None:
        return None
    return interval.low if end == "low" else interval.high


def _sentence_tokens(sums: Sums) -> SentenceTokenCounts | None:
    """conll18_ud_eval.py's Sentences and Tokens, shown with ``extra`` as score() shows them:
    each sentence given is a gold sentence and its prediction's, so every one with words is
    correct (docs/metrics.md §5.12), and the tokens are the words."""
    if sums.extra is None:
        return None
    return SentenceTokenCounts.of(SentenceSpans.agreeing(sums.gold_sentences), sums.counts)


def _report(scorer: Scorer, metrics: Metrics, warnings: list[str]) -> Report:
    """The report of the sentences given, shaped as score()'s on in-memory inputs: the gold
    called ``<gold>``, the system ``<prediction 1>`` unless named, both read as ``str``."""
    sums, settings = scorer.sums, scorer.settings
    has_dictionary = scorer.dictionary is not None
    facts = PredictionFacts(sums.sentences, (), "words", None, has_dictionary=has_dictionary)
    tags = sums.tags.copy() if sums.tags is not None else None
    analyses = Analyses(
        extra=sums.extra,
        tags=tags,
        sentence_tokens=_sentence_tokens(sums),
        types=sums.type_counts(),
    )
    name = settings.name if settings.name is not None else DEFAULT_NAME
    result = SystemResult(
        name, DEFAULT_NAME, IN_MEMORY, sums.counts, metrics, facts=facts, analyses=analyses
    )
    tag_column = ("upos" + ("+map" if settings.tag_map else "")) if settings.tags else None
    report_settings = ReportSettings(
        "span", settings.statistics, "error", tags=tag_column, normalize=settings.normalize
    )
    gold = GoldInfo(
        GOLD_NAME, IN_MEMORY, sums.sentences, sums.counts.gold_words, sums.gold_sentences
    )
    return build_report(gold, scorer.dictionary, [result], report_settings, warnings=warnings)
