"""``chars``: one character a line, its label in the last column; a blank line ends a sentence.

A label is a position — B, M, E, S (BMES, BIES with I for M, SBME), B and I (BI), or B, I, O
where O is a one-character word — alone or joined with a tag by ``-`` or ``_`` on either side
(``B-NN``, ``NN-B``, ``B_NN``); O stands alone, as it does in BIO. Decoding is lenient, since
taggers do emit invalid sequences: B, S and O always start a word, M, I and E continue the open
word (E and S close it, O too), and an M, I or E with no word open starts one; those are counted
and told in one warning per file. A first column longer than one character (a tokenizer's piece,
as 2004) is taken whole.

A line holds one unit (``--unit``, docs/design-units.md §3.6): with ``char`` (the default) a
character, or a longer piece taken whole, as above; with ``grapheme`` one extended grapheme
cluster (``กำ``), and a line of several clusters is refused, naming the unit; with ``syllable``
one syllable (any text without white space), and a word of several keeps them, separated by
spaces, as its :attr:`Token.form` (``Hà Nội``), as the vlsp reader does.

Which side of a label is the position (its order: ``pos-tag`` as ``B-NN``, ``tag-pos`` as
``NN-B``) is a property of the file, decided once: a tag may itself be a position letter (the
CTB measure word ``M``, so ``M-B``), and such a label reads both ways. The first label that
reads only one way decides; the labels before it wait in a bounded buffer. A file whose labels
all read both ways is refused with a hint for ``--label-order``, and so is a later label that
reads only the other way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from wsscore.core.units import graphemes, may_join
from wsscore.errors import Warnings, WsscoreError, location
from wsscore.inputs.formats.model import (
    MAX_SENTENCE_CHARS,
    POS_TAG,
    TAG_POS,
    Sentence,
    Token,
    sentence_too_long,
)
from wsscore.inputs.words import split_words, token_starts

POSITIONS = frozenset("BMIESO")  # upper case only: a lower-case b or s is a PKU tag
TAGGED_POSITIONS = POSITIONS - {"O"}  # O is outside every word's type: it takes no tag
STARTS = frozenset("BSO")  # always start a word
CLOSES = frozenset("ESO")  # the word ends with this character
JOINERS = ("-", "_")
LABEL_HINT = "the last column must be B, M, I, E, S or O, alone or joined with a tag as B-NN"
# Lines held while every label read so far reads both ways (a few MB at most): a tagged file
# shows its order within a few sentences, and a file that does not is refused.
UNDECIDED_LINES = 20_000
EXAMPLES = {POS_TAG: "B-NN", TAG_POS: "NN-B"}


class Label(NamedTuple):
    position: str
    tag: str | None


class Readings(NamedTuple):
    """A label read in each order: None where it does not parse that way."""

    pos_tag: Label | None
    tag_pos: Label | None

    def in_order(self, order: str) -> Label | None:
        return self.pos_tag if order == POS_TAG else self.tag_pos

    @property
    def ambiguous(self) -> bool:
        """Reads both ways, into different positions or tags (``M-B``, ``S-B``)."""
        return None not in self and self.pos_tag != self.tag_pos

    @property
    def only_order(self) -> str | None:
        """The order this label alone shows: the only one it parses in."""
        if self.pos_tag is not None and self.tag_pos is None:
            return POS_TAG
        if self.tag_pos is not None and self.pos_tag is None:
            return TAG_POS
        return None

    @property
    def any(self) -> Label | None:
        return self.pos_tag or self.tag_pos


def read_label(label: str) -> Readings:
    """The label read as position-tag and as tag-position; a plain position reads the same
    both ways."""
    if len(label) == 1:
        plain = Label(label, None) if label in POSITIONS else None
        return Readings(plain, plain)
    longer = len(label) > 2
    prefix = longer and label[1] in JOINERS and label[0] in TAGGED_POSITIONS
    suffix = longer and label[-2] in JOINERS and label[-1] in TAGGED_POSITIONS
    return Readings(
        Label(label[0], label[2:]) if prefix else None,
        Label(label[-1], label[:-2]) if suffix else None,
    )


def is_label(label: str) -> bool:
    """Whether ``label`` reads as a label in some order (for format detection)."""
    return read_label(label).any is not None


class _Decoder:
    """Builds one sentence's words from labelled characters and counts invalid transitions."""

    def __init__(self) -> None:
        self.invalid = 0
        self.first_invalid: int | None = None
        self.start_sentence()

    def start_sentence(self) -> None:
        self.tokens: list[Token] = []
        self.open: list[str] | None = None  # characters of the word still open
        self.open_tag: str | None = None

    def add(self, char: str, label: Label, number: int) -> None:
        position = label.position
        if position in STARTS or self.open is None:
            if position not in STARTS:
                self._count_invalid(number)
            self._close()
            self.open, self.open_tag = [], label.tag  # a word takes its first character's tag
        self.open.append(char)
        if position in CLOSES:
            self._close()

    def finish_sentence(self) -> list[Token]:
        self._close()
        tokens = self.tokens
        self.start_sentence()
        return tokens

    def _close(self) -> None:
        if self.open is not None:
            self.tokens.append(Token("".join(self.open), self.open_tag))
            self.open = None

    def _count_invalid(self, number: int) -> None:
        self.invalid += 1
        if self.first_invalid is None:
            self.first_invalid = number


class _SyllableDecoder(_Decoder):
    """Words of syllables: a word of several keeps them, separated by spaces, as its form."""

    def _close(self) -> None:
        if self.open is not None:
            form = " ".join(self.open) if len(self.open) > 1 else None
            self.tokens.append(Token("".join(self.open), self.open_tag, form))
            self.open = None


def _check_grapheme(text: str, line: str, name: str, number: int) -> None:
    """Refuse a line whose ``text`` (its first column) is more than one extended grapheme
    cluster: with ``--unit grapheme`` a chars line holds one. One code point is always one
    cluster, and a text without a joining character is one cluster per code point."""
    if len(text) == 1:
        return
    clusters = len(graphemes(text)) if may_join(text) else len(text)
    if clusters > 1:
        raise WsscoreError(
            f"{text!r} is {clusters} graphemes; with --unit grapheme a chars line holds one",
            where=location(name, number, token_starts(line, [text])[0] + 1),
            hint="write each grapheme on a line of its own with its label, or give --unit char",
        )


# What a label shows of the order, counted per line for the warning.
NEUTRAL, ONE_WAY, EITHER_WAY = 0, 1, 2


class LabelOrder:
    """The order of a file's labels: given, or decided by its first label that reads one way
    only. Counts the labels read, by what they show, for the warning."""

    def __init__(self, given: str | None, name: str, on_decided: Callable[[str], None] | None):
        self.order = given
        self.given = given is not None
        self.name = name
        self._on_decided = on_decided
        self.decided_at: str | None = None  # where the deciding label is, for messages
        self.tally = [0, 0, 0]  # lines by NEUTRAL, ONE_WAY, EITHER_WAY
        self.first_ambiguous: tuple[str, str] | None = None  # (label, where)
        if given is not None and on_decided is not None:
            on_decided(given)

    def note(self, readings: Readings, label: str, where: str) -> int:
        """What a label shows (ONE_WAY, EITHER_WAY or NEUTRAL); the first that reads one way
        only decides the order, a later one that reads only the other way is refused."""
        if readings.ambiguous:
            if self.first_ambiguous is None:
                self.first_ambiguous = (label, where)
            return EITHER_WAY
        shown = readings.only_order
        if shown is None:
            return NEUTRAL
        if self.order is None:
            self.order, self.decided_at = shown, where
            if self._on_decided is not None:
                self._on_decided(shown)
        if shown != self.order:
            raise WsscoreError(
                f"label {label!r} reads only as {shown} ({EXAMPLES[shown]}), but {self._why()}",
                where=where,
                hint=self._contradiction_hint(shown),
            )
        return ONE_WAY

    def undecided(self, lines: int | None) -> WsscoreError:
        """The error for a file whose labels all read both ways: in the ``lines`` lines held
        from the first that does (None: to the end of the file)."""
        assert self.first_ambiguous is not None
        label, where = self.first_ambiguous
        span = "the file" if lines is None else f"the {lines:,} lines from it on"
        return WsscoreError(
            f"label {label!r} reads both as pos-tag and as tag-pos, and no label of {span} "
            "reads only one way: the order of the labels is unknown",
            where=where,
            hint="give --label-order pos-tag (labels as B-NN) or --label-order tag-pos (NN-B)",
        )

    def warn_if_it_mattered(self, warnings: Warnings) -> None:
        """One warning when labels that read both ways were read in the order detected."""
        either_way = self.tally[EITHER_WAY]
        if self.given or not either_way or self.order is None:
            return
        assert self.first_ambiguous is not None
        warnings.warn(
            f"read labels as {self.order} ({EXAMPLES[self.order]}): "
            f"{self.tally[ONE_WAY]:,} label(s) read only that way, so {either_way:,} that read "
            f"both ways (as {self.first_ambiguous[0]!r}) were read so too",
            where=self.decided_at or self.name,
            hint="give --label-order if the labels are in the other order",
        )

    def _contradiction_hint(self, shown: str) -> str:
        if self.given:  # the option may be meant for the other files of the run
            return (
                f"give this file its own order with --gold-label-order {shown} or "
                f"--pred-label-order {shown}"
            )
        return "the labels of a file are all pos-tag (B-NN) or all tag-pos (NN-B): fix the label"

    def _why(self) -> str:
        if self.given:
            return f"the label order given is {self.order}"
        example = EXAMPLES[self.order or POS_TAG]
        return f"the file's labels are {self.order} ({example}) from {self.decided_at} on"


class _Line(NamedTuple):
    """A labelled line held until the order of the file's labels is known."""

    number: int
    char: str
    label: str


def read_chars(
    lines: Iterable[str],
    *,
    name: str,
    warnings: Warnings,
    label_order: str | None = None,
    on_label_order: Callable[[str], None] | None = None,
    max_chars: int = MAX_SENTENCE_CHARS,
    unit: str | None = None,
) -> Iterator[Sentence]:
    """A sentence per run of non-blank lines, numbered by its first character's line; several
    blank lines in a row make no empty sentences. ``label_order`` is ``pos-tag`` or
    ``tag-pos`` (None: decided from the file); ``on_label_order`` is told the order once it is
    known (never for a file of plain labels, which need none). A sentence of more than
    ``max_chars`` characters is refused as soon as it grows past them. ``unit``: what a line
    holds (module docstring); None is ``char``."""
    reader = CharsReader(name, LabelOrder(label_order, name, on_label_order), max_chars, unit)
    yield from reader.read(lines, 1)
    yield from reader.end(warnings)


class CharsReader:
    """Lines to sentences, holding lines back while the order of the labels is unknown. Read
    in parts (:meth:`read`, then :meth:`end` once), so that a faster reader may take the
    sentences in between where it is :attr:`ready`."""

    def __init__(self, name: str, order: LabelOrder, max_chars: int, unit: str | None = None):
        self.name = name
        self.order = order
        self.max_chars = max_chars
        self.decoder = _SyllableDecoder() if unit == "syllable" else _Decoder()
        # Grapheme: every line's text is checked to be one cluster (char and syllable take any).
        self.grapheme = unit == "grapheme"
        # Each label seen, read in the file's order, and what it shows (a file has few labels:
        # each is parsed once, once the order is known).
        self.known: dict[str, tuple[Label, int]] = {}
        self.readings: dict[str, Readings] = {}  # labels seen before the order was known
        self.held: list[_Line | None] = []  # lines (None: a blank one) while it is unknown
        self.start = 0  # line of the sentence's first character; 0 while none is read
        self.size = 0  # its characters so far

    @property
    def ready(self) -> bool:
        """Between sentences, no line held back: what follows may be read by another reader."""
        return not self.start and not self.held

    def read(self, lines: Iterable[str], first: int) -> Iterator[Sentence]:
        """The sentences that ``lines`` end, the first of them line ``first`` of the file."""
        known, tally, decoder, grapheme = self.known, self.order.tally, self.decoder, self.grapheme
        for number, text in enumerate(lines, first):
            columns = split_words(text)
            # The common case, inline for speed: a label seen before, no line held back.
            found = known.get(columns[-1]) if len(columns) > 1 and not self.held else None
            if found is not None:
                if grapheme:
                    _check_grapheme(columns[0], text, self.name, number)
                tally[found[1]] += 1
                decoder.add(columns[0], found[0], number)
                self.start = self.start or number
                self.size += len(columns[0])
                if self.size > self.max_chars:
                    raise sentence_too_long(self.name, self.start, self.max_chars, "chars")
                continue
            yield from self.add(number, text, columns)

    def end(self, warnings: Warnings) -> Iterator[Sentence]:
        """The sentences still open or held at the end of the file, and its warnings."""
        yield from self.finish()
        self.order.warn_if_it_mattered(warnings)
        decoder = self.decoder
        if decoder.invalid:
            warnings.warn(
                f"{decoder.invalid} label(s) continue a word where none is open (an M, I or E "
                "after the end of a word or at a sentence start); each starts a new word",
                where=location(self.name, decoder.first_invalid),
                hint="check the file's labelling scheme: BMES, BIES, BI or BIO",
            )

    def add(self, number: int, text: str, columns: list[str]) -> Iterator[Sentence]:
        """The sentences a line ends: a blank line its own, a line that decides the order
        those held back."""
        if not columns:
            if self.held and self.held[-1] is not None:  # blank lines in a row end one sentence
                self.held.append(None)
            elif self.start:
                yield self._finish_sentence()
            return
        line, label = self._first_time(columns, text, number)
        if label is None:
            self.held.append(line)
            if len(self.held) > UNDECIDED_LINES:
                raise self.order.undecided(UNDECIDED_LINES)
            return
        if self.held:
            self.held.append(line)
            if self.order.order is not None:
                yield from self._release()
            return
        self._decode(line, label)

    def finish(self) -> Iterator[Sentence]:
        if self.order.order is None and self.order.first_ambiguous is not None:
            raise self.order.undecided(None)
        yield from self._release()
        if self.start:
            yield self._finish_sentence()

    def _first_time(self, columns: list[str], text: str, number: int) -> tuple[_Line, Label | None]:
        """A line whose label is new, or comes while the order is unknown: its label in the
        file's order, or None while that is unknown and the label reads both ways."""
        line = _Line(number, *_character_and_label(columns, text, self.name, number))
        if self.grapheme:
            _check_grapheme(line.char, text, self.name, number)
        readings = self.readings.get(line.label) or _readings(line.label, text, self.name, number)
        self.readings[line.label] = readings
        where = location(self.name, number, text.rindex(line.label) + 1)
        shown = self.order.note(readings, line.label, where)
        self.order.tally[shown] += 1
        if shown == NEUTRAL:  # the same either way
            label = readings.pos_tag
        elif self.order.order is None:
            return line, None  # reads both ways: held until a label decides
        else:
            label = readings.in_order(self.order.order)
        assert label is not None  # note() refuses a label that reads only the other way
        self.known[line.label] = (label, shown)
        return line, label

    def _release(self) -> Iterator[Sentence]:
        """Decode the lines held, now that the order is known (or no label needs one)."""
        held, self.held = self.held, []
        for line in held:
            if line is None:
                if self.start:
                    yield self._finish_sentence()
                continue
            label = self.readings[line.label].in_order(self.order.order or POS_TAG)
            assert label is not None
            self._decode(line, label)

    def _decode(self, line: _Line, label: Label) -> None:
        self.decoder.add(line.char, label, line.number)
        self.start = self.start or line.number
        self.size += len(line.char)
        if self.size > self.max_chars:
            raise sentence_too_long(self.name, self.start, self.max_chars, "chars")

    def _finish_sentence(self) -> Sentence:
        sentence = Sentence(self.start, self.decoder.finish_sentence())
        self.start = self.size = 0
        return sentence


def _character_and_label(columns: list[str], text: str, name: str, number: int) -> tuple[str, str]:
    if len(columns) < 2:
        raise WsscoreError(
            f"line has 1 column ({columns[0]!r}); chars needs a character and a label",
            where=location(name, number),
            hint="write the character, white space, then its label, as 中 B-NN",
        )
    return columns[0], columns[-1]


def _readings(label: str, text: str, name: str, number: int) -> Readings:
    found = read_label(label)
    if found.any is None:
        raise WsscoreError(
            f"label {label!r} is not a B/M/I/E/S/O position",
            where=location(name, number, text.rindex(label) + 1),
            hint=LABEL_HINT,
        )
    return found
