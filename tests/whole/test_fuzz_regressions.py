"""Crashes found by the fuzz target (fuzz/fuzz_wsscore.py), and a smoke test of the target.

A crash is any exception out of wsscore other than its own input error, WsscoreError. Each one
the fuzzer found is kept here as a minimal reproducer, through the public API and through the
command line; see fuzz/README.md for how to add one. The smoke test runs the target's
one-input function on every seed of fuzz/corpus/, so that the target keeps working as wsscore
changes (it needs no atheris).
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from wsscore import InputOptions
from wsscore.cli.app import cli
from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.reading import open_text
from wsscore.scoring.scorer import score

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
SEEDS = sorted((FUZZ / "corpus").glob("seed-*.bin"))


def _load(name: str):
    """A module of fuzz/ (not a package), imported from its path once."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, FUZZ / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(scope="module")
def target():
    module = _load("fuzz_wsscore")
    saved = module.IGNORED
    module.IGNORED = ()  # a developer's WSSCORE_FUZZ_IGNORE must not hide a crash here
    yield module
    module.IGNORED = saved


# --- crashes the fuzzer found --------------------------------------------------------------------

# gzip magic, a valid header, then a deflate block of the reserved type 3: zlib.error.
CORRUPT_GZIP = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x00\xff"
# xz magic, then six zero bytes: a stream header failing its CRC32: lzma.LZMAError ("Corrupt
# input data").
CORRUPT_XZ = b"\xfd7zXZ\x00" + bytes(6)
# "a" in UTF-16-LE (UTF-32-LE) without a byte-order mark, read with --encoding utf-16 (utf-32):
# Python's incremental decoder raises a bare UnicodeError ("UTF-16 stream does not start with
# BOM"), which is no UnicodeDecodeError.
UTF16_WITHOUT_BOM = b"a\x00"
UTF32_WITHOUT_BOM = b"a\x00\x00\x00"
WITHOUT_BOM = [
    (UTF16_WITHOUT_BOM, "utf-16"),
    (UTF16_WITHOUT_BOM, "utf16"),
    (UTF32_WITHOUT_BOM, "utf-32"),
    (UTF32_WITHOUT_BOM, "utf32"),
]


def _write(directory: Path, name: str, data: bytes) -> str:
    path = directory / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize(
    "data", [CORRUPT_GZIP, CORRUPT_XZ], ids=["gzip-invalid-block", "xz-corrupt"]
)
@pytest.mark.parametrize("role", ["gold", "prediction", "dictionary"])
def test_corrupt_compressed_input_is_an_input_error(tmp_path, data, role):
    paths = {
        "gold": _write(tmp_path, "gold.txt", b"a b\n"),
        "prediction": _write(tmp_path, "pred.txt", b"a b\n"),
        "dictionary": _write(tmp_path, "words.txt", b"a\n"),
    }
    paths[role] = _write(tmp_path, "corrupt.bin", data)
    with pytest.raises(WsscoreError):
        score(
            paths["gold"],
            [paths["prediction"]],
            inputs=InputOptions(dictionary=paths["dictionary"]),
        )


@pytest.mark.parametrize(
    "data", [CORRUPT_GZIP, CORRUPT_XZ], ids=["gzip-invalid-block", "xz-corrupt"]
)
def test_corrupt_compressed_file_read_directly(tmp_path, data):
    path = _write(tmp_path, "corrupt.bin", data)
    with pytest.raises(WsscoreError):
        list(open_text(path, "auto", warnings=Warnings(quiet=True)).lines())


@pytest.mark.parametrize(("data", "encoding"), WITHOUT_BOM)
def test_utf16_or_32_without_bom_given_as_such_is_no_crash(tmp_path, data, encoding):
    """Scored (read as little-endian, as Python's utf-16 codec does) or refused: no crash."""
    gold = _write(tmp_path, "gold.txt", data)
    pred = _write(tmp_path, "pred.txt", data)
    try:
        report = score(gold, [pred], inputs=InputOptions(encoding=encoding))
    except WsscoreError:
        return
    assert report.systems[0].counts.correct == report.systems[0].counts.gold_words


@pytest.mark.parametrize(("data", "encoding"), WITHOUT_BOM)
def test_utf16_or_32_without_bom_read_directly_is_no_crash(tmp_path, data, encoding):
    path = _write(tmp_path, "wide.txt", data)
    try:
        lines = list(open_text(path, encoding, warnings=Warnings(quiet=True)).lines())
    except WsscoreError:
        return
    assert lines == ["a"]


# --encoding takes any Python codec name (encodings.lookup falls back to codecs.lookup), also
# codecs that are not text encodings: decoding bytes with them fails inside wsscore.
NOT_TEXT_CODECS = ["rot13", "base64", "hex", "zlib", "punycode"]


@pytest.mark.parametrize("encoding", NOT_TEXT_CODECS)
def test_encoding_that_is_no_text_codec_is_an_input_error(tmp_path, encoding):
    gold = _write(tmp_path, "gold.txt", b"a b\n")
    pred = _write(tmp_path, "pred.txt", b"a b\n")
    try:
        report = score(gold, [pred], inputs=InputOptions(encoding=encoding))
    except WsscoreError:
        return
    counts = report.systems[0].counts
    assert counts.correct == counts.gold_words == counts.pred_words


@pytest.mark.parametrize("encoding", ["punycode", "idna"])
def test_gold_encoding_with_a_prediction_to_detect(tmp_path, encoding):
    """The prediction's detection takes the gold's characters as a crib (reading.crib_of), which
    decoded the gold's first block again with the gold's codec, then with errors="replace":
    punycode failed both ways, the second time with a UnicodeDecodeError ('ascii' codec); idna
    with UnicodeError "Unsupported error handling replace"."""
    gold = _write(tmp_path, "gold.txt", b"a\xb1\n")
    pred = _write(tmp_path, "pred.txt", b"\xb1\xb1\n")  # reads as GBK and as Big5: needs the crib
    with contextlib.suppress(WsscoreError):  # refused, or scored: both fine
        score(gold, [pred], inputs=InputOptions(gold_encoding=encoding))


@pytest.mark.parametrize(
    ("gold", "options"),
    [
        (CORRUPT_GZIP, []),
        (CORRUPT_XZ, []),
        (UTF16_WITHOUT_BOM, ["--encoding", "utf-16"]),
        (UTF32_WITHOUT_BOM, ["--encoding", "utf-32"]),
        (b"a b\n", ["--encoding", "rot13"]),
        (b"a b\n", ["--encoding", "base64"]),
        (b"a b\n", ["--encoding", "punycode"]),
    ],
    ids=[
        "gzip-invalid-block",
        "xz-corrupt",
        "utf16-without-bom",
        "utf32-without-bom",
        "rot13",
        "base64",
        "punycode",
    ],
)
def test_cli_names_the_input_error_not_an_internal_error(tmp_path, gold, options):
    gold_path = _write(tmp_path, "gold.txt", gold)
    result = CliRunner().invoke(cli, ["score", gold_path, gold_path, *options])
    assert "internal error" not in result.output
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert "wsscore: error:" in result.output


@pytest.mark.parametrize(
    ("gold", "pred", "options"),
    [
        (CORRUPT_GZIP, b"a b\n", {}),
        (b"a b\n", CORRUPT_XZ, {}),
        (UTF16_WITHOUT_BOM, UTF16_WITHOUT_BOM, {"gold_encoding": "utf-16"}),
        (b"a b\n", UTF32_WITHOUT_BOM, {"pred_encoding": "utf-32"}),
        (b"a b\n", b"a b\n", {"pred_encoding": "rot13"}),
        (b"a b\n", b"a b\n", {"dict_encoding": "punycode"}),
        (b"a\xb1\n", b"\xb1\xb1\n", {"gold_encoding": "punycode"}),
        (b"\x80\xef", b"\xb1\xb1\n", {"gold_encoding": "idna", "strict": True}),
    ],
    ids=[
        "gzip-invalid-block",
        "xz-corrupt",
        "utf16-without-bom",
        "utf32-without-bom",
        "rot13",
        "punycode",
        "punycode-crib",
        "idna-crib",
    ],
)
def test_fuzz_target_on_the_crashes(target, gold, pred, options):
    """The same crashes as fuzz inputs: the target must get through each of them."""
    target.test_one_input(target.build(target.make_case(gold, pred, b"a\n", **options)))


# --- the fuzz target itself ----------------------------------------------------------------------


def test_seed_corpus_is_there():
    assert len(SEEDS) >= 20, "fuzz/corpus/ lost its seeds: run python fuzz/make_corpus.py"


@pytest.mark.parametrize("seed", SEEDS, ids=[path.stem for path in SEEDS])
def test_fuzz_target_runs_on_each_seed(target, seed):
    target.test_one_input(seed.read_bytes())


def test_seed_corpus_matches_its_generator(target):
    """fuzz/corpus/ is what fuzz/make_corpus.py writes (so the input layout did not drift)."""
    saved = list(sys.path)
    try:
        seeds = _load("make_corpus").seeds()  # it puts fuzz/ on sys.path to import the target
    finally:
        sys.path[:] = saved
    written = {path.stem.removeprefix("seed-"): path.read_bytes() for path in SEEDS}
    assert written == seeds
    for data in seeds.values():
        assert target.build(target.parse(data)) == data


@pytest.mark.parametrize(
    "data",
    [b"", b"\x00", b"\xff" * 9, b"\x01" * 64, bytes(range(256))],
    ids=["empty", "one-byte", "header-only", "ones", "all-bytes"],
)
def test_fuzz_target_takes_any_bytes(target, data):
    target.test_one_input(data)
