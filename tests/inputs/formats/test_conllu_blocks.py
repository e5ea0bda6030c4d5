"""CoNLL-U read a block at a time (wsscore.inputs.formats.conllu_blocks) gives the scorer the
very lines the line reader (read_conllu, the definition) gives, and the very same errors, on
generated files cut into blocks anywhere between lines; and FormattedInput serves them alike
with and without someone keeping the tokens (which takes the line reader)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from conllu_strategies import conllu_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import conllu_blocks
from wsscore.inputs.formats.conllu import read_conllu
from wsscore.inputs.formats.conllu_blocks import read_conllu_blocks
from wsscore.inputs.formats.model import DEFAULT_OPTIONS, Sentence, Token
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.sources import Reading, open_source

NAME = "gold.conllu"
Outcome = tuple[list[object], tuple[str, str | None, str | None] | None]


def _by_lines(text: str, max_chars: int) -> Outcome:
    """What the line reader gives: its sentences, then the error it stopped at (if any)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    found: list[object] = []
    try:
        found.extend(read_conllu(lines, name=NAME, options=DEFAULT_OPTIONS, max_chars=max_chars))
    except WsscoreError as exc:
        return found, (exc.message, exc.where, exc.hint)
    return found, None


def _by_blocks(blocks: list[str], max_chars: int) -> Outcome:
    """The same from the block reader: its lines of words taken one by one."""
    found: list[object] = []
    pieces = read_conllu_blocks(blocks, name=NAME, options=DEFAULT_OPTIONS, max_chars=max_chars)
    try:
        for piece in pieces:
            found.extend(piece.split("\n")[:-1] if isinstance(piece, str) else [piece])
    except WsscoreError as exc:
        return found, (exc.message, exc.where, exc.hint)
    return found, None


def _cut(text: str, cuts: list[int]) -> list[str]:
    """The text in blocks of whole lines, cut after the lines ``cuts`` points into."""
    blocks: list[str] = []
    start = 0
    for cut in sorted(cuts):
        end = text.find("\n", max(start, cut)) + 1
        if end <= start:
            break
        blocks.append(text[start:end])
        start = end
    return [*blocks, text[start:]] if start < len(text) else blocks


def _same(by_lines: Outcome, by_blocks: Outcome) -> None:
    sentences, error = by_lines
    found, block_error = by_blocks
    assert block_error == error
    assert len(found) == len(sentences)
    for item, sentence in zip(found, sentences, strict=True):
        assert isinstance(sentence, Sentence)
        if isinstance(item, str):  # from the scan: a sentence of plain word lines
            assert sentence.parts is None
            assert item == " ".join(sentence.words())
        else:  # from the line reader, numbered as in the whole file
            assert item == sentence


@settings(max_examples=400, deadline=None)
@given(
    text=conllu_texts(),
    cuts=st.lists(st.integers(0, 400), max_size=4),
    max_chars=st.sampled_from([2, 5, 1 << 20]),
    carry_most=st.sampled_from([0, 8, 1 << 20]),
)
def test_blocks_give_what_the_line_reader_gives(
    text: str, cuts: list[int], max_chars: int, carry_most: int
) -> None:
    # A small carry hands unfinished sentences to the line reader across blocks.
    with mock.patch.object(conllu_blocks, "CARRY_MOST", carry_most):
        _same(_by_lines(text, max_chars), _by_blocks(_cut(text, cuts), max_chars))


def word(identifier: str, form: str) -> str:
    return f"{identifier}\t{form}\t_\tNOUN\tNN\t_\t0\tdep\t_\t_"


def test_a_sentence_the_scan_leaves_is_read_with_its_line_numbers() -> None:
    text = "\n".join(
        [word("1", "甲"), "", "# c", word("1-2", "乙丙"), word("1", "乙"), word("2", "丙"), ""]
    )
    pieces = list(read_conllu_blocks([text], name=NAME, options=DEFAULT_OPTIONS, max_chars=99))
    assert pieces[0] == "甲\n"
    assert isinstance(pieces[1], Sentence)
    assert pieces[1].line == 4
    assert pieces[1].parts == {0: [Token("乙", "NOUN"), Token("丙", "NOUN")]}


def test_the_line_reader_stops_at_the_blank_line_of_crlf_text() -> None:
    lines = [word("1", "甲"), "", word("1-2", "乙丙"), word("1", "乙"), word("2", "丙"), "", ""]
    text = "\r\n".join([*lines, word("1", "丁"), "", ""])
    pieces = list(read_conllu_blocks([text], name=NAME, options=DEFAULT_OPTIONS, max_chars=99))
    # The sentence after the multi-word token is the scan's again.
    assert [piece if isinstance(piece, str) else piece.words() for piece in pieces] == [
        "甲\n",
        ["乙丙"],
        "丁\n",
    ]


def test_an_error_names_the_line_of_the_file() -> None:
    blocks = [word("1", "甲") + "\n\n", word("1", "乙") + "\n", word("3", "丙") + "\n\n"]
    with pytest.raises(WsscoreError) as raised:
        list(read_conllu_blocks(blocks, name=NAME, options=DEFAULT_OPTIONS, max_chars=99))
    assert raised.value.where == f"{NAME}:4:1"


def test_an_unfinished_sentence_is_held_only_up_to_the_carry(monkeypatch) -> None:
    # A sentence of endless comments: past CARRY_MOST characters, the line reader takes it
    # line by line, so no text longer than a block and the carry is ever scanned.
    monkeypatch.setattr(conllu_blocks, "CARRY_MOST", 100)
    scanned: list[int] = []
    scan = conllu_blocks.scan_conllu_words

    def spy(text: str, start: int, max_chars: int):
        scanned.append(len(text))
        return scan(text, start, max_chars)

    monkeypatch.setattr(conllu_blocks, "scan_conllu_words", spy)
    block = "# a comment\n" * 10

    def blocks() -> Iterator[str]:
        yield word("1", "甲") + "\n\n"
        for _ in range(1000):
            yield block
        yield "\n" + word("1", "乙") + "\n\n"

    pieces = list(read_conllu_blocks(blocks(), name=NAME, options=DEFAULT_OPTIONS, max_chars=9))
    assert pieces == ["甲\n", "乙\n"]
    assert max(scanned) <= 100 + 2 * len(block)


def _lines_of(path: Path, *, keep_tokens: bool) -> tuple[list[str], int, int]:
    opened = open_source(str(path), Reading("auto", Warnings(), fmt="conllu"))
    assert isinstance(opened, FormattedInput)
    if keep_tokens:  # as --tags does: the line reader then reads every sentence
        opened.keep_tokens()
    return list(opened.lines()), opened.lines_read, opened.extra_words


def _served(path: Path, *, keep_tokens: bool, blocks: bool) -> object:
    """What FormattedInput serves (lines or blocks, their count, the extra syntactic words),
    up to the error it stops at, if any."""
    opened = open_source(str(path), Reading("auto", Warnings(), fmt="conllu"))
    assert isinstance(opened, FormattedInput)
    if keep_tokens:
        opened.keep_tokens()
    served: list[str] = []
    error = None
    try:
        served.extend(opened.text_blocks() if blocks else opened.lines())
    except WsscoreError as exc:
        error = str(exc)
    return "\n".join(served), error, opened.lines_read, opened.extra_words


@settings(max_examples=100, deadline=None)
@given(text=conllu_texts(), blocks=st.booleans())
def test_formatted_input_serves_the_same_with_or_without_tokens_kept(
    text: str, blocks: bool
) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "gold.conllu"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        kept = _served(path, keep_tokens=True, blocks=blocks)
        assert _served(path, keep_tokens=False, blocks=blocks) == kept


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "gb18030"])
def test_formatted_input_gives_the_same_lines_with_or_without_tokens_kept(
    tmp_path: Path, encoding: str
) -> None:
    text = "\n".join(
        [
            "# text = 甲乙",
            word("1", "甲"),
            word("2", "乙"),
            "",
            word("1-2", "丙丁"),
            word("1", "丙"),
            word("2", "丁"),
            "",
            word("1", "戊 己"),
            "",
            word("1", "庚"),
        ]
    )
    path = tmp_path / "gold.conllu"
    path.write_text(text, encoding=encoding)
    expected = (["甲 乙", "丙丁", "戊己", "庚"], 4, 1)
    assert _lines_of(path, keep_tokens=True) == expected
    assert _lines_of(path, keep_tokens=False) == expected
