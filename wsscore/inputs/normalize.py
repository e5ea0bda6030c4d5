"""``--normalize``: the text rewritten before it is scored, as papers rewrite their gold
(docs/metrics.md §1.8).

The steps (:data:`~wsscore.core.definitions.NORMALIZE_STEPS`), always in this order:

- ``width``: U+3000 becomes a space, U+FF01..U+FF5E lose 0xFEE0 (one character for one);
- ``digits``: each run matching ``(-|\\+)?\\d+((\\.|·)\\d+)?%?`` becomes ``0`` (``\\d`` is any
  Unicode decimal digit, as in Python's ``re``, where the published code runs);
- ``latin``: each run of ``[A-Za-z_.]`` becomes ``X``.

The published code (``convert_corpus.py`` of the multi-criteria segmenters) rewrites the gold
word by word. No run holds white space, so a line of words rewritten at once is rewritten word
by word: the gold, a dictionary's entries and a prediction's words are rewritten so.

A prediction is rewritten against its gold line (:class:`PairedLines`): one already in the
rewritten text is left as it is; one in the gold's raw text has its cuts carried over to the
rewritten text, and a cut inside a run that became one character is dropped and counted.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from itertools import accumulate, islice, pairwise

from wsscore.core.definitions import NORMALIZE_NAMED, NORMALIZE_STEPS, normalize_choices
from wsscore.errors import InvalidArgument, Warnings
from wsscore.inputs.api_sentences import SentenceLines
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.formats.model import Sentence, Token
from wsscore.inputs.words import split_words

# What each step rewrites, and into what (width is a table: one character for one). Compiled
# at import: this module is imported only when a run rewrites its text.
_RUNS = {
    # The published (-|\+)?\d+((\.|·)\d+)?%?, the same runs: starting with an alternation of
    # what a run can start with lets the engine skip to those characters (3x faster).
    "digits": (re.compile(r"(?:[-+]\d|\d)\d*(?:[.·]\d+)?%?"), "0"),
    "latin": (re.compile(r"[A-Za-z_.]+"), "X"),
}
_WIDTH = {0x3000: 0x20, **{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}}
_WIDE = re.compile("[\u3000\uff01-\uff5e]")


def _half_width(text: str) -> str:
    """``text`` with the full-width forms folded: each one present replaced throughout, four
    times faster than ``str.translate`` (which looks every character up in a dict)."""
    for char in set(_WIDE.findall(text)):
        text = text.replace(char, chr(_WIDTH[ord(char)]))
    return text


# A raw character span [start, end) of a word that became one character of its rewritten form.
Piece = tuple[int, int]


def profile_of(given: str) -> str:
    """The profile ``given`` names, spelt as reports record it: ``none``, ``mccws``, or its
    steps in the order they apply (``latin+width``: ``width+latin``)."""
    if given in NORMALIZE_NAMED:
        return given
    steps = given.split("+")
    unknown = [step for step in steps if step not in NORMALIZE_STEPS]
    if unknown or not given:
        raise InvalidArgument(
            f"give --normalize one of {normalize_choices()}; {unknown[0] if unknown else given!r} "
            "is not a step"
        )
    ordered = tuple(step for step in NORMALIZE_STEPS if step in steps)
    named = [name for name, named_steps in NORMALIZE_NAMED.items() if named_steps == ordered]
    return named[0] if named else "+".join(ordered)


def steps_of(profile: str) -> tuple[str, ...]:
    """The steps of a profile as :func:`profile_of` spells it."""
    return NORMALIZE_NAMED.get(profile) or tuple(profile.split("+"))


class Normalizer:
    """The steps of one profile, applied to text or to one word."""

    def __init__(self, profile: str):
        self.profile = profile_of(profile)
        steps = steps_of(self.profile)
        self._width = "width" in steps
        self._runs = [_RUNS[step] for step in steps if step in _RUNS]

    def text(self, text: str) -> str:
        """``text`` (words, lines of words) rewritten, word by word."""
        if self._width:
            text = _half_width(text)
        for pattern, replacement in self._runs:
            text = pattern.sub(replacement, text)
        return text

    def pieces(self, word: str) -> list[Piece]:
        """The raw span of each character of ``word`` rewritten: (i, i + 1) where a character
        stands for itself (or its half-width form), wider where a run became one."""
        text = word.translate(_WIDTH) if self._width else word
        pieces = [(at, at + 1) for at in range(len(word))]
        for pattern, replacement in self._runs:
            kept: list[str] = []
            spans: list[Piece] = []
            last = 0
            for run in pattern.finditer(text):
                start, end = run.span()
                kept += (text[last:start], replacement)
                spans += [*pieces[last:start], (pieces[start][0], pieces[end - 1][1])]
                last = end
            text = "".join([*kept, text[last:]])
            pieces = [*spans, *pieces[last:]]
        return pieces


def normalized_sentences(sentences: Iterator[Sentence], profile: str) -> Iterator[Sentence]:
    """``sentences`` with every word rewritten (``convert --normalize``): tags are kept; a
    form with spaces and a CoNLL-U ``# text`` are left out, as they would no longer match."""
    rewrite = Normalizer(profile).text

    def tokens(given: list[Token]) -> list[Token]:
        return [Token(rewrite(token.word), token.tag) for token in given]

    for sentence in sentences:
        parts = sentence.parts
        if parts is not None:
            parts = {index: tokens(words) for index, words in parts.items()}
        yield Sentence(sentence.line, tokens(sentence.tokens), parts)


class PairedLines:
    """A prediction's lines rewritten against its gold's, line by line (``gold`` yields the
    gold's raw lines of words, or nothing when it cannot be read twice: then word by word).

    ``dropped`` counts the cuts that fell strictly inside a run the gold's rewriting made
    one character (docs/metrics.md §1.8)."""

    def __init__(self, normalizer: Normalizer, gold: Iterator[str]):
        self.normalizer = normalizer
        self._gold = gold
        self.dropped = 0

    def line(self, line: str) -> str:
        """One line, without its line feed, rewritten (:meth:`block` does many at once)."""
        return self.block(line + "\n")[:-1]

    def block(self, text: str) -> str:
        """Lines (each ended by a line feed, but maybe the last) rewritten, beside as many
        gold lines, rewritten at once."""
        lines = text.split("\n")
        last = lines.pop() if lines[-1] == "" else None
        gold = list(islice(self._gold, len(lines)))  # fewer past the gold's end
        rewritten = self.normalizer.text("\n".join(gold)).split("\n") if gold else []
        pairs = zip(gold, rewritten, strict=True)
        done = [self._paired(*pair) for pair in zip(lines, pairs, strict=False)]  # gold may end
        done += map(self.normalizer.text, lines[len(done) :])
        if last is not None:
            done.append(last)
        return "\n".join(done)

    def _paired(self, line: str, gold: tuple[str, str]) -> str:
        """A line rewritten against its gold line, raw and rewritten."""
        gold_line, rewritten = gold
        words = split_words(line)
        text = "".join(words)
        # No run holds white space: the gold's rewritten words are its words, one by one.
        new_words = split_words(rewritten)
        if text == "".join(new_words):
            return line  # made on the rewritten text (or nothing to rewrite)
        gold_words = split_words(gold_line)
        if text != "".join(gold_words):
            return self.normalizer.text(line)  # another text: the mismatch policy judges it
        return self._carried(words, gold_words, new_words)

    def _carried(self, words: list[str], gold_words: list[str], rewritten: list[str]) -> str:
        """The prediction's cuts carried over to the gold's rewritten text (``rewritten``, the
        gold's words rewritten): a cut inside a gold word goes where its character went, or
        is dropped inside a run that became one character."""
        raw_starts = list(accumulate(map(len, gold_words), initial=0))
        new_starts = list(accumulate(map(len, rewritten), initial=0))
        # Most cuts fall between gold words: looked up at once, the others placed one by one.
        between = dict(zip(raw_starts, new_starts, strict=True))
        cuts = [0]
        for at in accumulate(map(len, words[:-1])):
            new = between.get(at)
            if new is None:
                index = bisect_right(raw_starts, at) - 1
                inside = self._offset(gold_words[index], rewritten[index], at - raw_starts[index])
                new = None if inside is None else new_starts[index] + inside
            if new is None:
                self.dropped += 1
            else:
                cuts.append(new)
        text = "".join(rewritten)
        return " ".join(text[start:end] for start, end in pairwise([*cuts, len(text)]))

    def _offset(self, word: str, new: str, inside: int) -> int | None:
        """Where the character at ``inside`` of ``word`` is in ``new``, its rewritten form;
        None when it is inside a run that became one character (not its first)."""
        if inside == 0 or len(new) == len(word):  # one character for one
            return inside
        starts = [start for start, _ in self.normalizer.pieces(word)]
        return starts.index(inside) if inside in starts else None


class Normalizing:
    """How an opened input's text is rewritten, from its start each time it is read:
    ``gold`` (for a prediction) reads the gold's raw lines again to pair them with its own."""

    def __init__(
        self,
        profile: str,
        gold: Callable[[], Iterator[str]] | None = None,
        warnings: Warnings | None = None,
        name: str = "",
    ):
        self.normalizer = Normalizer(profile)
        self.profile = self.normalizer.profile
        self._gold = gold
        self._warnings = warnings
        self._name = name

    def paired(self, gold: Callable[[], Iterator[str]], warnings: Warnings) -> Normalizing:
        """The same profile for a prediction, rewritten against ``gold``'s lines."""
        return Normalizing(self.profile, gold, warnings)

    def named(self, name: str) -> Normalizing:
        """The same, for the input called ``name`` in its warning."""
        return Normalizing(self.profile, self._gold, self._warnings, name)

    def dictionary(self, dictionary: Dictionary) -> Dictionary:
        """``dictionary`` with its words rewritten (two may become one)."""
        # One word a line, rewritten at once: no run crosses a line feed.
        text = self.normalizer.text("\n".join(dictionary.entries))
        entries = frozenset(text.split("\n")) if dictionary.entries else frozenset()
        # Still the word list it was read from (a known one keeps its name): the signature's
        # norm: field says it was rewritten.
        return Dictionary(
            entries,
            dictionary.paths,
            dictionary.encoding,
            dictionary.source,
            dictionary.explained,
            dictionary.corpus,
        )

    def batch(
        self, gold: SentenceLines, pred: SentenceLines
    ) -> tuple[SentenceLines, SentenceLines, int]:
        """A batch of the API's sentences rewritten (a prediction against its gold), and the
        cuts dropped (``Scorer(normalize=...)``; no tags)."""
        paired = PairedLines(self.normalizer, iter(gold.words))
        pred_words = [paired.line(line) for line in pred.words]
        gold_words = [self.normalizer.text(line) for line in gold.words]
        return SentenceLines(gold_words, None), SentenceLines(pred_words, None), paired.dropped

    def rewritten(self, blocks: Iterator[str], *, lines: bool = False) -> Iterator[str]:
        """``blocks`` of lines rewritten, or with ``lines`` lines (each without its line
        feed, an empty one a line too)."""
        if self._gold is None:
            yield from map(self.normalizer.text, blocks)
            return
        gold = self._gold()
        paired = PairedLines(self.normalizer, gold)
        yield from map(paired.line if lines else paired.block, blocks)
        close = getattr(gold, "close", None)
        if close is not None:
            close()
        if paired.dropped and self._warnings is not None:
            self._warnings.warn(self.dropped_message(paired.dropped), where=self._name or None)

    def dropped_message(self, count: int) -> str:
        """The warning about ``count`` cuts dropped inside runs made one character."""
        cuts = "cut falls" if count == 1 else "cuts fall"
        return (
            f"{count:,} predicted {cuts} inside a number or a Latin run that the {self.profile} "
            "profile makes one character: dropped, as a cut inside a unit is "
            "(docs/metrics.md §1.8)"
        )
