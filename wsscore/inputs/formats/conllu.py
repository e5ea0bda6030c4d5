"""``conllu``: CoNLL-U (and 10-column CoNLL-X) files, a sentence per block of word lines.

FORM (column 2) is the word, UPOS (column 4) or XPOS (column 5) its tag. Comment lines, empty
nodes (ID ``3.1``) and multi-word token lines (ID ``3-4``) are skipped: the syntactic words of a
multi-word token are read as words. For those tokens this is not yet how conll18_ud_eval.py scores
its Words metric (inside a multi-word span it matches words by their forms, with a longest common
subsequence, not by character spans); Chinese treebanks have none, and the scorer's alignment
will handle them later.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import FormatOptions, Sentence, Token
from wsscore.inputs.words import split_words

COLUMNS = 10
# Token(...) goes through a Python-level __new__; building the tuple directly takes half the
# time, and a CoNLL-U file makes a token per line.
_new = tuple.__new__
TAG_COLUMN = {"upos": 3, "xpos": 4}
ID_HINT = (
    "a word line starts with a number, a multi-word token with a range as 3-4, "
    "an empty node with a decimal as 3.1"
)


def read_conllu(lines: Iterable[str], *, name: str, options: FormatOptions) -> Iterator[Sentence]:
    """Sentences numbered by their first token line; blank lines end them, so several in a row
    (or a block of comments only) make no empty sentence."""
    tag_index = TAG_COLUMN[options.tag_column]
    tokens: list[Token] = []
    start = 0  # line of the sentence's first token line; 0 while none is read
    for number, line in enumerate(lines, 1):
        columns = line.split("\t")  # a "\r" at the end is in the last column, never read
        # Most lines are plain word lines: they take this short path, which the benchmark
        # (CoNLL-U at most 3 times the time of plain words) depends on.
        if len(columns) == COLUMNS and columns[0].isdigit() and columns[0].isascii():
            form, tag = columns[1], columns[tag_index]
            if " " in form or not form.isprintable():  # all white space but U+0020 is unprintable
                form = _without_white_space(form, number, name)
            tokens.append(_new(Token, (form, None if tag == "_" else tag)))
            start = start or number
        elif not line.strip():
            if start:
                yield Sentence(start, tokens)
                tokens, start = [], 0
        elif not columns[0].startswith("#"):
            columns[-1] = columns[-1].rstrip("\r")
            _check_other_line(columns, number, name)  # a range or an empty node, or an error
            start = start or number
    if start:
        yield Sentence(start, tokens)


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
