"""Renderers: one module per output format, all fed the same :class:`~wsscore.results.Report`.

Renderers are imported on demand so that a plain-text run never imports rich.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wsscore.errors import InvalidArgument
from wsscore.formatting import DEFAULT_DIGITS
from wsscore.ranges import check_numbers

if TYPE_CHECKING:
    from wsscore.results import Report

FORMATS = ("table", "text", "json", "tsv", "csv", "markdown", "latex", "sighan")


# The formats whose figures --digits sets: json keeps every figure whole, and sighan prints
# the Perl script's own layout (three decimals) so that it can be compared with the script's.
DIGITS_FORMATS = ("table", "text", "tsv", "csv", "markdown", "latex")


def render(
    report: Report,
    fmt: str,
    *,
    color: bool = False,
    width: int | None = None,
    caption: str | None = None,
    digits: int | None = None,
) -> str:
    """The report as text in format ``fmt`` (ending with a newline).

    ``fmt`` is one of :data:`FORMATS`, or ``html``: the scores tables of ``wsscore report``'s
    page as an HTML fragment (what a notebook shows of a report).

    ``caption`` is LaTeX source for ``\\caption{…}`` (with ``\\label{tab:wsscore}``) and is used
    by the ``latex`` format only: the other formats have no place for one. ``digits`` is the
    number of decimals of every ratio (intervals get one more) in the formats of
    :data:`DIGITS_FORMATS`; None keeps each format's own (three; tsv and csv: every digit).
    ``width`` is the terminal's width in columns for ``table`` (120 when None): its tables are
    cut into narrower layouts to fit it (see :mod:`wsscore.output.fitting`); the other formats
    are never fitted to a width.
    """
    if digits is not None:
        refuse_digits(fmt, digits)
    if fmt == "json":
        from wsscore.output.json import render_json

        return render_json(report)
    # The table layouts (their dataclasses) only now: `-q` and -f json never draw a table.
    from wsscore.output.present import TABLE_FORMATS, render_tables

    if fmt in TABLE_FORMATS:
        from wsscore.output.score import score_data, score_document

        shown = DEFAULT_DIGITS if digits is None else digits
        return render_tables(
            fmt,
            # The gates in Markdown only, a CI job's summary: elsewhere standard error says
            # each failed one, and the table is what other programs read.
            lambda: score_document(report, shown, gates=fmt == "markdown"),
            lambda: score_data(report, digits),
            color=color,
            width=width,
            caption=caption,
        )
    if fmt == "sighan":
        from wsscore.output.sighan import render_sighan_summaries

        return render_sighan_summaries(report)
    if fmt == "html":  # for Python only (a notebook's view): the report page's scores tables
        from wsscore.output.report_page import scores_html

        return scores_html(report) + "\n"
    raise InvalidArgument(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


def refuse_digits(fmt: str, digits: int) -> None:
    """An :class:`InvalidArgument` for ``digits`` out of range or given to a format it does not
    set (rather than ignoring it silently)."""
    check_numbers(digits=digits)
    if fmt == "json":
        raise InvalidArgument(
            "--digits does not apply to -f json, which keeps every figure at full precision"
        )
    if fmt == "html":
        raise InvalidArgument("digits does not apply to html: it shows figures as the page does")
    if fmt == "sighan":
        raise InvalidArgument(
            "--digits does not apply to -f sighan, which prints the Perl script's own layout",
            hint="use another format, or drop --digits",
        )
