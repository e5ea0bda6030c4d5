"""Per-sentence counts (what the bootstrap and the paired tests resample) and the boundary counts
of --extra are the same whether the backend counts a block's agreeing lines at once or every
line is aligned with its words, and the same on both backends, on input where blocks hold
equal lines, empty lines, a line with differing characters and differing line breaks."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from wsscore import InputOptions, score
from wsscore.align import stream
from wsscore.core import backend

GOLD = "\n".join(
    [
        "我们 在 北京 大学 读书",
        "",
        "今天 天气 很 好 。",
        "他 说 ： “ 研究 生命 起源 ”",
        "结婚 的 和 尚未",
    ]
)
SYSTEMS = {
    "equal": [
        "我们 在 北京大学 读书",
        "",
        "今天 天气 很好 。",
        "他 说 ： “ 研究生 命 起源 ”",
        "结婚 的 和尚 未",
    ],
    "differs": [
        "我们 在 北京大学 读书",
        "",
        "今天 天汽 很好 。",
        "他 说 ： “ 研究生 命 起源 ”",
        "结婚 的 和尚 未",
    ],
    "breaks": [
        "我们 在 北京大学",
        "读书",
        "今天 天气 很好 。 他 说 ： “ 研究生 命",
        "起源 ”",
        "结婚 的 和尚 未",
    ],
}


def _run(*args: str, pure: bool) -> str:
    env = dict(os.environ)
    env.pop("WSSCORE_PURE_PYTHON", None)
    if pure:
        env["WSSCORE_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", *args], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.skipif(backend.NAME != "c", reason="the C speed-ups do not run here")
def test_records_are_the_same_on_both_backends(tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text((GOLD + "\n") * 40, encoding="utf-8")
    files = []
    for name, text in SYSTEMS.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(("\n".join(text) + "\n") * 40, encoding="utf-8")
        files.append(str(path))
    for args in (
        ["score", str(gold), *files, "--ci", "bootstrap", "--samples", "50", "-f", "json"],
        ["compare", str(gold), *files, "--samples", "50", "--trials", "200", "-f", "json"],
        ["score", str(gold), *files, "--extra", "-f", "json"],
        [
            "score",
            str(gold),
            *files,
            "--extra",
            "--ci",
            "bootstrap",
            "--samples",
            "30",
            "-f",
            "json",
        ],
    ):
        fast, slow = (
            _run(*args, "--mismatch", "align", pure=False),
            _run(*args, "--mismatch", "align", pure=True),
        )
        assert fast == slow
        assert '"p_value"' in fast or '"f1_ci"' in fast or '"crossing_errors"' in fast


def _random_lines(rng: random.Random) -> tuple[list[str], list[str]]:
    """Gold and predicted lines with runs of lines that agree, cut by lines with another
    character, lines broken elsewhere, empty lines and a missing line."""
    alphabet = "我们在北京大学读书今天气很好研究生命起源"

    def cut(text: str) -> str:
        words, at = [], 0
        while at < len(text):
            size = rng.choice((1, 2, 3))
            words.append(text[at : at + size])
            at += size
        return " ".join(words)

    gold, pred = [], []
    for _ in range(rng.randrange(1, 400)):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        gold.append(" ".join(text))
        roll = rng.random()
        if roll < 0.03 and text:
            text = "X" + text[1:]
        pred.append(cut(text) if roll > 0.01 else " ".join(text))
    for _ in range(rng.randrange(3)):
        at = rng.randrange(len(pred))
        if rng.random() < 0.5 and at + 1 < len(pred):
            pred[at : at + 2] = [pred[at] + " " + pred[at + 1], ""]
        elif len(pred) > 1:
            del pred[at]
    return gold, pred


@pytest.mark.parametrize("seed", range(25))
def test_runs_of_agreeing_lines_are_counted_as_line_by_line(seed: int, monkeypatch) -> None:
    """The backend counts the lines of a block up to the first that differs, the differing
    stretch is aligned line by line, then the next run of agreeing lines is counted at once:
    the records and counts are those of every line aligned with its words."""
    gold, pred = _random_lines(random.Random(seed))

    def run() -> tuple[object, ...]:
        inputs = InputOptions(mismatch="align")
        report = score(gold, [pred], inputs=inputs, keep_sentences=True, extra=True, ci="none")
        system = report.systems[0]
        return system.counts, system.sentences, system.metrics

    fast = run()
    monkeypatch.setattr(stream.SystemAligner, "_without_detail", lambda _: False)
    assert run() == fast
    assert fast[1]  # the records are compared, not two empty lists
