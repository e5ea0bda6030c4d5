"""The CoNLL-U block scan: its plain Python reference (wsscore.core.conllu_scan) on examples,
and the C speed-ups against it on generated text, nasty lines included."""

from __future__ import annotations

import pytest
from conllu_strategies import conllu_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.core import backend, conllu_scan
from wsscore.core.records import ConlluWords

needs_c = pytest.mark.skipif(
    backend.NAME != "c", reason="the C speed-ups are not running (not built, or switched off)"
)


def word(identifier: str, form: str) -> str:
    return f"{identifier}\t{form}\tNOUN\t_\t_\t_\t0\tdep\t_\tSpaceAfter=No"


PLAIN = "\n".join(["# text = 甲乙丙", word("1", "甲乙"), word("2", "丙"), "", ""])
SECOND = "\n".join([word("1", "丁"), "# a comment between words", word("2", "a"), "", ""])


def scan(text: str, start: int = 0, max_chars: int = 100) -> ConlluWords:
    return conllu_scan.scan_conllu_words(text, start, max_chars)


def test_plain_sentences_become_lines_of_their_forms() -> None:
    text = PLAIN + SECOND
    assert scan(text) == ConlluWords("甲乙 丙\n丁 a\n", 2, 8, len(text), False)


def test_a_sentence_of_comments_only_makes_no_line() -> None:
    text = "# sent_id = 1\n# text = x\n\n"
    assert scan(text) == ConlluWords("", 0, 3, len(text), False)


def test_the_scan_starts_where_it_is_told() -> None:
    assert scan(PLAIN + SECOND, start=len(PLAIN)) == ConlluWords(
        "丁 a\n", 1, 4, len(PLAIN + SECOND), False
    )


def test_it_stops_before_a_sentence_it_does_not_see_the_end_of() -> None:
    text = PLAIN + word("1", "丁") + "\n"
    assert scan(text) == ConlluWords("甲乙 丙\n", 1, 4, len(PLAIN), False)
    # A last line without its line feed is not seen whole either.
    assert scan(PLAIN + "# text") == ConlluWords("甲乙 丙\n", 1, 4, len(PLAIN), False)


@pytest.mark.parametrize(
    "line",
    [
        word("1-2", "甲乙"),  # a multi-word token
        word("0.1", "甲"),  # an empty node
        word("2", "甲"),  # an ID out of order
        word("01", "甲"),  # a leading zero
        word("1", "甲 乙"),  # a space in the FORM
        word("1", "甲\u3000"),  # other white space
        word("1", "甲\u200b"),  # an unprintable character
        word("1", ""),  # no FORM
        "1\t甲\tNOUN",  # too few columns
        word("1", "甲") + "\t_",  # too many
        " ",  # a line of white space, which ends a sentence for the line reader
        "\t",
        "\r\r",
    ],
)
def test_it_refuses_a_sentence_with_any_other_line(line: str) -> None:
    text = PLAIN + line + "\n\n" + SECOND  # the line alone is a sentence
    expected = ConlluWords("甲乙 丙\n", 1, 4, len(PLAIN), True)
    assert scan(text) == expected == backend.scan_conllu_words(text, 0, 100)


def test_a_file_with_crlf_line_ends_is_scanned() -> None:
    # Its empty lines are "\r"; its comments and last columns end with one, which is not read.
    text = (PLAIN + SECOND).replace("\n", "\r\n")
    expected = ConlluWords("甲乙 丙\n丁 a\n", 2, 8, len(text), False)
    assert scan(text) == expected == backend.scan_conllu_words(text, 0, 100)


def test_it_refuses_a_sentence_longer_than_the_limit() -> None:
    assert scan(SECOND, max_chars=2) == ConlluWords("丁 a\n", 1, 4, len(SECOND), False)
    assert scan(SECOND, max_chars=1) == ConlluWords("", 0, 0, 0, True)


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=500, deadline=None)
@given(text=conllu_texts(), max_chars=st.sampled_from([1, 3, 100]))
def test_the_c_scan_is_the_reference_scan(text: str, max_chars: int) -> None:
    # From the text's start, and from each line after an empty line: every sentence is
    # scanned, even those after one that stops the scan.
    starts = [0, *(at + 2 for at in range(len(text)) if text.startswith("\n\n", at))]
    for start in starts:
        assert backend.scan_conllu_words(text, start, max_chars) == scan(text, start, max_chars)


@needs_c
@pytest.mark.parametrize("text", ["a\n", "一\n", "\U00020000\n"])
def test_the_c_scan_keeps_every_kind_of_str(text: str) -> None:
    # str holds 1, 2 or 4 bytes a character: the FORMs are copied in the text's own kind.
    sentence = "\n".join([word("1", text.strip() + "x"), word("2", "é"), "", ""])
    expected = ConlluWords(f"{text.strip()}x é\n", 1, 3, len(sentence), False)
    assert backend.scan_conllu_words(sentence, 0, 10) == expected == scan(sentence, 0, 10)
