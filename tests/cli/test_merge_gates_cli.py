"""wsscore merge with the CI gates, -q and --digits of wsscore score, checked on merged figures."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from wsscore.cli.app import cli

GOLD, PRED, WORDS = (str(FIXTURES / name) for name in ("gold.txt", "pred.txt", "words.txt"))
# The fixture's prediction: R = 21/36, P = 21/30, so F = 42/66 in each shard and merged.
F_PRED = 42 / 66


def _invoke(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def shards(tmp_path: Path) -> list[str]:
    """Two shards (the fixture twice, from two copies) of two systems: the prediction, and the
    gold itself."""
    paths = []
    for number in (1, 2):
        gold, pred = (tmp_path / f"{name}{number}.txt" for name in ("gold", "pred"))
        shutil.copyfile(GOLD, gold)
        shutil.copyfile(PRED, pred)
        result = _invoke(
            "score", str(gold), str(pred), str(gold), "--name", "pred", "--name", "perfect",
            "-d", WORDS, "--sort", "none", "-f", "json",
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        path = tmp_path / f"shard{number}.json"
        path.write_text(result.output, encoding="utf-8")
        paths.append(str(path))
    return paths


def test_quiet_prints_each_name_and_f_in_the_first_shards_order(shards) -> None:
    result = _invoke("merge", *shards, "-q")
    assert result.exit_code == 0, result.output
    assert result.output == "pred\t0.636\nperfect\t1.000\n"
    assert _invoke("merge", *shards, "-q", "--digits", "5").output == (
        "pred\t0.63636\nperfect\t1.00000\n"
    )


def test_a_floor_for_one_system_fails_only_that_system(shards) -> None:
    result = _invoke("merge", *shards, "--fail-under", "pred:f=0.7", "-f", "json")
    assert result.exit_code == 1
    report, failure = result.output.rsplit("}\n", 1)
    assert failure == "wsscore: pred: F = 0.6364 is below 0.7 (--fail-under pred:f=0.7)\n"
    (gate,) = json.loads(report + "}")["gates"]
    assert gate == {
        "kind": "fail_under", "system": "pred", "figure": "f", "limit": 0.7,
        "value": pytest.approx(F_PRED), "previous": None, "passed": False,
    }  # fmt: skip
    passed = _invoke("merge", *shards, "--fail-under", "perfect:f=0.7", "-q")
    assert (passed.exit_code, passed.output) == (0, "pred\t0.636\nperfect\t1.000\n")


def test_a_drop_against_a_previous_report(shards, tmp_path: Path) -> None:
    # An earlier run of a better prediction: line 4 as the gold has it (docs/metrics.md §2.4:
    # TP 21 - 9 + 13 = 25, PP 30 - 12 + 13 = 31), F = 50/67.
    lines = Path(PRED).read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = Path(GOLD).read_text(encoding="utf-8").splitlines(keepends=True)[3]
    better = tmp_path / "better.txt"
    better.write_text("".join(lines), encoding="utf-8")
    previous = tmp_path / "previous.json"
    scored = _invoke(
        "score", GOLD, str(better), "--name", "pred", "-d", WORDS, "-f", "json", "-o", str(previous)
    )
    assert scored.exit_code == 0, scored.output
    result = _invoke("merge", *shards, "--previous", str(previous), "--max-drop", "f=0.05", "-q")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "wsscore: pred: F fell from 0.7463 to 0.6364 (-0.1099, more than --max-drop f=0.05)"
    )
    within = _invoke("merge", *shards, "--previous", str(previous), "--max-drop", "f=0.11", "-q")
    assert within.exit_code == 0, within.output


def test_figures_the_shards_lack_are_refused_before_anything_is_printed(
    shards, tmp_path: Path
) -> None:
    result = _invoke("merge", *shards, "--fail-under", "f_tag=0.5")
    assert result.exit_code == 2
    assert result.output == (
        "wsscore: error: Invalid value for --fail-under: f_tag is defined only with --tags, and "
        "the shards were scored without it (see 'wsscore merge --help')\n"
    )
    plain = _invoke("score", GOLD, PRED, "-f", "json")
    no_dictionary = tmp_path / "plain.json"
    no_dictionary.write_text(plain.output, encoding="utf-8")
    result = _invoke("merge", str(no_dictionary), "--fail-under", "roov=0.5")
    assert result.exit_code == 2
    assert "roov is defined only with a dictionary, and the shards were scored" in result.output


def test_digits_set_the_decimals_of_the_merged_table(shards) -> None:
    result = _invoke("merge", *shards, "-f", "tsv", "--digits", "2")
    assert result.exit_code == 0, result.output
    header, *rows = (line.split("\t") for line in result.output.splitlines())
    (row,) = (dict(zip(header, cells, strict=True)) for cells in rows if cells[0] == "pred")
    assert (row["R"], row["P"], row["F"]) == ("0.58", "0.70", "0.64")
    refused = _invoke("merge", *shards, "-f", "json", "--digits", "2")
    assert refused.exit_code == 2


def test_a_failed_gate_keeps_the_previous_report_that_o_names(shards, tmp_path: Path) -> None:
    previous = tmp_path / "previous.json"
    perfect = _invoke("score", GOLD, GOLD, "--name", "pred", "-f", "json", "-o", str(previous))
    assert perfect.exit_code == 0, perfect.output
    baseline = previous.read_bytes()
    gates = ("--previous", str(previous), "--max-drop", "pred:f=0.1", "-o", str(previous))
    result = _invoke("merge", *shards, *gates)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"wsscore: {previous}: kept as it was: -o names the --previous report, and a gate "
        "failed, so the new report was not written (give -o another file to keep it)"
    )
    assert previous.read_bytes() == baseline
