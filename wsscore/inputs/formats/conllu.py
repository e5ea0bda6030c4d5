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
    sentence_too_long,
)
from wsscore.inputs.words import split_words

COLUMNS = 10
RANGE_END = re.compile(rb"-[0-9]+\t")  # the end of a range ID such as 3-4, and its tab
DIGITS = frozenset(b"0123456789")
NEWLINE = ord("\n")
# Token(...) goes through a Python-level __new__; building the tuple directly takes half the
# time, and a CoNLL-U file makes a token per line.
_new = tuple.__new__
TAG_COLUMN = {"upos": 3, "xpos": 4}
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
) -> Iterator[Sentence]:
    """Sentences numbered by their first token line; blank lines end them, so several in a row
    (or a block of comments only) make no empty sentence. A sentence whose FORMs have more than
    ``max_chars`` characters is refused as soon as it grows past them."""
    tag_index = TAG_COLUMN[options.tag_column]
    tokens: list[Token] = []
    parts: dict[int, list[Token]] = {}
    inside: _Range | None = None  # the multi-word token whose words are being read
    start = 0  # line of the sentence's first token line; 0 while none is read
    size = 0  # characters of its FORMs so far
    for number, line in enumerate(lines, 1):
        columns = line.split("\t")  # a "\r" at the end is in the last column, never read
        # Most lines are plain word lines: they take this short path, which the benchmark
        # (CoNLL-U at most 3 times the time of plain words) depends on.
        if len(columns) == COLUMNS and columns[0].isdigit() and columns[0].isascii():
            form, tag = columns[1], columns[tag_index]
            if " " in form or not form.isprintable():  # all white space but U+0020 is unprintable
                form = _without_white_space(form, number, name)
            token = _new(Token, (form, None if tag == "_" else tag))
            if inside is None:
                tokens.append(token)
            else:
                inside = inside.add(int(columns[0]), token, parts, location(name, number))
            start = start or number
            size += len(form)
            if size > max_chars:
                raise sentence_too_long(name, start, max_chars)
        elif not line.strip():
            if start:
                _check_closed(inside, name, number)
                yield Sentence(start, tokens, parts or None)
                tokens, parts, inside, start, size = [], {}, None, 0, 0
        elif not columns[0].startswith("#"):
            columns[-1] = columns[-1].rstrip("\r")
            _check_other_line(columns, number, name)  # a range or an empty node, or an error
            if id_kind(columns[0]) == "range":
                _check_closed(inside, name, number)
                inside = _open_range(columns, tokens, parts, number, name)
                size += len(columns[1])
            start = start or number
    if start:
        _check_closed(inside, name, None)
        yield Sentence(start, tokens, parts or None)


class _Range(NamedTuple):
    """A multi-word token being read: its place among the tokens, the next ID expected."""

    position: int  # of its surface token among the sentence's tokens
    expected: int
    last: int
    line: int

    def add(
        self, identifier: int, token: Token, parts: dict[int, list[Token]], where: str
    ) -> _Range | None:
        """The state after one of its words (None once the last one is read)."""
        if identifier != self.expected:
            raise WsscoreError(
                f"word {identifier} where the multi-word token of line {self.line} expects its "
                f"word {self.expected}",
                where=where,
                hint="a range 3-4 is followed by the word lines 3 and 4",
            )
        parts[self.position].append(token)
        return None if identifier == self.last else self._replace(expected=identifier + 1)


def _open_range(
    columns: list[str], tokens: list[Token], parts: dict[int, list[Token]], number: int, name: str
) -> _Range:
    first, last = (int(bound) for bound in columns[0].split("-"))
    if last < first:
        raise WsscoreError(
            f"the range {columns[0]} ends before it starts",
            where=location(name, number, 1),
            hint="write a multi-word token's range as first-last, e.g. 3-4",
        )
    tokens.append(Token(_without_white_space(columns[1], number, name), None))
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
    skips ahead at C speed; one anchored at line starts visits every line, 15 times slower)
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


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _check_other_line(columns: list[str], number: int, name: str) -> None:
    if len(columns) != COLUMNS:
        raise WsscoreError(
            f"line has {len(columns)} tab-separated columns; CoNLL-U has {COLUMNS}",
            where=location(name, number),
            hint="separate the 10 columns with tabs, or give the file's format with --input-format",
        )
    if id_kind(columns[0]) is None:
        raise WsscoreError(
            f"ID {columns[0]!r} is not a number", where=location(name, number, 1), hint=ID_HINT
        )


def _without_white_space(form: str, number: int, name: str) -> str:
    """White space is not text (docs/metrics.md §1.2); conll18_ud_eval.py deletes the spaces of
    a FORM too, so that a space tokenised in one file and not the other still aligns."""
    form = "".join(split_words(form))
    if not form:
        raise WsscoreError(
            "FORM is empty", where=location(name, number), hint="write the word in column 2"
        )
    return form
