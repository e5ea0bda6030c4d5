"""wsscore convert: every format written in every other, and read back to the same sentences."""

from __future__ import annotations

import importlib.util
import itertools
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, ROOT

from wsscore.cli.app import cli
from wsscore.errors import Warnings
from wsscore.inputs.formats import FORMATS, FormatOptions, read_sentences

SAME = {
    "words": FIXTURES / "formats" / "same.words.txt",
    "tagged": FIXTURES / "formats" / "same.tagged.txt",
    "chars": FIXTURES / "formats" / "same.chars.txt",
    "conllu": FIXTURES / "formats" / "same.conllu",
    "jsonl": FIXTURES / "formats" / "same.jsonl",
}
TAGGED_FORMATS = ("tagged", "chars", "conllu", "jsonl", "vlsp")


def _convert(*args: object, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """``wsscore convert ARGS``, in this process (what is tested is the conversion, not the
    process, whose start cost more than most conversions): its status and output in bytes."""
    done = CliRunner().invoke(cli, ["convert", *map(str, args)], input=stdin)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception  # a traceback, which the process would have printed
    return subprocess.CompletedProcess(args, done.exit_code, done.stdout_bytes, done.stderr_bytes)


def _sentences(path: Path, fmt: str) -> list[list[tuple[str, str | None]]]:
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines[-1] == "":
        lines.pop()
    read = read_sentences(
        fmt, lines, name=path.name, warnings=Warnings(quiet=True), options=FormatOptions()
    )
    return [[(token.word, token.tag) for token in sentence.syntactic()] for sentence in read]


@pytest.mark.parametrize(("source", "target"), list(itertools.product(SAME, FORMATS)))
def test_a_round_trip_keeps_words_and_tags(tmp_path: Path, source: str, target: str) -> None:
    written = tmp_path / f"out.{target}"
    done = _convert(SAME[source], "--to", target, "-o", written)
    original = _sentences(SAME[source], source)
    if target == "tagged" and any(tag is None for s in original for _, tag in s):
        # Words (and the CoNLL-U fixture's word with UPOS "_") carry no tag, and tagged needs
        # one per word: refused, on one line, with nothing written.
        assert done.returncode == 2 and done.stderr.decode().count("\n") == 1
        assert b"has no tags" in done.stderr and not written.exists()
        return
    tags = {tag is None for s in original for _, tag in s}
    if target == "vlsp" and len(tags) == 2:
        # Some words tagged and others not (the CoNLL-U fixture's UPOS "_"): a VLSP file tags
        # every word or none, decided once per file. Refused the same way.
        assert done.returncode == 2 and done.stderr.decode().count("\n") == 1
        assert b"some words of the sentence have a tag" in done.stderr and not written.exists()
        return
    assert done.returncode == 0, done.stderr
    back = _sentences(written, target)
    assert [[w for w, _ in s] for s in back] == [[w for w, _ in s] for s in original]
    if source in TAGGED_FORMATS and target in TAGGED_FORMATS:
        assert back == original  # the tags too


def test_the_words_of_the_fixture_sentences(tmp_path: Path) -> None:
    # Hand-checked: the tagged fixture's first sentence has People's Daily brackets; converting
    # to words keeps the inner words and drops the phrase tag.
    done = _convert(SAME["tagged"], "--to", "words")
    first = done.stdout.decode("utf-8").splitlines()[0]
    assert first == "中央 人民 广播 电台 报道 。"


def test_standard_input_and_a_given_source_format() -> None:
    data = "中国/NR 人民/NN\n".encode()
    done = _convert("-", "--from", "tagged", "--to", "chars", stdin=data)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == "中\tB-NR\n国\tE-NR\n人\tB-NN\n民\tE-NN\n\n"


def test_an_output_that_is_the_input_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "same.conllu"
    copy.write_bytes(SAME["conllu"].read_bytes())
    done = _convert(copy, "--to", "words", "-o", copy)
    assert done.returncode == 2
    assert b"is the same file as the input" in done.stderr
    assert copy.read_bytes() == SAME["conllu"].read_bytes()


# --- CoNLL-U output as conll18_ud_eval.py reads it, and what cannot be written ------------------

UD = ROOT.parent / "shared" / "ud"


def _reference():
    """conll18_ud_eval.py imported as a module (its load_conllu_file and evaluate)."""
    script = UD / "conll18_ud_eval.py"
    if not script.is_file():
        pytest.skip("conll18_ud_eval.py (../shared/ud) is not here")
    spec = importlib.util.spec_from_file_location("conll18_ud_eval", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("source", list(SAME))
def test_conllu_output_loads_in_the_reference_and_scores_itself_fully(
    tmp_path: Path, source: str
) -> None:
    reference = _reference()
    written = tmp_path / "out.conllu"
    done = _convert(SAME[source], "--to", "conllu", "-o", written)
    assert done.returncode == 0, done.stderr
    loaded = reference.load_conllu_file(str(written))  # used to fail: "Cannot parse HEAD '_'"
    scores = reference.evaluate(loaded, reference.load_conllu_file(str(written)))
    assert len(loaded.words) == sum(len(s) for s in _sentences(SAME[source], source))
    for metric in ("Tokens", "Sentences", "Words", "UPOS", "UAS", "LAS"):
        assert scores[metric].f1 == 1.0, metric


@pytest.mark.slow
@pytest.mark.parametrize("column", ["upos", "xpos"])
def test_the_converted_ud_test_gold_scores_fully_against_the_original(
    tmp_path: Path, column: str
) -> None:
    reference = _reference()
    gold = UD / "zh_gsd-ud-test.conllu"
    if not gold.is_file():
        pytest.skip("the UD Chinese GSD test set (../shared/ud) is not here")
    written = tmp_path / "gsd.conllu"
    done = _convert(gold, "--to", "conllu", "--tag-column", column, "-o", written)
    assert done.returncode == 0, done.stderr
    scores = reference.evaluate(
        reference.load_conllu_file(str(gold)), reference.load_conllu_file(str(written))
    )
    assert scores["Words"].correct == scores["Words"].gold_total == 12010
    assert scores[column.upper()].correct == 12010
    other = "XPOS" if column == "upos" else "UPOS"
    assert scores[other].correct == 0  # the other tag column is _
    # The text and SpaceAfter are the original's, word for word (the 19 texts with spaces too).
    assert _texts_and_spaces(written) == _texts_and_spaces(gold)


def _texts_and_spaces(path: Path) -> list[object]:
    kept: list[object] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        columns = line.split("\t")
        if line.startswith("# text"):
            kept.append(line)
        elif len(columns) == 10 and "." not in columns[0]:
            kept.append((columns[0], columns[1], "SpaceAfter=No" in columns[9]))
    return kept


def test_conllu_output_puts_the_tags_in_the_named_column() -> None:
    data = "中国/NR 人民/NN\n".encode()
    done = _convert("-", "--from", "tagged", "--to", "conllu", "--tag-column", "xpos", stdin=data)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines() == [
        "# sent_id = 1",
        "# text = 中国人民",
        "1\t中国\t_\t_\tNR\t_\t0\troot\t_\tSpaceAfter=No",
        "2\t人民\t_\t_\tNN\t_\t1\tdep\t_\tSpaceAfter=No",
        "",
    ]


@pytest.mark.parametrize(
    ("line", "target", "what"),
    [
        ('[["中国", "NR/X"]]', "tagged", "the tag 'NR/X' would be written '中国/NR/X'"),
        ('[["中国", "NR]"]]', "tagged", "the tag 'NR]'"),
        ('[["中国", "N R"]]', "tagged", "the tag 'N R'"),
        ('[["[中国", "NR"]]', "tagged", "the word '[中国'"),
        ('[["中国", "N R"]]', "chars", "the tag 'N R'"),
        ('[["中国", "_"]]', "conllu", "the tag '_'"),
    ],
)
def test_what_would_read_back_differently_is_refused_on_one_line(
    tmp_path: Path, line: str, target: str, what: str
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text('[["他", "PN"]]\n' + line + "\n", encoding="utf-8")
    written = tmp_path / "out"
    done = _convert(source, "--to", target, "-o", written)
    assert done.returncode == 2
    stderr = done.stderr.decode()
    assert stderr.count("\n") == 1 and "Traceback" not in stderr
    assert f"{source}:2: the word " in stderr
    assert what in stderr and "reads differently" in stderr
    assert not written.exists()


@pytest.mark.parametrize("target", ["chars", "conllu"])
def test_empty_sentences_that_a_format_cannot_hold_are_told(target: str) -> None:
    done = _convert("-", "--from", "words", "--to", target, stdin="中国\n\n\n人民\n".encode())
    assert done.returncode == 0
    assert done.stderr.decode() == (
        "wsscore: warning: <stdin>: 2 empty sentence(s) left out, the first at line 2: "
        f"{target} cannot hold an empty sentence (convert to words, tagged or jsonl to keep "
        "them)\n"
    )


VIETNAMESE = FIXTURES / "vietnamese" / "gold.vlsp.txt"
THAI = FIXTURES / "thai" / "gold.best.txt"


def test_vlsp_through_chars_of_syllables_comes_back_byte_for_byte(tmp_path: Path) -> None:
    chars = tmp_path / "gold.chars"
    assert _convert(VIETNAMESE, "--to", "chars", "--unit", "syllable", "-o", chars).returncode == 0
    lines = chars.read_text(encoding="utf-8").split("\n")
    assert lines[:10] == ["Hà\tB", "Nội\tE", "là\tS", "thủ\tB", "đô\tE", "của\tS", "Việt\tB",
                          "Nam\tE", ".\tS", ""]  # fmt: skip
    back = _convert(chars, "--from", "chars", "--unit", "syllable", "--to", "vlsp")
    assert back.returncode == 0 and back.stdout == VIETNAMESE.read_bytes()
    # Without --unit syllable, a chars line is a character and the syllables are lost.
    plain = _convert(VIETNAMESE, "--to", "chars").stdout.decode().split("\n")
    assert plain[:3] == ["H\tB", "à\tM", "N\tM"]


def test_thai_best_through_chars_of_graphemes_keeps_its_words(tmp_path: Path) -> None:
    chars = tmp_path / "gold.chars"
    assert _convert(THAI, "--to", "chars", "--unit", "grapheme", "-o", chars).returncode == 0
    lines = chars.read_text(encoding="utf-8").split("\n")
    # ผม|ชอบ|กิน|ข้าวผัด|: กิ and ข้ are one cluster each, า (a letter, not a mark) its own.
    assert lines[:13] == ["ผ\tB", "ม\tE", "ช\tB", "อ\tM", "บ\tE", "กิ\tB", "น\tE", "ข้\tB",
                          "า\tM", "ว\tM", "ผั\tM", "ด\tE", "กุ้\tB"]  # fmt: skip
    back = tmp_path / "back.best.txt"
    done = _convert(chars, "--from", "chars", "--unit", "grapheme", "--to", "best", "-o", back)
    assert done.returncode == 0
    # BEST's spaces (| |) and <NE> marks are no words, which chars cannot hold: the words stay.
    assert _sentences(back, "best") == _sentences(THAI, "best")
    again = _convert(back, "--to", "chars", "--unit", "grapheme")
    assert again.returncode == 0 and again.stdout == chars.read_bytes()


def test_chars_of_graphemes_refuses_a_line_of_several_clusters() -> None:
    done = _convert("-", "--from", "chars", "--unit", "grapheme", "--to", "words",
                    stdin="กำ\tB\nลั\tE\n\nกำลัง\tS\n".encode())  # fmt: skip
    assert done.returncode == 2 and done.stdout == b""
    error = done.stderr.decode()
    assert error.count("\n") == 1 and "Traceback" not in error
    assert (
        "<stdin>:4:1: 'กำลัง' is 3 graphemes; with --unit grapheme a chars line holds one" in error
    )
