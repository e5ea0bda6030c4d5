"""--plot with Chinese system names: drawn with an installed CJK font, not as boxes; without
one, a single warning line says how to install one, and matplotlib's per-glyph warnings
never reach stderr."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from conftest import ROOT

from wsscore import InputOptions, score
from wsscore.errors import Warnings
from wsscore.output import fonts

pytest.importorskip("matplotlib")

GOLD = ["甲乙 丙 丁戊 己", "庚 辛壬 癸"]
PRED = ["甲 乙 丙 丁戊 己", "庚 辛 壬 癸"]
NO_FONT_LINE = (
    "wsscore: warning: no font with Chinese characters found: the plot's Chinese names will "
    "show as boxes (install one, e.g. apt-get install fonts-noto-cjk, or a Noto Sans CJK / "
    "Source Han Sans font)"
)


def report(*names: str):
    return score(
        GOLD, [PRED] * len(names), inputs=InputOptions(dictionary={"甲乙"}), names=list(names)
    )


def cjk_font_installed() -> bool:
    """Asked of fontconfig, not of the code under test, so a broken search fails the tests
    below instead of skipping them."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return fonts.cjk_font_family() is not None
    listed = subprocess.run(
        [fc_list, ":lang=zh", "family"], capture_output=True, text=True, check=False
    )
    return bool(listed.stdout.strip())


def need_cjk_font() -> None:
    if not cjk_font_installed():
        pytest.skip("no CJK font installed (e.g. apt-get install fonts-noto-cjk)")


def glyph_warnings(caught, caplog) -> list[str]:
    texts = [str(w.message) for w in caught] + [r.getMessage() for r in caplog.records]
    return [text for text in texts if "missing from font" in text]


def postscript_name(family: str) -> str:
    from matplotlib import font_manager

    path = font_manager.findfont(font_manager.FontProperties(family=family))
    return str(font_manager.get_font(path).postscript_name)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("最大匹配", True),
        ("S01 结巴", True),
        ("ｆｕｌｌ", True),
        ("S01", False),
        ("F (β = 0.5)", False),
    ],
)
def test_which_texts_need_a_cjk_font(text, expected):
    assert fonts.has_cjk(text) is expected


def test_a_last_resort_font_of_placeholders_is_not_taken_for_a_chinese_font():
    # matplotlib ships one: it maps every character, to one box per block.
    import matplotlib

    last_resort = Path(matplotlib.get_data_path(), "fonts", "ttf", "LastResortHE-Regular.ttf")
    if not last_resort.is_file():
        pytest.skip("this matplotlib has no last-resort font")
    assert not fonts._covers_cjk(str(last_resort))


def test_chinese_names_are_drawn_with_the_cjk_font(tmp_path, capsys, caplog):
    need_cjk_font()
    import matplotlib.pyplot as plt

    from wsscore.output.plot import plot_report

    family = fonts.cjk_font_family()
    assert family is not None
    rc = fonts.cjk_rc(["最大匹配"], Warnings(strict=True))  # strict: a warning would raise
    assert rc["font.family"] == [family, "DejaVu Sans"]
    # Drawn without the silencer: the font really has the glyphs.
    with warnings.catch_warnings(record=True) as caught, plt.rc_context(rc):
        warnings.simplefilter("always")
        figure = plt.figure()
        figure.text(0.5, 0.5, "最大匹配 结巴 S01")
        figure.canvas.draw()
        plt.close(figure)
    assert not glyph_warnings(caught, caplog)
    target = tmp_path / "figure.svg"
    family_before = plt.rcParams["font.family"]
    plot_report(report("结巴", "最大匹配"), str(target))
    svg = target.read_text(encoding="utf-8")
    # svg.fonttype "path": glyphs are defined once each, named after the font they come from.
    assert f'id="{postscript_name(family)}-' in svg
    assert "LastResort" not in svg
    assert plt.rcParams["font.family"] == family_before  # the figure's fonts did not leak
    assert capsys.readouterr().err == ""


def test_without_a_cjk_font_one_warning_and_no_glyph_warnings(
    tmp_path, monkeypatch, capsys, caplog
):
    from wsscore.output.plot import plot_report

    monkeypatch.setattr(fonts, "cjk_font_family", lambda: None)
    caplog.set_level(logging.WARNING)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plot_report(report("结巴", "最大匹配"), str(tmp_path / "figure.png"))
    assert capsys.readouterr().err.splitlines() == [NO_FONT_LINE]
    assert not glyph_warnings(caught, caplog)
    assert (tmp_path / "figure.png").stat().st_size > 0


def test_a_warnings_object_given_receives_the_warning(tmp_path, monkeypatch, capsys):
    from wsscore.output.plot import plot_report

    monkeypatch.setattr(fonts, "cjk_font_family", lambda: None)
    collected = Warnings(quiet=True)
    plot_report(report("结巴"), str(tmp_path / "figure.svg"), warnings=collected)
    assert collected.messages == [NO_FONT_LINE.removeprefix("wsscore: warning: ")]
    assert capsys.readouterr().err == ""


def test_latin_names_print_nothing_and_need_no_font_search(tmp_path, monkeypatch, capsys, caplog):
    from wsscore.output.plot import plot_report

    searched = []
    monkeypatch.setattr(fonts, "cjk_font_family", lambda: searched.append(1))
    caplog.set_level(logging.WARNING)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plot_report(report("S01", "S02"), str(tmp_path / "figure.png"))
    assert searched == []
    assert capsys.readouterr().err == ""
    assert not caught and not caplog.records


def test_the_fonts_module_does_not_import_matplotlib():
    code = "import sys, wsscore.output.plot; print('matplotlib' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.slow
def test_cli_plot_with_a_chinese_name_keeps_stderr_clean(tmp_path):
    target = tmp_path / "OUT.png"
    command = [sys.executable, "-m", "wsscore", "score", "fixtures/gold.txt", "fixtures/pred.txt"]
    command += ["--name", "最大匹配", "-d", "fixtures/words.txt", "--plot", str(target), "-q"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert target.stat().st_size > 0
    assert "Glyph" not in done.stderr
    if cjk_font_installed():
        assert done.stderr == ""
    else:
        assert done.stderr.splitlines() == [NO_FONT_LINE]


def installed_cjk_families(monkeypatch) -> list[str]:
    """A family of each of the machine's font files with Chinese characters (the families of
    one file share its weights; the files of a package differ: Regular, Bold, Zen Hei, Micro
    Hei), each made known to matplotlib for this test only (its cached list may predate them)."""
    from matplotlib import font_manager

    manager = font_manager.fontManager
    monkeypatch.setattr(manager, "ttflist", list(manager.ttflist))
    families: set[str] = set()
    for path in sorted(font_manager.findSystemFonts()):
        if fonts._covers_cjk(path):
            families.update(fonts._add(manager, path)[:1])
    return sorted(families)


@pytest.mark.slow
def test_every_installed_cjk_font_plots_without_a_word_on_stderr(tmp_path, monkeypatch, caplog):
    """Each CJK family the machine has, not only the one the search takes first: WenQuanYi Zen
    Hei, for one, has no "normal" weight, and matplotlib said so four times per plot."""
    from click.testing import CliRunner

    from wsscore.cli.group import cli

    families = installed_cjk_families(monkeypatch)
    if not families:
        pytest.skip("no CJK font installed (e.g. apt-get install fonts-noto-cjk)")
    caplog.set_level(logging.WARNING)
    arguments = ["score", "fixtures/gold.txt", "fixtures/pred.txt", "-d", "fixtures/words.txt"]
    arguments += ["--name", "最大匹配", "-q", "--plot"]
    monkeypatch.chdir(ROOT)
    for family in families:
        monkeypatch.setattr(fonts, "cjk_font_family", lambda family=family: family)
        target = tmp_path / f"{family}.png"
        result = CliRunner().invoke(cli, [*arguments, str(target)], catch_exceptions=False)
        said = [record.getMessage() for record in caplog.records] + [result.stderr]
        assert result.exit_code == 0 and not any(said), (family, said)
        assert target.stat().st_size > 0
        caplog.clear()
