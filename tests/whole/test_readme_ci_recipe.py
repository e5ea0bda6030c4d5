"""The CI recipes, run as written: the `run:` steps of the README's five lines and of the fuller
recipe in docs/ci.md, each in a shell, on the fixtures.

The stored report is the gold scored against itself (F = 1), so each recipe's gates must fail on
the fixture's prediction (F = 42/66) with one line per failed gate, and the job summary must
still get the table.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

BASH = shutil.which("bash")
RECIPES = ("README.md", "docs/ci.md")  # each holds one block after `<!-- ci-recipe -->`


def _recipe_steps(document: str) -> list[str]:
    """The shell text of each `run:` of the document's CI recipe, in order: a one-line `run:`, a
    literal block (`|`, its lines kept) or a folded one (`>-`, its lines joined by spaces)."""
    text = (ROOT / document).read_text(encoding="utf-8")
    block = text.split("<!-- ci-recipe -->\n```yaml\n", 1)[1].split("```", 1)[0]
    steps: list[str] = []
    lines = block.splitlines()
    for at, line in enumerate(lines):
        match = re.match(r"\s*(?:- )?run: (.*)$", line)
        if match is None:
            continue
        style = match.group(1).strip()
        if style not in ("|", ">-"):
            steps.append(match.group(1))
            continue
        body = _block_lines(lines[at + 1 :])
        steps.append(("\n" if style == "|" else " ").join(body))
    return steps


def _block_lines(lines: list[str]) -> list[str]:
    """The lines of a YAML block scalar: those indented as its first, without that indent."""
    indent = None
    body = []
    for following in lines:
        depth = len(following) - len(following.lstrip())
        indent = depth if indent is None else indent
        if depth < indent or following.lstrip().startswith("- "):
            break
        body.append(following[indent:])
    return body


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The recipe's files, made from the fixtures, and `wsscore` on the PATH."""
    for name, source in {
        "data/dev.gold": "gold.txt",
        "out/dev.pred": "pred.txt",
        "data/train.words": "words.txt",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FIXTURES / source, tmp_path / name)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "wsscore"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m wsscore "$@"\n')
    shim.chmod(0o755)
    return tmp_path


def _run(step: str, project: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PATH"] = f"{project / 'bin'}{os.pathsep}{env['PATH']}"
    env["GITHUB_STEP_SUMMARY"] = str(project / "summary.md")
    return subprocess.run(
        [BASH, "-e", "-c", step], cwd=project, env=env, capture_output=True, text=True, check=False
    )


def test_the_readme_recipe_is_five_lines() -> None:
    block = (ROOT / "README.md").read_text(encoding="utf-8").split("<!-- ci-recipe -->\n```yaml\n")
    assert len(block[1].split("```", 1)[0].splitlines()) == 5


@pytest.mark.skipif(BASH is None, reason="needs bash")
@pytest.mark.parametrize("document", RECIPES)
def test_the_ci_recipe_fails_on_a_drop_and_writes_the_summary(project: Path, document: str) -> None:
    steps = _recipe_steps(document)
    assert len(steps) == 2
    # The stored report: "the same command without the gates", on a perfect prediction.
    gold = project / "data" / "dev.gold"
    (project / "ci").mkdir()
    stored = _run(
        f"wsscore score {gold} {gold} -d data/train.words --name mine -f json -o ci/dev-score.json",
        project,
    )
    assert stored.returncode == 0, stored.stderr
    gate = _run(steps[0], project)
    assert gate.returncode == 1, gate.stderr
    assert gate.stderr.splitlines() == [
        "wsscore: mine: F = 0.6364 is below 0.9 (--fail-under mine:f=0.9)",
        "wsscore: mine: F fell from 1.0000 to 0.6364 (-0.3636, more than --max-drop f=0.005)",
        "wsscore: mine: R_oov fell from 1.0000 to 0.3333 (-0.6667, more than --max-drop roov=0.02)",
    ]
    assert (project / "dev-score.json").is_file()
    summary = _run(steps[1], project)
    assert summary.returncode == 0, summary.stderr
    table = (project / "summary.md").read_text(encoding="utf-8")
    assert "| mine | 36 | 0.5833 | ±0.16434 | 0.7000 | ±0.15275 | 0.6364 |" in table
