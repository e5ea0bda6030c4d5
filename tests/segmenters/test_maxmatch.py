"""The maximum-matching baseline: hand examples, a reference loop, and mwseg.pl itself.

The differential tests run the bakeoff's ``mwseg.pl`` (the ``mm_baselines`` fixture, on the
legacy-encoded test sets with the legacy-encoded word lists) and wsscore's segmenter on the same
files decoded, in their legacy encoding and in UTF-8: the output, encoded back, must be the
script's byte for byte (mwseg.pl prints every word followed by a space, and a bare line feed for
the input's CRLF). One exception, on purpose: the AS test set has no line feed after its last
line, where ``mwseg.pl``'s ``chop`` removes the last byte of the last character, 。 (0xA143); the
lone 0xA1 left is then dropped with "Oops: shouldn't be here" on stderr and an empty word (an
extra space) in the output. wsscore keeps that character, so on the last AS line the script's
words must be wsscore's without that last one-character word; all other lines are compared whole.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import need_icwb2
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.errors import Warnings
from wsscore.inputs.encodings import lookup
from wsscore.inputs.reading import open_text
from wsscore.inputs.words import split_words
from wsscore.segmenters.maxmatch import MaxMatcher, load_mwseg_dictionary, segment_lines

LEGACY = {"as": "cp950", "cityu": "big5-hkscs", "msr": "gbk", "pku": "gbk"}


def segment(entries: set[str], text: str) -> list[str]:
    return MaxMatcher(entries).segment(text)


# --- hand examples ------------------------------------------------------------------------------


def test_takes_the_longest_word_at_each_position_greedily() -> None:
    entries = {"中国", "中国人", "人民", "民"}
    # Greedy, not best: 中国人 wins although 中国 + 人民 would use only dictionary words.
    assert segment(entries, "中国人民") == ["中国人", "民"]
    assert segment(entries, "人民中国") == ["人民", "中国"]


def test_unknown_characters_become_words_of_their_own() -> None:
    assert segment(set(), "他说abc") == ["他", "说", "a", "b", "c"]
    assert segment({"说话"}, "他说") == ["他", "说"]


def test_longest_is_the_longest_entry_in_characters() -> None:
    matcher = MaxMatcher(["ab", "abcd", "x", "", "中华人民共和国"])
    assert matcher.longest == 7
    assert "" not in matcher.entries  # an empty line of a word list matches nothing
    assert MaxMatcher([]).longest == 0
    assert MaxMatcher([]).segment("ab") == ["a", "b"]


def test_a_word_longer_than_the_rest_of_the_text_is_not_matched() -> None:
    assert segment({"ab", "abcd"}, "abc") == ["ab", "c"]
    assert segment({"ab", "abcd"}, "abcd") == ["abcd"]
    assert segment({"abc"}, "ab") == ["a", "b"]


def test_empty_and_blank_lines_give_empty_output_lines() -> None:
    assert segment({"中国"}, "") == []
    assert segment({"中国"}, " \u3000\t\r") == []
    lines = ["中国人\r", "", " \u3000 ", "中国"]
    assert list(segment_lines(lines, MaxMatcher({"中国"}))) == ["中国 人 \n", "\n", "\n", "中国 \n"]


def test_all_white_space_is_removed_before_matching() -> None:
    entries = {"中国", "人民"}
    # As in mwseg.pl, a word may span removed white space.
    assert segment(entries, " 中 国\u3000人\u00a0民\r\n") == ["中国", "人民"]
    assert segment(entries, "\ufeff中国") == ["中国"]  # a byte-order mark is not text either
    # U+001C-U+001F are not Unicode White_Space (str.split would drop them).
    assert segment(entries, "中\x1c国") == ["中", "\x1c", "国"]


def test_entries_with_white_space_never_match() -> None:
    # As in mwseg.pl: the text is matched without its white space (CityU has "Phang\u3000Nga").
    assert segment({"Phang\u3000Nga"}, "Phang\u3000Nga") == list("PhangNga")


def test_output_lines_are_laid_out_as_mwseg_prints_them() -> None:
    # Every word followed by one space, then a line feed; an input's CRLF does not survive.
    matcher = MaxMatcher({"中国", "人民"})
    assert list(segment_lines(["中国人民\r", "人"], matcher)) == ["中国 人民 \n", "人 \n"]


def test_a_gold_line_gives_the_same_as_its_unsegmented_text() -> None:
    matcher = MaxMatcher({"中国", "人民"})
    gold = ["中  国人  民\r", "中国\u3000人民"]
    assert list(segment_lines(gold, matcher, from_gold=True)) == list(
        segment_lines(["中国人民", "中国人民"], matcher)
    )


def test_a_letter_keeps_its_combining_marks_as_mwseg_keeps_a_byte_pair() -> None:
    # Big5-HKSCS 0x8862 is Ê + U+0304 and 0x8866 is Ê: mwseg.pl, on bytes, never matches 0x8866
    # at the start of 0x8862, and takes an unmatched 0x8862 as one character.
    hkscs = lookup("big5-hkscs")
    e_macron, e_plain = hkscs.decode(b"\x88\x62"), hkscs.decode(b"\x88\x66")
    assert len(e_macron) == 2
    assert e_plain == e_macron[0]
    assert segment({e_plain, e_plain + "x"}, f"{e_macron}x{e_plain}x") == [
        e_macron,
        "x",
        e_plain + "x",
    ]
    assert segment({f"a{e_macron}"}, f"a{e_macron}b") == [f"a{e_macron}", "b"]
    assert segment(set(), "\u0304a") == ["\u0304", "a"]  # a mark without a letter is a character


def _reference(entries: set[str], text: str) -> list[str]:
    """mwseg.pl's loop, transcribed on characters: take at most `longest`, shorten until found."""
    text = "".join(split_words(text))
    longest = max(map(len, entries), default=0)
    words = []
    while text:
        candidate = text[:longest]
        while candidate and candidate not in entries:
            candidate = candidate[:-1]
        word = candidate or text[0]
        words.append(word)
        text = text[len(word) :]
    return words


_ALPHABET = st.sampled_from("中国人民大学生 a\u3000")


@settings(max_examples=300, deadline=None)
@given(
    entries=st.sets(st.text(_ALPHABET, min_size=1, max_size=6), max_size=30),
    text=st.text(_ALPHABET, max_size=40),
)
def test_the_same_as_mwseg_loop_on_random_text(entries: set[str], text: str) -> None:
    words = segment(entries, text)
    assert words == _reference(entries, text)
    assert "".join(words) == "".join(text.split())


# --- reading word lists -------------------------------------------------------------------------


def test_word_list_line_ends_are_removed_but_not_other_white_space(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_bytes("\n中国\r\n人民 \r\n\r\nPhang\u3000Nga\n大学".encode("gbk"))
    entries = load_mwseg_dictionary(str(path), "gbk", warnings=Warnings())
    # mwseg.pl's chop would keep each \r (and then match none of those entries) and would cut the
    # last line to 大; neither happens in the bakeoff word lists, which end in a bare \n.
    assert entries == {"中国", "人民 ", "Phang\u3000Nga", "大学"}


def test_word_list_last_line_keeps_its_last_character_without_line_feed(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_bytes("中国\r\n人民\r".encode())
    assert load_mwseg_dictionary(str(path), warnings=Warnings()) == {"中国", "人民"}


def test_undecodable_bytes_of_a_word_list_are_kept_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_bytes(b"\xa4\xa4\x80<\n\xa4\xa4\xb0\xea\n")  # as in the AS word list
    warnings = Warnings(quiet=True)
    entries = load_mwseg_dictionary(str(path), "cp950", warnings=warnings)
    assert entries == {"中\udc80<", "中國"}
    assert len(warnings.messages) == 1


# --- against mwseg.pl on the bakeoff test sets --------------------------------------------------


def _words_file(data: Path, corpus: str, ext: str) -> Path:
    return data / "gold" / f"{corpus}_training_words.{ext}"


def _test_file(data: Path, corpus: str, ext: str) -> Path:
    return data / "testing" / f"{corpus}_test.{ext}"


def _first_difference(ours: list[str], theirs: list[str]) -> tuple[int, str, str] | None:
    for number, (mine, script) in enumerate(zip(ours, theirs, strict=False), 1):
        if mine != script:
            return number, mine, script
    if len(ours) != len(theirs):
        return min(len(ours), len(theirs)) + 1, f"{len(ours)} lines", f"{len(theirs)} lines"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("ext", ["txt", "utf8"])
@pytest.mark.parametrize("corpus", sorted(LEGACY))
def test_the_same_as_mwseg_on_the_bakeoff_test_sets(
    corpus: str, ext: str, mm_baselines: dict[str, Path]
) -> None:
    data = need_icwb2()
    encoding = LEGACY[corpus] if ext == "txt" else "utf-8"
    warnings = Warnings(quiet=True)  # the AS word list has 11 lines with undecodable bytes
    entries = load_mwseg_dictionary(
        str(_words_file(data, corpus, ext)), encoding, warnings=warnings
    )
    text = open_text(str(_test_file(data, corpus, ext)), encoding, warnings=warnings, strict=True)
    ours = list(segment_lines(text.lines(), MaxMatcher(entries)))

    legacy = lookup(LEGACY[corpus])
    script = mm_baselines[corpus].read_bytes()
    theirs = legacy.decode(script, strict=True).splitlines(keepends=True)
    if corpus == "as":
        # The one deliberate difference (see the module docstring): only on the last line.
        last = _test_file(data, corpus, "txt").read_bytes().rsplit(b"\r\n", 1)[1]
        assert not last.endswith(b"\n")
        last_char = legacy.decode(last, strict=True)[-1]
        assert split_words(ours[-1])[-1] == last_char
        assert split_words(ours[-1])[:-1] == split_words(theirs[-1])
        ours, theirs = ours[:-1], theirs[:-1]
    assert _first_difference(ours, theirs) is None
    if corpus != "as":
        # Byte for byte, once encoded back as the script's input was.
        assert legacy.encode("".join(ours)) == script


_UNITS = re.compile(rb"[\x21-\x7e]|[^\x21-\x7e\s].?", re.DOTALL)  # mwseg.pl's characters
_NOT_TEXT = re.compile(rb"[\x00-\x08\x0e-\x1f\x80]")


@pytest.mark.slow
@pytest.mark.parametrize("corpus", sorted(LEGACY))
def test_every_bakeoff_character_is_one_code_point(corpus: str) -> None:
    """Why character matching is mwseg.pl's byte matching on these files (see
    wsscore.segmenters.maxmatch): mwseg.pl's units (a byte 0x21-0x7E, otherwise two bytes)
    decode one to one into code points, and no two byte pairs of a test set and its word list
    decode to the same code point."""
    data = need_icwb2()
    legacy = lookup(LEGACY[corpus])
    seen: dict[str, bytes] = {}
    not_text: dict[str, list[bytes]] = {"test": [], "words": []}
    for kind, path in (
        ("test", _test_file(data, corpus, "txt")),
        ("words", _words_file(data, corpus, "txt")),
    ):
        for line in path.read_bytes().splitlines():
            units = _UNITS.findall(line)
            try:
                chars = [legacy.decode(unit, strict=True) for unit in units]
            except UnicodeDecodeError:
                chars = []
            if len(chars) < len(units) or any(len(char) != 1 for char in chars):
                not_text[kind].append(line)
                continue
            for unit, char in zip(units, chars, strict=True):
                assert seen.setdefault(char, unit) == unit, (char, unit, seen[char])
    assert not_text["test"] == []
    # The AS word list has entries with bytes that are not text (0x80, 0x08, 0x1A); no test set
    # holds such bytes, so those entries match nothing, in mwseg.pl or here.
    assert bool(not_text["words"]) == (corpus == "as")
    assert all(_NOT_TEXT.search(line) for line in not_text["words"])
    assert not _NOT_TEXT.search(_test_file(data, corpus, "txt").read_bytes())
