"""Tables fitted to a terminal's width (wsscore/output/narrow.py): each layout in its turn, no
cell ever cut, and the signature folded between whole fields."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from wsscore.formatting import display_width
from wsscore.output.narrow import (
    Grid,
    console_for,
    fit,
    folded_signature,
    print_fitted,
    table_width,
)

# A name, then two groups of three figures: 10 + 3 × 7 columns of cells per group.
HEADERS = ["System", "F", "p (bootstrap)", "p (AR)", "R", "p (bootstrap)", "p (AR)"]
ROWS = [
    ["北京大学系统", "0.778", "0.0010*", "0.0001*", "0.748", "0.2807 ", "0.2804 "],
    ["b", "0.756", "0.2877 ", "0.2804 ", "0.723", "0.0010*", "0.0001*"],
]


def grid() -> Grid:
    return Grid(
        HEADERS,
        [False] + [True] * 6,
        [list(row) for row in ROWS],
        groups=[[1, 2, 3], [4, 5, 6]],
        abbreviations={"p (bootstrap)": "p bs"},
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
    whole = fit(grid(), 200)
    full_width = table_width(whole.tables[0])
    assert len(whole.tables) == 1 and whole.legend == []
    # One group a table: F's three figures, then R's, each with the names.
    split = fit(grid(), full_width - 1)
    assert len(split.tables) == 2 and split.legend == []
    group_width = max(map(table_width, split.tables))
    assert group_width < full_width
    # Shorter headers, said in a legend.
    short = fit(grid(), group_width - 1)
    assert len(short.tables) == 2 and short.legend == ["p bs: p (bootstrap)"]
    short_width = max(map(table_width, short.tables))
    assert short_width < group_width
    # One block per row.
    blocks = fit(grid(), short_width - 1)
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
        [False, True, True, True, True],
        [["x", "0.1", "0.2", "0.3", "0.4"]],
        groups=[[1], [2], [3], [4]],
    )
    two_groups = table_width(fit(Grid(**{**wide.__dict__, "groups": [[1, 2]]}), 200).tables[0])
    fitted = fit(wide, two_groups)
    assert len(fitted.tables) == 2  # a and b, then c and d
    assert [len(table.columns) for table in fitted.tables] == [3, 3]


@given(
    st.lists(st.text("abc=:+,.-0123456789", min_size=1, max_size=30), min_size=1, max_size=12),
    st.integers(20, 200),
)
def test_the_signature_folds_between_whole_fields(fields: list[str], width: int) -> None:
    signature = "|".join(fields)
    lines = folded_signature(signature, width)
    assert lines[0].startswith("signature: ")
    assert "".join(line.strip() for line in lines) == f"signature: {signature}"
    for at, line in enumerate(lines):
        # Over the width only where one field alone is wider.
        if display_width(line) > width:
            assert line.count("|") <= 1
        if at < len(lines) - 1:
            assert line.endswith("|")
        if at > 0:
            assert line.startswith("  ")
    if display_width(f"signature: {signature}") <= width:
        assert lines == [f"signature: {signature}"]


def test_a_word_wider_than_the_terminal_is_printed_whole() -> None:
    """Even one block per row is too wide: the row as lines, the word whole (not "很长…")."""
    word = "很长的词" * 12  # 96 columns
    wide = Grid(
        ["Gold", "Predicted", "Count"],
        [False, False, True],
        [["merged", word, "1"], ["好", "好的", "2"]],
        groups=[[1, 2]],
        title="Most frequent errors",
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
