"""Sufficient statistics of a segmentation against the gold: small records that add up.

They live at the bottom of the package because the aligner (``align/``) produces them and
the metrics (``metrics/``) read them; both import them from here.
"""

from __future__ import annotations

import enum
import functools
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import add
from typing import NamedTuple, Protocol, overload


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

# The largest count a report read back may hold: the largest integer every JSON reader (and a
# float, which the figures are computed in) holds exactly. No corpus comes near it.
MAX_COUNT = 2**53 - 1
BEYOND_ANY_COUNT = "beyond any count (2^53 - 1)"  # what messages say of a larger one


class Relation(NamedTuple):
    """A relation the counts of every real run keep: the sum of the counts named on its left is
    at most (``≤``) or exactly (``=``) the sum of those on its right. Counts are named as the
    keys of a report's JSON ``counts`` (``gold.words``: a fact of its ``gold``); ``2×name``
    counts one twice. A report read back is checked against these (``scoring/report_checks``).
    Read from its text when first used: importing the records costs nothing more."""

    text: str  # "correct ≤ pred_words"

    @property
    def sign(self) -> str:
        return " = " if " = " in self.text else " ≤ "

    @property
    def left(self) -> tuple[str, ...]:
        return _terms(self.text.partition(self.sign)[0])

    @property
    def right(self) -> tuple[str, ...]:
        return _terms(self.text.partition(self.sign)[2])

    def broken(self, counts: Mapping[str, int | None]) -> str | None:
        """None where it holds, or where a count it names is not there (not counted: no
        dictionary, no --extra); else the relation with its values, ``correct (40) >
        pred_words (30)``, for a message."""
        left_text, sign, right_text = self.text.partition(self.sign)
        sums = []
        for names in (_terms(left_text), _terms(right_text)):
            values = [counts.get(name) for name in names]
            if None in values:
                return None
            sums.append(sum(value or 0 for value in values))
        left, right = sums
        if left == right or (left < right and sign == " ≤ "):
            return None
        return f"{left_text} ({left}) {'≠' if sign == ' = ' else '>'} {right_text} ({right})"


@functools.cache
def _terms(text: str) -> tuple[str, ...]:
    """``2×char_tp + gold_boundaries`` as ``(char_tp, char_tp, gold_boundaries)``."""
    names: list[str] = []
    for term in text.split(" + "):
        times, _, name = term.rpartition("×")
        names += [name] * int(times or 1)
    return tuple(names)


def relations(*texts: str) -> tuple[Relation, ...]:
    return tuple(map(Relation, texts))


# What every Counts keeps (docs/metrics.md §2): a word is correct on both sides, the OOV words
# are gold words, and every system counts the same gold.
COUNT_RELATIONS = relations(
    "correct ≤ gold_words",
    "correct ≤ pred_words",
    "oov_words ≤ gold_words",
    "oov_correct ≤ oov_words",
    "oov_correct ≤ correct",
    "gold_words = gold.words",
    "misaligned_lines ≤ gold.lines",
)
# S, I and D of the span alignment (§2.3); --match diff's are the Perl script's diff's.
SPAN_RELATIONS = relations(
    "correct + substitutions + deletions = gold_words",
    "correct + substitutions + insertions = pred_words",
)


class ExtraCounts(NamedTuple):
    """The counts behind the figures beyond the bakeoff table (docs/metrics.md §5)."""

    substrings: int = 0  # TW: N(N+1)/2 per line of N characters (Shao et al. 2017, eq. 1)
    gold_boundaries: int = 0  # word ends strictly inside a gold line
    pred_boundaries: int = 0  # predicted word edges strictly inside a gold line
    correct_boundaries: int = 0  # positions that are both
    split_errors: int = 0
    merged_errors: int = 0
    crossing_errors: int = 0
    # --- the figures other communities report (docs/metrics.md §5.8–5.10), whole sentences ---
    exact_sentences: int = 0  # gold sentences whose words are exactly the predicted ones
    char_tp: int = 0  # characters that start a word on both sides (PyThaiNLP's counts)
    char_fp: int = 0  # start a predicted word only
    char_tn: int = 0  # start a word on neither side
    char_fn: int = 0  # start a gold word only
    edge_gold_boundaries: int = 0  # gold boundaries with the two edges of each sentence
    edge_pred_boundaries: int = 0  # predicted boundaries with the two edges of each sentence
    edge_correct_boundaries: int = 0  # positions that are both, edges included
    # --- with --unit grapheme or syllable (docs/metrics.md §1.7); 0 in characters ---
    unit_cuts: int = 0  # predicted word edges strictly inside a unit (no boundary above)
    unit_cut_words: int = 0  # predicted words with an end inside a unit (no TNR candidate)

    def __add__(self, other: ExtraCounts) -> ExtraCounts:  # type: ignore[override]
        return ExtraCounts(*map(add, self, other))

    @property
    def sentences(self) -> int:
        """The gold sentences counted whole (each adds its two edges)."""
        return (self.edge_gold_boundaries - self.gold_boundaries) // 2

    def of_sentence(self, chars: int, *, exact: bool) -> ExtraCounts:
        """These counts of a whole gold sentence of ``chars`` characters, or units (its boundaries
        strictly inside already counted), with the counts that look at the sentence as a
        whole: its edges (a boundary of both sides, before its first character and after its
        last: wordseg's ``boundary_all``), each character as a word start or not (the first
        always a start on both sides, as PyThaiNLP's benchmark has it) and whether it is
        segmented exactly. A sentence without characters adds none of them."""
        if chars == 0:
            return self
        gold, pred, both = self.gold_boundaries, self.pred_boundaries, self.correct_boundaries
        return self._replace(
            exact_sentences=int(exact),
            char_tp=both + 1,
            char_fp=pred - both,
            char_tn=chars - 1 - gold - pred + both,
            char_fn=gold - both,
            edge_gold_boundaries=gold + 2,
            edge_pred_boundaries=pred + 2,
            edge_correct_boundaries=both + 2,
        )

    def as_dict(self, *, units: bool = False) -> dict[str, int]:
        """The counts by name; those of units only with ``units`` (a run in characters has
        none, and its report keeps the keys it always had)."""
        found = self._asdict()
        if not units:
            for name in UNIT_COUNT_KEYS:
                del found[name]
        return found


# What the counts of --extra keep, from their definitions (docs/metrics.md §5.1–5.4, §5.8–5.10).
# They count the surface tokens (a CoNLL-U multi-word token is one; elsewhere a token is a
# word, §5.12): TW holds every gold token; a correct boundary is one of both sides; each wrong
# gold token has one error class; every gold sentence is counted whole, adding its two edges
# and its first character as a word start of both sides.
EXTRA_RELATIONS = relations(
    "tokens_gold ≤ substrings",
    "gold_boundaries ≤ tokens_gold",
    "correct_boundaries ≤ gold_boundaries",
    "correct_boundaries ≤ pred_boundaries",
    "split_errors + merged_errors + crossing_errors + tokens_correct = tokens_gold",
    "exact_sentences ≤ gold.sentences",
    "char_tp = correct_boundaries + gold.sentences",
    "char_fp + correct_boundaries = pred_boundaries",
    "char_fn + correct_boundaries = gold_boundaries",
    "edge_gold_boundaries = gold_boundaries + 2×gold.sentences",
    "edge_pred_boundaries = pred_boundaries + 2×gold.sentences",
    "edge_correct_boundaries = correct_boundaries + 2×gold.sentences",
    "unit_cut_words ≤ tokens_pred",
)

# The counts only a run in graphemes or syllables reports.
UNIT_COUNT_KEYS = ("unit_cuts", "unit_cut_words")
# The others: what a count in characters (the C counter's) gives, in order.
CHAR_EXTRA_FIELDS = tuple(name for name in ExtraCounts._fields if name not in UNIT_COUNT_KEYS)


class SentenceRecord(NamedTuple):
    """One sentence's counts and the number of its gold line: what resampling draws."""

    number: int
    counts: Counts


_WIDTH = len(COUNT_FIELDS)

# The array types a column of records takes, narrowest first, with the largest value each holds.
# Per-sentence counts are small: most columns stay one byte a sentence, and a column is copied
# into the next width (once, all of it) only when a value needs it; a negative value, which no
# count is but the API accepts, takes the signed 64-bit type at once.
_NARROW_TYPES = (("B", 0xFF), ("H", 0xFFFF), ("I", 0xFFFF_FFFF))
_WIDEST_TYPE = "q"
_WIDEST_RANGE = range(-(2**63), 2**63)
_LARGEST = dict(_NARROW_TYPES)
_RANK = {code: rank for rank, code in enumerate([*_LARGEST, _WIDEST_TYPE])}


def _holds(column: array[int], value: int) -> bool:
    """Whether ``column``'s type holds ``value``."""
    code = column.typecode
    if code == _WIDEST_TYPE:
        return value in _WIDEST_RANGE
    return 0 <= value <= _LARGEST[code]


def _type_for(low: int, high: int) -> str:
    """The narrowest array type that holds every value from ``low`` to ``high``."""
    if low >= 0:
        for code, largest in _NARROW_TYPES:
            if high <= largest:
                return code
    if low not in _WIDEST_RANGE or high not in _WIDEST_RANGE:
        raise OverflowError(f"a count of a record does not fit in 64 bits: {low} … {high}")
    return _WIDEST_TYPE


def _extended(column: array[int], values: Sequence[int]) -> array[int]:
    """``column`` extended by ``values``: in place where its type holds them, else a copy of
    it in the narrowest type that does (the values are looked at only then)."""
    if isinstance(values, array) and values.typecode != column.typecode:
        code = max(column.typecode, values.typecode, key=_RANK.__getitem__)
        column = column if code == column.typecode else array(code, column)
        column.extend(iter(values))  # as numbers: an array takes only its own type's
        return column
    before = len(column)
    try:
        column.extend(values)
        return column
    except OverflowError:
        del column[before:]
    widened = array(_type_for(min(values), max(values)), column)
    widened.extend(values)
    return widened


class SentenceRecords(Sequence[SentenceRecord]):
    """A list of :class:`SentenceRecord` kept as one array per field, each as narrow as its
    values allow.

    As Python objects a record would cost many times its eleven integers, and even as machine
    integers it would cost eight bytes each, where a sentence's counts nearly always fit in one:
    so each column (the numbers, and each count) is an array of the narrowest type that holds
    its values, widened when a larger one arrives. The columns that resampling sums are read
    without building a record per sentence (:meth:`column`).
    """

    __slots__ = ("_columns", "_numbers", "_pending")

    def __init__(self, records: Iterable[SentenceRecord | tuple[int, Sequence[int]]] = ()):
        self._numbers: array[int] = array("B")
        self._columns: list[array[int]] = [array("B") for _ in COUNT_FIELDS]
        self._pending: Sequence[tuple[int, Sequence[int]]] | None = None
        self.extend(records)

    @classmethod
    def of_pairs(cls, pairs: Sequence[tuple[int, Sequence[int]]]) -> SentenceRecords:
        """Records from ``(number, counts)`` pairs, packed when they are first read: a run that
        keeps no records pays nothing for the ones the C speed-ups hand over anyway."""
        records = cls()
        records._pending = pairs
        return records

    def _pack(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self.extend(pending)

    def append(self, record: SentenceRecord | tuple[int, Sequence[int]]) -> None:
        self._pack()
        number, counts = record
        _check_width(counts)
        before = len(self._numbers)
        columns = (self._numbers, *self._columns)
        try:
            any(map(array.append, columns, (number, *counts)))  # each column's, in one call
        except BaseException as error:
            for column in columns:
                del column[before:]
            if not isinstance(error, OverflowError):
                raise
            self.extend([record])  # a value its column's type does not hold: widened

    def extend(self, records: Iterable[SentenceRecord | tuple[int, Sequence[int]]]) -> None:
        self._pack()
        if isinstance(records, SentenceRecords):
            records._pack()
            self._extend_columns([records._numbers, *records._columns])
            return
        listed = list(records)
        if not listed:
            return
        numbers, counts = zip(*listed, strict=True)
        widths = set(map(len, counts))
        if widths - {_WIDTH}:
            raise ValueError(f"a record has {_WIDTH} counts, not {max(widths - {_WIDTH})}")
        self._extend_columns([numbers, *zip(*counts, strict=True)])

    def _extend_columns(self, values: Sequence[Sequence[int]]) -> None:
        """Each column extended by its values (the numbers first); if one cannot be (a value
        too large for any column), none is."""
        columns = [self._numbers, *self._columns]
        before = len(self._numbers)
        try:
            for at, new in enumerate(values):
                columns[at] = _extended(columns[at], new)
        except BaseException:
            for column in (self._numbers, *self._columns):
                del column[before:]
            raise
        self._numbers, *self._columns = columns

    def __iadd__(
        self, records: Iterable[SentenceRecord | tuple[int, Sequence[int]]]
    ) -> SentenceRecords:
        self.extend(records)
        return self

    def __len__(self) -> int:
        return len(self._numbers) + (len(self._pending) if self._pending is not None else 0)

    @overload
    def __getitem__(self, index: int) -> SentenceRecord: ...

    @overload
    def __getitem__(self, index: slice) -> list[SentenceRecord]: ...

    def __getitem__(self, index: int | slice) -> SentenceRecord | list[SentenceRecord]:
        self._pack()
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        number = self._numbers[index]  # raises IndexError, and reads negative indices
        return SentenceRecord(number, Counts._make(column[index] for column in self._columns))

    def __setitem__(self, index: int, record: SentenceRecord) -> None:
        self._pack()
        number, counts = record
        _check_width(counts)
        self._numbers[index]  # raises IndexError before anything changes
        values = [number, *counts]
        columns = [self._numbers, *self._columns]
        for at, value in enumerate(values):
            if not _holds(columns[at], value):
                columns[at] = array(_type_for(value, value), columns[at])
        for column, value in zip(columns, values, strict=True):
            column[index] = value
        self._numbers, *self._columns = columns

    def __iter__(self) -> Iterator[SentenceRecord]:
        self._pack()
        for number, *counts in zip(self._numbers, *self._columns, strict=True):
            yield SentenceRecord(number, Counts._make(counts))

    def __eq__(self, other: object) -> bool:
        self._pack()
        if isinstance(other, SentenceRecords):
            other._pack()
            return self._numbers == other._numbers and self._columns == other._columns
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"SentenceRecords({list(self)!r})"

    def __reduce__(self) -> tuple[object, ...]:
        self._pack()
        return (_unpickled, (self._numbers, self._columns))

    def column(self, field: str) -> array[int]:
        """One count of every record, in order (``field``: a name of :class:`Counts`), as a
        copy in the type that holds its values."""
        self._pack()
        return self._columns[COUNT_FIELDS.index(field)][:]

    def columns(self, *fields: str) -> tuple[array[int], ...]:
        """Several counts of every record, one array per field."""
        return tuple(map(self.column, fields))

    def numbers(self) -> array[int]:
        self._pack()
        return self._numbers


def _unpickled(numbers: array[int], columns: list[array[int]]) -> SentenceRecords:
    records = SentenceRecords()
    records._numbers, records._columns = numbers, columns
    return records


def _check_width(counts: Sequence[int]) -> None:
    if len(counts) != _WIDTH:
        raise ValueError(f"a record has {_WIDTH} counts, not {len(counts)}")


# --- what counting lines that agree gathers (docs/metrics.md §5, §6) --------------------------


class Gather(enum.Enum):
    """What :func:`wsscore.core.backend.count_agreeing_lines` gathers beside the records."""

    COUNTS = 0  # the records and their sum only
    EXTRA = 1  # and the lines' extra counts (--extra)
    ERRORS = 2  # and their wrong words and word lengths (`wsscore errors`)
    ALL = 3  # ERRORS and EXTRA, with the predicted words by length and dictionary (`report`)


class WordLengths(NamedTuple):
    """Gold words and the correct ones, by length (one count per ``LENGTH_BUCKETS`` entry)."""

    words: tuple[int, ...]
    correct: tuple[int, ...]


class WrongWordFound(NamedTuple):
    """A wrong gold word of a line that agrees with its prediction, and how it was cut."""

    error: str  # one of ERROR_CLASSES
    word: str
    predicted: str  # the predicted words over its characters, joined by "/"


class WrongWordCounts(Protocol):
    """How often each wrong gold word was cut each way: the distinct :class:`WrongWordFound`
    with their counts (a tally of either backend, :func:`wsscore.core.backend.wrong_word_tally`).
    Held without a Python object per wrong word, so that lines with many wrong words cost no
    more than their distinct cuts."""

    def counts(self) -> dict[WrongWordFound, int]:
        """Each distinct wrong word and its cut, with how often it was found."""
        ...

    def merge(self, other: WrongWordCounts, /) -> None:
        """Add another tally of the same backend to this one."""
        ...

    def __len__(self) -> int: ...


class WordTypeSet(Protocol):
    """The distinct words of the texts added to it (a set of either backend,
    :func:`wsscore.core.backend.word_types`): the type (lexicon) counts of docs/metrics.md §5.11.
    Held without a Python object per word token, so that its memory grows with the vocabulary,
    not with the text."""

    def add(self, text: str, /) -> None:
        """Add the words of a text (runs of characters between separators)."""
        ...

    def merge(self, other: WordTypeSet, /) -> None:
        """Add the words of another set of the same backend."""
        ...

    def common(self, other: WordTypeSet, /) -> int:
        """How many words this set and another of the same backend both hold."""
        ...

    def words(self) -> frozenset[str]:
        """The words, as str."""
        ...

    def __len__(self) -> int: ...


class TypeCounts(NamedTuple):
    """The type (lexicon) counts of a prediction (docs/metrics.md §5.11): the distinct gold
    words, the distinct predicted words, and those in both. Not sums over sentences: they do not
    add up across shards."""

    types_correct: int
    types_gold: int
    types_pred: int

    def as_dict(self) -> dict[str, int]:
        return self._asdict()


# A distinct word is a word of its side, and a correct type a type of both (§5.11).
TYPE_RELATIONS = relations(
    "types_correct ≤ types_gold",
    "types_correct ≤ types_pred",
    "types_gold ≤ gold_words",
    "types_pred ≤ pred_words",
)


class LineWrongWords(NamedTuple):
    """A line with wrong gold words: its number, how many are wrong, and its gold words."""

    number: int
    errors: int
    gold_words: int


class LineErrorsFound(NamedTuple):
    """What `wsscore errors` and `wsscore report` need of lines whose characters agree: their
    summed counts, their gold words by length, their wrong words tallied, each line with a
    wrong word, the record of each line with words, their predicted words by length and those
    not in the dictionary, their extra counts, and their merges tallied."""

    totals: Counts
    lengths: WordLengths
    wrong: WrongWordCounts
    lines: list[LineWrongWords]
    records: SentenceRecords
    # With Gather.ALL only (else None): predicted words, one count per LENGTH_BUCKETS entry,
    # those not in the dictionary (0 without one), and the lines' extra counts.
    pred_lengths: tuple[int, ...] | None
    pred_oov: int | None
    extra: ExtraCounts | None
    # The merges of these lines (docs/metrics.md §6): each predicted word holding a gold
    # boundary, tallied as ("merged", the predicted word, the gold words wholly inside it
    # joined by " "; words hold no white space). None from a caller that does not tally them.
    merges: WrongWordCounts | None = None


class AgreedLines(NamedTuple):
    """The leading pairs of lines that hold the same characters, each counted on its own."""

    agreed: int  # how many leading pairs agree (the others are not looked at)
    records: SentenceRecords  # of each such gold line with words
    totals: Counts  # their sum
    extra: ExtraCounts | None  # with Gather.EXTRA: the lines' extra counts, summed
    errors: LineErrorsFound | None  # with Gather.ERRORS


class WordAndSentenceCounts(NamedTuple):
    words: int
    sentences: int  # lines with at least one word


class TaggedLabels(NamedTuple):
    """The labels with a tag (``B-NN``) that a chars text may hold, and their positions."""

    numbers: Mapping[str, int]  # each label -> its number, from 0
    positions: str  # the position (B, M, I, E, S or O) of each label, by number


NO_TAGGED_LABELS = TaggedLabels({}, "")


class CharsWords(NamedTuple):
    """A text of a chars file in its plainest shape, read as the scorer's lines of words."""

    text: str  # a line of space-separated words per sentence, each ending with a line feed
    sentences: int  # lines of ``text``
    longest: int  # characters of its longest sentence (0: none)
    tagged_read: tuple[int, ...] = ()  # lines with each tagged label, by its number


class ConlluWords(NamedTuple):
    """What a scan of CoNLL-U text found from where it started: the words of its plain
    sentences, up to the first sentence it does not handle exactly or does not see the end of
    (:func:`wsscore.core.conllu_scan.scan_conllu_words`)."""

    words: str  # a line of space-separated FORMs per sentence, each ending with a line feed
    sentences: int  # how many lines ``words`` holds
    lines: int  # lines of the text scanned, up to ``end``
    end: int  # where the scan stopped: the start of a sentence's lines, or the text's end
    refused: bool  # stopped at a line it does not handle (not merely at the text's end)


class FormattedBlock(NamedTuple):
    """A block of whole lines of a tagged or JSON Lines file, read at once by the strict rules
    of :mod:`wsscore.core.blocks`: a line of words per sentence (single spaces between words,
    a line feed after each line that had one), the same for their tags when they were asked
    for, how many sentences, and how many of their words carry a tag."""

    words: str
    tags: str | None
    sentences: int
    tagged: int


class DroppedMarks(NamedTuple):
    """A text with each mark removed together with what follows it up to the next line feed
    (or separator), and how many marks were removed (:func:`wsscore.core.blocks.drop_marked`)."""

    text: str
    marks: int


class TagTally(NamedTuple):
    """The tags of pairs of lines whose characters agree (:func:`wsscore.core.tags.count_tags`):
    words on each side, correctly segmented words, gold words not in the dictionary, the words
    with each tag on each side, and the correctly segmented words by their (gold tag,
    predicted tag), all of them and the unknown ones; the gold lines with words, and those
    whose every word has the predicted span and tag (exactly tagged). Tags are compared as
    given: a ``--tag-map`` is applied to the tag texts before they are counted."""

    gold_words: int
    pred_words: int
    correct: int
    oov_words: int
    gold_by_tag: dict[str, int]
    pred_by_tag: dict[str, int]
    correct_by_tags: dict[tuple[str, str], int]
    oov_correct_by_tags: dict[tuple[str, str], int]
    exact_sentences: int
    gold_sentences: int


# --- Sentences and Tokens as conll18_ud_eval.py counts them (docs/metrics.md §5.12) -----------


class SentenceSpans(NamedTuple):
    """Sentences as spans of the whole text's characters: a predicted sentence is correct when
    its span is a gold sentence's (conll18_ud_eval.py's Sentences). A sentence is a line with
    at least one character, on either side."""

    correct: int = 0
    gold: int = 0
    pred: int = 0

    def __add__(self, other: SentenceSpans) -> SentenceSpans:  # type: ignore[override]
        return SentenceSpans(*map(add, self, other))

    @classmethod
    def agreeing(cls, sentences: int) -> SentenceSpans:
        """``sentences`` sentences whose lines agree: each one correct on both sides."""
        return cls(sentences, sentences, sentences)


class BlockCounts(NamedTuple):
    """A block of gold lines against a prediction with the same characters, its lines perhaps
    broken elsewhere: the words' counts and the sentences', found in one pass."""

    counts: Counts
    sentences: SentenceSpans


class SentenceTokenCounts(NamedTuple):
    """The counts of conll18_ud_eval.py's Sentences and Tokens rows (the JSON keys are these
    names). Tokens are the surface tokens: a CoNLL-U multi-word token counts once; in every
    other format the tokens are the words."""

    sentences_correct: int = 0
    sentences_gold: int = 0
    sentences_pred: int = 0
    tokens_correct: int = 0
    tokens_gold: int = 0
    tokens_pred: int = 0

    def __add__(self, other: SentenceTokenCounts) -> SentenceTokenCounts:  # type: ignore[override]
        return SentenceTokenCounts(*map(add, self, other))

    @classmethod
    def of(cls, sentences: SentenceSpans, surface: Counts) -> SentenceTokenCounts:
        """From the sentences' spans and the counts of the surface tokens (before multi-word
        tokens are counted as their words)."""
        return cls(*sentences, surface.correct, surface.gold_words, surface.pred_words)

    @classmethod
    def shown_or_agreeing(
        cls, shown: SentenceTokenCounts | None, gold_sentences: int, surface: Counts
    ) -> SentenceTokenCounts:
        """What a report shows (``shown``), or, where it shows nothing, what that means: the
        gold's sentence breaks and no CoNLL-U, so every gold sentence is correct and the tokens
        are the words."""
        if shown is not None:
            return shown
        return cls.of(SentenceSpans.agreeing(gold_sentences), surface)

    def as_dict(self) -> dict[str, int]:
        return self._asdict()

    @property
    def breaks_differ(self) -> bool:
        """Whether the prediction's sentence breaks differ from the gold's anywhere."""
        return not self.sentences_correct == self.sentences_gold == self.sentences_pred


# A correct sentence or token is one of both sides (§5.12); the gold's sentences are its own.
SENTENCE_TOKEN_RELATIONS = relations(
    "sentences_correct ≤ sentences_gold",
    "sentences_correct ≤ sentences_pred",
    "tokens_correct ≤ tokens_gold",
    "tokens_correct ≤ tokens_pred",
    "tokens_gold ≤ gold_words",
    "sentences_gold = gold.sentences",
)


# A word's characters, as offsets [start, end) in its gold line.
Span = tuple[int, int]


class SentenceDetail(NamedTuple):
    """Words of one sentence with their correctness marks, for per-sentence reports."""

    line: int
    gold_words: list[str]
    pred_words: list[str]
    gold_marks: list[bool]
    pred_marks: list[bool]
    # Spans of the predicted words in the gold line's character offsets (a word may run past
    # the line's end when the line breaks differ); None for a word touching characters that
    # differ from the gold's, which has no place in the gold.
    pred_spans: Sequence[Span | None] = ()
