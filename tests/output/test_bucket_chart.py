"""The report page's bucket charts, read back from their SVG: every bar's printed value is the
data's figure, the axis covers the data from a round value below it (and says where it
starts), each bar's height is proportional to its value minus the axis's floor, and the
tooltips and the legend name every system."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, TypeVar

import pytest
from conftest import FIXTURES
from hypothesis import given
from hypothesis import strategies as st

from wsscore import InputOptions
from wsscore.output.bucket_chart import fitted_axis, grouped_bars
from wsscore.output.report_page import write_page
from wsscore.output.svg import colour
from wsscore.scoring.report_page import gather

T = TypeVar("T")
SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["最大匹配", "jieba <v1>", "S3"]
LABELS = ["1", "2", "3", "4", "5+"]
VALUES: list[list[float | None]] = [
    [0.8412, 0.9331, 0.7404, 0.7559, 0.2241],
    [0.9651, 0.97, None, 0.9313, 0.975],
    [0.9, 0.91, 0.92, 0.93, 0.94],
]
TIPS = [[f"{name}, {label}: tip" for label in LABELS] for name in NAMES]


class Chart(NamedTuple):
    bars: list[ET.Element]
    values: list[str]  # the printed value labels, in the bars' order ("—" for no bar)
    ticks: list[float]
    tick_y: list[float]
    caption: str
    root: ET.Element


def parse(svg: str) -> Chart:
    root = ET.fromstring(svg)
    bars = root.findall(f"{SVG}rect[@class='chart-bar']")
    values = [t.text or "" for t in root.findall(f"{SVG}text[@class='chart-value']")]
    tick_lines = root.findall(f"{SVG}line[@class='chart-tick']")
    texts = [t for t in root.findall(f"{SVG}text") if t.get("text-anchor") == "end"]
    ticks = [float(t.text or "") for t in texts]
    caption = root.find(f"{SVG}text[@class='chart-axis-caption']")
    assert caption is not None
    return Chart(
        bars,
        values,
        ticks,
        [float(line.get("y1", "")) for line in tick_lines],
        caption.text or "",
        root,
    )


def in_order(values: Sequence[Sequence[T]]) -> list[T]:
    """The values as the chart draws them: bucket by bucket, a system after another."""
    return [values[s][b] for b in range(len(values[0])) for s in range(len(values))]


def chart(values: list[list[float | None]] = VALUES, digits: int = 3) -> Chart:
    labels = LABELS[: len(values[0])]
    tips = [row[: len(labels)] for row in TIPS]
    return parse(grouped_bars("F by word length", labels, NAMES, values, tips, digits=digits))


def test_every_bar_prints_its_value_with_three_decimals() -> None:
    drawn = chart()
    expected = ["—" if v is None else f"{v:.3f}" for v in in_order(VALUES)]
    assert drawn.values == expected
    assert "0.841" in drawn.values and "0.224" in drawn.values  # rounded, not cut
    assert len(drawn.bars) == sum(v is not None for row in VALUES for v in row)


def test_the_page_s_digits_are_printed_when_asked() -> None:
    assert chart(digits=4).values[:3] == ["0.8412", "0.9651", "0.9000"]


def test_the_axis_covers_the_data_and_starts_below_its_smallest_value() -> None:
    drawn = chart([[0.8412, 0.9331], [0.9651, 0.97], [0.9, 0.91]])
    assert drawn.ticks[0] < 0.8412 and drawn.ticks[-1] >= 0.97
    assert drawn.ticks == [0.8, 0.85, 0.9, 0.95, 1.0]
    # A cut axis says where it starts, and is marked as cut.
    assert drawn.caption == "F (axis from 0.80, not from 0)"
    assert drawn.root.find(f"{SVG}path[@class='chart-axis-break']") is not None


def test_an_axis_from_zero_when_the_data_spread_down_to_near_it() -> None:
    drawn = chart()  # 0.224 is the smallest: cutting below 0.2 would gain too little
    assert drawn.ticks[0] == 0.0 and drawn.ticks[-1] == 1.0
    assert drawn.caption == "F"
    assert drawn.root.find(f"{SVG}path[@class='chart-axis-break']") is None


@pytest.mark.parametrize(
    "values",
    [
        VALUES,
        [[0.8412, 0.9331], [0.9651, 0.97], [0.9, 0.91]],
        [[0.998, 1.0], [1.0, 0.9995], [0.999, 0.997]],
    ],
)
def test_bar_heights_are_proportional_to_the_value_above_the_floor(
    values: list[list[float | None]],
) -> None:
    drawn = chart(values)
    floor, top = drawn.ticks[0], drawn.ticks[-1]
    floor_y, top_y = max(drawn.tick_y), min(drawn.tick_y)
    per_unit = (floor_y - top_y) / (top - floor)
    shown = [v for v in in_order(values) if v is not None]
    for bar, value in zip(drawn.bars, shown, strict=True):
        height, y = float(bar.get("height", "")), float(bar.get("y", ""))
        assert height == pytest.approx((value - floor) * per_unit, abs=0.1)
        assert y + height == pytest.approx(floor_y, abs=0.1)  # every bar stands on the floor
        assert height > 0


def test_tooltips_legend_and_colours_name_every_system() -> None:
    drawn = chart()
    titles = [bar.findtext(f"{SVG}title") for bar in drawn.bars]
    tips = [tip for tip, v in zip(in_order(TIPS), in_order(VALUES), strict=True) if v is not None]
    assert titles == tips
    empty = drawn.root.findall(f"{SVG}text[@class='chart-value']")[7]  # jieba's missing 3
    assert empty.findtext(f"{SVG}title") == "jieba <v1>, 3: tip"
    texts = ["".join(t.itertext()) for t in drawn.root.iter(f"{SVG}text")]
    assert all(name in texts for name in NAMES)  # the legend; < escaped and read back
    swatches = drawn.root.findall(f"{SVG}rect[@class='chart-swatch']")
    assert [s.get("fill") for s in swatches] == [colour(i) for i in range(len(NAMES))]
    assert {bar.get("fill") for bar in drawn.bars[:3]} == {colour(i) for i in range(3)}


def test_many_systems_turn_their_values_upright_and_keep_them_all() -> None:
    names = [f"system {i}" for i in range(8)]
    values: list[list[float | None]] = [[0.5 + i / 100] * 5 for i in range(8)]
    tips = [[name] * 5 for name in names]
    svg = grouped_bars("F", LABELS, names, values, tips)
    drawn = parse(svg)
    assert drawn.values == [f"{v:.3f}" for v in in_order(values)]
    turned = drawn.root.findall(f"{SVG}text[@class='chart-value']")
    assert all(re.fullmatch(r"rotate\(-90 [\d.]+ [\d.]+\)", t.get("transform", "")) for t in turned)
    assert min(float(bar.get("width", "")) for bar in drawn.bars) >= 12


@given(
    st.lists(st.one_of(st.none(), st.floats(min_value=0.0, max_value=1.0)), min_size=1, max_size=40)
)
def test_a_fitted_axis_holds_every_value_on_round_ticks(values: list[float | None]) -> None:
    axis = fitted_axis(values)
    known = [v for v in values if v is not None]
    assert 0.0 <= axis.low < axis.high <= 1.0
    ticks = axis.ticks
    assert ticks[0] == axis.low and ticks[-1] == pytest.approx(axis.high)
    assert 2 <= len(ticks) <= 11
    assert all(math.isclose(round(t / axis.step), t / axis.step, abs_tol=1e-6) for t in ticks)
    if known:
        assert axis.high >= max(known)
        assert axis.low < min(known) or axis.low == 0.0


def test_the_report_page_charts_show_the_data_s_figures(tmp_path: Path) -> None:
    gold, pred = FIXTURES / "gold.txt", FIXTURES / "pred.txt"
    perfect = tmp_path / "perfect.txt"
    perfect.write_text(gold.read_text(encoding="utf-8"), encoding="utf-8")
    data = gather(
        gold,
        [pred, perfect],
        inputs=InputOptions(dictionary=FIXTURES / "words.txt"),
        names=["最大匹配", "ok"],
    )
    families = data.as_dict()["buckets"]
    page = tmp_path / "report.html"
    with page.open("w", encoding="utf-8") as out:
        write_page(data, out)
    html = page.read_text(encoding="utf-8")
    assert isinstance(families, list)
    for family in families:
        found = re.search(
            rf'<figure class="bucket" id="bucket-{family["key"]}">(<svg.*?</svg>)', html, re.S
        )
        assert found, family["key"]
        drawn = parse(found.group(1))
        figures = in_order([[bucket["f1"] for bucket in s] for s in family["systems"]])
        assert drawn.values == ["—" if f is None else f"{f:.3f}" for f in figures]
        smallest = min(f for f in figures if f is not None)
        assert drawn.ticks[0] < smallest or drawn.ticks[0] == smallest == 0.0
        # The gold itself scores 1 in every bucket that has words.
        assert {v for v in drawn.values[1::2] if v != "—"} == {"1.000"}
