"""``chars`` read a block at a time: the scorer's lines of words without a call per character.

Most chars files are in the plainest shape: a character, a tab and a label a line, and no
label going on with a word where none is open. A plain label (B, M, E, S; BIES, BI and BIO
too) reads the same whatever the options, and a label with a tag (``B-NN``) as the reader read
it the first time, in the file's order; so whole sentences of such text are turned into lines
of words at once, through the backend boundary (:func:`wsscore.core.backend.chars_words`),
when no one asks for their tags. Everything else (a label the reader has not read yet, invalid
transitions, more columns, odd white space, a sentence longer than allowed) is read by the
chars reader (:class:`CharsReader`), which stays the reference and the only source of errors
and warnings: it reads every stretch of text that the fast path turns down, with the file's
own line numbers, and keeps its state (the label order and what the labels showed of it, the
invalid labels counted) across the stretches it is given. It is handed nothing while a
sentence of its own is open or lines are held back for the label order, so the fast path only
ever starts at a sentence that the reader would start afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from wsscore.core.backend import chars_words
from wsscore.core.records import NO_TAGGED_LABELS, TaggedLabels
from wsscore.errors import Warnings
from wsscore.inputs.formats.chars import CharsReader, LabelOrder
from wsscore.inputs.formats.model import MAX_SENTENCE_CHARS, Sentence

SENTENCE_ENDS = ("\n\n", "\n\r\n")  # a line feed, then a blank line (one of CRLF lines)
# The pieces a stretch is cut into where the fast path turns it down (about a thousand lines).
PIECE_CHARS = 1 << 12


class WordLines(NamedTuple):
    """Sentences as the scorer reads them: a line of space-separated words each."""

    text: str  # each line ends with a line feed
    sentences: int


def read_chars_blocks(
    blocks: Iterable[str],
    *,
    name: str,
    warnings: Warnings,
    label_order: str | None = None,
    on_label_order: Callable[[str], None] | None = None,
    max_chars: int = MAX_SENTENCE_CHARS,
    unit: str | None = None,
) -> Iterator[WordLines]:
    """The sentences of a chars file given as decoded blocks of whole lines (as
    ``TextFile.text_blocks()`` gives them), each as the line of its words: the sentences,
    errors and warnings of ``read_chars`` over the same lines, with the same arguments.

    Every ``unit`` keeps the fast path: it takes only lines of one code point, which is one
    unit of each (a character, a grapheme cluster, a syllable), and gives the same words in
    each (a syllable's form is a token's, which these lines of words do not keep); the lines
    it turns down go to the reader, which checks them against the unit."""
    order = LabelOrder(label_order, name, on_label_order)
    reader = CharsReader(name, order, max_chars, unit)
    stretches = _Stretches(reader)
    carry = ""  # the start of a sentence that the end of the last block cut
    for block in blocks:
        text = carry + block
        end = _last_sentence_end(text)
        if end:
            yield from stretches.read(text[:end])
            carry = text[end:]
        elif carry:  # a sentence longer than a block: the reader takes it on, line by line
            yield from stretches.by_reader(text)
            carry = ""
        else:
            carry = text
    yield from stretches.read(carry)
    yield from _word_lines(reader.end(warnings))


class _Stretches:
    """Stretches of whole lines, read fast where they can be and by the reader elsewhere."""

    def __init__(self, reader: CharsReader):
        self.reader = reader
        self.lines_done = 0  # lines of the file read so far
        self._tagged = NO_TAGGED_LABELS
        self._known_size = 0

    def read(self, text: str, *, cut: bool = True) -> Iterator[WordLines]:
        """Sentences whose last line ends ``text`` (or the file). Where the fast path turns the
        text down, it tries again on pieces of it (with ``cut``), so that the reader reads only
        the pieces that need it (a label it has not read yet is often in one sentence)."""
        if not self.reader.ready:  # its sentence or its held lines go on: up to a blank line
            end = _first_sentence_end(text)
            yield from self.by_reader(text[:end])
            text = text[end:]
            if not self.reader.ready:
                yield from self.by_reader(text)
                return
        if not text:
            return
        tagged = self._tagged_labels()
        found = chars_words(text, tagged)
        if found is not None and found.longest <= self.reader.max_chars:
            for label, number in tagged.numbers.items():
                self.reader.order.tally[self.reader.known[label][1]] += found.tagged_read[number]
            self.lines_done += _line_count(text)
            if found.sentences:
                yield WordLines(found.text, found.sentences)
        elif cut and len(text) > PIECE_CHARS:
            for piece in _pieces(text):
                yield from self.read(piece, cut=False)
        else:
            yield from self.by_reader(text)

    def _tagged_labels(self) -> TaggedLabels:
        """The labels with a tag that the reader has read in the file's order: their lines
        are read as it reads them, and counted in its tally of what they show."""
        known = self.reader.known
        if len(known) != self._known_size:  # a file has few labels: rebuilt as they come
            self._known_size = len(known)
            tagged = {label: found[0].position for label, found in known.items() if len(label) > 1}
            self._tagged = TaggedLabels(
                {label: number for number, label in enumerate(tagged)}, "".join(tagged.values())
            )
        return self._tagged

    def by_reader(self, text: str) -> Iterator[WordLines]:
        """The sentences that the reader ends in ``text``."""
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()  # as TextFile.lines(): the last line feed ends a line
        first = self.lines_done + 1
        self.lines_done += len(lines)
        yield from _word_lines(self.reader.read(lines, first))


def _word_lines(sentences: Iterable[Sentence]) -> Iterator[WordLines]:
    lines = [" ".join(token.word for token in sentence.tokens) + "\n" for sentence in sentences]
    if lines:
        yield WordLines("".join(lines), len(lines))


def _line_count(text: str) -> int:
    return text.count("\n") + (not text.endswith("\n"))


def _last_sentence_end(text: str) -> int:
    """Where the text after the last blank line starts (0: no blank line)."""
    last = 0
    for end in SENTENCE_ENDS if "\r" in text else SENTENCE_ENDS[:1]:
        found = text.rfind(end)
        if found >= 0:
            last = max(last, found + len(end))
    return last


def _pieces(text: str) -> Iterator[str]:
    """The text in pieces of whole sentences, each of about :data:`PIECE_CHARS` or more."""
    start = 0
    while start < len(text):
        end = _next_sentence_end(text, start + PIECE_CHARS)
        yield text[start:end]
        start = end


def _first_sentence_end(text: str) -> int:
    """Where the text after the first blank line starts (the end: no blank line)."""
    for blank in ("\n", "\r\n"):
        if text.startswith(blank):
            return len(blank)
    return _next_sentence_end(text, 0)


def _next_sentence_end(text: str, start: int) -> int:
    """Where the text after the first line feed and blank line from ``start`` on starts (the
    end: none)."""
    first = len(text)
    for end in SENTENCE_ENDS:
        found = text.find(end, start)
        if found >= 0:
            first = min(first, found + len(end))
    return first
