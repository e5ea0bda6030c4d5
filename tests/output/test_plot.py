"""--plot: the two figures of the 2003 paper, as a PNG or SVG of the expected size."""

from __future__ import annotations

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
