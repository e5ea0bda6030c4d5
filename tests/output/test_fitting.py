"""Tables fitted to a width (wsscore/output/fitting.py): each layout in its turn, no cell ever
cut, every column once, bands that fit; footnotes wrapped at word boundaries, the signature
broken after a ``|`` and given back whole; plain text aligned in terminal columns when names are
Chinese."""

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
    consecutive,
    console_for,
    fit,
    print_fitted,
    signature_lines,
    stacked_width,
    table_width,
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
    return Grid(headers, rows, consecutive(groups))


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
    for table in fit(grid, width).tables:
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
    grid = Grid(["System", *"abcdefgh"], [["sys1", *["0.123"] * 8]], consecutive([2, 2, 2, 2]))
    assert choose_layout(grid, 42) == choose_layout(grid, 50)
    assert choose_layout(grid, 42).bands == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert choose_layout(grid, 41).bands == [[1, 2], [3, 4], [5, 6], [7, 8]]
    assert not choose_layout(grid, 26).stacked  # one group beside the names: 1 + 9 + 16
    assert choose_layout(grid, 25).stacked


# --- the narrower layouts of compare, errors and suite: abbreviated headers, one block per row --


# A name, then two groups of three figures: 10 + 3 × 7 columns of cells per group.
HEADERS = ["System", "F", "p (bootstrap)", "p (AR)", "R", "p (bootstrap)", "p (AR)"]
ROWS = [
    ["北京大学系统", "0.778", "0.0010*", "0.0001*", "0.748", "0.2807 ", "0.2804 "],
    ["b", "0.756", "0.2877 ", "0.2804 ", "0.723", "0.0010*", "0.0001*"],
]


def blocks_grid() -> Grid:
    return Grid(
        HEADERS,
        [list(row) for row in ROWS],
        groups=[[1, 2, 3], [4, 5, 6]],
        numeric=[False] + [True] * 6,
        abbreviations={"p (bootstrap)": "p bs"},
        last_resort="blocks",
    )


def printed(tables: list, width: int) -> str:
    buffer = io.StringIO()
    console = console_for(buffer, color=False, width=width)
    for table in tables:
        console.print(table)
    return buffer.getvalue()


def every_cell_whole(text: str) -> bool:
    return all(cell.strip() in text for row in ROWS for cell in row)


def test_each_layout_in_its_turn() -> None:
    whole = fit(blocks_grid(), 200)
    full_width = table_width(whole.tables[0])
    assert len(whole.tables) == 1 and whole.legend == []
    # One group a table: F's three figures, then R's, each with the names.
    split = fit(blocks_grid(), full_width - 1)
    assert len(split.tables) == 2 and split.legend == []
    group_width = max(map(table_width, split.tables))
    assert group_width < full_width
    # Shorter headers, said in a legend.
    short = fit(blocks_grid(), group_width - 1)
    assert len(short.tables) == 2 and short.legend == ["p bs: p (bootstrap)"]
    short_width = max(map(table_width, short.tables))
    assert short_width < group_width
    # One block per row.
    blocks = fit(blocks_grid(), short_width - 1)
    assert len(blocks.tables) == len(ROWS)
    for fitted, width in ((whole, 200), (split, full_width - 1), (short, group_width - 1)):
        text = printed(fitted.tables, width)
        assert every_cell_whole(text)
        assert max(map(display_width, text.splitlines())) <= width
    text = printed(blocks.tables, 40)
    assert every_cell_whole(text) and max(map(display_width, text.splitlines())) <= 40


def test_groups_share_a_table_while_they_fit() -> None:
    wide = Grid(
        ["Name", "a", "b", "c", "d"],
        [["x", "0.1", "0.2", "0.3", "0.4"]],
        groups=[[1], [2], [3], [4]],
        last_resort="blocks",
    )
    two_groups = table_width(fit(Grid(wide.headers, wide.rows, [[1, 2]]), 200).tables[0])
    fitted = fit(wide, two_groups)
    assert len(fitted.tables) == 2  # a and b, then c and d
    assert [len(table.columns) for table in fitted.tables] == [3, 3]


@given(grids(), st.integers(10, 160))
def test_a_boxed_table_is_as_wide_as_the_packing_counts(grid, width):
    """The packing counts widths (display columns); rich measures the tables it draws."""
    layout = choose_layout(grid, width)
    if not layout.stacked:
        widths = grid.widths()
        tables = fit(grid, width).tables
        assert len(tables) == len(layout.bands)
        for table, band in zip(tables, layout.bands, strict=True):
            assert table_width(table) == boxed_width([widths[0], *(widths[i] for i in band)])


def test_a_header_of_two_lines_is_as_wide_as_its_longer_line() -> None:
    grid = Grid(["Name", "pku\nF", "msr\nRecall"], [["x", "0.1", "0.2"]], [[1], [2]])
    assert grid.widths() == [4, 3, 6]
    table = fit(grid, 200).tables[0]
    assert table_width(table) == boxed_width(grid.widths())


@given(
    st.lists(st.text("abc=:+,.-0123456789", min_size=1, max_size=30), min_size=1, max_size=12),
    st.integers(20, 200),
)
def test_the_signature_breaks_between_whole_fields(fields: list[str], width: int) -> None:
    signature = "|".join(fields)
    lines = signature_lines(signature, width)
    assert "".join(lines) == f"signature: {signature}"
    for at, line in enumerate(lines):
        # Over the width only where one piece alone is wider.
        if display_width(line) > width:
            assert "|" not in line[:-1] and "," not in line[:-1]
        if at < len(lines) - 1:
            assert line.endswith(("|", ","))
    if display_width(f"signature: {signature}") <= width:
        assert lines == [f"signature: {signature}"]


def test_a_word_wider_than_the_terminal_is_printed_whole() -> None:
    """Even one block per row is too wide: the row as lines, the word whole (not "很长…")."""
    word = "很长的词" * 12  # 96 columns
    wide = Grid(
        ["Gold", "Predicted", "Count"],
        [["merged", word, "1"], ["好", "好的", "2"]],
        groups=[[1, 2]],
        numeric=[False, False, True],
        title="Most frequent errors",
        last_resort="blocks",
    )
    fitted = fit(wide, 80)
    assert fitted.tables[:4] == [
        "Most frequent errors",
        "merged",
        f"  Predicted: {word}",
        "  Count: 1",
    ]
    buffer = io.StringIO()
    print_fitted(console_for(buffer, color=False, width=80), fitted)
    text = buffer.getvalue()
    assert f"  Predicted: {word}\n" in text and "…" not in text
    # The row that fits keeps its block, a table.
    assert "│ Predicted │  好的 │" in text


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
