"""The "Other languages" examples: each command of the README's table, and of docs/languages.md,
runs on the shipped fixtures and prints the figures given beside it (the table's last column, the
page's comment: ``# F 0.914, F_c 0.969``), read from the table's own columns."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest
from conftest import ROOT

SECTION = re.search(
    r"^## Other languages\n(.*?)^## ", (ROOT / "README.md").read_text("utf-8"), re.S | re.M
)
PAGE = (ROOT / "docs" / "languages.md").read_text("utf-8")


def table_examples() -> list[str]:
    """The README table's rows as `command # figures`: the command in backticks, the figures in
    the last cell."""
    assert SECTION, "the README has no 'Other languages' section"
    rows = re.findall(r"^\|.*`(wsscore [^`]*)`.*\|([^|]*)\|$", SECTION.group(1), re.M)
    return [f"{command}   # {figures.strip()}" for command, figures in rows]


def page_examples() -> list[str]:
    return re.findall(r"```sh\n(wsscore .*?)\n```", PAGE)


def examples() -> list[str]:
    return table_examples() + page_examples()


@pytest.mark.parametrize("found", [table_examples, page_examples])
def test_every_language_has_an_example(found) -> None:
    formats = " ".join(found())
    for folder in ("japanese", "thai", "vietnamese", "sentences"):
        assert f"fixtures/{folder}/" in formats


@pytest.mark.parametrize("line", examples())
def test_the_example_prints_the_figures_its_comment_gives(line: str) -> None:
    command, _, comment = line.partition("#")
    argv = shlex.split(command)
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", *argv[1:], "-f", "text"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    header, _, row = done.stdout.splitlines()[:3]
    cells = dict(zip(header.split(), row.split(), strict=False))
    claimed = re.findall(r"(\w+) (\d\.\d{3})", comment)
    assert claimed or "--tags" in argv  # the Japanese example shows the tag table instead
    for name, value in claimed:
        assert cells[name] == value, (name, cells)
