"""`wsscore errors` gives the same analysis whether the backend looks at the lines whose
characters agree at once (``count_agreeing_lines``) or every sentence's words and marks are
built; and the same on both backends."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore import InputOptions
from wsscore.align import stream
from wsscore.core import backend
from wsscore.core.records import (
    Counts,
    Gather,
    LineWrongWords,
    SentenceRecord,
    WordLengths,
    WrongWordFound,
)
from wsscore.scoring.error_analysis import analyse

ALPHABET = "我们在北京大学读书今天气很好研究生命起源结婚的和尚未中国人民银行。，"
BACKENDS = list(backend.counting_backends().values())


@pytest.mark.parametrize("counting", BACKENDS, ids=lambda counting: counting.name)
def test_count_lines_errors_by_hand(counting: backend.Counting) -> None:
    # gold 中国|人民|银行|好, predicted 中|国人|民银行好:
    #   中国: a predicted boundary inside (after 中), none at its end -> crossing, cut 中/国人;
    #   人民: boundaries inside (after 人), none at either end -> crossing, cut 国人/民银行好;
    #   银行, 好: no boundary inside -> merged, cut 民银行好 for both.
    # A second line is all correct; the third has no words. Lines are numbered from 7.
    found = counting.count_agreeing_lines(
        ["中国 人民 银行 好", "今天 好", ""],
        ["中 国人 民银行好", "今天 好", ""],
        {"好"},
        7,
        Gather.ERRORS,
    )
    assert found.agreed == 3
    first = Counts(gold_words=4, pred_words=3, oov_words=3, substitutions=3, deletions=1)
    second = Counts(gold_words=2, pred_words=2, correct=2, oov_words=1, oov_correct=1)
    assert found.records == [SentenceRecord(7, first), SentenceRecord(8, second)]
    assert found.totals == first + second
    assert found.errors is not None and found.errors.totals == found.totals
    # Gold words of 1..5+ characters, and the correct ones: 好 twice (one correct), 4 of two.
    assert found.errors.lengths == WordLengths((2, 4, 0, 0, 0), (1, 1, 0, 0, 0))
    assert found.errors.wrong.counts() == {
        WrongWordFound("crossing", "中国", "中/国人"): 1,
        WrongWordFound("crossing", "人民", "国人/民银行好"): 1,
        WrongWordFound("merged", "银行", "民银行好"): 1,
        WrongWordFound("merged", "好", "民银行好"): 1,
    }
    assert found.errors.lines == [LineWrongWords(7, errors=4, gold_words=4)]
    assert found.errors.records == found.records
    assert found.errors[-4:-1] == (None, None, None)  # gathered with Gather.ALL only
    # One merge: 民银行好 holds a gold boundary (after 行) and the whole gold words 银行 and 好
    # (人民 only in part): tallied once, the gold words joined by a space.
    merges = {WrongWordFound("merged", "民银行好", "银行 好"): 1}
    assert found.errors.merges is not None and found.errors.merges.counts() == merges
    lines = (["中国 人民 银行 好", "今天 好", ""], ["中 国人 民银行好", "今天 好", ""])
    everything = counting.count_agreeing_lines(*lines, {"好"}, 7, Gather.ALL).errors
    assert everything is not None and everything[:5] == found.errors[:5]
    # Predicted words 中 国人 民银行好 and 今天 好 by length; all but 好 are not in the dictionary.
    assert everything.pred_lengths == (2, 2, 0, 1, 0)
    assert everything.pred_oov == 4
    assert everything.extra == counting.count_agreeing_lines(*lines, None, 7, Gather.EXTRA).extra
    assert everything.merges is not None and everything.merges.counts() == merges


@pytest.mark.parametrize("counting", BACKENDS, ids=lambda counting: counting.name)
def test_count_lines_stops_at_the_first_pair_that_differs(counting: backend.Counting) -> None:
    found = counting.count_agreeing_lines(
        ["我们 好", "今天", "好"], ["我们 好", "明天", "好"], None, 1, Gather.ERRORS
    )
    counts = Counts(gold_words=2, pred_words=2, correct=2)
    assert (found.agreed, found.records, found.totals) == (1, [SentenceRecord(1, counts)], counts)
    assert found.errors is not None
    assert found.errors.lengths == WordLengths((1, 1, 0, 0, 0), (1, 1, 0, 0, 0))
    assert (found.errors.wrong.counts(), found.errors.lines) == ({}, [])
    # The same characters over the two lines, broken elsewhere: each pair must agree.
    broken = counting.count_agreeing_lines(
        ["我们 好", "今天"], ["我们", "好 今天"], None, 1, Gather.COUNTS
    )
    assert broken.agreed == 0
    with pytest.raises((TypeError, ValueError)):
        counting.count_agreeing_lines(["a"], ["a", "b"], None, 1, Gather.COUNTS)


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
    """Lines that agree looked at at once, or each sentence's words and marks built."""
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
    monkeypatch.setattr(stream.SystemAligner, "_without_detail", lambda _: False)
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


@pytest.mark.skipif(backend.NAME != "c", reason="the C speed-ups do not run here")
def test_both_backends_end_to_end() -> None:
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
