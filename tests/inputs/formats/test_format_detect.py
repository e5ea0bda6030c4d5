"""detect_format on every fixture, and on plain words files that hold what looks like a tag
(URLs, dates, fractions): a wrong guess costs absurd scores, so those must stay ``words``."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from wsscore.inputs.formats import FORMATS, detect_format, detect_format_reason

FORMATS_DIR = FIXTURES / "formats"


def _head(name: str) -> list[str]:
    return (FORMATS_DIR / name).read_text(encoding="utf-8").split("\n")[:200]


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("same.words.txt", "words"),
        ("same.tagged.txt", "tagged"),
        ("same.chars.txt", "chars"),
        ("same.conllu", "conllu"),
        ("same.jsonl", "jsonl"),
        ("peoples_daily.txt", "tagged"),
        ("underscore.tagged.txt", "tagged"),
        ("bies.chars.txt", "chars"),
        ("shapes.jsonl", "jsonl"),
        ("urls.words.txt", "words"),
    ],
)
def test_every_fixture(name: str, fmt: str):
    assert detect_format(_head(name)) == fmt


def test_reasons_count_what_fits():
    # same.tagged.txt: 6 + 8 + 3 tokens, all tagged; same.conllu: 8 + 8 + 3 lines not comments.
    assert detect_format_reason(_head("same.tagged.txt")) == (
        "tagged",
        "17 of 17 tokens end in /TAG",
    )
    assert detect_format_reason(_head("underscore.tagged.txt")) == (
        "tagged",
        "10 of 10 tokens end in _TAG",
    )
    assert detect_format_reason(_head("same.conllu"))[1] == (
        "19 of 19 lines that are not comments have 10 tab-separated columns and a CoNLL-U ID"
    )
    assert detect_format_reason(_head("bies.chars.txt"))[1] == (
        "11 of 11 lines are a character and a B/M/E/S label"
    )
    assert detect_format_reason(_head("shapes.jsonl"))[1] == "5 of 5 lines are JSON sentences"
    assert detect_format_reason([]) == ("words", "the file is empty")
    assert detect_format_reason(["", " ", "\r"]) == ("words", "the file is empty")


@pytest.mark.parametrize(
    "head",
    [
        ["会议 于 2024/01/02 召开", "2023/12/31 结束"],  # dates
        ["1/2 3/4 5/8", "约 2/3 的 人"],  # fractions
        ["http://a.cn/index https://b.org/about", "ftp://c.net/pub/README"],  # URLs only
        ["见 www.a.cn/about 和 b.cn/x 的 说明"],  # bare hosts: 2 of 6 tokens
        ["snake_case and/or w/o", "中国 人民"],  # 2 of 5 tokens end in /TAG, 1 in _TAG
        ["[1] 参考 文献", "[2] 另 一 篇"],  # [1] is JSON, but not a sentence
        ["[", "]"],
        ["{}"],  # an object without tokens
        ["# 标题", "正文 内容"],  # a comment-like line but no CoNLL-U line
        ["中 b", "国 s"],  # lower-case letters are PKU tags, not positions
        ["中", "国"],  # one character a line, no label
        ["北京 B", "上海 E"],  # a label, but not after one character
        ["0 00 B"],  # one line: a chars file of one character is not worth the guess
        ["中 国 S", "", "    "],  # likewise, blank lines aside
    ],
)
def test_words_files_that_look_like_other_formats_stay_words(head: list[str]):
    assert detect_format(head) == "words"


def test_tagged_needs_nine_tokens_in_ten():
    nine = ["a/NN b/NN c/NN d/NN e/NN f/NN g/NN h/NN i/NN j"]
    eight = ["a/NN b/NN c/NN d/NN e/NN f/NN g/NN h/NN i j"]
    assert detect_format(nine) == "tagged"
    assert detect_format(eight) == "words"


def test_urls_count_neither_way_in_a_tagged_file():
    # http://a.cn/x/NN would look tagged, a plain URL would not: URLs are left out of the share.
    head = ["访问/VV http://a.cn/x 了/AS", "好/VA http://b.cn/y"]
    assert detect_format_reason(head) == ("tagged", "3 of 3 tokens end in /TAG")


def test_conllu_with_a_malformed_line_is_still_conllu():
    # The reader then names the bad line, which is more useful than reading it as words.
    line = "\t".join(["1", "我", "我", "PRON", "PN", "_", "0", "root", "_", "_"])
    head = [line] * 9 + ["1 我 我 PRON PN _ 0 root _ _"]
    assert detect_format(head) == "conllu"
    assert detect_format([*head, *head[-1:]]) == "words"  # 9 of 11: too few


def test_conllu_with_crlf_and_a_byte_order_mark():
    line = "\t".join(["1", "我", "我", "PRON", "PN", "_", "0", "root", "_", "_\r"])
    assert detect_format(["\ufeff# sent_id = 1\r", line, "\r"]) == "conllu"


def test_jsonl_after_blank_lines_and_with_a_byte_order_mark():
    assert detect_format(["", '\ufeff["中国", "人民"]', '[["他", "PN"]]']) == "jsonl"


def test_chars_with_tags_on_either_side():
    assert detect_format(["中 B-NR", "国 NR-E", "", "人 S_NN"]) == "chars"


def test_detection_answers_one_of_the_formats():
    assert {detect_format(_head(path.name)) for path in FORMATS_DIR.iterdir()} <= set(FORMATS)
