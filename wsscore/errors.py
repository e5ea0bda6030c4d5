"""Errors and warnings that reach the user as one clear line."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import TextIO

EXIT_OK = 0
EXIT_THRESHOLD = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it


# How the call in progress words a message for its caller: None outside any public entry point
# (the text as worded, in the command line's terms). Set by :mod:`wsscore.api_terms` (which
# imports this module): within a call of the Python API, flags are said as its arguments.
WORDING: ContextVar[Callable[[str], str] | None] = ContextVar("wsscore_wording", default=None)

# Warnings waiting to be printed under a report drawn on the terminal: None when they are printed
# as they come. Set by :func:`held_warnings`.
_HELD: ContextVar[list[str] | None] = ContextVar("wsscore_held_warnings", default=None)


def in_current_terms(text: str) -> str:
    """``text`` as the caller in progress should read it (unchanged outside an entry point and
    on the command line). :meth:`Warnings.relay` words every warning so."""
    say = WORDING.get()
    return text if say is None else say(text)


class WsscoreError(Exception):
    """An input or usage problem the user can fix; the CLI prints it on one line, exit 2.

    ``where`` is ``file``, ``file:line`` or ``file:line:col`` (1-based); ``hint`` says how to
    fix it. ``detail`` (where the problem shows, figures) goes on a line of its own after them,
    so that the first line says what is wrong and what to do in a glance.
    """

    def __init__(
        self,
        message: str,
        *,
        where: str | None = None,
        hint: str | None = None,
        detail: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.where = where
        self.hint = hint
        self.detail = detail

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        if self.hint:
            text += f" ({self.hint})"
        if self.detail:
            text += f"\n  {self.detail}"
        return text


class InvalidArgument(WsscoreError, ValueError):
    """An argument of the Python API that can never work (an unknown format or policy, a
    count below 1, a name for each of too few predictions), raised before any input is read.

    It is a :class:`WsscoreError` (the command line prints it as one line, exit 2) and, for
    code that checks arguments the usual Python way, a ``ValueError``.
    """


def refuse_standard_input_twice(sources: list[object]) -> None:
    """Standard input can be read once: refuse ``-`` given for two inputs."""
    if sum(1 for source in sources if isinstance(source, str) and source == "-") > 1:
        raise WsscoreError(
            "standard input ('-') can be given only once", hint="give the other inputs as files"
        )


def location(path: str, line: int | None = None, col: int | None = None) -> str:
    """Format a place in a file as ``path:line:col`` for messages."""
    text = path
    if line is not None:
        text += f":{line}"
        if col is not None:
            text += f":{col}"
    return text


class Warnings:
    """Collects warnings; prints each once on stderr, or raises when ``strict``."""

    def __init__(self, *, strict: bool = False, quiet: bool = False, stream: TextIO | None = None):
        self.strict = strict
        self.quiet = quiet
        self.stream = stream
        self.messages: list[str] = []

    def warn(
        self,
        message: str,
        *,
        where: str | None = None,
        hint: str | None = None,
        consequence: str | None = None,
        strict_hint: str | None = None,
        detail: str | None = None,
    ) -> None:
        """``consequence`` (what the run does about it: "… count as wrong") is said only in a
        warning; under ``strict`` the run stops instead, with ``strict_hint`` if given.
        ``detail`` follows on a line of its own (:class:`WsscoreError`)."""
        if self.strict:
            raise WsscoreError(message, where=where, hint=strict_hint or hint, detail=detail)
        if consequence:
            message = f"{message}; {consequence}"
        self.relay(str(WsscoreError(message, where=where, hint=hint, detail=detail)))

    def relay(self, text: str) -> None:
        """Keep (and print, unless quiet) a warning already worded, e.g. by another run; in
        API terms within a call of a public entry point (:mod:`wsscore.api_terms`)."""
        text = in_current_terms(text)
        self.messages.append(text)
        if self.quiet:
            return
        held = _HELD.get()
        if held is not None and self.stream is None:
            held.append(text)
        else:
            _print_warning(text, self.stream or sys.stderr)


@contextlib.contextmanager
def held_warnings() -> Iterator[None]:
    """Warnings given within the block are printed when it ends, not as they come: a command
    that draws its report on the terminal holds them so that they appear once, under the report,
    where a person looks when it is drawn (and not as a line that scrolled away above it). They
    are printed however the block ends, an error's line coming after them: none is lost."""
    held: list[str] = []
    token = _HELD.set(held)
    try:
        yield
    finally:
        _HELD.reset(token)
        with contextlib.suppress(OSError, ValueError):  # a closed pipe is said elsewhere
            sys.stdout.flush()  # the report first, then what is said about it
        for text in held:
            _print_warning(text, sys.stderr)


def _print_warning(text: str, stream: TextIO) -> None:
    print(fitted_to_stderr(f"wsscore: warning: {text}"), file=stream)


def warnings_held() -> bool:
    """Whether warnings now wait to be printed under the report (:func:`held_warnings`): its
    notes then leave out what a warning says there in full."""
    return _HELD.get() is not None


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced by an object without isatty, or closed
        return False


def fitted_to_stderr(line: str) -> str:
    """``line`` wrapped at spaces to the terminal's width when standard error is one (never
    inside a word: a file name stays whole, to be copied), continuation lines indented; as it
    is for a file or a pipe, where one line is one message."""
    if not stderr_is_terminal():
        return line
    import textwrap

    width = max(_stderr_columns(), 40)
    return "\n".join(
        textwrap.fill(
            part,
            width=width,
            subsequent_indent=part[: len(part) - len(part.lstrip())] + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
        for part in line.split("\n")
    )


def _stderr_columns() -> int:
    """The width of the terminal standard error is (COLUMNS first, as shutil reads it): standard
    output may be a file meanwhile."""
    import os

    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 120
