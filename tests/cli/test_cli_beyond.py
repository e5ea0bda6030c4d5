"""The commands beyond the bakeoff table, end to end: wsscore errors and wsscore compare."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from wsscore.cli.app import cli


def _invoke(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


# --- wsscore errors --------------------------------------------------------------------------


def test_errors_json_on_the_fixtures():
    result = _invoke(
        "errors",
        str(FIXTURES / "gold.txt"),
        str(FIXTURES / "pred.txt"),
        "-d",
        str(FIXTURES / "words.txt"),
        "-f",
        "json",
        "--per-line",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # Counted by hand and by the stream-level reference of test_extra.py: 15 wrong gold words.
    classes = {name: value["count"] for name, value in data["error_classes"].items()}
    assert classes == {"split": 0, "merged": 13, "crossing": 2}
    crossing = {(e["word"], e["predicted"]) for e in data["error_classes"]["crossing"]["examples"]}
    assert crossing == {("尚未", "和尚/未结婚"), ("生命", "研究生/命")}
    assert (data["oov"]["gold_words"], data["oov"]["correct"]) == (6, 2)
    assert data["oov"]["recall"] == pytest.approx(2 / 6)
    assert (data["iv"]["gold_words"], data["iv"]["correct"]) == (30, 19)
    assert sum(b["gold_words"] for b in data["by_length"]) == 36
    # --per-line without N: up to 10 lines; the fixture's worst line is line 1 (7 wrong).
    assert data["lines"][0]["line"] == 1
    assert data["lines"][0]["errors"] == 7


def test_errors_text_names_the_sections():
    result = _invoke("errors", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), "--top", "1")
    assert result.exit_code == 0, result.output
    for title in ("Error classes", "Most frequent errors", "Recall by word length"):
        assert title in result.output
    assert result.output.rstrip().splitlines()[-1].startswith("signature: wsscore:")


# --- wsscore compare -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """200 gold sentences; a baseline that splits every character, a copy of it, and a system
    that is right on every other sentence: clearly better than the baseline."""
    rng = random.Random(7)
    vocabulary = ["中国", "人民", "银行", "的", "了", "发展", "经济", "北京大学", "在", "和"]
    gold = [" ".join(rng.choice(vocabulary) for _ in range(12)) for _ in range(200)]

    def characters(line: str) -> str:
        return " ".join(line.replace(" ", ""))

    baseline = [characters(line) for line in gold]
    better = [line if i % 2 else characters(line) for i, line in enumerate(gold)]
    folder = tmp_path_factory.mktemp("compare")
    paths = {}
    for name, lines in [("gold", gold), ("base", baseline), ("same", baseline), ("better", better)]:
        path = folder / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths[name] = str(path)
    return paths


def test_compare_identical_and_better(corpus):
    result = _invoke(
        "compare",
        corpus["gold"],
        corpus["base"],
        corpus["same"],
        corpus["better"],
        "--trials",
        "2000",
        "-f",
        "json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    same, better = data["systems"]
    for test in ("paired_bootstrap", "approximate_randomization"):
        for metric in ("f1", "recall"):
            assert same[test][metric]["difference"] == 0.0
            assert same[test][metric]["p_value"] == 1.0
            assert better[test][metric]["difference"] > 0.2
            assert better[test][metric]["p_value"] < 0.01
    interval = better["paired_bootstrap"]["f1"]
    assert 0 < interval["ci_low"] <= interval["difference"] <= interval["ci_high"]
    assert data["signature"].endswith("|test:bs-1000+ar-2000|seed:12345")


def test_compare_text_marks_significant_rows(corpus):
    result = _invoke(
        "compare",
        corpus["gold"],
        corpus["base"],
        corpus["same"],
        corpus["better"],
        "--trials",
        "500",
        "--name",
        "BASE",
        "--name",
        "SAME",
        "--name",
        "BETTER",
    )
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.output.splitlines() if line[:1].isalpha()}
    assert "*" in rows["BETTER"]
    assert "*" not in rows["SAME"]
    assert "1.0000" in rows["SAME"]


def test_compare_needs_a_system():
    result = _invoke("compare", str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"))
    assert result.exit_code == 2
