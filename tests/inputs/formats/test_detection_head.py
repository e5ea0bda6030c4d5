"""Format detection on whole lines however long, after any number of blank lines, from a path
or from standard input (read ahead, then read again from the start; issue 21, item 6)."""

from __future__ import annotations

import io
import json
import sys

import pytest

import wsscore.inputs.formatted
from wsscore.errors import Warnings
from wsscore.inputs.formats import FormatOptions
from wsscore.inputs.formatted import format_of, formatted
from wsscore.inputs.reading import BLOCK_SIZE, open_text

WORDS = ["我们", "走", "了", "他", "来"]
LONG = WORDS * (BLOCK_SIZE // 8)  # a sentence of more than a block in every format


def tagged(words: list[str]) -> str:
    return " ".join(f"{word}/x" for word in words)


def conllu(words: list[str]) -> str:
    rows = [f"{i}\t{word}\t_\tX\t_\t_\t0\tdep\t_\t_" for i, word in enumerate(words, 1)]
    return "\n".join(rows) + "\n"


# Each: the file's text, its format, and the words of its sentences.
CASES = {
    "jsonl, a first line over a block": (
        json.dumps(LONG, ensure_ascii=False) + "\n" + json.dumps(WORDS) + "\n",
        "jsonl",
        [LONG, WORDS],
    ),
    "tagged, a first line over a block": (
        tagged(LONG) + "\n" + tagged(WORDS) + "\n",
        "tagged",
        [LONG, WORDS],
    ),
    "conllu, a first comment over a block": (
        f"# text = {''.join(LONG)}\n{conllu(LONG)}\n{conllu(WORDS)}",
        "conllu",
        [LONG, WORDS],
    ),
    "tagged after 300 blank lines": (
        "\n" * 300 + tagged(WORDS) + "\n" + tagged(WORDS) + "\n",
        "tagged",
        [WORDS, WORDS],
    ),
    "jsonl after a block of blank lines": (
        "\n" * (BLOCK_SIZE + 10) + json.dumps(WORDS) + "\n",
        "jsonl",
        [WORDS],
    ),
}


def opened(path, monkeypatch, from_stdin: bool):
    if from_stdin:
        stdin = io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8")
        monkeypatch.setattr(sys, "stdin", stdin)
    source = open_text("-" if from_stdin else str(path), warnings=Warnings())
    return formatted(source, "auto", Warnings(), FormatOptions())


@pytest.mark.slow
@pytest.mark.parametrize("from_stdin", [False, True], ids=["path", "stdin"])
@pytest.mark.parametrize("case", CASES)
def test_detected_on_whole_lines_and_read_whole(tmp_path, monkeypatch, case, from_stdin):
    text, fmt, sentences = CASES[case]
    path = tmp_path / "file"
    path.write_text(text, encoding="utf-8")
    read = opened(path, monkeypatch, from_stdin)
    assert format_of(read) == fmt
    # What was read ahead to detect is read again: every sentence, from the first (a blank
    # line of a words, tagged or jsonl file is an empty sentence).
    assert [line.split() for line in read.lines() if line] == sentences


@pytest.mark.slow
def test_a_first_line_past_the_read_ahead_bound_is_detected_on_its_start(tmp_path, monkeypatch):
    monkeypatch.setattr(wsscore.inputs.formatted, "HEAD_MOST", 2 * BLOCK_SIZE)
    path = tmp_path / "long.tagged.txt"
    path.write_text(tagged(LONG * 2) + "\n", encoding="utf-8")
    read = opened(path, monkeypatch, from_stdin=True)
    assert format_of(read) == "tagged"
    assert read.source.detection.endswith(f"(of a first line cut at {2 * BLOCK_SIZE:,} bytes)")
    assert [line.split() for line in read.lines()] == [LONG * 2]


def test_the_reason_is_kept_for_words_too(tmp_path, monkeypatch):
    path = tmp_path / "words.txt"
    path.write_text("\n" * 300 + " ".join(WORDS) + "\n", encoding="utf-8")
    read = opened(path, monkeypatch, from_stdin=False)
    assert format_of(read) == "words"
    assert read.detection == "no other format fits: words separated by white space"


@pytest.mark.parametrize(
    ("head", "reason"),
    [
        (
            ['["我们", "走"]'] * 5 + ["[我们 走"] * 3,
            "only 5 of 8 lines are JSON sentences, too few for jsonl",
        ),
        (["我们/r 走/v 了"] * 4, "only 8 of 12 tokens end in /TAG, too few for tagged"),
        (["我们 走/v 了 他"] * 4, "no other format fits: words separated by white space"),
    ],
)
def test_a_words_file_names_the_format_it_nearly_fits(head, reason):
    from wsscore.inputs.formats import detect_format_reason

    assert detect_format_reason(head) == ("words", reason)
