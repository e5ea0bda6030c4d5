"""``kytea``: KyTea's full format, ``word/tag/reading`` tokens separated by spaces, a sentence
a line (``東京/名詞/とうきょう に/助詞/に``).

Read as KyTea's own reader reads it (``FullCorpusIO::readSentence``): a backslash makes the
character after it part of the word or tag (``\\ `` a space, ``\\/`` a slash, ``\\&`` an
ampersand, ``\\\\`` a backslash); each ``/`` opens the next tag level (field 1 the part of
speech, 2 the reading, chosen with ``--tag-field``); ``&`` separates a level's candidate tags,
of which the first is taken, and is refused in a word; a level left empty (``word//yomi``)
has no tag. Tokens are separated by white space, not only by spaces.

A word that holds an escaped space is one word without it, since a space is never a
character (:attr:`Token.form` keeps it as written); a word of escaped white space only is
no word and is dropped, as a MeCab token of white space is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import FormatOptions, Sentence, TagFields, Token
from wsscore.inputs.words import WHITE_SPACE, split_words, token_starts

ESCAPE = "\\"
LEVEL = "/"
CANDIDATE = "&"
URL_MARK = ":/" + LEVEL  # a URL's unescaped slashes after its scheme (KyTea writes :\/\/)
ESCAPE_HINT = "put a backslash before it, as KyTea escapes: \\/ \\& \\\\, and '\\ ' for a space"


class KyteaToken(NamedTuple):
    """A token as written: its word (escapes undone) and its tag levels."""

    word: str
    levels: list[str]


def read_kytea(
    lines: Iterable[str], *, name: str, options: FormatOptions, first_line: int = 1
) -> Iterator[Sentence]:
    """One sentence a line, an empty line an empty sentence (as ``words``)."""
    fields = options.tag_field
    for number, line in enumerate(lines, first_line):
        if URL_MARK in line:
            raise _unescaped_url(line, number, name)
        if ESCAPE in line or CANDIDATE in line:
            parsed = list(_escaped_tokens(line, number, name))
        else:
            parsed = _plain_tokens(line, number, name)
        tokens = []
        for token in parsed:
            read = _token(token, fields)
            if read is not None:
                tokens.append(read)
        yield Sentence(number, tokens)


def field_count(line: str) -> int | None:
    """How many tag levels the first token of a line has (None: a line without tokens, or
    one KyTea would refuse), as ``--tag-field`` numbers them."""
    try:
        tokens = list(_escaped_tokens(line, 0, ""))
    except WsscoreError:
        return None
    return len(tokens[0].levels) if tokens else None


def _plain_tokens(line: str, number: int, name: str) -> list[KyteaToken]:
    """The tokens of a line without escapes or candidates: each split at its slashes."""
    texts = split_words(line)
    tokens = []
    for index, text in enumerate(texts):
        word, _, tags = text.partition(LEVEL)
        if not word:
            column = token_starts(line, texts)[index] + 1  # only errors pay for this
            raise _empty_word(text, column, number, name)
        tokens.append(KyteaToken(word, tags.split(LEVEL) if tags else []))
    return tokens


def _token(token: KyteaToken, fields: TagFields) -> Token | None:
    word = token.word
    form = None
    if not word.isprintable() or " " in word:
        word = "".join(split_words(word))
        if not word:
            return None
        form = token.word if word != token.word else None
    return Token(word, tag_of_levels(token.levels, fields), form)


def tag_of_levels(levels: list[str], fields: TagFields) -> str | None:
    """The tag the chosen levels make, joined by ``-``; None when a chosen level is missing
    or every chosen one is empty."""
    chosen = levels[fields.first - 1 : fields.last]
    if len(chosen) < fields.last - fields.first + 1:
        return None
    return "-".join(chosen) if any(chosen) else None


def _escaped_tokens(line: str, number: int, name: str) -> Iterator[KyteaToken]:
    """The tokens of a line that holds escapes or candidates, read a character at a time."""
    at, end = 0, len(line.rstrip("\r"))
    while at < end:
        if line[at] in WHITE_SPACE:
            at += 1
            continue
        start = at
        word, at = _piece(line, at, end, number, name, in_word=True)
        if not word:
            raise _empty_word(split_words(line[start:])[0], start + 1, number, name)
        levels: list[str] = []
        while at < end and line[at] not in WHITE_SPACE:
            # at a "/" (a new level) or a "&" (another candidate of the same level: skipped)
            opens_level = line[at] == LEVEL
            text, at = _piece(line, at + 1, end, number, name, in_word=False)
            if opens_level:
                levels.append(text)
        yield KyteaToken(word, levels)


def _piece(
    line: str, at: int, end: int, number: int, name: str, *, in_word: bool
) -> tuple[str, int]:
    """The word or tag from ``at`` to the next unescaped white space, slash or (in a tag)
    ampersand, escapes undone; and where it ends. An ampersand in a word is refused, as
    KyTea refuses it."""
    chars = []
    while at < end:
        char = line[at]
        if char in WHITE_SPACE or char == LEVEL:
            break
        if char == CANDIDATE:
            if in_word:
                raise WsscoreError(
                    "an unescaped & in a word: KyTea separates candidate tags with it",
                    where=location(name, number, at + 1),
                    hint=ESCAPE_HINT,
                )
            break
        if char == ESCAPE:
            at += 1
            if at >= end:
                raise WsscoreError(
                    "the line ends with an escape (a lone backslash)",
                    where=location(name, number, at),
                    hint=ESCAPE_HINT,
                )
            char = line[at]
        chars.append(char)
        at += 1
    return "".join(chars), at


def _unescaped_url(line: str, number: int, name: str) -> WsscoreError:
    """A URL whose slashes are not escaped: KyTea escapes them (``http:\\/\\/…``), so read as
    KyTea's, the word would silently end at its first slash."""
    column = line.index(URL_MARK)
    start = max(line.rfind(char, 0, column) for char in WHITE_SPACE) + 1
    return WsscoreError(
        f"token {split_words(line[start:])[0]!r} holds a URL whose slashes are not escaped: "
        "KyTea's word would end at its first /",
        where=location(name, number, start + 1),
        hint=ESCAPE_HINT,
    )


def _empty_word(text: str, column: int, number: int, name: str) -> WsscoreError:
    return WsscoreError(
        f"token {text!r} has an empty word before its tags",
        where=location(name, number, column),
        hint="write the word before the first /, or " + ESCAPE_HINT,
    )
