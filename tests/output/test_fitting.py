"""Tables fitted to a width, footnotes wrapped at word boundaries, and plain text aligned in
terminal columns when names are Chinese."""

from __future__ import annotations

import io
import re

from hypothesis import given
from hypothesis import strategies as st

from wsscore import score
from wsscore.formatting import display_width
from wsscore.output import render
from wsscore.output.fitting import (
    Grid,
    boxed_width,
    choose_layout,
    fitted_tables,
    signature_lines,
    stacked_width,
    wrapped,
)

GOLD = ["甲乙 丙丁 戊 己庚"] * 100
SPLIT = ["甲 乙 丙丁 戊 己庚"] * 10 + GOLD[10:]
CHARS = ["甲 乙 丙 丁 戊 己 庚"] * 100

words = st.text(st.sampled_from("ab结巴é1|,"), min_size=1, max_size=12).filter(
    lambda w: " " not in w
)
sentences = st.lists(words, min_size=1, max_size=12).map(" ".join)


@given(sentences, st.integers(1, 60))
def test_wrapped_lines_fit_and_keep_every_word(text, width):
    lines = wrapped(text, width)
    assert " ".join(lines) == text
    assert all(display_width(line) <= width or " " not in line for line in lines)


@given(st.lists(words, min_size=1, max_size=12).map("|".join), st.integers(1, 60))
def test_wrapped_after_a_bar_gives_the_text_back(text, width):
    lines = wrapped(text, width, breaks="|")
    assert "".join(lines) == text
    # A line wider than the width is one piece: it has no bar but maybe at its end.
    assert all(display_width(line) <= width or "|" not in line[:-1] for line in lines)


def test_wrapped_breaks_at_the_last_space_that_fits():
    assert wrapped("结巴 and 最大匹配 differ", 12) == ["结巴 and", "最大匹配", "differ"]
    assert wrapped("a-very-long-word b", 5) == ["a-very-long-word", "b"]


def test_signature_breaks_after_bars_then_commas():
    signature = "wsscore:1.0|match:span|enc:gold=utf-8,pred=utf-8+gbk,dict=utf-8|mismatch:warn"
    lines = signature_lines(signature, 30)
    assert lines == [
        "signature: wsscore:1.0|",
        "match:span|",
        "enc:gold=utf-8,pred=utf-8+gbk,",
        "dict=utf-8|",
        "mismatch:warn",
    ]
    assert "".join(lines) == f"signature: {signature}"


cells = st.text(st.sampled_from("0.123±结巴x—"), min_size=1, max_size=9)


@st.composite
def grids(draw):
    groups = draw(st.lists(st.integers(1, 4), min_size=1, max_size=6))
    columns = 1 + sum(groups)
    headers = draw(st.lists(cells, min_size=columns, max_size=columns))
    rows = draw(st.lists(st.lists(cells, min_size=columns, max_size=columns), max_size=4))
    return Grid(headers, rows, groups)


@given(grids(), st.integers(10, 160))
def test_every_figure_column_is_shown_once_in_order(grid, width):
    layout = choose_layout(grid, width)
    assert [i for band in layout.bands for i in band] == list(range(1, len(grid.headers)))


@given(grids(), st.integers(10, 160))
def test_every_band_fits_unless_one_column_alone_does_not(grid, width):
    layout = choose_layout(grid, width)
    widths = grid.widths()
    for band in layout.bands:
        if layout.stacked:
            assert stacked_width([widths[i] for i in band]) <= width or len(band) == 1
        else:
            assert boxed_width([widths[0], *(widths[i] for i in band)]) <= width


@given(grids(), st.integers(10, 160))
def test_printed_lines_are_as_wide_as_the_layout_says(grid, width):
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(file=buffer, width=1000, no_color=True)
    for table in fitted_tables(grid, width):
        console.print(table, soft_wrap=True)
    lines = buffer.getvalue().splitlines()
    widths = grid.widths()
    layout = choose_layout(grid, width)
    if not layout.stacked or all(len(band) > 1 for band in layout.bands):
        widest_name = max((display_width(row[0]) for row in grid.rows), default=0)
        assert all(display_width(line) <= max(width, widest_name) for line in lines)
    if not layout.stacked and len(layout.bands) == 1:
        assert max(map(display_width, lines)) == boxed_width(widths)


def test_groups_stay_together_when_the_names_leave_room():
    # Four groups of two columns of five: a boxed band of two groups is 1 + 9 + 2 * 16 = 42.
    grid = Grid(["System", *"abcdefgh"], [["sys1", *["0.123"] * 8]], [2, 2, 2, 2])
    assert choose_layout(grid, 42) == choose_layout(grid, 50)
    assert choose_layout(grid, 42).bands == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert choose_layout(grid, 41).bands == [[1, 2], [3, 4], [5, 6], [7, 8]]
    assert not choose_layout(grid, 26).stacked  # one group beside the names: 1 + 9 + 16
    assert choose_layout(grid, 25).stacked


# --- plain text: columns in terminal columns ----------------------------------------------------


def _column_ends(line: str) -> list[int]:
    """Where each cell of a plain-text table line ends, in terminal columns (cells are parted
    by two spaces or more)."""
    return [display_width(line[: m.end()]) for m in re.finditer(r"\S+(?: \S+)*", line)]


def test_text_aligns_chinese_names_in_terminal_columns():
    report = score(
        GOLD, [SPLIT, CHARS, GOLD], names=["结巴", "最大匹配", "x"], committee=[SPLIT, CHARS]
    )
    text = render(report, "text")
    tables = text.split("\n\n")[:2]  # the scores, the accuracy by difficulty
    for table in tables:
        lines = [line for line in table.splitlines() if not line.startswith(("Accuracy", "-"))]
        ends = [_column_ends(line)[1:] for line in lines]  # the name column is aligned left
        assert all(end == ends[0] for end in ends), table
    assert any("结巴" in line for line in text.splitlines())
