"""Each thing said once, where a person looks (issue 37, item 2): on a terminal the run's
warnings come under the table that they are about (and the table leaves out its note that
repeats one), wrapped to the terminal's width; to a file or a pipe they go to standard error as
they come, one line each, and the table keeps its notes; `suite` says a warning of several
corpora once."""

from __future__ import annotations

import subprocess
import sys
import termios
from pathlib import Path

import pytest
from conftest import on_terminal

from wsscore.errors import Warnings, fitted_to_stderr, held_warnings, warnings_held
from wsscore.formatting import display_width
from wsscore.scoring.suite import CorpusRun, gathered_warnings

NOTE = "words touching them count as wrong"

pytestmark = pytest.mark.skipif(not hasattr(termios, "TIOCSWINSZ"), reason="no pty window size")


@pytest.fixture
def differing(tmp_path: Path) -> Path:
    (tmp_path / "gold.txt").write_text("中文 分词\n我们 是\n", encoding="utf-8")
    (tmp_path / "pred.txt").write_text("中文 分詞\n我们 是\n", encoding="utf-8")
    return tmp_path


def _piped(args: list[object], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wsscore", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_on_a_terminal_the_warning_comes_once_under_the_table(differing: Path) -> None:
    args = ["score", "gold.txt", "pred.txt", "--mismatch", "align"]
    piped = _piped(args, differing)
    warning = piped.stderr.strip()
    assert warning.startswith("wsscore: warning: pred.txt: 1 character(s)")
    first, detail = warning.split("\n")  # the fix first; where it shows, indented
    assert first.endswith(")") and detail.startswith("  first: ")
    assert NOTE in piped.stdout  # the file keeps what the table says about itself

    status, shown, _ = on_terminal(args, 80, differing, stderr_too=True)
    assert status == 0
    assert shown.count("1 character(s) on 1 line(s)") == 1  # said once: the note left out
    table_end = shown.index("└")
    assert shown.index("wsscore: warning:") > table_end  # under the table
    assert max(display_width(line) for line in shown.splitlines()) <= 80
    # The same words, wrapped at spaces: a file name or a code point is never cut.
    under = shown[shown.index("wsscore: warning:") :]
    assert " ".join(under.split()) == " ".join(warning.split())


def test_on_a_terminal_warnings_held_for_the_table_come_before_an_error(
    differing: Path,
) -> None:
    (differing / "empty.txt").write_text("\n\n", encoding="utf-8")
    (differing / "other.txt").write_text("完全 不同\n的 文字\n", encoding="utf-8")
    status, shown, _ = on_terminal(
        ["score", "gold.txt", "other.txt", "-d", "empty.txt"], 100, differing, stderr_too=True
    )
    assert status == 2
    warning = shown.index("wsscore: warning: empty.txt: the dictionary holds no words")
    assert warning < shown.index("wsscore: error: other.txt:")  # none lost, in order


def test_quiet_and_files_print_warnings_as_they_come(differing: Path) -> None:
    for extra in (["-q"], ["-f", "text"], ["-o", "out.txt"]):
        status, shown, _ = on_terminal(
            ["score", "gold.txt", "pred.txt", "--mismatch", "align", *extra],
            200,
            differing,
            stderr_too=True,
        )
        assert status == 0
        assert shown.startswith("wsscore: warning: pred.txt: 1 character(s)"), extra


def test_held_warnings_are_printed_when_the_block_ends_however_it_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    warnings = Warnings()
    with pytest.raises(RuntimeError), held_warnings():
        assert warnings_held()
        warnings.warn("first")
        assert capsys.readouterr().err == ""  # held
        raise RuntimeError
    assert not warnings_held()
    assert capsys.readouterr().err == "wsscore: warning: first\n"
    assert warnings.messages == ["first"]  # kept for the JSON as before


def test_a_warning_is_wrapped_at_spaces_to_the_terminal_of_standard_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    line = "wsscore: warning: " + " ".join(["/a/very/long/path/name.txt"] * 5) + "; do this"
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert fitted_to_stderr(line) == line
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setenv("COLUMNS", "60")
    wrapped = fitted_to_stderr(line + "\n  the detail, on its own line")
    lines = wrapped.split("\n")
    assert all(len(part) <= 60 for part in lines)
    assert all(part.startswith("  ") for part in lines[1:])  # continuation, indented
    assert " ".join(wrapped.split()) == " ".join((line + " the detail, on its own line").split())
    assert lines[-1] == "  the detail, on its own line"  # a line break of the message kept


def test_suite_says_a_warning_of_several_corpora_once() -> None:
    def run(name: str, *warnings: str) -> CorpusRun:
        return CorpusRun(name, None, {}, list(warnings))

    runs = [run("as", "w1", "w2", "w1"), run("cityu"), run("msr", "w2"), run("pku", "w1")]
    assert gathered_warnings(runs) == ["as, pku: w1", "as, msr: w2"]


@pytest.mark.parametrize(
    ("policy", "pred"),
    [
        ("warn", "中文 分詞\n我们 是\n"),  # 1 of 2 lines differ, over 10 %: refused
        ("align", "中文 分詞\n我们 是\n"),  # scored, with a warning
        ("error", "中文 分詞\n我们 是\n"),  # refused at the first difference
        ("warn", "中文 分词\n我们 是\n多 了\n"),  # a line too many
    ],
)
def test_a_mismatch_says_what_is_wrong_and_what_to_do_first(
    tmp_path: Path, policy: str, pred: str
) -> None:
    """Issue 37, item 3: the first line is the diagnosis and the fix (at most 160 characters
    besides the file's name); where the texts differ follows, indented."""
    (tmp_path / "gold.txt").write_text("中文 分词\n我们 是\n", encoding="utf-8")
    (tmp_path / "pred.txt").write_text(pred, encoding="utf-8")
    done = _piped(["score", "gold.txt", "pred.txt", "--mismatch", policy, "-q"], tmp_path)
    first, detail = done.stderr.splitlines()
    assert first.startswith(("wsscore: error: pred.txt: ", "wsscore: warning: pred.txt: "))
    assert len(first) <= 160 and first.endswith(")"), first  # the fix, in parentheses
    assert "--mismatch" in first
    assert detail.startswith("  ") and "first: " in detail
    assert "; the gold has 2 lines, the prediction " in detail
