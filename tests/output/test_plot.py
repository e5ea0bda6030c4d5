"""--plot: the two figures of the 2003 paper, as a PNG or SVG of the expected size."""

from __future__ import annotations

import math
import struct
import sys

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from wsscore import InputOptions, score
from wsscore.cli.app import cli
from wsscore.errors import WsscoreError

pytest.importorskip("matplotlib")

GOLD = ["甲乙 丙 丁戊 己", "庚 辛壬 癸", "甲 乙丙 丁 戊己"]
SYSTEMS = {
    "S01": ["甲乙 丙 丁戊 己", "庚 辛壬 癸", "甲 乙丙 丁 戊己"],
    "S02": ["甲 乙 丙 丁戊 己", "庚 辛 壬 癸", "甲 乙丙 丁 戊 己"],
    "BASE": ["甲 乙 丙 丁 戊 己", "庚 辛 壬 癸", "甲 乙 丙 丁 戊 己"],
    "TOP": ["甲乙 丙 丁戊 己", "庚 辛壬 癸", "甲 乙丙 丁 戊己"],
}


def report():
    return score(
        GOLD,
        list(SYSTEMS.values()),
        inputs=InputOptions(dictionary={"甲乙", "丙"}),
        names=list(SYSTEMS),
    )


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.slow
def test_png_of_the_expected_size(tmp_path):
    from wsscore.output.plot import plot_report

    target = tmp_path / "figure.png"
    plot_report(report(), str(target))
    assert png_size(target) == (1000, 400)
    assert not [p for p in tmp_path.iterdir() if p != target]  # no temporary file left


def test_svg_names_the_systems_and_the_reference_lines(tmp_path):
    from wsscore.output.plot import plot_report

    target = tmp_path / "figure.svg"
    plot_report(report(), str(target))
    text = target.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert 'width="720pt"' in text and 'height="288pt"' in text  # 10 × 4 inches
    assert "baseline (maximum matching)" in text and "topline (gold dictionary)" in text


def test_cli_plot_and_a_clear_error_for_other_suffixes(tmp_path):
    runner = CliRunner()
    target = tmp_path / "f.png"
    gold, pred = str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt")
    result = runner.invoke(cli, ["score", gold, pred, "--plot", str(target), "-q"])
    assert result.exit_code == 0, result.output
    assert png_size(target) == (1000, 400)
    result = runner.invoke(cli, ["score", gold, pred, "--plot", str(tmp_path / "f.pdf")])
    assert result.exit_code == 2
    assert "give a .png or .svg file to --plot" in result.output


def test_without_matplotlib_the_message_says_how_to_install_it(tmp_path, monkeypatch):
    from wsscore.output.plot import plot_report

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    with pytest.raises(WsscoreError, match="needs matplotlib") as raised:
        plot_report(report(), str(tmp_path / "f.png"))
    assert "pip install 'wsscore[plot]'" in str(raised.value)


def drawn(the_report):  # type: ignore[no-untyped-def]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from wsscore.output.plot import draw_figure

    figure = draw_figure(plt, the_report)
    plt.close(figure)  # closed to pyplot; its Axes stay readable
    return figure.axes


def texts(axis) -> list[str]:  # type: ignore[no-untyped-def]
    return [text.get_text() for text in axis.texts]


def test_every_point_is_labelled_with_its_value_and_f_with_its_interval() -> None:
    # S02 by hand: 11 gold words, 14 predicted, 8 right; 9 gold words are OOV (only 甲乙 and 丙
    # are in the dictionary), of which 7 are right (丁戊 己 庚 癸 甲 乙丙 丁).
    recall, precision = 8 / 11, 8 / 14
    f = 2 * 8 / (11 + 14)
    # The bakeoff's intervals, ±2·sqrt(p(1−p)/n), n the gold words for R and P alike; F at
    # their ends bounds F's interval.
    c_r, c_p = (
        2 * math.sqrt(recall * (1 - recall) / 11),
        2 * math.sqrt(precision * (1 - precision) / 11),
    )
    low = 2 * (precision - c_p) * (recall - c_r) / (precision - c_p + recall - c_r)
    high = 2 * (precision + c_p) * (recall + c_r) / (precision + c_p + recall + c_r)
    left, right = drawn(report())
    assert f"{f:.3f}\n[{low:.3f}, {high:.3f}]" in texts(left)
    assert "1.000\n[1.000, 1.000]" in texts(left)  # S01 is the gold
    assert texts(right) == ["1.000", f"{7 / 9:.3f}"]
    # The error bars end at the interval's ends, with caps.
    bars = [
        segment for container in left.containers for segment in container.lines[2][0].get_segments()
    ]
    ends = sorted((float(seg[0][1]), float(seg[1][1])) for seg in bars)
    assert ends[0] == pytest.approx((low, high))
    caps = [cap for container in left.containers for cap in container.lines[1]]
    assert len(caps) == 2 * 2  # two caps for each of the two systems
    assert all(cap.get_markeredgewidth() >= 2 for cap in caps)  # thick enough to see


def test_each_panel_s_axis_is_fitted_to_its_values_and_references() -> None:
    left, right = drawn(report())
    # F: S01 1, S02 16/25 and its interval down to 0.342, BASE (one character a word: 16
    # predicted, 6 right) 12/27. R_oov: S01 1, S02 7/9, BASE 5/9 (己 庚 癸 甲 丁).
    from wsscore.output.plot import fitted_limits

    bottom, top = left.get_ylim()
    assert 0.0 < bottom < 0.342 and top > 1.0  # room for the labels above
    assert (bottom, top) == pytest.approx(fitted_limits([0.342, 1.0]), abs=1e-3)
    bottom, top = right.get_ylim()
    assert 0.0 < bottom < 5 / 9 and top > 1.0  # not from zero: fitted to 5/9 to 1
    assert (bottom, top) == pytest.approx(fitted_limits([5 / 9, 1.0]))
    labels = [text.get_text() for text in left.get_legend().get_texts()]
    assert sorted(labels) == [
        f"baseline (maximum matching): {12 / 27:.3f}",
        "topline (gold dictionary): 1.000",
    ]


def test_fitted_limits_leave_a_margin_below_and_room_above() -> None:
    from wsscore.output.plot import fitted_limits

    low, high = fitted_limits([0.6, 0.9, 0.8])  # a span of 0.3
    assert low == pytest.approx(0.6 - 0.03 - 0.006) and high == pytest.approx(0.9 + 0.036)
    low, high = fitted_limits([0.01, 0.5])  # never far below zero
    assert low == pytest.approx(-0.02 * 0.49) and high > 0.5
    low, high = fitted_limits([0.874, 0.874])  # one value: a span of at least 0.02
    assert high - low == pytest.approx(0.02 * 1.24)
    assert fitted_limits([]) is None
