"""A gold that nearly matches a known one, told how it differs: its lines compared with
two-byte digests of the known gold's lines (:mod:`wsscore.inputs.corpus_lines`), read only
when :mod:`wsscore.inputs.corpora` finds a file that may be a copy."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator
from typing import NamedTuple

from wsscore.errors import WsscoreError
from wsscore.inputs.corpus_lines import DIGESTS
from wsscore.inputs.reading import display_name


class LineDifference(NamedTuple):
    """How a file's lines differ from a known gold's: both counts, the first line (from 1)
    that differs, and how many lines are equal before and after what differs."""

    corpus: str
    lines: int
    known_lines: int
    first: int | None  # None: every line is equal
    equal: int

    def nearly(self) -> bool:
        """Most of the known gold's lines are equal (before and after what differs)."""
        return 2 * self.equal >= self.known_lines

    def told(self) -> str:
        """How the file differs, as a warning says it (a clause after a colon)."""
        counts = (
            f"it has {self.lines:,} lines to the official {self.known_lines:,}"
            if self.lines != self.known_lines
            else f"it has the official {self.lines:,} lines"
        )
        if self.first is None:
            return f"{counts}, all equal, in other bytes (line ends, byte order mark, encoding)"
        return f"{counts}, and differs first at line {self.first:,}"


def line_difference(corpus_id: str, lines: Iterator[str]) -> LineDifference:
    """Compare ``lines`` (as read: no line feed) with the known gold's, by two-byte digests."""
    packed = base64.b64decode("".join(DIGESTS[corpus_id]))
    known = [packed[i : i + 2] for i in range(0, len(packed), 2)]
    ours = [
        hashlib.blake2b(line.removesuffix("\r").encode("utf-8", "replace"), digest_size=2).digest()
        for line in lines
    ]
    start = _equal_at_start(ours, known)
    end = _equal_at_start(ours[::-1], known[::-1])
    first = None if start == len(ours) == len(known) else start + 1
    equal = min(start + end, len(ours), len(known))  # the lines before and after the change
    return LineDifference(corpus_id, len(ours), len(known), first, equal)


def _equal_at_start(one: list[bytes], other: list[bytes]) -> int:
    length = min(len(one), len(other))
    return next((i for i in range(length) if one[i] != other[i]), length)


def near_miss_warning(path: str, difference: LineDifference) -> str:
    """The warning's text: what it means first, then how the file differs."""
    return str(
        WsscoreError(
            f"not the official {difference.corpus} gold, so the report names no corpus: "
            + difference.told(),
            where=display_name(path),
            hint="wsscore corpora lists the official files and their hashes",
        )
    )
