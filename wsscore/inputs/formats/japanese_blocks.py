"""MeCab and KyTea files read a block of text at a time, for the scorer, which needs only the
words (no one keeps the tokens: ``--tags`` reads them through the line readers).

The line readers (:func:`~wsscore.inputs.formats.mecab.read_mecab`,
:func:`~wsscore.inputs.formats.kytea.read_kytea`) build a token per word in Python. Most blocks
are plain: MeCab lines ``surface<TAB>features`` whose surface holds no white space, and ``EOS``
lines; KyTea lines without escapes or candidates (no backslash, no ``&``) where no token starts
with a slash. Their lines of words are cut out of the whole block at once, by regular
expressions and string replacements. Any block that is not plain in that sense (a spaced or
white-space surface, a blank or malformed line, an ``EOS\\r`` line, an escape, an empty word, a
sentence past the limit) is read by the line reader, with its lines numbered as in the file: it
stays the definition of the format and the only source of its errors.

A MeCab block is cut after its last ``EOS`` line, so that the line reader, reading a part, reads
whole sentences; a sentence carried past :data:`CARRY_MOST` characters without its ``EOS`` hands
the rest of the file to the line reader, which streams it. KyTea's sentences are lines, so its
blocks (of whole lines) need no carrying.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain

from wsscore.inputs.formats.kytea import read_kytea
from wsscore.inputs.formats.mecab import read_mecab
from wsscore.inputs.formats.model import FormatOptions, Sentence
from wsscore.inputs.words import WHITE_SPACE

CARRY_MOST = 1 << 20  # characters of an unfinished MeCab sentence held for the next block
Piece = str | Sentence  # lines of words (each ending with a line feed), or a sentence read

_SPACE = re.escape(WHITE_SPACE)
# MeCab: a line's features, from its first tab; white space in a line but its line feed.
_FEATURES = re.compile(r"\t[^\n]*")
_SPACE_IN_LINE = re.compile("[{}]".format(re.escape(WHITE_SPACE.replace("\n", ""))))
# KyTea: what follows a word's slash; white space but a space, a line feed and a "\\r".
_KYTEA_TAGS = re.compile(f"/[^{_SPACE}]*")
# (Looked for one by one: a substring test runs at memchr speed, a character class does not.)
_OTHER_SPACE = WHITE_SPACE.translate({32: None, 10: None, 13: None})


def read_mecab_blocks(
    blocks: Iterable[str], *, name: str, options: FormatOptions, max_chars: int
) -> Iterator[Piece]:
    """The sentences of MeCab text given in blocks of whole lines, in order (see the module)."""
    blocks = iter(blocks)
    lines_before = 0  # lines of the file before the text being read
    carry = ""
    for block in blocks:
        text = carry + block if carry else block
        end = _after_last_eos(text)
        head, carry = text[:end], text[end:]
        if head:
            yield from _mecab_sentences(head, lines_before, name, options, max_chars)
            lines_before += head.count("\n")
        if len(carry) > CARRY_MOST:  # no EOS for long: the line reader streams the rest
            rest = _lines(carry, blocks)
            yield from read_mecab(
                rest, name=name, options=options, max_chars=max_chars, first_line=lines_before + 1
            )
            return
    if carry:  # the file ended without its last EOS
        yield from read_mecab(
            _lines(carry, iter(())),
            name=name,
            options=options,
            max_chars=max_chars,
            first_line=lines_before + 1,
        )


def _after_last_eos(text: str) -> int:
    """Where the text after its last ``EOS`` line starts; 0 where it has none."""
    found = text.rfind("\nEOS\n")
    if found >= 0:
        return found + 5
    return 4 if text.startswith("EOS\n") else 0


def _mecab_sentences(
    head: str, lines_before: int, name: str, options: FormatOptions, max_chars: int
) -> Iterator[Piece]:
    """Whole sentences (``head`` ends with an ``EOS`` line): at once when plain, else by the
    line reader."""
    words = _plain_mecab_words(head)
    if words is not None and (
        len(words) <= max_chars or max(map(len, words.split("\n"))) <= max_chars
    ):
        yield words
        return
    yield from read_mecab(
        head[:-1].split("\n"),
        name=name,
        options=options,
        max_chars=max_chars,
        first_line=lines_before + 1,
    )


def _plain_mecab_words(head: str) -> str | None:
    """The lines of words of whole sentences of plain MeCab lines, each ending with a line feed;
    None when a line is not plain. Checked by counts rather than a match of every line (which
    would cost as much as the rest): each line is an ``EOS`` line (marked by a NUL, which the
    text must not hold) or has a tab (each removal of features is one); no line is left empty
    (an empty surface, a blank line) and no surface holds white space (nor ``\\r``: ``EOS\\r``)."""
    if "\x00" in head:
        return None
    # Two passes: one replacement consumes the line feed before the next EOS line.
    marked = ("\n" + head).replace("\nEOS\n", "\n\x00\n").replace("\nEOS\n", "\n\x00\n")
    surfaces, tokens = _FEATURES.subn("", marked)
    if surfaces.count("\x00") + tokens != head.count("\n"):
        return None  # a line that is neither
    if "\n\n" in surfaces or _SPACE_IN_LINE.search(surfaces):
        return None
    # Words and marks, each followed by a space; no space next to a mark; a mark ends a line.
    spaced = surfaces[1:].replace("\n", " ").replace("\x00 ", "\x00").replace(" \x00", "\x00")
    return spaced.replace("\x00", "\n")


def _lines(text: str, blocks: Iterator[str]) -> Iterator[str]:
    """The lines of ``text`` and of the blocks after it, without their line feeds."""
    pending = ""
    for block in chain((text,), blocks):
        *ended, pending = (pending + block).split("\n")
        yield from ended
    if pending:
        yield pending


def read_kytea_blocks(
    blocks: Iterable[str], *, name: str, options: FormatOptions
) -> Iterator[Piece]:
    """The sentences of KyTea text given in blocks of whole lines, in order (see the module)."""
    lines_before = 0
    for block in blocks:
        text = block if block.endswith("\n") else block + "\n"
        if not _plain_kytea(text):
            yield from read_kytea(
                text[:-1].split("\n"), name=name, options=options, first_line=lines_before + 1
            )
        else:
            yield _KYTEA_TAGS.sub("", text)
        lines_before += text.count("\n")


def _plain_kytea(text: str) -> bool:
    """Whether a block of KyTea lines holds no escape, no candidate and no empty word (a slash
    at a token's start). Substring tests where tokens are separated by spaces; a block with
    other white space (a tab, a full-width space) is left to the line reader."""
    if "\\" in text or "&" in text or text.startswith("/"):
        return False
    if " /" in text or "\n/" in text or "\r/" in text:
        return False
    return not any(char in text for char in _OTHER_SPACE)
