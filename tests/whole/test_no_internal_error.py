"""No internal error from any input, and messages that say what is wrong (issue 21, items 7 and
11): each hostile input below ended in ``internal error`` (or a misleading message) before; now
each gets exit 2 and one line naming the file (and line and column where there is one), with no
traceback and nothing on standard output, or it works.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import messages_of

from wsscore.cli.app import cli

LONG_NUMBER = "1" * 5000  # over Python's int max str digits (4300)
DEEP_JSON = "[" * 100_000 + "]" * 100_000
GOLD_WORDS = "我们 走\n他 来\n"
GOLD_JSONL = '["我们", "走"]\n["他", "来"]\n'


@dataclass
class Run:
    status: int
    stdout: str
    stderr: str


def run_cli(directory: Path, *args: str, stdin: str = "") -> Run:
    import os

    before = os.getcwd()
    os.chdir(directory)  # the messages name files as given: relative to here
    try:
        result = CliRunner().invoke(cli, list(args), input=stdin)
    finally:
        os.chdir(before)
    return Run(result.exit_code, result.stdout, result.stderr)


def assert_one_error(run: Run, *parts: str) -> str:
    """Exit 2, nothing on stdout, one line on stderr holding every part; returns the line."""
    assert run.status == 2, run
    assert run.stdout == ""
    lines = [m for m in messages_of(run.stderr) if not m.startswith("wsscore: warning")]
    assert len(lines) == 1, run.stderr
    line = lines[0]  # its first line and its detail
    assert line.startswith("wsscore: error: "), line
    assert "internal error" not in line and "Traceback" not in run.stderr
    assert "sys.set_int_max_str_digits" not in line  # Python's own hint is no hint for a user
    for part in parts:
        assert part in line, (part, line)
    return line


def write(directory: Path, name: str, text: str | bytes) -> str:
    path = directory / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return name


# --- item 7: JSON Lines ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pred", "parts"),
    [
        (f'["我们", "走"]\n[{LONG_NUMBER}]\n', ("pred.jsonl:2:", "5000 digits", "not a string")),
        (f'["我们", "走"]\n{DEEP_JSON}\n', ("pred.jsonl:2:", "nested too deeply")),
        ('["我们", "走"]\n["\\ud800", "来"]\n', ("pred.jsonl:2:3:", "\\ud800", "lone surrogate")),
        ('["我们", "走"]\n["他", "来\\udcff"]\n', ("pred.jsonl:2:", "\\udcff", "lone surrogate")),
    ],
    ids=["long-number", "deep-nesting", "lone-high-surrogate", "lone-low-surrogate"],
)
def test_a_hostile_json_line_gets_one_line(tmp_path, pred, parts):
    write(tmp_path, "gold.jsonl", GOLD_JSONL)
    write(tmp_path, "pred.jsonl", pred)
    run = run_cli(tmp_path, "score", "gold.jsonl", "pred.jsonl", "--input-format", "jsonl")
    assert_one_error(run, *parts)


@pytest.mark.parametrize(
    "first_line", [f"[{LONG_NUMBER}]", DEEP_JSON, '["\\ud800"]'], ids=["number", "deep", "lone"]
)
def test_format_detection_survives_a_hostile_json_line(tmp_path, first_line):
    """Detection parses the first lines as JSON too: the same guard keeps it from failing."""
    write(tmp_path, "gold.txt", GOLD_WORDS)
    write(tmp_path, "pred.jsonl", f'{first_line}\n["他", "来"]\n')
    assert_one_error(run_cli(tmp_path, "score", "gold.txt", "pred.jsonl"), "pred.jsonl")


def test_a_long_number_beside_the_words_is_ignored_with_its_key(tmp_path):
    write(tmp_path, "gold.jsonl", GOLD_JSONL)
    pred = f'{{"tokens": ["我们", "走"], "id": {LONG_NUMBER}}}\n["他", "来"]\n'
    write(tmp_path, "pred.jsonl", pred)
    run = run_cli(tmp_path, "score", "gold.jsonl", "pred.jsonl", "-f", "json")
    assert run.status == 0, run.stderr
    assert json.loads(run.stdout)["systems"][0]["counts"]["correct"] == 4


@pytest.mark.parametrize("command", ["score", "report", "errors", "difficulty"])
def test_a_lone_surrogate_escape_is_refused_by_every_command(tmp_path, command):
    """It cannot be written out (UTF-8 has no lone surrogates): each command that writes words
    ended in an internal error; the reader refuses it, for all of them alike."""
    write(tmp_path, "gold.jsonl", '["我们", "走"]\n["\\ud800", "来"]\n')
    write(tmp_path, "pred.jsonl", '["我们", "走"]\n["\\ud800来"]\n')
    write(tmp_path, "other.jsonl", '["我", "们", "走"]\n["\\ud800", "来"]\n')
    args = [command, "gold.jsonl", "pred.jsonl", "--input-format", "jsonl"]
    if command == "difficulty":
        args.append("other.jsonl")
    if command == "report":
        args += ["-o", "page.html"]
    assert_one_error(run_cli(tmp_path, *args), "gold.jsonl:2:3:", "lone surrogate")
    assert not (tmp_path / "page.html").exists()


# --- item 7: CoNLL-U, manifests, difficulty files -----------------------------------------------

CONLLU_WORDS = "1\t我\t_\t_\t_\t_\t0\troot\t_\t_\n2\t们\t_\t_\t_\t_\t1\tdep\t_\t_\n\n"


@pytest.mark.parametrize(
    ("pred", "where"),
    [
        (f"{LONG_NUMBER}-2\t我们\t_\t_\t_\t_\t_\t_\t_\t_\n" + CONLLU_WORDS, "pred.conllu:1:1:"),
        (f"1-{LONG_NUMBER}\t我们\t_\t_\t_\t_\t_\t_\t_\t_\n" + CONLLU_WORDS, "pred.conllu:1:1:"),
        (
            "1-2\t我们\t_\t_\t_\t_\t_\t_\t_\t_\n1\t我\t_\t_\t_\t_\t0\troot\t_\t_\n"
            f"{LONG_NUMBER}\t们\t_\t_\t_\t_\t1\tdep\t_\t_\n\n",
            "pred.conllu:3:",
        ),
    ],
    ids=["range-start", "range-end", "word-of-a-range"],
)
def test_a_conllu_id_of_5000_digits_gets_one_line(tmp_path, pred, where):
    write(tmp_path, "gold.txt", "我们\n")
    write(tmp_path, "pred.conllu", pred)
    run = run_cli(tmp_path, "score", "gold.txt", "pred.conllu", "--pred-format", "conllu")
    assert_one_error(run, where, "5000 digits")


@pytest.mark.parametrize("depth", [5000, 100_000])
def test_a_manifest_nested_too_deeply_gets_one_line(tmp_path, depth):
    write(tmp_path, "suite.toml", '[corpora.a]\ngold = "gold.txt"\n[systems]\nx = ')
    with (tmp_path / "suite.toml").open("a", encoding="utf-8") as handle:
        handle.write("[" * depth + "]" * depth + "\n")
    assert_one_error(run_cli(tmp_path, "suite", "suite.toml"), "suite.toml:4:", "too deeply")


@pytest.mark.parametrize(
    ("row", "parts"),
    [
        (f"{LONG_NUMBER}\t0\t2\t我们\t0.5", ("line has 5000 digits",)),
        (f"1\t0\t{LONG_NUMBER}\t我们\t0.5", ("end has 5000 digits",)),
        ("1\t٠\t2\t我们\t0.5", ("start '٠' is not a whole number",)),
    ],
    ids=["line", "end", "arabic-indic-digit"],
)
def test_a_difficulty_row_with_a_bad_number_gets_one_line(tmp_path, row, parts):
    write(tmp_path, "gold.txt", GOLD_WORDS)
    write(tmp_path, "pred.txt", GOLD_WORDS)
    write(tmp_path, "difficulty.tsv", f"line\tstart\tend\tword\tdifficulty\n{row}\n")
    run = run_cli(tmp_path, "score", "gold.txt", "pred.txt", "--difficulty", "difficulty.tsv")
    assert_one_error(run, "difficulty.tsv:2:", "not a difficulty row", *parts)


# --- item 7: undecodable bytes on the report page -----------------------------------------------


def test_the_report_page_shows_an_undecodable_byte_as_the_messages_do(tmp_path):
    text = b"ab cd\nef \xffg\n"
    write(tmp_path, "gold.txt", text)
    write(tmp_path, "pred.txt", text)
    run = run_cli(tmp_path, "report", "gold.txt", "pred.txt", "--encoding", "utf-8", "-o", "p.html")
    assert run.status == 0, run.stderr
    assert "1 byte(s) are not valid utf-8" in run.stderr
    page = (tmp_path / "p.html").read_bytes().decode("utf-8")  # the page stays UTF-8
    found = re.search(r'<script[^>]*id="wsscore-sentences"[^>]*>(.*?)</script>', page, re.S)
    assert found is not None
    sentences = json.loads(found.group(1))["sentences"]
    assert sentences[1][1] == "ef \\xffg"  # the byte, shown as `wsscore score`'s messages show it


# --- item 11: messages --------------------------------------------------------------------------


def test_one_nul_byte_in_utf8_is_a_nul_byte_at_its_place_not_utf16(tmp_path):
    write(tmp_path, "gold.txt", GOLD_WORDS)
    write(tmp_path, "pred.txt", "我们 走\n他 来\0\n".encode())
    line = assert_one_error(run_cli(tmp_path, "score", "gold.txt", "pred.txt"), "pred.txt:2:8:")
    assert "NUL byte" in line and "UTF-16" not in line


@pytest.mark.parametrize("codec", ["utf-16-be", "utf-16-le"])
def test_utf16_without_a_bom_is_still_named(tmp_path, codec):
    write(tmp_path, "gold.txt", GOLD_WORDS)
    write(tmp_path, "pred.txt", GOLD_WORDS.encode(codec))
    run = run_cli(tmp_path, "score", "gold.txt", "pred.txt")
    assert_one_error(run, "pred.txt", f"looks like {codec.upper()} without a byte-order mark")


def test_a_manifest_from_standard_input_is_refused_as_such(tmp_path):
    run = run_cli(tmp_path, "suite", "-", stdin='[corpora.a]\ngold = "gold.txt"\n')
    line = assert_one_error(run, "-: a manifest cannot be read from standard input")
    assert "no such manifest file" not in line


LABELS = [("a\tb", "a tab"), ("a\nb", "a line feed"), ("a\rb", "a carriage return")]


@pytest.mark.parametrize(("label", "flaw"), LABELS, ids=["tab", "newline", "return"])
@pytest.mark.parametrize(
    "command",
    [
        ["score", "gold.txt", "pred.txt", "-f", "text"],
        ["score", "gold.txt", "pred.txt", "-f", "markdown"],
        ["score", "gold.txt", "pred.txt", "-f", "tsv"],
        ["score", "gold.txt", "pred.txt", "-f", "json"],
        ["errors", "gold.txt", "pred.txt"],
        ["compare", "gold.txt", "pred.txt", "pred.txt", "--name", "base"],
        ["report", "gold.txt", "pred.txt", "-o", "page.html"],
    ],
    ids=["text", "markdown", "tsv", "json", "errors", "compare", "report"],
)
def test_a_name_with_a_tab_or_line_break_is_refused_in_every_format(tmp_path, command, label, flaw):
    write(tmp_path, "gold.txt", GOLD_WORDS)
    write(tmp_path, "pred.txt", GOLD_WORDS)
    run = run_cli(tmp_path, *command, "--name", label)
    assert_one_error(run, f"--name {label!r} holds {flaw}", "one line of text")
    assert not (tmp_path / "page.html").exists()


@pytest.mark.parametrize(
    "manifest",
    [
        '[corpora.a]\ngold = "gold.txt"\n[systems]\n"x\\ty" = "pred.txt"\n',
        '[corpora."a\\nb"]\ngold = "gold.txt"\n[systems]\nx = "pred.txt"\n',
    ],
    ids=["system", "corpus"],
)
def test_a_suite_name_with_a_tab_or_line_break_is_refused(tmp_path, manifest):
    write(tmp_path, "gold.txt", GOLD_WORDS)
    write(tmp_path, "pred.txt", GOLD_WORDS)
    write(tmp_path, "suite.toml", manifest)
    assert_one_error(run_cli(tmp_path, "suite", "suite.toml"), "suite.toml: ", "one line of text")
