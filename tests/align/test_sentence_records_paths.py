"""Per-sentence counts (what the bootstrap and the paired tests resample) and the boundary counts
of --extra are the same whether
the C speed-ups count a block's lines or Python counts them one by one, on input where blocks
hold equal lines, empty lines, a line with differing characters and differing line breaks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wsscore import native

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


@pytest.mark.skipif(not native.AVAILABLE, reason="the C speed-ups are not built")
def test_records_are_the_same_on_both_paths(tmp_path: Path) -> None:
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
