"""MeCab and KyTea files read a block of text at a time, for the scorer, which needs only the
words (no one keeps the tokens: ``--tags`` reads them through the line readers).

The line readers (:func:`~wsscore.inputs.formats.mecab.read_mecab`,
:func:`~wsscore.inputs.formats.kytea.read_kytea`) build a token per word in Python. Most blocks
are plain: MeCab lines ``surface<TAB>features`` whose surface holds no white space, and ``EOS``
lines; KyTea lines without escapes or candidates (no backslash, no ``&``) where no token starts
with a slash. Their lines of words are cut out of the whole block at once, by regular
expressions and string replacements, through the backend boundary (in C when it runs):
:func:`wsscore.core.backend.mecab_block_words` and
:func:`wsscore.core.backend.kytea_block_words`.
Any block that is not plain in that sense (a spaced or
white-space surface, a blank or malformed line, an ``EOS\\r`` line, an escape, an empty word, a
sentence past the limit) is read by the line reader, with its lines numbered as in the file: it
stays the definition of the format and the only source of its errors.

A MeCab block is cut after its last ``EOS`` line, so that the line reader, reading a part, reads
whole sentences; a sentence carried past :data:`CARRY_MOST` characters without its ``EOS`` hands
the rest of the file to the line reader, which streams it. KyTea's sentences are lines, so its
blocks (of whole lines) need no carrying.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain

from wsscore.core.backend import kytea_block_words, mecab_block_words
from wsscore.inputs.formats.kytea import read_kytea
from wsscore.inputs.formats.mecab import read_mecab
from wsscore.inputs.formats.model import FormatOptions, Sentence

CARRY_MOST = 1 << 20  # characters of an unfinished MeCab sentence held for the next block
Piece = str | Sentence  # lines of words (each ending with a line feed), or a sentence read


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
    words = mecab_block_words(head)
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
        words = kytea_block_words(text)
        if words is None:
            yield from read_kytea(
                text[:-1].split("\n"), name=name, options=options, first_line=lines_before + 1
            )
        else:
            yield words
        lines_before += text.count("\n")
