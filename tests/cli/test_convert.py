"""wsscore convert: every format written in every other, and read back to the same sentences."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore.errors import Warnings
from wsscore.inputs.formats import FORMATS, FormatOptions, read_sentences

SAME = {
    "words": FIXTURES / "formats" / "same.words.txt",
    "tagged": FIXTURES / "formats" / "same.tagged.txt",
    "chars": FIXTURES / "formats" / "same.chars.txt",
    "conllu": FIXTURES / "formats" / "same.conllu",
    "jsonl": FIXTURES / "formats" / "same.jsonl",
}
TAGGED_FORMATS = ("tagged", "chars", "conllu", "jsonl")


def _convert(*args: object, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wsscore", "convert", *map(str, args)],
        capture_output=True,
        input=stdin,
        check=False,
    )


def _sentences(path: Path, fmt: str) -> list[list[tuple[str, str | None]]]:
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines[-1] == "":
        lines.pop()
    read = read_sentences(
        fmt, lines, name=path.name, warnings=Warnings(quiet=True), options=FormatOptions()
    )
    return [[(token.word, token.tag) for token in sentence.syntactic()] for sentence in read]


@pytest.mark.parametrize(("source", "target"), list(itertools.product(SAME, FORMATS)))
def test_a_round_trip_keeps_words_and_tags(tmp_path: Path, source: str, target: str) -> None:
    written = tmp_path / f"out.{target}"
    done = _convert(SAME[source], "--to", target, "-o", written)
    original = _sentences(SAME[source], source)
    if target == "tagged" and any(tag is None for s in original for _, tag in s):
        # Words (and the CoNLL-U fixture's word with UPOS "_") carry no tag, and tagged needs
        # one per word: refused, on one line, with nothing written.
        assert done.returncode == 2 and done.stderr.decode().count("\n") == 1
        assert b"has no tags" in done.stderr and not written.exists()
        return
    assert done.returncode == 0, done.stderr
    back = _sentences(written, target)
    assert [[w for w, _ in s] for s in back] == [[w for w, _ in s] for s in original]
    if source in TAGGED_FORMATS and target in TAGGED_FORMATS:
        assert back == original  # the tags too


def test_the_words_of_the_fixture_sentences(tmp_path: Path) -> None:
    # Hand-checked: the tagged fixture's first sentence has People's Daily brackets; converting
    # to words keeps the inner words and drops the phrase tag.
    done = _convert(SAME["tagged"], "--to", "words")
    first = done.stdout.decode("utf-8").splitlines()[0]
    assert first == "中央 人民 广播 电台 报道 。"


def test_standard_input_and_a_given_source_format() -> None:
    data = "中国/NR 人民/NN\n".encode()
    done = _convert("-", "--from", "tagged", "--to", "chars", stdin=data)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == "中\tB-NR\n国\tE-NR\n人\tB-NN\n民\tE-NN\n\n"


def test_an_output_that_is_the_input_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "same.conllu"
    copy.write_bytes(SAME["conllu"].read_bytes())
    done = _convert(copy, "--to", "words", "-o", copy)
    assert done.returncode == 2
    assert b"is the same file as the input" in done.stderr
    assert copy.read_bytes() == SAME["conllu"].read_bytes()
