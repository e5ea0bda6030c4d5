"""`wsscore score --help` ends with examples, and each one runs as written on the fixtures."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from wsscore.cli.app import cli

# The placeholders of the examples, and the fixture each stands for.
FILES = {
    "GOLD": FIXTURES / "gold.txt",
    "PRED": FIXTURES / "pred.txt",
    "A": FIXTURES / "pred.txt",
    "B": FIXTURES / "gbk" / "pred.txt",
    "C": FIXTURES / "gold.txt",
    "WORDS": FIXTURES / "words.txt",
}


def examples() -> list[str]:
    text = CliRunner().invoke(cli, ["score", "--help"], terminal_width=80).stdout
    tail = text[text.rindex("  Examples:\n") :].splitlines()[1:]
    assert text.rstrip().endswith(tail[-1].rstrip())  # the examples are the help's last lines
    return [line.split("  ")[2] for line in tail if "wsscore score" in line]


def test_the_help_ends_with_several_examples() -> None:
    assert len(examples()) >= 5


@pytest.mark.parametrize("example", examples())
def test_each_example_runs(example: str) -> None:
    piped, _, command = example.rpartition("|")
    argv = [str(FILES.get(word, word)) for word in shlex.split(command)]
    assert argv[:2] == ["wsscore", "score"]
    stdin = FILES[piped.split()[1]].read_bytes() if piped else None
    result = CliRunner().invoke(cli, argv[1:], input=stdin)
    # The fixture's F is 0.636: below the example's --fail-under, a gate that fails (status 1).
    assert result.exit_code == (1 if "--fail-under" in argv else 0), result.output
    assert result.stdout
