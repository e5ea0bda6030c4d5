"""Input formats beyond plain words: readers that turn a file's lines into sentences of tokens
(a word and maybe its tag), and the detection of a file's format from its first lines.

Every reader is a generator over decoded lines (as ``TextFile.lines()`` yields them, without
their line feed; a ``\\r`` left at the end is white space) and holds one sentence at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from wsscore.errors import Warnings
from wsscore.inputs.formats.best import best_word_lines, read_best
from wsscore.inputs.formats.chars import read_chars
from wsscore.inputs.formats.conllu import read_conllu
from wsscore.inputs.formats.detect import detect_format, detect_format_reason, is_near_miss
from wsscore.inputs.formats.jsonl import read_jsonl
from wsscore.inputs.formats.kytea import read_kytea
from wsscore.inputs.formats.mecab import read_mecab
from wsscore.inputs.formats.model import (
    DEFAULT_OPTIONS,
    FORMATS,
    LABEL_ORDERS,
    MAX_SENTENCE_CHARS,
    FormatOptions,
    Sentence,
    TagFields,
    Token,
    check_options,
    parse_tag_field,
)
from wsscore.inputs.formats.tagged import read_tagged
from wsscore.inputs.formats.vlsp import read_vlsp, vlsp_word_lines
from wsscore.inputs.formats.words import read_words

__all__ = [
    "FORMATS",
    "LABEL_ORDERS",
    "MAX_SENTENCE_CHARS",
    "WORD_LINE_READERS",
    "FormatOptions",
    "Sentence",
    "TagFields",
    "Token",
    "detect_format",
    "detect_format_reason",
    "is_near_miss",
    "parse_tag_field",
    "read_sentences",
]


def read_sentences(
    fmt: str,
    lines: Iterable[str],
    *,
    name: str,
    warnings: Warnings,
    options: FormatOptions = DEFAULT_OPTIONS,
    on_label_order: Callable[[str], None] | None = None,
    max_chars: int = MAX_SENTENCE_CHARS,
) -> Iterator[Sentence]:
    """The sentences of ``lines`` read as ``fmt`` (one of :data:`FORMATS`); ``name`` is the
    file's name in messages. An unknown format or option is refused at once, a malformed line
    (a :class:`~wsscore.errors.WsscoreError` naming file, line and fix) when it is reached.
    ``on_label_order`` is told the order of a chars file's labels once it is known.
    ``max_chars`` bounds a sentence of the formats that gather it from several lines (chars,
    conllu, mecab); in the others a sentence is a line, bounded by the file's line limit."""
    check_options(fmt, options)
    if fmt == "words":
        return read_words(lines, options.word_sep)
    if fmt == "tagged":
        return read_tagged(lines, name=name, options=options)
    if fmt == "chars":
        return read_chars(
            lines,
            name=name,
            warnings=warnings,
            label_order=options.label_order,
            on_label_order=on_label_order,
            max_chars=max_chars,
            unit=options.unit,
        )
    if fmt == "conllu":
        return read_conllu(lines, name=name, options=options, max_chars=max_chars)
    if fmt == "mecab":
        return read_mecab(lines, name=name, options=options, max_chars=max_chars)
    if fmt == "kytea":
        return read_kytea(lines, name=name, options=options)
    if fmt == "best":
        return read_best(lines, name=name)
    if fmt == "vlsp":
        return read_vlsp(lines, name=name)
    return read_jsonl(lines, name=name)


# The formats whose sentences can be read as lines of words without their tokens, by string
# operations on whole lines, for a scorer that keeps no tokens.
WORD_LINE_READERS: dict[str, Callable[..., Iterator[str | Sentence]]] = {
    "best": best_word_lines,
    "vlsp": vlsp_word_lines,
}
