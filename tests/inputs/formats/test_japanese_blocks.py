"""The block readers of mecab and kytea give the line readers' words, sentence by sentence,
however the blocks are cut, and the line readers' errors."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from wsscore.core.records import FormattedBlock
from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs import reading
from wsscore.inputs.formats import japanese_blocks
from wsscore.inputs.formats.japanese_blocks import read_kytea_blocks, read_mecab_blocks
from wsscore.inputs.formats.kytea import read_kytea
from wsscore.inputs.formats.mecab import read_mecab
from wsscore.inputs.formats.model import DEFAULT_OPTIONS, Sentence, TagFields
from wsscore.inputs.formatted import formatted
from wsscore.inputs.reading import open_text
from wsscore.inputs.words import split_words


def _words_of(pieces) -> list[list[str]]:
    """The words of each sentence, from lines of words or sentences."""
    out: list[list[str]] = []
    for piece in pieces:
        if isinstance(piece, Sentence):
            out.append(piece.words())
        else:
            out.extend(split_words(line) for line in piece.split("\n")[:-1])
    return out


def _cut(text: str, cuts: list[int]) -> list[str]:
    """``text`` in blocks of whole lines, cut after the lines numbered in ``cuts``."""
    lines = text.splitlines(keepends=True)
    blocks, start = [], 0
    for cut in sorted({c % (len(lines) + 1) for c in cuts}):
        blocks.append("".join(lines[start:cut]))
        start = cut
    blocks.append("".join(lines[start:]))
    return [block for block in blocks if block]


def _outcome(read) -> tuple[list[list[str]], tuple[str, str | None] | None]:
    """The words read up to the end or to the error, and the error."""
    pieces = []
    try:
        for piece in read():
            pieces.append(piece)
    except WsscoreError as error:
        return _words_of(pieces), (error.message, error.where)
    return _words_of(pieces), None


SURFACE = st.sampled_from(["東京", "で", "EOS", "Machine Learning", " ", "\u3000", "a/b", "x\\y"])
MECAB_TOKEN = st.builds(
    lambda s, f: f"{s}\t{f}", SURFACE, st.sampled_from(["名詞,一般", "", '"a,b",c'])
)
# Valid lines only, or now and then one the block scan leaves to the line reader.
MECAB_LINE = st.one_of(MECAB_TOKEN, st.just("EOS"))
ODD_LINE = st.sampled_from(["", "EOS\r", "bad line", "\tempty"])


@example(["Machine Learning\t", "EOS"], [], 60, [])
@given(
    st.lists(MECAB_LINE, max_size=30),
    st.lists(st.integers(0, 40), max_size=5),
    st.integers(1, 60),
    st.lists(st.tuples(st.integers(0, 30), ODD_LINE), max_size=1),
)
def test_mecab_blocks_give_the_line_readers_sentences(lines, cuts, max_chars, odd) -> None:
    lines = list(lines)
    for at, line in odd:
        lines.insert(at, line)
    text = "".join(f"{line}\n" for line in lines)
    blocks = _cut(text, cuts)
    by_blocks = _outcome(
        lambda: read_mecab_blocks(blocks, name="in", options=DEFAULT_OPTIONS, max_chars=max_chars)
    )
    by_lines = _outcome(
        lambda: read_mecab(lines, name="in", options=DEFAULT_OPTIONS, max_chars=max_chars)
    )
    assert by_blocks == by_lines


def _tokens_of(pieces) -> list[list[tuple[str, str | None]]]:
    """The (word, tag) of each sentence, from blocks of words and tags or sentences."""
    out: list[list[tuple[str, str | None]]] = []
    for piece in pieces:
        if isinstance(piece, Sentence):
            out.append([(token.word, token.tag) for token in piece.tokens])
            continue
        assert isinstance(piece, FormattedBlock)
        lines = zip(piece.words.split("\n")[:-1], piece.tags.split("\n")[:-1], strict=True)
        out += [list(zip(w.split(), t.split(), strict=True)) for w, t in lines]
    return out


TAG_FEATURES = st.sampled_from(["名詞,一般", "", '"a,b",c', "名詞,,x", "動詞\r", "a b,c", "x,y,z"])


@given(
    st.lists(st.one_of(st.builds("{}\t{}".format, SURFACE, TAG_FEATURES), st.just("EOS"))),
    st.lists(st.integers(0, 40), max_size=5),
    st.sampled_from([TagFields(1, 1), TagFields(1, 2), TagFields(2, 3)]),
)
def test_mecab_blocks_with_tags_give_the_line_readers_tokens(lines, cuts, fields) -> None:
    """--tags: plain blocks as words and tags at once, the rest by the line reader; the same
    words and tags either way."""
    lines = [*lines, "EOS"]
    options = DEFAULT_OPTIONS._replace(tag_field=fields)
    blocks = _cut("".join(f"{line}\n" for line in lines), cuts)
    read = read_mecab_blocks(blocks, name="in", options=options, max_chars=99, with_tags=True)
    by_lines = read_mecab(lines, name="in", options=options, max_chars=99)
    assert _tokens_of(read) == _tokens_of(by_lines)


def test_plain_mecab_blocks_with_tags_are_read_at_once() -> None:
    blocks = ["a\t名詞,一般\n\u3000\t空白\nb c\t動詞\r\nEOS\nEOS\n"]
    read = list(
        read_mecab_blocks(blocks, name="in", options=DEFAULT_OPTIONS, max_chars=99, with_tags=True)
    )
    assert read == [FormattedBlock("a bc\n\n", "名詞 動詞\n\n", 2, 2)]


def test_a_sentence_without_eos_past_the_carry_is_streamed(monkeypatch) -> None:
    monkeypatch.setattr(japanese_blocks, "CARRY_MOST", 10)
    blocks = ["a\tX\nb\tX\n", "c\tX\nd\tX\n", "e\tX\nEOS\nf\tX\n"]
    pieces = list(read_mecab_blocks(blocks, name="in", options=DEFAULT_OPTIONS, max_chars=99))
    assert _words_of(pieces) == [["a", "b", "c", "d", "e"], ["f"]]
    assert all(isinstance(piece, Sentence) for piece in pieces)


def test_plain_mecab_blocks_are_cut_at_once() -> None:
    blocks = ["a\tX\nEOS\nb\t", "Y,Z\nc\tW\nEOS\nEOS\n"]
    pieces = list(read_mecab_blocks(blocks, name="in", options=DEFAULT_OPTIONS, max_chars=99))
    assert pieces == ["a\n", "b c\n\n"]


def test_white_space_in_mecab_surfaces_is_cut_at_once() -> None:
    """SudachiPy's spaced surface and MeCab's token of a full-width space keep the fast path:
    the space is no character, the token of white space only no word (as read_mecab reads
    them)."""
    blocks = ["Machine Learning\tX\n\u3000\tY\nだ\tZ\nEOS\n \tW\nEOS\n"]
    pieces = list(read_mecab_blocks(blocks, name="in", options=DEFAULT_OPTIONS, max_chars=99))
    assert pieces == ["MachineLearning だ\n\n"]
    lines = blocks[0].splitlines()
    read = read_mecab(lines, name="in", options=DEFAULT_OPTIONS)
    assert [sentence.words() for sentence in read] == [["MachineLearning", "だ"], []]


KYTEA_TOKENS = ["東京/名詞/とうきょう", "に/助詞", "a", "/N", "a\\ b/N", "x&y/N", "a/N&V", "b\\"]
KYTEA_TOKENS += ["\\ /空白", "\\\u3000/空白", "\\/x/N", "a\\&b/N", "c/N\\ x", "\\\\/N"]
KYTEA_TOKENS += ["http:\\/\\/a/URL", "x:/\\/"]
KYTEA_TOKEN = st.sampled_from(KYTEA_TOKENS)
KYTEA_LINE = st.builds(
    lambda tokens, separator: separator.join(tokens),
    st.lists(KYTEA_TOKEN, max_size=4),
    st.sampled_from([" ", " ", "  ", "\t", "\u3000"]),
)


@given(st.lists(KYTEA_LINE, max_size=10), st.lists(st.integers(0, 12), max_size=4))
def test_kytea_blocks_give_the_line_readers_sentences(lines, cuts) -> None:
    text = "".join(f"{line}\n" for line in lines)
    blocks = _cut(text, cuts)
    by_blocks = _outcome(lambda: read_kytea_blocks(blocks, name="in", options=DEFAULT_OPTIONS))
    by_lines = _outcome(lambda: read_kytea(lines, name="in", options=DEFAULT_OPTIONS))
    assert by_blocks == by_lines


def test_escaped_kytea_blocks_are_cut_at_once() -> None:
    """fugashi's full-width space and SudachiPy's spaced words, as KyTea escapes them."""
    blocks = ["Machine\\ Learning/名詞 \\\u3000/空白 a\\/b/記号&補助記号\n"]
    pieces = list(read_kytea_blocks(blocks, name="in", options=DEFAULT_OPTIONS))
    assert pieces == ["MachineLearning  a/b\n"]
    read = read_kytea([blocks[0][:-1]], name="in", options=DEFAULT_OPTIONS)
    assert [sentence.words() for sentence in read] == [["MachineLearning", "a/b"]]


def test_plain_kytea_blocks_are_cut_at_once() -> None:
    blocks = ["東京/名詞/とうきょう に/助詞\n", "\n行く"]
    pieces = list(read_kytea_blocks(blocks, name="in", options=DEFAULT_OPTIONS))
    assert pieces == ["東京 に\n", "\n行く\n"]


@pytest.mark.parametrize("fmt", ["mecab", "kytea"])
def test_errors_in_a_later_block_name_their_line_in_the_file(fmt: str) -> None:
    good, bad = ("a\tX\nEOS\n", "b c\n") if fmt == "mecab" else ("a/X\n", "/X\n")
    blocks = [good * 3, good, bad]
    with pytest.raises(WsscoreError) as caught:
        if fmt == "mecab":
            list(read_mecab_blocks(blocks, name="in", options=DEFAULT_OPTIONS, max_chars=99))
        else:
            list(read_kytea_blocks(blocks, name="in", options=DEFAULT_OPTIONS))
    line = 9 if fmt == "mecab" else 5
    assert caught.value.where == f"in:{line}:1"


MECAB_GOOD, KYTEA_GOOD = "東京\t名詞,一般\nで\t助詞\nEOS\n", "東京/名詞 で/助詞\n"


@pytest.mark.parametrize("fmt", ["mecab", "kytea"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030", "euc-jp", "utf-16"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_file_read_in_small_blocks_names_the_line_of_its_error(
    tmp_path, monkeypatch, fmt: str, encoding: str, newline: str
) -> None:
    """The line reader of a later block numbers its lines from the lines the file counted
    (the block reader counts none itself): in any encoding, with CRLF lines (MeCab's
    ``EOS\\r`` is read by the line reader), blank lines, and a last line without its end."""
    monkeypatch.setattr(reading, "BLOCK_SIZE", 64)
    good = MECAB_GOOD if fmt == "mecab" else KYTEA_GOOD
    bad = "b c" if fmt == "mecab" else "/X"
    lines = (good * 20 + "\n" + good * 7).splitlines()
    text = newline.join([*lines, bad, *(good * 3).splitlines()])  # no line feed at the end
    path = tmp_path / f"in.{fmt}"
    path.write_bytes(text.encode(encoding))
    quiet = Warnings(quiet=True)
    source = formatted(open_text(str(path), encoding, warnings=quiet), fmt, quiet, DEFAULT_OPTIONS)
    with pytest.raises(WsscoreError) as caught:
        list(source.lines())
    assert caught.value.where is not None
    assert caught.value.where.split(":")[1] == str(len(lines) + 1)
