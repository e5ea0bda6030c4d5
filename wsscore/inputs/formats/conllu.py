"""``conllu``: CoNLL-U (and 10-column CoNLL-X) files, a sentence per block of word lines.

FORM (column 2) is the word, UPOS (column 4) or XPOS (column 5) its tag. Comment lines and empty
nodes (ID ``3.1``) are skipped. A multi-word token (a range ID, ``3-4``) is read as one token
with its surface FORM, which is what the text holds, and its syntactic words (the word lines
3 and 4 after it) are kept beside it (:attr:`Sentence.parts`): the scorer aligns the surface
text, and counts words as conll18_ud_eval.py does (:mod:`wsscore.scoring.multiword`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import (
    MAX_SENTENCE_CHARS,
    FormatOptions,
    Sentence,
    Token,
    marks_syllables,
    sentence_too_long,
)
from wsscore.inputs.words import split_words

COLUMNS = 10
RANGE_END = re.compile(rb"-[0-9]+\t")  # the end of a range ID such as 3-4, and its tab
DIGITS = frozenset(b"0123456789")
NEWLINE = ord("\n")
# Token(...) goes through a Python-level __new__; a CoNLL-U file makes a token per line, so the
# tuple is built directly.
_new = tuple.__new__
TAG_COLUMN = {"upos": 3, "xpos": 4}
# The IDs a sentence's word lines must have, as text: the short path compares a line's ID with
# the next one without parsing it (no int() per line, no regular expression).
MAX_ID_TEXT = 1000
ID_TEXTS = tuple(str(number) for number in range(MAX_ID_TEXT + 1))
ORDER_HINT = (
    "number a sentence's word lines 1, 2, 3... in order, a range such as 3-4 just before its "
    "words 3 and 4"
)
NEW_SENTENCE_HINT = "if a new sentence starts here, put a blank line before it"
ID_HINT = (
    "a word line starts with a number, a multi-word token with a range as 3-4, "
    "an empty node with a decimal as 3.1"
)


def read_conllu(
    lines: Iterable[str],
    *,
    name: str,
    options: FormatOptions,
    max_chars: int = MAX_SENTENCE_CHARS,
    first_line: int = 1,
) -> Iterator[Sentence]:
    """Sentences numbered by their first token line; blank lines end them, so several in a row
    (or a block of comments only) make no empty sentence. As in conll18_ud_eval.py, the word
    lines of a sentence are numbered 1, 2, 3... in order, and a FORM is never empty. A sentence
    whose FORMs have more than ``max_chars`` characters is refused as soon as it grows past
    them. ``first_line`` is the number in the file of the first of ``lines`` (a part of a file
    read from a blank line on, by :mod:`wsscore.inputs.formats.conllu_blocks`)."""
    tag_index = TAG_COLUMN[options.tag_column]
    syllables = marks_syllables("conllu", options)  # a FORM's spaces part its syllables
    tokens: list[Token] = []
    parts: dict[int, list[Token]] = {}
    inside: _Range | None = None  # the multi-word token whose words are being read
    start = 0  # line of the sentence's first token line; 0 while none is read
    count = 0  # word lines of the sentence read so far
    expected = "1"  # the ID the next word line must have: compared as text, never parsed
    text: str | None = None  # the sentence's "# text = ..." comment
    ids = ID_TEXTS  # a local: read on every word line
    size = 0  # characters of its FORMs so far
    for number, line in enumerate(lines, first_line):
        columns = line.split("\t")  # a "\r" at the end is in the last column, never read
        # Most lines are plain word lines with the next ID: they take this short path, which
        # keeps reading CoNLL-U close to reading plain words (benchmarks/).
        if len(columns) == COLUMNS and columns[0] == expected:
            form, tag = columns[1], columns[tag_index]
            spaced = None
            if not form or " " in form or not form.isprintable():  # all white space but U+0020
                form = _without_white_space(columns, number, name)  # is unprintable
                spaced = _syllables(columns[1]) if syllables else None
            token = _new(Token, (form, None if tag == "_" else tag, spaced))
            count += 1
            expected = ids[count + 1] if count < MAX_ID_TEXT else str(count + 1)
            if inside is None:
                tokens.append(token)
            else:
                inside = inside.add(count, token, parts)
            start = start or number
            size += len(form)
            if size > max_chars:
                raise sentence_too_long(name, start, max_chars, "conllu")
        elif not line.strip():
            _check_blank(line, number, name)
            if start:
                _check_closed(inside, name, number)
                yield Sentence(start, tokens, parts or None, text)
                tokens, parts, inside, start, count, expected = [], {}, None, 0, 0, "1"
                size = 0
            text = None
        elif columns[0].startswith("#"):
            if "text" in line:
                text = _text_comment(line) or text
        else:
            opened = _other_line(columns, tokens, parts, count, inside, number, name)
            if opened is not None:
                inside = opened
                size += len(columns[1])
            start = start or number
    if start:
        _check_closed(inside, name, None)
        yield Sentence(start, tokens, parts or None, text)


def _other_line(
    columns: list[str],
    tokens: list[Token],
    parts: dict[int, list[Token]],
    count: int,
    inside: _Range | None,
    number: int,
    name: str,
) -> _Range | None:
    """A line off the short path that is neither blank nor a comment: the multi-word token a
    range line opens, None for an empty node (skipped); any other line is refused."""
    columns[-1] = columns[-1].rstrip("\r")
    _check_other_line(columns, number, name)  # a range or an empty node, or an error
    kind = id_kind(columns[0])
    if kind == "word":  # a word line whose ID is not the next one
        raise _unexpected_id(columns[0], count, inside, number, name)
    if kind != "range":
        return None
    _check_closed(inside, name, number)
    return _open_range(columns, tokens, parts, count, number, name)


class _Range(NamedTuple):
    """A multi-word token being read: its place among the tokens, the next ID expected."""

    position: int  # of its surface token among the sentence's tokens
    expected: int
    last: int
    line: int

    def add(self, identifier: int, token: Token, parts: dict[int, list[Token]]) -> _Range | None:
        """The state after one of its words (None once the last one is read); the reader has
        checked that its ID is the next one."""
        parts[self.position].append(token)
        return None if identifier == self.last else self._replace(expected=identifier + 1)


def _open_range(
    columns: list[str],
    tokens: list[Token],
    parts: dict[int, list[Token]],
    count: int,
    number: int,
    name: str,
) -> _Range:
    where = location(name, number, 1)
    first, last = (id_number(bound, where) for bound in columns[0].split("-"))
    if last < first:
        raise WsscoreError(
            f"the range {_shown(columns[0])} ends before it starts",
            where=where,
            hint="write a multi-word token's range as first-last, e.g. 3-4",
        )
    if first != count + 1 or columns[0][0] == "0":
        raise WsscoreError(
            f"range {_shown(columns[0])} where the sentence's next word is {count + 1}",
            where=where,
            hint=ORDER_HINT,
        )
    tokens.append(Token(_without_white_space(columns, number, name), None))
    parts[len(tokens) - 1] = []
    return _Range(len(tokens) - 1, first, last, number)


def _check_closed(inside: _Range | None, name: str, number: int | None) -> None:
    if inside is not None:
        raise WsscoreError(
            f"the multi-word token of line {inside.line} lacks its words from {inside.expected} "
            f"to {inside.last}",
            where=location(name, number) if number is not None else name,
            hint="a range 3-4 is followed by the word lines 3 and 4",
        )


def has_multiword_tokens(data: bytes) -> bool:
    """Whether CoNLL-U text (in an ASCII-compatible encoding) has a range ID line.

    The search looks for "-digits<tab>" (a regular expression with a literal first character
    skips ahead at C speed; one anchored at line starts would visit every line)
    and then checks that only digits stand between it and the start of its line.
    """
    for found in RANGE_END.finditer(data):
        start = found.start()
        while start and data[start - 1] in DIGITS:
            start -= 1
        if start < found.start() and (start == 0 or data[start - 1] == NEWLINE):
            return True
    return False


def id_kind(identifier: str) -> str | None:
    """``word`` (3), ``range`` (3-4), ``empty`` (3.1), or None for anything else."""
    if _is_number(identifier):
        return "word"
    first, sep, last = identifier.partition("-" if "-" in identifier else ".")
    if sep and _is_number(first) and _is_number(last):
        return "range" if sep == "-" else "empty"
    return None


LONGEST_ID = 9  # digits: a sentence of a billion words is no sentence


def id_number(digits: str, where: str) -> int:
    """The number of an ID (or of a range's bound) made of ASCII digits; one too long to be a
    sentence's word is refused before ``int`` (which refuses over 4300 digits) is asked."""
    if len(digits) > LONGEST_ID:
        raise WsscoreError(
            f"ID {digits[:12]}… has {len(digits)} digits, too many for a word of a sentence",
            where=where,
            hint=ID_HINT,
        )
    return int(digits)


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _check_other_line(columns: list[str], number: int, name: str) -> None:
    if len(columns) != COLUMNS:
        raise WsscoreError(
            f"line has {len(columns)} tab-separated columns; CoNLL-U has {COLUMNS}",
            where=location(name, number),
            hint="separate the 10 columns with tabs, or give the file's format with "
            "--input-format (or --gold-format, --pred-format)",
        )
    if id_kind(columns[0]) is None:
        raise WsscoreError(
            f"ID {columns[0]!r} is not a number", where=location(name, number, 1), hint=ID_HINT
        )


def _syllables(form: str) -> str | None:
    """A FORM's syllables separated by one space each (UD Vietnamese writes ``Hà Nội``), kept
    as the token's form; None for a FORM of one syllable."""
    pieces = split_words(form)
    return " ".join(pieces) if len(pieces) > 1 else None


def _without_white_space(columns: list[str], number: int, name: str) -> str:
    """The FORM without white space, which is not text (docs/metrics.md §1.2); conll18_ud_eval.py
    deletes the spaces of a FORM too, so that a space tokenised in one file and not the other
    still aligns. A FORM that is empty, or only white space, is refused as it refuses it."""
    form = "".join(split_words(columns[1]))
    if not form:
        raise WsscoreError(
            "FORM is empty",
            where=location(name, number, len(columns[0]) + 2),
            hint="write the word in column 2; a word is never empty",
        )
    return form


def _text_comment(line: str) -> str | None:
    """The text of a ``# text = ...`` comment line, None for any other comment."""
    key, equals, value = line[1:].partition("=")
    return value.strip() if equals and key.strip() == "text" else None


def _check_blank(line: str, number: int, name: str) -> None:
    """A line of only white space ends a sentence, unless it holds a tab: then it is a word
    line without its columns (conll18_ud_eval.py refuses its empty FORM)."""
    if "\t" in line:
        raise WsscoreError(
            "line holds only tabs and white space: neither a word line nor a blank line",
            where=location(name, number),
            hint="make it empty to end the sentence, or write the word line's 10 columns",
        )


def _unexpected_id(
    identifier: str, count: int, inside: _Range | None, number: int, name: str
) -> WsscoreError:
    """The error for a word line whose ID is not the sentence's next word: 0, repeated, out of
    order, or with a leading zero (which the UD validator refuses)."""
    where = location(name, number, 1)
    following = _id_text(count + 1)
    if identifier.lstrip("0") == following:
        return WsscoreError(
            f"word ID {identifier} has a leading zero", where=where, hint=f"write it {following}"
        )
    if inside is not None:
        what = (
            f"word {_shown(identifier)} where the multi-word token of line {inside.line} "
            f"expects its word {inside.expected}"
        )
    else:
        what = f"word ID {_shown(identifier)} where the sentence's next word is {following}"
    return WsscoreError(
        what, where=where, hint=NEW_SENTENCE_HINT if identifier == "1" else ORDER_HINT
    )


def _id_text(number: int) -> str:
    return ID_TEXTS[number] if number <= MAX_ID_TEXT else str(number)


def _shown(identifier: str) -> str:
    """An ID as a message shows it: a long one cut, so the line stays one line."""
    return (
        identifier if len(identifier) <= 20 else f"{identifier[:20]}... ({len(identifier)} digits)"
    )
