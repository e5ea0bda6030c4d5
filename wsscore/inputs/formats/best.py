"""``best``: Thai text as the BEST 2010 corpus lays it out, every word ended by ``|``.

``ผู้|สื่อ|ข่าว| |รายงาน|ว่า|<NE>เอเอฟพี</NE>|`` is one sentence a line. What this reader
decided, as BEST and PyThaiNLP's benchmark (``pythainlp.benchmarks.word_tokenization``) read
such lines:

- ``<NE>…</NE>``, ``<AB>…</AB>`` and ``<POEM>…</POEM>`` mark a span that is one word (a named
  entity, an abbreviation, a poem's phrase); the tags are not text. They may nest
  (``<NE><AB>น.พ.</AB> ชาตรี</NE>``). A ``|`` inside a span would cut the word it marks, so
  it is refused, as are a span left open at the line's end and a closing tag that closes
  nothing. Any other ``<…>`` is text.
- A space is never a character: a piece between two ``|`` that is only white space (BEST's
  ``| |``, a space of the text) is no word, and white space inside a word (``<NE>ก ข</NE>``)
  is dropped from it, kept in :attr:`Token.form` for a writer. PyThaiNLP deletes every space
  before scoring: the same words.
- ``<s/>`` is a space of the text, as tltk's ``word_segment`` writes it (``ก|ข|<s/>ค|<s/>``:
  after the ``|`` of the word before it, at the line's start or after another ``<s/>``, with
  no ``|`` of its own): read as BEST's ``| |``. Anywhere else (inside a word or a span, or
  followed by a ``|``, as tltk prints the text ``<s/>``) it is refused: it cannot be told
  from text there.
- The ``|`` after the line's last word may be missing (PyThaiNLP deletes it before scoring):
  the text after the last ``|`` is a word when it is not white space. A ``|`` that starts the
  line is no word either; an empty word (``||``) anywhere else is refused.
- No tags: a BEST file holds no part of speech, and the NE/AB/POEM kind of a few words is not
  one (a tag score over them would score the marking of names, not of parts of speech).

A sentence with spaces keeps its text (:attr:`Sentence.text`: the line without ``|`` and
tags, ``<s/>`` a space), which records where they were, for ``convert --to conllu`` and back
to ``best``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import Sentence, Token
from wsscore.inputs.words import WHITE_SPACE, split_words

SEPARATOR = "|"
SPACE_MARK = "<s/>"  # tltk's space of the text
BEST_SPACE = "| |"  # BEST's, and tltk's after a word:
TLTK_SPACE = SEPARATOR + SPACE_MARK
SPAN_KINDS = ("NE", "AB", "POEM")
SPAN_TAG = re.compile(r"<(/?)(NE|AB|POEM)>")
_TAGS = re.compile(r"</?(?:NE|AB|POEM)>|<s/>")  # a line holding one is read mark by mark
_MARKS = re.compile(r"<(/?)(NE|AB|POEM)>|<s/>|\|")
FIX_HINT = "end every word with |, as in ผม|กิน|ข้าว|"


def read_best(lines: Iterable[str], *, name: str, first_line: int = 1) -> Iterator[Sentence]:
    """One sentence a line, an empty line an empty sentence (as ``words``). ``first_line``:
    the number of the first of ``lines`` in the file (a part of it may be read alone)."""
    for number, line in enumerate(lines, first_line):
        if "<" in line and _TAGS.search(line):
            yield _marked_sentence(line, number, name)
            continue
        pieces = line.split(SEPARATOR)
        if not pieces[-1] or not pieces[-1].strip(WHITE_SPACE):
            pieces.pop()  # nothing after the last |: no word there (its | came)
        start = 0  # the column before the first piece
        if pieces and not pieces[0]:
            del pieces[0]  # a | that starts the line
            start = 1
        if all(map(_plain, pieces)):  # the common case: no space, no empty word
            yield Sentence(number, [Token(piece, None) for piece in pieces])
        else:
            tokens = _tokens_of(pieces, start, number, name)
            text = line.replace(SEPARATOR, "").strip(WHITE_SPACE)
            yield Sentence(number, tokens, text=text or None)


# Lines of words handed to the scorer at once by best_word_lines.
WORD_LINES_AT_ONCE = 1024


def best_word_lines(lines: Iterable[str], *, name: str) -> Iterator[str | Sentence]:
    """What :func:`read_best` reads, for a scorer that needs no tokens: runs of sentences as
    lines of words (each ending with a line feed), made by whole-line string operations where
    a line has no span, no empty word and no white space but BEST's ``| |`` (or tltk's
    ``|<s/>``); any other line as the Sentence that :func:`read_best` (the reference, and the
    only source of errors) reads."""
    done: list[str] = []
    for number, line in enumerate(lines, 1):
        if line[-1:] == "\r":
            line = line[:-1]  # a CRLF line: its \r is white space
        plain = line.replace(BEST_SPACE, SEPARATOR)
        if "||" in line or "<" in line or " " in plain or not plain.isprintable():
            spaced = _plain_with_tltk_spaces(line)
            if spaced is None:
                if done:
                    yield "".join(done)
                    done = []
                yield from read_best([line], name=name, first_line=number)
                continue
            plain = spaced
        done.append(plain.replace(SEPARATOR, " ") + "\n")
        if len(done) >= WORD_LINES_AT_ONCE:
            yield "".join(done)
            done = []
    if done:
        yield "".join(done)


def _plain_with_tltk_spaces(line: str) -> str | None:
    """The plain line (``|`` for ``| |``) of a line whose only marks are tltk's spaces after a
    word's ``|``, read as BEST's ``| |``; None for any other line. The test of
    :func:`best_word_lines`, again: here, off its path for lines without ``<``."""
    if TLTK_SPACE not in line:
        return None
    spaced = line.replace(TLTK_SPACE, BEST_SPACE)
    plain = spaced.replace(BEST_SPACE, SEPARATOR)
    if "||" in spaced or "<" in spaced or " " in plain or not plain.isprintable():
        return None
    return plain


def _plain(piece: str) -> bool:
    """A word without white space (``isprintable`` is false for every white space but the
    ASCII space, tested apart)."""
    return bool(piece) and " " not in piece and piece.isprintable()


def _tokens_of(pieces: list[str], start: int, number: int, name: str) -> list[Token]:
    """The words of a line's pieces when some hold white space or are empty (the rarer case);
    ``start``: the 0-based column of the first piece."""
    tokens = []
    for piece in pieces:
        token = _token(piece)
        if token is not None:
            tokens.append(token)
        elif not piece:  # ||: nothing between two separators
            raise _empty_word(name, number, start + 1)
        start += len(piece) + 1
    return tokens


def _token(piece: str) -> Token | None:
    """A piece's word, or None when it is white space or empty (no word)."""
    parts = split_words(piece)
    if not parts:
        return None
    if len(parts) == 1:
        return Token(parts[0], None)
    return Token("".join(parts), None, piece.strip(WHITE_SPACE))


def _empty_word(name: str, number: int, column: int) -> WsscoreError:
    return WsscoreError(
        "an empty word: two | with nothing between them",
        where=location(name, number, column),
        hint="remove one of the two |; a space of the text is written | |",
    )


def _marked_sentence(line: str, number: int, name: str) -> Sentence:
    """A line with ``<NE>``, ``<AB>`` or ``<POEM>`` spans or tltk's ``<s/>``: read mark by
    mark."""
    words: list[str] = []  # the pieces of the word being read, tags left out
    open_spans: list[tuple[str, int]] = []  # kind and column of each span still open
    tokens: list[Token] = []
    at = 0
    starts_line = True
    space_at = 0  # the column of a <s/> that is the last mark, or 0
    for mark in _MARKS.finditer(line):
        words.append(line[at : mark.start()])
        at = mark.end()
        if mark.group() == SPACE_MARK:
            space_at = mark.start() + 1
            _check_space_mark(words, open_spans, name, number, space_at)
            words = []
            continue
        if mark.group() != SEPARATOR:
            _span_mark(mark, open_spans, name, number)
            continue
        if space_at and not "".join(words):
            raise _misplaced_space(
                "followed by a |: a space with a | too many, or the text <s/> as a word",
                name,
                number,
                space_at,
                hint="remove the | after a space (ก|<s/>ข|); a text holding <s/> cannot be read "
                "as best",
            )
        space_at = 0
        if open_spans:
            kind, column = open_spans[-1]
            raise WsscoreError(
                f"a | inside the <{kind}> span opened at column {column}, which is one word",
                where=location(name, number, mark.start() + 1),
                hint=f"close the span before the |: <{kind}>…</{kind}>|",
            )
        piece = "".join(words)
        words = []
        token = _token(piece)
        if token is not None:
            tokens.append(token)
        elif not piece and not starts_line:
            raise _empty_word(name, number, mark.start() + 1)
        starts_line = False
    if open_spans:
        kind, column = open_spans[-1]
        raise WsscoreError(
            f"the <{kind}> span is not closed",
            where=location(name, number, column),
            hint=f"close it with </{kind}> before the word's |",
        )
    last = _token("".join([*words, line[at:]]))
    if last is not None:
        tokens.append(last)
    text = join_marks(line).strip(WHITE_SPACE)
    return Sentence(number, tokens, text=text or None)


def _check_space_mark(
    words: list[str], open_spans: list[tuple[str, int]], name: str, number: int, column: int
) -> None:
    """Refuse a ``<s/>`` where tltk writes none: inside a span, or right after a word (the
    pieces ``words`` read since the last mark) not ended by a ``|``."""
    if open_spans:
        kind, opened = open_spans[-1]
        raise _misplaced_space(
            f"inside the <{kind}> span opened at column {opened}, which is one word",
            name,
            number,
            column,
            hint=f"write a space inside a span as a space (<{kind}>ก ข</{kind}>|)",
        )
    if "".join(words).strip(WHITE_SPACE):
        raise _misplaced_space("right after a word, with no | between them", name, number, column)


def _misplaced_space(
    what: str, name: str, number: int, column: int, hint: str | None = None
) -> WsscoreError:
    return WsscoreError(
        f"<s/> (a space of the text, as tltk writes it) {what}",
        where=location(name, number, column),
        hint=hint or "write <s/> after a word's | and before the next word, as in ก|<s/>ข|",
    )


def _span_mark(
    mark: re.Match[str], open_spans: list[tuple[str, int]], name: str, number: int
) -> None:
    """Open or close a span at ``mark``, refusing a closing tag that closes nothing open."""
    closing, kind = mark.group(1), mark.group(2)
    if not closing:
        open_spans.append((kind, mark.start() + 1))
        return
    if open_spans and open_spans[-1][0] == kind:
        open_spans.pop()
        return
    what = f"the <{open_spans[-1][0]}> span open" if open_spans else "no span open"
    raise WsscoreError(
        f"</{kind}> closes a span that was not opened ({what})",
        where=location(name, number, mark.start() + 1),
        hint=f"open it with <{kind}> or remove the </{kind}>",
    )


def join_marks(line: str) -> str:
    """The text of a BEST line: without its ``|`` and span tags, ``<s/>`` a space."""
    return SPAN_TAG.sub("", line).replace(SPACE_MARK, " ").replace(SEPARATOR, "")
