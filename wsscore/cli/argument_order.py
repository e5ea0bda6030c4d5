"""Files given in the other order: the Perl script's ``score WORDS GOLD PRED`` typed as
``wsscore score``, or wsscore's order given to ``sighan``.

The Perl order is refused before any scoring (:func:`perl_order_refusal`): the first file a word
list, the next a segmentation of other text. Other orders are a hint added to the error of a
command that failed (:func:`argument_order_hint`). Both look at the first lines of the files
(a few kilobytes):
a word list has one short word a line, a segmentation several words on most lines. The bytes
are split at ASCII white space, which no byte of a multi-byte character is in UTF-8, GBK,
GB18030 or Big5; a file in UTF-16, standard input or a pipe is not looked at.
"""

from __future__ import annotations

import os
import shlex
import stat
from io import BufferedIOBase
from typing import Any, NamedTuple

# Bytes read from the start of each file: some hundreds of lines of a word list or a gold.
SAMPLE_BYTES = 16 * 1024
# A word list: at least this many non-blank lines, nearly all of them one token, and short
# ones (a line of the unsegmented test text is one token too, but a sentence: tens of
# characters). Measured on SIGHAN 2005: the four training word lists have 100% one-token
# lines with a median of 6 bytes (2 characters); their test texts a median of 60 to 140 bytes.
MIN_WORD_LIST_LINES = 10
WORD_LIST_SHARE = 0.95
WORD_LIST_MEDIAN_BYTES = 24
# A segmentation: at least this share of its non-blank lines hold several tokens (the golds
# of SIGHAN 2005: 97% to 100%).
SEGMENTED_SHARE = 0.5
# Bytes of text (white space left out) that tell a word list from a gold written one word a
# line: the gold's text starts as its predictions' does, a word list's does not.
TEXT_START_BYTES = 256

# The commands whose first file is the gold, and the other files of the call after it.
GOLD_FIRST = {
    "score": ("predictions",),
    "report": ("predictions",),
    "errors": ("prediction",),
    "compare": ("baseline", "systems"),
}


class LineShape(NamedTuple):
    """The first lines of a file: how many are not blank, and how many hold one token."""

    lines: int
    single: int
    median_bytes: int
    text_start: bytes = b""  # its first bytes of text, white space left out

    @property
    def word_list(self) -> bool:
        return (
            self.lines >= MIN_WORD_LIST_LINES
            and self.single >= WORD_LIST_SHARE * self.lines
            and self.median_bytes <= WORD_LIST_MEDIAN_BYTES
        )

    @property
    def segmented(self) -> bool:
        return self.lines > 0 and self.lines - self.single >= SEGMENTED_SHARE * self.lines


def line_shape(path: str) -> LineShape | None:
    """The shape of the first lines of a regular file, or None when it cannot be looked at."""
    sample = _first_bytes(path)
    if sample is None or b"\0" in sample:  # unreadable, or UTF-16/32
        return None
    lines = sample.split(b"\n")
    if len(sample) == SAMPLE_BYTES:
        lines = lines[:-1]  # cut short by the sample's end
    kept = [line.strip() for line in lines if line.strip()]
    if not kept:
        return LineShape(0, 0, 0)
    lengths = sorted(len(line) for line in kept)
    single = sum(1 for line in kept if len(line.split()) == 1)
    text_start = b"".join(sample.split())[:TEXT_START_BYTES]
    return LineShape(len(kept), single, lengths[len(lengths) // 2], text_start)


def _first_bytes(path: str) -> bytes | None:
    try:
        if path == "-" or not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with _open_binary(path) as stream:
            return stream.read(SAMPLE_BYTES)
    except Exception:  # a damaged .gz raises zlib.error, an .xz LZMAError, ...
        return None  # the hint is a guess: it must never hide the error it is added to


def _open_binary(path: str) -> BufferedIOBase:
    """The file's bytes, decompressed as the readers do for .gz, .bz2 and .xz."""
    if path.endswith(".gz"):
        import gzip

        return gzip.open(path, "rb")
    if path.endswith(".bz2"):
        import bz2

        return bz2.open(path, "rb")
    if path.endswith(".xz"):
        import lzma

        return lzma.open(path, "rb")
    return open(path, "rb")


def perl_order_refusal(command: str, options: dict[str, Any]) -> str | None:
    """The error for the Perl script's order, WORDS GOLD PRED, told before any scoring: the
    first file looks like a word list, the next like a segmentation, and their texts start
    differently (a gold written one word a line starts as its predictions do)."""
    files = _gold_and_others(command, options)
    if files is None:
        return None
    gold, others = files
    gold_shape = line_shape(gold)
    if gold_shape is None or not gold_shape.word_list:  # a gold: the next file is not read
        return None
    first_other = line_shape(others[0])
    if first_other is None or not first_other.segmented:
        return None
    if gold_shape.text_start == first_other.text_start:
        return None
    # Given WORDS GOLD and no prediction, the call shown has a PRED to fill in.
    call = shlex.join(["wsscore", command, others[0], *(others[1:] or ["PRED"]), "-d", gold])
    return f"the first file looks like a word list (the Perl order WORDS GOLD PRED); run: {call}"


def argument_order_hint(command: str, options: dict[str, Any]) -> str | None:
    """What to put before a failed command's error when its files look given in another order
    than the Perl script's (refused before it ran): the word list given as a prediction, or
    wsscore's order given to ``sighan``."""
    if command == "sighan":
        return _sighan_hint(options)
    files = _gold_and_others(command, options)
    if files is None:
        return None
    gold, others = files
    gold_shape = line_shape(gold)
    return None if gold_shape is None else _word_list_last(command, gold, gold_shape, others)


def _gold_and_others(command: str, options: dict[str, Any]) -> tuple[str, list[str]] | None:
    """The gold and the other files of a command whose first file is the gold."""
    if command not in GOLD_FIRST:
        return None
    gold = options.get("gold")
    others = [path for key in GOLD_FIRST[command] for path in _paths(options.get(key))]
    if not isinstance(gold, str) or not others:
        return None
    return gold, others


def _word_list_last(
    command: str, gold: str, gold_shape: LineShape, others: list[str]
) -> str | None:
    """`wsscore score GOLD PRED WORDS`: the word list given as the last prediction, not -d."""
    last = line_shape(others[-1])
    if len(others) < 2 or last is None or not (gold_shape.segmented and last.word_list):
        return None
    call = shlex.join(["wsscore", command, gold, *others[:-1], "-d", others[-1]])
    return f"{others[-1]} looks like a word list, one word a line: wsscore takes it with -d: {call}"


def _sighan_hint(options: dict[str, Any]) -> str | None:
    """`wsscore sighan GOLD PRED WORDS`: sighan takes the Perl script's order, WORDS first."""
    paths = [options.get(key) for key in ("dictionary", "gold", "test")]
    if not all(isinstance(path, str) for path in paths):
        return None
    words, gold, test = (str(path) for path in paths)
    shapes = [line_shape(path) for path in (words, test)]
    if shapes[0] is None or shapes[1] is None:
        return None
    if not (shapes[0].segmented and shapes[1].word_list):
        return None
    call = shlex.join(["wsscore", "sighan", test, words, gold])
    return (
        f"the prediction {test} looks like a word list, one word a line: wsscore sighan takes "
        f"WORDS GOLD PRED, like the Perl script: {call}"
    )


def _paths(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (tuple, list)):
        return [path for path in value if isinstance(path, str)]
    return []
