"""The chars format per unit (docs/design-units.md §3.6): a line holds a character, a grapheme
cluster or a syllable; the reader refuses a line of several clusters under ``grapheme``, keeps
a word's syllables as its form under ``syllable``, and reads as today under ``char``; the
writer writes one unit a line, and what it writes reads back the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import (
    FormatOptions,
    Sentence,
    Token,
    detect_format,
    detect_format_reason,
    read_sentences,
)
from wsscore.inputs.formats.writers import Target, write_chars
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.reading import open_text


def _read(lines: list[str], unit: str | None) -> list[list[Token]]:
    read = read_sentences(
        "chars",
        lines,
        name="f.chars",
        warnings=Warnings(quiet=True),
        options=FormatOptions(unit=unit),
    )
    return [sentence.tokens for sentence in read]


def _refusal(lines: list[str], unit: str | None) -> str:
    with pytest.raises(WsscoreError) as raised:
        _read(lines, unit)
    return str(raised.value)


# กำลัง is three clusters (กำ ลั ง: SARA AM is a SpacingMark), ทำ one (docs/design-units.md §4).
THAI = ["กำ\tB", "ลั\tM", "ง\tE", "ทำ\tS", ""]


def test_grapheme_lines_hold_a_cluster_each_and_make_the_words() -> None:
    assert _read(THAI, "grapheme") == [[Token("กำลัง", None), Token("ทำ", None)]]


@pytest.mark.parametrize("unit", [None, "char", "syllable"])
def test_other_units_take_a_line_of_several_clusters_whole(unit: str | None) -> None:
    assert _read(["กำลัง\tS", "ทำ\tS"], unit) == [[Token("กำลัง", None), Token("ทำ", None)]]


def test_a_line_of_several_clusters_is_refused_naming_line_column_and_unit() -> None:
    message = _refusal(["กำ\tB", "ลั\tE", "", "  กำลัง\tS"], "grapheme")
    assert message.startswith(
        "f.chars:4:3: 'กำลัง' is 3 graphemes; with --unit grapheme a chars line holds one ("
    )
    assert "--unit char" in message and "\n" not in message


def test_a_label_read_before_does_not_let_a_line_of_clusters_through() -> None:
    # The second S line takes the reader's inline path (a label it knows): checked there too.
    message = _refusal(["ทำ\tS", "甲乙\tS"], "grapheme")
    assert message.startswith("f.chars:2:1: '甲乙' is 2 graphemes;")


@pytest.mark.parametrize(
    "cluster",
    ["👨\u200d👩\u200d👧", "🇹🇭", "e\u0301", "स्ते", "\u1100\u1161\u11a8", "น้ำ", "ำ"],
)
def test_one_cluster_of_any_kind_is_one_line(cluster: str) -> None:
    assert _read([f"{cluster}\tS", "a\tS"], "grapheme") == [
        [Token(cluster, None), Token("a", None)]
    ]


def test_syllables_make_words_that_keep_them_in_their_form() -> None:
    lines = ["Hà\tB-Np", "Nội\tE-Np", "là\tS-V", "thủ\tB-N", "đô\tI-N", ""]
    assert _read(lines, "syllable") == [
        [Token("HàNội", "Np", "Hà Nội"), Token("là", "V"), Token("thủđô", "N", "thủ đô")]
    ]
    # Without the unit: the same words and tags, as today, with no form.
    assert _read(lines, None) == [[Token("HàNội", "Np"), Token("là", "V"), Token("thủđô", "N")]]


def _formatted(path: Path, unit: str) -> FormattedInput:
    warnings = Warnings(quiet=True)
    return FormattedInput(
        open_text(str(path), warnings=warnings),
        "chars",
        detected=False,
        warnings=warnings,
        options=FormatOptions(unit=unit),
    )


def test_the_block_path_refuses_a_line_of_clusters_after_plain_blocks(tmp_path: Path) -> None:
    path = tmp_path / "f.chars"
    path.write_text("甲\tB\n乙\tE\n\n" * 3000 + "กำ\tB\nลั\tM\nง\tE\n\nกำลัง\tS\n", "utf-8")
    assert len(list(_formatted(path, "char").lines())) == 3002
    with pytest.raises(WsscoreError, match=r"f\.chars:9005:1: 'กำลัง' is 3 graphemes"):
        list(_formatted(path, "grapheme").lines())
    path.write_text("甲\tB\n乙\tE\n\n" * 3000 + "กำ\tB\nลั\tM\nง\tE\n", "utf-8")
    lines = list(_formatted(path, "grapheme").lines())
    assert len(lines) == 3001 and lines[-1] == "กำลัง"


def _chars_lines(tokens: list[Token], unit: str, label_order: str = "pos-tag") -> list[str]:
    target = Target("f", label_order=label_order, unit=unit)
    return write_chars(Sentence(1, tokens), 1, target).split("\n")


def test_the_writer_writes_a_cluster_a_line_under_grapheme() -> None:
    tokens = [Token("กำลัง", "VERB"), Token("ทำ", None)]
    assert _chars_lines(tokens, "grapheme") == [
        "กำ\tB-VERB",
        "ลั\tM-VERB",
        "ง\tE-VERB",
        "ทำ\tS",
        "",
        "",
    ]
    # Under char (the default): a code point a line, as always.
    assert _chars_lines(tokens[1:], "char") == ["ท\tB", "ำ\tE", "", ""]


def test_the_writer_writes_a_syllable_a_line_from_the_form() -> None:
    tokens = [Token("HàNội", "Np", "Hà Nội"), Token("là", "V")]
    assert _chars_lines(tokens, "syllable", "tag-pos") == [
        "Hà\tNp-B",
        "Nội\tNp-E",
        "là\tV-S",
        "",
        "",
    ]
    # A form that does not spell the word (only the API can make one) is one syllable.
    assert _chars_lines([Token("ab", None, "x y")], "syllable") == ["ab\tS", "", ""]


THAI_PIECES = ["ก", "ำ", "ลั", "ง", "น้ำ", "่", "ข", "า", "👩\u200d👧", "🇹", "🇭", "e\u0301", "甲"]
SYLLABLES = ["Hà", "Nội", "là", "thủ", "đô", "ă", "甲"]


@st.composite
def tokens_of(draw: st.DrawFn, unit: str) -> list[Token]:
    """Tokens as a reader gives them: words of Thai, marks, emoji; of syllables with forms."""
    tokens = []
    for _ in range(draw(st.integers(1, 5))):
        tag = draw(st.sampled_from([None, "NN"]))
        if unit == "syllable":
            syllables = draw(st.lists(st.sampled_from(SYLLABLES), min_size=1, max_size=3))
            form = " ".join(syllables) if len(syllables) > 1 else None
            tokens.append(Token("".join(syllables), tag, form))
        else:
            pieces = draw(st.lists(st.sampled_from(THAI_PIECES), min_size=1, max_size=4))
            tokens.append(Token("".join(pieces), tag))
    if any(token.tag is None for token in tokens):  # a file tags every word or none
        tokens = [token._replace(tag=None) for token in tokens]
    return tokens


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(["char", "grapheme", "syllable"]))
def test_what_the_writer_writes_reads_back_the_same_under_its_unit(data, unit: str) -> None:
    tokens = data.draw(tokens_of(unit))
    lines = _chars_lines(tokens, unit)
    assert _read(lines, unit) == [tokens]


def test_a_chars_file_of_grapheme_clusters_is_detected_as_chars() -> None:
    clusters = ["กำ\tB", "ลั\tM", "ง\tE", "ทำ\tS", "", "น้ำ\tS", "ข้\tB", "า\tM", "ว\tE"]
    assert detect_format_reason(clusters)[0] == "chars"
    # Several clusters before the label are no chars line: a words file of Thai stays words.
    assert detect_format(["กำลัง S", "ทำงาน B", "น้ำ E"]) == "words"
    # A syllable and a label are also two words: a syllable file is given its format.
    assert detect_format(["Hà\tB", "Nội\tE", "là\tS", "", "thủ\tB", "đô\tE"]) == "words"
