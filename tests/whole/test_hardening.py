"""A catalogue of bad inputs (issue 6): each gets exit 2 (unless stated), one line on stderr that
names the file (and line and column where there is one) and says how to fix it, no traceback,
nothing on standard output, and every input file left as it was.

The expected messages are written out in full where they are short, so a change of wording is a
deliberate change of this catalogue (docs/errors.md lists the same messages).
"""

from __future__ import annotations

import codecs
import gzip
import json
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, ROOT, needs_c, one_message

import wsscore.inputs.reading
import wsscore.output.destination
from wsscore.cli.app import cli

FIXTURE_GOLD = (FIXTURES / "gold.txt").read_text(encoding="utf-8")
FIXTURE_PRED = (FIXTURES / "pred.txt").read_text(encoding="utf-8")
# Common characters found in GBK and Big5 alike, for generated texts.
HANZI = (
    "的一是在不了有和人中大為上個國我以要他時來用們生到作地於出就分對成會可主發年動同"
    "工也能下過子說產種面而方後多定行學法所民得經十三之進著等部度家電力里如水化高自二"
    "理起小物現實加量都兩體制機當使點從業本去把性好應開它合還因由其些然前外天政四日那"
    "社義事平形相全表間樣與關各重新線內數正心反你明看原又麼利比或但質氣第向道命此變條"
    "只沒結解問意建月公無系軍很情者最立代想已通並提直題黨程展五果料象員革位入常文總次"
    "品式活設及管特件長求老頭基資邊流路級少圖山統接知較將組見計別她手角期根論運農指幾"
    "九區強放決西被幹做必戰先回則任取據處府研"
)


# --- running and checking -----------------------------------------------------------------------


@dataclass
class Run:
    status: int
    stdout: str
    stderr: str


WATCHED: list[Path] = []  # directories of inputs that no run may change (see ``unchanged``)


def run_cli(*args: str | Path, stdin: bytes = b"") -> Run:
    before = [snapshot(directory) for directory in WATCHED]
    result = CliRunner().invoke(cli, [str(a) for a in args], input=stdin)
    assert [snapshot(directory) for directory in WATCHED] == before, "an input was changed"
    return Run(result.exit_code, result.stdout, result.stderr)


def wsscore_process(*args: str | Path, **options) -> Run:
    result = subprocess.run(
        [sys.executable, "-m", "wsscore", *map(str, args)],
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        **options,
    )
    return Run(result.returncode, result.stdout.decode(), result.stderr.decode())


def snapshot(directory: Path) -> dict[str, tuple[bytes, int, int]]:
    """Content, modification time and mode of every file under ``directory``."""
    return {
        str(path.relative_to(directory)): (
            path.read_bytes(),
            path.stat().st_mtime_ns,
            path.stat().st_mode,
        )
        for path in sorted(directory.rglob("*"))
        if path.is_file() and os.access(path, os.R_OK)
    }


def assert_error(run: Run, *expected: str) -> str:
    """Exit 2, nothing on stdout, one ``wsscore: error:`` line holding every expected part and
    ending with a hint in parentheses."""
    assert run.status == 2, (run.status, run.stdout, run.stderr)
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    message = one_message(run.stderr)
    line = message.split("\n")[0]
    assert line.startswith("wsscore: error: "), line
    for part in expected:
        assert part in message, f"{part!r} not in {message!r}"
    assert re.search(r" \([^()]*(\([^()]*\)[^()]*)*\)$", line), f"no hint at the end: {line!r}"
    return message


def assert_warning(run: Run, *expected: str) -> str:
    """Exit 0, a report on stdout, one ``wsscore: warning:`` line with a hint."""
    assert run.status == 0, (run.status, run.stderr)
    assert run.stdout
    message = one_message(run.stderr)
    first = message.split("\n")[0]
    assert first.startswith("wsscore: warning: "), first
    for part in expected:
        assert part in message, f"{part!r} not in {message!r}"
    assert first.endswith(")")
    return message


@pytest.fixture
def inputs(tmp_path) -> Path:
    """A directory with the fixture's files; the test checks afterwards that none was changed."""
    directory = tmp_path / "in"
    directory.mkdir()
    for name in ("gold.txt", "pred.txt", "words.txt"):
        (directory / name).write_bytes((FIXTURES / name).read_bytes())
    return directory


@pytest.fixture
def unchanged(inputs):
    """The inputs directory, watched: every run checks that it left each file there as it was
    (content, time and mode), including the files a test adds before running."""
    WATCHED.append(inputs)
    yield inputs
    WATCHED.remove(inputs)


def counts_of(run: Run) -> dict[str, int]:
    assert run.status == 0, run.stderr
    return json.loads(run.stdout)["systems"][0]["counts"]


def generated(lines: int, seed: int = 0) -> list[list[str]]:
    """Gold sentences of random words (1-3 characters)."""
    rng = random.Random(seed)
    return [
        ["".join(rng.choice(HANZI) for _ in range(rng.randint(1, 3))) for _ in range(8)]
        for _ in range(lines)
    ]


def write_lines(path: Path, sentences: list[list[str]], separator: str = " ") -> Path:
    path.write_text("".join(separator.join(words) + "\n" for words in sentences), "utf-8")
    return path


# --- files that cannot be read ------------------------------------------------------------------


def test_a_missing_file(unchanged):
    run = run_cli("score", unchanged / "gold.txt", unchanged / "nope.txt")
    assert_error(run, f"{unchanged / 'nope.txt'}: no such file (check the path)")


def test_a_directory_given_as_a_file(unchanged):
    line = assert_error(run_cli("score", unchanged / "gold.txt", unchanged))
    assert (
        line == f"wsscore: error: {unchanged}: is a directory, not a file (give the file inside it)"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file whatever its permissions")
def test_an_unreadable_file(unchanged):
    target = unchanged / "pred.txt"
    target.chmod(0)
    try:
        run = run_cli("score", unchanged / "gold.txt", target)
    finally:
        target.chmod(0o644)
    assert_error(run, f"{target}: permission denied (make it readable")


def test_an_unreadable_file_even_for_root(unchanged, monkeypatch):
    # The same path as above, reached whoever runs the tests (CI may run them as root).
    target = str(unchanged / "pred.txt")
    real_open = open

    def open_refusing(path, *args, **kwargs):
        if path == target:
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(wsscore.inputs.reading, "open", open_refusing, raising=False)
    run = run_cli("score", unchanged / "gold.txt", target)
    assert_error(run, f"{target}: permission denied (make it readable (chmod u+r) or copy it)")


# --- empty files --------------------------------------------------------------------------------


def test_an_empty_gold(unchanged):
    empty = unchanged / "empty.txt"
    empty.write_bytes(b"")
    line = assert_error(run_cli("score", empty, unchanged / "pred.txt"))
    assert line == f"wsscore: error: {empty}: the gold is empty (give the gold standard first)"


def test_an_empty_prediction(unchanged):
    empty = unchanged / "empty.txt"
    empty.write_bytes(b"")
    run = run_cli("score", unchanged / "gold.txt", empty)
    assert_error(run, f"{empty}: the prediction is empty (the gold has 4 lines;")


def test_a_gold_of_white_space_only(unchanged):
    blank = unchanged / "blank.txt"
    blank.write_text(" \n\t\n\u3000\n\r\n", "utf-8")
    run = run_cli("score", blank, blank)
    assert_error(run, f"{blank}: the gold holds no words: its 4 line(s) are empty or white space")


def test_gold_lines_of_white_space_only_are_empty_sentences(unchanged):
    # White-space lines in a gold are sentences without words: a prediction that has them too,
    # or leaves them out, scores exactly as without them.
    gold_lines = FIXTURE_GOLD.splitlines()
    pred_lines = FIXTURE_PRED.splitlines()
    spaced_gold = unchanged / "spaced_gold.txt"
    spaced_gold.write_text(
        "\n".join([gold_lines[0], "  \t", *gold_lines[1:3], "\u3000", gold_lines[3]]) + "\n",
        "utf-8",
    )
    spaced_pred = unchanged / "spaced_pred.txt"
    spaced_pred.write_text(
        "\n".join([pred_lines[0], "", *pred_lines[1:3], " ", pred_lines[3]]) + "\n", "utf-8"
    )
    expected = counts_of(
        run_cli("score", unchanged / "gold.txt", unchanged / "pred.txt", "-f", "json")
    )
    for pred in (spaced_pred, unchanged / "pred.txt"):
        run = run_cli("score", spaced_gold, pred, "-f", "json")
        assert run.stderr == ""
        assert counts_of(run) == expected
    assert expected["gold_words"] == 36 and expected["correct"] == 21


# --- a prediction with a line too many or too few -----------------------------------------------


def test_a_short_prediction_missing_a_line_is_refused_by_the_ten_percent_rule(unchanged):
    pred = unchanged / "missing.txt"
    lines = FIXTURE_PRED.splitlines(keepends=True)
    pred.write_text(lines[0] + "".join(lines[2:]), "utf-8")
    assert_error(
        run_cli("score", unchanged / "gold.txt", pred),
        f"{pred}: the prediction is not a segmentation of this gold (",
        "  1 of 4 sentences (9 characters) differ; first: ",
        "gold line 2 col 1 has '我们在北京大学读书'",
        "the prediction has nothing in its place (at line 2 col 1)",
        "the gold has 4 lines, the prediction 3",
        "(a missing or extra line is the usual cause; --mismatch align scores it anyway)",
    )


def test_a_short_prediction_with_an_extra_line_is_refused(unchanged):
    pred = unchanged / "extra.txt"
    lines = FIXTURE_PRED.splitlines(keepends=True)
    pred.write_text("".join(lines[:2]) + "多余 的 一 行\n" + "".join(lines[2:]), "utf-8")
    assert_error(
        run_cli("score", unchanged / "gold.txt", pred),
        "1 of 4 sentences (5 characters) differ",
        "the gold has nothing in its place (at line 3 col 1)",
        "prediction line 3 col 1 has '多余的一行'",
        "the gold has 4 lines, the prediction 5",
    )


def test_a_missing_line_under_error_names_both_places_and_line_counts(unchanged):
    pred = unchanged / "missing.txt"
    lines = FIXTURE_PRED.splitlines(keepends=True)
    pred.write_text(lines[0] + "".join(lines[2:]), "utf-8")
    line = assert_error(run_cli("score", unchanged / "gold.txt", pred, "--mismatch", "error"))
    assert line == (
        f"wsscore: error: {pred}: the prediction's text differs from the gold's "
        "(a missing or extra line is the usual cause; --mismatch align scores it)\n"
        "  first: gold line 2 col 1 has '我' U+6211, prediction line 2 col 1 has '今' U+4ECA; "
        "the gold has 4 lines, the prediction 3; 1 of 4 sentences differ, more than the 10% "
        "--mismatch warn allows"
    )


@pytest.mark.parametrize("change", ["missing", "extra"])
def test_a_long_prediction_is_resynchronised_and_scored_with_a_warning(tmp_path, change):
    sentences = generated(100)
    gold = write_lines(tmp_path / "gold.txt", sentences)
    if change == "missing":  # line 41 left out
        pred = write_lines(tmp_path / "pred.txt", sentences[:40] + sentences[41:])
        place = "gold line 41 col 1 has '" + "".join(sentences[40])[:20] + "'"
        other = "the prediction has nothing in its place (at line 41 col 1)"
        pred_lines, pred_words, correct = 99, 792, 792
    else:  # a line of three words inserted before gold line 41
        extra = ["多余", "的", "行"]
        pred = write_lines(tmp_path / "pred.txt", [*sentences[:40], extra, *sentences[40:]])
        place = "the gold has nothing in its place (at line 41 col 1)"
        other = "prediction line 41 col 1 has '多余的行'"
        pred_lines, pred_words, correct = 101, 803, 800
    before = snapshot(tmp_path)
    run = run_cli("score", gold, pred, "-f", "json")
    assert_warning(
        run,
        f"{pred}: ",
        place,
        other,
        f"the gold has 100 lines, the prediction {pred_lines}",
        "words touching them count as wrong (a missing or extra line is the usual cause",
    )
    counts = json.loads(run.stdout)["systems"][0]["counts"]
    # Every other line is segmented as the gold: exactly the missing (extra) words are wrong.
    assert (counts["gold_words"], counts["pred_words"], counts["correct"]) == (
        800,
        pred_words,
        correct,
    )
    assert counts["misaligned_lines"] == 1
    assert snapshot(tmp_path) == before


def test_characters_that_differ_on_a_few_lines_are_shown_and_counted(tmp_path):
    sentences = generated(100, seed=1)
    gold = write_lines(tmp_path / "gold.txt", sentences)
    changed = [list(words) for words in sentences]
    changed[9][0] = "錯" + changed[9][0][1:]
    changed[59][2] = changed[59][2] + "多"
    pred = write_lines(tmp_path / "pred.txt", changed, separator="  ")
    run = run_cli("score", gold, pred, "-f", "json")
    chars = sum(map(len, sentences[59][:3]))  # 多 follows the third word
    assert_warning(
        run,
        "2 character(s) on 2 line(s) differ from the gold",
        f"gold line 10 col 1 has {sentences[9][0][0]!r} U+{ord(sentences[9][0][0]):04X}, "
        "prediction line 10 col 1 has '錯' U+932F",
        # the gold's next character (one space apart), the prediction's 多 (two spaces apart)
        f"the gold has nothing in its place (at line 60 col {chars + 3 + 1}), "
        f"prediction line 60 col {chars + 4 + 1} has '多'",
        "the gold has 100 lines, the prediction 100",
        "(--mismatch error refuses such input)",
    )
    counts = counts_of(run)
    assert counts["misaligned_lines"] == 2
    assert counts["correct"] == 800 - 2


def test_characters_that_differ_on_many_lines_are_refused(unchanged):
    pred = unchanged / "other.txt"
    pred.write_text(FIXTURE_PRED.replace("北京", "南京").replace("天气", "天汽"), "utf-8")
    assert_error(
        run_cli("score", unchanged / "gold.txt", pred),
        "2 of 4 sentences (2 characters) differ",
        "gold line 2 col 8 has '北' U+5317, prediction line 2 col 6 has '南' U+5357",
        "gold line 3 col 6 has '气' U+6C14, prediction line 3 col 5 has '汽' U+6C7D",
        "(check that both files hold the same text; --mismatch align scores it anyway)",
    )


# --- bytes that are not the text they should be -------------------------------------------------


def test_a_binary_file(unchanged):
    binary = unchanged / "model.bin"
    binary.write_bytes(b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(range(256)) * 4)
    assert_error(
        run_cli("score", unchanged / "gold.txt", binary),
        f"{binary}:1:6: looks binary: it holds a NUL byte",
    )


def test_a_nul_byte_deep_in_a_long_file(tmp_path, monkeypatch):
    monkeypatch.setattr(wsscore.inputs.reading, "BLOCK_SIZE", 64)  # the NUL lies in a later block
    gold = write_lines(tmp_path / "gold.txt", generated(20))
    damaged = tmp_path / "pred.txt"
    lines = gold.read_bytes().splitlines(keepends=True)
    lines[14] = lines[14][:3] + b"\x00" + lines[14][3:]
    damaged.write_bytes(b"".join(lines))
    assert_error(run_cli("score", gold, damaged), f"{damaged}:15:4: looks binary")


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le"])
def test_utf16_or_32_without_a_bom_names_the_encoding_to_give(unchanged, codec):
    wide = unchanged / f"pred.{codec}"
    wide.write_bytes(FIXTURE_PRED.encode(codec))
    assert_error(
        run_cli("score", unchanged / "gold.txt", wide),
        f"{wide}: looks like {codec.upper()} without a byte-order mark",
        f"(give --pred-encoding {codec}, or convert the file to UTF-8)",
    )
    # The hint is right, and names the prediction's own option (--encoding would break the
    # UTF-8 gold): with it, the file scores as its UTF-8 original.
    fixed = run_cli("score", unchanged / "gold.txt", wide, "--pred-encoding", codec, "-q")
    assert (fixed.status, fixed.stdout) == (0, "0.636\n")


@pytest.mark.parametrize(
    ("directory", "codec", "python_codec", "keep"),
    [
        ("", "utf-8", "utf-8", 1),
        ("", "utf-8", "utf-8", 2),
        ("gbk", "gbk", "gbk", 1),
        ("big5", "big5", "cp950", 1),
    ],
)
def test_a_multibyte_character_cut_at_the_end_of_the_file(
    unchanged, directory, codec, python_codec, keep
):
    # The fixture's prediction, ending after 学问 / 學問 with only ``keep`` bytes of 问 / 問 left.
    text = (FIXTURES / directory / "pred.txt").read_bytes().decode(python_codec).rstrip()
    text = text[: text.rindex("。")].rstrip(" \u3000")
    assert text[-2:] in ("学问", "學問")
    head, last = text[:-1].encode(python_codec), text[-1].encode(python_codec)
    cut_file = unchanged / "cut.txt"
    cut_file.write_bytes(head + last[:keep])
    column = len(head.split(b"\n")[-1]) + 1  # byte column of the cut character
    shown = " ".join(f"0x{byte:02X}" for byte in last[:keep])
    gold = FIXTURES / directory / "gold.txt"
    line = assert_error(
        run_cli("score", gold, cut_file, "--pred-encoding", codec),
        f"{cut_file}:4:{column}: the file ends inside a multi-byte",
        f"character ({shown}): it was cut short (restore the complete file; if it is "
        "complete, check --pred-encoding)",
    )
    assert f"multi-byte {codec} character" in line
    # Without --pred-encoding, detection comes to the same answer.
    assert_error(run_cli("score", gold, cut_file), f"{cut_file}:4:{column}: the file ends inside")


def test_a_file_in_another_encoding_than_encoding_says(unchanged):
    gbk = unchanged / "pred.gbk"
    gbk.write_bytes((FIXTURES / "gbk" / "pred.txt").read_bytes())
    line = assert_error(
        run_cli("score", unchanged / "gold.txt", gbk, "--encoding", "utf-8"),
        f"{gbk}:1:1: byte 0xBD is not valid utf-8; the file reads as gbk",
        "(give --pred-encoding gbk for it, or neither --encoding nor --pred-encoding to "
        "detect each file's)",
    )
    assert line
    # Following the hint gives the fixture's score.
    fixed = run_cli("score", unchanged / "gold.txt", gbk, "--pred-encoding", "gbk", "-q")
    assert (fixed.status, fixed.stdout) == (0, "0.636\n")


def test_a_utf8_file_read_as_big5(unchanged):
    run = run_cli(
        "score", unchanged / "gold.txt", unchanged / "pred.txt", "--pred-encoding", "big5"
    )
    assert_error(run, "pred.txt:1:5: byte 0xA9 is not valid big5; the file reads as utf-8")


def test_a_file_named_gz_that_is_not_gzip(unchanged):
    fake = unchanged / "pred.txt.gz"
    fake.write_bytes((FIXTURES / "pred.txt").read_bytes())
    line = assert_error(run_cli("score", unchanged / "gold.txt", fake))
    assert line == (
        f"wsscore: error: {fake}: is named .gz but is not gzip-compressed (it does not start "
        "with the gzip signature) (the file is damaged; if it is plain text, rename it)"
    )


@pytest.mark.parametrize("damage", ["truncated", "corrupted"])
def test_a_damaged_gzip_file(unchanged, damage):
    data = bytearray(gzip.compress((FIXTURES / "pred.txt").read_bytes() * 50))
    if damage == "truncated":
        data = data[: len(data) // 2]
    else:
        data[len(data) // 2] ^= 0xFF
    damaged = unchanged / "pred.txt.gz"
    damaged.write_bytes(bytes(data))
    assert_error(
        run_cli("score", unchanged / "gold.txt", damaged),
        f"{damaged}: cannot read (",
        "(is the compressed file complete?)",
    )


# --- dictionaries -------------------------------------------------------------------------------


def test_a_dictionary_that_is_really_a_segmented_corpus_warns(tmp_path):
    sentences = generated(50, seed=2)
    gold = write_lines(tmp_path / "gold.txt", sentences)
    corpus = write_lines(tmp_path / "train.txt", generated(30, seed=3))
    run = run_cli("score", gold, gold, "-d", corpus, "-q")
    assert (run.status, run.stdout) == (0, "1.000\n")
    assert run.stderr.splitlines() == [
        f"wsscore: warning: {corpus}: 30 of the first 30 lines hold several words: this looks "
        "like a segmented corpus, not a word list, so few gold words will be found in it "
        "(use --train for a segmented training corpus)"
    ]


def test_a_dictionary_with_crlf_trailing_spaces_and_a_bom_works(unchanged):
    messy = unchanged / "messy_words.txt"
    entries = (FIXTURES / "words.txt").read_text("utf-8").splitlines()
    messy.write_bytes(
        codecs.BOM_UTF8 + "".join(f"{word} \t\u3000\r\n" for word in entries).encode("utf-8")
    )
    args = ("score", unchanged / "gold.txt", unchanged / "pred.txt", "-f", "json")
    clean = counts_of(run_cli(*args, "-d", unchanged / "words.txt"))
    run = run_cli(*args, "-d", messy)
    assert run.stderr == ""
    assert counts_of(run) == clean
    assert (clean["oov_words"], clean["oov_correct"]) == (6, 2)


# --- one very long line -------------------------------------------------------------------------


PEAK_MEMORY = textwrap.dedent(
    """
    import resource, sys
    from wsscore import score
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    counts = score(sys.argv[1], [sys.argv[2]]).systems[0].counts
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(counts.gold_words, counts.pred_words, counts.correct, before, after)
    """
)


# The bound is the C counting's: the plain Python reference holds a str per word of the line.
@pytest.mark.slow
@needs_c
def test_a_10_mb_single_line_scores_with_memory_bounded_by_the_line(tmp_path):
    rng = random.Random(7)
    words = ["".join(rng.choice(HANZI) for _ in range(rng.randint(1, 3))) for _ in range(1_700_000)]
    gold = tmp_path / "gold.txt"
    gold.write_text(" ".join(words) + "\n", "utf-8")
    size = gold.stat().st_size
    assert size > 10_000_000
    # The prediction joins every second pair of words: those two are wrong, the rest right.
    pred_words = []
    for index in range(0, len(words), 4):
        pred_words += [words[index] + words[index + 1], *words[index + 2 : index + 4]]
    (tmp_path / "pred.txt").write_text(" ".join(pred_words) + "\n", "utf-8")
    result = subprocess.run(
        [sys.executable, "-c", PEAK_MEMORY, str(gold), str(tmp_path / "pred.txt")],
        capture_output=True,
        check=True,
        timeout=300,
    )
    gold_words, pred_count, correct, before, after = map(int, result.stdout.split())
    assert (gold_words, pred_count, correct) == (len(words), len(pred_words), len(words) // 2)
    growth = (after - before) * 1024  # ru_maxrss is in KiB on Linux
    assert growth < 12 * size, f"peak memory grew by {growth / size:.1f}x the line's size"


# --- the command line ---------------------------------------------------------------------------


def test_standard_input_twice(unchanged):
    line = assert_error(run_cli("score", "-", "-", stdin=b"x\n"))
    assert line == (
        "wsscore: error: standard input ('-') can be given only once "
        "(give the other inputs as files)"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("foo=0.5", "'foo=0.5': use NAME=VALUE with NAME one of r, p, f, roov, riv, p_tag,"),
        ("f=1.5", "'f=1.5': give a number from 0 to 1 (e.g. 0.95)"),
        ("f=-0.1", "'f=-0.1': give a number from 0 to 1 (e.g. 0.95)"),
        ("f=high", "'f=high'"),
        ("0.9", "'0.9'"),
    ],
)
def test_a_bad_fail_under(unchanged, value, message):
    run = run_cli("score", unchanged / "gold.txt", unchanged / "pred.txt", "--fail-under", value)
    line = assert_error(run, f"Invalid value for --fail-under: {message}")
    assert line.endswith("(see 'wsscore score --help')")


def test_an_unknown_option_is_one_line_too(unchanged):
    run = run_cli("score", unchanged / "gold.txt", unchanged / "pred.txt", "--colour")
    assert_error(run, "No such option '--colour'", "(see 'wsscore score --help')")


# --- where the report goes ----------------------------------------------------------------------


def test_output_into_a_missing_directory_is_refused_before_scoring(unchanged, monkeypatch):
    def no_scoring(*args, **kwargs):
        raise AssertionError("scored although the report cannot be written")

    monkeypatch.setattr("wsscore.scoring.scorer.score", no_scoring)
    target = unchanged / "no" / "such" / "report.txt"
    line = assert_error(
        run_cli("score", unchanged / "gold.txt", unchanged / "pred.txt", "-o", target)
    )
    assert line == (
        f"wsscore: error: {target}: cannot write the report: the directory {target.parent} "
        "does not exist (create it first, or give another -o)"
    )
    assert not (unchanged / "no").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any directory")
def test_output_into_a_read_only_directory(unchanged, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        run = run_cli(
            "score", unchanged / "gold.txt", unchanged / "pred.txt", "-o", locked / "r.txt"
        )
    finally:
        locked.chmod(0o755)
    assert_error(run, "cannot write the report: no permission to write in")
    assert list(locked.iterdir()) == []


def test_output_into_a_read_only_directory_even_for_root(unchanged, tmp_path, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr(
        wsscore.output.destination.os,
        "access",
        lambda path, mode: False if str(path) == str(locked) else real_access(path, mode),
    )
    target = locked / "r.txt"
    line = assert_error(
        run_cli("score", unchanged / "gold.txt", unchanged / "pred.txt", "-o", target)
    )
    assert line == (
        f"wsscore: error: {target}: cannot write the report: no permission to write in {locked} "
        "(give -o a directory you can write in)"
    )
    assert list(locked.iterdir()) == []


def test_a_report_that_cannot_be_created_leaves_nothing_behind(unchanged, tmp_path, monkeypatch):
    # The directory passes the early check but refuses the file itself (e.g. a full disk).
    opened = os.open

    def refuse(path, flags, *args, **kwargs):
        if str(path).endswith(".tmp") and flags & os.O_CREAT:  # the report's temporary file
            raise OSError(28, "No space left on device")
        return opened(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    out = tmp_path / "out"
    out.mkdir()
    run = run_cli("score", unchanged / "gold.txt", unchanged / "pred.txt", "-o", out / "r.txt")
    assert_error(run, "cannot write the report: No space left on device")
    assert list(out.iterdir()) == []


# --- Ctrl-C -------------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("command", ["score", "errors"])
def test_ctrl_c_exits_130_and_leaves_no_report(tmp_path, command):
    # The prediction is a named pipe: the run is certainly still reading it when interrupted.
    fifo = tmp_path / "pred.fifo"
    os.mkfifo(fifo)
    report = tmp_path / "report.txt"
    process = subprocess.Popen(
        [sys.executable, "-m", "wsscore", command, FIXTURES / "gold.txt", fifo, "-o", report],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        with open(fifo, "wb") as writer:  # returns once wsscore has opened the pipe
            writer.write(FIXTURE_PRED.splitlines(keepends=True)[0].encode())
            writer.flush()
            time.sleep(0.3)
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130
    assert stdout == b""
    assert stderr == b"wsscore: interrupted\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["pred.fifo"]


def test_the_real_process_gives_the_same_one_line(unchanged):
    empty = unchanged / "empty.txt"
    empty.write_bytes(b"")
    run = wsscore_process("score", unchanged / "gold.txt", empty)
    assert_error(run, f"{empty}: the prediction is empty")
    run = wsscore_process(
        "score", unchanged / "gold.txt", unchanged / "pred.txt", "--fail-under", "x"
    )
    assert_error(run, "Invalid value for --fail-under")


SCRIPTS: dict[str, Callable[[Path], list[str | Path]]] = {
    "sighan": lambda d: ["sighan", d / "words.txt", d / "gold.txt", d / "missing.txt"],
    "errors": lambda d: ["errors", d / "gold.txt", d / "missing.txt"],
    "compare": lambda d: ["compare", d / "gold.txt", d / "pred.txt", d / "missing.txt"],
    "difficulty": lambda d: ["difficulty", d / "gold.txt", d / "pred.txt", d / "missing.txt"],
    "segment": lambda d: ["segment", "-d", d / "words.txt", d / "missing.txt"],
}


@pytest.mark.parametrize("command", sorted(SCRIPTS))
def test_every_command_answers_a_missing_file_in_one_line(unchanged, command):
    run = run_cli(*SCRIPTS[command](unchanged))
    assert_error(run, f"{unchanged / 'missing.txt'}: no such file (check the path)")
