"""``words``: words separated by white space, one sentence a line (wsscore's own format).

A run of white space is a separator, so a space of the text that a tool printed as a word of
its own (jieba's ``他  来到``) gives no word. ``--word-sep STR`` separates words too (jieba's
command line prints ``他 / 来到 / 北京``); such files are read here, plain ones by the scorer's
own fast path.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import pairwise

from wsscore.inputs.formats.model import Sentence, Token
from wsscore.inputs.words import split_words, split_words_by, token_starts

# Lines of at least 3 tokens that must alternate word, separator, word for a separator to be
# suggested: a hint, so a clear majority is enough.
ALTERNATING_SHARE = 0.8


def read_words(lines: Iterable[str], word_sep: str | None = None) -> Iterator[Sentence]:
    """Every line is a sentence, an empty one too: the line numbers of gold and prediction
    stay aligned, as the scorer reads them today (docs/metrics.md §1.1)."""
    for number, line in enumerate(lines, 1):
        yield Sentence(number, [Token(word, None) for word in split_words_by(line, word_sep)])


def separator_seen(lines: Iterable[str]) -> str | None:
    """The word separator that a file's lines seem to use besides white space (jieba's command
    line prints ``他 / 来到 / 北京``), for a hint when it fails: the same token of punctuation
    between every two words, as written between them (``' / '``), in most lines of three
    tokens or more. A run of it stands for a space of the text (jieba: ``他 /   / 来到``)."""
    seen: dict[str, int] = {}
    lines_counted = 0
    for line in lines:
        tokens = split_words(line)
        if len(tokens) < 3:
            continue
        lines_counted += 1
        separator = _alternating(line, tokens)
        if separator is not None:
            seen[separator] = seen.get(separator, 0) + 1
    if not seen:
        return None
    separator, count = max(seen.items(), key=lambda item: item[1])
    return separator if count >= ALTERNATING_SHARE * lines_counted else None


def _alternating(line: str, tokens: list[str]) -> str | None:
    """The separator between the words of ``line`` as written, with its white space
    (``' / '``), if its tokens alternate word, separator, word; None otherwise."""
    mark = tokens[1]
    if any(char.isalnum() for char in mark):
        return None
    if tokens[0] == mark or tokens[-1] == mark:
        return None
    if any(mark != before and mark != after for before, after in pairwise(tokens)):
        return None  # two words in a row: not word (mark+ word)*
    starts = token_starts(line, tokens)
    gaps = [
        line[starts[index - 1] + len(tokens[index - 1]) : starts[index + 1]]
        for index in range(1, len(tokens) - 1)
        if tokens[index - 1] != mark != tokens[index + 1]  # word, mark, word
    ]
    # The shortest: a space of the text printed as a word widens a gap (jieba: '/  _x').
    return min(gaps, key=len) if gaps else None


def separates_all(lines: Iterable[str], separator: str) -> bool:
    """Whether ``separator`` stands between every two words of ``lines``: no piece between two
    of them holds two words (a piece of white space only is a space of the text, as jieba
    prints ``他 /   / 来到``). A separator seen in a file is named in a hint only then: KyTea's
    ``Hà\\ Nội là`` escapes a space inside a word, and reading ``\\`` as a separator would
    cut the word there."""
    return all(len(split_words(piece)) <= 1 for line in lines for piece in line.split(separator))
