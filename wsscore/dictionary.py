"""The training dictionary that decides which gold words are out of vocabulary (metrics.md §3)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import Warnings
from .reading import open_text
from .words import split_words

# A line with white space between two non-space characters: a sign of a segmented corpus.
_INNER_SPACE = re.compile(r"(?m)^[^\S\n]*\S+[^\S\n]+\S")
_SPACE_BUT_NEWLINE = re.compile(r"[^\S\n]")
SEGMENTED_LINES_SHARE = 0.2
SEGMENTED_SAMPLE = 256 * 1024  # characters looked at to tell a segmented corpus


@dataclass(frozen=True)
class Dictionary:
    """Known words, with where they came from (for reports and the signature)."""

    entries: frozenset[str]
    paths: tuple[str, ...]
    encoding: str
    source: str  # "words" (a word list) or "train" (the words of a segmented training corpus)

    def __contains__(self, word: str) -> bool:
        return word in self.entries

    def __len__(self) -> int:
        return len(self.entries)


def load_word_list(
    paths: list[str], encoding: str, *, warnings: Warnings, strict: bool = False
) -> Dictionary:
    """One entry per line, stripped; empty lines ignored; inner white space kept (as `score`)."""
    entries: set[str] = set()
    encodings: list[str] = []
    for path in paths:
        source = open_text(path, encoding, warnings=warnings, strict=strict)
        text = source.read_text()
        encodings.append(source.encoding.name)
        entries.update(_entries(text))
        sample = text[:SEGMENTED_SAMPLE]
        lines = sample.count("\n") + 1
        segmented = len(_INNER_SPACE.findall(sample))
        if segmented >= 5 and segmented > SEGMENTED_LINES_SHARE * lines:
            warnings.warn(
                f"{segmented} of the first {lines} lines hold several words: this looks like a "
                "segmented corpus, not a word list, so few gold words will be found in it",
                where=source.name,
                hint="use --train for a segmented training corpus",
            )
    entries.discard("")
    return Dictionary(frozenset(entries), tuple(paths), _joined(encodings), "words")


def load_training_corpus(
    paths: list[str], encoding: str, *, warnings: Warnings, strict: bool = False
) -> Dictionary:
    """The set of words of a segmented training corpus (the bakeoff's definition of OOV)."""
    entries: set[str] = set()
    encodings: list[str] = []
    for path in paths:
        source = open_text(path, encoding, warnings=warnings, strict=strict)
        encodings.append(source.encoding.name)
        for line in source.lines():
            entries.update(split_words(line))
    return Dictionary(frozenset(entries), tuple(paths), _joined(encodings), "train")


def _entries(text: str) -> list[str] | map:
    """Lines stripped of white space; one C-level pass when no line needs stripping."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if _SPACE_BUT_NEWLINE.search(text) is None:
        return text.split("\n")
    return map(str.strip, text.split("\n"))


def _joined(names: list[str]) -> str:
    unique = list(dict.fromkeys(names))
    return "+".join(unique)
