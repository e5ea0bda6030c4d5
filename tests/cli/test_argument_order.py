"""Files given in the Perl script's order (WORDS GOLD PRED), and committee members that are the
gold or the word list: the error says which file is which and shows the right call."""

from __future__ import annotations

import gzip
import shlex
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, messages_of
from hypothesis import given
from hypothesis import strategies as st

from wsscore.cli.app import cli
from wsscore.cli.argument_order import (
    MIN_WORD_LIST_LINES,
    SAMPLE_BYTES,
    LineShape,
    argument_order_hint,
    line_shape,
)

GOLD = str(FIXTURES / "gold.txt")
PRED = str(FIXTURES / "pred.txt")
WORDS = str(FIXTURES / "words.txt")


def invoke(*args: str):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def error_line(result, warnings: int = 0) -> str:
    """The one error line, after ``warnings`` warning lines."""
    assert (result.exit_code, result.stdout) == (2, "")
    messages = messages_of(result.stderr)
    assert len(messages) == 1 + warnings, messages
    assert all(message.startswith("wsscore: warning: ") for message in messages[:-1])
    return messages[-1]


def perl_order_refusal(command: str, gold: str, *others: str) -> str:
    call = shlex.join(["wsscore", command, gold, *others, "-d", WORDS])
    return (
        "wsscore: error: the first file looks like a word list (the Perl order WORDS GOLD "
        f"PRED); run: {call}"
    )


# --- what a word list looks like ------------------------------------------------------------


def test_line_shapes_of_the_fixtures():
    # words.txt: 30 words, one a line, 2 characters (6 bytes) at the median
    assert line_shape(WORDS)[:3] == LineShape(30, 30, 6)[:3]
    assert line_shape(WORDS).word_list and not line_shape(WORDS).segmented
    gold = line_shape(GOLD)
    assert gold is not None and gold.segmented and not gold.word_list
    assert gold.lines == 4 and gold.single == 0


def test_the_unsegmented_test_text_is_not_a_word_list(tmp_path):
    # One token a line, as a word list, but sentences: far longer than words.
    text = (FIXTURES / "gold.txt").read_text(encoding="utf-8").replace(" ", "")
    raw = tmp_path / "raw.txt"
    raw.write_text(text * 5, encoding="utf-8")
    shape = line_shape(str(raw))
    assert shape is not None and shape.single == shape.lines == 20
    assert not shape.word_list


def test_a_few_lines_are_not_enough_for_a_word_list(tmp_path):
    short = tmp_path / "short.txt"
    short.write_text("一\n二\n" * ((MIN_WORD_LIST_LINES - 1) // 2), encoding="utf-8")
    assert not line_shape(str(short)).word_list
    short.write_text("一\n" * MIN_WORD_LIST_LINES, encoding="utf-8")
    assert line_shape(str(short)).word_list


def test_files_that_are_not_looked_at(tmp_path):
    wide = tmp_path / "wide.txt"
    wide.write_bytes("结婚\n的\n".encode("utf-16-le") * 20)
    assert line_shape(str(wide)) is None  # UTF-16: its bytes do not split at white space
    assert line_shape("-") is None
    assert line_shape(str(tmp_path / "missing.txt")) is None
    assert line_shape(str(tmp_path)) is None  # a directory
    damaged = tmp_path / "damaged.txt.gz"
    damaged.write_bytes(b"\x1f\x8b\x08\x00" + b"\xff" * 40)
    assert line_shape(str(damaged)) is None


def test_a_compressed_word_list_is_read_as_the_readers_read_it(tmp_path):
    packed = tmp_path / "words.txt.gz"
    packed.write_bytes(gzip.compress(Path(WORDS).read_bytes()))
    assert line_shape(str(packed)) == line_shape(WORDS)


def test_the_sample_ends_at_a_whole_line(tmp_path):
    # A line cut by the sample's end is not counted: a word list of long-enough lines stays one.
    many = tmp_path / "many.txt"
    many.write_text("结婚\n" * SAMPLE_BYTES, encoding="utf-8")  # 7 bytes a line
    shape = line_shape(str(many))
    assert shape is not None and shape.lines == SAMPLE_BYTES // 7
    assert shape.single == shape.lines


@given(
    st.lists(
        st.lists(st.text("结婚的和尚未", min_size=1, max_size=4), min_size=1, max_size=5),
        min_size=1,
        max_size=40,
    )
)
def test_line_shape_counts_lines_and_one_token_lines(lines):
    text = "".join(" ".join(words) + "\n" for words in lines)
    # A file of its own per example (hypothesis runs many examples in one tmp_path).
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write(text)
        path = Path(f.name)
    try:
        shape = line_shape(str(path))
    finally:
        path.unlink()
    assert shape is not None
    assert shape.lines == len(lines)
    assert shape.single == sum(1 for words in lines if len(words) == 1)
    lengths = sorted(len(" ".join(words).encode()) for words in lines)
    assert shape.median_bytes == lengths[len(lengths) // 2]


# --- the Perl order, refused first; other orders, a hint before the error ---------------------


@pytest.mark.parametrize("command", ["score", "compare"])
def test_perl_order_is_refused_first_with_the_right_call(command):
    assert error_line(invoke(command, WORDS, GOLD, PRED, PRED)) == perl_order_refusal(
        command, GOLD, PRED, PRED
    )


def test_perl_order_for_errors_shows_a_pred_to_fill_in():
    assert error_line(invoke("errors", WORDS, GOLD)) == perl_order_refusal("errors", GOLD, "PRED")


def test_perl_order_for_report(tmp_path):
    page = tmp_path / "page.html"
    line = error_line(invoke("report", WORDS, GOLD, PRED, "-o", page))
    assert line == perl_order_refusal("report", GOLD, PRED)
    assert not page.exists()


def test_the_refused_call_run_as_shown_scores(tmp_path):
    line = error_line(invoke("score", WORDS, GOLD, PRED))
    shown = shlex.split(line.split("; run: ", 1)[1])
    assert shown[:2] == ["wsscore", "score"]
    assert invoke(*shown[1:], "-q").stdout == "0.636\n"


def test_a_gold_written_one_word_a_line_is_no_word_list(tmp_path):
    # The same text as the prediction, a word a line: scored (with --mismatch align), not
    # refused as the Perl order.
    words = (FIXTURES / "gold.txt").read_text(encoding="utf-8").split()
    vertical = tmp_path / "vertical.txt"
    vertical.write_text("\n".join(words) + "\n", encoding="utf-8")
    result = invoke("score", vertical, PRED, "--mismatch", "align", "-q")
    assert result.exit_code == 0, result.stderr
    assert "word list" not in result.stderr


def test_the_word_list_given_as_the_last_prediction():
    result = invoke("score", GOLD, PRED, WORDS)
    call = shlex.join(["wsscore", "score", GOLD, PRED, "-d", WORDS])
    first, detail, where = result.stderr.splitlines()
    assert first == (
        f"wsscore: error: {WORDS} looks like a word list, one word a line: wsscore takes it "
        f"with -d: {call}"
    )
    assert detail.startswith(f"  {WORDS}: the prediction is not a segmentation of this gold")
    assert where.startswith("    ") and "first: " in where  # the error's own detail, under it


def test_sighan_given_wsscore_order():
    # sighan takes the Perl script's order: WORDS GOLD PRED; given GOLD PRED WORDS, it says so.
    result = invoke("sighan", GOLD, PRED, WORDS)
    call = shlex.join(["wsscore", "sighan", WORDS, GOLD, PRED])
    first, detail, where = result.stderr.splitlines()
    assert first == (
        f"wsscore: error: the prediction {WORDS} looks like a word list, one word a line: "
        f"wsscore sighan takes WORDS GOLD PRED, like the Perl script: {call}"
    )
    assert detail.startswith(f"  {WORDS}: the prediction is not a segmentation of this gold")
    assert where.startswith("    ") and "first: " in where  # the error's own detail, under it


def test_no_hint_on_a_call_in_the_right_order_or_a_run_that_works(tmp_path):
    assert invoke("score", GOLD, PRED, "-d", WORDS, "-q").stdout == "0.636\n"
    assert invoke("sighan", WORDS, GOLD, PRED).exit_code == 0
    other = tmp_path / "other.txt"
    other.write_text("完全 不同 的 句子\n", encoding="utf-8")
    line = error_line(invoke("score", GOLD, other))
    assert "looks like a word list" not in line


def test_no_hint_for_commands_without_a_gold_first():
    assert argument_order_hint("segment", {"text": WORDS}) is None
    assert argument_order_hint("score", {"gold": "-", "predictions": (GOLD,)}) is None
    assert argument_order_hint("score", {"gold": WORDS, "predictions": ()}) is None


@pytest.mark.parametrize("command", ["score", "sighan"])
def test_the_bakeoff_files_in_the_other_order(icwb2, command):
    words = str(icwb2 / "gold" / "pku_training_words.utf8")
    gold = str(icwb2 / "gold" / "pku_test_gold.utf8")
    pred = str(icwb2 / "testing" / "pku_test.utf8")  # unsegmented: a prediction all the same
    if command == "score":
        line = error_line(invoke("score", words, gold, pred))
        expected = shlex.join(["wsscore", "score", gold, pred, "-d", words])
        assert line.endswith(f"(the Perl order WORDS GOLD PRED); run: {expected}")
    else:
        # The gold given as the word list is warned about as it is read.
        result = invoke("sighan", gold, pred, words)
        first, detail, where = result.stderr.splitlines()[-3:]
        assert "the prediction is not a segmentation of this gold" in detail
        assert where.startswith("    ") and "first: " in where
        expected = shlex.join(["wsscore", "sighan", words, gold, pred])
        assert first.endswith(expected)
        assert "looks like a word list, one word a line" in first


# --- committee members that are the gold or the word list ---------------------------------------


def test_a_committee_glob_that_took_the_word_list(tmp_path):
    line = error_line(invoke("score", GOLD, PRED, "-d", WORDS, "--committee", PRED, WORDS))
    assert line == (
        f"wsscore: error: --committee {WORDS} is the same file as -d {WORDS}: a committee "
        "member is a segmentation of the test set, not the gold or a word list (leave it out "
        "of the committee: a shell glob such as pku_* takes every file it matches)"
    )


def test_a_committee_member_that_is_the_gold_by_another_name(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(GOLD)
    line = error_line(invoke("score", GOLD, PRED, "--committee", PRED, str(link)))
    assert line.startswith(f"wsscore: error: --committee {link} is the same file as the gold ")


def test_the_training_corpus_and_the_report_are_guarded_too(tmp_path):
    line = error_line(invoke("score", GOLD, PRED, "--train", GOLD, "--committee", PRED, GOLD))
    assert "--committee" in line and "is the same file as" in line
    line = error_line(
        invoke("report", GOLD, PRED, "-o", tmp_path / "p.html", "--committee", PRED, GOLD)
    )
    assert line.startswith(f"wsscore: error: --committee {GOLD} is the same file as the gold")


def test_difficulty_members_that_are_the_gold():
    line = error_line(invoke("difficulty", GOLD, PRED, GOLD))
    assert line.startswith(
        f"wsscore: error: the segmentation {GOLD} is the same file as the gold {GOLD}: "
    )


def test_a_copy_of_the_gold_is_a_member_like_any_other(tmp_path):
    copy = tmp_path / "copy.txt"
    copy.write_bytes(Path(GOLD).read_bytes())
    result = invoke("score", GOLD, PRED, "--committee", PRED, copy, "-q")
    assert (result.exit_code, result.stdout) == (0, "0.636\n")


def test_errors_given_three_files_in_the_perl_order():
    # errors takes one PRED: the third file, click's extra argument, is the order's refusal,
    # and the call shown takes it.
    line = error_line(invoke("errors", WORDS, GOLD, PRED))
    assert line == perl_order_refusal("errors", GOLD, PRED)
    plain = error_line(invoke("errors", GOLD, PRED, PRED))
    assert plain == (
        f"wsscore: error: Got unexpected extra argument ({PRED}) (see 'wsscore errors --help')"
    )
