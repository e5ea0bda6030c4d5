"""Format detection looks at a long line without splitting all of it: the shortcuts give what
the token-by-token definitions give, on random lines (both backends: the word count of a line
without a separator comes from the backend)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.errors import WsscoreError
from wsscore.inputs.formats.detect import (
    SHORT_LINE,
    _count_chars,
    _count_kytea_tokens,
    _is_json_sentence,
    _is_labelled_character,
    _is_part_of_speech,
    detect_format_reason,
    is_labelled_character_line,
    line_tagged_shares,
)
from wsscore.inputs.formats.jsonl import parse_sentence
from wsscore.inputs.formats.tagged import SEPARATORS, is_tag_like, tagged_share
from wsscore.inputs.words import split_words

# Pieces that make every branch likely: separators, tags, labels, brackets, URLs, white space
# of every kind (U+3000, U+001C that str.split() and the definition disagree on).
PIECES = st.sampled_from(
    [
        *("我", "们", "B", "E", "S", "M", "I", "O", "n", "NN", "/", "_", "[", "]", "://", "1"),
        *(" ", "  ", "\t", "\u3000", "\u001c", "\ufeff", "\r"),
        *("\\", "\\/", "{", "}", '"', ",", "[[", "]]", '["我"]', "\n"),
    ]
)
LINES = st.lists(PIECES, max_size=40).map("".join)
WORD_SEPS = st.sampled_from([None, " / ", "|"])


@given(LINES, WORD_SEPS)
@settings(max_examples=400)
def test_the_shares_of_a_line_are_those_of_each_separator(line, word_sep):
    expected = {sep: tagged_share(line, sep, word_sep) for sep in SEPARATORS}
    assert line_tagged_shares(line, word_sep) == expected


@given(LINES)
@settings(max_examples=400)
def test_a_chars_line_is_read_from_its_ends_as_from_its_words(line):
    assert is_labelled_character_line(line) == _is_labelled_character(split_words(line))


def test_a_long_line_is_a_chars_line_by_its_ends():
    middle = " ".join(["们"] * SHORT_LINE)
    assert is_labelled_character_line(f"\u3000我 {middle} B ")
    assert not is_labelled_character_line(f"我们 {middle} B")
    assert not is_labelled_character_line(f"我 {middle} BB")
    lines = [f"我 {middle} B", f"们 {middle} E"]
    assert _count_chars(lines)[0] == 2


def test_a_long_line_of_words_keeps_its_reason():
    line = "扬帆 远东 做 " * 20_000
    reason = detect_format_reason([line])
    assert reason == ("words", "no other format fits: words separated by white space")
    tagged = detect_format_reason(["扬帆/v 远东/ns " * 20_000])
    assert tagged == ("tagged", "40000 of 40000 tokens end in /TAG")


def _kytea_tokens_one_by_one(lines, readings):
    """What detection counts of KyTea's tokens, token by token, as it is defined."""
    fitting = counted = 0
    for line in lines:
        if "\\" in line:
            line = re.sub(r"\\.", "x", line, flags=re.DOTALL)
        for token in split_words(line):
            if "://" in token:
                continue
            counted += 1
            if readings:
                word, _, tags = token.partition("/")
                pos, found, _ = tags.partition("/")
                fitting += bool(word and found) and _is_part_of_speech(pos)
            else:
                _, found, pos = token.rpartition("/")
                fitting += bool(found) and _is_part_of_speech(pos) and not is_tag_like(pos)
    return fitting, counted


@given(st.lists(LINES, max_size=4), st.booleans())
@settings(max_examples=400)
def test_kytea_tokens_are_counted_as_one_by_one(lines, readings):
    # A line without a / is counted at once (its words by the backend): no token of it fits.
    assert _count_kytea_tokens(lines, readings=readings)[:2] == _kytea_tokens_one_by_one(
        lines, readings
    )


@given(LINES)
@settings(max_examples=400)
def test_a_json_sentence_is_what_the_reader_takes(line):
    # A line that starts with neither [ nor { is refused without being parsed.
    try:
        parse_sentence(line, "", 0)
    except WsscoreError:
        expected = False
    else:
        expected = True
    assert _is_json_sentence(line) == expected
