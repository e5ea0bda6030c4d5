"""``mecab``: MeCab's output, a ``surface<TAB>features`` line per token, ``EOS`` ending a sentence.

The features are MeCab's comma-separated fields (UniDic: ``名詞,普通名詞,一般,*,...``); a field
that holds a comma is printed quoted (``"B4WW,B"``), ``""`` standing for a quote inside it, and
read as MeCab-system-eval reads it. The tag is field 1 (the first after the tab), or the fields
``--tag-field`` chooses (:class:`~wsscore.inputs.formats.model.TagFields`); a line with fewer
fields (MeCab's unknown words print fewer) or none (``surface<TAB>``) has no tag there.

A surface that holds a space (SudachiPy prints ``Machine Learning`` as one token) is one word,
without the space, which is never a character (:attr:`Token.form` keeps it as written); a
token that is only white space (SudachiPy prints a space of the text as a token, ``空白``) is
no word and is dropped. Blank lines are skipped; tokens after the last ``EOS`` are a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import (
    MAX_SENTENCE_CHARS,
    FormatOptions,
    Sentence,
    TagFields,
    Token,
    sentence_too_long,
)
from wsscore.inputs.words import split_words

EOS = "EOS"
LINE_HINT = (
    "a MeCab line is surface<TAB>features, and EOS ends a sentence; give --input-format "
    "(or --gold-format, --pred-format) if the file is not MeCab output"
)
# Token(...) goes through a Python-level __new__; a MeCab file makes a token per line.
_new = tuple.__new__


def read_mecab(
    lines: Iterable[str],
    *,
    name: str,
    options: FormatOptions,
    max_chars: int = MAX_SENTENCE_CHARS,
    first_line: int = 1,
) -> Iterator[Sentence]:
    """Sentences numbered by their first token line (an empty one by its ``EOS`` line). A
    sentence whose words have more than ``max_chars`` characters is refused as it grows past
    them. ``first_line``: the number in the file of the first of ``lines``."""
    fields = options.tag_field
    tokens: list[Token] = []
    start = size = 0
    for number, line in enumerate(lines, first_line):
        surface, tab, features = line.partition("\t")
        if tab:
            if not surface or " " in surface or not surface.isprintable():
                token = _spaced_token(surface, features, fields, number, name)
                if token is None:  # only white space: no word
                    continue
            else:
                token = _new(Token, (surface, tag_of(features, fields), None))
            tokens.append(token)
            start = start or number
            size += len(token.word)
            if size > max_chars:
                raise sentence_too_long(name, start, max_chars, "mecab")
        elif line.rstrip() == EOS:
            yield Sentence(start or number, tokens)
            tokens, start, size = [], 0, 0
        elif line.strip():
            raise WsscoreError(
                f"line {_shown(line)} is neither surface<TAB>features nor EOS",
                where=location(name, number, 1),
                hint=LINE_HINT,
            )
    if tokens:  # the file ended without its last EOS
        yield Sentence(start, tokens)


def tag_of(features: str, fields: TagFields) -> str | None:
    """The tag the chosen fields make (joined by ``-``, UniDic's way of writing its levels),
    None when the line has fewer fields or the chosen ones are empty."""
    if features[-1:] == "\r":
        features = features[:-1]
    first, last = fields
    parts = features.split(",", last)
    chosen = parts[first - 1 : last]
    if any('"' in part for part in chosen) or any('"' in part for part in parts[: first - 1]):
        parts = split_csv(features)
        chosen = parts[first - 1 : last]
    if len(chosen) < last - first + 1 or not any(chosen):
        return None
    return "-".join(chosen)


def field_count(line: str) -> int | None:
    """How many feature fields a token line has (None: not a token line), as ``--tag-field``
    numbers them."""
    surface, tab, features = line.partition("\t")
    return len(split_csv(features.removesuffix("\r"))) if tab and surface else None


def split_csv(features: str) -> list[str]:
    """MeCab's feature fields: separated by commas; a field that starts with a quote ends at
    the next lone quote (``""`` is a quote inside it) and may hold commas; what follows its
    closing quote up to the next comma is dropped, as MeCab's own parser does."""
    fields: list[str] = []
    at = 0
    while True:
        if features.startswith('"', at):
            text, at = _quoted(features, at + 1)
            comma = features.find(",", at)
        else:
            comma = features.find(",", at)
            text = features[at:] if comma < 0 else features[at:comma]
        fields.append(text)
        if comma < 0:
            return fields
        at = comma + 1


def _quoted(features: str, at: int) -> tuple[str, int]:
    """The text of a quoted field whose text starts at ``at``, and where it ends (after its
    closing quote, or at the end of the line when the quote is never closed)."""
    pieces = []
    while True:
        quote = features.find('"', at)
        if quote < 0:
            pieces.append(features[at:])
            return "".join(pieces), len(features)
        pieces.append(features[at:quote])
        if features.startswith('"', quote + 1):
            pieces.append('"')
            at = quote + 2
            continue
        return "".join(pieces), quote + 1


def _spaced_token(
    surface: str, features: str, fields: TagFields, number: int, name: str
) -> Token | None:
    """A surface that holds white space: its word without it, the surface kept as its form;
    None for a surface of white space only. An empty surface is refused."""
    if not surface:
        raise WsscoreError(
            "the surface before the tab is empty",
            where=location(name, number, 1),
            hint="write the token before the tab; a word is never empty",
        )
    word = "".join(split_words(surface))
    if not word:
        return None
    return Token(word, tag_of(features, fields), surface if word != surface else None)


def _shown(line: str) -> str:
    return repr(line if len(line) <= 40 else line[:40] + "...")
