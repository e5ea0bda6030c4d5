"""A coverage-guided fuzz target for wsscore's reading and alignment layer (atheris).

One input (bytes) becomes a gold file, a prediction file and a dictionary file, each with its
own ``--encoding`` choice, plus the options of a run (``--mismatch``, ``--strict``, ``--extra``,
per-sentence details, compression of one file, the reading block size, C speed-ups on or off).
The target then

1. reads every file through the reading layer directly (``open_text``: lines and whole text,
   ``detect_and_decode``, ``crib_of``), and checks what it returns;
2. scores the prediction (and, when asked, the gold itself as a second prediction) with
   ``wsscore.scoring.scorer.score`` and checks the invariants of the counts;
3. scores the same input again other ways (C speed-ups toggled, line by line instead of
   block by block, the default block size, the lines read in step 1 given as in-memory lists)
   and checks that the counts are the same.

The only exception allowed out of wsscore is :class:`wsscore.errors.WsscoreError` (an input
error the user can fix). Anything else, and any broken invariant (an ``AssertionError`` raised
here), is a crash. See README.md beside this file for how to run it.

Input layout (short inputs are padded with zero bytes)::

    byte 0, 1, 2   encoding of gold, prediction, dictionary: ENCODINGS[b % len(ENCODINGS)]
                   for b < 0xC0, else OTHER_ENCODINGS[(b - 0xC0) % len(OTHER_ENCODINGS)]
    byte 3         flags: bits 0-1 mismatch policy (MISMATCH[b & 3]), bit 2 strict,
                   bit 3 extra, bit 4 per-sentence detail, bit 5 C speed-ups off,
                   bit 6 score the gold as a second prediction, bit 7 unused
    byte 4         bits 0-1 which file is compressed (none, gold, prediction, dictionary),
                   bits 2-3 how (gzip, bz2, xz, gzip); bits 4-5 dictionary kind
                   (none, word list, training corpus, both)
    byte 5         reading block size: BLOCK_SIZES[b % len(BLOCK_SIZES)] (None: the default)
    bytes 6-7      length of the gold (little-endian, clamped to what is there)
    bytes 8-9      length of the prediction (likewise)
    then           the gold, the prediction, and the rest is the dictionary

This module imports neither atheris nor wsscore at import time: :func:`test_one_input` runs
without atheris (the smoke test in tests/whole/test_fuzz_regressions.py does that on the seed
corpus), and ``main()`` imports wsscore under ``atheris.instrument_imports()`` so that the run
is coverage-guided.
"""

from __future__ import annotations

import atexit
import bz2
import gzip
import json
import lzma
import math
import os
import shutil
import struct
import sys
import tempfile
import warnings
from types import SimpleNamespace

from wsscore import InputOptions

ENCODINGS = (
    None,  # auto: detection
    "utf-8",
    "gbk",
    "big5",
    "big5-hkscs",
    "utf-16",
    "gb18030",
    "utf-8-sig",
    "utf-16-le",
    None,  # auto again, so detection is chosen more often
)
# Any Python codec name is accepted by --encoding: a quarter of the choices (bytes 0xC0-0xFF)
# take one of these, text codecs a user might give and a few that are not text codecs at all.
OTHER_ENCODINGS = (
    "utf-32",
    "utf-32-be",
    "latin-1",
    "shift_jis",
    "cp037",
    "utf-7",
    "iso2022_jp",
    "hz",
    "idna",
    "unicode_escape",
    "punycode",
    "rot13",
)
MISMATCH = ("warn", "error", "align", "warn")
COMPRESSORS = {  # deterministic, so that seeds are the same bytes each time they are written
    "gzip": lambda data: gzip.compress(data, mtime=0),
    "bz2": bz2.compress,
    "xz": lzma.compress,
}
COMPRESSION = ("gzip", "bz2", "xz", "gzip")
BLOCK_SIZES = (None, 1, 2, 3, 5, 8, 16, 64, 4096)
HEADER = struct.Struct("<6BHH")

# Crashes already recorded in tests/whole/test_fuzz_regressions.py can be skipped, to fuzz on past
# them: WSSCORE_FUZZ_IGNORE holds "|"-separated prefixes of "<qualified type>: <message>", e.g.
# WSSCORE_FUZZ_IGNORE="zlib.error|_lzma.LZMAError|UnicodeError: UTF-16 stream does not start".
IGNORED = tuple(
    entry.strip() for entry in os.environ.get("WSSCORE_FUZZ_IGNORE", "").split("|") if entry.strip()
)

_wsscore: SimpleNamespace | None = None
_workdir: str | None = None


def load_wsscore() -> SimpleNamespace:
    """Import the wsscore modules the target uses (under atheris' instrumentation, in main)."""
    global _wsscore
    if _wsscore is None:
        from wsscore.align import stream as alignment
        from wsscore.core import backend
        from wsscore.errors import Warnings, WsscoreError
        from wsscore.inputs import encodings, reading, words
        from wsscore.metrics import boundaries as extra
        from wsscore.scoring import error_analysis, report_checks, shard_documents
        from wsscore.scoring import scorer as scoring

        _wsscore = SimpleNamespace(
            alignment=alignment,
            encodings=encodings,
            error_analysis=error_analysis,
            extra=extra,
            backend=backend,
            reading=reading,
            report_checks=report_checks,
            scoring=scoring,
            shard_documents=shard_documents,
            words=words,
            Warnings=Warnings,
            WsscoreError=WsscoreError,
        )
    return _wsscore


class Case(SimpleNamespace):
    """One fuzz input, decoded: the three files' bytes and the options of the run."""


def parse(data: bytes) -> Case:
    """Split fuzz bytes into gold, prediction and dictionary contents and run options."""
    padded = data + bytes(max(0, HEADER.size - len(data)))
    enc_gold, enc_pred, enc_dict, flags, files, block, gold_len, pred_len = HEADER.unpack_from(
        padded
    )
    body = data[HEADER.size :]
    gold = body[:gold_len]
    pred = body[len(gold) : len(gold) + pred_len]
    words = body[len(gold) + len(pred) :]
    return Case(
        gold=gold,
        pred=pred,
        words=words,
        gold_encoding=_encoding(enc_gold),
        pred_encoding=_encoding(enc_pred),
        dict_encoding=_encoding(enc_dict),
        mismatch=MISMATCH[flags & 3],
        strict=bool(flags & 4),
        extra=bool(flags & 8),
        detail=bool(flags & 16),
        pure_python=bool(flags & 32),
        gold_twice=bool(flags & 64),
        compressed=("", "gold", "pred", "words")[files & 3],
        compression=COMPRESSION[(files >> 2) & 3],
        dictionary_kind=(files >> 4) & 3,
        block_size=BLOCK_SIZES[block % len(BLOCK_SIZES)],
    )


def _encoding(byte: int) -> str | None:
    if byte < 0xC0:
        return ENCODINGS[byte % len(ENCODINGS)]
    return OTHER_ENCODINGS[(byte - 0xC0) % len(OTHER_ENCODINGS)]


def _encoding_byte(name: str | None) -> int:
    if name in ENCODINGS:
        return ENCODINGS.index(name)
    return 0xC0 + OTHER_ENCODINGS.index(name)


def build(case: Case) -> bytes:
    """The fuzz input that :func:`parse` turns into ``case`` (for writing seeds and tests)."""
    flags = (
        MISMATCH.index(case.mismatch)
        | case.strict << 2
        | case.extra << 3
        | case.detail << 4
        | case.pure_python << 5
        | case.gold_twice << 6
    )
    files = (
        ("", "gold", "pred", "words").index(case.compressed)
        | COMPRESSION.index(case.compression) << 2
        | case.dictionary_kind << 4
    )
    header = HEADER.pack(
        _encoding_byte(case.gold_encoding),
        _encoding_byte(case.pred_encoding),
        _encoding_byte(case.dict_encoding),
        flags,
        files,
        BLOCK_SIZES.index(case.block_size),
        len(case.gold),
        len(case.pred),
    )
    return header + case.gold + case.pred + case.words


def make_case(gold: bytes, pred: bytes, words: bytes = b"", **options) -> Case:
    """A case with default options, some of them overridden."""
    defaults = {
        "gold_encoding": None,
        "pred_encoding": None,
        "dict_encoding": None,
        "mismatch": "warn",
        "strict": False,
        "extra": False,
        "detail": False,
        "pure_python": False,
        "gold_twice": False,
        "compressed": "",
        "compression": "gzip",
        "dictionary_kind": 1,
        "block_size": None,
    }
    defaults.update(options)
    return Case(gold=gold[:0xFFFF], pred=pred[:0xFFFF], words=words, **defaults)


# --- the target ----------------------------------------------------------------------------------


def test_one_input(data: bytes) -> None:
    """Run one fuzz input; raises on a crash (anything but WsscoreError, or a broken invariant)."""
    ws = load_wsscore()
    case = parse(data)
    try:
        with warnings.catch_warnings():
            # A Python warning raised from wsscore's own code is a bug too.
            # (wsscore leaves closing its input files to the garbage collector: ResourceWarnings
            # are not looked at.)
            warnings.filterwarnings("error", module=r"wsscore(\.|$)")
            warnings.filterwarnings("ignore", category=ResourceWarning)
            # Python's own codecs warn about what they decode (unicode_escape: "invalid escape
            # sequence"): not wsscore's doing.
            warnings.filterwarnings(
                "ignore", message="invalid escape sequence", category=DeprecationWarning
            )
            _run(ws, case)
    except Exception as exc:
        if IGNORED and f"{_qualified_name(type(exc))}: {exc}".startswith(IGNORED):
            return
        raise


def _qualified_name(kind: type) -> str:
    module = kind.__module__
    return kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"


def _workspace() -> str:
    global _workdir
    if _workdir is None:
        base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
        _workdir = tempfile.mkdtemp(prefix="wsscore-fuzz-", dir=base)
        atexit.register(shutil.rmtree, _workdir, ignore_errors=True)
    return _workdir


def _write_files(case: Case) -> dict[str, str]:
    directory = _workspace()
    paths = {}
    for role in ("gold", "pred", "words"):
        content = getattr(case, role)
        if case.compressed == role:
            content = COMPRESSORS[case.compression](content)
        path = os.path.join(directory, f"{role}.txt")
        with open(path, "wb") as handle:
            handle.write(content)
        paths[role] = path
    return paths


class _BlockSize:
    """Set wsscore.inputs.reading.BLOCK_SIZE for a while (it is looked up at each read)."""

    def __init__(self, ws: SimpleNamespace, size: int | None):
        self.ws, self.size, self.saved = ws, size, ws.reading.BLOCK_SIZE

    def __enter__(self) -> None:
        if self.size is not None:
            self.ws.reading.BLOCK_SIZE = self.size

    def __exit__(self, *exc_info) -> None:
        self.ws.reading.BLOCK_SIZE = self.saved


class _Native:
    """Count with the Python reference for a while: the counting boundary's functions (looked
    up in wsscore.core.backend at each call) taken from it."""

    FUNCTIONS = (
        "load_vocabulary",
        "count_equal_text",
        "count_agreeing_lines",
        "count_words_and_sentences",
    )

    def __init__(self, ws: SimpleNamespace, off: bool):
        self.ws, self.off = ws, off
        self.saved = {name: getattr(ws.backend, name) for name in self.FUNCTIONS}

    def __enter__(self) -> None:
        if self.off:
            reference = self.ws.backend.ReferenceCounting()
            for name in self.FUNCTIONS:
                setattr(self.ws.backend, name, getattr(reference, name))

    def __exit__(self, *exc_info) -> None:
        for name, function in self.saved.items():
            setattr(self.ws.backend, name, function)


def _run(ws: SimpleNamespace, case: Case) -> None:
    paths = _write_files(case)
    with _Native(ws, case.pure_python), _BlockSize(ws, case.block_size):
        read = _check_reading(ws, case, paths)
        first = _score(ws, case, paths)
    # The same input scored another way must give the same counts: C speed-ups toggled, and
    # line by line (per-sentence details) instead of block by block or the other way round.
    variant = Case(**vars(case))
    variant.pure_python = not case.pure_python
    variant.detail = not case.detail
    with _Native(ws, variant.pure_python), _BlockSize(ws, case.block_size):
        second = _score(ws, variant, paths)
    assert (first is None) == (second is None), (
        "refused one way but not the other: "
        f"{'first' if first is None else 'second'} refused (C speed-ups off: "
        f"{case.pure_python if first is None else variant.pure_python})"
    )
    if first is None:
        return
    assert _counts(first) == _counts(second), (
        f"the counts depend on how they are computed: {_counts(first)} != {_counts(second)}"
    )
    _check_in_memory(ws, case, first, read)
    # Nor do they depend on the size of the reading blocks, when the encodings are given (the
    # first block is the sample of detection and of some refusals: only counts are compared).
    explicit = None not in (case.gold_encoding, case.pred_encoding, case.dict_encoding)
    if explicit and case.block_size is not None:
        third = _score(ws, case, paths)
        if third is not None:
            assert _counts(first) == _counts(third), (
                f"the counts depend on the block size: {_counts(first)} != {_counts(third)}"
            )


def _check_in_memory(ws: SimpleNamespace, case: Case, report, read: dict[str, tuple]) -> None:
    """The lines the reading layer gave, scored as in-memory lists: the same counts."""
    if case.gold_twice or "gold" not in read or "pred" not in read:
        return
    if (read["gold"][0], read["pred"][0]) != (report.gold.encoding, report.systems[0].encoding):
        return  # the prediction was detected with the gold's characters as a crib: not here
    entries = None
    if case.dictionary_kind:
        if "words" not in read or report.dictionary.encoding != read["words"][0]:
            return
        lines = read["words"][1]
        entries = set()
        if case.dictionary_kind & 1:
            entries.update(line.strip() for line in lines)
        if case.dictionary_kind & 2:
            for line in lines:
                entries.update(ws.words.split_words(line))
        entries.discard("")
    with _Native(ws, case.pure_python):
        try:
            again = ws.scoring.score(
                read["gold"][1],
                [read["pred"][1]],
                inputs=InputOptions(
                    dictionary=frozenset(entries) if entries is not None else None,
                    mismatch=case.mismatch,
                    warnings=ws.Warnings(quiet=True),
                ),
            )
        except ws.WsscoreError as exc:
            raise AssertionError(f"in-memory lines refused, the files were not: {exc}") from None
    assert _counts(again) == _counts(report), (
        f"in-memory lines count otherwise: {_counts(again)} != {_counts(report)}"
    )


# --- the reading layer ---------------------------------------------------------------------------


def _check_reading(ws: SimpleNamespace, case: Case, paths: dict[str, str]) -> dict[str, tuple]:
    """Read each file directly; returns (encoding name, lines) of those that could be read."""
    read: dict[str, tuple] = {}
    gold_file = None
    for role, option in (
        ("gold", case.gold_encoding),
        ("pred", case.pred_encoding),
        ("words", case.dict_encoding),
    ):
        raw = getattr(case, role)
        _check_detection(ws, raw, gold_file)
        try:
            text_file = _open(ws, paths[role], option, case.strict)
            lines = _read(text_file, "lines")
            text = _read(_open(ws, paths[role], option, case.strict), "read_text")
        except ws.WsscoreError:
            continue
        expected = text.split("\n")
        if expected[-1] == "":
            expected.pop()
        assert lines == expected, "lines() and read_text() disagree"
        read[role] = (text_file.encoding.name, lines)
        assert text_file.lines_read == len(lines), (text_file.lines_read, len(lines))
        if case.strict:
            assert text_file.undecodable == 0
        if role == "gold":
            gold_file = text_file
            ws.reading.crib_of(text_file)
        # The text of a file does not depend on the size of the blocks it is read in.
        if case.block_size is not None:
            with _BlockSize(ws, None):
                try:
                    again = _open(ws, paths[role], option, case.strict)
                    same = again.encoding == text_file.encoding
                    again_text = _read(again, "read_text")
                except ws.WsscoreError:
                    continue  # a refusal may depend on the first block: not compared
            if same:
                assert again_text == text, "the text depends on the block size"
    return read


def _open(ws: SimpleNamespace, path: str, option: str | None, strict: bool):
    return ws.reading.open_text(
        path, option or "auto", warnings=ws.Warnings(quiet=True), strict=strict
    )


def _read(text_file, how: str):
    """All of a TextFile, as a list of lines or as one text; its file is closed after."""
    try:
        return list(text_file.lines()) if how == "lines" else text_file.read_text()
    finally:
        text_file.stream.close()


def _check_detection(ws: SimpleNamespace, raw: bytes, gold_file) -> None:
    size = ws.reading.BLOCK_SIZE
    sample, complete = raw[:size], len(raw) < size
    crib = ws.reading.crib_of(gold_file) if gold_file is not None else None
    for hint in (None, crib):
        chosen, text = ws.encodings.detect_and_decode(sample, complete=complete, crib=hint)
        assert chosen == ws.encodings.detect(sample, complete=complete, crib=hint)
        assert isinstance(chosen, ws.encodings.Encoding)
        if text is not None:
            assert complete
            assert text == chosen.decode(sample, strict=True), "detection decoded differently"


# --- scoring -------------------------------------------------------------------------------------


def _score(ws: SimpleNamespace, case: Case, paths: dict[str, str]):
    """The report, or None when wsscore refused the input with a WsscoreError."""
    details: list[tuple[int, object]] = []
    dictionary = paths["words"] if case.dictionary_kind & 1 else None
    train = paths["words"] if case.dictionary_kind & 2 else None
    predictions = [paths["pred"], paths["gold"]] if case.gold_twice else [paths["pred"]]
    try:
        report = ws.scoring.score(
            paths["gold"],
            predictions,
            inputs=InputOptions(
                dictionary=dictionary,
                train=train,
                gold_encoding=case.gold_encoding,
                pred_encoding=case.pred_encoding,
                dict_encoding=case.dict_encoding,
                mismatch=case.mismatch,
                strict=case.strict,
                warnings=ws.Warnings(quiet=True),
            ),
            names=["pred", "gold"][: len(predictions)],
            sort="none",
            keep_sentences=case.detail,
            on_detail=(lambda index, item: details.append((index, item))) if case.detail else None,
            extra=case.extra,
        )
    except ws.WsscoreError:
        return None
    _check_report(ws, case, report, details)
    return report


def _counts(report) -> list[tuple[int, ...]]:
    return [tuple(system.counts) for system in report.systems]


def _check_report(ws: SimpleNamespace, case: Case, report, details) -> None:
    has_dictionary = case.dictionary_kind != 0
    assert len(report.systems) == (2 if case.gold_twice else 1)
    # A real report is one a merge or --previous reads back: the checks never refuse it.
    document = json.loads(json.dumps(report.as_dict(), allow_nan=False))
    ws.report_checks.check_report(ws.shard_documents.parse_shard("fuzz", document), document)
    for index, system in enumerate(report.systems):
        c = system.counts
        assert all(value >= 0 for value in c), c
        assert c.gold_words == report.gold.words, (c, report.gold)
        assert c.correct <= min(c.gold_words, c.pred_words), c
        assert c.correct == c.gold_words - c.substitutions - c.deletions, c
        assert c.correct == c.pred_words - c.substitutions - c.insertions, c
        assert c.oov_correct <= c.oov_words <= c.gold_words, c
        assert c.oov_correct <= c.correct, c
        assert has_dictionary or c.oov_words == 0, c
        assert (c.misaligned_lines == 0) == (c.misaligned_chars == 0), c
        assert c.misaligned_lines <= max(report.gold.sentences, 1) or c.gold_words == 0, c
        if case.mismatch == "error":
            assert c.misaligned_chars == 0, c
        _check_metrics(system.metrics)
        if system.name == "gold" and system.encoding == report.gold.encoding:
            # The gold scored against itself: perfect.
            assert c.correct == c.gold_words == c.pred_words, c
            assert c.misaligned_chars == 0, c
        if case.detail:
            _check_sentences(system, c)
            _check_details(ws, [item for i, item in details if i == index], system, c)
        if case.extra:
            _check_extra(system, c)


def _check_metrics(metrics) -> None:
    for name, value in metrics._asdict().items():
        if isinstance(value, float):
            assert math.isfinite(value), (name, value)
            if name in ("recall", "precision", "f", "oov_rate", "oov_recall", "iv_recall"):
                assert 0.0 <= value <= 1.0 + 1e-12, (name, value)


def _check_sentences(system, c) -> None:
    assert system.sentences is not None
    totals = [0] * len(c)
    for _line, record in system.sentences:
        for position, value in enumerate(record):
            totals[position] += value
    assert tuple(totals) == tuple(c), (totals, c)


def _check_details(ws: SimpleNamespace, items, system, c) -> None:
    gold_words = pred_words = gold_correct = pred_correct = 0
    for item in items:
        assert len(item.gold_marks) == len(item.gold_words), item
        assert len(item.pred_marks) == len(item.pred_words), item
        if item.pred_spans:
            assert len(item.pred_spans) == len(item.pred_words), item
        gold_words += len(item.gold_words)
        pred_words += len(item.pred_words)
        gold_correct += sum(item.gold_marks)
        pred_correct += sum(item.pred_marks)
        wrong = list(ws.extra.wrong_words(item))
        assert len(wrong) == len(item.gold_words) - sum(item.gold_marks), item
    assert (gold_words, pred_words) == (c.gold_words, c.pred_words), (gold_words, pred_words, c)
    assert gold_correct == pred_correct == c.correct, (gold_correct, pred_correct, c)


def _check_extra(system, c) -> None:
    e = system.extra
    assert e is not None and system.extra_metrics is not None
    assert all(value >= 0 for value in e), e
    assert e.correct_boundaries <= min(e.gold_boundaries, e.pred_boundaries), e
    assert e.split_errors + e.merged_errors + e.crossing_errors == c.gold_words - c.correct, (
        e,
        c,
    )
    for name, value in system.extra_metrics._asdict().items():
        if name == "tnr" and c.misaligned_chars:
            # TNR = 1 - (PP - TP) / (TW - RP) counts the substrings of the gold's characters:
            # predicted words over characters the gold does not have can take it below 0.
            continue
        if value is not None:
            assert math.isfinite(value) and -1e-12 <= value <= 1.0 + 1e-12, (name, value)


# --- running -------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    """Run under atheris (libFuzzer): ``python fuzz/fuzz_wsscore.py [libFuzzer options] DIRS``."""
    import atheris

    with atheris.instrument_imports(include=["wsscore"]):
        load_wsscore()
    atheris.Setup(sys.argv if argv is None else argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
