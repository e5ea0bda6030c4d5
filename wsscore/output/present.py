"""One set of renderers for every command's tables: a command builds its :class:`Document`
(and, for tsv and csv, its data :class:`Table`) and this module writes it in a format.

Renderers are imported on demand so that a plain-text run never imports rich.
"""

from __future__ import annotations

from collections.abc import Callable

from wsscore.output.tables import Document, Table

TABLE_FORMATS = ("table", "text", "markdown", "latex", "tsv", "csv")


def render_tables(
    fmt: str,
    document: Callable[[], Document],
    data: Callable[[], Table],
    *,
    color: bool = False,
    width: int | None = None,
    caption: str | None = None,
) -> str:
    """The document (``data`` for tsv and csv) as text in ``fmt``, one of
    :data:`TABLE_FORMATS`; ``color`` and ``width`` are for ``table``, ``caption`` for
    ``latex``."""
    if fmt in ("tsv", "csv"):
        from wsscore.output.delimited import render_delimited

        return render_delimited(data(), "\t" if fmt == "tsv" else ",")
    if fmt == "text":
        from wsscore.output.text import render_text

        return render_text(document())
    if fmt == "markdown":
        from wsscore.output.text import render_markdown

        return render_markdown(document())
    if fmt == "latex":
        from wsscore.output.latex import render_latex

        return render_latex(document(), caption)
    assert fmt == "table", fmt
    from wsscore.output.table import render_table

    return render_table(document(), color=color, width=width)
