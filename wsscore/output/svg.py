"""Small SVG charts for the HTML report, written as text (no plotting library needed).

Every chart is self-contained inline SVG: text is drawn with the page's fonts (so Chinese names
render wherever the page does), each bar or point has a ``<title>`` with its exact value, and
every value is a ratio in [0, 1] (None: undefined, drawn as nothing, marked "—").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

# One colour per system (cycled beyond eight): dark, distinct hues that keep clear of the
# error classes' orange, sky blue and vermillion and of the wrong words' pink in the page.
PALETTE = ("#0072B2", "#009E73", "#4D4D4D", "#7B3294", "#A6761D", "#1B7837", "#2C7FB8", "#000000")
FONT = "font-family:inherit;font-size:12px"


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def svg_text(x: float, y: float, text: str, anchor: str = "start", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" style="{FONT}"{extra}>'
        f"{escape(text)}</text>"
    )


def svg_document(width: int, height: int, label: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{''.join(body)}</svg>"
    )


def _scale(low: float, high: float, left: float, right: float) -> Callable[[float], float]:
    span = (high - low) or 1.0
    return lambda value: left + (value - low) / span * (right - left)


def interval_chart(
    title: str,
    names: Sequence[str],
    values: Sequence[float | None],
    intervals: Sequence[tuple[float, float] | None],
    colours: Sequence[str] | None = None,
) -> str:
    """One row per system: a point at its value and a bar over its interval (the 2003 bakeoff
    paper's figure of F with its confidence interval). ``colours``: each system's, so that a
    system keeps its colour in every chart of a page (default: the palette in order)."""
    colours = colours or [colour(i) for i in range(len(names))]
    known = [v for v in values if v is not None]
    known += [end for pair in intervals if pair is not None for end in pair]
    low = max(0.0, min(known, default=0.0) - 0.02)
    high = min(1.0, max(known, default=1.0) + 0.02)
    label_width, width, row = _label_width(names), 640, 26
    height = 40 + row * len(names)
    x = _scale(low, high, label_width + 10, width - 60)
    body = [_axis(x, low, high, 20, height - 16)]
    for index, (name, value, pair) in enumerate(zip(names, values, intervals, strict=True)):
        y = 30 + row * index
        body.append(svg_text(label_width, y + 4, name, "end"))
        if value is None:
            body.append(svg_text(x(low) + 4, y + 4, "—"))
            continue
        tip = f"{name}: {value:.4f}"
        if pair is not None:
            body.append(
                f'<line x1="{x(pair[0]):.1f}" x2="{x(pair[1]):.1f}" y1="{y}" y2="{y}" '
                f'stroke="{colours[index]}" stroke-width="3"><title>{escape(tip)} '
                f"[{pair[0]:.4f}, {pair[1]:.4f}]</title></line>"
            )
        body.append(
            f'<circle cx="{x(value):.1f}" cy="{y}" r="5" fill="{colours[index]}">'
            f"<title>{escape(tip)}</title></circle>"
        )
        body.append(svg_text(x(value) + 8, y - 6, f"{value:.3f}"))
    return svg_document(width, height, title, body)


def bar_chart(
    title: str,
    names: Sequence[str],
    values: Sequence[float | None],
    colours: Sequence[str] | None = None,
) -> str:
    """One horizontal bar per system (R_oov per system in the 2003 paper)."""
    colours = colours or [colour(i) for i in range(len(names))]
    label_width, width, row = _label_width(names), 640, 26
    height = 40 + row * len(names)
    x = _scale(0.0, 1.0, label_width + 10, width - 60)
    body = [_axis(x, 0.0, 1.0, 20, height - 16)]
    for index, (name, value) in enumerate(zip(names, values, strict=True)):
        y = 30 + row * index
        body.append(svg_text(label_width, y + 4, name, "end"))
        if value is None:
            body.append(svg_text(x(0.0) + 4, y + 4, "— (undefined)"))
            continue
        body.append(
            f'<rect x="{x(0.0):.1f}" y="{y - 8}" width="{x(value) - x(0.0):.1f}" height="16" '
            f'fill="{colours[index]}"><title>{escape(name)}: {value:.4f}</title></rect>'
        )
        body.append(svg_text(x(value) + 6, y + 4, f"{value:.3f}"))
    return svg_document(width, height, title, body)


def _axis(x: Callable[[float], float], low: float, high: float, top: float, bottom: float) -> str:
    ticks = [low + (high - low) * step / 4 for step in range(5)]
    parts = []
    for tick in ticks:
        parts.append(
            f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top}" y2="{bottom}" stroke="#ddd"/>'
        )
        parts.append(svg_text(x(tick), bottom + 12, f"{tick:.2f}", "middle"))
    return "".join(parts)


def _label_width(names: Sequence[str]) -> int:
    """Room for the longest name: CJK characters are about twice as wide as Latin ones."""
    widest = max((sum(2 if ord(c) > 0x2E7F else 1 for c in name) for name in names), default=4)
    return min(260, 12 + 7 * widest)
