"""Renderers: one module per output format, all fed the same :class:`~wsscore.results.Report`.

Renderers are imported on demand so that a plain-text run never imports rich.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wsscore.errors import InvalidArgument

if TYPE_CHECKING:
    from wsscore.results import Report

FORMATS = ("table", "text", "json", "tsv", "csv", "markdown", "latex", "sighan")


def render(
    report: Report,
    fmt: str,
    *,
    color: bool = False,
    width: int | None = None,
    caption: str | None = None,
) -> str:
    """The report as text in format ``fmt`` (ending with a newline).

    ``caption`` is LaTeX source for ``\\caption{…}`` (with ``\\label{tab:wsscore}``) and is used
    by the ``latex`` format only: the other formats have no place for one.
    """
    if fmt == "text":
        from wsscore.output.text import render_text

        return render_text(report)
    if fmt == "markdown":
        from wsscore.output.text import render_markdown

        return render_markdown(report)
    if fmt == "json":
        from wsscore.output.json import render_json

        return render_json(report)
    if fmt in ("tsv", "csv"):
        from wsscore.output.delimited import render_delimited

        return render_delimited(report, "\t" if fmt == "tsv" else ",")
    if fmt == "table":
        from wsscore.output.table import render_table

        return render_table(report, color=color, width=width)
    if fmt == "latex":
        from wsscore.output.latex import render_latex

        return render_latex(report, caption=caption)
    if fmt == "sighan":
        from wsscore.output.sighan import render_sighan_summaries

        return render_sighan_summaries(report)
    raise InvalidArgument(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
