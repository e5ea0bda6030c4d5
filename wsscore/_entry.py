"""The ``wsscore`` command's entry point: Ctrl-C is handled before any heavy import.

Importing click and the scorer takes tens of milliseconds; a Ctrl-C then would print a
traceback from deep inside click. This module imports nothing but the standard library's
``os``, ``signal`` and ``sys`` (already loaded by Python itself) and the flag of
:mod:`wsscore.interrupts` before it can answer an interrupt with one line and exit status 130.
"""

from __future__ import annotations

import contextlib
import os
import signal

from wsscore import interrupts

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it (also in wsscore.errors)
INTERRUPTED = b"wsscore: interrupted\n"


def _leave_at_once(signum: int, frame: object) -> None:
    """A second Ctrl-C while the first is being handled: no more clean-up, no traceback."""
    os.write(2, INTERRUPTED)
    os._exit(EXIT_INTERRUPTED)


def _interrupt(signum: int, frame: object) -> None:
    if interrupts.held():  # the report is being delivered: the run has succeeded
        return
    # The first Ctrl-C unwinds normally (temporary files are removed on the way out); a
    # second one cannot interrupt that unwinding half-way with a traceback.
    signal.signal(signal.SIGINT, _leave_at_once)
    raise KeyboardInterrupt


def interrupted() -> None:
    """Say so in one line and exit 130 (standard error may be gone: then just exit)."""
    signal.signal(signal.SIGINT, _leave_at_once)
    with contextlib.suppress(OSError):
        os.write(2, INTERRUPTED)
    os._exit(EXIT_INTERRUPTED)


def main() -> None:
    interrupts.release()
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)  # not when Ctrl-C is ignored (nohup, &)
    try:
        from wsscore.cli.app import main as run_cli
    except KeyboardInterrupt:
        interrupted()
    try:
        run_cli()
    except KeyboardInterrupt:  # anywhere the command's own handling could not catch it
        interrupted()


if __name__ == "__main__":
    main()
