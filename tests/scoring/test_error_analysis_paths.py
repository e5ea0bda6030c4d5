"""`wsscore errors` gives the same analysis whether the C speed-ups look at the lines whose
characters agree (``count_lines``) or Python builds every sentence's words and marks."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore import InputOptions, native
from wsscore.metrics.boundaries import ERROR_CLASSES
from wsscore.scoring.error_analysis import analyse

pytestmark = pytest.mark.skipif(not native.AVAILABLE, reason="C speed-ups not built")

ALPHABET = "我们在北京大学读书今天气很好研究生命起源结婚的和尚未中国人民银行。，"


ERRORS = 2  # what count_lines gathers for the error analysis


def test_count_lines_errors_by_hand() -> None:
    # gold 中国|人民|银行|好, predicted 中|国人|民银行好:
    #   中国: a predicted boundary inside (after 中), none at its end -> crossing, cut 中/国人;
    #   人民: boundaries inside (after 人), none at either end -> crossing, cut 国人/民银行好;
    #   银行, 好: no boundary inside -> merged, cut 民银行好 for both.
    # A second line is all correct; the third has no words. Lines are numbered from 7.
    found = native.count_lines(
        ["中国 人民 银行 好", "今天 好", ""], ["中 国人 民银行好", "今天 好", ""], {"好"}, 7, ERRORS
    )
    agreed, records, totals, (lengths, wrong, lines) = found
    assert agreed == 3
    # RP, PP, TP, OOV, OOV_TP, S, I, D, misaligned lines and characters, per line with words.
    assert records == [(7, (4, 3, 0, 3, 0, 3, 0, 1, 0, 0)), (8, (2, 2, 2, 1, 1, 0, 0, 0, 0, 0))]
    assert totals == (6, 5, 2, 4, 1, 3, 0, 1, 0, 0)
    # gold words of 1..5+ characters, then the correct ones: 好 twice (one correct), 4 of two.
    assert lengths == (2, 4, 0, 0, 0, 1, 1, 0, 0, 0)
    crossing, merged = ERROR_CLASSES.index("crossing"), ERROR_CLASSES.index("merged")
    assert wrong == [
        (crossing, "中国", "中/国人"),
        (crossing, "人民", "国人/民银行好"),
        (merged, "银行", "民银行好"),
        (merged, "好", "民银行好"),
    ]
    assert lines == [(7, 4, 4)]


def test_count_lines_stops_at_the_first_pair_that_differs() -> None:
    found = native.count_lines(
        ["我们 好", "今天", "好"], ["我们 好", "明天", "好"], None, 1, ERRORS
    )
    counts = (2, 2, 2, 0, 0, 0, 0, 0, 0, 0)
    assert found == (1, [(1, counts)], counts, ((1, 1, 0, 0, 0, 1, 1, 0, 0, 0), [], []))
    # The same characters over the two lines, broken elsewhere: each pair must agree.
    assert native.count_lines(["我们 好", "今天"], ["我们", "好 今天"], None, 1, 0)[0] == 0
    for wrong_arguments in (
        (["a"], ["a", "b"], None, 1, 0),
        (["a"], ["a"], None, -1, 0),
        (["a"], ["a"], None, 1, 3),
    ):
        with pytest.raises(TypeError):
            native.count_lines(*wrong_arguments)


def _segment(rng: random.Random, text: str) -> str:
    words, at = [], 0
    while at < len(text):
        size = min(len(text) - at, rng.choice((1, 1, 2, 2, 2, 3, 4, 5, 7)))
        words.append(text[at : at + size])
        at += size
    return " ".join(words)


def _random_pair(rng: random.Random) -> tuple[list[str], list[str]]:
    """Gold and predicted lines: mostly the same characters cut otherwise, with empty lines,
    lines with a differing character and lines broken elsewhere among them."""
    gold, pred = [], []
    for _ in range(rng.randrange(1, 60)):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 30)))
        gold.append(_segment(rng, text))
        kind = rng.random()
        if kind < 0.08 and text:
            at = rng.randrange(len(text))
            text = text[:at] + "X" + text[at + 1 :]
        pred.append(_segment(rng, text) if kind > 0.03 else gold[-1])
    if rng.random() < 0.3 and len(pred) > 2:  # one line break moved
        at = rng.randrange(len(pred) - 1)
        pred[at : at + 2] = [pred[at] + " " + pred[at + 1], ""]
    return gold, pred


@pytest.mark.parametrize("seed", range(60))
def test_both_paths_give_the_same_analysis(seed: int, tmp_path: Path, monkeypatch) -> None:
    rng = random.Random(seed)
    gold, pred = _random_pair(rng)
    dictionary = tmp_path / "words.txt"
    known = {word for line in gold for word in line.split() if rng.random() < 0.6}
    dictionary.write_text("\n".join(sorted(known)) + "\n", encoding="utf-8")
    inputs = InputOptions(dictionary=str(dictionary), mismatch="align")

    def run() -> dict[str, object]:
        analysis = analyse(gold, pred, inputs=inputs, top=10_000, per_line=7)
        return analysis.as_dict()

    fast = run()
    monkeypatch.setattr(native, "AVAILABLE", False)
    monkeypatch.setattr(native, "count_block", None)
    slow = run()
    assert fast == slow
    assert fast["wrong_words"] == sum(
        c["count"]
        for c in fast["error_classes"].values()  # type: ignore[attr-defined]
    )


def _errors(*args: str, pure: bool) -> dict[str, object]:
    env = dict(os.environ)
    env.pop("WSSCORE_PURE_PYTHON", None)
    if pure:
        env["WSSCORE_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", "errors", *args, "-f", "json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_both_paths_end_to_end() -> None:
    args = (
        str(FIXTURES / "gold.txt"),
        str(FIXTURES / "pred.txt"),
        "-d",
        str(FIXTURES / "words.txt"),
        "--per-line",
        "3",
        "--top",
        "50",
    )
    fast = _errors(*args, pure=False)
    assert fast == _errors(*args, pure=True)
    assert fast["wrong_words"] > 0 and fast["lines"]
