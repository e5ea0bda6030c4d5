"""wsscore against every row of Tables 5-12 of Sproat & Emerson (2003).

The data is ``../shared/papers/sproat_emerson_2003_tables.tsv`` beside the repository (see the
README there): the 38 rows of the ranked tables of "The First International Chinese Word
Segmentation Bakeoff" (Second SIGHAN Workshop, ACL Anthology W03-1719), as printed: three
decimals for R, P, F and the OOV columns, four for c_r and c_p. It is read at test time and never
copied here; without it the module is skipped.

Checked, for every row:

* the bakeoff interval, 2·sqrt(p(1−p)/n) with n the gold word count for R and P alike, prints
  the paper's c_r and c_p from its R and P;
* integer counts that print as the paper's R, P and F go through ``compute`` and print the
  paper's R, P, F, c_r and c_p;
* the printed F is attainable from R and P within their rounding (the paper computed F before
  rounding, so F from the printed R and P is off by one in the last digit in seven rows, listed).

And for Table 8 (PK closed, 17,194 words), the one whose verdict the paper spells out: the
significance criterion finds exactly the pairs S10/S09 and S07/S04 not significantly different.
"""

from __future__ import annotations

import csv
import math
from collections import defaultdict
from pathlib import Path

import pytest

from wsscore import Counts, Metrics, SystemResult
from wsscore.metrics.ranking import not_significantly_different, verdict
from wsscore.metrics.scores import bakeoff_interval, compute, f_beta

# ../shared beside the repository.
SHARED = Path(__file__).resolve().parents[3] / "shared"
TABLES = SHARED / "papers" / "sproat_emerson_2003_tables.tsv"

if not TABLES.is_file():
    pytest.skip(f"the paper's tables ({TABLES}) are not here", allow_module_level=True)

with TABLES.open(encoding="utf-8", newline="") as handle:
    ROWS = list(csv.DictReader(handle, delimiter="\t"))

IDS = [f"table{row['table']}-{row['site']}" for row in ROWS]

# Rows whose F, recomputed from the *printed* R and P, does not print as the paper's F (one unit
# in the third decimal): the paper computed F from the unrounded R and P. Every one of them is
# still attainable within the rounding of R and P (test_f_is_attainable_from_r_and_p) and is
# reproduced exactly by counts (test_the_row_from_counts).
F_NOT_FROM_PRINTED_R_AND_P = {
    "table5-S06",  # R .944, P .945: 0.94450 prints 0.944, the paper 0.945
    "table5-S05",  # R .952, P .931: 0.94138, the paper 0.942
    "table6-S01",  # R .886, P .875: 0.88047, the paper 0.881
    "table8-S10",  # R .955, P .938: 0.94642, the paper 0.947 (S09, same R and P, prints 0.946)
    "table10-S02",  # R .916, P .907: 0.91148, the paper 0.912
    "table11-S03",  # R .909, P .863: 0.88540, the paper 0.886
    "table12-S11",  # R .905, P .869: 0.88663, the paper 0.886
}


def three(value: float) -> str:
    return f"{value:.3f}"


def four(value: float) -> str:
    return f"{value:.4f}"


def numerators(printed: str, denominator: int) -> list[int]:
    """Every k such that k / denominator prints (three decimals) as ``printed``."""
    value = float(printed)
    low = math.floor((value - 0.0006) * denominator)
    high = math.ceil((value + 0.0006) * denominator)
    return [k for k in range(max(low, 0), high + 1) if three(k / denominator) == printed]


def counts_for(row: dict[str, str]) -> Counts | None:
    """Gold, predicted and correct word counts that print as the row's R, P and F.

    Plain arithmetic, independent of wsscore: R = correct/n, P = correct/predicted,
    F = 2·correct/(n + predicted). Of all such counts, the one nearest the printed R and P (ties:
    the smallest counts), so the choice is deterministic. None when there are none.
    """
    n = int(row["n"])
    recall, precision = float(row["R"]), float(row["P"])
    best = None
    for correct in numerators(row["R"], n):
        low = math.floor(correct / (precision + 0.0006))
        high = math.ceil(correct / (precision - 0.0006))
        for predicted in range(low, high + 1):
            if three(correct / predicted) != row["P"]:
                continue
            if three(2 * correct / (n + predicted)) != row["F"]:
                continue
            distance = abs(correct / n - recall) + abs(correct / predicted - precision)
            key = (distance, correct, predicted)
            if best is None or key < best:
                best = key
    if best is None:
        return None
    return Counts(gold_words=n, pred_words=best[2], correct=best[1])


def result(name: str, metrics: Metrics) -> SystemResult:
    return SystemResult(name=name, path=name, encoding="utf-8", counts=Counts(), metrics=metrics)


def from_printed(row: dict[str, str]) -> SystemResult:
    """A system with the printed R and P and their bakeoff intervals (n = gold words)."""
    n = int(row["n"])
    recall, precision = float(row["R"]), float(row["P"])
    metrics = Metrics(
        recall=recall,
        precision=precision,
        f=float(row["F"]),
        oov_rate=None,
        oov_recall=None,
        iv_recall=None,
        recall_ci=bakeoff_interval(recall, n),
        precision_ci=bakeoff_interval(precision, n),
    )
    return result(row["site"], metrics)


def from_counts(row: dict[str, str]) -> SystemResult:
    counts = counts_for(row)
    assert counts is not None, f"no counts print as table {row['table']} {row['site']}"
    return result(row["site"], compute(counts, has_dictionary=False))


def table(number: str) -> list[dict[str, str]]:
    """The rows of one table, in the paper's (ranked) order."""
    return [row for row in ROWS if row["table"] == number]


# --- the data itself ----------------------------------------------------------------------------


def test_the_file_holds_every_row_of_tables_5_to_12():
    per_table = defaultdict(int)
    for row in ROWS:
        per_table[row["table"]] += 1
    assert dict(per_table) == {
        "5": 5,
        "6": 5,
        "7": 4,
        "8": 8,
        "9": 2,
        "10": 5,
        "11": 3,
        "12": 6,
    }
    assert len(set(IDS)) == len(ROWS) == 38


# --- every row ----------------------------------------------------------------------------------


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_bakeoff_interval_prints_the_papers_c_r_and_c_p(row):
    n = int(row["n"])  # the gold word count, for P as well as R (the paper's convention)
    assert four(bakeoff_interval(float(row["R"]), n).half_width) == row["c_r"]
    assert four(bakeoff_interval(float(row["P"]), n).half_width) == row["c_p"]


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_the_row_from_counts(row):
    counts = counts_for(row)
    assert counts is not None, "no integer counts print as the paper's R, P and F"
    metrics = compute(counts, has_dictionary=False)
    printed = (
        three(metrics.recall),
        four(metrics.recall_ci.half_width),
        three(metrics.precision),
        four(metrics.precision_ci.half_width),
        three(metrics.f),
    )
    assert printed == (row["R"], row["c_r"], row["P"], row["c_p"], row["F"])


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_f_is_attainable_from_r_and_p(row):
    # F grows with R and with P, so over R and P within their rounding (±0.0005) it spans
    # [F(R−, P−), F(R+, P+)]; the printed F must be within rounding (±0.0005) of that span.
    recall, precision, f = float(row["R"]), float(row["P"]), float(row["F"])
    lowest = f_beta(precision - 0.0005, recall - 0.0005)
    highest = f_beta(precision + 0.0005, recall + 0.0005)
    assert lowest - 0.0005 <= f <= highest + 0.0005


def test_f_from_the_printed_r_and_p_differs_only_in_the_listed_rows():
    differing = {
        row_id
        for row_id, row in zip(IDS, ROWS, strict=True)
        if three(f_beta(float(row["P"]), float(row["R"]))) != row["F"]
    }
    assert differing == F_NOT_FROM_PRINTED_R_AND_P


# --- Table 8: the significance verdict ----------------------------------------------------------

# The paper, under Table 8 (PK closed, 17,194 words): S10/S09 and S07/S04 are the only pairs not
# significantly different. It spells out no other table's verdict, so no other is asserted. (For
# the record, the criterion on the printed rows gives: Table 5 S09/S12 and S05/S01; Table 10
# S11/S01; Table 12 S08/S04; Tables 6, 7, 9 and 11 none.)
#
# Close calls: S01's recall interval misses S10's and S09's by 0.0009, and S04's precision
# interval misses S08's by 0.0007, less than the rounding of R and P could move them; both the
# printed values and the counts above give the paper's verdict.
TABLE_8_PAIRS = [("S10", "S09"), ("S07", "S04")]


@pytest.mark.parametrize("build", [from_printed, from_counts], ids=["printed", "counts"])
def test_table_8_verdict(build):
    systems = [build(row) for row in table("8")]
    assert [s.name for s in systems] == ["S01", "S10", "S09", "S07", "S04", "S08", "S06", "S05"]
    assert not_significantly_different(systems) == TABLE_8_PAIRS
    assert verdict(systems).endswith(": S10 and S09; S07 and S04")
