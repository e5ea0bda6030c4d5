"""The --extra figures of other communities (docs/metrics.md §5.8–5.11) on the PKU test set,
against a count written here from their definitions, line by line, with none of wsscore's
counting code: exact sentences, PyThaiNLP's word-start characters, boundaries with the sentence
edges, and distinct words. The prediction is the maximum-matching baseline."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ICWB2

pytestmark = pytest.mark.slow


def starts(words: list[str]) -> tuple[set[int], int]:
    """The offsets where the words start, and the sentence's length."""
    found, offset = set(), 0
    for word in words:
        found.add(offset)
        offset += len(word)
    return found, offset


def counted(gold: list[list[str]], pred: list[list[str]]) -> dict[str, int]:
    names = ["exact_sentences", "char_tp", "char_fp", "char_tn", "char_fn"]
    names += ["edge_gold_boundaries", "edge_pred_boundaries", "edge_correct_boundaries"]
    counts = dict.fromkeys(names, 0)
    for gold_words, pred_words in zip(gold, pred, strict=True):
        if not gold_words:
            continue
        counts["exact_sentences"] += gold_words == pred_words
        gold_starts, length = starts(gold_words)
        pred_starts, _ = starts(pred_words)
        for offset in range(length):
            is_gold, is_pred = offset in gold_starts, offset in pred_starts
            key = {(1, 1): "tp", (0, 1): "fp", (1, 0): "fn", (0, 0): "tn"}[is_gold, is_pred]
            counts[f"char_{key}"] += 1
        gold_edges, pred_edges = gold_starts | {length}, pred_starts | {length}
        counts["edge_gold_boundaries"] += len(gold_edges)
        counts["edge_pred_boundaries"] += len(pred_edges)
        counts["edge_correct_boundaries"] += len(gold_edges & pred_edges)
    gold_types = {word for words in gold for word in words}
    pred_types = {word for words in pred for word in words}
    counts |= {
        "types_gold": len(gold_types),
        "types_pred": len(pred_types),
        "types_correct": len(gold_types & pred_types),
    }
    return counts


def test_the_pku_baseline_s_figures_equal_a_count_from_their_definitions(tmp_path: Path) -> None:
    gold = ICWB2 / "gold" / "pku_test_gold.utf8"
    if not gold.is_file():
        pytest.skip("the bakeoff data is missing (../shared/icwb2)")
    words = ICWB2 / "gold" / "pku_training_words.utf8"
    pred = tmp_path / "mm.txt"
    run = [sys.executable, "-m", "wsscore"]
    text = ICWB2 / "testing" / "pku_test.utf8"
    subprocess.run([*run, "segment", "-d", str(words), str(text), "-o", str(pred)], check=True)
    done = subprocess.run(
        [*run, "score", str(gold), str(pred), "--extra", "-f", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout)["systems"][0]["counts"]
    read = [line.split() for line in gold.read_text("utf-8").splitlines()]
    expected = counted(read, [line.split() for line in pred.read_text("utf-8").splitlines()])
    assert {key: found[key] for key in expected} == expected
    assert 0 < expected["exact_sentences"] < len(read)  # neither none nor all: a real test
