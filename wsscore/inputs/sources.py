"""What an input can be: a path (read as a stream) or lines held in memory, behind one shape."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from wsscore.errors import Warnings
from wsscore.inputs.encodings import Crib
from wsscore.inputs.formats import FormatOptions
from wsscore.inputs.formatted import FormattedInput, formatted
from wsscore.inputs.reading import TextFile, open_text

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

    def lines(self) -> Iterator[str]:
        for line in self._lines:
            self.lines_read += 1
            yield line

    def text_blocks(self) -> Iterator[str]:
        if self._lines:
            self.lines_read = len(self._lines)
            yield "\n".join(self._lines) + "\n"

    def reopen(self) -> InMemoryLines | None:
        """The same lines from the start, or None when they came from an iterator (used up)."""
        return InMemoryLines(self._lines, self.name) if isinstance(self._lines, Sequence) else None


Input = TextFile | InMemoryLines | FormattedInput


def is_file(source: Input) -> bool:
    """Whether an opened input is a file (in-memory lines may be empty; a file may not)."""
    return isinstance(source, (TextFile, FormattedInput))


def is_path(source: object) -> bool:
    return isinstance(source, (str, os.PathLike))


def open_source(
    source: Source,
    encoding: str,
    warnings: Warnings,
    strict: bool,
    *,
    crib: Crib = None,
    name: str = "<lines>",
    option: str = "--encoding",
    fmt: str = "words",
    format_options: FormatOptions | None = None,
) -> Input:
    """A path opened for streaming, or in-memory lines called ``name`` in messages.

    ``option`` sets the file's encoding (``--gold-encoding`` etc.): its hints name it. ``fmt``
    is the file's format (``auto``: detected); in-memory lines are words.
    """
    if not isinstance(source, (str, os.PathLike)):
        return InMemoryLines(source, name)
    text = open_text(
        os.fspath(source), encoding, warnings=warnings, strict=strict, crib=crib, option=option
    )
    return formatted(text, fmt, warnings, format_options or FormatOptions())
