"""Start-up stays small: the plain commands import neither rich nor chardet (issue: a CI step
scoring many small files must not be dominated by imports); ``--version`` and ``--help`` import
neither click nor any command, and print what click prints."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence

import pytest
from conftest import FIXTURES, ROOT

from wsscore.cli import answers, help_text
from wsscore.core import backend

HEAVY = ("rich", "chardet", "multiprocessing", "matplotlib")


def _modules(*args: str) -> set[str]:
    """Modules imported by `wsscore ARGS`, from `python -X importtime`."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "wsscore", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def _imported(*args: str) -> set[str]:
    """Top-level packages imported by `wsscore ARGS`."""
    return {name.split(".")[0] for name in _modules(*args)}


@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["score", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), "-q"],
        [
            "score",
            str(FIXTURES / "gold.txt"),
            str(FIXTURES / "gbk" / "pred.txt"),
            "-d",
            str(FIXTURES / "words.txt"),
            "-f",
            "json",
        ],
    ],
    ids=["version", "score-quiet", "score-json-gbk"],
)
def test_plain_commands_do_not_import_heavy_packages(args):
    imported = _imported(*args)
    assert "wsscore" in imported  # the log was read
    assert not imported & set(HEAVY), imported & set(HEAVY)


def test_the_log_shows_rich_when_a_table_is_drawn():
    # The control: the check above would see rich if it were imported.
    args = ["score", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), "-f", "table"]
    assert "rich" in _imported(*args)


# All that `wsscore --version` and `--help` may load of wsscore (python -m adds __main__).
ANSWERING = {
    "wsscore",
    "wsscore.__main__",
    "wsscore._version",
    "wsscore._entry",
    "wsscore.interrupts",
    "wsscore.cli",
    "wsscore.cli.answers",
    "wsscore.cli.help_text",
}


@pytest.mark.parametrize("flag", ["--version", "-V", "--help", "-h"])
def test_version_and_help_import_no_click_and_no_command(flag):
    modules = _modules(flag)
    assert "wsscore._entry" in modules  # the log was read
    ours = {name for name in modules if name.split(".")[0] == "wsscore"}
    assert ours <= ANSWERING, ours - ANSWERING
    assert "click" not in modules


# What a command's help needs no part of: the scorer, the readers, the alignment, the counting.
SCORING = (
    "wsscore.scoring",
    "wsscore.align",
    "wsscore.inputs.formats",
    "wsscore.inputs.dictionary",
    "wsscore.core.backend",
    "wsscore._speedups",
)
LOADED_AFTER = """
import sys
from wsscore.cli.app import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


def _loaded_after(*args: str) -> set[str]:
    """Every module loaded once `wsscore ARGS` has run (importlib's imports too)."""
    done = subprocess.run(
        [sys.executable, "-c", LOADED_AFTER, *args], capture_output=True, text=True, check=False
    )
    return set(done.stderr.split())


@pytest.mark.parametrize("command", ["score", "errors"])
def test_a_command_s_help_imports_no_scoring(command):
    loaded = _loaded_after(command, "--help")
    assert f"wsscore.cli.commands.{command}" in loaded  # the list was read
    assert not {name for name in loaded if name.startswith(SCORING)}


def test_the_control_scoring_imports_them():
    # The check above would see them: a plain score loads every one of them.
    loaded = _loaded_after("score", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"))
    expected = SCORING if backend.NAME == "c" else SCORING[:-1]  # the C speed-ups last
    assert all(any(name.startswith(part) for name in loaded) for part in expected)


# What a plain score (a word list, one process, the F alone) has no use for: the parallel
# scoring (only -j), JSON (only -f json and messages naming a value), the resampling, and the
# Python references of what the C speed-ups do. Loading them cost a small file's run a tenth of
# its time (issue 35: the Perl script's MSR and PKU, fixed costs).
UNUSED_BY_PLAIN = (
    "json",
    "multiprocessing",
    "concurrent",
    "rich",
    "chardet",
    "wsscore.align.parallel",
    # The table layouts: -q prints F alone (their dataclasses cost a twentieth of a run).
    "wsscore.output.present",
    "wsscore.output.tables",
    "wsscore.gates",  # only a run with --fail-under or --max-drop
    # The figures of analyses a plain run does not ask for: --tags, --committee.
    "wsscore.metrics.tags",
    "wsscore.scoring.tag_collector",
    "wsscore.metrics.difficulty",
    "wsscore.metrics.sentence_tokens",
)
PYTHON_REFERENCES = (
    "random",
    "wsscore.core.blocks",
    "wsscore.core.conllu_scan",
    "wsscore.core.draws",
    "wsscore.core.side_by_side",
    "wsscore.core.tags",
)
PLAIN = (
    "score",
    str(FIXTURES / "gold.txt"),
    str(FIXTURES / "pred.txt"),
    "-d",
    str(FIXTURES / "words.txt"),
    "-q",
    "--jobs",
    "1",
)


def _loaded_of(loaded: set[str], names: Sequence[str]) -> set[str]:
    """The modules of ``loaded`` that are one of ``names`` or inside one of them."""
    return {
        name
        for name in loaded
        if any(name == part or name.startswith(f"{part}.") for part in names)
    }


def test_a_plain_score_imports_only_what_it_uses():
    loaded = _loaded_after(*PLAIN)
    assert "wsscore.scoring.scorer" in loaded  # the list was read
    unused = UNUSED_BY_PLAIN + (PYTHON_REFERENCES if backend.NAME == "c" else ())
    assert not _loaded_of(loaded, unused), _loaded_of(loaded, unused)


def test_the_control_bootstrap_and_json_load_them():
    # The check above would see them: intervals load the resampling, -f json loads json.
    loaded = _loaded_after(*PLAIN[:-3], "--jobs", "2", "--ci", "bootstrap", "-f", "json")
    assert {"json", "wsscore.align.parallel", "wsscore.core.draws", "random"} <= loaded
    # and a table drawn loads its layouts.
    assert "wsscore.output.tables" in _loaded_after(*PLAIN[:-3], "-f", "text")
    assert "wsscore.gates" in _loaded_after(*PLAIN, "--fail-under", "f=0.1")
    committee = ("--committee", str(FIXTURES / "pred.txt"), str(FIXTURES / "gbk" / "pred.txt"))
    assert "wsscore.metrics.difficulty" in _loaded_after(*PLAIN, *committee)
    tagged = str(FIXTURES / "formats" / "same.tagged.txt")
    loaded = _loaded_after("score", tagged, tagged, "--tags", "-q")
    assert {"wsscore.metrics.tags", "wsscore.scoring.tag_collector"} <= loaded


def test_the_control_imports_click_and_the_commands():
    # The check above would see them: a command's help imports click and its command's options
    # (the command itself is imported by importlib.import_module, which the log leaves out).
    modules = _modules("score", "--help")
    assert {"click", "wsscore.cli.options"} <= modules


def _printed(args: list[str], columns: str | None, *, by_click: bool) -> bytes:
    """Standard output of `wsscore ARGS` (status 0), answered as usual or by click alone."""
    code = (
        "from wsscore.cli.app import main; main()"
        if by_click
        else "from wsscore._entry import main; main()"
    )
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = columns
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, env=env, check=False
    )
    assert (done.returncode, done.stderr) == (0, b"")
    return done.stdout


@pytest.mark.parametrize("flag", ["--version", "-V", "--help", "-h"])
@pytest.mark.parametrize("columns", [None, "80", "200", "60", "nonsense"])
def test_version_and_help_are_what_click_prints(flag, columns):
    # Without COLUMNS (not a terminal: 80 columns), wider, and narrower than the stored help
    # (then click answers), or not a number (ignored, as click ignores it).
    assert _printed([flag], columns, by_click=False) == _printed([flag], columns, by_click=True)


def _help_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "make_help_text", ROOT / "tools" / "make_help_text.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


STALE = "stale: run python tools/make_help_text.py"


def test_the_stored_help_is_what_click_prints_now():
    """tools/make_help_text.py writes wsscore/cli/help_text.py; rerun it after changing the
    group's help or a command's short help. Under the click that made it, byte for byte; under
    another (CI installs the newest), the same words: a new click's layout is no error of ours,
    a help that says something else is."""
    tool = _help_tool()
    if tool.click_version() != help_text.CLICK:
        assert help_text.HELP.split() == tool.help_for(tool.WIDEST).split(), STALE
        return
    stored = (ROOT / "wsscore" / "cli" / "help_text.py").read_text(encoding="utf-8")
    assert stored == tool.module_text(), STALE
    # Below MIN_COLUMNS click's text differs: the answer is left to click there.
    assert tool.help_for(help_text.MIN_COLUMNS - 1) != help_text.HELP + "\n"
    assert tool.help_for(help_text.MIN_COLUMNS) == help_text.HELP + "\n"


def test_under_another_click_a_new_layout_passes(monkeypatch):
    monkeypatch.setattr(help_text, "CLICK", "0.0-another")
    monkeypatch.setattr(
        help_text, "HELP", help_text.HELP.replace("  ", " ").replace(":\n", ":\n\n")
    )
    test_the_stored_help_is_what_click_prints_now()


def test_under_another_click_a_changed_word_is_still_caught(monkeypatch):
    monkeypatch.setattr(help_text, "CLICK", "0.0-another")
    monkeypatch.setattr(help_text, "HELP", help_text.HELP.replace("Commands:", "Commandos:"))
    with pytest.raises(AssertionError, match="stale"):
        test_the_stored_help_is_what_click_prints_now()


@pytest.mark.parametrize("columns", [None, "0", "-3", "x", "57", "240"])
def test_terminal_columns_are_shutils(monkeypatch, columns):
    monkeypatch.delenv("COLUMNS", raising=False)
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    assert answers.terminal_columns() == shutil.get_terminal_size().columns
