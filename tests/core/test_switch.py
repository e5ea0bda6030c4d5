"""WSSCORE_PURE_PYTHON=1 is the one switch between the backends: under it wsscore never loads
its C module, whatever it runs; without it, where the module is built, C runs."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT

# Scoring with every statistic and analysis that has a C path: bootstrap intervals (draws),
# extra counts, a dictionary, paired tests (draws and swaps) and the error analysis.
RUN_EVERYTHING = """
import json, sys
from wsscore.cli.group import cli
from wsscore.core import backend
statuses = []
for args in (
    ["score", "--ci", "bootstrap", "--extra", "-d", "fixtures/words.txt",
     "fixtures/gold.txt", "fixtures/pred.txt"],
    ["compare", "fixtures/gold.txt", "fixtures/pred.txt", "fixtures/gbk/pred.txt"],
    ["errors", "fixtures/gold.txt", "fixtures/pred.txt"],
):
    try:
        cli.main(args, standalone_mode=False)
        statuses.append(0)
    except SystemExit as exit:
        statuses.append(exit.code)
sys.stdout.flush()
loaded = "wsscore._speedups" in sys.modules
print(json.dumps({"backend": backend.NAME, "loaded": loaded, "statuses": statuses}),
      file=sys.stderr)
"""

C_BUILT = importlib.util.find_spec("wsscore._speedups") is not None


def run_everything(*, pure: bool) -> tuple[dict[str, object], str]:
    """What the run reports of itself (its backend, whether C was loaded, its exit statuses)
    and its standard output."""
    env = dict(os.environ)
    env.pop("WSSCORE_PURE_PYTHON", None)
    if pure:
        env["WSSCORE_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", RUN_EVERYTHING],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["statuses"] == [0, 0, 0], done.stderr
    return report, done.stdout


def test_under_the_switch_the_c_module_is_never_loaded() -> None:
    report, output = run_everything(pure=True)
    assert report["backend"] == "python"
    assert report["loaded"] is False
    # The bootstrap intervals and both paired tests ran (their signatures say so).
    assert "|ci:bootstrap|samples:1000|" in output
    assert "|test:bs-1000+ar-10000|" in output


@pytest.mark.skipif(not C_BUILT, reason="the C speed-ups are not built")
def test_without_the_switch_c_runs_and_says_the_same() -> None:
    report, output = run_everything(pure=False)
    assert report["backend"] == "c"
    assert report["loaded"] is True
    assert output == run_everything(pure=True)[1]


def test_this_process_runs_the_backend_its_environment_asks_for() -> None:
    from wsscore.core import backend

    running = backend.NAME
    if os.environ.get("WSSCORE_PURE_PYTHON"):
        assert running == "python"
        assert "wsscore._speedups" not in sys.modules
    else:
        assert running == ("c" if C_BUILT else "python")
