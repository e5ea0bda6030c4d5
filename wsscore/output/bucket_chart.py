"""The report page's bucket charts: F per bucket and per system, readable at a glance.

A group of vertical bars per bucket (word length, in the dictionary or not, ...), a bar per
system in its page colour, each bar's value printed above it and kept in its tooltip. The
value axis is fitted to the data (:func:`fitted_axis`): bars of 0.93 and 0.97 on a 0–1 axis
look alike, so the axis starts at a round value below the smallest bar, and says so in its
caption ("axis from 0.90") and with a break mark, so that it never passes for a zero-based one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import NamedTuple

from wsscore.formatting import DEFAULT_DIGITS, display_width, ratio_text
from wsscore.output.svg import colour, svg_document, svg_text

# Round tick steps, smallest first: the axis takes the first that needs at most about five.
STEPS = (0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25)
MOST_TICKS = 5
SMALLEST_SPAN = 0.05  # equal or near values still get an axis a few ticks high
PLOT_HEIGHT = 200  # pixels between the axis floor and its top
LEFT, RIGHT = 46, 12  # room for the tick labels; a margin
MIN_WIDTH = 520  # a chart fills about one column of the page's grid of charts
CHAR_WIDTH = 6.8  # pixels per display column of 12 px text (a CJK character takes two)
VALUE_CHAR_WIDTH = 6.2  # pixels per character of the 11 px value labels
SWATCH = 10
LEGEND_ROW = 18
VALUE_FONT = "font-family:inherit;font-size:11px"


class Axis(NamedTuple):
    """The value axis: from ``low`` to ``high``, a tick every ``step`` from ``low``."""

    low: float
    high: float
    step: float

    @property
    def ticks(self) -> list[float]:
        count = round((self.high - self.low) / self.step)
        return [round(self.low + index * self.step, 6) for index in range(count + 1)]

    @property
    def truncated(self) -> bool:
        """Whether the axis starts above zero (bars are then not proportional to values)."""
        return self.low > 0

    def tick_text(self, tick: float) -> str:
        """A tick with as many decimals as the step needs (0.9, 0.95, 0.925)."""
        decimals = next(d for d in range(1, 7) if math.isclose(round(self.step, d), self.step))
        return f"{tick:.{decimals}f}"


def fitted_axis(values: Sequence[float | None]) -> Axis:
    """An axis of round ticks over ``values`` (ratios in [0, 1]; None: none there): from a tick
    below the smallest value (strictly, so that every bar shows) to the first at or above the
    largest. It starts at zero when that would cost at most two ticks of room."""
    known = [value for value in values if value is not None]
    if not known:
        return Axis(0.0, 1.0, 0.25)
    smallest, largest = min(known), max(known)
    span = max(largest - smallest, SMALLEST_SPAN)
    step = next((s for s in STEPS if s * MOST_TICKS >= span), STEPS[-1])
    low = math.floor(smallest / step + 1e-9) * step
    if math.isclose(low, smallest, abs_tol=1e-9):
        low -= step  # a bar on the floor would have no height
    high = min(1.0, math.ceil(largest / step - 1e-9) * step)
    height = math.ceil(span / step - 1e-9) * step  # near values still get a few ticks
    low = min(low, high - height)
    if low <= 2 * step:
        low, high = 0.0, max(high, height)
    return Axis(round(low, 6), round(high, 6), step)


class Layout(NamedTuple):
    """Where things go: pixels of the chart."""

    width: int
    bar: float  # a bar's width
    group: float  # a bucket's width: its bars and a gap
    top: float  # the axis's top
    bottom: float  # the axis's floor
    upright: bool  # value labels written across the bar (else turned along it)
    legend_rows: list[list[int]]  # the systems of each row of the legend


def _layout(labels: Sequence[str], names: Sequence[str], digits: int) -> Layout:
    systems = max(1, len(names))
    label_width = VALUE_CHAR_WIDTH * (digits + 2) + 4
    widest = max((display_width(label) for label in labels), default=1) * CHAR_WIDTH + 10
    # Bars as wide as the chart's column allows (up to 48 px); narrower than their value label
    # (down to 14 px: many systems), the label is turned upright.
    room = (MIN_WIDTH - LEFT - RIGHT) / max(1, len(labels))
    bar = max(14.0, min(48.0, (room - 12) / systems))
    group = max(bar * systems + 12, widest, room)  # groups spread over the chart's width
    width = max(MIN_WIDTH, math.ceil(LEFT + RIGHT + group * len(labels)))
    rows = _legend_rows(names, width)
    upright = bar >= label_width
    headroom = 18 if upright else label_width + 6  # the labels above the tallest bar
    top = 8 + LEGEND_ROW * len(rows) + 16 + headroom
    return Layout(width, bar, group, top, top + PLOT_HEIGHT, upright, rows)


def _legend_rows(names: Sequence[str], width: int) -> list[list[int]]:
    rows: list[list[int]] = [[]]
    used = 0.0
    for index, name in enumerate(names):
        item = SWATCH + 6 + display_width(name) * CHAR_WIDTH + 16
        if rows[-1] and LEFT + used + item > width:
            rows.append([])
            used = 0.0
        rows[-1].append(index)
        used += item
    return rows


def _legend(names: Sequence[str], layout: Layout) -> list[str]:
    parts = []
    for row, members in enumerate(layout.legend_rows):
        x, y = float(LEFT), 8 + LEGEND_ROW * row
        for index in members:
            parts.append(
                f'<rect class="chart-swatch" x="{x:.1f}" y="{y + 2}" width="{SWATCH}" '
                f'height="{SWATCH}" fill="{colour(index)}"/>'
            )
            parts.append(svg_text(x + SWATCH + 5, y + 11, names[index]))
            x += SWATCH + 6 + display_width(names[index]) * CHAR_WIDTH + 16
    return parts


def _axis(axis: Axis, layout: Layout, measure: str) -> list[str]:
    span = layout.bottom - layout.top
    parts = []
    for tick in axis.ticks:
        y = layout.bottom - (tick - axis.low) / (axis.high - axis.low) * span
        parts.append(
            f'<line class="chart-tick" x1="{LEFT}" x2="{layout.width - RIGHT}" y1="{y:.1f}" '
            f'y2="{y:.1f}" stroke="{"#888" if tick == axis.low else "#ddd"}"/>'
        )
        parts.append(svg_text(LEFT - 4, y + 4, axis.tick_text(tick), "end"))
    caption = measure
    if axis.truncated:
        caption += f" (axis from {axis.tick_text(axis.low)}, not from 0)"
        parts.append(_break_mark(layout.bottom))
    legend_bottom = 8 + LEGEND_ROW * len(layout.legend_rows)
    parts.append(svg_text(4, legend_bottom + 10, caption, extra=' class="chart-axis-caption"'))
    return parts


def _break_mark(bottom: float) -> str:
    """Two slanted strokes across the axis's foot: the axis is cut below its floor."""
    x = LEFT
    return (
        f'<path class="chart-axis-break" d="M{x - 5},{bottom + 2} l10,-5 '
        f'M{x - 5},{bottom + 7} l10,-5" stroke="#555" stroke-width="1.5" fill="none"/>'
    )


def _bar(axis: Axis, layout: Layout, x: float, value: float, style: tuple[str, str, int]) -> str:
    """A bar, its value printed above it (across it or turned upright) and its tooltip."""
    fill, tip, digits = style
    span = layout.bottom - layout.top
    height = (value - axis.low) / (axis.high - axis.low) * span
    y = layout.bottom - height
    centre = x + layout.bar / 2
    text = ratio_text(value, digits=digits)
    if layout.upright:
        label = _value_text(centre, y - 4, text, "middle")
    else:  # turned to read upwards, starting just above the bar
        x_text, y_text = centre + 4, y - 4
        turn = f"rotate(-90 {x_text:.1f} {y_text:.1f})"
        label = _value_text(x_text, y_text, text, "start", turn=turn)
    return (
        f'<rect class="chart-bar" x="{x:.1f}" y="{y:.1f}" width="{max(layout.bar - 2, 1):.1f}" '
        f'height="{height:.1f}" fill="{fill}"><title>{escape(tip)}</title></rect>{label}'
    )


def _value_text(
    x: float, y: float, text: str, anchor: str, *, turn: str = "", tip: str = ""
) -> str:
    """A value label: ``turn``, a rotation (transform attribute); ``tip``, a tooltip."""
    rotation = f' transform="{turn}"' if turn else ""
    tooltip = f"<title>{escape(tip)}</title>" if tip else ""
    return (
        f'<text class="chart-value" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" '
        f'style="{VALUE_FONT}"{rotation}>{escape(text)}{tooltip}</text>'
    )


def _no_bar(layout: Layout, x: float, tip: str) -> str:
    """A bucket without words for a system: a dash on the floor, with its tooltip."""
    return _value_text(x + layout.bar / 2, layout.bottom - 4, "—", "middle", tip=tip)


def grouped_bars(
    title: str,
    labels: Sequence[str],
    names: Sequence[str],
    values: Sequence[Sequence[float | None]],
    tips: Sequence[Sequence[str]],
    digits: int = DEFAULT_DIGITS,
) -> str:
    """Vertical bars: a group per label (a bucket), a bar per system inside it; ``values[s][b]``
    is system s's F in bucket b (None: no word there, drawn as "—"), ``tips[s][b]`` its
    tooltip, ``digits`` the decimals of the printed values."""
    axis = fitted_axis([value for row in values for value in row])
    layout = _layout(labels, names, digits)
    body = _legend(names, layout) + _axis(axis, layout, "F")
    for b, label in enumerate(labels):
        bars = layout.bar * len(names)
        left = LEFT + layout.group * b + (layout.group - bars) / 2  # the bars centred in it
        body.append(svg_text(left + bars / 2, layout.bottom + 16, label, "middle"))
        for s in range(len(names)):
            x, value = left + s * layout.bar, values[s][b]
            if value is None:
                body.append(_no_bar(layout, x, tips[s][b]))
            else:
                body.append(_bar(axis, layout, x, value, (colour(s), tips[s][b], digits)))
    return svg_document(layout.width, math.ceil(layout.bottom + 26), title, body)
