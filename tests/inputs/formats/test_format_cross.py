"""The same three sentences written in every format read as the same words (and, where the
format carries them, the same tags), through the real decoding; and the UD Chinese GSD test set
reads as many sentences and words as it has word lines."""

from __future__ import annotations

import gzip
from itertools import islice
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

from wsscore.errors import Warnings
from wsscore.inputs.formats import FormatOptions, Sentence, detect_format, read_sentences
from wsscore.inputs.reading import open_text

FORMATS_DIR = FIXTURES / "formats"
UD_GSD_TEST = ROOT.parent / "shared" / "ud" / "zh_gsd-ud-test.conllu"

# Written by hand from the sentences the fixtures same.* hold.
SAME_TOKENS = [
    [("中央", "NN"), ("人民", "NN"), ("广播", "NN"), ("电台", "NN"), ("报道", "VV"), ("。", "PU")],
    [
        ("他", "PN"),
        ("说", "VV"),
        ("1/2", "CD"),
        ("的", "DEC"),
        ("人", "NN"),
        ("来", "VV"),
        ("了", "AS"),
        ("。", "PU"),
    ],
    [("访问", "VV"), ("t.cn/x", "NN"), ("吧", "SP")],
]
# The line each sentence starts on: a line per sentence, or its first character / token line.
SAME_FILES = {
    "same.words.txt": ("words", [1, 2, 3]),
    "same.tagged.txt": ("tagged", [1, 2, 3]),
    "same.chars.txt": ("chars", [1, 13, 24]),
    "same.conllu": ("conllu", [4, 14, 25]),
    "same.jsonl": ("jsonl", [1, 2, 3]),
}
XPOS = FormatOptions(tag_column="xpos")  # the column that holds the CTB tags of the others


def _read_file(path: Path) -> tuple[str, list[Sentence]]:
    """Detect a file's format on its first lines, then read it, as the scorer will."""
    warnings = Warnings(quiet=True)
    first = open_text(str(path), warnings=warnings)
    fmt = detect_format(list(islice(first.lines(), 200)))
    first.close()
    source = open_text(str(path), warnings=warnings)
    sentences = list(
        read_sentences(fmt, source.lines(), name=path.name, warnings=warnings, options=XPOS)
    )
    source.close()
    assert warnings.messages == []
    return fmt, sentences


@pytest.mark.parametrize("name", sorted(SAME_FILES))
def test_every_format_reads_the_same_words_and_tags(name: str):
    fmt, sentences = _read_file(FORMATS_DIR / name)
    expected_fmt, lines = SAME_FILES[name]
    assert fmt == expected_fmt
    assert [sentence.line for sentence in sentences] == lines
    # The syntactic words: CoNLL-U's range 3-4 广播电台 is the words 广播 and 电台 of the others.
    syntactic = [sentence.syntactic() for sentence in sentences]
    assert [[token.word for token in tokens] for tokens in syntactic] == [
        [word for word, _ in tokens] for tokens in SAME_TOKENS
    ]
    tags = [[token.tag for token in tokens] for tokens in syntactic]
    if fmt == "words":
        assert tags == [[None] * len(tokens) for tokens in SAME_TOKENS]
    else:
        assert tags == [[tag for _, tag in tokens] for tokens in SAME_TOKENS]


def test_a_gzipped_gbk_file_reads_as_its_utf8_original(tmp_path: Path):
    original = (FORMATS_DIR / "same.conllu").read_text(encoding="utf-8")
    packed = tmp_path / "same.gbk.conllu.gz"
    packed.write_bytes(gzip.compress(original.encode("gbk")))
    assert _read_file(packed) == _read_file(FORMATS_DIR / "same.conllu")


def _count_independently(path: Path) -> tuple[int, int, list[str]]:
    """Sentences, words and each sentence's text from the raw lines: a word line's ID is all
    digits (not 3-4, not 3.1); a sentence is a block holding one."""
    sentences, words, texts, in_sentence = 0, 0, [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# text = "):
            texts.append(line[len("# text = ") :].replace(" ", ""))
        elif not line.strip():
            in_sentence = False
        elif not line.startswith("#") and line.split("\t")[0].isdigit():
            words += 1
            sentences += not in_sentence
            in_sentence = True
    return sentences, words, texts


def test_ud_chinese_gsd_test_set():
    if not UD_GSD_TEST.is_file():
        pytest.skip("the UD Chinese GSD test set (../shared/ud) is not here")
    fmt, sentences = _read_file(UD_GSD_TEST)
    expected_sentences, expected_words, texts = _count_independently(UD_GSD_TEST)
    assert fmt == "conllu"
    assert len(sentences) == expected_sentences
    assert sum(len(sentence.tokens) for sentence in sentences) == expected_words
    # Its "# text" lines, less their spaces, are the words of each sentence run together.
    assert ["".join(sentence.words()) for sentence in sentences] == texts
    assert all(token.tag for sentence in sentences for token in sentence.tokens)
