"""Where a report goes and how it looks there: format, colour and width on a terminal."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from wsscore.errors import WsscoreError, stderr_is_terminal

if TYPE_CHECKING:
    from wsscore.inputs.encodings import Encoding
    from wsscore.results import Report


def output_encoding(options: dict[str, Any]) -> Encoding:
    """The encoding of ``--output-encoding``, checked before any input is read."""
    from wsscore.inputs.encodings import lookup

    try:
        return lookup(options["output_encoding"])
    except ValueError as exc:
        raise WsscoreError(str(exc)) from None


def write_encoded(
    options: dict[str, Any], target: Encoding, texts: Iterable[str], *, defer: bool = True
) -> None:
    """``texts`` to ``-o`` (or standard output) in ``target``, a piece at a time; a character
    the encoding cannot hold is an error naming the option that changes it."""
    from wsscore.output.destination import Destination

    with Destination(options["output"], defer=defer) as destination:
        for text in texts:
            try:
                destination.write(target.encode(text))
            except UnicodeEncodeError as exc:
                raise WsscoreError(
                    f"{exc.object[exc.start : exc.end]!r} cannot be written in {target.name}",
                    hint="choose another --output-encoding",
                ) from None


def write_report(options: dict[str, Any], text: str) -> None:
    from wsscore.output.destination import Destination

    with Destination(options["output"]) as destination:
        destination.write(text)


def format_for(options: dict[str, Any]) -> tuple[str, bool, int | None]:
    """The format (table on a terminal, text otherwise), colour and width of a report."""
    fmt = options["fmt"] or (
        "table" if options["output"] is None and stdout_is_terminal() else "text"
    )
    color = fmt == "table" and options["output"] is None and use_color()
    width = terminal_width() if fmt == "table" else None
    return fmt, color, width


def warnings_under_the_report(options: dict[str, Any]) -> contextlib.AbstractContextManager[None]:
    """Where the run's warnings go: when its report is drawn on the terminal that standard error
    also is, under the report (each said once, where a person looks when the table is drawn; a
    note of the table that repeats one is left out); else on standard error as they come, the
    table's notes staying in the report (a file or a pipe keeps what it says about itself)."""
    if options.get("quiet") or format_for(options)[0] != "table" or not stderr_is_terminal():
        return contextlib.nullcontext()
    from wsscore.errors import held_warnings

    return held_warnings()


def stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def use_color() -> bool:
    # no-color.org: NO_COLOR set to a non-empty value, whatever it is, turns colour off.
    return (
        stdout_is_terminal() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    )


def terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((120, 24)).columns


def in_gold_encoding(text: str, report: Report) -> bytes:
    from wsscore.inputs.encodings import lookup

    try:
        return lookup(report.gold.encoding).encode(text)
    except (ValueError, UnicodeEncodeError):
        return text.encode("utf-8", "surrogateescape")
