"""The readers of wsscore.inputs.formats, one format at a time, on fixtures/formats and small
inline files; every expected token is written out by hand from the fixture."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import FIXTURES

from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import FormatOptions, Sentence, Token, read_sentences
from wsscore.inputs.formats.chars import Label, read_label

FORMATS_DIR = FIXTURES / "formats"


def _fixture_lines(name: str) -> list[str]:
    """A fixture's lines as TextFile.lines() gives them: no line feed, no empty last line."""
    lines = (FORMATS_DIR / name).read_text(encoding="utf-8").split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def _read(
    fmt: str,
    lines: list[str],
    *,
    options: FormatOptions | None = None,
    warnings: Warnings | None = None,
    name: str = "t",
) -> list[tuple[int, list[tuple[str, str | None]]]]:
    """Sentences as plain tuples, so that a failing test prints them readably."""
    sentences = read_sentences(
        fmt,
        lines,
        name=name,
        warnings=warnings or Warnings(quiet=True),
        options=options or FormatOptions(),
    )
    return [(s.line, [(t.word, t.tag) for t in s.tokens]) for s in sentences]


def _untagged(*words: str) -> list[tuple[str, str | None]]:
    return [(word, None) for word in words]


# --- words ----------------------------------------------------------------------------------


def test_words_every_line_is_a_sentence_even_an_empty_one():
    lines = ["中央 人民", "", "  ", "他\u3000说\r"]
    assert _read("words", lines) == [
        (1, _untagged("中央", "人民")),
        (2, []),
        (3, []),
        (4, _untagged("他", "说")),
    ]


def test_readers_yield_sentences_of_tokens():
    (sentence,) = read_sentences("tagged", ["中国/ns"], name="t", warnings=Warnings())
    assert sentence == Sentence(1, [Token("中国", "ns")])
    assert sentence.words() == ["中国"]


# --- tagged ---------------------------------------------------------------------------------

PEOPLES_DAILY_1 = [
    ("迈向", "v"),
    ("充满", "v"),
    ("希望", "n"),
    ("的", "u"),
    ("新", "a"),
    ("世纪", "n"),
    ("——", "w"),
    ("一九九八年", "t"),
    ("新年", "t"),
    ("讲话", "n"),
]
# [中央/n 人民/n 广播/vn 电台/n]nt 、/w [中国/ns 国际/n 广播/vn 电台/n]nt
# 和/c [中央/n 电视台/n]nt ，/w
PEOPLES_DAILY_3 = [
    ("中央", "n"),
    ("人民", "n"),
    ("广播", "vn"),
    ("电台", "n"),
    ("、", "w"),
    ("中国", "ns"),
    ("国际", "n"),
    ("广播", "vn"),
    ("电台", "n"),
    ("和", "c"),
    ("中央", "n"),
    ("电视台", "n"),
    ("，", "w"),
]


def test_peoples_daily_brackets_give_the_inner_words_and_the_id_can_be_dropped():
    lines = _fixture_lines("peoples_daily.txt")
    dropped = _read("tagged", lines, options=FormatOptions(drop_first_token=True))
    assert dropped == [(1, PEOPLES_DAILY_1), (2, []), (3, PEOPLES_DAILY_3)]


def test_peoples_daily_id_is_a_token_unless_dropped():
    lines = _fixture_lines("peoples_daily.txt")
    kept = _read("tagged", lines)
    assert kept[0] == (1, [("19980101-01-001-001", "m"), *PEOPLES_DAILY_1])
    assert kept[2][1][0] == ("19980101-01-001-004", "m")


def test_underscore_separator_is_detected_and_slashes_stay_in_words():
    assert _read("tagged", _fixture_lines("underscore.tagged.txt")) == [
        (
            1,
            [
                ("他", "PN"),
                ("说", "VV"),
                ("1/2", "CD"),
                ("的", "DEC"),
                ("人", "NN"),
                ("来", "VV"),
                ("。", "PU"),
            ],
        ),
        (2, [("访问", "VV"), ("t.cn/x", "NN"), ("吧", "SP")]),
    ]


def test_the_last_separator_splits_and_brackets_need_a_word_after_them():
    line = "1/2/m [1]/m [/w //w ]/w http://a.cn/x/nx 中国/ns\r"
    assert _read("tagged", [line]) == [
        (
            1,
            [
                ("1/2", "m"),
                ("[1]", "m"),
                ("[", "w"),
                ("/", "w"),
                ("]", "w"),
                ("http://a.cn/x", "nx"),
                ("中国", "ns"),
            ],
        )
    ]


def test_one_word_phrase_in_brackets():
    assert _read("tagged", ["[中央/n]nt 台/n"]) == [(1, [("中央", "n"), ("台", "n")])]


def test_the_separator_is_decided_on_the_first_line_with_tokens():
    # "_" on line 2; then "a/b_NN" on line 3 splits at "_", though it also holds a "/".
    lines = ["", "他_PN 说_VV", "a/b_NN"]
    assert _read("tagged", lines) == [
        (1, []),
        (2, [("他", "PN"), ("说", "VV")]),
        (3, [("a/b", "NN")]),
    ]


def test_tag_sep_option_overrides_detection():
    # Detected, "/" would win ("NN" is tag-like, "b/NN" is not); forced, "_" splits.
    assert _read("tagged", ["a_b/NN"]) == [(1, [("a_b", "NN")])]
    assert _read("tagged", ["a_b/NN"], options=FormatOptions(tag_sep="_")) == [(1, [("a", "b/NN")])]


def test_drop_first_token_on_a_line_with_only_the_id():
    options = FormatOptions(drop_first_token=True)
    lines = ["19980101-01-001-001/m", "19980101-01-001-002/m 中国/ns"]
    assert _read("tagged", lines, options=options) == [
        (1, []),
        (2, [("中国", "ns")]),
    ]


# --- chars ----------------------------------------------------------------------------------


def test_bies_with_middle_column_invalid_transitions_and_blank_runs():
    warnings = Warnings(quiet=True)
    sentences = _read(
        "chars", _fixture_lines("bies.chars.txt"), warnings=warnings, name="bies.chars.txt"
    )
    assert sentences == [
        (1, _untagged("我", "爱", "北京")),
        (8, _untagged("天安门", "广场")),  # 广 I after 门 E: starts a word
        (14, _untagged("很", "大")),  # 很 E at a sentence start: a word of its own
    ]
    (message,) = warnings.messages
    assert message.startswith("bies.chars.txt:11: 2 label(s) continue a word where none is open")


def test_s_and_o_close_their_word():
    # An E after S, an I after O: no word is open, so each starts one (and both are counted).
    warnings = Warnings(quiet=True)
    lines = ["他 S", "们 E", "", "好 O", "的 I"]
    assert _read("chars", lines, warnings=warnings) == [
        (1, _untagged("他", "们")),
        (4, _untagged("好", "的")),
    ]
    (message,) = warnings.messages
    assert message.startswith("t:2: 2 label(s)")


def test_invalid_transitions_are_an_error_under_strict():
    with pytest.raises(WsscoreError, match="1 label"):
        _read("chars", ["中 E"], warnings=Warnings(strict=True))


def test_bio_o_is_a_word_of_one_character():
    lines = ["他 O", "北 B", "京 I", "人 B", "很 O", "。 O"]
    warnings = Warnings(quiet=True)
    assert _read("chars", lines, warnings=warnings) == [
        (1, _untagged("他", "北京", "人", "很", "。"))
    ]
    assert warnings.messages == []


def test_bi_words_end_at_the_next_b():
    lines = ["北 B", "京 I", "大 I", "学 B", "", "好 B"]
    warnings = Warnings(quiet=True)
    assert _read("chars", lines, warnings=warnings) == [
        (1, _untagged("北京大", "学")),
        (6, _untagged("好")),
    ]
    assert warnings.messages == []


def test_a_word_takes_the_tag_of_its_first_character():
    lines = ["北 B-NR", "京 E-NS", "人 S-NN", "民 B_NN", "很 B-AD", "好 E_VA"]
    assert _read("chars", lines) == [
        (1, [("北京", "NR"), ("人", "NN"), ("民", "NN"), ("很好", "AD")])
    ]
    tag_first = ["北 NR-B", "京 NS-E", "人 NN-S", "民 NN_B", "很 AD-B", "好 VA_E"]
    assert _read("chars", tag_first) == _read("chars", lines)


def test_carriage_returns_are_white_space_in_chars():
    lines = ["中 B\r", "国 E\r", "\r", "人 S"]
    assert _read("chars", lines) == [(1, _untagged("中国")), (4, _untagged("人"))]


@pytest.mark.parametrize(
    ("label", "parsed"),
    [
        ("B", (("B", None), ("B", None))),  # a plain position reads the same either way
        ("O", (("O", None), ("O", None))),
        ("B-NN", (("B", "NN"), None)),
        ("NN-B", (None, ("B", "NN"))),
        ("B_NN", (("B", "NN"), None)),
        ("B-S", (("B", "S"), ("S", "B"))),  # both ways: the file decides
        ("M-M", (("M", "M"), ("M", "M"))),
        ("O-S", (None, ("S", "O"))),  # O takes no tag, as in BIO
        ("S-O", (("S", "O"), None)),
        ("S-,", (("S", ","), None)),  # punctuation tags, as PTB and UD GSD XPOS
        ("B--LRB-", (("B", "-LRB-"), None)),
        (",-S", (None, ("S", ","))),
        ("-RRB--E", (None, ("E", "-RRB-"))),
        ("E-NP-SBJ", (("E", "NP-SBJ"), None)),
        ("NP-SBJ-E", (None, ("E", "NP-SBJ"))),
        ("b", (None, None)),  # lower case is a PKU tag, not a position
        ("X", (None, None)),
        ("BM", (None, None)),
        ("-B", (None, None)),
        ("B-", (None, None)),
    ],
)
def test_labels(
    label: str,
    parsed: tuple[tuple[str, str | None] | None, tuple[str, str | None] | None],
):
    expected = tuple(None if reading is None else Label(*reading) for reading in parsed)
    assert read_label(label) == expected


# --- conllu ---------------------------------------------------------------------------------


def test_conllu_reads_multi_word_tokens_as_surface_tokens_with_their_words():
    (first, *_) = read_sentences(
        "conllu", _fixture_lines("same.conllu"), name="t", warnings=Warnings(quiet=True)
    )
    # The range 3-4 广播电台 is one token, as the text has it, with its two syntactic words.
    assert first.words() == ["中央", "人民", "广播电台", "报道", "。"]
    assert first.parts == {2: [Token("广播", "NOUN"), Token("电台", "NOUN")]}
    assert [token.word for token in first.syntactic()] == [
        "中央",
        "人民",
        "广播",
        "电台",
        "报道",
        "。",
    ]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["1-2\tab" + "\t_" * 8, "1\ta" + "\t_" * 8], "lacks its words from 2 to 2"),
        (["1-2\tab" + "\t_" * 8, "2\tb" + "\t_" * 8], "expects its word 1"),
        (["2-1\tab" + "\t_" * 8], "ends before it starts"),
    ],
)
def test_conllu_refuses_a_multi_word_token_without_its_words(lines, message):
    with pytest.raises(WsscoreError, match=message):
        _read("conllu", lines)


def test_conllu_skips_comments_empty_nodes_and_reads_upos():
    assert _read("conllu", _fixture_lines("same.conllu")) == [
        (
            4,  # the first token line, after three comments
            [
                ("中央", "NOUN"),
                ("人民", "NOUN"),
                ("广播电台", None),  # the range 3-4: its words are its parts (test above)
                ("报道", "VERB"),  # once: the empty node 5.1 is skipped
                ("。", "PUNCT"),
            ],
        ),
        (
            14,
            [
                ("他", "PRON"),
                ("说", "VERB"),
                ("1/2", "NUM"),
                ("的", "PART"),
                ("人", "NOUN"),
                ("来", "VERB"),
                ("了", "AUX"),
                ("。", "PUNCT"),
            ],
        ),
        (25, [("访问", "VERB"), ("t.cn/x", "X"), ("吧", None)]),  # UPOS "_": no tag
    ]


def _conll_line(*columns: str) -> str:
    return "\t".join(columns)


def test_conll_x_without_comments_with_carriage_returns():
    lines = [
        _conll_line("1", "我", "我", "PN", "PN", "_", "2", "SUB", "_", "_\r"),
        _conll_line("2", "来", "来", "VV", "VV", "_", "0", "ROOT", "_", "_\r"),
        "\r",
        _conll_line("1", "好", "好", "VA", "VA", "_", "0", "ROOT", "_", "_"),
    ]
    assert _read("conllu", lines, options=FormatOptions(tag_column="xpos")) == [
        (1, [("我", "PN"), ("来", "VV")]),
        (4, [("好", "VA")]),
    ]


def test_conllu_spaces_inside_a_form_are_not_text():
    line = _conll_line("1", "北 京", "北京", "PROPN", "NR", "_", "0", "root", "_", "_")
    assert _read("conllu", [line]) == [(1, [("北京", "PROPN")])]


# --- jsonl ----------------------------------------------------------------------------------


def test_jsonl_shapes_blank_lines_empty_sentences_and_null_tags():
    assert _read("jsonl", _fixture_lines("shapes.jsonl")) == [
        (1, _untagged("我", "爱", "北京")),
        # line 2 is blank: skipped
        (3, []),
        (4, _untagged("天安门", "广场")),
        (5, [("很", "d"), ("大", None)]),
        (6, [("北京", None)]),  # "北 京": white space removed; the empty tag is none
    ]


def test_jsonl_carriage_return_is_json_white_space():
    assert _read("jsonl", ['["a", "b"]\r']) == [(1, _untagged("a", "b"))]


# --- streaming ------------------------------------------------------------------------------


class _CountingLines:
    """Lines handed out one at a time, counting how many a reader has taken."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.taken = 0

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            self.taken += 1
            yield line


@pytest.mark.parametrize(
    ("fmt", "lines", "taken"),
    [
        ("words", ["a b", "c"], 1),
        ("tagged", ["a/n b/v", "c/n"], 1),
        ("jsonl", ['["a"]', '["b"]'], 1),
        ("chars", ["a B", "b E", "", "c S"], 3),  # the blank line that ends the sentence
        ("conllu", [_conll_line("1", "a", *["_"] * 8), "", _conll_line("1", "b", *["_"] * 8)], 2),
    ],
)
def test_readers_take_no_more_lines_than_the_sentence_needs(fmt: str, lines: list[str], taken):
    source = _CountingLines(lines)
    sentences = read_sentences(fmt, source, name="t", warnings=Warnings(quiet=True))
    assert source.taken == 0  # nothing is read before the first sentence is asked for
    next(sentences)
    assert source.taken == taken
