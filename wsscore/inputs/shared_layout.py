"""A reader's refusal in a file read as one of two formats that share a layout (``word/POS``:
KyTea without readings, or tagged) names the other when it reads the same lines, the refused
one included, with the same text where both read them (:func:`explained_refusal`).

Below :mod:`wsscore.inputs.formatted`, whose inputs explain their refusals with it; the other
readings a mismatch hint tries (:mod:`wsscore.inputs.other_readings`) read as it does
(:func:`read_quietly`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from itertools import islice

from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import FormatOptions, Sentence, read_sentences
from wsscore.inputs.formats.detect import HEAD_LINES
from wsscore.inputs.formats.model import SYLLABLE_MARK
from wsscore.inputs.reading import TextFile

# Formats that share a layout, each the other's reading when a reader refuses a line.
SHARED_LAYOUT = {"kytea": "tagged", "tagged": "kytea"}
# The format option of an input, by the option that sets its encoding (TextFile.option).
_FORMAT_OPTION_OF = {"--gold-encoding": "--gold-format", "--pred-encoding": "--pred-format"}


def read_quietly(fmt: str, lines: Iterable[str], options: FormatOptions) -> list[Sentence] | None:
    quiet = Warnings(quiet=True)
    try:
        return list(read_sentences(fmt, lines, name="", warnings=quiet, options=options))
    except WsscoreError:
        return None


def text_of(sentences: list[Sentence]) -> str:
    return "".join(token.word for sentence in sentences for token in sentence.tokens).replace(
        SYLLABLE_MARK, ""
    )


def explained_refusal(source: TextFile, fmt: str, error: WsscoreError) -> WsscoreError:
    """A reader's refusal of a line of a file read as ``fmt``, one of two formats that share a
    layout (:data:`SHARED_LAYOUT`), with what the file was read as, when detected, and the
    other format, when it reads the lines up to that one (the last :data:`HEAD_LINES`), that
    one included (with tags), with the same text where ``fmt`` read them: ``give --pred-format
    tagged: the file reads as tagged, where it was read as kytea (...)``. Any other error is
    given back as it is."""
    other = SHARED_LAYOUT.get(fmt)
    line = _line_of(error, source.name)
    lines = None if other is None or line is None else _lines_up_to(source, line)
    if other is None or lines is None:  # not the reader's: the file itself
        return error
    detected = f"read as {fmt} ({source.detection})" if source.detection else ""
    before = read_quietly(fmt, lines[:-1], FormatOptions())
    read = read_quietly(other, lines, FormatOptions())
    fits = (
        before is not None
        and read is not None
        and text_of(read[:-1]) == text_of(before)
        and any(token.tag is not None for token in read[-1].tokens)  # its layout: word/tag
    )
    if fits:
        option = _FORMAT_OPTION_OF.get(source.option, "--input-format")
        said = f"give {option} {other}: the file reads as {other}"
        hint = said + (f", where it was {detected}" if detected else "") + f"; or {error.hint}"
    elif detected:
        hint = f"{error.hint}; the file was {detected}"
    else:
        return error
    return WsscoreError(error.message, where=error.where, hint=hint)


def _line_of(error: WsscoreError, name: str) -> int | None:
    """The line number of ``file:line[:col]`` in an error of the file ``name``."""
    where = error.where or ""
    if not where.startswith(name + ":"):
        return None
    number = where[len(name) + 1 :].partition(":")[0]
    return int(number) if number.isdigit() else None


def _lines_up_to(source: TextFile, number: int) -> list[str] | None:
    """The file's lines up to line ``number``, read again: the last :data:`HEAD_LINES` of them
    (a bound on memory: the refused line may be far into the file); None when it cannot be
    read again (standard input), holds fewer lines, or fails to read."""
    again = source.reopen()
    if again is None:
        return None
    lines: deque[str] = deque(maxlen=HEAD_LINES)
    count = 0
    try:
        for line in islice(again.lines(), number):
            lines.append(line)
            count += 1
    except WsscoreError:
        return None
    finally:
        again.close()
    return list(lines) if count == number else None
