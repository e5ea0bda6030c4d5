"""CoNLL-U read a block of text at a time, for the scorer, which needs only the FORMs.

The line reader (:func:`~wsscore.inputs.formats.conllu.read_conllu`) builds a token per word
line; most sentences are comment lines and plain word lines only, and their lines of words can be
pulled out of a whole block of decoded text at once, through the backend boundary
(:func:`wsscore.core.backend.scan_conllu_words`). Any sentence that scan does not handle exactly
(a multi-word token, an empty node, white space in a FORM, an ID out of order, a line that is
neither, a sentence past the limit...) is read by the line reader instead, from its first line to
the blank line after it, with its lines numbered as in the file: it stays the definition of the
format and the only source of its errors. The line reader starts afresh after every blank line,
so reading the file in such parts gives the very sentences it gives reading it whole.

Memory holds one block, and an unfinished sentence carried to the next block: one longer than
:data:`CARRY_MOST` characters is handed to the line reader, which streams it.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Iterator

from wsscore.core.backend import scan_conllu_words
from wsscore.inputs.formats.conllu import read_conllu
from wsscore.inputs.formats.model import FormatOptions, Sentence

# The line feed before an empty line (or one of only "\r") and the one that ends it.
_EMPTY_LINE = re.compile("\n\r?\n")
CARRY_MOST = 1 << 20  # characters of an unfinished sentence held from one block to the next
# What the reader yields: lines of words (each ending with a line feed) from the scan, or a
# sentence from the line reader.
Piece = str | Sentence


def read_conllu_blocks(
    blocks: Iterable[str], *, name: str, options: FormatOptions, max_chars: int
) -> Iterator[Piece]:
    """The sentences of CoNLL-U text given in blocks of whole lines (as
    :meth:`TextFile.text_blocks` hands them out), in order: runs of plain ones as lines of
    words, the others as the line reader reads them (``name``, ``options`` and ``max_chars`` as
    it takes them)."""
    return _BlockReader(iter(blocks), name, options, max_chars).pieces()


class _BlockReader:
    def __init__(
        self, blocks: Iterator[str], name: str, options: FormatOptions, max_chars: int
    ) -> None:
        self._blocks = blocks
        self._name = name
        self._options = options
        self._max_chars = max_chars
        self._lines = 0  # lines of the file before the text being read

    def pieces(self) -> Iterator[Piece]:
        text, position = "", 0  # the text being scanned, and how far it was read
        for block in self._blocks:
            text = text[position:] + block if position < len(text) else block
            position = 0
            while True:
                found = scan_conllu_words(text, position, self._max_chars)
                if found.sentences:
                    yield found.words
                self._lines += found.lines
                position = found.end
                if not found.refused and len(text) - position <= CARRY_MOST:
                    break  # the sentence left unfinished waits for the next block
                rest = yield from self._by_line_reader(text, position)
                if rest is None:
                    return  # the file ended within that sentence
                text, position = rest, 0
        if position < len(text):  # the last sentence, with no blank line after it
            yield from self._by_line_reader(text, position)

    def _by_line_reader(self, text: str, position: int) -> Generator[Sentence, None, str | None]:
        """The sentence from ``position`` read by the line reader, up to its blank line (reading
        on into the next blocks as far as it goes); what follows it, None at the file's end."""
        rest: list[str | None] = []
        yield from read_conllu(
            self._sentence_lines(text, position, rest),
            name=self._name,
            options=self._options,
            max_chars=self._max_chars,
            first_line=self._lines + 1,
        )
        return rest[0] if rest else None

    def _sentence_lines(self, text: str, position: int, rest: list[str | None]) -> Iterator[str]:
        """The lines from ``position`` up to and including the next empty line (see
        :func:`_empty_line`); then ``rest`` receives the text after it, or None when the file
        ends first."""
        while True:
            end = _empty_line(text, position)
            if end >= 0:
                lines = text[position:end].split("\n")  # its last is the empty line
                self._lines += len(lines)
                yield from lines
                rest.append(text[end + 1 :])
                return
            lines = text[position:].split("\n")
            if lines[-1] == "":
                lines.pop()  # after the block's last line feed: no line
            self._lines += len(lines)
            yield from lines
            following = next(self._blocks, None)
            if following is None:
                rest.append(None)
                return
            text, position = following, 0


def _empty_line(text: str, position: int) -> int:
    """Where the first empty line (or line of only "\\r") at or after the line start
    ``position`` ends (its line feed), -1 where the text has none."""
    if text.startswith("\n", position):
        return position
    if text.startswith("\r\n", position):
        return position + 1
    found = _EMPTY_LINE.search(text, position)
    return -1 if found is None else found.end() - 1
