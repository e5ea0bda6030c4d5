"""The plain Python reference of the CoNLL-U block scan that the C speed-ups make fast.

A CoNLL-U file is read as one line of words per sentence; most of its sentences are nothing but
comment lines and word lines numbered 1, 2, 3... with ten columns. The scan turns a run of such
sentences into their lines of FORMs at once, and stops at the first sentence that holds anything
else: a multi-word token, an empty node, a FORM with white space or an unprintable character, an
ID out of order, a line that is neither empty, a comment nor such a word line (a line of spaces,
a tab), a sentence longer than the limit. The caller hands that sentence to the line reader
(:func:`wsscore.inputs.formats.conllu.read_conllu`), which is the definition of the format and
the only source of its errors.

A sentence here is the lines from a line start up to and including the next empty line (or line
of only ``\\r``, as a file with ``\\r\\n`` line ends has): the line reader starts afresh after
every blank line, so cutting the text there changes nothing it reads.
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.core.records import ConlluWords

COLUMNS = 10
_UNFINISHED = "unfinished"  # the text ended before the sentence's empty line
_REFUSED = "refused"  # a line the scan does not handle


class _Sentence(NamedTuple):
    forms: list[str]  # none: a sentence of comments only, which makes no line of words
    end: int  # just after its empty line
    lines: int


def scan_conllu_words(text: str, start: int, max_chars: int) -> ConlluWords:
    """The sentences of ``text`` from ``start`` (a line start where the line reader would start
    afresh) that end with an empty line and hold only comment lines and plain word lines, whose
    FORMs have at most ``max_chars`` characters in all; see the module's docstring."""
    found: list[str] = []
    lines = 0
    position = start
    outcome: _Sentence | str = ""
    while position < len(text):
        outcome = _scan_sentence(text, position, max_chars)
        if isinstance(outcome, str):
            break
        if outcome.forms:
            found.append(" ".join(outcome.forms) + "\n")
        lines += outcome.lines
        position = outcome.end
    return ConlluWords("".join(found), len(found), lines, position, outcome == _REFUSED)


def _scan_sentence(text: str, position: int, max_chars: int) -> _Sentence | str:
    forms: list[str] = []
    size = 0  # characters of its FORMs
    lines = 0
    while True:
        newline = text.find("\n", position)
        if newline < 0:
            return _UNFINISHED
        line = text[position:newline]
        position = newline + 1
        lines += 1
        if not line or line == "\r":  # "\r": an empty line of a file with "\r\n" line ends
            return _Sentence(forms, position, lines)
        if line[0] == "#":  # a comment
            continue
        columns = line.split("\t")
        if len(columns) != COLUMNS or columns[0] != str(len(forms) + 1):
            return _REFUSED
        form = columns[1]
        if not form or " " in form or not form.isprintable():
            return _REFUSED
        size += len(form)
        if size > max_chars:
            return _REFUSED
        forms.append(form)
