"""Sentences given as Python values, turned into the scorer's lines of words: the one
conversion behind :class:`wsscore.Scorer` and the in-memory inputs of :func:`wsscore.score`.

A sentence is

- a string of words separated by white space, as a line of a words file (``"共同 创造"``);
- a list (or tuple) of words (``["共同", "创造"]``): each a non-empty str without white space;
  an item that is only white space (jieba's and thulac's lists hold ``" "``) is white space of
  the text, dropped as every file format drops such a token.

With tags (``Scorer(tags=True)``) every word carries a tag: a sentence is a list of
``(word, tag)`` pairs, or ``word/TAG`` tokens (split at their last ``/``) in a list or in a
string separated by white space (``"共同/v 创造/v"``).

A value that is none of these is refused with an :class:`~wsscore.errors.InvalidArgument` whose
message names the argument and the place, as ``gold_batch[3][1] is a list, not a word (a
str)``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import NamedTuple

from wsscore.core.definitions import SEPARATORS
from wsscore.errors import InvalidArgument
from wsscore.inputs.words import split_words

# A line of words joined by single spaces is well formed when it holds no other separator, no
# two spaces in a row and none at either end (an empty word or a word of white space makes one
# of these); a word holding a space is caught by counting the spaces. Substring tests, not a
# regular expression: they run at memchr speed over a whole batch, a regex does not.
_OTHER_SEPARATORS = SEPARATORS.replace(" ", "").replace("\n", "")
_NOT_JOINED = ("  ", "\n ", " \n")


def _well_joined(text: str) -> bool:
    """Whether lines of words joined by line feeds (``text``) hold single spaces only between
    words: none doubled, none at a line's ends, no other white space."""
    if text.startswith(" ") or text.endswith(" "):
        return False
    return not any(bad in text for bad in _NOT_JOINED) and not any(
        char in text for char in _OTHER_SEPARATORS
    )


_TAG_SEP = "/"
SENTENCE_SHAPES = "a str of words or a list of words"
TAGGED_SHAPES = "a list of (word, tag) pairs, or word/TAG tokens in a str or a list"


class SentenceLines(NamedTuple):
    """A batch of sentences as the scorer reads them: a line of words per sentence, and with
    tags a line of their tags (one per word, in order)."""

    words: list[str]
    tags: list[str] | None


def kind_of(value: object) -> str:
    """How a message calls a value's type: ``a list``, ``an int``."""
    name = type(value).__name__
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"


def check_batch(sentences: object, argument: str) -> Sequence[object]:
    """``sentences`` as a sequence of sentences, or the error that names ``argument``."""
    if isinstance(sentences, (str, bytes)) or not isinstance(sentences, Sequence):
        raise InvalidArgument(
            f"{argument} is {kind_of(sentences)}, not a list of sentences (each {SENTENCE_SHAPES})"
        )
    return sentences


def sentence_lines(sentences: object, argument: str, *, tags: bool = False) -> SentenceLines:
    """The sentences of ``argument`` as lines of words (and of tags, with ``tags``)."""
    batch = check_batch(sentences, argument)
    if tags:
        pairs = [_tagged_sentence(s, f"{argument}[{i}]") for i, s in enumerate(batch)]
        return SentenceLines([words for words, _ in pairs], [tags for _, tags in pairs])
    lines = _joined_at_once(batch)
    if lines is None:  # one sentence at a time, to name the culprit
        lines = [_word_line(s, f"{argument}[{i}]") for i, s in enumerate(batch)]
    return SentenceLines(lines, None)


def _joined_at_once(batch: Sequence[object]) -> list[str] | None:
    """The lines of a batch of well-formed sentences, checked a batch at a time (a check per
    sentence would cost more than counting it); None when one is not well formed."""
    kinds = {sentence.__class__ for sentence in batch}
    if not kinds <= {str, list, tuple}:
        return None
    try:
        lines = [s if s.__class__ is str else " ".join(s) for s in batch]  # type: ignore[arg-type]
    except TypeError:
        return None
    if str in kinds and "\n".join(lines).count("\n") != len(lines) - 1:
        return None  # a str sentence holds a line break
    if kinds == {str}:
        return lines
    listed: Sequence[Sequence[object]] = batch  # type: ignore[assignment]  # checked above
    listed_lines = lines
    if str in kinds:  # the word lists alone
        listed = [s for s in batch if s.__class__ is not str]  # type: ignore[misc]
        listed_lines = [
            line for s, line in zip(batch, lines, strict=True) if s.__class__ is not str
        ]
    # Counted by C loops (map), not a Python step per sentence.
    empty = len(listed) - sum(map(bool, listed))
    text = "\n".join(listed_lines)
    well_formed = (
        text.count(" ") == sum(map(len, listed)) - (len(listed) - empty)  # no word holds a space
        and text.count("\n") == len(listed_lines) - 1  # nor a line feed
        and listed_lines.count("") == empty  # no sentence of one empty word
        and _well_joined(text)  # no other white space, no empty word
    )
    return lines if well_formed else None


def _word_line(sentence: object, place: str) -> str:
    """A sentence of words as a line: a str as it is (it is split as a words file's line is),
    a list of words joined by single spaces."""
    if isinstance(sentence, str):
        if "\n" in sentence:
            raise InvalidArgument(
                f"{place} holds a line break: give each sentence as an item of its own"
            )
        return sentence
    if not isinstance(sentence, (list, tuple)):
        raise InvalidArgument(f"{place} is {kind_of(sentence)}, not a sentence ({SENTENCE_SHAPES})")
    try:
        line = " ".join(sentence)
    except TypeError:
        line = ""  # the culprit is found below
    if line and "\n" not in line and _well_joined(line) and line.count(" ") == len(sentence) - 1:
        return line
    words = [_listed_word(word, f"{place}[{index}]") for index, word in enumerate(sentence)]
    return " ".join(word for word in words if word is not None)


def _listed_word(word: object, place: str) -> str | None:
    """A word of a list, checked; None for an item of white space alone, which a file holds
    as white space of the text (docs/formats.md: every format drops such a token)."""
    if isinstance(word, str) and word and not word.strip(SEPARATORS):
        return None
    return check_word(word, place)


def check_word(word: object, place: str) -> str:
    """A word: a str, not empty, without white space."""
    if not isinstance(word, str):
        raise InvalidArgument(f"{place} is {kind_of(word)}, not a word (a str)")
    if not word:
        raise InvalidArgument(f"{place} is an empty word: leave it out")
    for char in word:
        if char in SEPARATORS:
            raise InvalidArgument(
                f"{place} ({word!r}) holds white space ({char!r}): give each word on its own"
            )
    return word


def _tagged_sentence(sentence: object, place: str) -> tuple[str, str]:
    """A tagged sentence as a line of words and a line of their tags."""
    if isinstance(sentence, str):
        if "\n" in sentence:
            raise InvalidArgument(
                f"{place} holds a line break: give each sentence as an item of its own"
            )
        tokens: Sequence[object] = split_words(sentence)
    elif isinstance(sentence, (list, tuple)):
        tokens = sentence
    else:
        raise InvalidArgument(
            f"{place} is {kind_of(sentence)}, not a tagged sentence ({TAGGED_SHAPES})"
        )
    words, tags = [], []
    for index, token in enumerate(tokens):
        tagged = _tagged_word(token, f"{place}[{index}]")
        if tagged is not None:
            words.append(tagged[0])
            tags.append(tagged[1])
    return " ".join(words), " ".join(tags)


def _tagged_word(token: object, place: str) -> tuple[str, str] | None:
    """A ``(word, tag)`` pair or a ``word/TAG`` token, checked; None for a word of white
    space alone (jieba.posseg's ``(" ", "x")``), dropped as a tagged file drops ``' /x'``."""
    if isinstance(token, str):
        word, sep, tag = token.rpartition(_TAG_SEP)
        if not (sep and word and tag):
            raise InvalidArgument(
                f"{place} ({token!r}) is not word/TAG: with tags=True every word carries a tag"
            )
    elif isinstance(token, (list, tuple)) and len(token) == 2:
        word, tag = token
    else:
        raise InvalidArgument(
            f"{place} is {kind_of(token)}, not a tagged word (a (word, tag) pair or word/TAG)"
        )
    kept = _listed_word(word, place)
    check_word(tag, f"{place}'s tag")
    return None if kept is None else (kept, tag)


# --- the in-memory inputs of score() ----------------------------------------------------------


def nesting(value: object) -> int:
    """How deep lists are nested in ``value`` along its first items: 0 for a str, 1 for a list
    of lines, 2 for a list of lists of words, 3 for a list of lists of (word, tag) pairs."""
    depth = 0
    while isinstance(value, (list, tuple)):
        depth += 1
        if not value:
            break
        value = value[0]
    return depth


def is_one_prediction(gold: object, predictions: object) -> bool:
    """Whether ``predictions`` is one prediction, not a list of them.

    A path is one prediction. Beside a gold given as a path, anything else is a list of
    predictions (paths, or predictions held in memory). Beside a gold held in memory,
    ``predictions`` is one prediction when its sentences are nested as deep as the gold's (both
    lists of lines, both lists of word lists…), and a list of predictions when it is nested
    deeper or its first item is a path object; ``[prediction]`` is always a list of one.
    """
    if isinstance(predictions, (str, os.PathLike)):
        return True
    if isinstance(gold, (str, os.PathLike)) or not isinstance(predictions, (list, tuple)):
        return False
    if predictions and isinstance(predictions[0], os.PathLike):
        return False
    return nesting(predictions) <= nesting(gold)


def in_memory_lines(source: object, argument: str) -> list[str]:
    """An input held in memory (a list of sentences) as lines of words, checked."""
    return sentence_lines(source, argument).words
