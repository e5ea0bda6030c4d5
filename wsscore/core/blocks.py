"""Whole blocks of a tagged or JSON Lines file read at once: the plain Python reference of
the C fast path (``read_tagged_block`` and ``read_jsonl_block`` in ``_speedups_c/blocks.c``);
and the lines of words of plain MeCab and KyTea blocks (``mecab_block_words``,
``kytea_block_words``), whose rules are given with them.

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
from wsscore.core.records import DroppedMarks, FormattedBlock

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


def drop_marked(text: str, mark: str, to_space: bool) -> DroppedMarks:
    """``text`` with every ``mark`` removed together with what follows it, up to (not
    including) the next line feed, or with ``to_space`` the next separator (docs/metrics.md
    §1.2); a mark in what is removed is removed with it. MeCab's features after their tab,
    KyTea's tags after their slash (:mod:`wsscore.inputs.formats.japanese_blocks`)."""
    stop = re.escape(SEPARATORS if to_space else "\n")
    text, marks = re.subn(f"{re.escape(mark)}[^{stop}]*", "", text)
    return DroppedMarks(text, marks)


# MeCab: white space in a line but its line feed.
_SPACE_IN_LINE = re.compile("[{}]".format(re.escape(SEPARATORS.replace("\n", ""))))
_EMPTY_LINES = re.compile("\n\n+")
_SPLIT_ONLY = re.compile("[\x1c-\x1f]")  # white space to str.split() only


def mecab_block_words(head: str) -> str | None:
    """The lines of words of whole sentences of MeCab lines (``head`` must end with an ``EOS``
    line), each ending with a line feed, words separated by single spaces; None when a line is
    not plain: every line must be ``EOS`` or ``surface<TAB>features`` (no blank line, no
    ``EOS\\r``, no empty surface), and the text no NUL. A surface's white space is no
    character (SudachiPy's ``Machine Learning`` is the word ``MachineLearning``), and a surface
    of white space only (MeCab's token of a full-width space) is no word, as the line reader
    (:func:`wsscore.inputs.formats.mecab.read_mecab`) reads them.

    Checked by counts rather than a match of every line (which would cost as much as the rest):
    each ``EOS`` line is marked by a NUL, each removal of features (from a line's first tab) is
    a token line, and together they must be all the lines; then no line may be left empty."""
    if "\x00" in head or (head and not ("\n" + head).endswith("\nEOS\n")):
        return None
    # Two passes: one replacement consumes the line feed before the next EOS line.
    marked = ("\n" + head).replace("\nEOS\n", "\n\x00\n").replace("\nEOS\n", "\n\x00\n")
    surfaces, tokens = drop_marked(marked, "\t", False)
    if surfaces.count("\x00") + tokens != head.count("\n"):
        return None  # a line that is neither
    if "\n\n" in surfaces:
        return None  # an empty surface
    if _SPACE_IN_LINE.search(surfaces):
        # White space removed; the line of a surface that was only white space is then empty.
        surfaces = _EMPTY_LINES.sub("\n", _SPACE_IN_LINE.sub("", surfaces))
    # Words and marks, each followed by a space; no space next to a mark; a mark ends a line.
    spaced = surfaces[1:].replace("\n", " ").replace("\x00 ", "\x00").replace(" \x00", "\x00")
    return spaced.replace("\x00", "\n")


def mecab_block_tags(head: str, first: int, last: int) -> FormattedBlock | None:
    """The words of :func:`mecab_block_words` and each word's tag, feature fields ``first`` to
    ``last`` joined by ``-`` as :func:`wsscore.inputs.formats.mecab.tag_of` makes it; None
    where the block is not plain or a token has no tag there (fewer fields, or the chosen ones
    empty), a quote in its fields up to ``last`` (a quoted field may hold commas: the line
    reader reads it), white space in its tag, or a character that ``str.split()`` splits on
    (U+001C..U+001F) in its word or tag."""
    words = mecab_block_words(head)
    if words is None or _SPLIT_ONLY.search(words):
        return None
    tag_lines: list[str] = []
    tags: list[str] = []
    for line in head.split("\n")[:-1]:
        if line == "EOS":
            tag_lines.append(" ".join(tags) + "\n")
            tags = []
            continue
        surface, _, features = line.partition("\t")
        if not _SPACE_IN_LINE.sub("", surface):
            continue  # white space only: no word
        fields = features.removesuffix("\r").split(",", last)
        chosen = fields[first - 1 : last]
        tag = "-".join(chosen)
        if '"' in ",".join(fields[:last]) or len(chosen) < last - first + 1 or not any(chosen):
            return None
        if _WHITE_SPACE.search(tag):
            return None
        tags.append(tag)
    tagged = sum(len(line.split(" ")) for line in words.split("\n")[:-1] if line)
    return FormattedBlock(words, "".join(tag_lines), len(tag_lines), tagged)


# KyTea: a token that starts with a slash (an empty word).
_KYTEA_EMPTY_WORD = re.compile(f"(?:^|[{re.escape(SEPARATORS)}])/")


def kytea_block_words(text: str) -> str | None:
    """A block of KyTea lines with each token's tags removed (from its first unescaped slash
    up to the next unescaped separator), its separators kept; None when the block holds an
    empty word (a slash at a token's start), an ``&`` in a word (KyTea refuses it), a lone
    backslash at a line's end, or an unescaped URL (``://``, which the reader refuses). A
    backslash makes the character after it part of the word or tag; an escaped separator is
    no character of the word (``Machine\\ Learning`` is ``MachineLearning``), as the line reader
    (:func:`wsscore.inputs.formats.kytea.read_kytea`) reads it."""
    if "://" in text:
        return None
    if "\\" in text or "&" in text:
        return _escaped_kytea_words(text)
    if _KYTEA_EMPTY_WORD.search(text):
        return None
    return drop_marked(text, "/", True).text


_LONE_ESCAPE = re.compile("\r*(?:\n|\\Z)")  # what follows a backslash that ends its line


def _escaped_kytea_words(text: str) -> str | None:
    """:func:`kytea_block_words` for a block with escapes or candidates, a character at a time."""
    out: list[str] = []
    at, token_start, in_tags = 0, True, False
    while at < len(text):
        char = text[at]
        if char == "\\":
            if _LONE_ESCAPE.match(text, at + 1):
                return None
            at += 1
            if not in_tags and text[at] not in SEPARATORS:
                out.append(text[at])
            token_start = False
        elif char in SEPARATORS:
            out.append(char)
            token_start, in_tags = True, False
        elif (char == "&" and not in_tags) or (char == "/" and token_start):
            return None  # an & in a word (KyTea refuses it), or an empty word
        else:
            in_tags = in_tags or char == "/"
            token_start = False
            if not in_tags:
                out.append(char)
        at += 1
    return "".join(out)
