"""The GitHub Action of action.yml, its steps run as written, each in bash, on the fixtures: the
install step with a stand-in Python (its venv's pip records what it would install, its wsscore
is this test's), then the score step, with a job summary of its own.

A gate that passes leaves the step green and the summary says so; a gate that fails fails the
step (exit 1) and the summary says which; a usage error (exit 2) adds nothing to the summary.
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
ACTION = ROOT / "action.yml"
INPUT = re.compile(r"\$\{\{ inputs\.([a-z-]+) \}\}")

pytestmark = pytest.mark.skipif(BASH is None, reason="needs bash")


def _inputs() -> list[str]:
    """The names of the action's inputs, in order."""
    section = ACTION.read_text(encoding="utf-8").split("\ninputs:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  ([a-z-]+):$", section, flags=re.MULTILINE)


def _steps() -> list[tuple[str, dict[str, str], str]]:
    """Each step's name, environment (as written, ``${{ inputs.… }}`` and all) and shell text."""
    text = ACTION.read_text(encoding="utf-8").split("\n  steps:\n", 1)[1]
    steps = []
    for block in re.split(r"^    - ", text, flags=re.MULTILINE)[1:]:
        name = re.match(r"name: (.*)", block).group(1)  # type: ignore[union-attr]
        env = dict(re.findall(r"^        ([A-Z_]+): (.*)$", block, flags=re.MULTILINE))
        body = block.split("run: |\n", 1)[1]
        lines = [line.removeprefix("        ") for line in body.splitlines()]
        steps.append((name, env, "\n".join(lines) + "\n"))
    return steps


def _stand_in_python(directory: Path, log: Path) -> Path:
    """A ``python3`` whose ``-m venv DIR`` makes a venv whose python writes its arguments to
    ``log`` (pip is not run) and whose wsscore is the one under test."""
    python = directory / "python3"
    python.write_text(
        "#!/bin/sh\n"
        '[ "$1 $2" = "-m venv" ] || exit 9\n'
        'mkdir -p "$3/bin"\n'
        f'printf \'#!/bin/sh\\necho "$@" >> {log}\\n\' > "$3/bin/python"\n'
        f'printf \'#!/bin/sh\\nexec {sys.executable} -m wsscore "$@"\\n\' > "$3/bin/wsscore"\n'
        'chmod +x "$3/bin/python" "$3/bin/wsscore"\n'
    )
    python.chmod(0o755)
    return python


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    for name, source in {
        "dev.gold": "gold.txt",
        "dev.pred": "pred.txt",
        "words": "words.txt",
    }.items():
        shutil.copy(FIXTURES / source, tmp_path / name)
    (tmp_path / "runner").mkdir()
    (tmp_path / "summary.md").write_text("# The job\n", encoding="utf-8")
    return tmp_path


def _run_action(workspace: Path, **given: str) -> subprocess.CompletedProcess[str]:
    """Both steps in order, as the runner would (the first failing one ends the run)."""
    log = workspace / "pip.log"
    inputs = dict.fromkeys(_inputs(), "")
    inputs["python"] = str(_stand_in_python(workspace / "runner", log))
    inputs.update({name.replace("_", "-"): value for name, value in given.items()})
    assert set(inputs) == set(_inputs()), "an input the action does not take"
    done = None
    for _name, env, script in _steps():
        environment = dict(os.environ)
        environment.update(
            {key: INPUT.sub(lambda m: inputs[m.group(1)], v) for key, v in env.items()}
        )
        environment["RUNNER_TEMP"] = str(workspace / "runner")
        environment["GITHUB_ACTION_PATH"] = str(ROOT)
        environment["GITHUB_STEP_SUMMARY"] = str(workspace / "summary.md")
        done = subprocess.run(
            [BASH, "-e", "-c", script],
            cwd=workspace,
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            break
    assert done is not None
    return done


def _previous(workspace: Path, prediction: str) -> str:
    """A stored report of ``prediction`` named mine, as the earlier run's."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "wsscore",
            "score",
            "dev.gold",
            prediction,
            "-d",
            "words",
            "--name",
            "mine",
            "-f",
            "json",
            "-o",
            "previous.json",
        ],
        cwd=workspace,
        check=True,
    )
    return "previous.json"


def test_the_action_takes_the_inputs_docs_ci_names() -> None:
    assert _inputs() == [
        "gold",
        "predictions",
        "dictionary",
        "fail-under",
        "previous",
        "max-drop",
        "args",
        "install",
        "python",
    ]
    assert [name for name, _env, _script in _steps()] == ["Install wsscore", "Score"]
    documented = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in documented for name in _inputs())


def test_a_passing_gate_writes_the_summary_and_passes(workspace: Path) -> None:
    done = _run_action(
        workspace,
        gold="dev.gold",
        predictions="dev.pred",
        dictionary="words",
        fail_under="mine:f=0.6 roov=0.3",
        previous=_previous(workspace, "dev.pred"),
        max_drop="f=0.005",
        args="--name mine --digits 4",
    )
    assert done.returncode == 0, done.stderr
    assert (workspace / "pip.log").read_text().split() == [
        "-m",
        "pip",
        "install",
        "--quiet",
        str(ROOT),
    ]
    summary = (workspace / "summary.md").read_text(encoding="utf-8")
    assert summary.startswith("# The job\n| System | Words |")  # added to, not written over
    assert "| mine | 36 | 0.5833 | ±0.16434 | 0.7000 | ±0.15275 | 0.6364 |" in summary
    assert "### Gates: all passed\n" in summary
    assert "| passed | mine | `--fail-under mine:f=0.6` | 0.6364 |  |  |" in summary
    assert "| passed | mine | `--fail-under roov=0.3` | 0.3333 |  |  |" in summary
    assert "| passed | mine | `--max-drop f=0.005` | 0.6364 | 0.6364 | +0.0000 |" in summary
    assert "FAILED" not in summary


def test_a_failing_gate_fails_the_step_and_the_summary_says_which(workspace: Path) -> None:
    done = _run_action(
        workspace,
        gold="dev.gold",
        predictions="dev.pred",
        dictionary="words",
        fail_under="f=0.9 r=0.5",
        previous=_previous(workspace, "dev.gold"),
        max_drop="f=0.005 riv=0.5",
        args="--name mine",
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "wsscore: mine: F = 0.6364 is below 0.9 (--fail-under f=0.9)",
        "wsscore: mine: F fell from 1.0000 to 0.6364 (-0.3636, more than --max-drop f=0.005)",
    ]
    summary = (workspace / "summary.md").read_text(encoding="utf-8")
    assert "| mine | 36 | 0.583 | ±0.1643 | 0.700 | ±0.1528 | 0.636 |" in summary
    gates = summary.split("### Gates: 2 of 4 failed\n\n", 1)[1].split("\n\n", 1)[0]
    assert gates.splitlines() == [
        "| Result | System | Gate | Value | Previous | Change |",
        "|:---|:---|:---|---:|---:|---:|",
        "| **FAILED** | mine | `--fail-under f=0.9` | 0.6364 |  |  |",
        "| **FAILED** | mine | `--max-drop f=0.005` | 0.6364 | 1.0000 | -0.3636 |",
        "| passed | mine | `--fail-under r=0.5` | 0.5833 |  |  |",
        "| passed | mine | `--max-drop riv=0.5` | 0.6333 | 1.0000 | -0.3667 |",
    ]


def test_a_usage_error_fails_the_step_and_adds_nothing(workspace: Path) -> None:
    done = _run_action(workspace, gold="dev.gold", predictions="dev.pred", fail_under="roov=0.5")
    assert done.returncode == 2
    assert "-d/--dict or --train" in done.stderr
    assert (workspace / "summary.md").read_text(encoding="utf-8") == "# The job\n"
