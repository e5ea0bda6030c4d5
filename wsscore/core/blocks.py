"""Whole blocks of a tagged or JSON Lines file read at once: the plain Python reference of
the C fast path (``read_tagged_block`` and ``read_jsonl_block`` in ``_speedups.c``).

The rules are strict on purpose: they cover the shapes taggers and converters write, where
the result is certain to be what the format's reader (:mod:`wsscore.inputs.formats.tagged`,
:mod:`wsscore.inputs.formats.jsonl`) gives. A block with anything else (a phrase bracket, a
white-space token, white space other than spaces between tokens, an escape, a blank JSON line,
a malformed token) gives None, and the format's reader reads it: it stays the definition, and
the only source of errors and warnings.

A carriage return that ends a line (as Windows ends lines) is white space in either format.

- tagged: tokens separated by spaces (any number, at either end too); a token is split at its
  last separator into a word and a tag, both non-empty, the word not starting with ``[`` and
  the tag holding no ``]``; no token holds white space (a separator of docs/metrics.md §1.2,
  or U+001C..U+001F, which ``str.split()`` splits on).
- jsonl: each line one JSON array of non-empty strings without escapes, control characters or
  white space, with spaces alone around its brackets and commas.
"""

from __future__ import annotations

import re

from wsscore.core.definitions import SEPARATORS, SPLIT_DIFFERS
from wsscore.core.records import FormattedBlock

_WHITE_SPACE = re.compile(f"[{re.escape(SEPARATORS + SPLIT_DIFFERS)}]")
_JSON_WORD = r'"[^"\\\x00-\x1f]+"'
_JSON_WORDS = re.compile(rf" *\[ *(?:{_JSON_WORD}(?: *, *{_JSON_WORD})*)? *\] *\r?")


def _lines(text: str) -> list[str]:
    """The lines of a block of whole lines (a line feed ends a line; it does not start one)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _joined(lines: list[str], text: str) -> str:
    """Lines joined as ``text``'s were: a line feed after each, but the last if it had none."""
    joined = "\n".join(lines)
    return joined + "\n" if lines and text.endswith("\n") else joined


def _tagged_token(token: str, sep: str) -> tuple[str, str] | None:
    if token[0] == "[" or _WHITE_SPACE.search(token):
        return None
    word, _, tag = token.rpartition(sep)
    if not word or not tag or "]" in tag:
        return None
    return word, tag


def read_tagged_block(text: str, sep: str, with_tags: bool) -> FormattedBlock | None:
    """The words (and tags, if asked for) of a block of tagged lines; None where the rules
    (module docstring) do not cover it."""
    lines = _lines(text)
    word_lines: list[str] = []
    tag_lines: list[str] = []
    tagged = 0
    for line in lines:
        words: list[str] = []
        tags: list[str] = []
        for token in filter(None, line.removesuffix("\r").split(" ")):
            split = _tagged_token(token, sep)
            if split is None:
                return None
            words.append(split[0])
            tags.append(split[1])
        word_lines.append(" ".join(words))
        tag_lines.append(" ".join(tags))
        tagged += len(words)
    tags_text = _joined(tag_lines, text) if with_tags else None
    return FormattedBlock(_joined(word_lines, text), tags_text, len(lines), tagged)


def read_jsonl_block(text: str) -> FormattedBlock | None:
    """The words of a block of JSON lines, each an array of words; None where the rules
    (module docstring) do not cover it."""
    lines = _lines(text)
    word_lines: list[str] = []
    for line in lines:
        if _JSON_WORDS.fullmatch(line) is None:
            return None
        words = [word[1:-1] for word in re.findall(_JSON_WORD, line)]
        if any(_WHITE_SPACE.search(word) for word in words):
            return None
        word_lines.append(" ".join(words))
    return FormattedBlock(_joined(word_lines, text), None, len(lines), 0)
