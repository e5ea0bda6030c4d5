"""Tests of wsscore.sighan.layout: the SIGHAN Perl script's layout, and the --match diff engine.

The differential tests run the bakeoff's own ``score`` script on the bakeoff data found in
``../shared/icwb2`` (research-only data, never copied into the project) and require byte-identical
output. They skip when that folder, ``perl`` or GNU diff is missing.
"""

from __future__ import annotations

import io
import os
import random
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import run_perl_script, run_reference

from wsscore.sighan.layout import (
    DiffSettings,
    SighanTotals,
    format_sentence_block,
    format_summary,
    perl_dictionary,
    perl_file_name,
    score_with_diff,
)

ICWB2 = Path(__file__).resolve().parents[3] / "shared" / "icwb2"
SCORE = ICWB2 / "scripts" / "score"
MWSEG = ICWB2 / "scripts" / "mwseg.pl"
# The script hard-codes this path, so both sides must run the same binary.
DIFF = "/usr/bin/diff"
C_LOCALE = dict(os.environ, LC_ALL="C")
CORPORA = ("as", "cityu", "msr", "pku")
ENCODINGS = ("utf8", "txt")


def _is_gnu_diff(program: str) -> bool:
    try:
        result = subprocess.run([program, "--version"], capture_output=True, check=False)
    except OSError:
        return False
    return b"GNU diffutils" in result.stdout


HAVE_DIFF = _is_gnu_diff(DIFF)
needs_diff = pytest.mark.skipif(not HAVE_DIFF, reason=f"GNU diff not found at {DIFF}")


def _require_perl_and_data() -> None:
    if not ICWB2.is_dir():
        pytest.skip(f"bakeoff data not found at {ICWB2}")
    if shutil.which("perl") is None:
        pytest.skip("perl not found")
    if not HAVE_DIFF:
        pytest.skip(f"GNU diff not found at {DIFF}")


def _lines(path: Path) -> list[bytes]:
    # readlines() cuts after each b"\n" only, as Perl's <FH> does.
    with path.open("rb") as handle:
        return handle.readlines()


def _gold_path(corpus: str, encoding: str) -> Path:
    stem = "as_testing_gold" if corpus == "as" else f"{corpus}_test_gold"
    return ICWB2 / "gold" / f"{stem}.{encoding}"


def _dictionary_path(corpus: str, encoding: str) -> Path:
    return ICWB2 / "gold" / f"{corpus}_training_words.{encoding}"


def _run_perl(dictionary: Path, gold: Path, test: Path) -> tuple[bytes, bytes]:
    result = run_perl_script(SCORE, dictionary, gold, test)
    return result.stdout, result.stderr


def _run_ours(
    dictionary: Path, gold: Path, test: Path, *, jobs: int = 2
) -> tuple[bytes, bytes, SighanTotals, list[SighanTotals]]:
    warnings: list[str] = []
    out = io.BytesIO()
    test_name = perl_file_name(str(test))
    totals, per_sentence = score_with_diff(
        _lines(gold),
        _lines(test),
        perl_dictionary(_lines(dictionary)),
        gold_name=os.fsencode(perl_file_name(str(gold))),
        test_name=os.fsencode(test_name),
        settings=DiffSettings(out, warnings.append, jobs=jobs, diff_program=DIFF),
    )
    stdout = out.getvalue() + os.fsencode(format_summary(totals, test_name))
    stderr = "".join(f"{message}\n" for message in warnings).encode()
    return stdout, stderr, totals, per_sentence


def _assert_same_output(ours: bytes, perl: bytes) -> None:
    if ours == perl:
        return
    # Point at the first differing line instead of dumping megabytes.
    for number, (mine, theirs) in enumerate(
        zip(ours.split(b"\n"), perl.split(b"\n"), strict=False), start=1
    ):
        assert mine == theirs, f"output line {number} differs"
    assert len(ours) == len(perl), "one output is a prefix of the other"


# --- perl_file_name, perl_dictionary -----------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/work/data/pku_test_gold.utf8", "pku_test_gold.utf8"),
        ("//x", "x"),
        ("/a/b/", ""),
        # The pattern needs two slashes: a file in / keeps its name as given.
        ("/seg.txt", "/seg.txt"),
        ("seg.txt", "seg.txt"),
        ("out/seg.txt", "out/seg.txt"),
        ("./out/seg.txt", "./out/seg.txt"),
        # Perl's "." stops at a newline, so only the first line's directories go.
        ("/a/b\n/c/d", "b\n/c/d"),
    ],
)
def test_perl_file_name(path: str, expected: str) -> None:
    assert perl_file_name(path) == expected


def test_perl_dictionary_chops_and_strips() -> None:
    lines = [
        b"abc\n",
        b"  de f \r\n",  # inner space kept, CR stripped after chop removed the LF
        b"\n",  # blank line: the empty entry is kept
        b"\x0bq\x0c\t\n",  # \v and \f are Perl \s too
        b"\xe4\xb8\xad\xe6\x96\x87\n",
        b"xyz",  # last line without newline: chop cuts the last byte
    ]
    assert perl_dictionary(lines) == {
        b"abc",
        b"de f",
        b"",
        b"q",
        b"\xe4\xb8\xad\xe6\x96\x87",
        b"xy",
    }
    # A last line of one byte without newline becomes the empty entry.
    assert perl_dictionary([b"a\n", b"z"]) == {b"a", b""}
    assert perl_dictionary([]) == set()


# --- SighanTotals, format_summary --------------------------------------------------------------


def _totals(**values: int) -> SighanTotals:
    return SighanTotals(**values)


def test_totals_add() -> None:
    a = SighanTotals(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
    b = SighanTotals(10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    assert a + b == SighanTotals(11, 22, 33, 44, 55, 66, 77, 88, 99, 110, 121)
    assert a + SighanTotals() == a


def test_format_summary_values() -> None:
    totals = _totals(
        insertions=3,
        deletions=1,
        substitutions=2,
        true_count=10,
        test_count=12,
        recall_correct=9,
        precision_correct=9,
        oov=4,
        oov_correct=1,
        iv=6,
        iv_correct=6,
    )
    # R = 0.9, P = 0.75, F = 2 * 0.75 * 0.9 / 1.65 = 0.81818..., OOV rate 0.4,
    # OOV recall 1 - 3/4, IV recall 1 - 0/6.
    assert format_summary(totals, "seg.txt") == (
        "=== SUMMARY:\n"
        "=== TOTAL INSERTIONS:\t3\n"
        "=== TOTAL DELETIONS:\t1\n"
        "=== TOTAL SUBSTITUTIONS:\t2\n"
        "=== TOTAL NCHANGE:\t6\n"
        "=== TOTAL TRUE WORD COUNT:\t10\n"
        "=== TOTAL TEST WORD COUNT:\t12\n"
        "=== TOTAL TRUE WORDS RECALL:\t0.900\n"
        "=== TOTAL TEST WORDS PRECISION:\t0.750\n"
        "=== F MEASURE:\t0.818\n"
        "=== OOV Rate:\t0.400\n"
        "=== OOV Recall Rate:\t0.250\n"
        "=== IV Recall Rate:\t1.000\n"
        "###\tseg.txt\t3\t1\t2\t6\t10\t12\t0.900\t0.750\t0.818\t0.400\t0.250\t1.000\n"
    )


def test_format_summary_rounds_like_printf() -> None:
    # 2/3 and 1/8 = 0.125 (exact binary, rounds half to even in C's printf: 0.125 -> "0.125";
    # 0.0005 is not exact and 1/2000 prints as 0.001 or 0.000 exactly as printf does).
    totals = _totals(true_count=3, test_count=2000, recall_correct=2, precision_correct=1)
    text = format_summary(totals, "t")
    assert "=== TOTAL TRUE WORDS RECALL:\t0.667\n" in text
    assert f"=== TOTAL TEST WORDS PRECISION:\t{1 / 2000:2.3f}\n" in text
    assert "=== OOV Recall Rate:\t--\n" in text
    assert "=== IV Recall Rate:\t--\n" in text
    assert "=== OOV Rate:\t0.000\n" in text


def test_format_summary_division_by_zero() -> None:
    empty = format_summary(SighanTotals(), "x")
    assert empty.endswith("###\tx\t0\t0\t0\t0\t0\t0\t--\t--\t--\t--\t--\t--\n")
    assert "=== TOTAL TRUE WORDS RECALL:\t--\n" in empty
    assert "=== F MEASURE:\t--\n" in empty
    assert "=== OOV Rate:\t--\n" in empty

    no_test = format_summary(_totals(true_count=5, recall_correct=0, iv=5), "x")
    assert no_test.endswith("\t0.000\t--\t--\t0.000\t--\t0.000\n")

    nothing_right = format_summary(
        _totals(true_count=5, test_count=4, oov=5, deletions=1, substitutions=4), "x"
    )
    # P + R = 0: the script would die computing F.
    assert nothing_right.endswith("\t0.000\t0.000\t--\t1.000\t0.000\t--\n")


# --- format_sentence_block against diff -y -----------------------------------------------------

_HUNK = re.compile(rb"^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$")


def _rows_from_normal_diff(
    gold: list[bytes], test: list[bytes], normal: bytes
) -> list[tuple[bytes | None, bytes | None]]:
    """The rows diff -y shows, derived independently from diff's normal-format edit script.

    Both formats print the same changes one by one; side by side, a change shows its paired
    lines as "|", then the extra new lines as ">", then the extra old lines as "<".
    """
    rows: list[tuple[bytes | None, bytes | None]] = []
    i = j = 0
    for line in normal.split(b"\n"):
        hunk = _HUNK.match(line)
        if hunk is None:
            continue
        first0, last0 = int(hunk[1]), int(hunk[2] or hunk[1])
        first1, last1 = int(hunk[4]), int(hunk[5] or hunk[4])
        if hunk[3] == b"a":  # "NaM": lines are added after old line N
            first0, last0 = first0 + 1, first0
        elif hunk[3] == b"d":  # "NdM": deleted lines would follow new line M
            first1, last1 = first1 + 1, first1
        while i < first0 - 1:
            rows.append((gold[i], test[j]))
            i += 1
            j += 1
        assert j == first1 - 1
        old, new = gold[first0 - 1 : last0], test[first1 - 1 : last1]
        paired = min(len(old), len(new))
        rows.extend(zip(old[:paired], new[:paired], strict=True))
        rows.extend((None, word) for word in new[paired:])
        rows.extend((word, None) for word in old[paired:])
        i, j = last0, last1
    rows.extend(zip(gold[i:], test[j:], strict=True))
    return rows


def _diff(directory: Path, gold: list[bytes], test: list[bytes], *options: str) -> bytes:
    paths = []
    for name, words in (("gold", gold), ("test", test)):
        path = directory / name
        path.write_bytes(b"".join(word + b"\n" for word in words))
        paths.append(str(path))
    return subprocess.run(
        [DIFF, *options, *paths], capture_output=True, env=C_LOCALE, check=False
    ).stdout


# Bytes a word can hold (anything but ASCII whitespace and NUL, which makes diff say "binary"),
# weighted towards what real data has: ASCII, and CJK characters in UTF-8, GBK and Big5.
_ASCII = [bytes([c]) for c in range(0x21, 0x7F)]
_CJK = ["中".encode(), "文".encode(), "国".encode("gbk"), "國".encode("big5"), b"\xa1\x40"]
_ODD = [bytes([c]) for c in (*range(0x01, 0x09), *range(0x0E, 0x20), 0x7F, *range(0x80, 0x100))]


def _random_word(rng: random.Random) -> bytes:
    # Lengths around diff's column limit (61) matter most: that is where it truncates.
    length = rng.choice([0, 1, 2, 3, 4, 6, 10, 30, 59, 60, 61, 62, 63, 64, 70, 80])
    kind = rng.random()
    if kind < 0.4:
        alphabet = _ASCII
    elif kind < 0.7:
        alphabet = _CJK
    elif kind < 0.8:
        alphabet = _ODD
    else:
        alphabet = _ASCII + _CJK + _ODD
    return b"".join(rng.choice(alphabet) for _ in range(length))


def _random_word_lists(rng: random.Random) -> tuple[list[bytes], list[bytes]]:
    # Drawing both lists from a small pool gives diff many equal lines to align.
    pool = [_random_word(rng) for _ in range(rng.randint(1, 10))]
    gold = [rng.choice(pool) for _ in range(rng.randint(0, 14))]
    test = [rng.choice(pool) for _ in range(rng.randint(0, 14))]
    return gold, test


@pytest.mark.slow
@needs_diff
def test_format_sentence_block_renders_like_diff(tmp_path: Path) -> None:
    rng = random.Random(20050712)
    counts = SighanTotals(1, 2, 3, 4, 5, 3, 4)
    for case in range(400):
        gold, test = _random_word_lists(rng)
        side_by_side = _diff(tmp_path, gold, test, "-y")
        rows = _rows_from_normal_diff(gold, test, _diff(tmp_path, gold, test))
        block = format_sentence_block(b"g", b"t", 7, rows, counts)
        header = b"--g-------t----7\n"
        footer = (
            b"INSERTIONS:\t1\nDELETIONS:\t2\nSUBSTITUTIONS:\t3\nNCHANGE:\t6\nNTRUTH:\t4\n"
            b"NTEST:\t5\nTRUE WORDS RECALL:\t0.750\nTEST WORDS PRECISION:\t0.800\n"
        )
        assert block == header + side_by_side + footer, f"case {case}: {gold!r} / {test!r}"


@pytest.mark.slow
@needs_diff
def test_format_sentence_block_column_limit_like_diff(tmp_path: Path) -> None:
    # Words ending right at diff's 61-column limit, where truncation and zero-width bytes meet.
    zhong = "中".encode()
    words = [
        b"a" * n + tail
        for n in (59, 60, 61, 62, 63)
        for tail in (b"", zhong, b"\x01", b"\x7f", b"\x08", b"\x08\x08x", b"b" + zhong)
    ]
    for gold in words:
        for test in (gold, b"c" + gold, b""):
            for pair in (([gold], [test]), ([gold, b"z"], [b"z"]), ([b"z"], [test, b"z"])):
                side_by_side = _diff(tmp_path, *pair, "-y")
                rows = _rows_from_normal_diff(*pair, _diff(tmp_path, *pair))
                block = format_sentence_block(b"g", b"t", 1, rows, SighanTotals())
                assert block.split(b"\n", 1)[1].startswith(side_by_side), pair


def test_format_sentence_block_fixed_layout() -> None:
    # Hand-checked against GNU diff 3.8: separator at column 62, right column at 64, tabs of 8,
    # bytes >= 0x80 take no column in the C locale.
    zhong = "中".encode()
    rows: list[tuple[bytes | None, bytes | None]] = [
        (b"ab", b"ab"),
        (zhong, b"x"),
        (None, zhong),
        (b"y", None),
        (b"", b""),
        (b"a" * 70, b"a" * 70),
    ]
    block = format_sentence_block(b"g", b"t", 1, rows, SighanTotals(true_count=1))
    body = block.split(b"\n", 1)[1].split(b"INSERTIONS", 1)[0]
    expected = [
        b"ab" + b"\t" * 8 + b"ab",
        zhong + b"\t" * 7 + b"      |\tx",
        b"\t" * 7 + b"      >\t" + zhong,
        b"y" + b"\t" * 7 + b"      <",
        b"",
        b"a" * 61 + b"\t" + b"a" * 61,
    ]
    assert body == b"".join(line + b"\n" for line in expected)
    assert block.endswith(b"TRUE WORDS RECALL:\t0.000\nTEST WORDS PRECISION:\t--\n")
    with pytest.raises(ValueError):
        format_sentence_block(b"g", b"t", 1, [(None, None)], SighanTotals())
    with pytest.raises(ValueError):
        format_sentence_block(b"g", b"t", 1, [(b"a\nb", None)], SighanTotals())


@pytest.mark.slow
@needs_diff
def test_diff_engine_blocks_agree_with_format_sentence_block(tmp_path: Path) -> None:
    # The engine's blocks are diff's own output; rendering diff's rows must give the same bytes.
    rng = random.Random(3)
    cases = []
    for _ in range(150):
        # Words as the script will see them again after joining the line with spaces.
        gold, test = (
            [word for word in words if word and not re.search(rb"\xa1\x40|\xe3\x80\x80", word)]
            for words in _random_word_lists(rng)
        )
        if gold:
            cases.append((gold, test))
    out = io.BytesIO()
    _, per_sentence = score_with_diff(
        [b" ".join(gold) + b"\n" for gold, _ in cases],
        [b" ".join(test) + b"\n" for _, test in cases],
        set(),
        gold_name=b"g",
        test_name=b"t",
        settings=DiffSettings(out, lambda message: None, diff_program=DIFF),
    )
    expected = b"".join(
        format_sentence_block(
            b"g",
            b"t",
            number,
            _rows_from_normal_diff(gold, test, _diff(tmp_path, gold, test)),
            counts,
        )
        for number, ((gold, test), counts) in enumerate(zip(cases, per_sentence, strict=True), 1)
    )
    assert out.getvalue() == expected


# --- the diff engine ---------------------------------------------------------------------------


def test_missing_diff_program() -> None:
    with pytest.raises(RuntimeError, match="GNU diff"):
        score_with_diff(
            [b"a\n"],
            [b"a\n"],
            set(),
            gold_name=b"g",
            test_name=b"t",
            settings=DiffSettings(
                None, lambda message: None, diff_program="/nonexistent/wsscore-test/diff"
            ),
        )


def test_failing_diff_program(tmp_path: Path) -> None:
    fake = tmp_path / "diff"
    fake.write_text("#!/bin/sh\necho 'diff: out of luck' >&2\nexit 2\n")
    fake.chmod(0o755)
    warnings: list[str] = []
    with pytest.raises(RuntimeError, match=r"exit status 2.*out of luck"):
        score_with_diff(
            [b"a\n"],
            [b"b\n"],
            set(),
            gold_name=b"g",
            test_name=b"t",
            settings=DiffSettings(None, warnings.append, diff_program=str(fake)),
        )
    assert warnings and "does not look like GNU diff" in warnings[0]


@pytest.mark.slow
@needs_diff
def test_jobs_keep_order(tmp_path: Path) -> None:
    # More sentences than the look-ahead window, some skipped, so order and numbering are tested.
    rng = random.Random(11)
    gold_lines, test_lines = [], []
    for _ in range(700):
        gold, test = _random_word_lists(rng)
        gold_lines.append(b" ".join(gold) + b"\n")
        test_lines.append(b" ".join(test) + b"\n")
    dictionary = {word for line in gold_lines[::3] for word in line.split()}
    results = []
    for jobs in (1, 3):
        out = io.BytesIO()
        warnings: list[str] = []
        totals, per_sentence = score_with_diff(
            gold_lines,
            test_lines,
            dictionary,
            gold_name=b"g",
            test_name=b"t",
            settings=DiffSettings(out, warnings.append, jobs=jobs, diff_program=DIFF),
        )
        results.append((out.getvalue(), warnings, totals, per_sentence))
    assert results[0] == results[1]
    assert sum(results[0][3], SighanTotals()) == results[0][2]


def test_diff_engine_reads_lazily() -> None:
    # Stopping at the shorter input must not read the longer one to its end (streams, stdin).
    if not HAVE_DIFF:
        pytest.skip(f"GNU diff not found at {DIFF}")
    consumed = 0

    def endless() -> Iterator[bytes]:
        nonlocal consumed
        while True:
            consumed += 1
            yield b"a b\n"

    totals, _ = score_with_diff(
        [b"a b\n"] * 3,
        endless(),
        set(),
        gold_name=b"g",
        test_name=b"t",
        settings=DiffSettings(None, lambda message: None, diff_program=DIFF),
    )
    assert totals.true_count == 6
    assert consumed == 3


# --- differential tests against the Perl script ------------------------------------------------


def _write_lines(path: Path, lines: list[bytes]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(lines))
    return path


@pytest.fixture(scope="session")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], Path]:
    """The bakeoff's maximum-matching segmentation of a test set, built once per session."""
    directory = tmp_path_factory.mktemp("mwseg")
    built: dict[tuple[str, str], Path] = {}

    def build(corpus: str, encoding: str) -> Path:
        if (corpus, encoding) not in built:
            _require_perl_and_data()
            target = directory / f"{corpus}_mwseg.{encoding}"
            # Its standard error is left out (AS: "Oops: shouldn't be here" on its last line).
            done = run_reference(
                ["perl", MWSEG, _dictionary_path(corpus, encoding)],
                stdin=ICWB2 / "testing" / f"{corpus}_test.{encoding}",
            )
            assert done.returncode == 0
            target.write_bytes(done.stdout)
            built[corpus, encoding] = target
        return built[corpus, encoding]

    return build


@pytest.mark.slow
def test_maximum_matching_baseline_matches_perl(baseline: Callable[[str, str], Path]) -> None:
    # mwseg.pl run on the UTF-8 files: byte-oriented, it cuts characters in two there (not
    # valid UTF-8, which the command line would refuse or read in another encoding), a
    # prediction for the library's bytes; on CityU, the smallest test set (bytes are cut alike
    # in all four). The legacy-encoded baseline, and a UTF-8 copy of it, are compared through
    # the command line in tests/sighan/test_differential.py.
    corpus, encoding = "cityu", "utf8"
    _require_perl_and_data()
    gold = _gold_path(corpus, encoding)
    test = baseline(corpus, encoding)
    # Absolute paths, so the printed names also check perl_file_name.
    dictionary = _dictionary_path(corpus, encoding)
    perl_out, perl_err = _run_perl(dictionary, gold.resolve(), test.resolve())
    ours, our_err, totals, per_sentence = _run_ours(dictionary, gold.resolve(), test.resolve())
    _assert_same_output(ours, perl_out)
    assert our_err == perl_err
    assert sum(per_sentence, SighanTotals()) == totals
    assert totals.true_count > 0


_CHAR = {
    # One character of each encoding, so that random splits never cut one in two.
    "utf8": re.compile(rb"[\x00-\x7f]|[\xc0-\xff][\x80-\xbf]*|[\x80-\xbf]"),
    "txt": re.compile(rb"[\x00-\x80]|[\x81-\xff][\x00-\xff]?"),
}
_WIDE = {"utf8": b"\xe3\x80\x80", "txt": b"\xa1\x40"}


def _resegment(line: bytes, encoding: str, rng: random.Random) -> bytes:
    """A random segmentation of a gold line: words merged and split, odd spacing."""
    wide = _WIDE[encoding]
    words = [word for word in re.split(rb"\s+", line.replace(wide, b" ")) if word]
    if not words:
        return line
    result: list[bytes] = []
    for word in words:
        chars = _CHAR[encoding].findall(word)
        if len(chars) > 1 and rng.random() < 0.2:
            cut = rng.randrange(1, len(chars))
            result += [b"".join(chars[:cut]), b"".join(chars[cut:])]
        elif result and rng.random() < 0.2:
            result[-1] += word
        else:
            result.append(word)
    separators = [b" ", b"  ", b"\t", b" \x0b", wide, wide + b" "]
    text = b""
    for number, word in enumerate(result):
        if rng.random() < 0.02:
            word = word[:1] + b"\r" + word[1:]  # the script deletes every CR
        text += (rng.choice(separators) if number else b"") + word
    if rng.random() < 0.05:
        text = wide + text  # a leading U+3000 becomes an empty first word in the script
    if rng.random() < 0.05:
        text = b"  " + text + b" \t"
    return text + (b"\r\n" if encoding == "txt" else b"\n")


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("corpus", CORPORA)
def test_random_segmentations_match_perl(corpus: str, encoding: str, tmp_path: Path) -> None:
    _require_perl_and_data()
    rng = random.Random(f"{corpus}.{encoding}")
    gold_lines, test_lines = [], []
    for line in _lines(_gold_path(corpus, encoding))[:300]:
        if rng.random() < 0.02:
            # An empty gold line: skipped, with a warning when the test line has words.
            gold_lines.append(b"\n")
            test_lines.append(rng.choice([b"\n", b" \xe3\x80\x80\n", b"x y\n"]))
        gold_lines.append(line)
        test_lines.append(_resegment(line, encoding, rng))
    gold = _write_lines(tmp_path / f"gold.{encoding}", gold_lines)
    test = _write_lines(tmp_path / f"random.{encoding}", test_lines)
    dictionary = _dictionary_path(corpus, encoding)
    perl_out, perl_err = _run_perl(dictionary, gold, test)
    ours, our_err, totals, per_sentence = _run_ours(dictionary, gold, test)
    _assert_same_output(ours, perl_out)
    assert our_err == perl_err
    assert sum(per_sentence, SighanTotals()) == totals


def test_edge_cases_match_perl(tmp_path: Path) -> None:
    """Inputs built to hit the script's quirks, compared with the script itself."""
    _require_perl_and_data()
    long_word = b"L" * 70
    gold_lines = [
        b"a b c\n",
        b"\n",  # empty gold, empty test: skipped silently
        b"  \t\n",  # empty gold, test with words: skipped with a warning
        b"\xe3\x80\x80x y\n",  # leading U+3000: an empty first gold word
        b"| < > |\n",  # the separators' own characters as words
        long_word + b" " + long_word + b"x q\n",  # diff truncates both to 61 columns
        b"p\rq r\x0bs\x0ct\r\n",  # CR deleted inside words, \v and \f split
        b"\x01ctl \x08bs a\x08\x08b \x7fdel\n",
        "中文 分词 测试\n".encode(),
        "中文 分詞 測試\n".encode("big5"),
        b"\xa1\x40w\xa1\x40v\n",  # Big5 U+3000 as the script sees it
        b"same same same x\n",
        b"gold longer\n",
        b"never read\n",  # the test file ends first: not read
    ]
    test_lines = [
        b"a bc\n",
        b"\n",
        b"word\n",
        b"x y\n",
        b"| < > | > <\n",
        long_word + b" " + long_word + b"y q\n",
        b"pq r s t\n",
        b"\x01ctl \x08bs a\x08\x08b \x7fdel\n",
        "中文分词 测 试\n".encode(),
        "中 文分詞 測試\n".encode("big5"),
        b"w v\n",
        b"same x same same\n",
        b"gold longer",  # no final newline
    ]
    gold = _write_lines(tmp_path / "gold", gold_lines)
    test = _write_lines(tmp_path / "test", test_lines)
    # The truncated form of the long word is in the dictionary: the script looks up what diff
    # displays, so its two occurrences count as in-vocabulary.
    dictionary = _write_lines(tmp_path / "dict", [b"L" * 61 + b"\n", b"a\n", b"|\n", b"same\n"])
    perl_out, perl_err = _run_perl(dictionary, gold, test)
    ours, our_err, totals, _ = _run_ours(dictionary, gold, test, jobs=1)
    _assert_same_output(ours, perl_out)
    assert our_err == perl_err
    assert b"Warning: training is 0" in our_err
    assert totals.iv >= 2


def test_empty_test_line_prints_dashes_where_perl_dies(tmp_path: Path) -> None:
    _require_perl_and_data()
    gold = _write_lines(tmp_path / "gold", [b"a b\n", b"c\n"])
    test = _write_lines(tmp_path / "test", [b"  \n", b"c\n"])
    dictionary = _write_lines(tmp_path / "dict", [b"a\n"])
    perl_out, perl_err = _run_perl(dictionary, gold, test)
    assert b"Illegal division by zero" in perl_err
    ours, our_err, totals, _ = _run_ours(dictionary, gold, test)
    # Up to where the script dies the outputs agree; then wsscore carries on with "--".
    assert ours.startswith(perl_out)
    assert ours[len(perl_out) :].startswith(
        b"INSERTIONS:\t0\nDELETIONS:\t2\nSUBSTITUTIONS:\t0\nNCHANGE:\t2\nNTRUTH:\t2\nNTEST:\t0\n"
        b"TRUE WORDS RECALL:\t0.000\nTEST WORDS PRECISION:\t--\n--gold-------test----2\n"
    )
    assert our_err == b"Warning: No output in test data where there is in training data, line 1\n"
    assert totals.true_count == 3
    assert totals.test_count == 1
