"""Whole blocks of a tagged or JSON Lines file read at once: the fast path of
:class:`~wsscore.inputs.formatted.FormattedInput`, through the backend's strict block readers
(:mod:`wsscore.core.blocks`, which says what they cover).

A block they do not cover is read by the format's reader (:func:`read_tagged`,
:func:`read_jsonl`), which stays the reference and the only source of errors and warnings: it
is given the block's lines with their numbers in the file, and the separator decided on an
earlier line, so that it reads them exactly as it reads them in one pass over the file.
"""

from __future__ import annotations

from collections.abc import Iterator

from wsscore.core.backend import read_jsonl_block, read_tagged_block
from wsscore.core.records import FormattedBlock
from wsscore.inputs.formats.jsonl import read_jsonl
from wsscore.inputs.formats.model import FormatOptions, Sentence
from wsscore.inputs.formats.tagged import first_separator, read_tagged


def reads_by_block(fmt: str, options: FormatOptions) -> bool:
    """Whether a file in ``fmt`` read with ``options`` has the fast path: tagged without a
    word separator or a paragraph id to drop (those stay with the reader), and jsonl."""
    if fmt == "tagged":
        return options.word_sep is None and not options.drop_first_token
    return fmt == "jsonl"


def block_lines(text: str) -> list[str]:
    """The lines of a block of whole lines, as ``TextFile.lines()`` gives them."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the line feed ends the last line; it does not start a new one
    return lines


class BlockReader:
    """The sentences of one file in a format that :func:`reads_by_block`, block by block."""

    def __init__(self, fmt: str, name: str, options: FormatOptions):
        self._format = fmt
        self._name = name
        self._options = options  # tagged: the separator joins them once decided
        self._lines_before = 0  # the file's lines in the blocks read so far

    def read(self, text: str, *, with_tags: bool) -> FormattedBlock | Iterator[Sentence]:
        """The block ``text`` (whole lines) read at once, or its sentences as the format's
        reader reads them where the fast path does not cover it."""
        first_line = self._lines_before + 1
        fast = self._read_fast(text, with_tags)
        if fast is not None:
            self._lines_before += fast.sentences  # the fast path reads a sentence a line
            return fast
        lines = block_lines(text)
        self._lines_before += len(lines)
        if self._format == "jsonl":
            return read_jsonl(lines, name=self._name, first_line=first_line)
        return read_tagged(lines, name=self._name, options=self._options, first_line=first_line)

    def _read_fast(self, text: str, with_tags: bool) -> FormattedBlock | None:
        if self._format == "jsonl":
            return read_jsonl_block(text)
        sep = self._separator(text)
        return None if sep is None else read_tagged_block(text, sep, with_tags)

    def _separator(self, text: str) -> str | None:
        if self._options.tag_sep is None:
            sep = first_separator(block_lines(text), self._options)
            if sep is not None:
                self._options = self._options._replace(tag_sep=sep)
        return self._options.tag_sep
