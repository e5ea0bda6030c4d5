"""``tagged``: ``word/TAG`` or ``word_TAG`` tokens separated by white space, a sentence a line.

The last separator of a token splits it, so ``1/2/m`` is the word ``1/2`` and URLs keep their
slashes; a tag may be punctuation, as in PTB-style and UD GSD XPOS tag sets (``，_,``, ``。_.``,
``（_-LRB-``). People's Daily phrase brackets ``[中央/n 人民/n 广播/vn 电台/n]nt`` give the
inner words with their own tags; the phrase tag is dropped, since words are what is scored.
``--word-sep STR`` separates tokens too (jieba's command line prints ``他_r / 来到_v``).

White-space tokens. jieba.posseg and thulac make a space of the text a token of its own and
print it as the others, ``word`` + separator + tag, between single spaces: ``来到/v  /x 北京/ns``
(``' /x'``), ``来到_v  _w 北京_ns``. Such a token is white space of the text, not a word: it
is dropped. It is recognised by its own white space: a token with an empty word (``/x``) is a
white-space token when white space stands right before it that is not the one separator
before it: two or more white-space characters after the previous token, any at the start of
the line, or any at the start of its piece between two ``--word-sep`` separators
(``来到_v /  _x / 北京_ns``). ``a/n /n`` (one space) is still refused: an empty word.

A URL's tag glued to it. nagisa writes every space of the text as U+3000 and keeps the one after
a URL in the URL's word: ``http://a.jp/b　/URL``. A token that is a separator and a tag right
after a URL, with white space between them that holds no space or tab (nor ``--word-sep``),
is that URL's tag: the word is the whole URL. Elsewhere a token is split at its last
separator, so a URL followed by its tag (``http://a.jp/b/URL``) keeps its slashes too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import FormatOptions, Sentence, Token
from wsscore.inputs.formats.words import separates_all, separator_seen
from wsscore.inputs.words import WHITE_SPACE, split_words_by, token_starts

SEPARATORS = ("/", "_")
# What a part-of-speech tag looks like (PKU n, vn, Ng; CTB NN, PU; UD NOUN): detection relies on
# it so that a date (2024/01/02), a fraction (1/2) or a URL path is not taken for a tag.
TAG_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9$+-]{0,9}")
# Tags that are punctuation (PTB; UD GSD's XPOS): a fixed list, not a shape, so that a words
# file's ``1/2`` or ``a_b`` is still not taken for tagged.
PUNCTUATION_TAGS = frozenset(
    {",", ".", ":", ";", "''", "``", "$", "#", "/", "...", "(", ")", "-NONE-"}
    | {"-LRB-", "-RRB-", "-LSB-", "-RSB-", "-LCB-", "-RCB-"}
)
NOT_TAGGED_HINT = (
    "use --input-format words (or --gold-format, --pred-format) if the file is not tagged"
)


def open_bracket(token: str, sep: str) -> str:
    """``[中央/n`` without its phrase bracket. A ``[`` is a bracket only when a word follows it
    that holds no ``]``: ``[1]/m`` is the word ``[1]`` and ``[/w`` the word ``[``."""
    if len(token) > 1 and token[0] == "[" and token[1] != sep:
        word = token[1:].rpartition(sep)[0]
        if "]" not in word:
            return token[1:]
    return token


def split_token(token: str, sep: str) -> tuple[str, str]:
    """``(word, tag)`` of a token, split at its last ``sep``; the tag loses a phrase's ``]nt``.

    Either part is empty when the token has no separator or nothing on one side of it.
    """
    word, found, tag = open_bracket(token, sep).rpartition(sep)
    if not found:
        return "", ""
    return word, tag.partition("]")[0]


def is_tag_like(tag: str) -> bool:
    return TAG_SHAPE.fullmatch(tag) is not None or tag in PUNCTUATION_TAGS


def looks_tagged(token: str, sep: str) -> bool:
    word, tag = split_token(token, sep)
    return bool(word) and is_tag_like(tag)


class TaggedShare(NamedTuple):
    """How many of a line's tokens look like ``word/TAG``, among those that count."""

    fitting: int
    counted: int


def tagged_share(line: str, sep: str, word_sep: str | None) -> TaggedShare:
    """The share of ``line``'s tokens that look tagged with ``sep``, for detection. URLs (their
    last path part looks like a tag: http://a.cn/index) and white-space tokens count neither
    way."""
    tokens = split_words_by(line, word_sep)
    starts: list[int] = []
    fitting = counted = 0
    for index, token in enumerate(tokens):
        if "://" in token:
            continue
        word, tag = split_token(token, sep)
        if (
            not word
            and is_tag_like(tag)
            and is_white_space_token(line, tokens, starts, index, word_sep)
        ):
            continue
        counted += 1
        fitting += bool(word) and is_tag_like(tag)
    return TaggedShare(fitting, counted)


def is_white_space_token(
    line: str, tokens: list[str], starts: list[int], index: int, word_sep: str | None
) -> bool:
    """Whether ``tokens[index]`` (whose word is empty) stands for white space of the text:
    white space stands right before it that is not the one separator before it (module
    docstring). ``starts``: the tokens' starts in ``line``, found on the first call for the
    line (so a line of many white-space tokens is searched once)."""
    if not starts:
        starts.extend(token_starts(line, tokens))
    # What stands between the previous token and this one: white space and separators only
    # (read alone, so that a line of many such tokens is read in linear time).
    previous_end = starts[index - 1] + len(tokens[index - 1]) if index else 0
    gap = line[previous_end : starts[index]]
    if word_sep is not None and word_sep.strip(WHITE_SPACE) and word_sep in gap:
        return gap.rpartition(word_sep)[2] != ""  # white space that starts its piece
    return len(gap) >= (1 if not index else 2)  # a line's start has no separator to discount


def first_separator(lines: Iterable[str], options: FormatOptions) -> str | None:
    """The separator :func:`read_tagged` decides on for these lines (None while no line holds
    tokens): the one given, or the one chosen on the first line that holds tokens."""
    if options.tag_sep is not None:
        return options.tag_sep
    first = 1 if options.drop_first_token else 0
    for line in lines:
        tokens = split_words_by(line, options.word_sep)
        if len(tokens) > first:
            return choose_separator(tokens[first:])
    return None


def choose_separator(tokens: list[str]) -> str:
    """The separator that most of a file's first tokens end with a tag-like part after; ``/``
    on a tie, the more common one (People's Daily, most Chinese corpora)."""
    return max(SEPARATORS, key=lambda sep: sum(looks_tagged(token, sep) for token in tokens))


def read_tagged(
    lines: Iterable[str], *, name: str, options: FormatOptions, first_line: int = 1
) -> Iterator[Sentence]:
    """One sentence a line, an empty line an empty sentence (as ``words``). The separator is
    decided on the first line that holds tokens, unless ``options.tag_sep`` gives it.
    White-space tokens are dropped (module docstring). ``first_line``: the number of the
    first of ``lines`` in the file (a part of it may be read alone)."""
    sep = options.tag_sep
    word_sep = options.word_sep
    first = 1 if options.drop_first_token else 0
    for number, line in enumerate(lines, first_line):
        tokens = split_words_by(line, word_sep)
        if len(tokens) <= first:
            yield Sentence(number, [])
            continue
        if sep is None:
            sep = choose_separator(tokens[first:])
        read: list[Token] = []
        for index in range(first, len(tokens)):
            word, tag = split_token(tokens[index], sep)
            if word and tag:
                read.append(Token(word, tag))
                continue
            # Rarely reached: a white-space token, a URL's glued tag, or an error.
            context = LineContext(line, number, name, tokens, sep, word_sep, [])
            _read_on_with_care(context, index, read)
            break
        yield Sentence(number, read)


def _read_on_with_care(context: LineContext, index: int, read: list[Token]) -> None:
    """The tokens of a line from ``index`` on, added to ``read`` (the tokens before it), where
    the line holds more than ``word/TAG`` tokens: white-space tokens are dropped and a URL's
    tag glued to it is its tag (module docstring); anything else is refused. A URL is read
    again with its tag when the tag is what stopped the plain reading."""
    tokens, sep = context.tokens, context.sep
    if read and index > 0 and _tag_glued_after(context, index - 1):
        read.pop()  # the URL, split at its last / before its tag was seen
        index -= 1
    while index < len(tokens):
        if _tag_glued_after(context, index):
            read.append(Token(tokens[index], tokens[index + 1][len(sep) :]))
            index += 2
            continue
        word, tag = split_token(tokens[index], sep)
        if word and tag:
            read.append(Token(word, tag))
        elif word or not tag or not _is_white_space(context, index):
            raise _malformed(context, index, word, tag)
        index += 1


def _is_white_space(context: LineContext, index: int) -> bool:
    line, tokens, starts = context.line, context.tokens, context.starts
    return is_white_space_token(line, tokens, starts, index, context.word_sep)


def _tag_glued_after(context: LineContext, index: int) -> bool:
    """Whether the token after a URL is its tag, glued to it by white space that is neither a
    space nor a tab: nagisa keeps the space after a URL in its word, as U+3000 (it writes every
    space so), and prints ``http://a.jp/b　/URL``."""
    tokens, sep = context.tokens, context.sep
    if "://" not in tokens[index] or index + 1 >= len(tokens):
        return False
    after = tokens[index + 1]
    if not after.startswith(sep) or len(after) == len(sep):
        return False
    if not context.starts:
        context.starts.extend(token_starts(context.line, tokens))
    gap = context.line[context.starts[index] + len(tokens[index]) : context.starts[index + 1]]
    return not (" " in gap or "\t" in gap or (context.word_sep and context.word_sep in gap))


class LineContext(NamedTuple):
    """A line of tokens, for what the reader rarely needs: to tell a white-space token apart,
    or to say where an error is."""

    line: str
    number: int
    name: str
    tokens: list[str]
    sep: str
    word_sep: str | None
    starts: list[int]  # the tokens' starts in the line: found when first needed


def _malformed(context: LineContext, index: int, word: str, tag: str) -> WsscoreError:
    what = "has no tag" if not tag else "has an empty word"
    return WsscoreError(
        f"token {context.tokens[index]!r} {what} among tagged tokens (separator {context.sep!r})",
        where=location(context.name, context.number, _column(context, index)),
        hint=_hint(context, tag),
    )


def _column(read: LineContext, index: int) -> int:
    """1-based column of the token at ``index``. Only errors pay for this."""
    if not read.starts:
        read.starts.extend(token_starts(read.line, read.tokens))
    return read.starts[index] + 1


def _hint(read: LineContext, tag: str) -> str:
    if tag:
        return "write the word before the separator"
    separator = separator_seen([read.line]) if read.word_sep is None else None
    if separator is not None and _reads_with(read.line, separator):  # jieba: 他_r / 来到_v
        import shlex

        return (
            f"the tokens look separated by {separator!r}: give --word-sep {shlex.quote(separator)}"
            " (or --gold-word-sep, --pred-word-sep)"
        )
    return NOT_TAGGED_HINT


def _reads_with(line: str, word_sep: str) -> bool:
    """Whether ``line`` reads as tagged tokens with the word separator ``word_sep`` (which
    stands between every two of them), so that a hint may name it."""
    if not separates_all([line], word_sep):
        return False
    try:
        for _ in read_tagged([line], name="", options=FormatOptions(word_sep=word_sep)):
            pass
    except WsscoreError:
        return False
    return True
