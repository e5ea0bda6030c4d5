"""The training dictionary that decides which gold words are out of vocabulary (metrics.md §3)."""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from typing import Any

from . import native
from .errors import Warnings
from .reading import TextFile, open_text
from .words import split_words

SEGMENTED_LINES_SHARE = 0.2
SEGMENTED_SAMPLE = 2000  # lines looked at to tell a segmented corpus from a word list


class Dictionary:
    """Known words, with where they came from (for reports and the signature).

    ``lookup`` answers ``word in lookup`` and ``len(lookup)``: a set, or the C speed-ups'
    Vocabulary, which keeps a word list as slices of its text instead of a string per entry.
    ``entries`` is always a set of str (made from a Vocabulary on first use).
    """

    __slots__ = ("_entries", "encoding", "lookup", "paths", "source")

    def __init__(
        self,
        lookup: AbstractSet[str] | Any,
        paths: tuple[str, ...],
        encoding: str,
        source: str,  # "words" (a word list) or "train" (the words of a segmented corpus)
    ):
        self.lookup = lookup
        self.paths = paths
        self.encoding = encoding
        self.source = source
        self._entries = lookup if isinstance(lookup, (set, frozenset)) else None

    @property
    def entries(self) -> AbstractSet[str]:
        if self._entries is None:
            self._entries = self.lookup.entries()
        return self._entries

    def __contains__(self, word: str) -> bool:
        return word in self.lookup

    def __len__(self) -> int:
        return len(self.lookup)


def load_word_list(
    paths: list[str], encoding: str, *, warnings: Warnings, strict: bool = False
) -> Dictionary:
    """One entry per line, stripped; empty lines ignored; inner white space kept (as `score`)."""
    texts = []
    encodings = []
    for source in _sources(paths, encoding, warnings, strict, encodings):
        text = source.read_text()
        texts.append(text)
        sample = [line for line in text.split("\n", SEGMENTED_SAMPLE)[:SEGMENTED_SAMPLE] if line]
        segmented = sum(1 for line in sample if len(line.split()) > 1)
        if segmented >= 5 and segmented > SEGMENTED_LINES_SHARE * len(sample):
            warnings.warn(
                f"{segmented} of the first {len(sample)} lines hold several words: this looks "
                "like a segmented corpus, not a word list, so few gold words will be found in it",
                where=source.name,
                hint="use --train for a segmented training corpus",
            )
    text = "\n".join(texts)
    if native.AVAILABLE:
        return Dictionary(native.Vocabulary(text), tuple(paths), _joined(encodings), "words")
    entries = set(map(str.strip, text.split("\n")))  # C-level: no Python code per entry
    entries.discard("")
    return Dictionary(entries, tuple(paths), _joined(encodings), "words")


def load_training_corpus(
    paths: list[str], encoding: str, *, warnings: Warnings, strict: bool = False
) -> Dictionary:
    """The set of words of a segmented training corpus (the bakeoff's definition of OOV)."""
    entries: set[str] = set()
    encodings = []
    for source in _sources(paths, encoding, warnings, strict, encodings):
        for line in source.lines():
            entries.update(split_words(line))
    return Dictionary(entries, tuple(paths), _joined(encodings), "train")


def _sources(
    paths: list[str], encoding: str, warnings: Warnings, strict: bool, encodings: list[str]
) -> Iterator[TextFile]:
    """Each file opened for reading; the name of its encoding is appended to ``encodings``."""
    for path in paths:
        source = open_text(path, encoding, warnings=warnings, strict=strict)
        encodings.append(source.encoding.name)
        yield source


def _joined(names: list[str]) -> str:
    unique = list(dict.fromkeys(names))
    return "+".join(unique)
