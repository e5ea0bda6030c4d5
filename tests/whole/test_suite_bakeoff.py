"""The `wsscore suite` example of docs/suite.md, run as written on the SIGHAN 2005 data.

The commands, the manifest and the printed table are taken from the page itself (between its
``<!-- suite-example: … -->`` markers): the shell block makes the files, the suite prints exactly
the table the page shows, and every cell equals what ``wsscore score`` gives on that pair.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ICWB2, ROOT, need_icwb2

PAGE = ROOT / "docs" / "suite.md"
CORPORA = ("as", "cityu", "msr", "pku")


def readme_block(name: str) -> str:
    """The fenced block after ``<!-- suite-example: NAME -->``."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(rf"<!-- suite-example: {name} -->\n```\w*\n(.*?)```", text, re.S)
    assert found, f"docs/suite.md has no suite-example {name!r} block"
    return found.group(1)


def readme_table() -> str:
    """What the page shows under the run block, up to the signature line."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("<!-- suite-example: run -->")
    after = text[text.index("```\n\n", text.index("```", start) + 3) + 5 :]
    return after[: after.index("Signature:")] + after[after.index("Signature:") :].split("\n")[0]


def environment() -> dict[str, str]:
    """The wsscore of this Python first on PATH, as a user who installed it has it."""
    scripts = str(Path(sys.executable).parent)
    return dict(os.environ, PATH=scripts + os.pathsep + os.environ.get("PATH", ""), NO_COLOR="1")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project directory with ../shared beside it, the page's files made in it."""
    need_icwb2()
    root = tmp_path_factory.mktemp("suite-example")
    (root / "shared").symlink_to(ICWB2.parent, target_is_directory=True)
    work = root / "project"
    work.mkdir()
    (work / "bakeoff.toml").write_text(readme_block("manifest"), encoding="utf-8")
    subprocess.run(
        ["bash", "-e", "-c", readme_block("make")], cwd=work, env=environment(), check=True
    )
    return work


def wsscore(project: Path, *args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "wsscore", *args]
    return subprocess.run(command, cwd=project, env=environment(), capture_output=True, text=True)


@pytest.mark.slow
def test_the_readme_table_is_what_the_suite_prints(project: Path) -> None:
    (command,) = [line for line in readme_block("run").splitlines() if line.strip()]
    assert command.startswith("wsscore suite ")
    done = wsscore(project, *command.split()[1:])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == readme_table().strip()
    # The one differing character of the AS data is warned about, once per system.
    assert done.stderr.count("as: ") == 3 and "line 6612" in done.stderr


@pytest.mark.slow
def test_every_cell_is_what_score_gives(project: Path) -> None:
    done = wsscore(project, "suite", "bakeoff.toml", "-f", "json")
    assert done.returncode == 0, done.stderr
    suite = json.loads(done.stdout)
    assert [corpus["name"] for corpus in suite["corpora"]] == list(CORPORA)
    assert [system["name"] for system in suite["systems"]] == ["topline", "mm", "unsegmented"]
    for corpus in suite["corpora"]:
        gold, words = corpus["gold"]["path"], corpus["dictionary"]["paths"][0]
        for system in suite["systems"]:
            cell = system["results"][corpus["name"]]
            scored = wsscore(project, "score", gold, cell["path"], "-d", words, "-f", "json")
            (expected,) = json.loads(scored.stdout)["systems"]
            assert {**cell, "name": None} == {**expected, "name": None}


@pytest.mark.slow
def test_the_averages_are_the_mean_and_the_pooled_figures(project: Path) -> None:
    suite = json.loads(wsscore(project, "suite", "bakeoff.toml", "-f", "json").stdout)
    for system in suite["systems"]:
        cells = [system["results"][corpus] for corpus in CORPORA]
        mean_f = sum(cell["metrics"]["f1"] for cell in cells) / len(cells)
        assert system["average"]["f1"] == pytest.approx(mean_f, rel=1e-12)
        correct = sum(cell["counts"]["correct"] for cell in cells)
        gold = sum(cell["counts"]["gold_words"] for cell in cells)
        pred = sum(cell["counts"]["pred_words"] for cell in cells)
        assert system["pooled"]["recall"] == pytest.approx(correct / gold, rel=1e-12)
        assert system["pooled"]["f1"] == pytest.approx(2 * correct / (gold + pred), rel=1e-12)
