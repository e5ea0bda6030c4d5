"""Splitting lines into words and words into character spans (docs/metrics.md §1)."""

from __future__ import annotations

import re
from itertools import accumulate, pairwise

from wsscore.core.definitions import SEPARATORS, SPLIT_DIFFERS

# The separators of docs/metrics.md §1.2, as a string for str.strip() and as a regex for
# splitting.
WHITE_SPACE = SEPARATORS
_WHITE_SPACE = re.compile(f"[{re.escape(WHITE_SPACE)}]+")


def needs_exact_split(text: str) -> bool:
    """True when ``str.split()`` would not split ``text`` as docs/metrics.md says.

    Substring tests, not a regex: they run at memchr speed, a character class does not.
    """
    return any(char in text for char in SPLIT_DIFFERS)


def split_words(line: str) -> list[str]:
    """Words of a line: runs of characters between Unicode White_Space (U+3000 included).

    A byte-order mark (U+FEFF) is treated as a separator too: it is not text (docs/metrics.md §1).
    """
    if needs_exact_split(line):
        return [word for word in _WHITE_SPACE.split(line) if word]
    return line.split()


def split_words_by(line: str, word_sep: str | None) -> list[str]:
    """Words of a line whose words are separated by ``word_sep`` (``--word-sep``) as well as
    by white space: white space is never text, so it separates words whatever the separator,
    and a piece between two separators that is only white space (a space of the text, as
    jieba prints ``他 /   / 来到``) gives no word. ``None``: white space alone."""
    if word_sep is None:
        return split_words(line)
    return [word for piece in line.split(word_sep) for word in split_words(piece)]


def token_starts(line: str, tokens: list[str]) -> list[int]:
    """0-based starts of ``tokens`` (the words of ``line``, in order) in ``line``: each is
    searched after the one before it, so a repeated token is found at its own place (linear in
    the line)."""
    starts: list[int] = []
    end = 0
    for token in tokens:
        start = line.index(token, end)
        starts.append(start)
        end = start + len(token)
    return starts


def spans_of(words: list[str], offset: int = 0) -> list[tuple[int, int]]:
    """Character spans ``(start, end)`` of consecutive words, the first starting at ``offset``."""
    return list(pairwise(accumulate(map(len, words), initial=offset)))
