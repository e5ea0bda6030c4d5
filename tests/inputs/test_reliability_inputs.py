"""Wrong encodings and wrong files that used to pass silently (issue "Reliability", section 4).

1. A dictionary that holds almost none of the gold's words (a wrong file, or one read in the
   wrong encoding), or none at all (an empty file), warns; --strict makes it an error.
2. A UTF-8 file cut inside its last character is reported as cut UTF-8, not read as GB18030.
3. A file whose first block (the detection sample) is all ASCII is decided on its first
   non-ASCII lines: a GBK or Big5 file with a long ASCII head is read as GBK or Big5.
4. Every hint about a file's encoding names the option that sets that file's encoding alone.

Each case runs the command line, checks the exit status, the exact line on stderr, figures of
``-f json`` computed here by construction, and that no input file changed.
"""

from __future__ import annotations

import gzip
import json
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ICWB2

import wsscore.align.parallel
import wsscore.inputs.reading
from wsscore.cli.app import cli
from wsscore.errors import Warnings
from wsscore.inputs.reading import open_text

# Two-character words whose characters are in GBK and in Big5 (CP950) alike.
WORDS = ["中文", "分詞", "測試", "資料", "人民", "大學", "研究", "生命", "起源", "方法"]
OTHER_WORDS = ["天氣", "今天", "電腦"]  # in no gold below
for _word in WORDS + OTHER_WORDS:
    assert _word.encode("gbk").decode("gbk") == _word.encode("cp950").decode("cp950") == _word


# --- running and checking -----------------------------------------------------------------------


@dataclass
class Run:
    status: int
    stdout: str
    stderr: str

    def json(self) -> dict:
        return json.loads(self.stdout)


def snapshot(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in directory.rglob("*") if p.is_file()
    }


def run(directory: Path, *args: object, stdin: bytes = b"") -> Run:
    """The CLI, in-process; no file under ``directory`` (the inputs) may change."""
    before = snapshot(directory)
    result = CliRunner().invoke(cli, [str(a) for a in args], input=stdin)
    assert snapshot(directory) == before, "an input file was changed"
    assert "Traceback" not in result.stderr, result.stderr
    return Run(result.exit_code, result.stdout, result.stderr)


def only_line(run_: Run) -> str:
    lines = run_.stderr.splitlines()
    assert len(lines) == 1, run_.stderr
    return lines[0]


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def lines_text(lines: list[list[str]], separator: str = " ") -> str:
    return "".join(separator.join(words) + "\n" for words in lines)


def f_of(gold: int, pred: int, correct: int) -> float:
    recall, precision = correct / gold, correct / pred
    return 2 * recall * precision / (recall + precision)


# --- 1. a dictionary that covers almost none of the gold ---------------------------------------


def rotated_gold(lines: int) -> list[list[str]]:
    """``lines`` lines of the ten WORDS, rotated: each word is a tenth of the gold's words."""
    return [WORDS[i % 10 :] + WORDS[: i % 10] for i in range(lines)]


def almost_none(dictionary: Path, oov: int, words: int) -> str:
    return (
        f"wsscore: warning: {dictionary}: almost no gold word is in the dictionary: wrong file or "
        f"wrong encoding? ({oov} of {words} gold words are not in it, where a training word list "
        "misses a few in a hundred; check --dict-encoding and --gold-encoding, or give the "
        "training word list)"
    )


EVERY = (
    "every gold word is in the dictionary: was it built from the gold itself? OOV figures are "
    "meaningless then (use the training word list, or --train with the training corpus)"
)


@dataclass
class Coverage:
    name: str
    gold_lines: int
    entries: list[str]  # the dictionary's words (as written, in dict_codec)
    gold_codec: str = "utf-8"
    dict_codec: str = "utf-8"
    options: tuple[str, ...] = ()
    # How the scorer reads the files (by construction: Python's codecs, not wsscore's).
    read_gold_as: str = "utf-8"
    read_dict_as: str = "utf-8"
    warns: bool = False
    every: bool = False


COVERAGE_CASES = [
    # The ten words each make a tenth of the gold: k of them in the dictionary, OOV (10 - k)/10.
    Coverage("four-tenths-known", 100, WORDS[:4] + OTHER_WORDS),  # OOV 0.6: real use
    Coverage("three-tenths-known", 100, WORDS[:3] + OTHER_WORDS, warns=True),  # OOV 0.7: warns
    Coverage("wrong-word-list", 100, OTHER_WORDS, warns=True),  # OOV 1.0
    Coverage("own-word-list", 100, WORDS[:9], warns=False),  # OOV 0.1
    Coverage("every-word", 100, WORDS, every=True),  # the opposite warning, as before
    Coverage("only-90-gold-words", 9, OTHER_WORDS),  # too few words to judge
    Coverage("exactly-100-gold-words", 10, OTHER_WORDS, warns=True),
    # A Big5 gold forced to GBK: GB18030 reads any byte pair, into other characters.
    Coverage(
        "big5-gold-read-as-gbk",
        100,
        WORDS,
        gold_codec="cp950",
        options=("--gold-encoding", "gbk", "--pred-encoding", "gbk"),
        read_gold_as="gb18030",
        warns=True,
    ),
    # A Big5 word list forced to GBK.
    Coverage(
        "big5-dictionary-read-as-gbk",
        100,
        WORDS,
        dict_codec="cp950",
        options=("--dict-encoding", "gbk"),
        read_dict_as="gb18030",
        warns=True,
    ),
    # The same files with the right (or detected) encodings: no warning.
    Coverage("big5-gold-detected", 100, WORDS[:8], gold_codec="cp950", read_gold_as="cp950"),
    Coverage("big5-dictionary-detected", 100, WORDS[:8], dict_codec="cp950", read_dict_as="cp950"),
]


@pytest.mark.parametrize("case", COVERAGE_CASES, ids=lambda case: case.name)
def test_a_dictionary_that_covers_almost_none_of_the_gold_warns(tmp_path, case):
    gold_text = lines_text(rotated_gold(case.gold_lines))
    gold = write(tmp_path / "gold.txt", gold_text.encode(case.gold_codec))
    words = write(
        tmp_path / "words.txt", "".join(w + "\n" for w in case.entries).encode(case.dict_codec)
    )
    # Expected figures, by construction: the gold's words as the scorer reads them.
    gold_words = gold.read_bytes().decode(case.read_gold_as).split()
    entries = set(words.read_bytes().decode(case.read_dict_as).split("\n")) - {""}
    oov = sum(1 for word in gold_words if word not in entries)
    result = run(tmp_path, "score", gold, gold, "-d", words, "-f", "json", *case.options)
    assert result.status == 0, result.stderr
    report = result.json()
    counts = report["systems"][0]["counts"]
    assert (counts["gold_words"], counts["oov_words"]) == (len(gold_words), oov)
    assert report["systems"][0]["metrics"]["oov_rate"] == oov / len(gold_words)
    assert report["systems"][0]["metrics"]["f1"] == 1.0
    if case.warns:
        assert only_line(result) == almost_none(words, oov, len(gold_words))
    elif case.every:
        assert only_line(result) == f"wsscore: warning: {words}: {EVERY}"
    else:
        assert result.stderr == ""


def test_strict_makes_almost_no_coverage_an_error(tmp_path):
    gold = write(tmp_path / "gold.txt", lines_text(rotated_gold(100)).encode())
    words = write(tmp_path / "words.txt", "".join(w + "\n" for w in OTHER_WORDS).encode())
    result = run(tmp_path, "score", gold, gold, "-d", words, "--strict", "-f", "json")
    assert (result.status, result.stdout) == (2, "")
    expected = almost_none(words, 1000, 1000).replace("wsscore: warning: ", "wsscore: error: ")
    assert only_line(result) == expected


def test_two_word_lists_are_named_together(tmp_path):
    gold = write(tmp_path / "gold.txt", lines_text(rotated_gold(100)).encode())
    one = write(tmp_path / "one.txt", "天氣\n".encode())
    two = write(tmp_path / "two.txt", "中文\n".encode())  # a tenth of the gold
    result = run(tmp_path, "score", gold, gold, "-d", one, "-d", two, "-q")
    assert (result.status, result.stdout) == (0, "1.000\n")
    assert only_line(result) == almost_none(Path(f"{one}, {two}"), 900, 1000)


EMPTY_HINT = "give the training word list; without words, every gold word is out of vocabulary"


@pytest.mark.parametrize(
    ("content", "option", "message", "hint"),
    [
        (b"", "-d", "the dictionary is empty", EMPTY_HINT),
        (b"\xef\xbb\xbf", "-d", "the dictionary is empty", EMPTY_HINT),
        (b"\n \n\t\n", "-d", "the dictionary holds no words: its 3 line(s) are blank", EMPTY_HINT),
        (
            "\r\n\u3000\r\n".encode(),
            "-d",
            "the dictionary holds no words: its 2 line(s) are blank",
            EMPTY_HINT,
        ),
        (b"", "--train", "the dictionary is empty", EMPTY_HINT.replace("word list", "corpus")),
        (
            b"\n\n",
            "--train",
            "the dictionary holds no words: its 2 line(s) are blank",
            EMPTY_HINT.replace("word list", "corpus"),
        ),
    ],
    ids=[
        "empty",
        "bom-only",
        "blank-lines",
        "crlf-ideographic-space",
        "train-empty",
        "train-blank",
    ],
)
def test_an_empty_dictionary_warns(tmp_path, content, option, message, hint):
    gold = write(tmp_path / "gold.txt", lines_text(rotated_gold(100)).encode())
    words = write(tmp_path / "words.txt", content)
    result = run(tmp_path, "score", gold, gold, option, words, "-f", "json")
    assert result.status == 0
    # Said once, of the file: the coverage check does not add that nothing is covered.
    assert only_line(result) == f"wsscore: warning: {words}: {message} ({hint})"
    report = result.json()
    assert report["dictionary"]["entries"] == 0
    assert report["systems"][0]["metrics"]["oov_rate"] == 1.0
    strict = run(tmp_path, "score", gold, gold, option, words, "--strict")
    assert (strict.status, strict.stdout) == (2, "")
    assert only_line(strict) == f"wsscore: error: {words}: {message} ({hint})"


def test_one_empty_word_list_among_others_is_named(tmp_path):
    gold = write(tmp_path / "gold.txt", lines_text(rotated_gold(100)).encode())
    words = write(tmp_path / "words.txt", "".join(w + "\n" for w in WORDS[:9]).encode())
    empty = write(tmp_path / "empty.txt", b"")
    result = run(tmp_path, "score", gold, gold, "-d", words, "-d", empty, "-f", "json")
    assert only_line(result) == f"wsscore: warning: {empty}: the dictionary is empty ({EMPTY_HINT})"
    assert result.json()["systems"][0]["counts"]["oov_words"] == 100  # the tenth word


def test_segment_with_an_empty_word_list_warns(tmp_path):
    text = write(tmp_path / "text.txt", "中文分詞\n".encode())
    words = write(tmp_path / "words.txt", b"\n")
    result = run(tmp_path, "segment", text, "-d", words)
    assert (result.status, result.stdout) == (0, "中 文 分 詞 \n")
    assert only_line(result) == (
        f"wsscore: warning: {words}: the dictionary holds no words: its 1 line(s) are blank "
        "(give the training word list; without words, maximum matching cuts the text into "
        "single characters)"
    )


# The measurements behind dictionary.ALMOST_NO_COVERAGE, on the SIGHAN 2005 data.
BAKEOFF_CASES = [
    # gold, word list, options, OOV rate, warns
    ("cityu_test_gold.utf8", "cityu_training_words.utf8", (), 0.0740, False),
    ("msr_test_gold.utf8", "msr_training_words.utf8", (), 0.0265, False),
    ("pku_test_gold.utf8", "msr_training_words.utf8", (), 0.0677, False),
    ("cityu_test_gold.utf8", "pku_training_words.utf8", (), 0.4736, False),  # the worst real use
    ("pku_test_gold.utf8", "as_training_words.utf8", (), 0.4498, False),
    ("cityu_test_gold.txt", "cityu_training_words.utf8", ("--gold-encoding", "gbk"), 0.9623, True),
    ("as_testing_gold.utf8", "as_training_words.txt", ("--dict-encoding", "gbk"), 0.7793, True),
]


@pytest.mark.parametrize(("gold", "words", "options", "rate", "warns"), BAKEOFF_CASES)
def test_the_threshold_on_the_bakeoff_data(tmp_path, gold, words, options, rate, warns):
    if not (ICWB2 / "gold").is_dir():
        pytest.skip("the SIGHAN bakeoff data (../shared/icwb2) is not here")
    gold_path, words_path = ICWB2 / "gold" / gold, ICWB2 / "gold" / words
    pred_options = ("--pred-encoding", options[1]) if options[:1] == ("--gold-encoding",) else ()
    result = run(
        tmp_path,
        "score",
        gold_path,
        gold_path,
        "-d",
        words_path,
        "-f",
        "json",
        *options,
        *pred_options,
    )
    assert result.status == 0
    assert round(result.json()["systems"][0]["metrics"]["oov_rate"], 4) == rate
    assert ("almost no gold word is in the dictionary" in result.stderr) == warns


# --- 2. a UTF-8 file cut inside its last character ---------------------------------------------


CUT_OPTION = {"gold": "--gold-encoding", "pred": "--pred-encoding", "dict": "--dict-encoding"}


@pytest.mark.parametrize(
    ("last", "keep", "role", "ascii_head"),
    [
        ("詞", 1, "pred", False),
        ("詞", 2, "pred", False),
        ("𠀀", 3, "pred", False),  # a four-byte character, one byte missing
        ("詞", 2, "gold", False),
        ("詞", 1, "dict", False),
        ("詞", 2, "pred", True),  # the first block all ASCII: detected on the last lines
    ],
    ids=["1-of-3", "2-of-3", "3-of-4", "gold", "dictionary", "after-an-ascii-head"],
)
def test_a_small_utf8_file_cut_inside_its_last_character(tmp_path, last, keep, role, ascii_head):
    head = ascii_lines(wsscore.inputs.reading.BLOCK_SIZE + 10) if ascii_head else ""
    whole = head + "中文 分詞\n測試 資料\n研究 " + last
    cut = whole.encode()[: len(whole.encode()) - len(last.encode()) + keep]
    assert len(cut) < wsscore.inputs.reading.BLOCK_SIZE or ascii_head
    good = write(tmp_path / "good.txt", whole.encode() + b"\n")
    damaged = write(tmp_path / "cut.txt", cut)
    files = {"gold": good, "pred": good, "dict": None}
    files[role] = damaged
    args = ["score", files["gold"], files["pred"]]
    if role == "dict":
        args += ["-d", damaged]
    result = run(tmp_path, *args)
    line = head.count("\n") + 3
    column = len("研究 ".encode()) + 1
    shown = " ".join(f"0x{byte:02X}" for byte in last.encode()[:keep])
    assert (result.status, result.stdout) == (2, "")
    assert only_line(result) == (
        f"wsscore: error: {damaged}:{line}:{column}: the file ends inside a multi-byte utf-8 "
        f"character ({shown}): it was cut short (restore the complete file; if it is complete, "
        f"check {CUT_OPTION[role]})"
    )


# --- 3. a long ASCII head before the first non-ASCII line --------------------------------------


def ascii_lines(size: int) -> str:
    """ASCII lines of words, ``size`` characters at least."""
    lines, total, index = [], 0, 0
    while total < size:
        line = f"line{index} ab cd efg h ijk\n"
        lines.append(line)
        total += len(line)
        index += 1
    return "".join(lines)


def chinese_lines(count: int) -> list[list[str]]:
    return [[WORDS[(i + k) % 10] for k in range(2 + i % 5)] for i in range(count)]


HEAD = ascii_lines(wsscore.inputs.reading.BLOCK_SIZE + 1000)  # the whole first block is ASCII
CHINESE = chinese_lines(300)
GOLD_TEXT = HEAD + lines_text(CHINESE)
# The prediction joins the first two words of every Chinese line: those two are wrong.
PRED_TEXT = HEAD + lines_text([[w[0] + w[1], *w[2:]] for w in CHINESE])
GOLD_WORDS = len(GOLD_TEXT.split())
PRED_WORDS = GOLD_WORDS - len(CHINESE)
CORRECT = GOLD_WORDS - 2 * len(CHINESE)


@dataclass
class Head:
    name: str
    gold_codec: str
    pred_codec: str
    gold_as: str = "file"  # file, stdin or gz
    pred_as: str = "file"
    self_score: bool = False  # the prediction is the gold file itself
    options: tuple[str, ...] = ()


HEAD_CASES = [
    Head("gbk-self", "gbk", "gbk", self_score=True),
    Head("big5-self", "cp950", "cp950", self_score=True),
    Head("utf8-gold-gbk-pred", "utf-8", "gbk"),
    Head("utf8-gold-big5-pred", "utf-8", "cp950"),
    Head("gbk-gold-utf8-pred", "gbk", "utf-8"),
    Head("gbk-pred-on-stdin", "utf-8", "gbk", pred_as="stdin"),
    Head("gbk-pred-gzipped", "utf-8", "gbk", pred_as="gz"),
    Head("gbk-pred-gzipped-on-stdin", "utf-8", "gbk", pred_as="gz-stdin"),
    Head("big5-gold-on-stdin", "cp950", "cp950", gold_as="stdin"),
    Head("big5-gold-gzipped", "cp950", "utf-8", gold_as="gz"),
    Head("gbk-two-jobs", "gbk", "gbk", options=("--jobs", "2")),
    Head("gbk-given-encoding", "utf-8", "gbk", options=("--pred-encoding", "gbk")),
]
SHOWN = {"gbk": "gbk", "cp950": "cp950", "utf-8": "utf-8"}


def place(tmp_path: Path, name: str, data: bytes, how: str) -> tuple[str, bytes]:
    """The argument naming the file, and the bytes to give on standard input."""
    if how in ("gz", "gz-stdin"):
        data = gzip.compress(data)
        name += ".gz"
    path = write(tmp_path / name, data)
    return ("-", data) if how.endswith("stdin") else (str(path), b"")


@pytest.mark.parametrize("case", HEAD_CASES, ids=lambda case: case.name)
def test_a_long_ascii_head_does_not_decide_the_encoding(tmp_path, monkeypatch, case):
    monkeypatch.setattr(wsscore.align.parallel, "MIN_PARALLEL_BYTES", 0)
    gold, gold_in = place(tmp_path, "gold.txt", GOLD_TEXT.encode(case.gold_codec), case.gold_as)
    if case.self_score:
        pred, pred_in, expected = gold, b"", (GOLD_WORDS, GOLD_WORDS, GOLD_WORDS)
    else:
        pred, pred_in = place(tmp_path, "pred.txt", PRED_TEXT.encode(case.pred_codec), case.pred_as)
        expected = (GOLD_WORDS, PRED_WORDS, CORRECT)
    result = run(
        tmp_path, "score", gold, pred, "-f", "json", *case.options, stdin=gold_in + pred_in
    )
    assert (result.status, result.stderr) == (0, "")
    report = result.json()
    system = report["systems"][0]
    counts = system["counts"]
    assert (counts["gold_words"], counts["pred_words"], counts["correct"]) == expected
    assert counts["misaligned_chars"] == 0
    assert system["metrics"]["f1"] == pytest.approx(f_of(*expected), abs=1e-12)
    assert report["gold"]["encoding"] == SHOWN[case.gold_codec]
    assert system["encoding"] == SHOWN[case.pred_codec]


def test_parallel_scoring_decides_first(tmp_path, monkeypatch):
    """--jobs reads chunks from offsets: each must be read in the encoding of the whole file."""
    monkeypatch.setattr(wsscore.align.parallel, "MIN_PARALLEL_BYTES", 0)
    planned = []
    original = wsscore.align.parallel.tasks
    monkeypatch.setattr(
        wsscore.align.parallel,
        "tasks",
        lambda *a, **k: planned.extend(original(*a, **k)) or planned,
    )
    gold = write(tmp_path / "gold.txt", GOLD_TEXT.encode("gbk"))
    pred = write(tmp_path / "pred.txt", PRED_TEXT.encode("cp950"))
    files = [open_text(str(p), warnings=Warnings()) for p in (gold, pred)]
    assert wsscore.align.parallel.eligible(files[0], files[1:])
    result = wsscore.align.parallel.score_parallel(
        files[0], files[1:], None, 2, by_sentence=False, stop_at_first_mismatch=False
    )
    for file in files:
        file.close()
    assert result is not None and len(planned) > 1  # scored in chunks, no fall-back
    assert {task.gold.encoding.name for task in planned} == {"gbk"}
    assert {task.predictions[0].encoding.name for task in planned} == {"cp950"}
    found = result.totals[0]
    assert (found.gold_words, found.pred_words, found.correct) == (GOLD_WORDS, PRED_WORDS, CORRECT)


def test_a_word_list_with_a_long_ascii_head(tmp_path):
    gold = write(tmp_path / "gold.txt", lines_text(rotated_gold(100)).encode())
    head = "".join(f"word{i}\n" for i in range(wsscore.inputs.reading.BLOCK_SIZE // 6))
    words = write(
        tmp_path / "words.txt", (head + "".join(w + "\n" for w in WORDS[:9])).encode("gbk")
    )
    result = run(tmp_path, "score", gold, gold, "-d", words, "-f", "json")
    assert (result.status, result.stderr) == (0, "")
    report = result.json()
    assert report["dictionary"]["encoding"] == "gbk"
    assert report["dictionary"]["entries"] == head.count("\n") + 9
    assert report["systems"][0]["counts"]["oov_words"] == 100


@pytest.mark.slow
def test_sighan_output_is_in_the_gold_encoding_found_after_the_head(tmp_path):
    gold = write(tmp_path / "gold.txt", GOLD_TEXT.encode("gbk"))
    pred = write(tmp_path / "pred.txt", PRED_TEXT.encode("gbk"))
    # Every gold word but the last of WORDS: those are the OOV words.
    known = sorted(set(GOLD_TEXT.split()) - {WORDS[-1]})
    words = write(tmp_path / "words.txt", "".join(w + "\n" for w in known).encode("gbk"))
    output = tmp_path.parent / f"{tmp_path.name}-sighan.txt"
    result = run(tmp_path, "sighan", words, gold, pred, "-o", output)
    assert (result.status, result.stderr) == (0, "")
    text = output.read_bytes().decode("gbk")  # strictly: the gold's encoding
    oov = GOLD_TEXT.split().count(WORDS[-1])
    assert f"=== TOTAL TRUE WORD COUNT:\t{GOLD_WORDS}" in text
    assert f"=== TOTAL TEST WORD COUNT:\t{PRED_WORDS}" in text
    assert f"=== TOTAL TRUE WORDS RECALL:\t{CORRECT / GOLD_WORDS:.3f}" in text
    assert f"=== TOTAL TEST WORDS PRECISION:\t{CORRECT / PRED_WORDS:.3f}" in text
    assert f"=== OOV Rate:\t{oov / GOLD_WORDS:.3f}" in text
    assert WORDS[0] + WORDS[1] in text  # a joined word, in a sentence block


@pytest.mark.parametrize(
    ("role", "given", "named"),
    [
        ("pred", "--pred-encoding", "--pred-encoding"),
        ("gold", "--gold-encoding", "--gold-encoding"),
        ("pred", "--encoding", "--pred-encoding"),  # the UTF-8 gold passes: the hint is the pred's
    ],
    ids=["pred-encoding", "gold-encoding", "encoding"],
)
def test_a_given_encoding_is_checked_on_the_first_non_ascii_lines(tmp_path, role, given, named):
    gbk = write(tmp_path / "gbk.txt", GOLD_TEXT.encode("gbk"))
    utf8 = write(tmp_path / "utf8.txt", GOLD_TEXT.encode())
    gold, pred = (utf8, gbk) if role == "pred" else (gbk, utf8)
    result = run(tmp_path, "score", gold, pred, given, "utf-8")
    line = HEAD.count("\n") + 1  # the first line that is not ASCII
    assert (result.status, result.stdout) == (2, "")
    assert only_line(result) == (
        f"wsscore: error: {gbk}:{line}:1: byte 0x{gbk.read_bytes()[len(HEAD)]:02X} is not valid "
        f"utf-8; the file reads as gbk (give {named} gbk for it, or neither --encoding nor "
        f"{named} to detect each file's)"
    )


@pytest.mark.slow
@pytest.mark.parametrize("look_ahead", [False, True], ids=["streamed", "looked-ahead"])
@pytest.mark.parametrize("compressed", [False, True], ids=["plain", "gzip"])
def test_deciding_late_keeps_memory_bounded(tmp_path, look_ahead, compressed):
    head = ascii_lines(8 << 20)
    data = (head + lines_text(CHINESE)).encode("gbk")
    path = write(tmp_path / "big.txt", gzip.compress(data, 1) if compressed else data)
    tracemalloc.start()
    try:
        source = open_text(str(path), warnings=Warnings())
        if look_ahead:
            assert source.encoding.name == "gbk"  # decided before reading: a second handle
        words = sum(len(line.split()) for line in source.lines())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert source.encoding.name == "gbk"
    assert words == len(head.split()) + sum(map(len, CHINESE))
    assert peak < 4 << 20, f"peak {peak} bytes for a file of {len(data)}"


# --- 4. hints name the option of the file's own role -------------------------------------------


TEXT = "中文 分詞\n測試 資料\n" * 3  # enough characters to outweigh a damaged byte
UTF16 = TEXT.encode("utf-16-le")  # without a byte-order mark
UTF8 = TEXT.encode()
# TEXT as maximum matching with WORDS cuts it (each line ends with a space, as mwseg.pl's).
SEGMENTED = "中文 分詞 \n測試 資料 \n" * 3


def difficulty_rows(text: str) -> str:
    """What `wsscore difficulty` writes for ``text`` (every word judged 0.5)."""
    rows = ["line\tstart\tend\tword\tdifficulty"]
    for number, line in enumerate(text.splitlines(), 1):
        start = 0
        for word in line.split():
            rows.append(f"{number}\t{start}\t{start + len(word)}\t{word}\t0.5")
            start += len(word)
    return "".join(row + "\n" for row in rows)


@dataclass
class Role:
    name: str
    args: Callable[[dict[str, Path]], list[object]]  # the command, given the files
    bad: str  # which file is the UTF-16 one
    option: str  # the option the hint must name
    fixed: str | None = None  # the output once the hint is followed (None: not checked)
    stdin: bool = False  # the bad file comes on standard input


ROLES = [
    Role(
        "score-gold",
        lambda f: ["score", f["bad"], f["good"], "-q"],
        "bad",
        "--gold-encoding",
        "1.000\n",
    ),
    Role(
        "score-pred",
        lambda f: ["score", f["good"], f["bad"], "-q"],
        "bad",
        "--pred-encoding",
        "1.000\n",
    ),
    Role(
        "score-dict",
        lambda f: ["score", f["good"], f["good"], "-d", f["badwords"], "-q"],
        "badwords",
        "--dict-encoding",
        "1.000\n",
    ),
    Role(
        "score-train",
        lambda f: ["score", f["good"], f["good"], "--train", f["bad"], "-q"],
        "bad",
        "--dict-encoding",
        "1.000\n",
    ),
    Role(
        "committee-member",
        lambda f: ["score", f["good"], f["good"], "--committee", f["copy"], f["bad"], "-q"],
        "bad",
        "--pred-encoding",
    ),
    Role(
        "difficulty-file",
        lambda f: ["score", f["good"], f["good"], "--difficulty", f["baddiff"], "-q"],
        "baddiff",
        "--difficulty-encoding",
        "1.000\n",
    ),
    Role(
        "report-difficulty-file",
        lambda f: ["report", f["good"], f["good"], "--difficulty", f["baddiff"], "-o", f["page"]],
        "baddiff",
        "--difficulty-encoding",
        "",
    ),
    Role("errors-pred", lambda f: ["errors", f["good"], f["bad"]], "bad", "--pred-encoding"),
    Role(
        "compare-pred",
        lambda f: ["compare", f["good"], f["good"], f["bad"]],
        "bad",
        "--pred-encoding",
    ),
    Role(
        "difficulty-member",
        lambda f: ["difficulty", f["good"], f["copy"], f["bad"]],
        "bad",
        "--pred-encoding",
    ),
    Role(
        "sighan-gold",
        lambda f: ["sighan", f["words"], f["bad"], f["good"]],
        "bad",
        "--gold-encoding",
    ),
    Role(
        "sighan-dict",
        lambda f: ["sighan", f["badwords"], f["good"], f["good"]],
        "badwords",
        "--dict-encoding",
    ),
    Role(
        "segment-text",
        lambda f: ["segment", f["bad"], "-d", f["words"]],
        "bad",
        "--text-encoding",
        SEGMENTED,
    ),
    Role(
        "segment-text-on-stdin",
        lambda f: ["segment", "-d", f["words"]],
        "bad",
        "--text-encoding",
        SEGMENTED,
        stdin=True,
    ),
    Role(
        "segment-dict",
        lambda f: ["segment", f["good"], "-d", f["badwords"]],
        "badwords",
        "--dict-encoding",
        SEGMENTED,
    ),
]


@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.name)
def test_utf16_without_a_bom_names_the_option_of_its_role(tmp_path, role):
    word_list = "".join(word + "\n" for word in WORDS)
    files = {
        "good": write(tmp_path / "good.txt", UTF8),
        "copy": write(tmp_path / "copy.txt", UTF8),  # a member may not be the gold itself
        "bad": write(tmp_path / "wide.txt", UTF16),
        "words": write(tmp_path / "words.txt", word_list.encode()),
        "badwords": write(tmp_path / "wide_words.txt", word_list.encode("utf-16-le")),
        "baddiff": write(tmp_path / "wide.tsv", difficulty_rows(TEXT).encode("utf-16-le")),
        "page": tmp_path.parent / f"{tmp_path.name}-report.html",  # not among the inputs
    }
    stdin = files[role.bad].read_bytes() if role.stdin else b""
    result = run(tmp_path, *role.args(files), stdin=stdin)
    assert (result.status, result.stdout) == (2, "")
    name = "<stdin>" if role.stdin else files[role.bad]
    assert only_line(result) == (
        f"wsscore: error: {name}: looks like UTF-16-LE without a byte-order mark (NUL "
        f"bytes between the characters) (give {role.option} utf-16-le, or convert the file to "
        "UTF-8)"
    )
    if role.fixed is not None:  # the hint is right: it fixes this file and breaks no other
        fixed = run(tmp_path, *role.args(files), role.option, "utf-16-le", stdin=stdin)
        # report says, and only says, where it wrote the page.
        said = f"wsscore: wrote {files['page']}" if role.args(files)[0] == "report" else ""
        assert (fixed.status, fixed.stdout, fixed.stderr[: len(said)]) == (0, role.fixed, said)
        assert fixed.stderr.count("\n") == (1 if said else 0)
    if role.args(files)[0] == "report":
        assert "wsscore-data" in files["page"].read_text(encoding="utf-8")


def test_a_difficulty_file_in_its_own_encoding_gives_the_same_figures(tmp_path):
    """--difficulty-encoding reads the file as the UTF-8 one, and the gold stays UTF-8."""
    good = write(tmp_path / "good.txt", UTF8)
    pred = write(tmp_path / "pred.txt", UTF8.replace("中文 分詞".encode(), "中文分詞".encode()))
    utf8 = write(tmp_path / "diff.tsv", difficulty_rows(TEXT).encode())
    wide = write(tmp_path / "wide.tsv", difficulty_rows(TEXT).encode("utf-16-le"))
    plain = run(tmp_path, "score", good, pred, "--difficulty", utf8, "-f", "json")
    given = run(
        tmp_path,
        "score",
        good,
        pred,
        "--difficulty",
        wide,
        "--difficulty-encoding",
        "utf-16-le",
        "-f",
        "json",
    )
    assert (plain.status, given.status, given.stderr) == (0, 0, "")
    weighted = [report["systems"][0]["metrics"] for report in (plain.json(), given.json())]
    assert weighted[0] == weighted[1]
    assert weighted[0]["f1"] == pytest.approx(f_of(12, 9, 6))  # 3 of 6 lines joined 2 words
    assert weighted[0]["f_b"] is not None  # the difficulty-weighted F, from the file


@pytest.mark.parametrize(
    ("role", "option"),
    [("gold", "--gold-encoding"), ("pred", "--pred-encoding"), ("dict", "--dict-encoding")],
)
def test_undecodable_bytes_name_the_option_of_their_role(tmp_path, role, option):
    good = write(tmp_path / "good.txt", UTF8)
    damaged = write(
        tmp_path / "damaged.txt", UTF8.replace("資料".encode(), "資料".encode() + b"\xff", 1)
    )
    files = {"gold": good, "pred": good, role: damaged}
    args = ["score", files["gold"], files["pred"], "--mismatch", "align", "-q"]
    if role == "dict":
        args += ["-d", damaged]
    result = run(tmp_path, *args)
    assert result.status == 0
    warning = (
        f"wsscore: warning: {damaged}: 1 byte(s) are not valid utf-8 and were kept as they are "
        f"(first at {damaged}:2:14, byte column) (check {option}; --strict makes this an error)"
    )
    assert result.stderr.splitlines()[0] == warning
    strict = run(tmp_path, *args, "--strict")
    assert (strict.status, strict.stdout) == (2, "")
    assert only_line(strict) == (
        f"wsscore: error: {damaged}:2:14: byte 0xFF is not valid utf-8 (give the right {option}, "
        "or drop --strict to keep such bytes)"
    )


@pytest.mark.parametrize(
    ("role", "option"), [("gold", "--gold-encoding"), ("pred", "--pred-encoding")]
)
def test_utf16_given_without_its_byte_order_names_the_option_of_its_role(tmp_path, role, option):
    good = write(tmp_path / "good.txt", UTF8)
    wide = write(tmp_path / "wide.txt", UTF16)
    gold, pred = (wide, good) if role == "gold" else (good, wide)
    result = run(tmp_path, "score", gold, pred, option, "utf-16")
    assert (result.status, result.stdout) == (2, "")
    assert only_line(result) == (
        f"wsscore: error: {wide}: cannot be read as utf-16 (UTF-16 stream does not start with "
        f"BOM) (a file without a byte-order mark needs {option} utf-16-le or utf-16-be)"
    )
