"""The ``wsscore`` command: the process's entry into the group of commands.

Each command lives in :mod:`wsscore.cli.commands` and is imported when it runs
(:data:`wsscore.cli.group.COMMANDS`); options shared between them are in
:mod:`wsscore.cli.options`. No arithmetic here: scoring is in :mod:`wsscore.scoring`,
rendering in :mod:`wsscore.output`.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys

import click

from wsscore import interrupts
from wsscore.cli.group import cli
from wsscore.cli.running import exit_interrupted
from wsscore.errors import EXIT_OK, EXIT_USAGE
from wsscore.inputs.guards import is_open

__all__ = ["cli", "main"]


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script and of ``python -m wsscore``.

    As a process of its own (``argv`` None) it runs without the cyclic garbage collector, whose
    passes over the many word objects only cost time (the scorer creates no reference cycles
    worth collecting), and it ends with ``os._exit`` once its output is flushed, instead of
    tearing down every object one by one.
    """
    own_process = argv is None
    if own_process:
        gc.disable()
        _hold_closed_standard_streams()
    try:
        cli.main(args=argv, prog_name="wsscore", standalone_mode=True)
    except BrokenPipeError:
        _quiet_broken_pipe()
        sys.exit(EXIT_OK)
    except OSError as exc:  # click writing help or a version into a full disk, say
        if interrupts.interrupted():  # or the trace of a Ctrl-C
            exit_interrupted()
        click.echo(f"wsscore: error: {_cannot_write(exc)}", err=True)
        sys.exit(EXIT_USAGE)
    except KeyboardInterrupt:
        exit_interrupted()
    except SystemExit as exc:
        if not own_process or not isinstance(exc.code, (int, type(None))):
            raise
        os._exit(_flushed(exc.code or 0))


def _hold_closed_standard_streams() -> None:
    """Put /dev/null on a standard stream's descriptor the caller closed (`<&-`, `>&-`).

    Otherwise the first file opened takes descriptor 0 (or 1, 2): `/dev/stdin` would name an
    input, and a child process or a stray write would find a file there. ``sys.stdin`` and the
    others stay None, so that whatever is meant for a closed stream is still refused.
    """
    for fd, stream, flags in (
        (0, sys.stdin, os.O_RDONLY),
        (1, sys.stdout, os.O_WRONLY),
        (2, sys.stderr, os.O_WRONLY),
    ):
        if stream is not None or is_open(fd):
            continue
        with contextlib.suppress(OSError):
            null = os.open(os.devnull, flags)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def _flushed(status: int) -> int:
    """Flush what click printed (help, version); the exit status once it is out, or 2 when
    standard output cannot take it (`> /dev/full`)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed by the caller (>&-): nothing of ours is waiting in it
            continue
        try:
            stream.flush()
        except BrokenPipeError:
            _quiet_broken_pipe()
            return EXIT_OK if status == EXIT_OK else status
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.write(2, f"wsscore: error: {_cannot_write(exc)}\n".encode())
            return EXIT_USAGE
    return status


def _cannot_write(exc: OSError) -> str:
    return (
        f"cannot write to standard output: {exc.strerror or exc} "
        "(free some space, or redirect the output elsewhere)"
    )


def _quiet_broken_pipe() -> None:
    """The reader went away (`wsscore … | head -1`): not an error, and no traceback."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
