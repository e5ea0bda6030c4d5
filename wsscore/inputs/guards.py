"""Checks on a command's files before anything is read or written.

No output may be one of the inputs (the report would replace it), no stream may be read twice
(the second reader would wait forever or get the rest of the first one's data), and the files
scored at once must fit under the open-file limit. Files are compared as the system sees them,
by device and inode, so symbolic and hard links, ``./`` and ``../`` forms all count.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence
from typing import NamedTuple

from wsscore.errors import WsscoreError, refuse_standard_input_twice

# Descriptors a run may open beside its inputs while they are open (the standard streams and
# whatever else the process holds are counted as they are): a second handle on a file whose
# encoding is decided ahead or whose CoNLL-U tokens are scanned ahead, a word list being read,
# the report's temporary file (`segment` writes it while TEXT is read), a spooled standard
# output. Measured: one prediction needs 5 descriptors in all, 120 need 125.
SPARE_FILES = 4
# Worker processes (--jobs N, and the diff processes of --match diff) need pipes: a pool 9
# descriptors and each worker 2 more (measured with 1 to 8 workers on Linux).
POOL_FILES = 9
FILES_PER_WORKER = 2


class Named(NamedTuple):
    """A path given on the command line, with the role or option that gave it."""

    role: str  # "the gold", "-d", "-o", ...
    path: str


def file_identity(path: str) -> os.stat_result | None:
    """The status of the file a path names (standard input for ``-``), or None if there is none."""
    try:
        if path == "-":
            return None if sys.stdin is None else os.fstat(sys.stdin.fileno())
        return os.stat(path)
    except (OSError, ValueError, AttributeError):  # no such file; a stdin without a descriptor
        return None


def same_file(a: os.stat_result, b: os.stat_result) -> bool:
    """Whether two statuses are of one file (by device and inode: links and ./ forms count)."""
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _shown(item: Named) -> str:
    return "standard input ('-')" if item.path == "-" else f"{item.role} {item.path}"


def refuse_outputs_that_are_inputs(outputs: Sequence[Named], inputs: Sequence[Named]) -> None:
    """An ``-o`` or ``--plot`` that is an input, or two outputs that are one file: refuse."""
    outputs = [item for item in outputs if item.path not in (None, "", "-")]
    for output in outputs:
        written = file_identity(output.path)
        if written is None:
            continue  # not there yet: it cannot be an input
        for item in inputs:
            read = file_identity(item.path)
            if read is not None and same_file(written, read) and stat.S_ISREG(read.st_mode):
                raise WsscoreError(
                    f"{output.role} {output.path} is the same file as {_shown(item)}: writing "
                    "there would destroy an input",
                    hint=f"give {output.role} another file name",
                )


def refuse_one_file_for_two_outputs(outputs: Sequence[Named]) -> None:
    """``-o r.png --plot r.png``: one would replace the other (compared by path, as neither
    needs to exist yet)."""
    outputs = [item for item in outputs if item.path not in (None, "", "-")]
    for position, output in enumerate(outputs):
        for other in outputs[position + 1 :]:
            if os.path.realpath(output.path) == os.path.realpath(other.path):
                raise WsscoreError(
                    f"{output.role} and {other.role} name the same file {output.path}",
                    hint="give each its own file",
                )


def refuse_stdout_into_an_input(inputs: Sequence[Named]) -> None:
    """``wsscore score g p >> p``: the report would land in an input while it is read."""
    written = _stdout_identity()
    if written is None or not stat.S_ISREG(written.st_mode):
        return
    for item in inputs:
        read = file_identity(item.path)
        if read is not None and item.path != "-" and same_file(written, read):
            raise WsscoreError(
                f"standard output is redirected into {_shown(item)}: the report would "
                "overwrite an input",
                hint="redirect the report to another file, or give -o FILE",
            )


def _stdout_identity() -> os.stat_result | None:
    try:
        return os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # closed, or not a real file (a test runner)
        return None


def refuse_committee_of_other_inputs(members: Sequence[Named], others: Sequence[Named]) -> None:
    """A committee member that is the gold or a word list (`--committee pku_*` expanded by the
    shell takes them too) would be judged as a segmentation: refuse it, naming which it is."""
    for member in members:
        judged = file_identity(member.path)
        if judged is None or member.path == "-":
            continue  # not there (refused when read), or standard input (refused if twice)
        for item in others:
            read = file_identity(item.path)
            if read is not None and item.path != "-" and same_file(judged, read):
                raise WsscoreError(
                    f"{member.role} {member.path} is the same file as {item.role} "
                    f"{item.path}: a committee member is a segmentation of the test set, "
                    "not the gold or a word list",
                    hint="leave it out of the committee: a shell glob such as pku_* takes "
                    "every file it matches",
                )


def refuse_streams_read_twice(inputs: Sequence[Named]) -> None:
    """A pipe, terminal or named pipe can be read once: refuse it given for two inputs."""
    refuse_standard_input_twice([item.path for item in inputs])
    seen: list[tuple[Named, os.stat_result]] = []
    for item in inputs:
        status = file_identity(item.path)
        if status is None or stat.S_ISREG(status.st_mode) or stat.S_ISDIR(status.st_mode):
            continue  # a regular file can be read again (scoring a file against itself is fine)
        for earlier, earlier_status in seen:
            if same_file(status, earlier_status):
                raise WsscoreError(
                    f"{_shown(earlier)} and {_shown(item)} are the same stream, which can be "
                    "read only once",
                    hint="save it to a file and give the file for both",
                )
        seen.append((item, status))


# Names of standard input and output as files (Linux and the BSDs): with the stream closed,
# they name whatever the process put on its descriptor, never what the caller meant.
STDIN_NAMES = ("/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")
STDOUT_NAMES = ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def names_stream(path: str, names: Sequence[str], fd: int) -> bool:
    """Whether ``path`` is one of ``names`` (or /proc/PID/fd/FD of this process), as written."""
    if not path.startswith("/"):
        return False
    path = os.path.normpath(path)
    return path in names or path == f"/proc/{os.getpid()}/fd/{fd}"


def refuse_closed_standard_input(inputs: Sequence[Named]) -> None:
    """Standard input closed by the caller (`<&-`): no input may be read from it, whether given
    as ``-`` or by a name of it such as /dev/stdin (the command puts /dev/null there)."""
    if sys.stdin is not None:
        return
    for item in inputs:
        if item.path == "-":
            shown = f"{item.role} is standard input ('-')"
        elif names_stream(item.path, STDIN_NAMES, 0):
            shown = f"{item.role} {item.path} is standard input"
        else:
            continue
        raise WsscoreError(f"{shown}, which is closed", hint="give a file, or pipe the input in")


def require_rereadable(item: Named, why: str) -> None:
    """Some work reads an input twice: it must be a file, not standard input or a pipe."""
    status = file_identity(item.path)
    if item.path == "-" or (status is not None and not stat.S_ISREG(status.st_mode)):
        raise WsscoreError(
            f"{why} reads {item.role} twice, so it must be a file, not a stream",
            where="<stdin>" if item.path == "-" else item.path,
            hint="save it to a file first",
        )


def ensure_open_file_limit(files_at_once: int, workers: int = 0) -> None:
    """Raise the soft limit on open files when the run needs it; refuse when the hard one is
    too low, naming the limit, rather than fail on the 45th file with EMFILE.

    What the run needs is counted, not guessed: the descriptors the process holds now, the
    ``files_at_once`` inputs, :data:`SPARE_FILES`, and the pipes of ``workers`` processes.
    """
    try:
        import resource
    except ImportError:  # not on this system: nothing to check
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return
    held = _descriptors_held()
    pipes = POOL_FILES + FILES_PER_WORKER * workers if workers else 0
    extra = files_at_once + SPARE_FILES + pipes
    # A descriptor is free if its number is below the limit: those above it take no room.
    if sum(1 for fd in held if fd < soft) + extra <= soft:
        return
    needed = len(held) + extra
    if hard == resource.RLIM_INFINITY or needed <= hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
            return
        except (ValueError, OSError):
            pass
    with_workers = f" with {workers} worker processes" if workers else ""
    fewer = "score fewer files per run" + (", or give fewer --jobs" if workers else "")
    raise WsscoreError(
        f"{files_at_once} files are read at once{with_workers}, which needs about {needed} open "
        f"files, but the limit on open files is {soft} (hard limit {hard})",
        hint=f"raise it, e.g. 'ulimit -n {max(needed, 1024)}', or {fewer}",
    )


def _descriptors_held() -> list[int]:
    """The descriptors open in this process (the standard streams and any inherited ones), or
    0, 1 and 2 where they cannot be listed."""
    for directory in ("/proc/self/fd", "/dev/fd"):
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        held = [int(name) for name in names if name.isdigit()]
        # The listing's own descriptor is among them, closed by now: keep the open ones.
        return [fd for fd in held if is_open(fd)]
    return [0, 1, 2]


def is_open(fd: int) -> bool:
    """Whether a file descriptor is open in this process."""
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True
