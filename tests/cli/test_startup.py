"""Start-up stays small: the plain commands import neither rich nor chardet (issue: a CI step
scoring many small files must not be dominated by imports)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import FIXTURES

HEAVY = ("rich", "chardet", "multiprocessing", "matplotlib")


def _imported(*args: str) -> set[str]:
    """Top-level packages imported by `wsscore ARGS`, from `python -X importtime`."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "wsscore", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    names = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    return names


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
