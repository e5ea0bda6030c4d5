"""``tagged``: ``word/TAG`` or ``word_TAG`` tokens separated by white space, a sentence a line.

The last separator of a token splits it, so ``1/2/m`` is the word ``1/2`` and URLs keep their
slashes. People's Daily phrase brackets ``[中央/n 人民/n 广播/vn 电台/n]nt`` give the inner
words with their own tags; the phrase tag is dropped, since words are what is scored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import FormatOptions, Sentence, Token
from wsscore.inputs.words import split_words

SEPARATORS = ("/", "_")
# What a part-of-speech tag looks like (PKU n, vn, Ng; CTB NN, PU; UD NOUN): detection relies on
# it so that a date (2024/01/02), a fraction (1/2) or a URL path is not taken for a tag.
TAG_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9$+-]{0,9}")
NOT_TAGGED_HINT = "use --input-format words if the file is not tagged"


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


def looks_tagged(token: str, sep: str) -> bool:
    word, tag = split_token(token, sep)
    return bool(word) and TAG_SHAPE.fullmatch(tag) is not None


def choose_separator(tokens: list[str]) -> str:
    """The separator that most of a file's first tokens end with a tag-like part after; ``/``
    on a tie, the more common one (People's Daily, most Chinese corpora)."""
    return max(SEPARATORS, key=lambda sep: sum(looks_tagged(token, sep) for token in tokens))


def read_tagged(lines: Iterable[str], *, name: str, options: FormatOptions) -> Iterator[Sentence]:
    """One sentence a line, an empty line an empty sentence (as ``words``). The separator is
    decided on the first line that holds tokens, unless ``options.tag_sep`` gives it."""
    sep = options.tag_sep
    first = 1 if options.drop_first_token else 0
    for number, line in enumerate(lines, 1):
        tokens = split_words(line)
        if len(tokens) <= first:
            yield Sentence(number, [])
            continue
        if sep is None:
            sep = choose_separator(tokens[first:])
        yield Sentence(
            number,
            [_token(tokens, index, sep, line, number, name) for index in range(first, len(tokens))],
        )


def _token(tokens: list[str], index: int, sep: str, line: str, number: int, name: str) -> Token:
    word, tag = split_token(tokens[index], sep)
    if not word or not tag:
        what = "has no tag" if not tag else "has an empty word"
        raise WsscoreError(
            f"token {tokens[index]!r} {what} among tagged tokens (separator {sep!r})",
            where=location(name, number, _column(line, tokens, index)),
            hint=NOT_TAGGED_HINT if not tag else "write the word before the separator",
        )
    return Token(word, tag)


def _column(line: str, tokens: list[str], index: int) -> int:
    """1-based column of ``tokens[index]`` in ``line``: each token is searched after the one
    before it, so a repeated token is found at its own place. Only errors pay for this."""
    start = 0
    for token in tokens[: index + 1]:
        start = line.index(token, start) + len(token)
    return start - len(tokens[index]) + 1
