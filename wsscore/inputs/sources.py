"""What an input can be: a path (read as a stream) or lines held in memory, behind one shape."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from wsscore.errors import Warnings
from wsscore.inputs.encodings import Crib
from wsscore.inputs.formats import FormatOptions
from wsscore.inputs.formatted import FormattedInput, formatted, text_file_of
from wsscore.inputs.reading import ENCODING_OPTION, TextFile, open_text

if TYPE_CHECKING:
    from wsscore.inputs.normalize import Normalizing

# A file path ('-' is standard input; .gz/.bz2/.xz are read transparently), or the lines of an
# input held in memory (the Python API's convenience; the command line reads files only).
Source = str | os.PathLike[str] | Sequence[str]


class _InMemoryEncoding:
    name = "str"


class InMemoryLines:
    """Lines given through the API, shaped like a :class:`TextFile` (what the scorer reads)."""

    def __init__(self, lines: Sequence[str], name: str):
        self._lines = lines
        self.name = name
        self.path = name
        self.lines_read = 0
        self.encoding = _InMemoryEncoding()
        self.normalizing: Normalizing | None = None  # how the lines are rewritten (--normalize)

    def lines(self) -> Iterator[str]:
        if self.normalizing is not None:
            yield from self.normalizing.rewritten(self._raw_lines(), lines=True)
            return
        yield from self._raw_lines()

    def _raw_lines(self) -> Iterator[str]:
        for line in self._lines:
            self.lines_read += 1
            yield line

    def text_blocks(self) -> Iterator[str]:
        if self._lines:
            self.lines_read = len(self._lines)
            text = "\n".join(self._lines) + "\n"
            if self.normalizing is not None:
                yield from self.normalizing.rewritten(iter([text]))
                return
            yield text

    def reopen(self) -> InMemoryLines | None:
        """The same lines from the start, or None when they came from an iterator (used up)."""
        if not isinstance(self._lines, Sequence):
            return None
        again = InMemoryLines(self._lines, self.name)
        again.normalizing = self.normalizing
        return again


Input = TextFile | InMemoryLines | FormattedInput


def is_file(source: Input) -> bool:
    """Whether an opened input is a file (in-memory lines may be empty; a file may not)."""
    return isinstance(source, (TextFile, FormattedInput))


def may_not_end(source: Input) -> bool:
    """Whether an opened input is a stream that may never end (standard input, a pipe, a
    device); a regular file, compressed or not, ends, and so do lines in memory."""
    text = text_file_of(source)
    return text is not None and (text.path == "-" or not os.path.isfile(text.path))


def is_path(source: object) -> bool:
    return isinstance(source, (str, os.PathLike))


class Reading(NamedTuple):
    """How the inputs of one role (the gold, the predictions, a difficulty file) are read.

    ``encoding`` is the name given for them (``auto`` detects each file); ``option`` is the
    command-line option that sets it (``--gold-encoding`` etc.), which hints name. ``fmt`` is
    their format (``auto``: detected); ``normalizing`` rewrites their text (--normalize).
    ``strict`` turns warnings into errors; ``warnings`` collects them.
    """

    encoding: str
    warnings: Warnings
    strict: bool = False
    option: str = ENCODING_OPTION
    fmt: str = "words"
    format_options: FormatOptions = FormatOptions()
    # How the text is rewritten once read (--normalize); None: as it is.
    normalizing: Normalizing | None = None


def open_source(
    source: Source, reading: Reading, *, crib: Crib = None, name: str = "<lines>"
) -> Input:
    """A path opened for streaming as ``reading`` says, or in-memory lines called ``name`` in
    messages (in-memory lines are words)."""
    if not isinstance(source, (str, os.PathLike)):
        lines = InMemoryLines(source, name)
        lines.normalizing = reading.normalizing
        return lines
    text = open_text(
        os.fspath(source),
        reading.encoding,
        warnings=reading.warnings,
        strict=reading.strict,
        crib=crib,
        option=reading.option,
    )
    opened = formatted(text, reading.fmt, reading.warnings, reading.format_options)
    if reading.normalizing is not None:  # the words handed out, not a formatted file's text
        opened.normalizing = reading.normalizing.named(opened.name)
    return opened
