"""A malformed line of any format is one WsscoreError naming the file, the line (and the
column where it helps), what is wrong and what to do; an impossible option is refused before
any line is read."""

from __future__ import annotations

import pytest

from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.formats import FormatOptions, read_sentences
from wsscore.inputs.formats.tagged import NOT_TAGGED_HINT


def _error(fmt: str, lines: list[str], name: str = "t", **options) -> WsscoreError:
    sentences = read_sentences(
        fmt, lines, name=name, warnings=Warnings(quiet=True), options=FormatOptions(**options)
    )
    with pytest.raises(WsscoreError) as caught:
        list(sentences)
    return caught.value


def _conll_line(*columns: str) -> str:
    return "\t".join(columns)


GOOD_WORD_LINE = _conll_line("1", "我", "我", "PRON", "PN", "_", "0", "root", "_", "_")


def test_conllu_line_with_nine_columns():
    error = _error("conllu", [GOOD_WORD_LINE, GOOD_WORD_LINE[: GOOD_WORD_LINE.rindex("\t")]], "g")
    assert error.where == "g:2"
    assert error.message == "line has 9 tab-separated columns; CoNLL-U has 10"
    assert "tabs" in (error.hint or "")


def test_conllu_columns_separated_by_spaces():
    error = _error("conllu", ["1 我 我 PRON PN _ 0 root _ _"])
    assert error.message == "line has 1 tab-separated columns; CoNLL-U has 10"


@pytest.mark.parametrize("identifier", ["x", "1.2.3", "3-", "-4", "1a"])
def test_conllu_id_that_is_not_a_number(identifier: str):
    line = _conll_line(identifier, "我", "我", "PRON", "PN", "_", "0", "root", "_", "_")
    error = _error("conllu", ["# comment", line], "g.conllu")
    assert error.where == "g.conllu:2:1"
    assert error.message == f"ID {identifier!r} is not a number"
    assert str(error).startswith(f"g.conllu:2:1: ID {identifier!r} is not a number (a word line")


def test_conllu_form_of_white_space_only():
    line = _conll_line("1", "\u3000", "_", "PUNCT", "PU", "_", "0", "root", "_", "_")
    assert _error("conllu", [line]).message == "FORM is empty"


def _word(identifier: str, form: str = "我") -> str:
    return _conll_line(identifier, form, "_", "PRON", "PN", "_", "0", "root", "_", "_")


def test_conllu_empty_form_is_refused_not_dropped():
    # It used to be read as no word at all: the gold lost a word, exit 0. conll18_ud_eval.py
    # refuses it ("There is an empty FORM").
    error = _error("conllu", [_word("1"), _word("2", ""), _word("3")], "g.conllu")
    assert str(error) == (
        "g.conllu:2:3: FORM is empty (write the word in column 2; a word is never empty)"
    )


@pytest.mark.parametrize(
    ("identifiers", "where", "message"),
    [
        (["1", "1"], "2:1", "word ID 1 where the sentence's next word is 2"),  # repeated
        (["0"], "1:1", "word ID 0 where the sentence's next word is 1"),
        (["1", "3"], "2:1", "word ID 3 where the sentence's next word is 2"),  # a gap
        (["2", "1"], "1:1", "word ID 2 where the sentence's next word is 1"),  # out of order
        (["01"], "1:1", "word ID 01 has a leading zero"),
        (["1", "3-4", "3", "4"], "2:1", "range 3-4 where the sentence's next word is 2"),
        (["1", "2-3", "2", "4"], "4:1", "the multi-word token of line 2 expects its word 3"),
    ],
)
def test_conllu_word_ids_count_one_two_three_in_a_sentence(identifiers, where, message):
    lines = [_word(i) if "-" not in i else _word(i).replace("PRON", "_") for i in identifiers]
    error = _error("conllu", lines, "g.conllu")
    assert error.where == f"g.conllu:{where}"
    assert message in error.message
    assert error.hint


def test_conllu_a_new_sentence_without_a_blank_line_is_told_so():
    error = _error("conllu", [_word("1"), _word("2"), "# sent_id = 2", _word("1")])
    assert error.message == "word ID 1 where the sentence's next word is 3"
    assert error.hint == "if a new sentence starts here, put a blank line before it"


def test_conllu_ids_restart_after_a_blank_line_and_skip_empty_nodes():
    lines = [_word("1"), _word("1.1"), _word("2"), "", _word("1"), "\r", _word("1")]
    sentences = read_sentences(
        "conllu", lines, name="t", warnings=Warnings(quiet=True), options=FormatOptions()
    )
    assert [len(sentence.tokens) for sentence in sentences] == [2, 1, 1]


def test_conllu_a_thousand_word_sentence_counts_past_the_ids_kept_as_text():
    lines = [_word(str(number)) for number in range(1, 1203)]
    sentences = read_sentences(
        "conllu", lines, name="t", warnings=Warnings(quiet=True), options=FormatOptions()
    )
    assert [len(sentence.tokens) for sentence in sentences] == [1202]
    error = _error("conllu", [*lines, _word("1202")])
    assert error.message == "word ID 1202 where the sentence's next word is 1203"


@pytest.mark.parametrize("line", ["\t" * 9, "\t", " \t ", "\t\r"])
def test_conllu_line_of_only_tabs_is_refused(line):
    # It used to end the sentence as a blank line; conll18_ud_eval.py refuses its empty FORM.
    error = _error("conllu", [_word("1"), line, _word("2")], "g.conllu")
    assert error.where == "g.conllu:2"
    assert error.message.startswith("line holds only tabs and white space")


def test_untagged_token_among_tagged_names_its_column():
    # "他/r 说 了/u": 说 starts at the 5th character.
    error = _error("tagged", ["中国/ns 人民/n", "他/r 说 了/u"], "p.txt")
    assert error.where == "p.txt:2:5"
    assert error.message == "token '说' has no tag among tagged tokens (separator '/')"
    assert error.hint == NOT_TAGGED_HINT


def test_untagged_token_repeated_from_a_tagged_one_is_found_at_its_own_place():
    # The search must not stop at the 说 inside 说/v (column 1).
    assert _error("tagged", ["说/v 说 说"]).where == "t:1:5"


def test_untagged_file_fails_on_its_first_token():
    error = _error("tagged", ["中国 人民"])
    assert (error.where, error.message) == (
        "t:1:1",
        "token '中国' has no tag among tagged tokens (separator '/')",
    )


def test_tagged_empty_word_and_empty_tag():
    empty_word = _error("tagged", ["/n 中国/ns"])
    assert empty_word.message == "token '/n' has an empty word among tagged tokens (separator '/')"
    # "中国/ns 人民/": 人民/ starts at the 7th character.
    assert _error("tagged", ["中国/ns 人民/"]).where == "t:1:7"


def test_tagged_with_a_forced_separator_the_file_does_not_use():
    error = _error("tagged", ["他_PN"], tag_sep="/")
    assert error.message == "token '他_PN' has no tag among tagged tokens (separator '/')"


def test_invalid_json_names_the_column():
    # '["a", "b"' ends after 9 characters: json expects a ',' at column 10.
    error = _error("jsonl", ['["x"]', '["a", "b"'], "s.jsonl")
    assert error.where == "s.jsonl:2:10"
    assert error.message == "invalid JSON: Expecting ',' delimiter"


def test_jsonl_tags_of_another_length():
    error = _error("jsonl", ['{"tokens": ["a", "b", "c"], "tags": ["x", "y"]}'])
    assert error.where == "t:1"
    assert error.message == '"tokens" has 3 items but "tags" has 2'
    assert error.hint == "give one tag per word"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("[1, 2]", "the word 1 is not a string"),
        ('[["a", "n"], ["b"]]', "a [word, tag] pair has not 2 items"),
        ('[["a", 3]]', "the tag 3 is not a string"),
        ('"中国"', "a JSON str is not a sentence"),
        ('{"text": "中国"}', 'the object has no "tokens" or "words"'),
        ('{"tokens": ["a"], "words": ["a"]}', 'the object has both "tokens" and "words"'),
        ('{"words": "中国"}', '"words" is not an array'),
        ('[""]', 'the word "" is empty'),  # a word of white space is a space: see the readers
    ],
)
def test_jsonl_shapes_that_are_not_sentences(line: str, message: str):
    assert _error("jsonl", [line]).message == message


def test_chars_line_without_a_label():
    error = _error("chars", ["中 B", "国"], "c.txt")
    assert error.where == "c.txt:2"
    assert error.message == "line has 1 column ('国'); chars needs a character and a label"


def test_chars_line_of_a_label_alone_after_the_label_was_seen():
    # A label already parsed once must not make a lone "S" a character with a label.
    assert _error("chars", ["中 S", "S"]).message == (
        "line has 1 column ('S'); chars needs a character and a label"
    )


def test_chars_label_that_is_not_a_position():
    error = _error("chars", ["中 X-Y-Z"], "c.txt")
    assert error.where == "c.txt:1:3"
    assert error.message == "label 'X-Y-Z' is not a B/M/I/E/S/O position"


@pytest.mark.parametrize(
    ("fmt", "options"),
    [
        ("xml", FormatOptions()),
        ("conllu", FormatOptions(tag_column="deprel")),
        ("tagged", FormatOptions(tag_sep="")),
        ("tagged", FormatOptions(tag_sep=" ")),
        ("words", FormatOptions(word_sep="")),
        ("tagged", FormatOptions(word_sep="")),
    ],
)
def test_impossible_arguments_are_refused_before_reading(fmt: str, options: FormatOptions):
    def never_read():
        raise AssertionError("a line was read")
        yield ""

    with pytest.raises(InvalidArgument):
        read_sentences(fmt, never_read(), name="t", warnings=Warnings(), options=options)


# A sentence that never ends, in each format whose sentences run over several lines: ten lines
# of one token each, with nothing that ends the sentence.
RUNAWAY = {
    "chars": ["乾\tB", "坤\tE"] * 5,
    "conllu": [
        _conll_line(str(n), "乾", "_", "X", "_", "_", "0", "root", "_", "_") for n in range(1, 11)
    ],
    "mecab": ["乾\t名詞,一般"] * 10,
}


@pytest.mark.parametrize(
    ("fmt", "end"),
    [("chars", "a blank line"), ("conllu", "a blank line"), ("mecab", "an EOS line")],
)
def test_a_runaway_sentence_is_told_what_ends_a_sentence_of_its_format(fmt, end):
    # An endless MeCab input without EOS was told that "a blank line ends a sentence".
    sentences = read_sentences(
        fmt, RUNAWAY[fmt], name="t", warnings=Warnings(quiet=True), max_chars=5
    )
    with pytest.raises(WsscoreError) as caught:
        list(sentences)
    assert (
        caught.value.message
        == "the sentence that starts here has more than 5 characters and has not ended"
    )
    assert (caught.value.hint or "").startswith(f"{end} ends a {fmt} sentence: is one missing")
