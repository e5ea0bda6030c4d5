"""Real tools' output as they print it (issue 21, items 1-3): tokens that are only white space,
word separators other than white space (``--word-sep``), and tags that are punctuation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import messages_of, run_wsscore
from hypothesis import given
from hypothesis import strategies as st

from wsscore import InputOptions, WsscoreError, score
from wsscore.errors import Warnings
from wsscore.inputs.formats import FormatOptions, Token, detect_format, read_sentences
from wsscore.inputs.formats.tagged import PUNCTUATION_TAGS
from wsscore.inputs.formats.words import separator_seen

GOLD = "他 来到 北京\n我们 走 。\n"
WORDS = [["他", "来到", "北京"], ["我们", "走", "。"]]
TAGS = [["r", "v", "ns"], ["r", "v", "x"]]


def _read(fmt: str, lines: list[str], **options: object) -> list[list[Token]]:
    sentences = read_sentences(
        fmt,
        lines,
        name="t",
        warnings=Warnings(quiet=True),
        options=FormatOptions(**options),  # type: ignore[arg-type]
    )
    return [sentence.tokens for sentence in sentences]


def _words(sentences: list[list[Token]]) -> list[list[str]]:
    return [[token.word for token in tokens] for tokens in sentences]


def _tags(sentences: list[list[Token]]) -> list[list[str | None]]:
    return [[token.tag for token in tokens] for tokens in sentences]


_wsscore = run_wsscore


def _counts(tmp_path: Path, pred: str, inputs: InputOptions | None = None) -> tuple[int, ...]:
    gold_file, pred_file = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold_file.write_text(GOLD, encoding="utf-8")
    pred_file.write_text(pred, encoding="utf-8")
    counts = score(gold_file, [pred_file], inputs=inputs).systems[0].counts
    return counts.gold_words, counts.pred_words, counts.correct, counts.misaligned_chars


# 1. Tokens that are only white space: a space of the text, dropped in every format.

POSSEG = ["他/r 来到/v  /x 北京/ns", " /x 我们/r 走/v 。/x"]  # jieba.posseg: ' /x'
THULAC = ["他_r 来到_v  _w 北京_ns", "我们_r 走_v  _w 。_x"]  # thulac: ' _w'
JSON_PAIRS = [
    '[["他","r"],["来到","v"],[" ","x"],["北京","ns"]]',
    '[["我们","r"],["走","v"],["。","x"]]',
]
JSON_WORDS = ['["他"," ","来到","北京"]', '["我们","\u3000","走","。"]']
JSON_OBJECT = [
    '{"tokens":["他","来到"," ","北京"],"tags":["r","v","x","ns"]}',
    '["我们","走","。"]',
]


@pytest.mark.parametrize(
    ("fmt", "lines"),
    [
        ("tagged", POSSEG),
        ("tagged", THULAC),
        ("jsonl", JSON_PAIRS),
        ("jsonl", JSON_WORDS),
        ("jsonl", JSON_OBJECT),
    ],
)
def test_white_space_tokens_are_dropped(fmt: str, lines: list[str]) -> None:
    assert detect_format(lines) == fmt
    assert _words(_read(fmt, lines)) == WORDS


def test_a_white_space_token_of_any_white_space() -> None:
    # An ideographic space of the text (jieba prints it as the word), after a byte-order mark.
    lines = ["\ufeff /x 他/r 来到/v \u3000/x 北京/ns"]
    assert _words(_read("tagged", lines, tag_sep="/")) == [WORDS[0]]
    with pytest.raises(WsscoreError, match="has an empty word"):  # U+001C is not white space
        _read("tagged", ["他/r\x1c /x"], tag_sep="/")


def test_white_space_tokens_keep_the_tags_of_the_words() -> None:
    assert _tags(_read("tagged", POSSEG)) == TAGS
    assert _tags(_read("jsonl", JSON_PAIRS)) == TAGS


def test_white_space_tokens_leave_the_counts_unchanged(tmp_path: Path) -> None:
    for lines in (POSSEG, THULAC, JSON_PAIRS, JSON_WORDS):
        assert _counts(tmp_path, "\n".join(lines) + "\n") == (6, 6, 6, 0)


@pytest.mark.parametrize(
    "line",
    [
        "他/r /n 北京/ns",  # one space before /n: the separator, so the word is empty
        "/n 他/r",  # at the start of the line, nothing before it
        "他/r\t/n",  # one tab is one separator too
    ],
)
def test_an_empty_word_is_still_refused(line: str) -> None:
    with pytest.raises(WsscoreError, match="has an empty word"):
        _read("tagged", [line], tag_sep="/")


def test_an_empty_json_word_is_still_refused() -> None:
    with pytest.raises(WsscoreError, match='the word "" is empty'):
        _read("jsonl", ['["他", ""]'])


# 2. Other word separators: --word-sep, --gold-word-sep, --pred-word-sep.

JIEBA = ["他 / 来到 / 北京", "我们 /   / 走 / 。"]  # jieba's command line, a space of the text
JIEBA_POS = ["他_r / 来到_v / 北京_ns", "我们_r /  _x / 走_v / 。_x"]  # jieba -p
PIPES = ["他|来到|北京", "我们| |走|。"]  # jieba -d '|'


@pytest.mark.parametrize(
    ("fmt", "lines", "separator"),
    [
        ("words", JIEBA, " / "),
        ("words", JIEBA, "/"),
        ("words", PIPES, "|"),
        ("tagged", JIEBA_POS, " / "),
    ],
)
def test_a_word_separator_separates_words(fmt: str, lines: list[str], separator: str) -> None:
    assert detect_format(lines, separator) == fmt
    assert _words(_read(fmt, lines, word_sep=separator)) == WORDS


def test_a_word_separator_with_tags() -> None:
    assert _tags(_read("tagged", JIEBA_POS, word_sep=" / ")) == TAGS


def test_without_the_separator_jieba_tagged_is_not_tagged() -> None:
    # Every other token is '/': read as words, it fails, and the hint names the separator.
    assert detect_format(JIEBA_POS) == "words"
    assert separator_seen(JIEBA_POS) == " / "
    assert separator_seen(JIEBA) == " / "
    assert separator_seen(["他 来到 北京", "我们 走 。"]) is None


def test_the_word_separators_of_each_side(tmp_path: Path) -> None:
    jieba = "\n".join(JIEBA) + "\n"
    for inputs in (
        InputOptions(pred_word_sep=" / "),
        InputOptions(word_sep=" / "),  # the gold has none: white space separates anyway
        InputOptions(gold_word_sep="|", pred_word_sep=" / "),
    ):
        assert _counts(tmp_path, jieba, inputs) == (6, 6, 6, 0)
    inputs = InputOptions(word_sep="|", pred_word_sep=" / ")
    assert inputs.gold_format_options.word_sep == "|"
    assert inputs.pred_format_options.word_sep == " / "
    with pytest.raises(WsscoreError, match="a word separator is not empty"):
        InputOptions(pred_word_sep="")


def test_the_cli_reads_jieba_with_pred_word_sep(tmp_path: Path) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "jieba.txt"
    gold.write_text(GOLD, encoding="utf-8")
    for lines, fmt in ((JIEBA, "words"), (JIEBA_POS, "tagged")):
        pred.write_text("\n".join(lines) + "\n", encoding="utf-8")
        done = _wsscore("score", gold, pred, "--pred-word-sep", " / ", "-f", "json")
        assert done.returncode == 0, done.stderr
        system = json.loads(done.stdout)["systems"][0]
        assert system["format"] == fmt
        assert system["counts"]["correct"] == system["counts"]["pred_words"] == 6


@pytest.mark.parametrize("mismatch", ["warn", "error"])
@pytest.mark.parametrize("lines", [JIEBA, JIEBA_POS])
def test_a_mismatch_suggests_the_separator_it_saw(
    tmp_path: Path, lines: list[str], mismatch: str
) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "jieba.txt"
    gold.write_text(GOLD, encoding="utf-8")
    pred.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = _wsscore("score", gold, pred, "--mismatch", mismatch)
    assert done.returncode == 2
    assert "give --pred-word-sep ' / '" in done.stderr
    assert len(messages_of(done.stderr)) == 1


@pytest.mark.parametrize("mismatch", ["warn", "error"])
def test_a_separator_without_spaces_is_suggested(tmp_path: Path, mismatch: str) -> None:
    # jieba -d '|': the differences are all '|' where the gold has nothing.
    gold, pred = tmp_path / "gold.txt", tmp_path / "jieba.txt"
    gold.write_text(GOLD, encoding="utf-8")
    pred.write_text("\n".join(PIPES) + "\n", encoding="utf-8")
    done = _wsscore("score", gold, pred, "--mismatch", mismatch)
    assert done.returncode == 2
    assert "give --pred-word-sep '|'" in done.stderr


def test_a_prediction_that_overruns_with_separators_is_told(tmp_path: Path) -> None:
    # Two '|' a line, 5,001 lines: over the 10,000 extra characters that warn allows before a
    # difference is found: the hint compares the files' first lines instead.
    gold, pred = tmp_path / "gold.txt", tmp_path / "jieba.txt"
    gold.write_text("他 来到 北京\n" * 5001, encoding="utf-8")
    pred.write_text("他|来到|北京\n" * 5001, encoding="utf-8")
    done = _wsscore("score", gold, pred)
    assert done.returncode == 2
    assert "past the end of the gold" in done.stderr
    assert "give --pred-word-sep '|'" in done.stderr


def test_stray_punctuation_suggests_no_separator(tmp_path: Path) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text(GOLD, encoding="utf-8")
    pred.write_text("他 来到 北京 。\n我们 走 。 。\n", encoding="utf-8")
    done = _wsscore("score", gold, pred, "--mismatch", "error")
    assert done.returncode == 2
    assert "word-sep" not in done.stderr


def test_a_gold_with_separators_is_named(tmp_path: Path) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("他 | 来到 | 北京\n", encoding="utf-8")
    pred.write_text("他 来到 北京\n", encoding="utf-8")
    done = _wsscore("score", gold, pred)
    assert done.returncode == 2
    assert "give --gold-word-sep ' | '" in done.stderr


def test_a_tagged_file_with_separators_suggests_word_sep() -> None:
    with pytest.raises(WsscoreError, match="give --word-sep ' / '"):
        _read("tagged", JIEBA_POS)


def test_match_diff_reads_a_word_separator(tmp_path: Path) -> None:
    # Issue 21 item 10: the Perl-style counter is handed the words, whatever separated them.
    gold, pred = tmp_path / "gold.txt", tmp_path / "jieba.txt"
    gold.write_text(GOLD, encoding="utf-8")
    pred.write_text("\n".join(JIEBA) + "\n", encoding="utf-8")
    done = _wsscore("score", gold, pred, "--pred-word-sep", " / ", "--match", "diff", "-f", "json")
    assert done.returncode == 0, done.stderr
    counts = json.loads(done.stdout)["systems"][0]["counts"]
    assert (counts["correct"], counts["gold_words"], counts["pred_words"]) == (6, 6, 6)


def test_convert_reads_a_word_separator(tmp_path: Path) -> None:
    pred = tmp_path / "jieba.txt"
    pred.write_text("\n".join(JIEBA_POS) + "\n", encoding="utf-8")
    done = _wsscore("convert", pred, "--to", "tagged", "--word-sep", " / ")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "他/r 来到/v 北京/ns\n我们/r 走/v 。/x\n"


# 3. Tags that are punctuation (PTB, UD GSD XPOS).

PTB = [
    "我们_PN ，_, 走_VV 。_.",
    "他_PN 说_VV ：_: “_`` 好_VA ”_''",
    "（_-LRB- 一_CD ）_-RRB- ＄_$ ＃_#",
]


def test_punctuation_tags_are_detected_and_read() -> None:
    assert detect_format(PTB) == "tagged"
    assert _tags(_read("tagged", PTB))[0] == ["PN", ",", "VV", "."]
    assert _tags(_read("tagged", PTB))[2] == ["-LRB-", "CD", "-RRB-", "$", "#"]


def test_punctuation_tags_score_as_tagged(tmp_path: Path) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("我们 ， 走 。\n", encoding="utf-8")
    pred.write_text("我们_PN ，_, 走_VV 。_.\n", encoding="utf-8")
    system = score(gold, [pred]).systems[0]
    assert system.format == "tagged"
    assert system.counts.correct == 4


@pytest.mark.parametrize(
    "head",
    [
        ["会议 于 2024/01/02 召开", "2023/12/31 结束"],
        ["1/2 3/4 5/8", "约 2/3 的 人"],
        ["http://a.cn/x https://b.org/a_b", "见 http://a.cn/x"],
        ["a_, b_. c_:", "中国 人民 站 起来 了 吗"],  # 3 of 9 tokens: not nearly all
    ],
)
def test_words_with_slashes_stay_words(head: list[str]) -> None:
    assert detect_format(head) == "words"


WORD = st.text(st.sampled_from("中国人民一二三abc/_1"), min_size=1, max_size=5)
TAG = st.one_of(
    st.sampled_from(sorted(PUNCTUATION_TAGS)), st.from_regex(r"[A-Z][A-Za-z]{0,3}", fullmatch=True)
)


@pytest.mark.slow
@given(
    sentences=st.lists(
        st.lists(st.tuples(WORD, TAG), min_size=1, max_size=6), min_size=1, max_size=4
    ),
    separator=st.sampled_from(["/", "_"]),
)
def test_punctuation_tags_read_back_the_same(
    sentences: list[list[tuple[str, str]]], separator: str
) -> None:
    tokens = [[Token(word, tag) for word, tag in sentence] for sentence in sentences]
    # A tag holding the separator cannot be split at the last one: not in a tagged file.
    tokens = [
        [t for t in sentence if separator not in t.tag] or [Token("中", "NN")]
        for sentence in tokens
    ]
    if separator == "/" and any("/" in t.word for sentence in tokens for t in sentence):
        # Nearly every token word/pos/reading is KyTea's layout (docs/formats-japanese.md):
        # as many plain tokens keep the file a tagged one, its words with / read back whole.
        tokens[0].extend([Token("中", "NN")] * sum(map(len, tokens)))
    lines = [" ".join(f"{t.word}{separator}{t.tag}" for t in sentence) for sentence in tokens]
    # Detected as tagged, its separator chosen by the reader, and read back the same.
    assert detect_format(lines) == "tagged"
    assert _read("tagged", lines) == tokens
