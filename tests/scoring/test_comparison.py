"""`compare`: scores and paired tests end to end on the fixtures, and every rendering."""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import FIXTURES

from wsscore import InputOptions
from wsscore.errors import WsscoreError
from wsscore.output.comparison import COMPARISON_FORMATS, render_comparison
from wsscore.scoring.comparison import compare, pair_sentences

GOLD = FIXTURES / "gold.txt"
PRED = FIXTURES / "pred.txt"  # F = 0.636, R = 0.583 (README)
WORDS = FIXTURES / "words.txt"
SIGNATURE_TAIL = "|test:bs-200+ar-1000|seed:12345"


@pytest.fixture(scope="module")
def comparison():
    """pred.txt as the baseline; itself in GBK (same counts) and the gold (F = 1) as systems."""
    return compare(
        GOLD,
        PRED,
        [FIXTURES / "gbk" / "pred.txt", GOLD],
        inputs=InputOptions(dictionary=WORDS),
        names=["base", "same", None],
        samples=200,
        trials=1000,
    )


def test_a_system_equal_to_the_baseline_has_p_one(comparison):
    same = comparison.systems[0]
    assert same.name == "same"
    for result in (same.bootstrap_f, same.bootstrap_r, same.randomization_f, same.randomization_r):
        assert result.difference == 0
        assert result.p_value == 1.0


def test_the_gold_as_a_system_is_clearly_better(comparison):
    gold = comparison.systems[1]
    assert gold.name == "gold.txt"
    assert gold.result.metrics.f == 1.0
    assert gold.bootstrap_f.difference == pytest.approx(1 - 7 / 11)  # F of pred.txt: 7/11
    assert gold.bootstrap_r.difference == pytest.approx(1 - 21 / 36)
    # Every sentence of pred.txt has an error: every resampled difference is positive.
    assert gold.bootstrap_f.low > 0 and gold.bootstrap_r.low > 0
    assert gold.bootstrap_f.p_value < 0.01
    # Four sentences, all better: only "swap none" and "swap all" reach the observed recall
    # difference, so no randomization test can go below 2/16 here.
    assert gold.randomization_r.p_value == pytest.approx(2 / 16, abs=0.03)


def test_the_baseline_comes_first_and_the_signature_names_the_tests(comparison):
    assert comparison.baseline.name == "base"
    assert [s.name for s in comparison.report.systems] == ["base", "same", "gold.txt"]
    assert comparison.signature == comparison.report.signature + SIGNATURE_TAIL
    assert "|dict:words|" in comparison.signature


def test_pred_against_itself():
    result = compare(GOLD, PRED, [PRED], samples=50, trials=50)
    assert result.systems[0].bootstrap_f.p_value == 1.0
    assert result.systems[0].randomization_r.p_value == 1.0


def test_json(comparison):
    data = json.loads(render_comparison(comparison, "json"))
    assert list(data) == [
        "version",
        "signature",
        "gold",
        "dictionary",
        "baseline",
        "systems",
        "options",
        "warnings",
    ]
    assert data["signature"].endswith(SIGNATURE_TAIL)
    assert data["gold"]["words"] == 36 and data["gold"]["sentences"] == 4
    assert data["baseline"] == {
        "name": "base",
        "path": str(PRED),
        "f1": pytest.approx(7 / 11),
        "recall": pytest.approx(21 / 36),
        "precision": pytest.approx(0.7),
    }
    assert data["options"] == {
        "samples": 200,
        "trials": 1000,
        "seed": 12345,
        "beta": 1.0,
        "mismatch": "warn",
        "match": "span",
        "unit": "char",
    }
    same, gold = data["systems"]
    assert same["paired_bootstrap"]["f1"]["p_value"] == 1.0
    assert same["approximate_randomization"]["recall"]["p_value"] == 1.0
    assert gold["name"] == "gold.txt" and gold["f1"] == 1.0
    test = gold["paired_bootstrap"]["recall"]
    assert test["metric"] == "recall" and test["test"] == "paired_bootstrap"
    assert test["difference"] == pytest.approx(15 / 36)
    assert test["ci_low"] > 0 and test["samples"] == 200
    randomization = gold["approximate_randomization"]["f1"]
    assert randomization["ci_low"] is None and randomization["samples"] == 1000


def test_text(comparison):
    lines = render_comparison(comparison, "text").splitlines()
    assert lines[0].split("  ")[0] == "System"
    assert "95% CI of ΔF" in lines[0] and "p (AR)" in lines[0]
    base, same, gold = (line.split() for line in lines[2:5])
    assert base == ["base", "0.636", "—", "—", "—", "—", "0.583", "—", "—", "—", "—"]
    assert same[:3] == ["same", "0.636", "+0.000"] and same.count("1.0000") == 4
    assert gold[:3] == ["gold.txt", "1.000", "+0.364"]
    assert gold[7:9] == ["1.000", "+0.417"]  # the interval is two tokens: [3:5]
    assert gold[5] == "0.0050*"  # bootstrap p: 1/201, starred
    assert not gold[6].endswith("*")  # randomization p about 0.125
    assert lines[5] == ""
    assert lines[6] == "Δ: system − baseline (base)"
    assert lines[7] == (
        "* p < 0.05; paired bootstrap (200 samples) and approximate randomization "
        "(1000 trials), seed 12345; p = (c+1)/(n+1)"
    )
    assert lines[8] == f"signature: {comparison.signature}"


def test_markdown(comparison):
    text = render_comparison(comparison, "markdown")
    lines = text.splitlines()
    assert lines[0].startswith("| System | F | ΔF | 95% CI of ΔF |")
    assert lines[2] == "| base | 0.636 | — | — | — | — | 0.583 | — | — | — | — |"
    assert lines[4].startswith("| gold.txt | 1.000 | +0.364 | [+")
    assert "| 0.0050\\* |" in lines[4]
    assert "\\* p < 0.05; paired bootstrap (200 samples)" in text
    assert lines[-1] == f"Signature: `{comparison.signature}`"


@pytest.mark.parametrize("fmt", ["tsv", "csv"])
def test_delimited(comparison, fmt):
    text = render_comparison(comparison, fmt)
    rows = list(csv.DictReader(io.StringIO(text), delimiter="\t" if fmt == "tsv" else ","))
    assert [row["System"] for row in rows] == ["base", "same", "gold.txt"]
    assert rows[0]["F_diff"] == "" and float(rows[0]["F"]) == pytest.approx(7 / 11)
    assert float(rows[1]["F_p_bootstrap"]) == 1.0 and float(rows[1]["R_p_ar"]) == 1.0
    assert float(rows[2]["R_diff"]) == pytest.approx(15 / 36)
    assert float(rows[2]["F_diff_low"]) > 0
    assert float(rows[2]["P"]) == 1.0
    assert {row["signature"] for row in rows} == {comparison.signature}


def test_table(comparison):
    text = render_comparison(comparison, "table")
    assert "p (bootstrap)" in text and "gold.txt" in text and "+0.364" in text
    assert "0.0050*" in text
    assert "\x1b[" not in text  # no colour unless asked
    # Wider than the 120 columns of an unknown terminal, the signature folds after a "|".
    assert len(f"signature: {comparison.signature}") > 120
    folded = text.splitlines()[-2:]
    assert folded[0].startswith("signature: ") and folded[0].endswith("|")
    assert "".join(line.strip() for line in folded) == f"signature: {comparison.signature}"
    wide = render_comparison(comparison, "table", width=300)
    assert wide.rstrip().endswith(f"\nsignature: {comparison.signature}")


def test_every_format_renders_and_unknown_ones_are_refused(comparison):
    for fmt in COMPARISON_FORMATS:
        assert render_comparison(comparison, fmt).endswith("\n")
    with pytest.raises(ValueError, match="unknown format"):
        render_comparison(comparison, "latex")


def test_f_beta_headers():
    result = compare(GOLD, PRED, [GOLD], beta=2.0, samples=20, trials=20)
    header = render_comparison(result, "text").splitlines()[0]
    assert "ΔF(β=2)" in header
    assert "|beta:2|" in result.signature


def test_a_line_missing_from_one_system_counts_zeros():
    # The aligner reports the words past the gold's end (line 4) for the system only.
    gold = ["a b", "", "c d"]
    result = compare(
        gold, gold, [["ab", "", "c d", "y z"]], inputs=InputOptions(mismatch="align"), samples=20
    )
    system = result.systems[0]
    assert system.randomization_r.difference == pytest.approx(-0.5)
    assert system.bootstrap_f.system == pytest.approx(f_of(precision=2 / 5, recall=2 / 4))


def f_of(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall)


def test_pair_sentences_by_line_number():
    baseline = [(1, (3, 3, 2, 0)), (3, (2, 2, 2, 0))]
    system = [(1, (3, 4, 1, 0)), (2, (0, 1, 0, 1)), (3, (2, 1, 0, 0)), (3, (0, 1, 0, 0))]
    assert pair_sentences(baseline, system) == (
        [(3, 3, 2), (0, 0, 0), (2, 2, 2)],
        [(3, 4, 1), (0, 1, 0), (2, 2, 0)],  # line 3's two records add up
    )
    assert pair_sentences(system[:1], []) == ([(3, 4, 1)], [(3, 0, 0)])


def test_bad_calls():
    with pytest.raises(WsscoreError, match="at least one system"):
        compare(GOLD, PRED, [])
    with pytest.raises(WsscoreError, match=r"compare\(names=\[\.\.\.\]\)"):
        compare(GOLD, PRED, [GOLD], names=["only one"])
    with pytest.raises(ValueError, match="trials must be a whole number from 1 to"):
        compare(GOLD, PRED, [GOLD], trials=0)


def test_in_memory_gold_with_a_path_baseline():
    lines = GOLD.read_text(encoding="utf-8").splitlines()
    result = compare(lines, str(PRED), [lines], samples=20, trials=20)
    assert result.baseline.metrics.f == pytest.approx(7 / 11)
    assert result.systems[0].result.metrics.f == 1.0
