"""``vlsp``: Vietnamese as the VLSP corpora lay it out, a word's syllables joined by ``_``.

``Hà_Nội là thủ_đô`` is one sentence a line: tokens separated by white space, each a word whose
syllables ``_`` joins. A space is never a character, so the word is ``HàNội``; its syllables
with their spaces are kept as :attr:`Token.form` (``Hà Nội``), which a writer prints back
(CoNLL-U's FORM, as UD Vietnamese writes it) and which tells the syllables of a sentence
apart. The sentence's text (:attr:`Sentence.text`) is its syllables separated by spaces.

Tags: VLSP's part-of-speech files print ``Hà_Nội/Np là/V thủ_đô/N``. A file is read as tagged
when every token of its first line that holds tokens ends in ``/TAG`` (a tag as the ``tagged``
format takes it: ``Np``, ``CH``); then every token must have one. Otherwise a ``/`` is text
(``1/2``). A ``_`` at a word's edge or two in a row (an empty syllable) is refused: it is no
join of syllables, and VLSP writes no ``_`` of the text.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import Sentence, Token
from wsscore.inputs.formats.tagged import is_tag_like
from wsscore.inputs.words import split_words, token_starts

JOINER = "_"
TAG_SEP = "/"
JOIN_HINT = (
    "join a word's syllables with one _ each, as in Hà_Nội; a _ of the text cannot be written"
)


class Layout(NamedTuple):
    """Whether a file's tokens carry ``/TAG``, and the line that decided it (for messages)."""

    tagged: bool
    line: int


def read_vlsp(
    lines: Iterable[str], *, name: str, first_line: int = 1, layout: Layout | None = None
) -> Iterator[Sentence]:
    """One sentence a line, an empty line an empty sentence (as ``words``); tags decided on
    the first line that holds tokens (module docstring), unless ``layout`` gives them.
    ``first_line``: the number of the first of ``lines`` in the file."""
    for number, line in enumerate(lines, first_line):
        pieces = split_words(line)
        if not pieces:
            yield Sentence(number, [])
            continue
        if layout is None:
            layout = Layout(all(map(_looks_tagged, pieces)), number)
        tags: list[str | None]
        if layout.tagged:
            pieces, tags = _split_tags(pieces, line, number, name, layout)
        else:
            tags = [None] * len(pieces)
        if JOINER not in line:
            yield Sentence(number, list(map(Token, pieces, tags)), text=" ".join(pieces))
            continue
        tokens = [_joined(piece, tag) for piece, tag in zip(pieces, tags, strict=True)]
        if None in tokens:
            index = tokens.index(None)
            raise _malformed(line, number, name, index, pieces[index])
        text = " ".join(token.form or token.word for token in tokens)  # type: ignore[union-attr]
        yield Sentence(number, tokens, text=text)  # type: ignore[arg-type]


# Lines of words handed to the scorer at once by vlsp_word_lines.
WORD_LINES_AT_ONCE = 1024
# A _ at a token's edge (no syllable on one side): read by read_vlsp, which refuses it.
# (U+FEFF is white space to wsscore, not to the regex engine.)
_EDGE_JOINER = re.compile(r"(?<![^\s\ufeff])_|_(?![^\s\ufeff])")


def vlsp_word_lines(
    lines: Iterable[str], *, name: str, joiner: str = ""
) -> Iterator[str | Sentence]:
    """What :func:`read_vlsp` reads, for a scorer that needs no tokens: runs of sentences as
    lines of words (each ending with a line feed), each ``_`` replaced by ``joiner`` at once
    (deleted by default; the syllable mark for the gold of a syllable run);
    a line with a malformed join, and every line of a tagged file, as the Sentence that
    :func:`read_vlsp` (the reference, and the only source of errors) reads."""
    done: list[str] = []
    layout: Layout | None = None
    lines = iter(lines)
    for number, line in enumerate(lines, 1):
        if layout is None:
            pieces = split_words(line)
            if pieces:
                layout = Layout(all(map(_looks_tagged, pieces)), number)
        if layout is not None and layout.tagged:
            if done:
                yield "".join(done)
            rest = itertools.chain([line], lines)
            yield from read_vlsp(rest, name=name, first_line=number, layout=layout)
            return
        if JOINER in line and _malformed_join(line):
            if done:
                yield "".join(done)
                done = []
            yield from read_vlsp([line], name=name, first_line=number, layout=layout)
            continue
        done.append(line.replace(JOINER, joiner) + "\n")
        if len(done) >= WORD_LINES_AT_ONCE:
            yield "".join(done)
            done = []
    if done:
        yield "".join(done)


def _malformed_join(line: str) -> bool:
    """Whether a line that holds a ``_`` may hold one at a word's edge or two in a row:
    substring tests (at memchr speed) where the only white space is the ASCII space, which
    nearly every line is; the regex otherwise."""
    if JOINER * 2 in line or " _" in line or "_ " in line:
        return True
    if line.isprintable():  # no white space but " "
        return line[0] == JOINER or line[-1] == JOINER
    return _EDGE_JOINER.search(line) is not None


def _looks_tagged(piece: str) -> bool:
    word, found, tag = piece.rpartition(TAG_SEP)
    return bool(found and word) and is_tag_like(tag)


def _split_tags(
    pieces: list[str], line: str, number: int, name: str, layout: Layout
) -> tuple[list[str], list[str | None]]:
    words: list[str] = []
    tags: list[str | None] = []
    for index, piece in enumerate(pieces):
        word, found, tag = piece.rpartition(TAG_SEP)
        if not (found and word and is_tag_like(tag)):
            column = token_starts(line, pieces)[index] + 1
            raise WsscoreError(
                f"token {piece!r} does not end in /TAG, though every token of line "
                f"{layout.line} did, so the file is read as tagged",
                where=location(name, number, column),
                hint="give every token its tag (Hà_Nội/Np), or none in the whole file",
            )
        words.append(word)
        tags.append(tag)
    return words, tags


def _joined(piece: str, tag: str | None) -> Token | None:
    """The token of ``piece``: its syllables joined without the ``_``, and with spaces as its
    form; None when a ``_`` is at its edge or two are in a row."""
    if JOINER not in piece:
        return Token(piece, tag)
    if piece[0] == JOINER or piece[-1] == JOINER or JOINER * 2 in piece:
        return None
    return Token(piece.replace(JOINER, ""), tag, piece.replace(JOINER, " "))


def _malformed(line: str, number: int, name: str, index: int, word: str) -> WsscoreError:
    """The error for the line's token at ``index``, whose ``word`` has an empty syllable."""
    edge = word[0] == JOINER or word[-1] == JOINER
    what = "a _ at its edge" if edge else "two _ in a row"
    pieces = split_words(line)
    return WsscoreError(
        f"the word {word!r} has {what}: an empty syllable",
        where=location(name, number, token_starts(line, pieces)[index] + 1),
        hint=JOIN_HINT,
    )
