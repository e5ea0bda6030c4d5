"""``chars``: one character a line, its label in the last column; a blank line ends a sentence.

A label is a position — B, M, E, S (BMES, BIES with I for M, SBME), B and I (BI), or B, I, O
where O is a one-character word — alone or joined with a tag by ``-`` or ``_`` on either side
(``B-NN``, ``NN-B``, ``B_NN``). Decoding is lenient, since taggers do emit invalid sequences:
B, S and O always start a word, M, I and E continue the open word (E and S close it, O too), and
an M, I or E with no word open starts one; those are counted and told in one warning per file.
A first column longer than one character (a tokenizer's piece, as 2004) is taken whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from wsscore.errors import Warnings, WsscoreError, location
from wsscore.inputs.formats.model import (
    MAX_SENTENCE_CHARS,
    Sentence,
    Token,
    sentence_too_long,
)
from wsscore.inputs.words import split_words

POSITIONS = frozenset("BMIESO")  # upper case only: a lower-case b or s is a PKU tag
STARTS = frozenset("BSO")  # always start a word
CLOSES = frozenset("ESO")  # the word ends with this character
JOINERS = ("-", "_")
LABEL_HINT = "the last column must be B, M, I, E, S or O, alone or joined with a tag as B-NN"


def parse_label(label: str) -> tuple[str, str | None] | None:
    """``(position, tag)`` of a label; None when it is not one.

    A prefix position is tried first, so ``B-S`` is a B with the tag S.
    """
    if len(label) == 1:
        return (label, None) if label in POSITIONS else None
    if len(label) > 2 and label[1] in JOINERS and label[0] in POSITIONS:
        return label[0], label[2:]
    if len(label) > 2 and label[-2] in JOINERS and label[-1] in POSITIONS:
        return label[-1], label[:-2]
    return None


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

    def add(self, char: str, position: str, tag: str | None, number: int) -> None:
        if position in STARTS or self.open is None:
            if position not in STARTS:
                self._count_invalid(number)
            self._close()
            self.open, self.open_tag = [], tag  # a word takes its first character's tag
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


def read_chars(
    lines: Iterable[str],
    *,
    name: str,
    warnings: Warnings,
    max_chars: int = MAX_SENTENCE_CHARS,
) -> Iterator[Sentence]:
    """A sentence per run of non-blank lines, numbered by its first character's line; several
    blank lines in a row make no empty sentences. A sentence of more than ``max_chars``
    characters is refused as soon as it grows past them."""
    decoder = _Decoder()
    labels: dict[str, tuple[str, str | None]] = {}  # a file has few labels: parse each once
    start = 0  # line of the sentence's first character; 0 while none is read
    size = 0  # its characters so far
    for number, line in enumerate(lines, 1):
        columns = split_words(line)
        if not columns:
            if start:
                yield Sentence(start, decoder.finish_sentence())
                start = size = 0
            continue
        label = labels.get(columns[-1]) if len(columns) > 1 else None
        if label is None:
            label = _label(columns, line, name, number, labels)
        decoder.add(columns[0], label[0], label[1], number)
        start = start or number
        size += len(columns[0])
        if size > max_chars:
            raise sentence_too_long(name, start, max_chars)
    if start:
        yield Sentence(start, decoder.finish_sentence())
    if decoder.invalid:
        warnings.warn(
            f"{decoder.invalid} label(s) continue a word where none is open (an M, I or E "
            "after the end of a word or at a sentence start); each starts a new word",
            where=location(name, decoder.first_invalid),
            hint="check the file's labelling scheme: BMES, BIES, BI or BIO",
        )


def _label(
    columns: list[str],
    line: str,
    name: str,
    number: int,
    labels: dict[str, tuple[str, str | None]],
) -> tuple[str, str | None]:
    """``(position, tag)`` of a line's label, remembered in ``labels``, or an error naming what
    is wrong with the line."""
    if len(columns) < 2:
        raise WsscoreError(
            f"line has 1 column ({columns[0]!r}); chars needs a character and a label",
            where=location(name, number),
            hint="write the character, white space, then its label, as 中 B-NN",
        )
    parsed = parse_label(columns[-1])
    if parsed is None:
        raise WsscoreError(
            f"label {columns[-1]!r} is not a B/M/I/E/S/O position",
            where=location(name, number, line.rindex(columns[-1]) + 1),
            hint=LABEL_HINT,
        )
    labels[columns[-1]] = parsed
    return parsed
