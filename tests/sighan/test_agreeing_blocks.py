"""The blocks of lines whose characters agree, written a run at a time through the backend, are
the blocks the definition writes from each sentence's detail (alignment_rows and
format_sentence_block), byte for byte, in every encoding the run path takes; and the C
speed-ups write what the Python reference writes."""

from __future__ import annotations

import io

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wsscore.core import backend, side_by_side
from wsscore.core.records import SentenceDetail
from wsscore.core.reference import align_equal_words
from wsscore.inputs.encodings import Encoding, lookup
from wsscore.inputs.options import InputOptions
from wsscore.sighan import exact
from wsscore.sighan.blocks import agreeing_blocks, agreeing_sentences
from wsscore.sighan.exact import alignment_rows, sentence_totals, write_sighan
from wsscore.sighan.layout import format_sentence_block

# CJK (丂 is 0x81 0x40 in GBK: a trail byte that diff counts as a column), printable ASCII,
# a tab-less control, a backspace and a carriage-return-less word of more than 61 columns.
WORDS = st.one_of(
    st.text("我們丂乙ab1%\x08\x01", min_size=1, max_size=5),
    st.just("x" * 70),
    st.just("一" * 3),
)
ENCODINGS = [lookup("utf-8"), lookup("gbk"), lookup("big5")]
NAMES = (b"gold.txt", b"dir/test.txt")


@st.composite
def agreeing_lines(draw) -> tuple[list[str], list[str]]:
    """Gold lines, and the same characters cut anew into words, line by line (some empty)."""
    gold_lines, pred_lines = [], []
    for words in draw(st.lists(st.lists(WORDS, max_size=6), max_size=4)):
        chars = "".join(words)
        cuts = sorted(draw(st.sets(st.integers(1, max(len(chars) - 1, 1)), max_size=6)))
        pieces = [chars[a:b] for a, b in zip([0, *cuts], [*cuts, len(chars)], strict=True)]
        gold_lines.append(draw(st.sampled_from([" ", "  ", "\u3000"])).join(words))
        pred_lines.append(" ".join(piece for piece in pieces if piece))
    return gold_lines, pred_lines


def by_detail(gold_lines: list[str], pred_lines: list[str], encoding: Encoding) -> bytes:
    """The definition: each sentence's detail, its rows, its block."""
    blocks = []
    for number, (gold, pred) in enumerate(zip(gold_lines, pred_lines, strict=True), start=7):
        gold_words, pred_words = gold.split(), pred.split()
        if not gold_words:
            continue
        line = align_equal_words(gold_words, pred_words, None)
        spans = list(line.pred_spans)
        detail = SentenceDetail(
            number, gold_words, pred_words, line.gold_marks, line.pred_marks, spans
        )
        rows = alignment_rows(detail)
        encoded = [
            (None if g is None else encoding.encode(g), None if p is None else encoding.encode(p))
            for g, p in rows
        ]
        totals = sentence_totals(rows, detail)
        blocks.append(format_sentence_block(*NAMES, number, encoded, totals))
    return b"".join(blocks)


def _encodable(text: str, encoding: Encoding) -> bool:
    try:
        encoding.encode(text)
    except UnicodeEncodeError:
        return False
    return True


@given(agreeing_lines(), st.sampled_from(ENCODINGS))
@settings(max_examples=300, deadline=None)
def test_a_run_of_agreeing_lines_gives_the_blocks_of_their_details(lines, encoding):
    gold_lines, pred_lines = lines
    assume(_encodable("".join(gold_lines), encoding))
    sentences = agreeing_sentences(7, gold_lines, pred_lines)
    assert len(sentences.gold) == len(gold_lines)
    assert agreeing_blocks(sentences, encoding, *NAMES) == by_detail(*lines, encoding)


@given(agreeing_lines())
@settings(max_examples=300, deadline=None)
def test_the_backend_writes_what_the_reference_writes(lines):
    sentences = agreeing_sentences(1, *lines)
    gold = "\n".join(map(" ".join, sentences.gold)).encode("gb18030")
    pred = "\n".join(map(" ".join, sentences.pred)).encode("gb18030")
    expected = side_by_side.agreeing_blocks(gold, pred, 3, *NAMES)
    assert backend.sighan_blocks(gold, pred, 3, *NAMES) == expected


def test_the_run_stops_at_the_first_line_that_disagrees():
    sentences = agreeing_sentences(1, ["我们 走", "他 来", "好"], ["我 们走", "他来了", "好"])
    assert sentences.gold == [["我们", "走"]]
    assert sentences.pred == [["我", "们走"]]


def test_an_encoding_that_is_not_one_character_at_a_time_has_no_run_blocks():
    sentences = agreeing_sentences(1, ["我们 走"], ["我 们走"])
    assert agreeing_blocks(sentences, lookup("utf-16"), *NAMES) is None


@pytest.mark.skipif(backend.NAME != "c", reason="the C speed-ups do not run here")
def test_lines_that_do_not_agree_are_refused():
    with pytest.raises(ValueError, match="same characters"):
        backend.sighan_blocks(b"ab c", b"a bcd", 1, *NAMES)
    with pytest.raises(ValueError, match="differ in lines"):
        backend.sighan_blocks(b"ab\nc", b"abc", 1, *NAMES)


@given(agreeing_lines())
@settings(max_examples=300, deadline=None)
def test_utf8_lines_give_the_blocks_of_their_details(lines):
    gold_lines, pred_lines = lines
    expected = by_detail(gold_lines, pred_lines, lookup("utf-8"))
    assert backend.sighan_utf8_lines(gold_lines, pred_lines, 7, *NAMES) == (
        len(gold_lines),
        expected,
    )


# Lines of every separator, characters that differ between the sides, and a kept byte.
LINE_PIECES = st.sampled_from(["我", "们", "a", "\x1c", "\U00020000", "\udcff", " ", "\u3000"])


@given(
    st.lists(st.lists(LINE_PIECES, max_size=8).map("".join), max_size=4),
    st.lists(st.lists(LINE_PIECES, max_size=8).map("".join), max_size=4),
)
@settings(max_examples=300, deadline=None)
def test_the_backend_finds_the_agreeing_utf8_lines_as_the_reference(gold, pred):
    pred = (pred + gold)[: len(gold)]  # as many lines; some agree, some not
    expected = side_by_side.agreeing_utf8_lines(gold, pred, 1, *NAMES)
    assert backend.sighan_utf8_lines(gold, pred, 1, *NAMES) == expected


def test_utf8_lines_stop_at_the_first_that_disagrees_and_refuse_a_kept_byte():
    found = backend.sighan_utf8_lines(["我们", "他", "x"], ["我 们", "她", "x"], 4, *NAMES)
    assert found is not None and found.lines == 1
    assert found.blocks.startswith(b"--gold.txt-------dir/test.txt----4\n")
    assert backend.sighan_utf8_lines(["我\udcff"], ["我\udcff"], 1, *NAMES) is None


def _written(gold: bytes, pred: bytes, folder, encoding: str) -> bytes:
    folder.mkdir()
    gold_path, pred_path = folder / "gold.txt", folder / "test.txt"
    gold_path.write_bytes(gold)
    pred_path.write_bytes(pred)
    out = io.BytesIO()
    write_sighan(str(gold_path), str(pred_path), out, inputs=InputOptions(encoding=encoding))
    return out.getvalue()


@pytest.mark.parametrize(
    ("encoding", "kept_byte"),
    [("utf-8", b""), ("gbk", b""), ("big5", b""), ("euc-jp", b""), ("utf-8", b"\xff")],
)
def test_the_writer_writes_what_each_sentences_detail_gives(
    tmp_path, monkeypatch, encoding, kept_byte
):
    # UTF-8 takes the backend's own splitting, GBK and Big5 the run of words encoded at once,
    # EUC-JP (not known to encode each character alone) and a byte kept undecoded each
    # sentence's detail: all write what the details write.
    gold = "日本 語 了\n他 來\n\nab 1% 一\n後來\n".encode(encoding) + kept_byte + b" x\n"
    pred = "日 本語 了\n他來\n\na b1% 一\n後 來\n".encode(encoding) + kept_byte + b"x\n"
    written = _written(gold, pred, tmp_path / "runs", encoding)
    monkeypatch.setattr(exact, "utf8_run_blocks", lambda *_: None)
    monkeypatch.setattr(exact, "agreeing_blocks", lambda *_: None)
    by_details = _written(gold, pred, tmp_path / "details", encoding)
    assert written == by_details
    assert written.count(b"--gold.txt-------test.txt----") == 5
    assert b"|" in written and b">" in written
