"""Another reading of an input, tried before a hint names it.

A hint that names an option (``give --pred-format kytea``, ``--pred-word-sep ' / '``) must lead
to a reading of the file without loss, never to a wrong number. So a reading is named only once
it was tried, on the lines the file's format was detected on (:func:`head_of`):

- read that way, they must give the text of the other file's first lines, character for
  character (:func:`gives_text`);
- a word separator must stand between every two words of those lines (``separates_all``):
  KyTea's ``Hà\\ Nội là`` escapes a space inside a word, and the separator ``\\`` would cut
  the word there while keeping the text;
- a reading that joins what white space separates must not do it where the file does not
  mark it: a BEST piece holding a space (``他|来到 北京|``) would make one word of two.

A reader's refusal that another format of the same layout explains is worded in
:mod:`wsscore.inputs.shared_layout`.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from itertools import islice

from wsscore.errors import WsscoreError
from wsscore.inputs.formats import FormatOptions, detect_format
from wsscore.inputs.formats.best import SEPARATOR as BEST_SEPARATOR
from wsscore.inputs.formats.best import SPAN_TAG
from wsscore.inputs.formats.detect import HEAD_LINES
from wsscore.inputs.formats.words import separates_all
from wsscore.inputs.formatted import (
    FormattedInput,
    detection_of,
    format_of,
    head_of,
    text_file_of,
)
from wsscore.inputs.shared_layout import read_quietly, text_of
from wsscore.inputs.sources import InMemoryLines
from wsscore.inputs.words import WHITE_SPACE, split_words

# The formats a mismatch hint may name, tried in this order (the most constrained first, as
# detection tries them); the first that gives the other file's text is named.
FORMAT_ORDER = ("jsonl", "conllu", "mecab", "chars", "best", "vlsp", "kytea", "tagged", "words")
FORMAT_OPTIONS = ("--gold-format", "--pred-format")
WORD_SEP_OPTIONS = ("--gold-word-sep", "--pred-word-sep")


def head_text(
    source: object, fmt: str | None = None, options: FormatOptions | None = None
) -> str | None:
    """The characters (no white space) of the first lines of ``source`` read as ``fmt`` with
    ``options`` (by default: as it is read); None when that reading refuses them, or when there
    is nothing to look at (lines from an iterator)."""
    lines = _head_lines(source)
    if lines is None:
        return None
    if fmt is None:
        fmt = format_of(source)
        if options is None and isinstance(source, FormattedInput):
            options = source.options
    sentences = read_quietly(fmt, lines, options or FormatOptions())
    return None if sentences is None else text_of(sentences)


def _head_lines(source: object) -> list[str] | None:
    """The first lines of an input, blank ones too (they end the sentences of chars and
    CoNLL-U files), read again: :data:`HEAD_LINES` at most, and :data:`HEAD_CHARS` characters
    (a first line longer than that is cut after a word). For standard input, which cannot be
    read again, the lines its format was detected on."""
    text = text_file_of(source)
    if text is None:  # lines in memory: words, read again where they can be
        again = source.reopen() if isinstance(source, InMemoryLines) else None
        return None if again is None else _within_bound(again.lines())
    reopened = text.reopen()
    if reopened is None:
        return _within_bound(iter(head_of(text)))
    try:
        return _within_bound(reopened.lines())
    except WsscoreError:
        return None
    finally:
        reopened.close()


# The characters of a file's first lines that a reading is tried on: enough to show a layout,
# and a bound on the time and memory of a hint (a first line may be millions of words long).
HEAD_CHARS = 1 << 16


def _within_bound(lines: Iterator[str]) -> list[str]:
    kept: list[str] = []
    size = 0
    for line in islice(lines, HEAD_LINES):
        size += len(line) + 1
        if size > HEAD_CHARS:
            if not kept:  # one long line: its start, without the word cut at the bound
                start = line[:HEAD_CHARS]
                kept.append(start.rpartition(" ")[0] or start)
            break
        kept.append(line)
    return kept


def gives_text(text: str | None, other: str | None) -> bool:
    """Whether two heads' texts agree as far as the shorter goes (each file's first lines
    end at their own place), and hold some text."""
    if not text or not other:
        return False
    length = min(len(text), len(other))
    return text[:length] == other[:length]


def mismatch_hint(files: tuple[object, object]) -> str:
    """``"the prediction reads as kytea: give --pred-format kytea; "`` or the word separator
    that reads it (``--pred-word-sep ' / '``), when the first lines of one of the files
    (``files``: the gold and the prediction), read that way, give the other's text where they
    do not as they are read; or ``""``."""
    texts = (head_text(files[0]), head_text(files[1]))
    for index, side in enumerate(("gold", "prediction")):
        source, other = files[index], texts[1 - index]
        if other is None or text_file_of(source) is None or gives_text(texts[index], other):
            continue  # lines in memory are words: no option reads them otherwise
        separator = _separator_that_fits(source, other)
        if separator is not None:
            return (
                f"the {side}'s words look separated by {separator!r} (as jieba's command "
                f"line prints them): give {WORD_SEP_OPTIONS[index]} {shlex.quote(separator)}; "
            )
        fmt = _format_that_fits(source, other)
        if fmt is not None:
            return f"the {side} reads as {fmt}: give {FORMAT_OPTIONS[index]} {fmt}; "
    return ""


def _separator_that_fits(source: object, other: str) -> str | None:
    """The word separator the file's first lines seem to use (as written between words,
    ``' / '``, or one mark that the text has besides the other's) that reads them as the other
    file's text, with a word between every two separators."""
    from wsscore.inputs.formatted import word_separator_seen

    lines = _head_lines(source)
    if lines is None or format_of(source) not in ("words", "tagged"):
        return None
    options = source.options if isinstance(source, FormattedInput) else FormatOptions()
    if options.word_sep is not None and options.word_sep.strip(WHITE_SPACE):
        return None  # one was given
    for separator in (word_separator_seen(source), _extra_mark(lines, other)):
        if separator is None or not separates_all(lines, separator):
            continue
        # As the option reads it: a format detected is detected again with the separator.
        detected = detection_of(source) is not None
        fmt = detect_format(lines, separator) if detected else format_of(source)
        read = read_quietly(fmt, lines, options._replace(word_sep=separator))
        if read is not None and gives_text(text_of(read), other):
            return separator
    return None


def _extra_mark(lines: list[str], other: str) -> str | None:
    """The one ASCII punctuation character that the lines' text holds besides ``other``'s:
    without it, they are the other's text (``他|来到|北京``)."""
    text = "".join("".join(split_words(line)) for line in lines)
    extra = {char for char in set(text) - set(other) if _is_mark(char)}
    return extra.pop() if len(extra) == 1 else None


def _is_mark(char: str) -> bool:
    return char.isascii() and not char.isalnum() and not char.isspace()


def _format_that_fits(source: object, other: str) -> str | None:
    """The first format of :data:`FORMAT_ORDER` (not the file's) that reads its first lines
    as the other file's text, without joining what white space separates unmarked."""
    lines = _head_lines(source)
    if lines is None:
        return None
    current = format_of(source)
    for fmt in FORMAT_ORDER:
        if fmt == current or (fmt == "best" and not _best_pieces_whole(lines)):
            continue
        if gives_text(_read_text(fmt, lines), other):
            return fmt
    return None


def _read_text(fmt: str, lines: list[str]) -> str | None:
    sentences = read_quietly(fmt, lines, FormatOptions())
    return None if sentences is None else text_of(sentences)


def _best_pieces_whole(lines: list[str]) -> bool:
    """Whether no piece between two ``|`` holds two words (outside BEST's spans, whose words
    may hold spaces): BEST drops the space, joining them."""
    return all(
        SPAN_TAG.search(line) is not None or separates_all([line], BEST_SEPARATOR) for line in lines
    )
