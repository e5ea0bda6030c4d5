"""Plain text (aligned columns) and Markdown tables."""

from __future__ import annotations

import re

from wsscore.metrics.ranking import verdict
from wsscore.output.columns import DECILE_TITLE, cell, columns, decile_rows, notes, tag_tables
from wsscore.results import Report

# Characters that can start Markdown inline formatting anywhere in a line (emphasis, code,
# links, HTML, entities, strikethrough, table pipes). The verdict line starts with fixed words,
# so the characters that are special only at the start of a line need no escaping.
_MARKDOWN_INLINE = re.compile(r"([\\`*_\[\]<>|~&])")


def _markdown_escape(text: str) -> str:
    return _MARKDOWN_INLINE.sub(r"\\\1", text)


def _grid(report: Report) -> tuple[list[str], list[list[str]], list[bool]]:
    cols = columns(report)
    headers = [c.header for c in cols]
    rows = [[cell(c, system) for c in cols] for system in report.systems]
    numeric = [c.kind != "name" for c in cols]
    return headers, rows, numeric


def aligned(headers: list[str], rows: list[list[str]], numeric: list[bool]) -> list[str]:
    """Lines of a plain-text table: numbers right-aligned, a dashed rule under the headers."""
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)
    ]

    def line(cells: list[str]) -> str:
        parts = [
            c.rjust(w) if right else c.ljust(w)
            for c, w, right in zip(cells, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    return [line(headers), "  ".join("-" * w for w in widths), *map(line, rows)]


def render_text(report: Report) -> str:
    headers, rows, numeric = _grid(report)
    out = aligned(headers, rows, numeric)
    out.append("")
    by_decile = decile_rows(report)
    if by_decile is not None:
        decile_headers, decile_cells = by_decile
        out.append(DECILE_TITLE)
        out += aligned(decile_headers, decile_cells, [False] + [True] * (len(decile_headers) - 1))
        out.append("")
    for title, tag_headers, tag_cells in tag_tables(report):
        out.append(title)
        out += aligned(tag_headers, tag_cells, [False] + [True] * (len(tag_headers) - 1))
        out.append("")
    sentence = verdict(report.systems)
    if sentence is not None:
        out.append(sentence)
    out += notes(report)
    out.append(f"signature: {report.signature}")
    return "\n".join(out) + "\n"


def render_markdown(report: Report) -> str:
    headers, rows, numeric = _grid(report)

    def escape(text: str) -> str:
        return text.replace("|", "\\|")

    out = ["| " + " | ".join(escape(h) for h in headers) + " |"]
    out.append("|" + "|".join("---:" if right else ":---" for right in numeric) + "|")
    out += ["| " + " | ".join(escape(c) for c in r) + " |" for r in rows]
    out.append("")
    by_decile = decile_rows(report)
    if by_decile is not None:
        decile_headers, decile_cells = by_decile
        out += [DECILE_TITLE, ""]
        out.append("| " + " | ".join(escape(h) for h in decile_headers) + " |")
        out.append("|:---" + "|---:" * (len(decile_headers) - 1) + "|")
        out += ["| " + " | ".join(escape(c) for c in r) + " |" for r in decile_cells]
        out.append("")
    for title, tag_headers, tag_cells in tag_tables(report):
        out += [_markdown_escape(title), ""]
        out.append("| " + " | ".join(escape(h) for h in tag_headers) + " |")
        out.append("|:---" + "|---:" * (len(tag_headers) - 1) + "|")
        out += ["| " + " | ".join(escape(c) for c in r) + " |" for r in tag_cells]
        out.append("")
    sentence = verdict(report.systems, _markdown_escape)
    if sentence is not None:
        # A paragraph of its own: without the blank line the signature line below would join it.
        out += [sentence, ""]
    out += [f"- {note}" for note in notes(report)]
    out.append(f"Signature: `{report.signature}`")
    return "\n".join(out) + "\n"
