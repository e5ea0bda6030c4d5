"""Reading inputs: files, standard input, compressed files; detection, decoding, lines.

Inputs are read in blocks cut at line ends, so memory does not grow with the length of a file.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from collections.abc import Iterator
from typing import BinaryIO

from .encodings import Crib, Encoding, detect_and_decode, lookup
from .errors import Warnings, WsscoreError, location

# 128 KiB; the first block is also the detection sample. Blocks this small keep the working set
# in the CPU caches (64x the MSR test set scores faster than with 1 MiB blocks) and make the peak
# memory of a small file the same as a huge one's (benchmarks/).
BLOCK_SIZE = 1 << 17

_MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bz2"),
    (b"\xfd7zXZ\x00", "xz"),
)
_ESCAPED = re.compile("[\udc80-\udcff]")


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def open_binary(path: str) -> BinaryIO:
    """Open a path or ``-`` for reading bytes, decompressing gzip, bzip2 or xz transparently.

    Compression is recognised by its magic bytes, so it works for standard input too.
    """
    name = display_name(path)
    try:
        raw: BinaryIO = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except FileNotFoundError:
        raise WsscoreError("no such file", where=name, hint="check the path") from None
    except IsADirectoryError:
        raise WsscoreError("is a directory, not a file", where=name) from None
    except PermissionError:
        raise WsscoreError("permission denied", where=name) from None
    except OSError as exc:
        raise WsscoreError(f"cannot open: {exc.strerror or exc}", where=name) from None
    buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[arg-type]
    try:
        head = buffered.peek(6)[:6]
    except OSError as exc:
        raise WsscoreError(f"cannot read: {exc.strerror or exc}", where=name) from None
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            if kind == "gzip":
                import gzip

                return gzip.GzipFile(fileobj=buffered)  # type: ignore[return-value]
            if kind == "bz2":
                import bz2

                return bz2.BZ2File(buffered)  # type: ignore[return-value]
            import lzma

            return lzma.LZMAFile(buffered)  # type: ignore[return-value]
    return buffered


def _read_block(stream: BinaryIO, name: str, size: int | None = None) -> bytes:
    # BLOCK_SIZE is looked up at each call (not bound as a default), so it can be tuned.
    try:
        return stream.read(BLOCK_SIZE if size is None else size)
    except (OSError, EOFError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise WsscoreError(
            f"cannot read ({reason})", where=name, hint="is the compressed file complete?"
        ) from None


class TextFile:
    """One input file, decoded line by line.

    Iterate over :meth:`lines` once; each item is a line without its line feed (a ``\\r`` before
    it is left in place: it is white space for word splitting and stripped from entries).
    ``first_text`` is the whole file already decoded (strictly), when detection did it.
    """

    def __init__(
        self,
        path: str,
        encoding: Encoding,
        stream: BinaryIO,
        first_block: bytes,
        warnings: Warnings,
        strict: bool = False,
        first_text: str | None = None,
    ):
        self.path = path
        self.encoding = encoding
        self.stream = stream
        self.first_block = first_block
        self.warnings = warnings
        self.strict = strict
        self.first_text = first_text
        self.lines_read = 0
        self.bytes_done = 0  # (decompressed) bytes of the blocks handed out so far
        self.undecodable = 0
        self.first_undecodable: str | None = None

    def __repr__(self) -> str:
        return f"TextFile({self.path!r}, {self.encoding.name!r})"

    @property
    def name(self) -> str:
        return display_name(self.path)

    def lines(self) -> Iterator[str]:
        for text in self.text_blocks():
            lines = text.split("\n")
            if lines[-1] == "":
                lines.pop()  # the line feed ends the last line; it does not start a new one
            yield from lines

    def read_text(self) -> str:
        """The whole decoded text (for dictionaries, which are held in memory anyway)."""
        return "".join(self.text_blocks())

    def text_blocks(self) -> Iterator[str]:
        """Decoded text in blocks of whole lines (each ends with a line feed, but maybe the last).

        :attr:`lines_read` counts the lines of the blocks handed out so far.
        """
        if self.encoding.ascii_compatible:
            blocks = self._blocks_by_cut()
        else:
            blocks = self._blocks_incremental()
        for text in blocks:
            self.lines_read += text.count("\n") + (not text.endswith("\n"))
            yield text
        self._report_undecodable()

    def _blocks_by_cut(self) -> Iterator[str]:
        if self.first_text is not None:
            # Detection decoded the whole file already (strictly): no second decode.
            self.bytes_done = len(self.first_block)
            yield self.first_text
            return
        block = self.first_block
        if block.startswith(codecs.BOM_UTF8) and self.encoding.family == "utf-8":
            block = block[3:]
        carry = b""
        while True:
            more = _read_block(self.stream, self.name) if block else b""
            if not block and not more:
                break
            data = carry + block
            if more:
                cut = data.rfind(b"\n") + 1
                if cut == 0:  # a line longer than a block: keep reading
                    carry, block = data, more
                    continue
                data, carry = data[:cut], data[cut:]
            else:
                carry = b""
            if data:
                text = self._decode(data)
                self.bytes_done += len(data)
                yield text
            block = more

    def _decode(self, data: bytes) -> str:
        first_line = self.lines_read + 1
        if self.strict:
            try:
                return self.encoding.decode(data, strict=True)
            except UnicodeDecodeError as exc:
                line, col = _byte_position(data, exc.start)
                raise WsscoreError(
                    f"byte 0x{data[exc.start]:02X} is not valid {self.encoding.name}",
                    where=location(self.name, first_line + line, col),
                    hint="give the right --encoding, or drop --strict to keep such bytes",
                ) from None
        try:  # a strict decode is as fast as a lossless one and proves there is nothing to count
            return self.encoding.decode(data, strict=True)
        except UnicodeDecodeError:
            text = self.encoding.decode(data)
        self._count_undecodable(data, text, first_line)
        return text

    def _count_undecodable(self, data: bytes, text: str, first_line: int) -> None:
        found = _ESCAPED.findall(text)
        if not found:
            return
        if self.first_undecodable is None:
            try:
                self.encoding.decode(data, strict=True)
            except UnicodeDecodeError as exc:
                line, col = _byte_position(data, exc.start)
                self.first_undecodable = location(self.name, first_line + line, col)
        self.undecodable += len(found)

    def _report_undecodable(self) -> None:
        if self.undecodable:
            self.warnings.warn(
                f"{self.undecodable} byte(s) are not valid {self.encoding.name} and were kept "
                f"as they are (first at {self.first_undecodable}, byte column)",
                where=self.name,
                hint="check --encoding; --strict makes this an error",
            )

    def _blocks_incremental(self) -> Iterator[str]:
        decoder = codecs.getincrementaldecoder(self.encoding.codec)(
            "strict" if self.strict else "surrogateescape"
        )
        block = self.first_block
        pending = ""
        first = True
        while True:
            try:
                text = decoder.decode(block, final=not block)
            except UnicodeDecodeError as exc:
                # Name the line of the bad code unit (character column), not of the block.
                before = exc.object[: exc.start].decode(exc.encoding, "replace")
                before = pending + (before.removeprefix("\ufeff") if first else before)
                line = self.lines_read + before.count("\n") + 1
                col = len(before) - before.rfind("\n")
                raise WsscoreError(
                    f"not valid {self.encoding.name} ({exc.reason})",
                    where=location(self.name, line, col),
                    hint="give the right --encoding",
                ) from None
            if first and text.startswith("\ufeff"):
                text = text[1:]
            first = first and not text
            text = pending + text
            cut = text.rfind("\n") + 1
            pending = text[cut:]
            if cut:
                yield text[:cut]
            if not block:
                break
            block = _read_block(self.stream, self.name)
        if pending:
            yield pending


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """0-based line within ``data`` and 1-based byte column of ``offset``."""
    line = data.count(b"\n", 0, offset)
    line_start = data.rfind(b"\n", 0, offset) + 1
    return line, offset - line_start + 1


def open_text(
    path: str,
    encoding: str = "auto",
    *,
    warnings: Warnings,
    strict: bool = False,
    crib: Crib = None,
) -> TextFile:
    """Open an input, decide its encoding (``auto`` detects it) and return a :class:`TextFile`."""
    name = display_name(path)
    if path != "-" and os.path.isdir(path):
        raise WsscoreError("is a directory, not a file", where=name)
    stream = open_binary(path)
    first = _read_block(stream, name)
    if encoding == "auto":
        complete = len(first) < BLOCK_SIZE
        chosen, text = detect_and_decode(first, complete=complete, crib=crib)
        return TextFile(path, chosen, stream, first, warnings, strict=strict, first_text=text)
    else:
        try:
            chosen = lookup(encoding)
        except ValueError as exc:
            raise WsscoreError(str(exc)) from None
    return TextFile(path, chosen, stream, first, warnings, strict=strict)


def crib_of(gold: TextFile, limit: int = 64 * 1024) -> frozenset[str]:
    """Characters of the gold's first block, to tell apart candidate encodings of a prediction."""
    sample = gold.first_block[:limit]
    try:
        text = gold.encoding.decode(sample)
    except UnicodeDecodeError:  # UTF-16 cut inside a surrogate pair, or damaged: a crib is a hint
        text = sample.decode(gold.encoding.codec, "replace")
    return frozenset(text.translate(_NO_SPACE))


_NO_SPACE = dict.fromkeys(map(ord, " \t\r\n\u3000\ufeff"))
