"""Reading inputs: files, standard input, compressed files; detection, decoding, lines.

Inputs are read in blocks cut at line ends, so memory does not grow with the length of a file.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import sys
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, BinaryIO, cast

from wsscore.core.patterns import LazyPattern
from wsscore.errors import Warnings, WsscoreError, location
from wsscore.inputs.encodings import (
    Crib,
    Encoding,
    detect,
    detect_and_decode,
    lookup,
    non_ascii_part,
    only_ascii_seen,
)

if TYPE_CHECKING:
    from typing import Protocol

    class Rewriting(Protocol):
        """How decoded text is rewritten (--normalize: wsscore.inputs.normalize.Normalizing)."""

        def rewritten(self, blocks: Iterator[str], *, lines: bool = False) -> Iterator[str]: ...


# 128 KiB; the first block is also the detection sample. Blocks this small keep the working set
# in the CPU caches and make the peak memory of a small file the same as a huge one's
# (benchmarks/).
BLOCK_SIZE = 1 << 17
# The longest line any file may have, in bytes: no segmentation has a line of 256 MiB, and a
# file that has one (a binary, an endless stream without line feeds) is refused when its line
# grows past it, not after it was read whole. A prediction is held to less: see
# TextFile.line_limit.
MAX_LINE_BYTES = 1 << 28

_COMPRESSIONS = (  # signature, module that reads it, file name suffix, format's name
    (b"\x1f\x8b", "gzip", ".gz", "gzip"),
    (b"BZh", "bz2", ".bz2", "bz2"),
    (b"\xfd7zXZ\x00", "lzma", ".xz", "xz"),
)
_ESCAPED = LazyPattern("[\udc80-\udcff]")
_DIRECTORY = "is a directory, not a file"
_DIRECTORY_HINT = "give the file inside it"
# The option that sets a file's encoding, named in every hint about it: each command has one per
# role of file (--gold-encoding, --pred-encoding, --dict-encoding); this is the generic one.
ENCODING_OPTION = "--encoding"


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def is_compressed(head: bytes) -> bool:
    """Whether a file starting with ``head`` (its first 6 bytes) is one wsscore decompresses."""
    return any(head.startswith(magic) for magic, _, _, _ in _COMPRESSIONS)


def _raw_io(stream: BinaryIO) -> io.RawIOBase:
    """A binary stream as the raw stream io.BufferedReader wraps (its read methods are the same)."""
    return cast(io.RawIOBase, stream)


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
        raise WsscoreError(_DIRECTORY, where=name, hint=_DIRECTORY_HINT) from None
    except PermissionError:
        raise WsscoreError(
            "permission denied", where=name, hint="make it readable (chmod u+r) or copy it"
        ) from None
    except OSError as exc:
        raise _cannot_open(exc, name) from None
    buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(_raw_io(raw))
    try:
        head = buffered.peek(6)[:6]
    except OSError as exc:
        raise WsscoreError(f"cannot read: {exc.strerror or exc}", where=name) from None
    for magic, module_name, _, _ in _COMPRESSIONS:
        if head.startswith(magic):
            import importlib

            module = importlib.import_module(module_name)
            if path == "-":
                return cast(BinaryIO, module.open(buffered, "rb"))
            # Opened by name, the decompressor owns its file and closes it with itself.
            buffered.close()
            try:
                return cast(BinaryIO, module.open(path, "rb"))
            except OSError as exc:
                raise _cannot_open(exc, name) from None
    suffix = os.path.splitext(path)[1].lower()
    for _, _, named, kind in _COMPRESSIONS:
        if suffix == named:
            raise WsscoreError(
                f"is named {suffix} but is not {kind}-compressed (it does not start with the "
                f"{kind} signature)",
                where=name,
                hint="the file is damaged; if it is plain text, rename it",
            )
    return buffered


def _cannot_open(exc: OSError, name: str) -> WsscoreError:
    hint = None
    if exc.errno in (errno.EMFILE, errno.ENFILE):  # more files at once than the limit allows
        hint = "raise the limit on open files, e.g. 'ulimit -n 1024', or read fewer files at once"
    return WsscoreError(f"cannot open: {exc.strerror or exc}", where=name, hint=hint)


def _read_block(stream: BinaryIO, name: str, size: int | None = None) -> bytes:
    # BLOCK_SIZE is looked up at each call (not bound as a default), so it can be tuned.
    try:
        return stream.read(BLOCK_SIZE if size is None else size)
    except Exception as exc:
        if not _is_read_error(exc):
            raise
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise WsscoreError(
            f"cannot read ({reason})", where=name, hint="is the compressed file complete?"
        ) from None


def _is_read_error(exc: Exception) -> bool:
    """An I/O error, or damaged compressed data (zlib and lzma have error classes of their own;
    they are looked up only when a compressed file has loaded them)."""
    errors: list[type[BaseException]] = [OSError, EOFError]
    for module, name in (("zlib", "error"), ("lzma", "LZMAError")):
        if module in sys.modules:
            errors.append(getattr(sys.modules[module], name))
    return isinstance(exc, tuple(errors))


class TextFile:
    """One input file, decoded line by line.

    Iterate over :meth:`lines` once; each item is a line without its line feed (a ``\\r`` before
    it is left in place: it is white space for word splitting and stripped from entries).
    ``first_text`` is the whole file already decoded (strictly), when detection did it.
    ``option`` is the command-line option that sets this file's encoding, for hints.
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
        option: str = ENCODING_OPTION,
    ):
        self.path = path
        self._encoding = encoding
        self.stream = stream
        self.first_block = first_block
        self.sample = first_block  # the bytes the encoding was decided on (for crib_of)
        self.warnings = warnings
        self.strict = strict
        self.first_text = first_text
        self.option = option
        self.lines_read = 0
        self.bytes_done = 0  # (decompressed) bytes of the blocks handed out so far
        self._undecodable = _Undecodable(display_name(path))
        # While only ASCII lines were seen, detection waits for the first others (undecided),
        # or the given encoding waits to be checked on them; see wait_for_non_ascii.
        self._undecided = False
        self._unchecked = False
        self._crib: Crib = None
        # Bytes a line may have (see MAX_LINE_BYTES); a prediction's is lowered to what its
        # gold can match (wsscore.scoring.opened).
        self.line_limit = MAX_LINE_BYTES
        # Why the file is read in its format, when the format was detected (for messages).
        self.detection: str | None = None
        # Once the scorer reads the stream, nothing may be read ahead of it any more: a hint
        # on an error path looks at the first block only (see blocks_ahead).
        self.reading_started = False
        # How the decoded text is rewritten (--normalize; wsscore.inputs.normalize), if it is.
        self.normalizing: Rewriting | None = None

    def __repr__(self) -> str:
        return f"TextFile({self.path!r}, {self._encoding.name!r})"

    @property
    def name(self) -> str:
        return display_name(self.path)

    @property
    def undecodable(self) -> int:
        """Bytes read so far that the encoding cannot decode (kept as they are)."""
        return self._undecodable.count

    @property
    def encoding(self) -> Encoding:
        """The file's encoding, final once the file was read.

        Asked for earlier, while the lines read so far are all ASCII, a regular file is looked
        ahead (a second handle, one block at a time) to its first non-ASCII lines to decide;
        standard input and pipes cannot be read twice: for them it is utf-8 until reading
        decides.
        """
        if self._undecided:
            self._look_ahead()
        return self._encoding

    def wait_for_non_ascii(self, *, detect: bool, crib: Crib = None) -> None:
        """The first block held only ASCII lines, which read the same in every encoding: decide
        (``detect``) or check the given encoding on the first lines that hold other bytes."""
        self._undecided = detect
        self._unchecked = not detect
        self._crib = crib

    def _settle(self, data: bytes) -> None:
        """``data``, whole lines, holds the file's first non-ASCII bytes: decide on them."""
        if self._undecided:
            self._undecided = False
            self._encoding = detect(data, complete=True, crib=self._crib, mid_file=True)
            self.sample = data
            self._crib = None
        if self._unchecked:
            self._unchecked = False
            _refuse_another_encoding(
                data, True, self._encoding, self.name, self.option, self.lines_read + 1
            )

    def _look_ahead(self) -> None:
        if self.path == "-" or not os.path.isfile(self.path):
            return  # standard input, a pipe: read once, so reading decides
        stream = open_binary(self.path)
        try:
            first = _read_block(stream, self.name)
            for data, _ in _line_chunks(stream, first, self.name, self.line_limit):
                if not data.isascii():
                    self._settle(data)
                    return
        except LineTooLong:
            # Reading the file reaches that line too and refuses it, saying where it is.
            self._undecided = False
            return
        finally:
            stream.close()
        self._undecided = False  # ASCII to the end: utf-8, as detection said

    def blocks_ahead(self, most: int) -> Generator[bytes, None, None]:
        """The first block, then the blocks after it for as long as the caller asks, up to
        ``most`` bytes in all: read ahead of :meth:`lines` (to detect the format on whole
        lines), which reads them again. Call before reading; close the iterator when done.

        A regular file is read again from the end of its first block; the blocks of standard
        input, pipes and compressed files are kept and replayed (they can be read only once).
        """
        yield self.first_block
        if self.first_text is not None or len(self.first_block) < BLOCK_SIZE:
            return  # the first block is the whole file
        if self.reading_started:
            return  # reading ahead of the scorer would take its lines (see head_of)
        size = len(self.first_block)
        seekable = isinstance(self.stream, io.BufferedReader) and os.path.isfile(self.path)
        start = self.stream.tell() if seekable else 0
        ahead: list[bytes] = []
        try:
            while size < most:
                block = _read_block(self.stream, self.name)
                if not block:
                    break
                if not seekable:
                    ahead.append(block)
                size += len(block)
                yield block
        finally:
            if seekable:
                self.stream.seek(start)
            elif ahead:
                self.stream = cast(BinaryIO, _Replay(ahead, self.stream))

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
        self.reading_started = True
        if self._encoding.ascii_compatible:
            blocks = self._blocks_by_cut()
        else:
            blocks = self._blocks_incremental()
        if self.normalizing is not None:
            blocks = self.normalizing.rewritten(blocks)
        try:
            for text in blocks:
                self.lines_read += text.count("\n") + (not text.endswith("\n"))
                yield text
        except UnicodeError as exc:  # not a UnicodeDecodeError: those are handled where raised
            raise _codec_error(exc, self._encoding, self.name, self.option) from None
        finally:
            self.close()
        self._undecodable.report(self.warnings, self._encoding, self.option)

    def close(self) -> None:
        """Close the file (standard input is left open: it is not ours)."""
        if self.path != "-":
            self.stream.close()

    def reopen(self) -> TextFile | None:
        """A new reader of the file from its start, in the encoding found for it (warnings
        kept quiet: they were given once), or None for standard input and pipes, which can be
        read only once."""
        if self.path == "-" or not os.path.isfile(self.path):
            return None
        again = open_text(
            self.path, self.encoding.name, warnings=Warnings(quiet=True), option=self.option
        )
        again.normalizing = self.normalizing
        return again

    def _blocks_by_cut(self) -> Iterator[str]:
        if self.first_text is not None:
            # Detection decoded the whole file already (strictly): no second decode.
            self.bytes_done = len(self.first_block)
            yield self.first_text
            return
        block = self.first_block
        if block.startswith(codecs.BOM_UTF8) and self._encoding.family == "utf-8":
            block = block[3:]
        chunks = _line_chunks(self.stream, block, self.name, self.line_limit)
        for data, final in self._within_limit(chunks):
            if (self._undecided or self._unchecked) and not data.isascii():
                self._settle(data)
            text = self._decode(data, final=final)
            self.bytes_done += len(data)
            yield text
        self._undecided = self._unchecked = False  # ASCII to the end: utf-8 is right

    def _within_limit(self, chunks: Iterator[tuple[bytes, bool]]) -> Iterator[tuple[bytes, bool]]:
        try:
            yield from chunks
        except LineTooLong as exc:
            raise _line_too_long(self.name, self.lines_read + 1, exc.limit, "bytes") from None

    def _decode(self, data: bytes, *, final: bool) -> str:
        first_line = self.lines_read + 1
        if b"\0" in data:
            refuse_nul(data, self.name, first_line, self.option)
        if final and not data.endswith(b"\n"):
            _refuse_cut_character(data, first_line, self._encoding, self.name, self.option)
        if self.strict:
            try:
                return self._encoding.decode(data, strict=True)
            except UnicodeDecodeError as exc:
                line, col = _byte_position(data, exc.start)
                raise WsscoreError(
                    f"byte 0x{data[exc.start]:02X} is not valid {self._encoding.name}",
                    where=location(self.name, first_line + line, col),
                    hint=f"give the right {self.option}, or drop --strict to keep such bytes",
                ) from None
        try:  # a strict decode is as fast as a lossless one and proves there is nothing to count
            return self._encoding.decode(data, strict=True)
        except UnicodeDecodeError:
            text = self._encoding.decode(data)
        self._undecodable.note(data, text, self._encoding, first_line)
        return text

    def _blocks_incremental(self) -> Iterator[str]:
        decoder = codecs.getincrementaldecoder(self._encoding.codec)(
            "strict" if self.strict else "surrogateescape"
        )
        block = self.first_block
        pending: list[str] = []  # the start of a line not yet ended, in pieces (linear)
        pending_size = 0
        first = True
        while True:
            try:
                text = decoder.decode(block, final=not block)
            except UnicodeDecodeError as exc:
                # Name the line of the bad code unit (character column), not of the block.
                before = exc.object[: exc.start].decode(exc.encoding, "replace")
                before = "".join(pending) + (before.removeprefix("\ufeff") if first else before)
                line = self.lines_read + before.count("\n") + 1
                col = len(before) - before.rfind("\n")
                raise WsscoreError(
                    f"not valid {self._encoding.name} ({exc.reason})",
                    where=location(self.name, line, col),
                    hint=f"give the right {self.option}",
                ) from None
            if first and text.startswith("\ufeff"):
                text = text[1:]
            first = first and not text
            cut = text.rfind("\n") + 1
            if cut:
                yield "".join([*pending, text[:cut]])
                pending, pending_size = [], 0
                text = text[cut:]
            if text:
                pending.append(text)
                pending_size += len(text)
                # A character takes at least a byte: a byte limit bounds characters too.
                if pending_size > self.line_limit:
                    raise _line_too_long(
                        self.name, self.lines_read + 1, self.line_limit, "characters"
                    )
            if not block:
                break
            block = _read_block(self.stream, self.name)
        if pending:
            yield "".join(pending)


class _Replay:
    """A stream that was read ahead: the blocks read return first, then the rest of it."""

    def __init__(self, blocks: list[bytes], stream: BinaryIO):
        self._blocks = blocks[::-1]  # popped from the end
        self._stream = stream

    def read(self, size: int = -1) -> bytes:
        if not self._blocks:
            return self._stream.read(size)
        block = self._blocks.pop()
        if 0 <= size < len(block):
            self._blocks.append(block[size:])
            block = block[:size]
        return block

    def close(self) -> None:
        self._stream.close()


class _Undecodable:
    """The bytes of a file that its encoding cannot decode, kept as they are (U+DC80..U+DCFF):
    how many, and where the first one is, for the one warning given when reading ends."""

    def __init__(self, name: str):
        self.name = name
        self.count = 0
        self.first: str | None = None

    def note(self, data: bytes, text: str, encoding: Encoding, first_line: int) -> None:
        """Count those in ``text``, decoded from ``data`` (which starts at ``first_line``)."""
        found = _ESCAPED.findall(text)
        if not found:
            return
        if self.first is None:
            try:
                encoding.decode(data, strict=True)
            except UnicodeDecodeError as exc:
                line, col = _byte_position(data, exc.start)
                self.first = location(self.name, first_line + line, col)
        self.count += len(found)

    def report(self, warnings: Warnings, encoding: Encoding, option: str) -> None:
        if self.count:
            warnings.warn(
                f"{self.count} byte(s) are not valid {encoding.name} and were kept "
                f"as they are (first at {self.first}, byte column)",
                where=self.name,
                hint=f"check {option}; --strict makes this an error",
            )


def _codec_error(exc: UnicodeError, encoding: Encoding, name: str, option: str) -> WsscoreError:
    """A codec that fails other than on a byte, e.g. UTF-16 without its BOM, punycode."""
    hint = f"give the right {option}"
    if "BOM" in str(exc):
        wide = encoding.codec.replace("_", "-")[:6]  # utf-16 or utf-32
        hint = f"a file without a byte-order mark needs {option} {wide}-le or {wide}-be"
    return WsscoreError(f"cannot be read as {encoding.name} ({exc})", where=name, hint=hint)


def _line_too_long(name: str, line: int, limit: int, unit: str) -> WsscoreError:
    """The error for ``line``, which grew past ``limit`` before its line feed came."""
    return WsscoreError(
        f"line is longer than {limit:,} {unit} and has not ended: no segmentation has such a line",
        where=location(name, line),
        hint="is it a binary file, a stream without line feeds, or the wrong file? A "
        "prediction's line may hold at most what its gold can match, and a gold's read from a "
        "stream what its predictions can",
    )


def _refuse_cut_character(
    data: bytes, first_line: int, encoding: Encoding, name: str, option: str
) -> None:
    """A multi-byte character cut off at the very end of ``data``, the end of the file: it
    is truncated (or the encoding wrong); its last word would silently count as wrong."""
    tail_start = data.rfind(b"\n") + 1
    decoder = codecs.getincrementaldecoder(encoding.codec)(encoding.strict_errors)
    try:
        decoder.decode(data[tail_start:], final=False)
    except UnicodeError:
        return  # an invalid byte, not only a cut: reported as undecodable
    pending = decoder.getstate()[0]
    if not pending:
        return
    line, col = _byte_position(data, len(data) - len(pending))
    shown = " ".join(f"0x{byte:02X}" for byte in pending)
    raise WsscoreError(
        f"the file ends inside a multi-byte {encoding.name} character ({shown}): it was cut short",
        where=location(name, first_line + line, col),
        hint=f"restore the complete file; if it is complete, check {option}",
    )


class LineTooLong(Exception):
    """A line grew past the reader's limit before its line feed came (see :data:`MAX_LINE_BYTES`);
    the reader that knows the line's number turns it into a :class:`WsscoreError`."""

    def __init__(self, size: int, limit: int):
        super().__init__(f"{size} > {limit}")
        self.size, self.limit = size, limit


def _line_chunks(
    stream: BinaryIO, block: bytes, name: str, limit: int = 0
) -> Iterator[tuple[bytes, bool]]:
    """``block`` and the rest of ``stream`` in chunks of whole lines (the last chunk may end
    without a line feed), each with whether it is the last.

    A line longer than a block is gathered in pieces, each searched for a line feed once, so
    reading is linear in the line's length; past ``limit`` bytes (0: none) it raises
    :class:`LineTooLong` at once, so that an endless line ends.
    """
    pieces: list[bytes] = []  # the start of a line longer than a block: no line feed in them
    pending = 0  # their length
    while True:
        more = _read_block(stream, name) if block else b""
        if not block and not more:
            break
        if more:
            cut = block.rfind(b"\n") + 1
            if cut == 0:  # a line longer than a block: keep reading
                pieces.append(block)
                pending += len(block)
                if limit and pending > limit:
                    raise LineTooLong(pending, limit)
                block = more
                continue
            data = b"".join([*pieces, block[:cut]]) if pieces else block[:cut]
            rest = block[cut:]
            pieces, pending = ([rest], len(rest)) if rest else ([], 0)
        else:
            data = b"".join([*pieces, block]) if pieces else block
            pieces, pending = [], 0
        if data:
            yield data, not more
        block = more


def refuse_nul(data: bytes, name: str, first_line: int = 1, option: str = ENCODING_OPTION) -> None:
    """No text segmentation holds a NUL byte: name UTF-16/32 without a BOM, or a binary file.

    ``option`` sets the file's encoding: the hint names it, not an option of other files."""
    wide = _wide_without_bom(data) if first_line == 1 else None
    if wide is not None:
        raise WsscoreError(
            f"looks like {wide.upper()} without a byte-order mark (NUL bytes between the "
            "characters)",
            where=name,
            hint=f"give {option} {wide}, or convert the file to UTF-8",
        )
    line, col = _byte_position(data, data.find(b"\0"))
    raise WsscoreError(
        "looks binary: it holds a NUL byte, which no text file has",
        where=location(name, first_line + line, col),
        hint="give the plain-text segmentation; gzip, bzip2 and xz files are read as they are, "
        "other archives must be unpacked first",
    )


def _wide_without_bom(sample: bytes) -> str | None:
    """``utf-16-le`` etc. when a sample reads as UTF-16/32 text without its BOM, else None."""
    size = len(sample) - len(sample) % 4
    if size < 4:
        return None
    if sample.count(0) * 4 < len(sample) and _reads_as_utf8(sample):
        return None  # UTF-8 text with a NUL in it: wide text is never valid UTF-8 but in ASCII
    units = size // 4
    zeros = [sample[i:size:4].count(0) for i in range(4)]
    if zeros[3] == units and zeros[2] * 2 > units:
        codec = "utf-32-le"
    elif zeros[0] == units and zeros[1] * 2 > units:
        codec = "utf-32-be"
    elif zeros[1] + zeros[3] > 4 * (zeros[0] + zeros[2]):  # spaces and line feeds: 20 00, 0A 00
        codec = "utf-16-le"
    elif zeros[0] + zeros[2] > 4 * (zeros[1] + zeros[3]):
        codec = "utf-16-be"
    else:
        return None
    try:
        text = sample[:size].decode(codec)
    except UnicodeDecodeError as exc:
        if exc.start < size - 4:  # not just a character cut at the end of the sample
            return None
        text = sample[: exc.start].decode(codec)
    controls = sum(1 for char in text if char < " " and char not in "\t\n\r")
    separated = " " in text or "\n" in text or "\u3000" in text
    return codec if separated and controls == 0 else None


def _reads_as_utf8(sample: bytes) -> bool:
    """Whether ``sample`` is UTF-8, but perhaps for a character cut at its end."""
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.reason == "unexpected end of data"
    return True


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
    option: str = ENCODING_OPTION,
) -> TextFile:
    """Open an input, decide its encoding (``auto`` detects it) and return a :class:`TextFile`.

    ``option`` is the command-line option that sets this file's encoding (``--gold-encoding``
    etc.): hints name it. A file whose first block is all ASCII is decided on its first block
    with other bytes, as it is read (:meth:`TextFile.wait_for_non_ascii`).
    """
    name = display_name(path)
    if path != "-" and os.path.isdir(path):
        raise WsscoreError(_DIRECTORY, where=name, hint=_DIRECTORY_HINT)
    if encoding == "auto":
        chosen = None
    else:
        try:
            chosen = lookup(encoding)
        except ValueError as exc:
            raise WsscoreError(str(exc)) from None
    stream = open_binary(path)
    first = _read_block(stream, name)
    complete = len(first) < BLOCK_SIZE
    if (
        b"\0" in first
        and (chosen is None or chosen.ascii_compatible)
        and not first.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE))
    ):
        refuse_nul(first, name, option=option)
    if chosen is None:
        chosen, text = detect_and_decode(first, complete=complete, crib=crib)
        opened = TextFile(path, chosen, stream, first, warnings, strict, text, option)
        if only_ascii_seen(first, complete=complete):
            opened.wait_for_non_ascii(detect=True, crib=crib)
        return opened
    if chosen.ascii_compatible:
        _refuse_another_encoding(first, complete, chosen, name, option)
    opened = TextFile(path, chosen, stream, first, warnings, strict=strict, option=option)
    if chosen.ascii_compatible and only_ascii_seen(first, complete=complete):
        opened.wait_for_non_ascii(detect=False)  # the check above saw nothing to check
    return opened


def _refuse_another_encoding(
    first: bytes,
    complete: bool,
    chosen: Encoding,
    name: str,
    option: str = ENCODING_OPTION,
    first_line: int = 1,
) -> None:
    """An encoding given by name that fails on bytes another encoding reads exactly is a wrong
    ``--encoding``: say so at once rather than score mojibake. ``first`` is the first block, or
    the first lines with non-ASCII bytes (from line ``first_line``)."""
    sample = first if complete else first[: first.rfind(b"\n") + 1]
    try:
        chosen.decode(sample, strict=True)
        return
    except UnicodeDecodeError as exc:
        bad = exc.start
    except UnicodeError:
        return  # no byte to name: reading the file says what is wrong
    detected, _ = detect_and_decode(sample, complete=True, mid_file=first_line > 1)
    if detected.family == chosen.family:
        return
    try:
        detected.decode(sample, strict=True)
    except UnicodeDecodeError:
        return  # damaged either way: the bytes are kept and reported as undecodable
    line, col = _byte_position(sample, bad)
    # Name only the options that govern this file: --gold-encoding fixes the gold alone, where
    # --encoding would change every file.
    drop = "no --encoding" if option == ENCODING_OPTION else f"neither --encoding nor {option}"
    raise WsscoreError(
        f"byte 0x{sample[bad]:02X} is not valid {chosen.name}; the file reads as {detected.name}",
        where=location(name, first_line + line, col),
        hint=f"give {option} {detected.name} for it, or {drop} to detect each file's",
    )


def crib_of(gold: TextFile, limit: int = 64 * 1024) -> frozenset[str]:
    """Characters of the gold where its encoding was decided (its first block, or its first
    lines that are not ASCII), to tell apart candidate encodings of a prediction."""
    encoding = gold.encoding  # first: deciding may look ahead and set the sample
    sample = gold.sample
    if encoding.ascii_compatible:
        sample = non_ascii_part(sample)  # the characters that tell encodings apart
    sample = sample[:limit]
    try:
        text = encoding.decode(sample)
    except UnicodeError:  # UTF-16 cut inside a surrogate pair, or damaged: a crib is a hint
        try:
            text = sample.decode(encoding.codec, "replace")
        except UnicodeError:  # a codec without error handlers (idna, punycode): no hint
            return frozenset()
    return frozenset(text.translate(_NO_SPACE))


_NO_SPACE = dict.fromkeys(map(ord, " \t\r\n\u3000\ufeff"))
