"""The ``best`` (Thai, BEST 2010 layout) and ``vlsp`` (Vietnamese, syllables joined by ``_``)
readers, their writers and their detection: words, forms and texts as written by hand here;
malformed lines refused in one error naming the line and column."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import Sentence, Token, detect_format_reason, read_sentences
from wsscore.inputs.formats.best import best_word_lines
from wsscore.inputs.formats.detect import _ends_best_line
from wsscore.inputs.formats.vlsp import vlsp_word_lines
from wsscore.inputs.formats.writers import WRITERS, Target
from wsscore.inputs.words import WHITE_SPACE, split_words


def _read(fmt: str, lines: list[str]) -> list[Sentence]:
    return list(read_sentences(fmt, lines, name="t", warnings=Warnings(quiet=True)))


def _words(fmt: str, lines: list[str]) -> list[list[str]]:
    return [sentence.words() for sentence in _read(fmt, lines)]


def _error(fmt: str, lines: list[str]) -> WsscoreError:
    with pytest.raises(WsscoreError) as caught:
        _read(fmt, lines)
    return caught.value


def _write(fmt: str, sentences: list[Sentence]) -> list[str]:
    target = Target("t")  # one file
    text = "".join(WRITERS[fmt](s, n, target) for n, s in enumerate(sentences, 1))
    return text.split("\n")[:-1]


# --- best ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("ผม|กิน|ข้าว|", ["ผม", "กิน", "ข้าว"]),
        ("ผม|กิน| |ข้าว|", ["ผม", "กิน", "ข้าว"]),  # | |: a space of the text, no word
        ("ผม|กิน|ข้าว", ["ผม", "กิน", "ข้าว"]),  # the last | missing: a word all the same
        ("|ผม|กิน|", ["ผม", "กิน"]),  # a | that starts the line
        ("ผม|กิน|\r", ["ผม", "กิน"]),
        ("ผม|กิน|  ", ["ผม", "กิน"]),
        ("", []),
        ("|", []),
        (" | |", []),
        ("<NE>สมชาย</NE>|ไป|", ["สมชาย", "ไป"]),
        ("ใน|ปี| |<AB>พ.ศ.</AB>| |2567|", ["ใน", "ปี", "พ.ศ.", "2567"]),
        ("<POEM>ก ข</POEM>|", ["กข"]),  # white space inside a span is no character
        ("<NE><AB>น.พ.</AB> ชาตรี</NE>|ไป|", ["น.พ.ชาตรี", "ไป"]),  # nested spans
        ("a<b|c>d|", ["a<b", "c>d"]),  # only NE, AB and POEM are tags
        ("<ne>ก</ne>|", ["<ne>ก</ne>"]),
        # tltk's word_segment: <s/> a space of the text, after a word's | and at the end.
        ("ก|ข|<s/>ค|<s/>", ["ก", "ข", "ค"]),
        ("<s/>", []),  # tltk's empty line
        (" |<s/>", []),  # tltk's line of a space
        (" |ก|ข| |<s/>", ["ก", "ข"]),  # a space at either end: | | as well
        ("ก|<s/><s/>ข|", ["ก", "ข"]),
        ("ก| <s/> ข|", ["ก", "ข"]),
        ("ก|<s/><NE>ข ค</NE>|<s/>", ["ก", "ขค"]),
        ("ก|<S/>|<s />|", ["ก", "<S/>", "<s/>"]),  # not <s/>: text, as other <…>
    ],
)
def test_best_words(line: str, words: list[str]) -> None:
    assert _words("best", [line]) == [words]


def test_best_keeps_a_words_spaces_as_its_form_and_the_texts_spaces() -> None:
    [sentence] = _read("best", ["ก|<NE>ข  ค</NE>| |ง|"])
    assert sentence.tokens == [Token("ก", None), Token("ขค", None, "ข  ค"), Token("ง", None)]
    assert sentence.text == "กข  ค ง"
    [tltk] = _read("best", ["ก|ข|<s/>ค|<s/>"])
    assert tltk.text == "กข ค"  # <s/> is a space of the text, the line's last one stripped
    [plain] = _read("best", ["ก|ข|"])
    assert plain.text is None  # no space to keep: the words joined are the text
    assert all(token.tag is None for token in sentence.tokens)  # BEST holds no tags


def test_best_lines_are_numbered_from_one_and_empty_lines_are_empty_sentences() -> None:
    read = _read("best", ["ก|", "", "ข|ค|"])
    assert [(sentence.line, sentence.words()) for sentence in read] == [
        (1, ["ก"]),
        (2, []),
        (3, ["ข", "ค"]),
    ]


@pytest.mark.parametrize(
    ("line", "where", "message", "hint"),
    [
        ("ก||ข|", "t:1:3", "an empty word: two | with nothing between them", "remove one"),
        ("ก| ||ข|", "t:1:5", "an empty word", "| |"),
        ("<NE>ก|ข</NE>|", "t:1:6", "a | inside the <NE> span opened at column 1", "</NE>|"),
        ("ก|<AB>ข", "t:1:3", "the <AB> span is not closed", "</AB>"),
        ("ก</AB>|", "t:1:2", "</AB> closes a span that was not opened (no span open)", "<AB>"),
        ("<NE>ก</AB>|", "t:1:6", "(the <NE> span open)", "remove the </AB>"),
        ("<NE>ก</NE>||", "t:1:12", "an empty word", "remove one"),
        # <s/> where tltk writes none: it could be text there.
        (
            "ก<s/>ข|",
            "t:1:2",
            "<s/> (a space of the text, as tltk writes it) right after a word, with no | "
            "between them",
            "ก|<s/>ข|",
        ),
        ("ก|<s/> ข <s/>|", "t:1:10", "right after a word", "after a word's |"),
        (
            "ก|<s/>|ข|",
            "t:1:3",
            "followed by a |: a space with a | too many, or the text <s/> as a word",
            "remove the | after a space",
        ),
        ("<s/>|", "t:1:1", "followed by a |", "cannot be read as best"),
        (
            "<NE>ก<s/>ข</NE>|",
            "t:1:6",
            "inside the <NE> span opened at column 1, which is one word",
            "<NE>ก ข</NE>|",
        ),
    ],
)
def test_best_malformed_lines(line: str, where: str, message: str, hint: str) -> None:
    error = _error("best", ["ผม|", line])
    assert error.where == where.replace(":1:", ":2:")
    assert message in error.message
    assert hint in (error.hint or "")


# --- vlsp ------------------------------------------------------------------------------------


def test_vlsp_words_forms_and_text() -> None:
    [sentence] = _read("vlsp", ["Hà_Nội là  thủ_đô của Việt_Nam ."])
    assert sentence.tokens == [
        Token("HàNội", None, "Hà Nội"),
        Token("là", None),
        Token("thủđô", None, "thủ đô"),
        Token("của", None),
        Token("ViệtNam", None, "Việt Nam"),
        Token(".", None),
    ]
    assert sentence.text == "Hà Nội là thủ đô của Việt Nam ."
    # From the tokens, the syllables (what --unit syllable will count): the forms split.
    syllables = [part for t in sentence.tokens for part in (t.form or t.word).split(" ")]
    assert syllables == ["Hà", "Nội", "là", "thủ", "đô", "của", "Việt", "Nam", "."]


def test_vlsp_without_underscores_keeps_its_text() -> None:
    [sentence] = _read("vlsp", ["tôi  đi ."])
    assert sentence.words() == ["tôi", "đi", "."]
    assert sentence.text == "tôi đi ."


def test_vlsp_tags_are_decided_on_the_first_line_that_holds_tokens() -> None:
    read = _read("vlsp", ["", "Hà_Nội/Np là/V 1/2/M ./CH", "tôi/P"])
    assert read[1].tokens == [
        Token("HàNội", "Np", "Hà Nội"),
        Token("là", "V"),
        Token("1/2", "M"),  # the last / splits
        Token(".", "CH"),
    ]
    assert read[2].tokens == [Token("tôi", "P")]
    # Not every token of the first line ends in /TAG: a / is text, in every line.
    assert _words("vlsp", ["1/2 km", "a/N b/V"]) == [["1/2", "km"], ["a/N", "b/V"]]


def test_vlsp_a_token_without_its_tag_in_a_tagged_file() -> None:
    error = _error("vlsp", ["tôi/P đi/V", "", "Hà_Nội/Np là thủ_đô/N"])
    assert error.where == "t:3:11"
    assert error.message == (
        "token 'là' does not end in /TAG, though every token of line 1 did, so the file is "
        "read as tagged"
    )
    assert "give every token its tag" in (error.hint or "")


@pytest.mark.parametrize(
    ("line", "where", "what"),
    [
        ("tôi _Hà", "t:2:5", "'_Hà' has a _ at its edge"),
        ("tôi Nội_", "t:2:5", "'Nội_' has a _ at its edge"),
        ("Hà__Nội là", "t:2:1", "'Hà__Nội' has two _ in a row"),
        ("_", "t:2:1", "'_' has a _ at its edge"),
    ],
)
def test_vlsp_malformed_words(line: str, where: str, what: str) -> None:
    error = _error("vlsp", ["tôi đi", line])
    assert error.where == where
    assert error.message == f"the word {what}: an empty syllable"
    assert "Hà_Nội" in (error.hint or "")


def test_vlsp_malformed_word_in_a_tagged_file() -> None:
    error = _error("vlsp", ["tôi/P Nội_/Np"])
    assert (error.where, error.message) == (
        "t:1:7",
        "the word 'Nội_' has a _ at its edge: an empty syllable",
    )


def test_readers_are_lazy() -> None:
    # A reader holds one sentence at a time: an endless stream gives its first sentences.
    for fmt, line in (("best", "ก|ข|"), ("vlsp", "Hà_Nội là")):
        sentences = read_sentences(
            fmt, itertools.repeat(line), name="t", warnings=Warnings(quiet=True)
        )
        assert [s.line for s in itertools.islice(sentences, 3)] == [1, 2, 3]


# --- detection -------------------------------------------------------------------------------

THAI_LINES = ["ผม|กิน|ข้าว|", "วันนี้|อากาศ| |ร้อน|", "<NE>สมชาย</NE>|ไป|ตลาด|"]
VIETNAMESE_LINES = ["Hà_Nội là thủ_đô của Việt_Nam .", "Tôi thích uống cà_phê .", "Mẹ đi chợ ."]


TLTK_LINES = ["ผม|กิน|ข้าว|<s/>", "วันนี้|<s/>อากาศ|ร้อน|<s/>", "<s/>"]
TLTK_READ = "lines end with |<s/> as tltk prints them (<s/>: a space of the text)"


@pytest.mark.parametrize(
    ("lines", "fmt", "reason"),
    [
        (THAI_LINES, "best", "3 of 3 lines end their last word with | and the text is Thai"),
        (TLTK_LINES, "best", f"3 of 3 {TLTK_READ}"),
        # tltk leaves other text unsegmented, each run ended by |<s/>: no table ends so.
        (["hello|<s/>world|<s/>", "a, b.|<s/>"], "best", f"2 of 2 {TLTK_READ}"),
        (
            ["ผม|กิน| |ข้าว|", "ผม|<s/>กิน|"],  # BEST, with a <s/>: said
            "best",
            "2 of 2 lines end their last word with | and the text is Thai (<s/>: a space of "
            "the text)",
        ),
        (VIETNAMESE_LINES, "vlsp", "4 of 15 tokens join Latin syllables with _"),
        (
            ["Hà_Nội/Np là/V thủ_đô/N của/E Việt_Nam/Np ./CH"] * 2,
            "vlsp",  # before tagged, which would keep the _ in the words
            "6 of 12 tokens join Latin syllables with _",
        ),
    ],
)
def test_detected(lines: list[str], fmt: str, reason: str) -> None:
    assert detect_format_reason(lines) == (fmt, reason)


@pytest.mark.parametrize(
    ("lines", "fmt"),
    [
        (["| ผม | กิน |", "| ข้าว | ผัด |"], "words"),  # a Markdown table of Thai words
        (["a|b|c|", "d|e|"], "words"),  # | ends the lines, but the text is not Thai
        (["中国|人民|", "北京|"], "words"),
        (["ผม|กิน|ข้าว|", "ผม กิน", "ผม กิน", "ผม|"], "words"),  # too few lines end in |
        (["hello <s/>", "a b <s/>"], "words"),  # no | before the <s/>
        (["a|b|<s/>", "c|d|", "e|f|"], "words"),  # not Thai, and only one line is tltk's
        (["| ผม | กิน |<s/>", "| ข้าว | ผัด |<s/>"], "words"),  # a table still
        (["the max_length of my_var is big and so_on"] * 5, "words"),  # no letter beyond ASCII
        (["Tôi thích uống cà_phê sữa đá vào buổi sáng hôm nay ở Hà Nội ."] * 3, "words"),
        (["The_DT cat_NN sat_VBD"] * 3, "tagged"),  # English tagged with _
        (["他_r 来到_v 北京_ns"] * 3, "tagged"),  # not Latin
        (["Hà_Nội là __init__ của _x ."] * 3, "words"),  # malformed joins
    ],
)
def test_not_detected(lines: list[str], fmt: str) -> None:
    assert detect_format_reason(lines)[0] == fmt


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["ก", "|", " ", "\u3000", "<s/>", "<s", "/>"])).map("".join))
def test_a_lines_end_is_found_backwards_as_by_stripping_it(line: str) -> None:
    assume(line.strip(WHITE_SPACE))  # detection never looks at a blank line
    # The definition: strip white space and tltk's <s/> from the end, one at a time.
    end = line.rstrip(WHITE_SPACE)
    while end.endswith("<s/>"):
        end = end[: -len("<s/>")].rstrip(WHITE_SPACE)
    assert _ends_best_line(line) == (not end or end.endswith("|"))


# --- writers ---------------------------------------------------------------------------------


def test_best_round_trip_keeps_words_spaces_and_spans_words() -> None:
    lines = ["ผม|กิน| |ข้าว|", "<NE>ก ข</NE>|ค|", "", "ใน|ปี| |<AB>พ.ศ.</AB>| |2567|"]
    written = _write("best", _read("best", lines))
    assert written == ["ผม|กิน| |ข้าว|", "ก ข|ค|", "", "ใน|ปี| |พ.ศ.| |2567|"]
    assert _words("best", written) == _words("best", lines)


def test_vlsp_round_trip() -> None:
    lines = ["Hà_Nội là thủ_đô .", "", "tôi đi"]
    assert _write("vlsp", _read("vlsp", lines)) == lines
    tagged = ["Hà_Nội/Np là/V thủ_đô/N ./CH", "tôi/P"]
    assert _write("vlsp", _read("vlsp", tagged)) == tagged


def test_vlsp_to_conllu_writes_the_syllables_with_spaces() -> None:
    written = _write("conllu", _read("vlsp", ["Hà_Nội/Np là/V thủ_đô/N ./CH"]))
    assert written[:3] == [
        "# sent_id = 1",
        "# text = Hà Nội là thủ đô .",
        "1\tHà Nội\t_\tNp" + "\t_" * 2 + "\t0\troot\t_\t_",
    ]
    rows = [row.split("\t") for row in written[2:6]]
    assert [row[1] for row in rows] == ["Hà Nội", "là", "thủ đô", "."]
    assert [row[9] for row in rows] == ["_", "_", "_", "SpaceAfter=No"]
    back = _read("conllu", written)
    assert back[0].tokens == [
        Token("HàNội", "Np"),
        Token("là", "V"),
        Token("thủđô", "N"),
        Token(".", "CH"),
    ]


def test_best_to_conllu_and_back_keeps_the_spaces() -> None:
    sentences = _read("best", ["ใน|ปี| |พ.ศ.| |2567|"])
    written = _write("conllu", sentences)
    assert written[1] == "# text = ในปี พ.ศ. 2567"
    assert _write("best", _read("conllu", written)) == ["ใน|ปี| |พ.ศ.| |2567|"]


@pytest.mark.parametrize("fmt", ["words", "conllu", "jsonl"])
def test_other_formats_to_best_and_vlsp_and_back(fmt: str) -> None:
    sentences = [Sentence(1, [Token("中国", None), Token("人民", None)]), Sentence(2, [])]
    if fmt == "conllu":
        sentences = sentences[:1]  # CoNLL-U holds no empty sentence
    source = _write(fmt, sentences)
    for target in ("best", "vlsp"):
        written = _write(target, _read(fmt, source))
        back = _read(target, written)
        assert [s.tokens for s in back] == [s.tokens for s in _read(fmt, source)], target
    # best keeps the text's spaces (none here); VLSP's text has one between every two words,
    # which CoNLL-U's # text then shows.
    assert _write(fmt, _read("best", _write("best", _read(fmt, source)))) == source


@pytest.mark.parametrize(
    ("fmt", "tokens", "message"),
    [
        ("best", [Token("a|b", None)], "would be written 'a|b|'"),
        ("best", [Token("<NE>", None)], "reads differently"),
        ("best", [Token("ก", None), Token("<s/>", None)], "reads differently"),  # a space
        ("vlsp", [Token("a_b", None)], "would be written 'a_b'"),
        ("vlsp", [Token("a", "N"), Token("b", None)], "some words of the sentence have a tag"),
        ("vlsp", [Token("a/N", None), Token("b/V", None)], "reads differently"),
        ("vlsp", [Token("a", "N V")], "reads differently"),
    ],
)
def test_unfaithful_sentences_are_refused(fmt: str, tokens: list[Token], message: str) -> None:
    with pytest.raises(WsscoreError) as caught:
        _write(fmt, [Sentence(4, tokens)])
    assert caught.value.where == "t:4"
    assert message in caught.value.message
    assert caught.value.hint


@pytest.mark.parametrize(
    ("fmt", "word", "written"), [("vlsp", "a_b", "'a_b'"), ("best", "a|b", "'a|b|'")]
)
def test_a_refusal_quotes_the_token_as_written_not_the_sentence(
    fmt: str, word: str, written: str
) -> None:
    # It quoted the whole sentence: 'Hôm nay trời đẹp a_b và cả nhà'.
    tokens = [Token(w, None) for w in ("Hôm", "nay", word, "trời", "đẹp")]
    with pytest.raises(WsscoreError) as caught:
        _write(fmt, [Sentence(4, tokens)])
    assert caught.value.message == (
        f"the word {word!r} with the tag None would be written {written}, which the {fmt} "
        "reader reads differently"
    )
    # Nothing here looks like word/TAG: the hint says so only of a sentence read as tagged.
    assert "word/TAG" not in (caught.value.hint or "")


SYLLABLE = st.text(st.sampled_from("aàăâbcdđeêhnoôơuưạảấậ"), min_size=1, max_size=4)
THAI_WORD = st.text(st.sampled_from("กขคงจมยรลวสหอะาิีุู่้"), min_size=1, max_size=4)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.lists(SYLLABLE, min_size=1, max_size=3), max_size=6), max_size=4))
def test_vlsp_written_reads_back(sentences: list[list[list[str]]]) -> None:
    tokens = [
        [Token("".join(s), None, " ".join(s) if len(s) > 1 else None) for s in words]
        for words in sentences
    ]
    given_sentences = [Sentence(n, t) for n, t in enumerate(tokens, 1)]
    assert [s.tokens for s in _read("vlsp", _write("vlsp", given_sentences))] == tokens


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.tuples(THAI_WORD, st.booleans()), max_size=6), max_size=4))
def test_best_written_reads_back(sentences: list[list[tuple[str, bool]]]) -> None:
    # Words, each maybe followed by a space of the text (| | when written).
    given_sentences = [
        Sentence(
            n,
            [Token(w, None) for w, _ in words],
            text="".join(w + " " * s for w, s in words) or None,
        )
        for n, words in enumerate(sentences, 1)
    ]
    back = _read("best", _write("best", given_sentences))
    assert [s.words() for s in back] == [s.words() for s in given_sentences]


# --- the word lines the scorer reads when it keeps no tokens ----------------------------------


def _outcome(pieces) -> tuple[list[list[str]] | None, str | None]:
    """The words of each sentence, or the error's text: what the scorer gets."""
    words: list[list[str]] = []
    try:
        for piece in pieces:
            if isinstance(piece, str):
                words += [split_words(line) for line in piece.split("\n")[:-1]]
            else:
                words.append(piece.words())
    except WsscoreError as error:
        return None, str(error)
    return words, None


BEST_TEXT = st.text(st.sampled_from("กข|| <>NE/As\r\ufeff\u3000"), max_size=12)
VLSP_TEXT = st.text(st.sampled_from("aà__ /N\r\ufeff\u3000"), max_size=12)


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(
        BEST_TEXT
        | st.sampled_from(["ก|<NE>ข ค</NE>|", "ก| |ข|", "ก|<s/>ข|<s/>", "ก<s/>|"])
        | st.lists(st.sampled_from(["ก", "|", " ", "<s/>", "<NE>", "</NE>"])).map("".join),
        max_size=5,
    )
)
def test_best_word_lines_are_the_readers(lines: list[str]) -> None:
    assert _outcome(best_word_lines(lines, name="t")) == _outcome(_read_lazily("best", lines))


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(VLSP_TEXT | st.sampled_from(["a/N à_a/V", "a_à a"]), max_size=5))
def test_vlsp_word_lines_are_the_readers(lines: list[str]) -> None:
    assert _outcome(vlsp_word_lines(lines, name="t")) == _outcome(_read_lazily("vlsp", lines))


def _read_lazily(fmt: str, lines: list[str]):
    return read_sentences(fmt, lines, name="t", warnings=Warnings(quiet=True))


def test_word_lines_come_in_runs_and_sentences_where_the_reader_is_needed() -> None:
    pieces = list(best_word_lines(["ก|ข|", "ค| |ง|\r", "<NE>จ</NE>|", "ฉ|"], name="t"))
    assert pieces[0] == "ก ข \nค ง \n"  # runs of plain lines at once
    assert pieces[1] == Sentence(3, [Token("จ", None)], text="จ")  # a span: read_best reads it
    assert pieces[2] == "ฉ \n"
    tagged = list(vlsp_word_lines(["", "a_b/N c/V"], name="t"))
    assert next(vlsp_word_lines(["a_b c", "_x"], name="t")) == "ab c\n"  # before the error
    assert tagged == [
        "\n",  # the first line, read before the second decided that the file is tagged
        Sentence(2, [Token("ab", "N", "a b"), Token("c", "V")], text="a b c"),
    ]


def test_vlsp_output_tags_every_sentence_or_none() -> None:
    # The reader decides on the first line with tokens: a tagged sentence after an untagged
    # one would be read as words holding "/" (and the reverse refused), so it is refused.
    for first, second in (
        ([Token("a", None)], [Token("b", "N")]),
        ([Token("a", "N")], [Token("b", None)]),
    ):
        with pytest.raises(WsscoreError) as caught:
            _write("vlsp", [Sentence(1, []), Sentence(2, first), Sentence(3, second)])
        assert caught.value.where == "t:3"
        assert "a VLSP file tags every word or none" in caught.value.message
    # Each file written has its own Target: a second one starts undecided.
    assert _write("vlsp", [Sentence(1, [Token("b", "N")])]) == ["b/N"]
