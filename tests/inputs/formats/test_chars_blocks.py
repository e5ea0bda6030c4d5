"""chars read a block at a time (``read_chars_blocks``) against the chars reader line by line
(``read_chars``, the reference): the same lines of words, the same error, the same warnings and
label order, on generated files plain and nasty, cut into blocks anywhere between lines, with
the fast conversion of each backend in turn."""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wsscore import score
from wsscore.core import backend
from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import chars as chars_module
from wsscore.inputs.formats import chars_blocks
from wsscore.inputs.formats.chars import read_chars
from wsscore.inputs.formats.chars_blocks import read_chars_blocks
from wsscore.inputs.formats.model import FormatOptions
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.reading import open_text

BACKENDS = backend.counting_backends()
CHARACTERS = "甲乙丙a\x1c\x00\U00020000"
# Lines the fast path must turn down, each read some other way (or refused) by the reader.
NASTY_LINES = [
    "甲\tB-NN",
    "乙\tNN-E",
    "丙\tM-B",  # reads both ways: lines are held back until a label decides
    "甲\tI",
    "甲\tO",
    "甲\tb",
    "甲 x\tS",
    "甲乙\tS",
    "甲\t\tS",
    "\u3000甲\tS",
    "甲",
    "甲\tQ",
    "  ",
    "\r",
    "\t",
    "กำ\tS",  # one grapheme cluster of two code points: any unit reads it
    "กำลัง\tS",  # three clusters: refused with --unit grapheme
    "ำ\tE",  # a mark alone: one cluster
]
BLANKS = ["", "", "", "\r", " ", "\u3000"]


@st.composite
def plain_sentence(draw) -> list[str]:
    """A sentence's lines in the plainest shape: valid rows of BMES, BIES, BI or BIO labels,
    maybe with tags, tab (or space) separated."""
    separator = draw(st.sampled_from(["\t", "\t", " "]))
    ending = draw(st.sampled_from(["", "", "\r"]))
    scheme = draw(st.sampled_from(["BMES", "BMES", "BIES", "BI", "BIO"]))
    # A tag joined to the position (B-NN, NN_B) now and then, the same on every word: M and B
    # are also positions (M-B reads both ways).
    tagging = draw(st.sampled_from(["", "", "-{}", "_{}", "{}-"]))
    lines = []
    for size in draw(st.lists(st.integers(1, 4), min_size=1, max_size=5)):
        labels = labelled(scheme, size)
        chars = draw(st.text(CHARACTERS, min_size=size, max_size=size))
        tag = tagging.format(draw(st.sampled_from(["NN", "v", "M", "B"])))
        for char, label in zip(chars, labels, strict=True):
            if tag and label != "O":
                label = label + tag if tag[0] in "-_" else tag + label
            lines.append(f"{char}{separator}{label}{ending}")
    return lines


def labelled(scheme: str, size: int) -> str:
    """The labels of a word of ``size`` characters in a labelling scheme."""
    if scheme in ("BMES", "BIES"):
        return scheme[3] if size == 1 else "B" + scheme[1] * (size - 2) + "E"
    return ("O" if scheme == "BIO" else "B") if size == 1 else "B" + "I" * (size - 1)


@st.composite
def sentence(draw) -> list[str]:
    """A plain sentence, now and then with a line changed, dropped or added."""
    lines = draw(plain_sentence())
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
        where = draw(st.integers(0, len(lines)))
        change = draw(st.sampled_from(["nasty", "label", "drop"]))
        if change == "nasty":
            lines.insert(where, draw(st.sampled_from(NASTY_LINES)))
        elif change == "label" and where < len(lines):
            lines[where] = lines[where][:-1] + draw(st.sampled_from("BMIESO"))
        elif where < len(lines):
            del lines[where]
    return lines


@st.composite
def chars_text(draw) -> str:
    """A chars file: sentences between runs of blank lines, maybe some before the first."""
    lines: list[str] = draw(st.lists(st.sampled_from(BLANKS), max_size=2))
    for one in draw(st.lists(sentence(), max_size=8)):
        lines += one
        lines += draw(st.lists(st.sampled_from(BLANKS), min_size=1, max_size=3))
    if lines and draw(st.booleans()):
        lines.pop()  # the last sentence ends with the file
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@st.composite
def cut_into_blocks(draw, text: str) -> list[str]:
    """The text as TextFile.text_blocks() might hand it: blocks of whole lines."""
    lines = lines_with_ends(text)
    cuts = sorted(draw(st.sets(st.integers(1, max(len(lines) - 1, 1)), max_size=6)))
    bounds = [0, *[cut for cut in cuts if cut < len(lines)], len(lines)]
    return ["".join(lines[start:end]) for start, end in pairwise(bounds)]


def lines_with_ends(text: str) -> list[str]:
    """The lines of a text, each with its line feed (str.splitlines also cuts at U+001C)."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return [line for line in lines if line]


def outcome(read: Callable[..., Iterator[Any]], source: Any, **options: Any) -> tuple[Any, ...]:
    """What a reader gives: its lines of words or its error, its warnings, the order told."""
    warnings = Warnings(quiet=True)
    told: list[str] = []
    try:
        found = read(source, name="f", warnings=warnings, on_label_order=told.append, **options)
        result: object = words_of(found)
    except WsscoreError as error:
        result = (type(error), str(error))
    return result, warnings.messages, told


def words_of(found: Iterator[Any]) -> list[str]:
    lines = []
    for item in found:
        if isinstance(item, chars_blocks.WordLines):
            assert item.sentences > 0 and item.text.count("\n") == item.sentences
            lines += item.text.split("\n")[:-1]
        else:
            lines.append(" ".join(token.word for token in item.tokens))
    return lines


def lines_of(text: str) -> list[str]:
    """As TextFile.lines() gives them."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    chars_text(),
    st.sampled_from([None, "pos-tag", "tag-pos"]),
    st.sampled_from([1, 2, 5, 1 << 20]),
    st.sampled_from([3, chars_module.UNDECIDED_LINES]),
    st.sampled_from([1, 9, 30, chars_blocks.PIECE_CHARS]),
    st.sampled_from([None, "char", "grapheme", "syllable"]),
)
def test_blocks_read_as_the_chars_reader_reads_lines(
    data, text, order, most, undecided, piece, unit
):
    blocks = data.draw(cut_into_blocks(text))
    options = {"label_order": order, "max_chars": most, "unit": unit}
    with (
        mock.patch.object(chars_module, "UNDECIDED_LINES", undecided),
        mock.patch.object(chars_blocks, "PIECE_CHARS", piece),
    ):
        expected = outcome(read_chars, lines_of(text), **options)
        for counting in BACKENDS.values():
            with mock.patch.object(chars_blocks, "chars_words", counting.chars_words):
                assert outcome(read_chars_blocks, iter(blocks), **options) == expected


@settings(max_examples=300, deadline=None)
@given(chars_text())
def test_what_the_fast_conversion_accepts_it_reads_as_the_chars_reader(text):
    for counting in BACKENDS.values():
        found = counting.chars_words(text)
        if found is not None:
            assert outcome(read_chars, lines_of(text)) == (lines_of(found.text), [], [])
            sizes = [len(line.replace(" ", "")) for line in lines_of(found.text)]
            assert found.longest == max(sizes, default=0)


def _lines_given_to_the_reader(text: str, blocks: int) -> int:
    """How many lines of ``text`` (cut into ``blocks`` blocks) the chars reader reads."""
    given: list[int] = []
    original = chars_module.CharsReader.read

    def read(self, lines, first):
        given.append(len(lines))
        return original(self, lines, first)

    lines = lines_with_ends(text)
    size = -(-len(lines) // blocks)
    pieces = ["".join(lines[start : start + size]) for start in range(0, len(lines), size)]
    with mock.patch.object(chars_module.CharsReader, "read", read):
        list(read_chars_blocks(pieces, name="f", warnings=Warnings(quiet=True)))
    return sum(given)


def test_plain_sentences_never_reach_the_reader_and_others_only_theirs():
    plain = "甲\tB\n乙\tE\n丙\tS\n\n" * 100
    assert _lines_given_to_the_reader(plain, 10) == 0
    sentence = len("甲\tB\n乙\tE\n丙\tS\n\n")
    tagged = plain[: sentence * 40] + "甲\tB-NN\n乙\tE-NN\n\n" + plain[sentence * 40 :]
    given = _lines_given_to_the_reader(tagged, 10)
    assert 3 <= given <= 2 * len(tagged.splitlines()) // 10 + 4


def test_tagged_labels_reach_the_reader_until_it_has_read_them():
    tagged = "甲\tB-NN\n乙\tE-NN\n丙\tS-v\n\n" * 100
    assert _lines_given_to_the_reader(tagged, 10) == 40  # the first block's
    # Labels that read both ways (B-M, E-M) wait for one that decides the order, on line 181
    # of 302: the reader holds and reads them all until then, and its block (31 lines).
    sentence = "甲\tB-M\n乙\tE-M\n\n"
    either_way = sentence * 60 + "丙\tS-NN\n\n" + sentence * 40
    assert 181 <= _lines_given_to_the_reader(either_way, 10) <= 181 + 2 * 31


def test_the_labels_read_fast_count_in_the_warning_on_the_order():
    text = ("甲\tB-NN\n乙\tE-NN\n\n" * 20 + "丙\tB-M\n丁\tE-M\n\n") * 5
    lines = lines_with_ends(text)
    blocks = ["".join(lines[start : start + 20]) for start in range(0, len(lines), 20)]
    expected = outcome(read_chars, lines_of(text))
    assert "200 label(s) read only that way, so 10 that read both ways" in expected[1][0]
    for counting in BACKENDS.values():
        with mock.patch.object(chars_blocks, "chars_words", counting.chars_words):
            assert outcome(read_chars_blocks, iter(blocks)) == expected


def test_a_sentence_longer_than_a_block_is_read_whole():
    long = "".join(f"{char}\tS\n" for char in "甲乙丙" * 50)
    text = "甲\tS\n\n" + long + "\n乙\tS\n"
    blocks = ["".join(lines_with_ends(text)[i : i + 7]) for i in range(0, 160, 7)]
    assert "".join(blocks) == text
    found = words_of(read_chars_blocks(blocks, name="f", warnings=Warnings(quiet=True)))
    assert found == ["甲", " ".join("甲乙丙" * 50), "乙"]


def _formatted(path: Path) -> FormattedInput:
    warnings = Warnings(quiet=True)
    source = open_text(str(path), warnings=warnings)
    return FormattedInput(
        source, "chars", detected=False, warnings=warnings, options=FormatOptions()
    )


@pytest.mark.parametrize("compress", [False, True])
def test_formatted_input_counts_its_sentences_either_way(tmp_path: Path, compress: bool):
    text = "甲\tB\n乙\tE\n\n丙\tS-NN\n\n丁\tS\n"
    path = tmp_path / ("f.chars.gz" if compress else "f.chars")
    path.write_bytes(gzip.compress(text.encode()) if compress else text.encode())
    by_blocks = _formatted(path)
    assert "".join(by_blocks.text_blocks()) == "甲乙\n丙\n丁\n"
    assert by_blocks.lines_read == 3
    by_lines = _formatted(path)
    assert list(by_lines.lines()) == ["甲乙", "丙", "丁"] and by_lines.lines_read == 3
    with_tokens = _formatted(path)
    queue = with_tokens.keep_tokens()  # tags asked for: sentence by sentence, the tokens kept
    assert list(with_tokens.lines()) == ["甲乙", "丙", "丁"]
    assert [number for number, _, _ in queue] == [1, 2, 3] and with_tokens.tags_seen == 1


def test_scores_of_chars_equal_those_of_the_same_words(tmp_path: Path):
    gold = tmp_path / "gold.chars"
    gold.write_text("甲\tB\n乙\tE\n丙\tS\n\n丁\tS\n戊\tS\n", encoding="utf-8")
    pred = tmp_path / "pred.chars"
    pred.write_text("甲\tS\n乙\tB\n丙\tE\n\n丁\tB\n戊\tE\n", encoding="utf-8")
    from_chars = score(str(gold), [str(pred)])
    from_words = score(["甲乙 丙", "丁 戊"], [["甲 乙丙", "丁戊"]])
    assert from_chars.systems[0].counts == from_words.systems[0].counts
