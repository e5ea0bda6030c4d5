"""Plain text (aligned columns) and Markdown tables."""

from __future__ import annotations

from ..scoring import Report
from .columns import cell, columns, notes


def _grid(report: Report) -> tuple[list[str], list[list[str]], list[bool]]:
    cols = columns(report)
    headers = [c.header for c in cols]
    rows = [[cell(c, system) for c in cols] for system in report.systems]
    numeric = [c.kind != "name" for c in cols]
    return headers, rows, numeric


def render_text(report: Report) -> str:
    headers, rows, numeric = _grid(report)
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)
    ]

    def line(cells: list[str]) -> str:
        parts = [
            c.rjust(w) if right else c.ljust(w)
            for c, w, right in zip(cells, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    out = [line(headers), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in rows]
    out.append("")
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
    out += [f"- {note}" for note in notes(report)]
    out.append(f"Signature: `{report.signature}`")
    return "\n".join(out) + "\n"
