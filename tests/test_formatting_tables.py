"""wsscore.formatting, tables and Markdown: one version of each helper for every output."""

from __future__ import annotations

from wsscore.formatting import (
    UNDEFINED,
    markdown_cell,
    markdown_escaped,
    markdown_row,
    markdown_rule,
    ratio_text,
)


def test_a_ratio_has_three_decimals_and_an_undefined_one_a_mark() -> None:
    assert ratio_text(0.98765) == "0.988"
    assert ratio_text(1) == "1.000"
    assert ratio_text(None) == UNDEFINED == "—"
    assert ratio_text(None, "--") == "--"


def test_markdown_escapes_every_inline_character_once() -> None:
    assert markdown_escaped(r"a*b_c|d\e`f[g]h<i>j~k&l") == r"a\*b\_c\|d\\e\`f\[g\]h\<i\>j\~k\&l"
    assert markdown_escaped("plain 文字") == "plain 文字"


def test_a_cell_escapes_only_the_pipe() -> None:
    assert markdown_cell("F*|R_") == "F*\\|R_"


def test_rows_and_the_rule_of_a_table() -> None:
    headers = ["System", "R", "P"]
    assert markdown_row(headers) == "| System | R | P |"
    assert markdown_rule([False, True, True]) == "|:---|---:|---:|"
