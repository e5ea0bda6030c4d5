"""The ``mecab`` and ``kytea`` readers and writers: MeCab's surface<TAB>features lines with EOS,
KyTea's word/tag/reading tokens with backslash escapes, and ``--tag-field``."""

from __future__ import annotations

import gzip
import json
import os
import re

import pytest
from conftest import FIXTURES, refused_in_one_line, run_wsscore
from hypothesis import given
from hypothesis import strategies as st

from wsscore import score
from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.formats import (
    FormatOptions,
    Sentence,
    TagFields,
    Token,
    detect_format_reason,
    parse_tag_field,
    read_sentences,
)
from wsscore.inputs.formats.mecab import split_csv
from wsscore.inputs.formats.writers import WRITERS, Target
from wsscore.inputs.options import InputOptions

JAPANESE = FIXTURES / "japanese"


def _read(fmt: str, text: str, tag_field: str = "1") -> list[Sentence]:
    options = FormatOptions(tag_field=parse_tag_field(tag_field))
    lines = text.split("\n")
    return list(read_sentences(fmt, lines, name="in", warnings=Warnings(), options=options))


def _pairs(sentences: list[Sentence]) -> list[list[tuple[str, str | None]]]:
    return [[(token.word, token.tag) for token in sentence.tokens] for sentence in sentences]


# --- mecab ------------------------------------------------------------------------------------

UNIDIC_EN = (
    "円\t名詞,普通名詞,助数詞可能,*,*,*,エン,円-助数詞,円,エン,円,エン,漢,*,*,*,*,エン,エン,"
    'エン,エン,*,"B4WW,B",1,C3,*'
)


def test_mecab_reads_surfaces_and_the_first_feature_by_default() -> None:
    text = f"1\t名詞,数詞,*,*,*,*\n{UNIDIC_EN}\nEOS\nEOS\n東京\t名詞,固有名詞\nEOS\n"
    sentences = _read("mecab", text)
    assert _pairs(sentences) == [[("1", "名詞"), ("円", "名詞")], [], [("東京", "名詞")]]
    assert [sentence.line for sentence in sentences] == [1, 4, 5]  # an empty one at its EOS


@pytest.mark.parametrize(
    ("field", "tag"),
    [
        ("2", "普通名詞"),
        ("1-2", "名詞-普通名詞"),
        ("1-3", "名詞-普通名詞-助数詞可能"),
        ("23", "B4WW,B"),  # a quoted field holds a comma
        ("23-24", "B4WW,B-1"),  # and the fields after it are counted past it
        ("27", None),  # the line has 26 fields
    ],
)
def test_mecab_tag_field_chooses_fields_read_as_csv(field: str, tag: str | None) -> None:
    assert _pairs(_read("mecab", f"{UNIDIC_EN}\nEOS", field)) == [[("円", tag)]]


def test_mecab_csv_is_read_as_mecab_reads_it() -> None:
    assert split_csv('a,"b,c",d') == ["a", "b,c", "d"]
    assert split_csv('"say ""hi""",x') == ['say "hi"', "x"]
    assert split_csv(',,"') == ["", "", ""]  # an unclosed quote runs to the end
    assert split_csv('"a"b,c') == ["a", "c"]  # after the closing quote: dropped up to the comma


def test_mecab_unknown_word_and_empty_feature_lines_have_no_tag_beyond_their_fields() -> None:
    text = "ｸﾞｸﾞ\t名詞,普通名詞,一般,*,*,*\nｘ\t\nEOS"
    assert _pairs(_read("mecab", text, "7")) == [[("ｸﾞｸﾞ", None), ("ｘ", None)]]
    assert _pairs(_read("mecab", text)) == [[("ｸﾞｸﾞ", "名詞"), ("ｘ", None)]]


def test_mecab_spaced_surface_is_one_word_and_a_white_space_token_none() -> None:
    text = "Machine Learning\t名詞,普通名詞\n \t空白,*\n\u3000\t空白,*\nを\t助詞\nEOS\r\n\n"
    (sentence,) = _read("mecab", text)
    assert sentence.tokens == [
        Token("MachineLearning", "名詞", "Machine Learning"),
        Token("を", "助詞"),
    ]


def test_mecab_tokens_after_the_last_eos_are_a_sentence() -> None:
    assert _pairs(_read("mecab", "a\tX\nEOS\nb\tY")) == [[("a", "X")], [("b", "Y")]]


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("a\tX\n\tY\nEOS", "in:2:1", "surface before the tab is empty"),
        ("a\tX\nb c\nEOS", "in:2:1", "neither surface<TAB>features nor EOS"),
        ("EOS extra", "in:1:1", "neither"),
    ],
)
def test_mecab_malformed_lines_are_refused_where_they_are(text: str, where: str, words: str):
    with pytest.raises(WsscoreError) as caught:
        _read("mecab", text)
    assert caught.value.where == where
    assert words in caught.value.message
    assert caught.value.hint


def test_mecab_sentence_past_its_limit_is_refused() -> None:
    lines = ["一\tX"] * 5 + ["EOS"]
    options = FormatOptions()
    with pytest.raises(WsscoreError, match="more than 4 characters"):
        list(
            read_sentences(
                "mecab", lines, name="in", warnings=Warnings(), options=options, max_chars=4
            )
        )


# --- kytea ------------------------------------------------------------------------------------


def test_kytea_reads_words_and_levels() -> None:
    text = "東京/名詞/とうきょう に/助詞/に\n\n行く/動詞"
    assert _pairs(_read("kytea", text)) == [
        [("東京", "名詞"), ("に", "助詞")],
        [],
        [("行く", "動詞")],
    ]
    assert _pairs(_read("kytea", text, "2")) == [
        [("東京", "とうきょう"), ("に", "に")],
        [],
        [("行く", None)],  # no reading level
    ]
    assert _pairs(_read("kytea", text, "1-2"))[0] == [
        ("東京", "名詞-とうきょう"),
        ("に", "助詞-に"),
    ]


def test_kytea_escapes_and_candidates_are_read_as_kytea_reads_them() -> None:
    text = r"a\/b/名詞&動詞/よみ c\\d/記号 Machine\ Learning/名詞 \ /空白/\  e//y x\&y/N"
    (sentence,) = _read("kytea", text, "1")
    assert sentence.tokens == [
        Token("a/b", "名詞"),  # the first candidate of a level
        Token("c\\d", "記号"),
        Token("MachineLearning", "名詞", "Machine Learning"),
        Token("e", None),  # an empty level has no tag
        Token("x&y", "N"),
    ]  # the escaped space alone is no word


@pytest.mark.parametrize(
    ("line", "where", "words"),
    [
        ("a/N /N", "in:1:5", "empty word"),
        ("a/N a&b/N", "in:1:6", "unescaped &"),
        ("a/N b\\", "in:1:6", "ends with an escape"),
        ("a/N \\ x /N", "in:1:9", "empty word"),
    ],
)
def test_kytea_malformed_tokens_are_refused_where_they_are(line: str, where: str, words: str):
    with pytest.raises(WsscoreError) as caught:
        _read("kytea", line)
    assert caught.value.where == where
    assert words in caught.value.message


# --- --tag-field ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "fields"),
    [
        (1, TagFields(1, 1)),
        ("2", TagFields(2, 2)),
        ("1-2", TagFields(1, 2)),
        (" 3-3 ", TagFields(3, 3)),
    ],
)
def test_tag_field_values(value: object, fields: TagFields) -> None:
    assert parse_tag_field(value) == fields
    assert InputOptions(tag_field=value).format_options.tag_field == fields  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, "0", "2-1", "a", "1-", "-1", "１", True, 1.5, "1-2-3"])
def test_tag_field_refuses_what_is_no_field(value: object) -> None:
    with pytest.raises(InvalidArgument):
        parse_tag_field(value)


def test_tag_field_is_refused_on_the_command_line_in_one_line(tmp_path) -> None:
    result = run_wsscore(
        "score", JAPANESE / "gold.mecab", JAPANESE / "sudachi.mecab", "--tag-field", "2-1"
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "tag field '2-1'" in result.stderr


OUT_OF_RANGE = "of --tag-field is out of range"


@pytest.mark.parametrize(
    ("name", "field", "message"),
    [
        (
            "gold.mecab",
            "7",
            "field 7 of --tag-field is out of range: the line has 6 feature fields",
        ),
        (
            "gold.mecab",
            "2-9",
            "field 9 of --tag-field is out of range: the line has 6 feature fields",
        ),
        (
            "sudachi.kytea",
            "3",
            f"field 3 {OUT_OF_RANGE}: the line's first token has 2 tag fields",
        ),
    ],
)
def test_a_tag_field_past_the_file_s_fields_is_said_to_be_out_of_range(name, field, message):
    """The issue: a field past those of every line said "the gold carries none"; it names the
    field, the line and how many fields the line has."""
    gold = JAPANESE / name
    line = refused_in_one_line("score", gold, gold, "--tags", "--tag-field", field)
    count = 6 if name.endswith("mecab") else 2
    assert line == f"wsscore: error: {gold}:1: {message} (give a field from 1 to {count})"
    with pytest.raises(WsscoreError) as raised:  # in the API's terms
        score(gold, gold, tags=True, inputs=InputOptions(tag_field=field))
    assert "of InputOptions(tag_field=...) is out of range" in str(raised.value)


def test_a_tag_field_some_lines_lack_is_no_error(tmp_path) -> None:
    """IPAdic writes fewer fields for unknown words: a field past the first line's is read
    where the other lines have it (and the line without it has no tag)."""
    mecab = tmp_path / "m.mecab"
    mecab.write_text("a\tX\nb\tY,Z,W\nEOS\n", encoding="utf-8")
    inputs = InputOptions(input_format="mecab", tag_field=3)
    tags = score(mecab, mecab, tags=True, inputs=inputs).systems[0].tags
    assert tags is not None
    assert (tags.gold_words, tags.tag_correct, dict(tags.gold_by_tag)) == (2, 2, {"_": 1, "W": 1})


# --- detection --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "fmt"),
    [
        (["東京\t名詞,固有名詞", "EOS"], "mecab"),
        (["東京/名詞/とうきょう に/助詞/に"], "kytea"),
        ([r"Machine\ Learning/名詞/ましん を/助詞/を"], "kytea"),
        (["東京/名詞 に/助詞"], "kytea"),  # -notag 2: no readings, tags unlike tagged's
        (["run/VB/run a/DT/a"], "kytea"),  # three levels: not word/TAG
        (["他/r 来/v"], "tagged"),
        (["2024/01/02 是 日期"], "words"),  # a date is no KyTea token
        (["東京\t名詞", "大阪\t名詞"], "words"),  # no EOS: a table, not MeCab's output
    ],
)
def test_detection_tells_mecab_and_kytea_apart(lines: list[str], fmt: str) -> None:
    assert detect_format_reason(lines)[0] == fmt


def test_detection_says_what_it_decided() -> None:
    assert (
        detect_format_reason(["a\tX", "EOS"])[1] == "2 of 2 lines are surface<TAB>features or EOS"
    )
    assert detect_format_reason(["a/X/x b/Y/y"])[1] == "2 of 2 tokens are word/tag/reading"


# --- writers ----------------------------------------------------------------------------------


def _written(fmt: str, sentences: list[Sentence]) -> str:
    return "".join(
        WRITERS[fmt](sentence, n, Target("in")) for n, sentence in enumerate(sentences, 1)
    )


def test_writers_write_the_spaced_form_and_escapes() -> None:
    sentence = Sentence(
        1,
        [
            Token("MachineLearning", "名詞", "Machine Learning"),
            Token("a/b", "x,y"),
            Token("c", None),
        ],
    )
    assert _written("mecab", [sentence]) == 'Machine Learning\t名詞\na/b\t"x,y"\nc\t\nEOS\n'
    assert _written("kytea", [sentence]) == "Machine\\ Learning/名詞 a\\/b/x,y c\n"


WORD = st.text(st.sampled_from('東京a/\\&, "_-'), min_size=1, max_size=4).filter(
    lambda w: w.strip()
)
TAG = st.none() | st.text(st.sampled_from('名詞N/\\&," -'), min_size=1, max_size=3)


@given(
    st.lists(st.lists(st.tuples(WORD, TAG), max_size=4), min_size=1, max_size=3),
    st.sampled_from(["mecab", "kytea"]),
)
def test_what_is_written_reads_back_with_the_same_words_and_tags(pairs, fmt) -> None:
    sentences = []
    for number, sentence in enumerate(pairs, 1):
        tokens = []
        for text, tag in sentence:
            word = "".join(text.split())
            tokens.append(Token(word, tag, text if word != text else None))
        sentences.append(Sentence(number, tokens))
    try:
        text = _written(fmt, sentences)
    except WsscoreError as error:
        assert error.where is not None and error.where.startswith("in:")
        return
    back = _read(fmt, text.removesuffix("\n"))
    assert [sentence.tokens for sentence in back] == [sentence.tokens for sentence in sentences]


# --- real outputs: counted apart ----------------------------------------------------------------


def _mecab_sentences(text: str) -> list[list[tuple[str, str]]]:
    """A tiny independent reader: (word without white space, first feature) per token."""
    sentences, tokens = [], []
    for line in text.splitlines():
        if line == "EOS":
            sentences.append(tokens)
            tokens = []
        elif line:
            surface, features = line.split("\t")
            word = re.sub(r"\s", "", surface)
            if word:
                tokens.append((word, features.split(",")[0]))
    return sentences


def _kytea_sentences(text: str) -> list[list[tuple[str, str]]]:
    sentences = []
    for line in text.splitlines():
        hidden = re.sub(r"\\(.)", lambda m: f"\x00{ord(m.group(1))}\x01", line)
        tokens = []
        for token in hidden.split():
            word, tag = [
                re.sub("\x00(\\d+)\x01", lambda m: chr(int(m.group(1))), part)
                for part in token.split("/")[:2]
            ]
            word = re.sub(r"\s", "", word)
            if word:
                tokens.append((word, tag))
        sentences.append(tokens)
    return sentences


def _spans(tokens: list[tuple[str, str]]) -> set[tuple[int, int, str]]:
    spans, at = set(), 0
    for word, tag in tokens:
        spans.add((at, at + len(word), tag))
        at += len(word)
    return spans


def _counted(
    gold: list[list[tuple[str, str]]], pred: list[list[tuple[str, str]]]
) -> dict[str, int]:
    counts = dict(gold_words=0, pred_words=0, correct=0, tag_correct=0)
    for g, p in zip(gold, pred, strict=True):
        gold_spans, pred_spans = _spans(g), _spans(p)
        counts["gold_words"] += len(g)
        counts["pred_words"] += len(p)
        counts["correct"] += len({s[:2] for s in gold_spans} & {s[:2] for s in pred_spans})
        counts["tag_correct"] += len(gold_spans & pred_spans)
    return counts


@pytest.mark.parametrize(
    "name", ["fugashi.mecab.gz", "sudachi.mecab", "fugashi.kytea", "sudachi.kytea"]
)
def test_real_outputs_are_counted_as_an_independent_count_gives(name: str) -> None:
    gold = _mecab_sentences((JAPANESE / "gold.mecab").read_text("utf-8"))
    path = JAPANESE / name
    raw = (
        gzip.decompress(path.read_bytes()).decode()
        if name.endswith(".gz")
        else path.read_text("utf-8")
    )
    pred = _mecab_sentences(raw) if ".mecab" in name else _kytea_sentences(raw)
    result = run_wsscore("score", JAPANESE / "gold.mecab", path, "--tags", "-f", "json")
    assert result.returncode == 0, result.stderr
    system = json.loads(result.stdout)["systems"][0]
    counts = system["counts"]
    expected = _counted(gold, pred)
    assert system["format"] == ("mecab" if ".mecab" in name else "kytea")
    assert {
        key: counts[key] for key in ("gold_words", "pred_words", "correct", "tag_correct")
    } == expected


def test_real_outputs_by_hand() -> None:
    """Two sentences counted by hand. 14: the gold splits 客数 (客 + 数), fugashi does not: 13
    gold words, 12 predicted, 11 right, each with its tag. 4: the gold's 部 (of 中心部) is a
    suffix, fugashi's a noun: 14 words each, all right, 13 with their tag."""
    gold = _mecab_sentences((JAPANESE / "gold.mecab").read_text("utf-8"))
    pred = _mecab_sentences(gzip.decompress((JAPANESE / "fugashi.mecab.gz").read_bytes()).decode())
    assert _counted([gold[13]], [pred[13]]) == dict(
        gold_words=13, pred_words=12, correct=11, tag_correct=11
    )
    assert _counted([gold[3]], [pred[3]]) == dict(
        gold_words=14, pred_words=14, correct=14, tag_correct=13
    )


# --- nagisa: word/POS as printed, read as tagged ------------------------------------------------


def _nagisa_sentences(text: str) -> list[list[tuple[str, str]]]:
    """A tiny independent reader of ``print(nagisa.tagging(s))``: tokens joined by single ASCII
    spaces, each a word and its part of speech after the last ``/``; a word of white space
    only (``　/空白``) is no word, and white space kept in a word (a URL's ``　``) is dropped."""
    sentences = []
    for line in text.splitlines():
        tokens = []
        for token in line.split(" "):
            word, _, tag = token.rpartition("/")
            word = re.sub(r"\s", "", word)
            if word:
                tokens.append((word, tag))
        sentences.append(tokens)
    return sentences


def _words_sentences(text: str) -> list[list[tuple[str, str]]]:
    return [[(word, "") for word in line.split()] for line in text.splitlines()]


NAGISA = [
    ("gold.mecab", "nagisa.tagged.txt", _mecab_sentences),
    ("slash-gold.txt", "nagisa.slash.tagged.txt", _words_sentences),
]


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize(("gold", "name", "gold_reader"), NAGISA)
def test_nagisa_as_printed_is_counted_as_an_independent_count_gives(
    gold: str, name: str, gold_reader, backend: str
) -> None:
    """Issue 34: nagisa's output was taken for KyTea's and refused at its first ``　/空白``; a
    URL must keep its slashes, a ``/`` of the text is a word."""
    env = dict(os.environ)
    env.pop("WSSCORE_PURE_PYTHON", None)
    if backend == "python":
        env["WSSCORE_PURE_PYTHON"] = "1"
    tags = ("--tags",) if gold == "gold.mecab" else ()
    result = run_wsscore("score", JAPANESE / gold, JAPANESE / name, *tags, "-f", "json", env=env)
    assert result.returncode == 0, result.stderr
    system = json.loads(result.stdout)["systems"][0]
    assert system["format"] == "tagged"
    pred = _nagisa_sentences((JAPANESE / name).read_text("utf-8"))
    expected = _counted(gold_reader((JAPANESE / gold).read_text("utf-8")), pred)
    keys = ("gold_words", "pred_words", "correct") + (("tag_correct",) if tags else ())
    assert {key: system["counts"][key] for key in keys} == {key: expected[key] for key in keys}


def test_nagisa_counts_by_hand() -> None:
    """The slash sample: 64 gold words; nagisa splits 新幹線 (新 + 幹線): 65 predicted, 63
    right. Its URLs are whole words, the one followed by a space too."""
    pred = _nagisa_sentences((JAPANESE / "nagisa.slash.tagged.txt").read_text("utf-8"))
    gold = _words_sentences((JAPANESE / "slash-gold.txt").read_text("utf-8"))
    assert _counted(gold, pred) | {"tag_correct": 0} == dict(
        gold_words=64, pred_words=65, correct=63, tag_correct=0
    )
    read = _pairs(_read("tagged", (JAPANESE / "nagisa.slash.tagged.txt").read_text("utf-8")))
    assert ("http://example.com/news/a/b", "URL") in read[0]
    assert ("https://www.example.co.jp/docs/2024/01/index.html", "URL") in read[1]
    assert ("https://example.org/form/", "URL") in read[4]
    assert ("/", "補助記号") in read[2]


def test_a_url_is_never_cut_at_its_first_slash() -> None:
    """The tagged reader splits a token at its last ``/``; the KyTea reader refuses an
    unescaped URL rather than end its word at the first ``/`` (KyTea escapes it)."""
    assert _pairs(_read("tagged", "見て/動詞 http://a.jp/x/y/URL"))[0][1] == (
        "http://a.jp/x/y",
        "URL",
    )
    with pytest.raises(WsscoreError, match="URL whose slashes are not escaped"):
        _read("kytea", "見て/動詞 http://a.jp/x/y/URL")
    assert _pairs(_read("kytea", r"見て/動詞 http:\/\/a.jp\/x/URL"))[0][1] == (
        "http://a.jp/x",
        "URL",
    )


@pytest.mark.parametrize(
    ("lines", "fmt"),
    [
        (["A/名詞 //補助記号 B/名詞"], "tagged"),  # a word / that KyTea would escape
        (["Machine/名詞 　/空白 Learning/名詞"], "tagged"),  # a space as a token: not KyTea's
        (["詳しく/形容詞 http://a.jp/b/URL を/助詞"], "tagged"),
        ([r"Machine\ Learning/名詞 を/助詞", "A/名詞 //補助記号"], "kytea"),  # escapes: KyTea's
        (["東京/名詞 に/助詞"], "kytea"),  # neither: read the same either way
        ([r"Hà\ Nội là thủ\ đô"] * 3, "kytea"),  # KyTea's layout without tags
        ([r"Hà\ Nội là thủ\ đô"] * 2, "words"),  # too few to be sure
        ([r"Hà\ Nội là", r"Hà\ Nội là", r"C:\Users a\ b"], "words"),  # \U is no KyTea escape
        ([r"Hà\ Nội 1/2", r"Hà\ Nội là", r"Hà\ Nội là"], "words"),  # an unescaped /
    ],
)
def test_detection_weighs_the_whole_sample(lines: list[str], fmt: str) -> None:
    assert detect_format_reason(lines)[0] == fmt


def test_nagisa_is_detected_as_tagged_and_says_why() -> None:
    lines = (JAPANESE / "nagisa.tagged.txt").read_text("utf-8").splitlines()
    fmt, reason = detect_format_reason(lines)
    assert fmt == "tagged"
    assert reason.endswith("3 as KyTea never writes them (//補助記号, 　/空白)")


def test_a_kytea_refusal_names_tagged_when_it_reads_the_file(tmp_path) -> None:
    """A word/POS file whose first 200 lines read the same either way is detected as KyTea's;
    its first ``//補助記号`` is refused, naming what it was read as and tagged, which reads it."""
    gold, pred = tmp_path / "gold.txt", tmp_path / "nagisa.txt"
    gold.write_text("東京 に\n" * 250 + "A / B\n", encoding="utf-8")
    pred.write_text("東京/名詞 に/助詞\n" * 250 + "A/名詞 //補助記号 B/名詞\n", encoding="utf-8")
    line = refused_in_one_line("score", gold, pred)
    assert "nagisa.txt:251:" in line
    assert (
        "give --pred-format tagged: the file reads as tagged, where it was read as kytea (" in line
    )
    result = run_wsscore("score", gold, pred, "--pred-format", "tagged", "-f", "json")
    assert result.returncode == 0, result.stderr
    counts = json.loads(result.stdout)["systems"][0]["counts"]
    assert (counts["gold_words"], counts["pred_words"], counts["correct"]) == (503, 503, 503)


def test_a_refusal_names_no_format_that_does_not_read_the_file(tmp_path) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "kytea.txt"
    gold.write_text("Machine Learning を\n", encoding="utf-8")
    pred.write_text(
        "Machine\\ Learning/名詞 を/助詞\n" * 3 + "A/名詞 //補助記号\n", encoding="utf-8"
    )
    line = refused_in_one_line("score", gold, pred, "--pred-format", "kytea")
    assert "has an empty word" in line and "--pred-format tagged" not in line


@pytest.mark.parametrize(
    "mecab",
    [
        "gold.mecab",
        None,  # with a / of the text as a word, and a URL
    ],
)
def test_convert_to_tagged_scores_one_against_its_mecab_gold(tmp_path, mecab: str | None) -> None:
    if mecab is None:
        source = tmp_path / "slash.mecab"
        source.write_text(
            "A\t名詞\n/\t補助記号\nB\t名詞\nEOS\nhttp://a.jp/x\t名詞\nを\t助詞\n見る\t動詞\nEOS\n",
            encoding="utf-8",
        )
    else:
        source = JAPANESE / mecab
    converted = run_wsscore("convert", source, "--to", "tagged")
    assert converted.returncode == 0, converted.stderr
    tagged = tmp_path / "converted.tagged"
    tagged.write_text(converted.stdout, encoding="utf-8")
    result = run_wsscore("score", source, tagged, "--tags", "-f", "json")
    assert result.returncode == 0, result.stderr
    system = json.loads(result.stdout)["systems"][0]
    counts = system["counts"]
    assert counts["correct"] == counts["gold_words"] == counts["pred_words"] > 0
    assert counts["tag_correct"] == counts["gold_words"]
    assert system["metrics"]["f1"] == 1.0
