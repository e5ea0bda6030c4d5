"""Where a report goes: standard output, or a file written atomically."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from typing import BinaryIO

from .errors import WsscoreError


def _mode_for(path: str) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def check_destination(path: str | None) -> None:
    """Refuse an unwritable ``-o`` before any work is done, not after a long run."""
    if path is None or path == "-":
        return
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise WsscoreError(
            f"cannot write the report: the directory {directory} does not exist",
            where=path,
            hint="create it first, or give another -o",
        )
    if os.path.isdir(path):
        raise WsscoreError(
            "cannot write the report: it is a directory", where=path, hint="give a file name"
        )
    if not os.access(directory, os.W_OK | os.X_OK):
        raise WsscoreError(
            f"cannot write the report: no permission to write in {directory}",
            where=path,
            hint="give -o a directory you can write in",
        )


class Destination:
    """A byte sink for a report; ``-o FILE`` writes a temporary file and renames it at the end.

    So an interrupted or failed run never leaves a half-written report, and an existing file is
    replaced only by a complete one.
    """

    def __init__(self, path: str | None):
        self.path = path
        self._temp_path: str | None = None
        self.stream: BinaryIO
        if path is None or path == "-":
            self.stream = sys.stdout.buffer
            return
        import tempfile  # only reports written to a file need it

        directory = os.path.dirname(os.path.abspath(path))
        try:
            handle, self._temp_path = tempfile.mkstemp(
                prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=directory
            )
        except OSError as exc:
            raise WsscoreError(
                f"cannot write the report: {exc.strerror}",
                where=path,
                hint="give -o a directory you can write in",
            ) from None
        self.stream = os.fdopen(handle, "wb")
        # mkstemp makes the file private (0600); give the report the mode a plain open() would
        # (0666 less the umask), or keep the mode of the report it replaces.
        with contextlib.suppress(OSError):
            os.chmod(self._temp_path, _mode_for(path))

    def write(self, data: bytes | str) -> None:
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        self.stream.write(data)

    def commit(self) -> None:
        if self._temp_path is None:
            self.stream.flush()
            return
        self.stream.close()
        try:
            os.replace(self._temp_path, self.path)  # type: ignore[arg-type]
        except OSError as exc:
            self.discard()
            raise WsscoreError(
                f"cannot write the report: {exc.strerror}", where=self.path
            ) from None
        self._temp_path = None

    def discard(self) -> None:
        if self._temp_path is not None:
            self.stream.close()
            with contextlib.suppress(OSError):
                os.unlink(self._temp_path)
            self._temp_path = None

    def __enter__(self) -> Destination:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()
