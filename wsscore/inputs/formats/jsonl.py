"""``jsonl``: JSON Lines, a sentence per line, in one of three shapes:

- an array of words: ``["中国", "人民"]``;
- an array of ``[word, tag]`` pairs: ``[["中国", "NR"], ["人民", "NN"]]``;
- an object with ``tokens`` or ``words`` and, optionally, ``tags`` or ``pos`` of the same length:
  ``{"tokens": ["中国", "人民"], "tags": ["NR", "NN"]}``.

Blank lines are skipped, as JSON Lines readers do; an empty sentence is written ``[]``. A tag
may be null or empty (no tag). White space inside a word is not text (docs/metrics.md §1.2): it
is removed; a word that is only white space (``" "``, ``[" ", "x"]``: jieba and thulac make a
space of the text a token) is a space of the text, not a word: it is dropped with its tag. An
empty word ``""`` is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import Sentence, Token
from wsscore.inputs.words import split_words

SHAPE_HINT = (
    'write an array of words, of [word, tag] pairs, or an object with "tokens" or "words" '
    'and optionally "tags" or "pos"'
)


def read_jsonl(lines: Iterable[str], *, name: str, first_line: int = 1) -> Iterator[Sentence]:
    """A sentence per line that is not blank. ``first_line``: the number of the first of
    ``lines`` in the file (a part of it may be read alone)."""
    for number, line in enumerate(lines, first_line):
        if line.strip():
            yield Sentence(number, parse_sentence(line, name, number))


def parse_sentence(line: str, name: str, number: int) -> list[Token]:
    """The tokens of one JSON line, or a :class:`WsscoreError` saying what is wrong with it."""
    import json  # here, not at the top: every run detects formats, few read JSON

    try:
        value = json.loads(line, parse_int=_integer)
    except json.JSONDecodeError as error:
        raise WsscoreError(
            f"invalid JSON: {error.msg}",
            where=location(name, number, error.colno),
            hint="each line must be one JSON array or object (JSON Lines)",
        ) from None
    except RecursionError:
        raise WsscoreError(
            "the JSON is nested too deeply to read",
            where=location(name, number),
            hint="a sentence is an array of words or of [word, tag] pairs, nested two deep",
        ) from None
    where = location(name, number)
    if isinstance(value, dict):
        tokens = _from_object(value, where)
    elif isinstance(value, list):
        tokens = _from_array(value, where)
    else:
        raise WsscoreError(f"a JSON {_kind(value)} is not a sentence", where=where, hint=SHAPE_HINT)
    if "\\u" in line:  # only an escape can give a lone surrogate that is not a kept byte
        _refuse_lone_surrogates(tokens, line, name, number)
    return tokens


class LongInteger:
    """A JSON integer too long for ``int`` (Python refuses to convert over 4300 digits): no word
    or tag is a number, so it is only ever named in a message, or ignored with its key."""

    def __init__(self, digits: str):
        self.digits = digits

    def __str__(self) -> str:
        return f"{self.digits[:12]}… (a number of {len(self.digits)} digits)"


_LONGEST_INTEGER = 4000  # digits; below sys.get_int_max_str_digits()'s default of 4300


def _integer(digits: str) -> int | LongInteger:
    return int(digits) if len(digits) <= _LONGEST_INTEGER else LongInteger(digits)


def _refuse_lone_surrogates(tokens: list[Token], line: str, name: str, number: int) -> None:
    """A ``\\ud800`` escape alone decodes to a lone surrogate, which is no character: it could
    not be written out, and would be mistaken for an undecodable byte kept (U+DC80..U+DCFF). A
    surrogate that is in the line itself is such a kept byte, and stays."""
    for token in tokens:
        for text in (token.word, token.tag or ""):
            lone = next((c for c in _SURROGATES.findall(text) if c not in line), None)
            if lone is not None:
                escape = f"\\u{ord(lone):04x}"
                column = line.lower().find(escape) + 1 or None
                raise WsscoreError(
                    f"{_show(text)} holds the escape {escape}, a lone surrogate, not a character",
                    where=location(name, number, column),
                    hint="escape a character beyond U+FFFF as a pair (\\ud83d\\ude00), "
                    "or write it as UTF-8",
                )


_SURROGATES = re.compile("[\ud800-\udfff]")


def _from_array(items: list[Any], where: str) -> list[Token]:
    if all(isinstance(item, list) for item in items):
        if not all(len(item) == 2 for item in items):
            raise WsscoreError("a [word, tag] pair has not 2 items", where=where, hint=SHAPE_HINT)
        return _kept(_token(word, tag, where) for word, tag in items)
    return _kept(_token(word, None, where) for word in items)


def _from_object(value: dict[str, Any], where: str) -> list[Token]:
    words_key = _key(value, ("tokens", "words"), where)
    tags_key = _key(value, ("tags", "pos"), where)
    if words_key is None:
        raise WsscoreError('the object has no "tokens" or "words"', where=where, hint=SHAPE_HINT)
    words = _array(value, words_key, where)
    if tags_key is None:
        return _kept(_token(word, None, where) for word in words)
    tags = _array(value, tags_key, where)
    if len(tags) != len(words):
        raise WsscoreError(
            f'"{words_key}" has {len(words)} items but "{tags_key}" has {len(tags)}',
            where=where,
            hint="give one tag per word",
        )
    return _kept(_token(word, tag, where) for word, tag in zip(words, tags, strict=True))


def _key(value: dict[str, Any], names: tuple[str, str], where: str) -> str | None:
    present = [name for name in names if name in value]
    if len(present) > 1:
        raise WsscoreError(
            f'the object has both "{present[0]}" and "{present[1]}"',
            where=where,
            hint="keep one of them",
        )
    return present[0] if present else None


def _array(value: dict[str, Any], key: str, where: str) -> list[Any]:
    items = value[key]
    if not isinstance(items, list):
        raise WsscoreError(f'"{key}" is not an array', where=where, hint=SHAPE_HINT)
    return items


def _kept(tokens: Iterable[Token | None]) -> list[Token]:
    """The tokens without the white-space ones (None)."""
    return [token for token in tokens if token is not None]


def _token(word: Any, tag: Any, where: str) -> Token | None:
    """The token of a JSON word and tag; None for a word that is only white space."""
    if not isinstance(word, str):
        raise WsscoreError(f"the word {_show(word)} is not a string", where=where, hint=SHAPE_HINT)
    if tag is not None and not isinstance(tag, str):
        raise WsscoreError(f"the tag {_show(tag)} is not a string", where=where, hint=SHAPE_HINT)
    parts = split_words(word)
    if not parts and word:
        return None
    if not parts:
        raise WsscoreError(f"the word {_show(word)} is empty", where=where, hint="remove it")
    return Token(parts[0] if len(parts) == 1 else "".join(parts), tag or None)


def _show(value: Any) -> str:
    """A value as a message shows it; a long number or a nested array is described."""
    if isinstance(value, LongInteger):
        return str(value)
    import json

    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except RecursionError:  # parsed near the limit, it can be too deep to write from here
        return f"(a JSON {_kind(value)} nested too deeply to show)"


def _kind(value: Any) -> str:
    """The Python type's name, as the messages have always said ("a JSON str")."""
    return "int" if isinstance(value, LongInteger) else type(value).__name__
