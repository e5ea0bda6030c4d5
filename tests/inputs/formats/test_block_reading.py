"""Tagged and JSON Lines files read a block at a time (wsscore.inputs.formats.fast): the C block
readers agree with their Python reference (wsscore.core.blocks), a block they read is what the
format's reader reads, and a whole file read by blocks gives the same lines, tokens, counts and
errors as the format's reader over its lines, whatever falls back to that reader.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wsscore.inputs.formatted
import wsscore.inputs.reading
from wsscore.core import backend, blocks
from wsscore.core.records import FormattedBlock
from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import FormatOptions, read_sentences
from wsscore.inputs.formats.fast import block_lines
from wsscore.inputs.formatted import FormattedInput
from wsscore.inputs.sources import Reading, open_source

needs_c = pytest.mark.skipif(
    backend.read_tagged_block is blocks.read_tagged_block, reason="the C speed-ups do not run here"
)

# Word characters, separators, brackets, and white space the strict rules must refuse: "\x1c" is
# white space to str.split() only, U+FEFF a separator only; "\U00020000" is outside the BMP.
PIECES = [
    "甲",
    "乙",
    "a",
    "1",
    "/",
    "_",
    "[",
    "]",
    "\\",
    '"',
    "\r",
    "\t",
    "\u3000",
    "\x1c",
    "\ufeff",
]
PIECES += ["\U00020000", "\udc80"]
TAGS = ["n", "NN", "v", "x", "w", "]nt", "", ",", "/", "a/b"]


@st.composite
def tagged_texts(draw) -> str:
    """Lines of mostly well-formed ``word/TAG`` tokens, and now and then an odd one."""
    piece = st.sampled_from(PIECES)
    word = st.lists(piece, min_size=0, max_size=3).map("".join)
    token = st.builds(
        lambda w, s, t: f"{w}{s}{t}", word, st.sampled_from("/_"), st.sampled_from(TAGS)
    )
    spaces = st.sampled_from([" ", " ", " ", "  ", " \t", "\u3000"])
    lines = []
    for tokens in draw(st.lists(st.lists(token, max_size=5), max_size=5)):
        line = "".join(draw(spaces) + t for t in tokens)
        lines.append(line if draw(st.booleans()) else line.strip(" "))
    end = draw(st.sampled_from(["\n", "\r\n"]))  # Windows ends lines with \r\n
    return end.join(lines) + draw(st.sampled_from(["", end]))


@st.composite
def jsonl_texts(draw) -> str:
    """Lines of JSON arrays of words in the shapes writers use, and now and then an odd one."""
    word = st.lists(st.sampled_from(PIECES), min_size=0, max_size=3).map("".join)
    lines = []
    for words in draw(st.lists(st.lists(word, max_size=5), max_size=5)):
        shape = draw(st.integers(0, 4))
        if shape == 0:
            lines.append(json.dumps(words, ensure_ascii=False))
        elif shape == 1:
            lines.append("[" + ",".join(f'"{w}"' for w in words) + "] ")
        elif shape == 2:
            lines.append(json.dumps(words))  # escapes: the reader's
        elif shape == 3:
            lines.append(json.dumps([[w, "n"] for w in words], ensure_ascii=False))
        else:
            lines.append(draw(st.sampled_from(["", " ", "[ ]", '["甲" "乙"]', '[,"甲"]', "{}"])))
    end = draw(st.sampled_from(["\n", "\r\n"]))  # Windows ends lines with \r\n
    return end.join(lines) + draw(st.sampled_from(["", end]))


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=400, deadline=None)
@given(tagged_texts(), st.sampled_from("/_"), st.booleans())
def test_c_reads_a_tagged_block_as_the_reference(text: str, sep: str, with_tags: bool) -> None:
    assert backend.read_tagged_block(text, sep, with_tags) == blocks.read_tagged_block(
        text, sep, with_tags
    )


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=400, deadline=None)
@given(jsonl_texts())
def test_c_reads_a_jsonl_block_as_the_reference(text: str) -> None:
    assert backend.read_jsonl_block(text) == blocks.read_jsonl_block(text)


def test_the_common_shapes_are_read_by_the_fast_path() -> None:
    tagged = "中国/ns  人民/n 1/2/m\n\n 他_r/x\n"
    assert backend.read_tagged_block(tagged, "/", True) == FormattedBlock(
        "中国 人民 1/2\n\n他_r\n", "ns n m\n\nx\n", 3, 4
    )
    assert backend.read_tagged_block(tagged, "/", False) == FormattedBlock(
        "中国 人民 1/2\n\n他_r\n", None, 3, 4
    )
    jsonl = '["中国", "人民"]\n[]\n["a"]'
    assert backend.read_jsonl_block(jsonl) == FormattedBlock("中国 人民\n\na", None, 3, 0)
    windows = backend.read_tagged_block("中国/ns 人民/n\r\n\r\n", "/", True)
    assert windows == FormattedBlock("中国 人民\n\n", "ns n\n\n", 2, 2)
    assert backend.read_jsonl_block('["中国"]\r\n[]\r') == FormattedBlock("中国\n", None, 2, 0)


@pytest.mark.parametrize(
    "text",
    ["[中央/n 人民/n]nt\n", "来到/v  /x 北京/ns\n", "a/n\r\r\n", "a\u3000b/n\n", "a/\n", "/n\n"],
)
def test_what_the_strict_rules_do_not_cover_is_left_to_the_reader(text: str) -> None:
    assert backend.read_tagged_block(text, "/", True) is None


@pytest.mark.parametrize(
    "text", ['["a"]\n\n["b"]\n', '["a\\u00e9"]\n', '[["a", "n"]]\n', '["a b"]\n', '[""]\n']
)
def test_json_lines_the_strict_rules_do_not_cover(text: str) -> None:
    assert backend.read_jsonl_block(text) is None


def _reader_lines(fmt: str, text: str, sep: str | None) -> list[tuple[str, str | None]]:
    """What the format's reader reads in ``text``: each sentence's words and tags."""
    options = FormatOptions(tag_sep=sep)
    read = read_sentences(fmt, block_lines(text), name="f", warnings=Warnings(), options=options)
    return [
        (
            " ".join(t.word for t in s.tokens),
            None if fmt == "jsonl" else " ".join(t.tag or "" for t in s.tokens),
        )
        for s in read
    ]


def _sentences(text: str, block: FormattedBlock) -> list[str]:
    """A line per sentence (the last may be empty and not ended by a line feed)."""
    lines = text.split("\n")
    assert len(lines) in (block.sentences, block.sentences + 1)
    return lines[: block.sentences]


@settings(max_examples=300, deadline=None)
@given(tagged_texts(), st.sampled_from("/_"))
def test_a_tagged_block_read_at_once_is_what_the_reader_reads(text: str, sep: str) -> None:
    fast = backend.read_tagged_block(text, sep, True)
    if fast is not None:
        assert fast.tags is not None
        words, tags = _sentences(fast.words, fast), _sentences(fast.tags, fast)
        assert list(zip(words, tags, strict=True)) == _reader_lines("tagged", text, sep)
        assert fast.tagged == sum(len(line.split()) for line in words)


@settings(max_examples=300, deadline=None)
@given(jsonl_texts())
def test_a_jsonl_block_read_at_once_is_what_the_reader_reads(text: str) -> None:
    fast = backend.read_jsonl_block(text)
    if fast is not None:
        words = _sentences(fast.words, fast)
        assert [(line, None) for line in words] == _reader_lines("jsonl", text, None)


class Read:
    """What a whole file gives: its lines, the tokens queued for each, counts, or the error."""

    def __init__(self, path: Path, fmt: str):
        self.lines: list[str] = []
        self.error: str | None = None
        self.tokens: list[object] = []
        self.lines_read = self.tags_seen = 0
        try:  # opening fails on bytes of another encoding
            source = open_source(str(path), Reading("utf-8", Warnings(), fmt=fmt))
            assert isinstance(source, FormattedInput)
            queue = source.keep_tokens()
            self.lines.extend(source.lines())
        except WsscoreError as error:
            self.error = str(error)
        else:
            self.tokens = list(queue)
            self.lines_read = source.lines_read
            self.tags_seen = source.tags_seen

    def __repr__(self) -> str:
        return repr(vars(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Read) and vars(self) == vars(other)


def _read_file(text: str, fmt: str, *, by_block: bool) -> Read:
    """``text`` read from a file in blocks of a few bytes (so that a file has many), by blocks
    or by the format's reader alone."""
    path = Path(tempfile.gettempdir()) / f"wsscore-block-reading-{os.getpid()}.txt"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))  # \udc80: a byte kept
    try:
        with (
            mock.patch.object(wsscore.inputs.reading, "BLOCK_SIZE", 24),
            mock.patch.object(wsscore.inputs.formatted, "reads_by_block", lambda *_: by_block),
        ):
            return Read(path, fmt)
    finally:
        path.unlink()


def _whole_lines(texts: list[str]) -> str:
    return "".join(t if t.endswith("\n") or not t else t + "\n" for t in texts)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(tagged_texts(), st.just("中国/ns 人民/n\n" * 3)), max_size=6))
def test_a_tagged_file_read_by_blocks_is_what_the_reader_reads(texts: list[str]) -> None:
    text = _whole_lines(texts)
    by_block = _read_file(text, "tagged", by_block=True)
    assert by_block == _read_file(text, "tagged", by_block=False)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(jsonl_texts(), st.just('["中国", "人民"]\n' * 3)), max_size=6))
def test_a_jsonl_file_read_by_blocks_is_what_the_reader_reads(texts: list[str]) -> None:
    text = _whole_lines(texts)
    assert _read_file(text, "jsonl", by_block=True) == _read_file(text, "jsonl", by_block=False)
