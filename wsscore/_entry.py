"""The ``wsscore`` command's entry point: Ctrl-C is handled before any heavy import.

Importing click and the scorer takes a while; a Ctrl-C then would print a traceback from deep
inside click. ``--version`` and ``--help`` are answered before that, by
:mod:`wsscore.cli.answers`. This module imports only what Python has loaded before it runs a
line of ours (``os``, ``sys``), built-in modules (``gc``, and ``_signal``, the built-in half of
``signal``, which itself is not loaded at start-up) and the flag of :mod:`wsscore.interrupts`.
From the first line of :func:`main` on, a Ctrl-C ends the run with one line and exit status
130, whatever an import makes of its KeyboardInterrupt: wrapped in another exception, or
swallowed ("Exception ignored in ..."). Before that line (Python's own start-up, the console
script's ``import re``, this package's ``__init__``) Python's default handler answers it.
"""

import _signal  # type: ignore[import-not-found]
import gc
import os
import sys

from wsscore import interrupts

# A constant of this name is true for type checkers only (`typing` is not loaded at start-up).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it (also in wsscore.errors)
INTERRUPTED = b"wsscore: interrupted\n"


def _say_interrupted() -> None:
    try:  # noqa: SIM105 - contextlib is not loaded at start-up
        os.write(2, INTERRUPTED)
    except OSError:  # standard error is closed: the exit status says it
        pass


def _leave_at_once(signum: int, frame: object) -> None:
    """A second Ctrl-C while the first is being handled: no more clean-up, no traceback."""
    _say_interrupted()
    os._exit(EXIT_INTERRUPTED)


def _interrupt(signum: int, frame: object) -> None:
    if interrupts.held():  # the report is being delivered: the run has succeeded
        return
    # Noted first: the KeyboardInterrupt may be wrapped in another exception or swallowed.
    interrupts.note_interrupt()
    # The first Ctrl-C unwinds normally (temporary files are removed on the way out); a
    # second one cannot interrupt that unwinding half-way with a traceback.
    _signal.signal(_signal.SIGINT, _leave_at_once)
    raise KeyboardInterrupt


def _unraisable(unraisable: "sys.UnraisableHookArgs") -> None:
    """A KeyboardInterrupt Python could not raise (in a weakref callback of the import system,
    in a ``__del__``): noted, so that the run ends as interrupted, and not printed."""
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        interrupts.note_interrupt()
        return
    sys.__unraisablehook__(unraisable)


def interrupted() -> "NoReturn":
    """Say so in one line and exit 130 (standard error may be gone: then just exit)."""
    _signal.signal(_signal.SIGINT, _leave_at_once)
    _say_interrupted()
    os._exit(EXIT_INTERRUPTED)


def _catch_interrupts() -> None:
    interrupts.release()
    sys.unraisablehook = _unraisable
    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, _interrupt)  # not when Ctrl-C is ignored (nohup, &)


def main() -> None:
    # Everything inside the `try`: a Ctrl-C even before our handler is in place (Python's
    # default one raises KeyboardInterrupt too) ends in one line.
    try:
        # The cyclic garbage collector would pass over the objects of every module imported
        # (an eighth of their import time); wsscore.cli.app keeps it off for the run.
        gc.disable()
        _catch_interrupts()
        from wsscore.cli.answers import answered

        if interrupts.interrupted():  # swallowed while importing
            interrupted()
        if answered(sys.argv[1:]):  # --version, --help: without importing click
            return
        from wsscore.cli.app import main as run_cli

        if interrupts.interrupted():  # swallowed while importing
            interrupted()
        run_cli()
    except KeyboardInterrupt:  # anywhere the command's own handling could not catch it
        interrupted()
    except Exception:
        if interrupts.interrupted():  # a Ctrl-C that an import turned into another exception
            interrupted()
        raise


if __name__ == "__main__":
    main()
