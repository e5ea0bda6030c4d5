"""Reading inputs: line ends, BOMs, compression, block boundaries, undecodable bytes, errors."""

from __future__ import annotations

import bz2
import codecs
import gzip
import io
import lzma
import sys

import pytest
from conftest import FIXTURE_COUNTS, FIXTURES, HKSCS_COUNTS

import wsscore.inputs.reading
from wsscore import InputOptions, score
from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.reading import open_text
from wsscore.inputs.words import split_words

GOLD_TEXT = (FIXTURES / "gold.txt").read_text(encoding="utf-8").replace("\r\n", "\n")
GOLD_LINES = GOLD_TEXT.splitlines()
TRADITIONAL_LINES = (FIXTURES / "big5" / "gold.txt").read_text(encoding="cp950").splitlines()


def read_lines(path, encoding="auto", **options) -> list[str]:
    source = open_text(str(path), encoding, warnings=options.pop("warnings", Warnings()), **options)
    return list(source.lines())


def counts_dict(report, index=0) -> dict[str, int]:
    counts = report.systems[index].counts
    return {key: getattr(counts, key) for key in FIXTURE_COUNTS}


def words_of(lines: list[str]) -> list[list[str]]:
    return [split_words(line) for line in lines]


# --- line ends and byte-order marks -------------------------------------------------------------


def test_crlf_is_not_text():
    lines = read_lines(FIXTURES / "gold.txt")
    assert len(lines) == 4
    assert all(line.endswith("\r") for line in lines)  # left for the word splitter ...
    assert words_of(lines) == words_of(GOLD_LINES)  # ... which drops it
    assert not any("\r" in word for line in words_of(lines) for word in line)


def test_crlf_and_lf_copies_score_the_same(tmp_path):
    lf = tmp_path / "gold_lf.txt"
    lf.write_text(GOLD_TEXT, encoding="utf-8", newline="\n")
    pred_crlf = tmp_path / "pred_crlf.txt"
    pred_crlf.write_bytes((FIXTURES / "pred.txt").read_bytes().replace(b"\n", b"\r\n"))
    words_crlf = tmp_path / "words_crlf.txt"
    words_crlf.write_bytes((FIXTURES / "words.txt").read_bytes().replace(b"\n", b"\r\n"))
    report = score(lf, [pred_crlf], inputs=InputOptions(dictionary=words_crlf))
    assert counts_dict(report) == FIXTURE_COUNTS
    assert not any(entry.endswith("\r") for entry in report.dictionary.entries)
    assert len(report.dictionary) == 30


@pytest.mark.parametrize("encoding", ["auto", "utf-8", "utf-8-sig"])
def test_a_utf8_bom_is_not_text(tmp_path, encoding):
    path = tmp_path / "bom.txt"
    path.write_bytes(codecs.BOM_UTF8 + GOLD_TEXT.encode())
    lines = read_lines(path, encoding)
    assert lines == GOLD_LINES
    assert not lines[0].startswith("\ufeff")


@pytest.mark.parametrize("encoding", ["auto", "utf-16", "utf-16-le"])
def test_a_utf16_bom_is_not_text(tmp_path, encoding):
    path = tmp_path / "bom16.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + GOLD_TEXT.encode("utf-16-le"))
    assert read_lines(path, encoding) == GOLD_LINES


def test_the_hkscs_prediction_bom_and_ideographic_spaces():
    lines = read_lines(FIXTURES / "hkscs" / "pred.txt")
    assert lines[0].startswith("結婚\u3000的")
    assert split_words(lines[4]) == ["佢哋", "去", "咗", "旺角", "‧", "買嘢", "嘅"]


@pytest.mark.parametrize("codec", ["utf-8", "gbk", "utf-16"])
def test_a_file_without_final_newline(tmp_path, codec):
    with_newline = tmp_path / "with.txt"
    with_newline.write_bytes(GOLD_TEXT.encode(codec))
    without = tmp_path / "without.txt"
    without.write_bytes(GOLD_TEXT.rstrip("\n").encode(codec))
    warnings = Warnings(quiet=True)
    source = open_text(str(without), codec, warnings=warnings)
    assert list(source.lines()) == GOLD_LINES  # the last line counts, whole
    assert source.lines_read == 4
    pred = FIXTURES / "pred.txt"
    for gold in (with_newline, without):
        report = score(
            gold,
            [pred],
            inputs=InputOptions(dictionary=FIXTURES / "words.txt", gold_encoding=codec),
        )
        assert counts_dict(report) == FIXTURE_COUNTS
        assert report.gold.lines == 4


def test_a_prediction_without_final_newline_loses_no_character(tmp_path):
    # mwseg.pl drops the last character of such a file; wsscore does not.
    pred = tmp_path / "pred.txt"
    pred.write_bytes((FIXTURES / "pred.txt").read_bytes().rstrip(b"\n"))
    report = score(
        FIXTURES / "gold.txt", [pred], inputs=InputOptions(dictionary=FIXTURES / "words.txt")
    )
    assert counts_dict(report) == FIXTURE_COUNTS


# --- compressed inputs --------------------------------------------------------------------------

COMPRESSORS = {"gz": gzip.compress, "bz2": bz2.compress, "xz": lzma.compress}


def _compressed_copies(tmp_path, directory: str, extension: str) -> list:
    paths = []
    for name in ("gold", "pred", "words"):
        data = (FIXTURES / directory / f"{name}.txt").read_bytes()
        target = tmp_path / f"{name}.txt.{extension}"
        target.write_bytes(COMPRESSORS[extension](data))
        paths.append(target)
    return paths


def _without_paths(report) -> dict:
    data = report.as_dict()
    data["gold"].pop("path")
    data["dictionary"].pop("paths")
    for system in data["systems"]:
        system.pop("path")
        system.pop("name")
    return data


@pytest.mark.parametrize("extension", sorted(COMPRESSORS))
@pytest.mark.parametrize("directory", ["", "gbk", "big5", "hkscs"])
def test_compressed_inputs_give_identical_reports(tmp_path, directory, extension):
    gold, pred, words = _compressed_copies(tmp_path, directory, extension)
    plain = FIXTURES / directory
    expected = score(
        plain / "gold.txt",
        [plain / "pred.txt"],
        inputs=InputOptions(dictionary=plain / "words.txt"),
    )
    report = score(gold, [pred], inputs=InputOptions(dictionary=words))
    assert _without_paths(report) == _without_paths(expected)
    assert report.signature == expected.signature
    assert counts_dict(report) == (HKSCS_COUNTS if directory == "hkscs" else FIXTURE_COUNTS)


def test_compressed_standard_input(monkeypatch):
    data = gzip.compress((FIXTURES / "gbk" / "pred.txt").read_bytes())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    warnings = Warnings(quiet=True)
    source = open_text("-", warnings=warnings)
    assert source.name == "<stdin>"
    assert source.encoding.name == "gbk"
    assert split_words(next(source.lines()))[:3] == ["结婚", "的", "和尚"]


def test_a_truncated_compressed_file_is_an_input_error(tmp_path):
    path = tmp_path / "gold.txt.gz"
    path.write_bytes(gzip.compress(GOLD_TEXT.encode() * 50)[:-20])
    with pytest.raises(WsscoreError) as caught:
        read_lines(path, "utf-8")
    assert str(path) in str(caught.value)


# --- block boundaries ---------------------------------------------------------------------------

SMALL_BLOCK_CASES = [
    ("gold.txt", "utf-8"),
    ("pred.txt", "utf-8"),
    ("gbk/gold.txt", "gbk"),
    ("gbk/words.txt", "gbk"),
    ("big5/gold.txt", "cp950"),
    ("hkscs/gold.txt", "big5-hkscs"),
    ("hkscs/pred.txt", "utf-8-sig"),
]


@pytest.mark.parametrize(("path", "encoding"), SMALL_BLOCK_CASES)
def test_a_tiny_block_size_gives_identical_lines(monkeypatch, path, encoding):
    expected = read_lines(FIXTURES / path, encoding)
    monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", 7)
    assert read_lines(FIXTURES / path, encoding) == expected


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_the_block_size_is_honoured(monkeypatch, tmp_path, encoding):
    # Otherwise the tests above would prove nothing.
    path = tmp_path / "lines.txt"
    path.write_bytes(GOLD_TEXT.encode(encoding))
    monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", 7)
    source = open_text(str(path), encoding, warnings=Warnings())
    blocks = list(source.text_blocks())
    assert len(blocks) == 4  # one block per line: every block is cut at a line end
    assert "".join(blocks) == GOLD_TEXT


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("block_size", [7, 8, 3])
def test_a_tiny_block_size_gives_identical_utf16_lines(monkeypatch, tmp_path, codec, block_size):
    path = tmp_path / "gold16.txt"
    text = "\r\n".join(TRADITIONAL_LINES) + "\r\n" + "a" * 40 + " 長長的一行 " * 5
    path.write_bytes(text.encode(codec))
    expected = read_lines(path, codec)
    assert expected == text.split("\n")  # a line longer than a block, no final newline
    monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", block_size)
    assert read_lines(path, codec) == expected


def test_a_tiny_block_size_scores_identically(monkeypatch):
    expected = {}
    for directory, encoding in (("", "utf-8"), ("gbk", "gbk"), ("big5", "cp950")):
        paths = [FIXTURES / directory / f"{name}.txt" for name in ("gold", "pred", "words")]
        expected[directory] = (paths, encoding)
    monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", 7)
    for (gold, pred, words), encoding in expected.values():
        report = score(gold, [pred], inputs=InputOptions(dictionary=words, encoding=encoding))
        assert counts_dict(report) == FIXTURE_COUNTS


def test_a_line_longer_than_a_block(monkeypatch, tmp_path):
    path = tmp_path / "long.txt"
    long_line = "结婚 " * 30
    path.write_text(f"{long_line}\n短 行\n", encoding="gbk")
    monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", 7)
    assert read_lines(path, "gbk") == [long_line, "短 行"]


def test_a_utf16_gold_cut_inside_a_surrogate_pair_for_the_crib(tmp_path):
    # The gold's first 64 KiB tell the encodings of predictions apart; a cut there is harmless.
    body = "a" * (2**15 - 2) + "😀\n结婚 的\n"
    data = codecs.BOM_UTF16_LE + body.encode("utf-16-le")
    assert data[2**16 - 2 : 2**16] == "😀".encode("utf-16-le")[:2]  # the pair straddles the cut
    gold = tmp_path / "gold16.txt"
    gold.write_bytes(data)
    report = score(gold, [["a" * (2**15 - 2) + "😀", "结婚的"]])
    counts = report.systems[0].counts
    assert (counts.gold_words, counts.correct, counts.misaligned_chars) == (3, 1, 0)
    assert report.gold.encoding == "utf-16"


# --- undecodable bytes --------------------------------------------------------------------------


def _damaged_utf8(tmp_path):
    path = tmp_path / "damaged.txt"
    path.write_bytes(b"a b\nc d\n\xe4\xb8\x80 x\x80y z\nq\x81 r\n")
    return path


@pytest.mark.parametrize("block_size", [None, 7])
def test_undecodable_bytes_give_exactly_one_warning(monkeypatch, tmp_path, block_size):
    if block_size:
        monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", block_size)
    path = _damaged_utf8(tmp_path)
    warnings = Warnings(quiet=True)
    lines = read_lines(path, "utf-8", warnings=warnings)
    assert lines == ["a b", "c d", "一 x\udc80y z", "q\udc81 r"]  # kept, losslessly
    assert len(warnings.messages) == 1
    message = warnings.messages[0]
    assert "2 byte(s) are not valid utf-8" in message
    assert f"first at {path}:3:6" in message  # line 3, byte column 6


def test_undecodable_big5_byte_warns_with_its_place(tmp_path):
    path = tmp_path / "damaged5.txt"
    path.write_bytes("結婚 的\r\n".encode("cp950") + b"\xa1\x45 \x80 x\r\n" + b"\x9d\xcf\r\n")
    warnings = Warnings(quiet=True)
    lines = read_lines(path, "big5", warnings=warnings)
    assert [split_words(line) for line in lines] == [["結婚", "的"], ["‧", "\udc80", "x"], ["嘢"]]
    assert len(warnings.messages) == 1
    assert "1 byte(s) are not valid big5" in warnings.messages[0]
    assert f"first at {path}:2:4" in warnings.messages[0]


def test_the_warning_goes_to_stderr_once(tmp_path, capsys):
    path = _damaged_utf8(tmp_path)
    read_lines(path, "utf-8", warnings=Warnings())
    err = capsys.readouterr().err
    assert err.count("wsscore: warning:") == 1
    assert f"first at {path}:3:6" in err


@pytest.mark.parametrize("block_size", [None, 7])
def test_strict_makes_undecodable_bytes_an_error_naming_line_and_column(
    monkeypatch, tmp_path, block_size
):
    if block_size:
        monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", block_size)
    path = _damaged_utf8(tmp_path)
    with pytest.raises(WsscoreError) as caught:
        read_lines(path, "utf-8", strict=True)
    assert caught.value.where == f"{path}:3:6"
    assert "byte 0x80 is not valid utf-8" in str(caught.value)


def test_strict_big5_error_names_line_and_column(tmp_path):
    path = tmp_path / "damaged5.txt"
    path.write_bytes("結婚 的\n".encode("cp950") + b"\xa1\x45 \x80 x\n")
    with pytest.raises(WsscoreError) as caught:
        read_lines(path, "big5", strict=True)
    assert caught.value.where == f"{path}:2:4"


def test_invalid_utf16_names_the_line_of_the_bad_code_unit(tmp_path):
    path = tmp_path / "bad16.txt"
    path.write_bytes(("ab\nxy".encode("utf-16-le")) + b"\x00\xd8" + "c d\n".encode("utf-16-le"))
    with pytest.raises(WsscoreError) as caught:
        read_lines(path, "utf-16-le", strict=True)
    assert caught.value.where == f"{path}:2:3"


def test_identical_undecodable_bytes_still_match(tmp_path):
    gold = tmp_path / "gold.txt"
    gold.write_bytes("結婚 的\n".encode("cp950") + b"\x80\xa4\x40 \xa1\x45\n")
    pred = tmp_path / "pred.txt"
    pred.write_bytes("結婚 的\n".encode("cp950") + b"\x80\xa4\x40 \xa1\x45\n")
    warnings = Warnings(quiet=True)
    report = score(gold, [pred], inputs=InputOptions(encoding="big5", warnings=warnings))
    counts = report.systems[0].counts
    assert (counts.gold_words, counts.correct, counts.misaligned_chars) == (4, 4, 0)
    assert len(warnings.messages) == 2  # one per file
    with pytest.raises(WsscoreError):
        score(gold, [pred], inputs=InputOptions(encoding="big5", strict=True))


# --- unusable paths, and nothing is modified ----------------------------------------------------


def test_a_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(WsscoreError) as caught:
        read_lines(tmp_path / "nope.txt")
    assert caught.value.where == str(tmp_path / "nope.txt")
    assert "no such file" in str(caught.value)
    with pytest.raises(WsscoreError, match="no such file"):
        score(FIXTURES / "gold.txt", [tmp_path / "nope.txt"])


def test_a_directory_is_an_input_error(tmp_path):
    with pytest.raises(WsscoreError) as caught:
        read_lines(tmp_path)
    assert "is a directory" in str(caught.value)
    with pytest.raises(WsscoreError, match="is a directory"):
        score(FIXTURES / "gold.txt", [tmp_path])
    with pytest.raises(WsscoreError, match="is a directory"):
        score(
            FIXTURES / "gold.txt", [FIXTURES / "pred.txt"], inputs=InputOptions(dictionary=tmp_path)
        )


def test_an_unknown_encoding_is_an_input_error():
    with pytest.raises(WsscoreError, match="unknown encoding 'klingon'"):
        read_lines(FIXTURES / "gold.txt", "klingon")


def _snapshot(directory) -> dict:
    return {
        path.relative_to(directory): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


def test_reading_modifies_nothing(fixture_copy, tmp_path):
    gz = tmp_path / "pred.txt.gz"
    gz.write_bytes(gzip.compress((fixture_copy / "pred.txt").read_bytes()))
    before, gz_before = _snapshot(fixture_copy), (gz.read_bytes(), gz.stat().st_mtime_ns)
    for directory in ("", "gbk", "big5", "hkscs"):
        base = fixture_copy / directory
        score(
            base / "gold.txt",
            [base / "pred.txt"],
            inputs=InputOptions(dictionary=base / "words.txt"),
        )
    score(fixture_copy / "gold.txt", [gz], inputs=InputOptions(train=fixture_copy / "pred.txt"))
    assert _snapshot(fixture_copy) == before
    assert (gz.read_bytes(), gz.stat().st_mtime_ns) == gz_before


@pytest.mark.parametrize("compress", [None, gzip.compress, lzma.compress])
def test_scoring_closes_every_file_it_opened(tmp_path, compress):
    import gc
    import warnings

    paths = []
    for name in ("gold", "pred", "words"):
        data = (FIXTURES / f"{name}.txt").read_bytes()
        path = tmp_path / f"{name}.txt"
        path.write_bytes(compress(data) if compress else data)
        paths.append(str(path))
    gc.collect()  # files other tests left open are not this test's business
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = score(paths[0], [paths[1]], inputs=InputOptions(dictionary=paths[2]))
        gc.collect()
    assert report.systems[0].counts.correct == 21
    unclosed = [
        str(w.message)
        for w in caught
        if issubclass(w.category, ResourceWarning) and str(tmp_path) in str(w.message)
    ]
    assert unclosed == []


# --- limits applied while reading (issue 21, item 8) ---------------------------------------------


class EndlessStream:
    """A stream of one endless line: ``unit`` repeated, never a line feed. Reading more than
    ``most`` bytes fails the test (without a limit, a reader would never stop)."""

    def __init__(self, unit: bytes, most: int = 1 << 24):
        self.unit, self.most, self.given = unit, most, 0

    def read(self, size: int = -1) -> bytes:
        size = 1 << 16 if size < 0 else size
        assert self.given < self.most, "read on without a limit"
        self.given += size
        return (self.unit * (size // len(self.unit) + 1))[:size]

    def close(self) -> None:
        pass


@pytest.mark.parametrize(("codec", "unit"), [("utf-8", "中文 "), ("utf-16-le", "中文 ")])
def test_an_endless_line_is_refused_as_it_grows_past_the_limit(codec, unit):
    from wsscore.inputs.encodings import lookup
    from wsscore.inputs.reading import BLOCK_SIZE, TextFile

    stream = EndlessStream(unit.encode(codec))
    source = TextFile("endless.txt", lookup(codec), stream, stream.read(BLOCK_SIZE), Warnings())
    source.line_limit = 1 << 20
    with pytest.raises(WsscoreError) as raised:
        list(source.lines())
    assert str(raised.value).startswith("endless.txt:1: line is longer than 1,048,576 ")
    # Refused while it grows, not at its end (in UTF-16 the limit counts characters: 2 bytes).
    assert stream.given <= 2 * (1 << 20) + 3 * BLOCK_SIZE


def test_a_line_within_the_limit_is_read_whole(monkeypatch, tmp_path):
    path = tmp_path / "long.txt"
    long_line = "结婚 " * 1000  # 7,000 bytes in 1,000 blocks of 7
    path.write_text(f"短 行\n{long_line}\n{long_line}", encoding="utf-8")
    monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", 7)
    source = open_text(str(path), "utf-8", warnings=Warnings())
    source.line_limit = 7_000
    assert list(source.lines()) == ["短 行", long_line, long_line]
    source = open_text(str(path), "utf-8", warnings=Warnings())
    source.line_limit = 6_000
    with pytest.raises(WsscoreError, match=r"long\.txt:2: line is longer than 6,000 bytes"):
        list(source.lines())
