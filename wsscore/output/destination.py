"""Where a report goes: standard output, or a file written atomically.

Three promises, whatever fails and whenever: an existing file is replaced only by a complete
report; nothing reaches standard output before the run has succeeded (unless a command streams
on purpose); and a device or a named pipe given as ``-o`` is written to, never replaced.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
import sys
from types import TracebackType
from typing import BinaryIO

from wsscore import interrupts
from wsscore.errors import WsscoreError
from wsscore.inputs.guards import STDOUT_NAMES, names_stream

STDOUT_NAME = "<stdout>"
# A deferred standard output is held in memory up to this size, then in a temporary file: a
# sighan report of a big corpus must not grow the process.
SPOOL_IN_MEMORY = 8 << 20
COPY_BLOCK = 1 << 16
TEMPORARY_ATTEMPTS = 100  # names drawn before giving up: each is 32 random bits


def _mode_for(path: str) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def check_destination(path: str | None, option: str = "-o") -> None:
    """Refuse an unwritable ``-o`` (or ``--plot``) before any work is done, not after a long run."""
    what = "the figure" if option == "--plot" else "the report"
    if path is None or path == "-":
        if option == "-o" and sys.stdout is None:
            raise WsscoreError(
                "standard output is closed: the report has nowhere to go",
                hint="redirect it (> FILE) or give -o FILE",
            )
        return
    if sys.stdout is None and names_stream(path, STDOUT_NAMES, 1):
        # The command put /dev/null there: the output would vanish without a word.
        raise WsscoreError(
            f"{option} {path} is standard output, which is closed: {what} has nowhere to go",
            hint=f"redirect standard output (> FILE), or give {option} a file",
        )
    if path == "":
        raise WsscoreError(
            f"cannot write {what}: {option} was given an empty file name",
            hint=f"give {option} a file name, e.g. {option} {_example(option)}",
        )
    if path.endswith(os.sep) or os.path.isdir(path):
        raise WsscoreError(
            f"cannot write {what}: it names a directory, not a file",
            where=path,
            hint=f"give a file inside it, e.g. {option} {os.path.join(path, _example(option))}",
        )
    if _is_special(path):
        return  # a device or a named pipe: written in place, and it exists
    directory = os.path.dirname(os.path.abspath(_resolved(path)))
    if not os.path.isdir(directory):
        raise WsscoreError(
            f"cannot write {what}: the directory {directory} does not exist",
            where=path,
            hint=f"create it first, or give another {option}",
        )
    if not os.access(directory, os.W_OK | os.X_OK):
        raise WsscoreError(
            f"cannot write {what}: no permission to write in {directory}",
            where=path,
            hint=f"give {option} a directory you can write in",
        )


def _example(option: str) -> str:
    return "figure.png" if option == "--plot" else "report.txt"


def _resolved(path: str) -> str:
    """The file a symbolic link leads to: the report replaces it, not the link."""
    return os.path.realpath(path) if os.path.islink(path) else path


def _is_special(path: str) -> bool:
    """An existing file that is not a regular file (a device, a named pipe, a socket)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


class Destination:
    """A byte sink for a report.

    ``-o FILE`` writes a temporary file beside FILE and renames it at the end, so an interrupted
    or failed run never leaves a half-written report, and an existing file is replaced only by a
    complete one. A device or named pipe is written in place. Standard output is ``deferred``
    by default: held back (in memory, then in a temporary file) and written only when the run
    has succeeded, so an error prints nothing but its one line.
    """

    def __init__(self, path: str | None, *, defer: bool = True, option: str = "-o"):
        self.path = path
        self.option = option
        self.name = STDOUT_NAME if path is None or path == "-" else path
        self._temp_path: str | None = None
        self._target: BinaryIO | None = None  # where a deferred stream is copied at the end
        self._owns_stream = True  # not when it is standard output itself, which stays open
        self.stream: BinaryIO
        if path is None or path == "-":
            self._open_stdout(defer)
        elif _is_special(path):
            self.stream = self._opened(path)
        else:
            self._open_temporary(_resolved(path))

    def _open_stdout(self, defer: bool) -> None:
        if sys.stdout is None:
            check_destination(None)  # raises: standard output is closed
        target = sys.stdout.buffer
        if not defer:
            self.stream = target
            self._owns_stream = False
            return
        self._target = target
        # In memory, and in a temporary file once it passes SPOOL_IN_MEMORY (_spill): tempfile
        # (which loads shutil, random and the compression modules) only for a large report.
        self.stream = io.BytesIO()

    def _opened(self, path: str) -> BinaryIO:
        try:
            return open(path, "wb")
        except OSError as exc:
            raise self._error(exc) from None

    def _open_temporary(self, path: str) -> None:
        self._final_path = path
        try:
            handle = self._create_temporary(path)
        except OSError as exc:
            self._temp_path = None
            hint = f"give {self.option} a directory you can write in"
            raise self._error(exc, hint=hint) from None
        except BaseException:  # a Ctrl-C: the file, if it was made, has a known name
            self._remove_temporary()
            raise
        assert self._temp_path is not None  # named by _create_temporary
        try:
            self.stream = os.fdopen(handle, "wb")
            # The file is made private (0600); give the report the mode a plain open()
            # would (0666 less the umask), or keep the mode of the report it replaces.
            with contextlib.suppress(OSError):
                os.chmod(self._temp_path, _mode_for(path))
        except BaseException:  # a Ctrl-C here: no `with` block will clean up after us
            self._remove_temporary()
            raise

    def _create_temporary(self, path: str) -> int:
        """A new private file beside ``path``, opened for writing. Its name is chosen and kept
        before the file exists (mkstemp names it only after): a Ctrl-C at any instant leaves
        no file that the cleanup cannot name."""
        directory = os.path.dirname(os.path.abspath(path))
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        import secrets  # here: it loads hashlib and OpenSSL, which only -o FILE needs

        for _ in range(TEMPORARY_ATTEMPTS):
            suffix = secrets.token_hex(4)
            self._temp_path = os.path.join(directory, f".{os.path.basename(path)}.{suffix}.tmp")
            try:
                return os.open(self._temp_path, flags, 0o600)
            except FileExistsError:
                continue
        raise FileExistsError(errno.EEXIST, "no free name for a temporary file", directory)

    def _remove_temporary(self) -> None:
        if self._temp_path is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._temp_path)

    def write(self, data: bytes | str) -> None:
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        try:
            self.stream.write(data)
            if isinstance(self.stream, io.BytesIO) and self.stream.tell() > SPOOL_IN_MEMORY:
                self._spill(self.stream)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._error(exc) from None

    def commit(self) -> None:
        try:
            if self._target is not None:
                interrupts.hold()  # the run has succeeded: a late Ctrl-C cannot undo it
                self._copy_deferred()
            elif self._temp_path is None:
                self.stream.flush()
                if self._owns_stream:
                    self.stream.close()
            else:
                self.stream.close()
                interrupts.hold()  # the run has succeeded: a late Ctrl-C cannot undo it
                os.replace(self._temp_path, self._final_path)
                self._temp_path = None
        except BrokenPipeError:
            raise
        except OSError as exc:
            self.discard()
            raise self._error(exc) from None
        except BaseException:  # a Ctrl-C before the report was delivered: leave nothing
            self.discard()
            raise

    def _spill(self, held: io.BytesIO) -> None:
        """Move a deferred report that has grown large out of memory, into a temporary file."""
        import tempfile

        spool = tempfile.TemporaryFile()  # noqa: SIM115 - kept open until the copy
        spool.write(held.getbuffer())
        self.stream = spool

    def _copy_deferred(self) -> None:
        assert self._target is not None
        spool, target = self.stream, self._target
        spool.seek(0)
        while block := spool.read(COPY_BLOCK):
            target.write(block)
        target.flush()
        spool.close()

    def discard(self) -> None:
        if self._temp_path is not None:
            with contextlib.suppress(OSError):
                self.stream.close()
            with contextlib.suppress(OSError):
                os.unlink(self._temp_path)
            self._temp_path = None
        elif self._owns_stream:
            with contextlib.suppress(OSError):
                self.stream.close()

    def _error(self, exc: OSError, hint: str | None = None) -> WsscoreError:
        if exc.errno == errno.ENOSPC:
            hint = "the disk is full: free some space, or write elsewhere"
        elif hint is None and self.name == STDOUT_NAME:
            hint = "give -o FILE to write the report to a file"
        return WsscoreError(
            f"cannot write the report: {exc.strerror or exc}", where=self.name, hint=hint
        )

    def __enter__(self) -> Destination:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()
