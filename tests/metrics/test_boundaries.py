"""--extra: TNR, boundary scores, F_mean and error classes against hand-computed values and an
independent reference on the whole character stream."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, score
from wsscore.cli.app import cli

GOLD = ["约翰 喜欢 玛丽"]

# Shao, Hardmeier & Nivre (2017), Table 1: output, P, R, F, and the TNR's false positives out of
# 18 true negatives (21 substrings of 6 characters, less the 3 gold words).
SHAO_TABLE_1 = [
    ("T1", "约 翰 喜 欢 玛 丽", 0.0, 0.0, 0.0, 6),
    ("T2", "约翰喜欢玛丽", 0.0, 0.0, 0.0, 1),
    ("S1", "约翰 喜欢玛丽", 0.5, 1 / 3, 0.4, 1),
    ("S2", "约翰 喜 欢 玛 丽", 0.2, 1 / 3, 0.25, 4),
    ("S3", "约翰 喜欢 玛 丽", 0.5, 2 / 3, 0.571, 2),
]


def _system(gold: list[str], pred: list[str]):
    return score(gold, [pred], extra=True, ci="none").systems[0]


@pytest.mark.parametrize(
    ("label", "output", "precision", "recall", "f", "false_positives"),
    SHAO_TABLE_1,
    ids=[row[0] for row in SHAO_TABLE_1],
)
def test_shao_table_1(label, output, precision, recall, f, false_positives):
    system = _system(GOLD, [output])
    assert system.metrics.precision == pytest.approx(precision)
    assert system.metrics.recall == pytest.approx(recall)
    assert system.metrics.f == pytest.approx(f, abs=5e-4)
    assert system.extra.substrings == 21
    assert system.extra_metrics.tnr == pytest.approx(1 - false_positives / 18)


@pytest.mark.parametrize(
    ("output", "false_positives"),
    [
        (" ".join("JohnlikesMary"), 13),
        ("JohnlikesMary", 1),
        ("John likesMary", 1),
        ("John likes Mary", 0),
    ],
)
def test_shao_english_row_has_88_true_negatives(output, false_positives):
    # 13 characters: 91 substrings, less the 3 gold words.
    system = _system(["John likes Mary"], [output])
    assert system.extra.substrings == 91
    assert system.extra_metrics.tnr == pytest.approx(1 - false_positives / 88)


def test_boundaries_and_error_classes_by_hand():
    # S1: gold boundaries after 翰 and 欢 (offsets 2, 4); the output has only 2.
    s1 = _system(GOLD, ["约翰 喜欢玛丽"])
    assert (s1.extra.gold_boundaries, s1.extra.pred_boundaries, s1.extra.correct_boundaries) == (
        2,
        1,
        1,
    )
    assert s1.extra_metrics.boundary_precision == 1.0
    assert s1.extra_metrics.boundary_recall == 0.5
    assert s1.extra_metrics.boundary_f1 == pytest.approx(2 / 3)
    # 喜欢 and 玛丽 lie inside 喜欢玛丽: merged.
    assert (s1.extra.split_errors, s1.extra.merged_errors, s1.extra.crossing_errors) == (0, 2, 0)
    # S2: 喜欢 and 玛丽 are cut in two, with boundaries at both ends: split.
    s2 = _system(GOLD, ["约翰 喜 欢 玛 丽"])
    assert (s2.extra.split_errors, s2.extra.merged_errors, s2.extra.crossing_errors) == (2, 0, 0)
    # AB CD against A BC D: each gold word has a boundary inside and lacks one end: crossing.
    crossing = _system(["AB CD"], ["A BC D"])
    assert (crossing.extra.split_errors, crossing.extra.merged_errors) == (0, 0)
    assert crossing.extra.crossing_errors == 2


def test_f_mean_weights_recall_nine_times():
    # Lavie et al.: F_mean = 10PR / (R + 9P). S1: P = 1/2, R = 1/3.
    s1 = _system(GOLD, ["约翰 喜欢玛丽"])
    p, r = Fraction(1, 2), Fraction(1, 3)
    assert s1.extra_metrics.f_mean == pytest.approx(float(10 * p * r / (r + 9 * p)))


def test_undefined_figures_are_none():
    # One-character words only: every substring is a word, no true negative is left; no
    # internal position either.
    system = _system(["a b"], ["a b"])
    assert system.extra_metrics.tnr is None or system.extra.substrings > 2
    single = _system(["a"], ["a"])
    assert single.extra_metrics.tnr is None
    assert single.extra_metrics.boundary_precision is None
    assert single.extra_metrics.boundary_recall is None


# --- an independent reference on the whole character stream ---------------------------------


def reference(gold_lines: list[str], pred_lines: list[str]) -> dict[str, int]:
    """Extra counts from global character offsets: a gold line's internal positions are the
    candidate boundaries; a predicted boundary is the end of any predicted word."""
    gold_spans, line_ends, substrings, position = [], {0}, 0, 0
    for line in gold_lines:
        start = position
        for word in line.split():
            gold_spans.append((position, position + len(word)))
            position += len(word)
        line_ends.add(position)
        chars = position - start
        substrings += chars * (chars + 1) // 2
    total = position
    pred_spans, pred_bounds, position = set(), {0, total}, 0
    for line in pred_lines:
        for word in line.split():
            pred_spans.add((position, position + len(word)))
            position += len(word)
            pred_bounds.add(position)
    assert position == total
    gold_internal = {end for _, end in gold_spans} - line_ends
    pred_internal = {p for p in pred_bounds if p not in line_ends}
    classes = {"split": 0, "merged": 0, "crossing": 0}
    for start, end in gold_spans:
        if (start, end) in pred_spans:
            continue
        inside = any(p in pred_bounds for p in range(start + 1, end))
        if not inside:
            classes["merged"] += 1
        elif start in pred_bounds and end in pred_bounds:
            classes["split"] += 1
        else:
            classes["crossing"] += 1
    return {
        "substrings": substrings,
        "gold_boundaries": len(gold_internal),
        "pred_boundaries": len(pred_internal),
        "correct_boundaries": len(gold_internal & pred_internal),
        "split_errors": classes["split"],
        "merged_errors": classes["merged"],
        "crossing_errors": classes["crossing"],
        **whole_sentences_reference(gold_lines, pred_lines),
    }


def whole_sentences_reference(gold_lines: list[str], pred_lines: list[str]) -> dict[str, int]:
    """The counts that look at whole gold sentences, from global character offsets: a
    sentence is exact when the predicted words starting in it are exactly its gold words; each
    of its characters is a word start or not on each side, its first a start on both (as
    PyThaiNLP's benchmark has it); its two edges are boundaries of both sides."""
    pred_spans, position = [], 0
    for line in pred_lines:
        for word in line.split():
            pred_spans.append((position, position + len(word)))
            position += len(word)
    pred_starts = {start for start, _ in pred_spans} | {end for _, end in pred_spans}
    found = dict.fromkeys(["exact_sentences", "char_tp", "char_fp", "char_tn", "char_fn"], 0)
    found |= dict.fromkeys(["edge_gold_boundaries", "edge_pred_boundaries"], 0)
    found["edge_correct_boundaries"] = 0
    position = 0
    for line in gold_lines:
        words = line.split()
        if not words:
            continue
        start = position
        spans = []
        for word in words:
            spans.append((position, position + len(word)))
            position += len(word)
        mine = [span for span in pred_spans if start <= span[0] < position]
        found["exact_sentences"] += mine == spans
        gold_starts = {begin for begin, _ in spans}
        for at in range(start, position):
            gold_start = at in gold_starts
            pred_start = at == start or at in pred_starts
            key = {(1, 1): "tp", (0, 1): "fp", (0, 0): "tn", (1, 0): "fn"}
            found["char_" + key[gold_start, pred_start]] += 1
        inside_pred = {at for at in pred_starts if start < at < position}
        found["edge_gold_boundaries"] += len(spans) + 1
        found["edge_pred_boundaries"] += len(inside_pred) + 2
        found["edge_correct_boundaries"] += len(inside_pred & gold_starts) + 2
    return found


def _read(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_fixtures_match_the_reference():
    gold = _read(FIXTURES / "gold.txt")
    pred = _read(FIXTURES / "pred.txt")
    system = _system(gold, pred)
    assert system.extra.as_dict() == reference(gold, pred)
    # Every wrong gold word falls in exactly one class.
    wrong = system.counts.gold_words - system.counts.correct
    assert (
        system.extra.split_errors + system.extra.merged_errors + system.extra.crossing_errors
        == (wrong)
    )


@st.composite
def segmentations(draw):
    """A gold and a prediction of the same characters, with their own line breaks."""
    text = draw(st.lists(st.sampled_from("甲乙丙丁戊ab"), min_size=1, max_size=40))
    cuts_gold = draw(st.lists(st.booleans(), min_size=len(text) - 1, max_size=len(text) - 1))
    cuts_pred = draw(st.lists(st.booleans(), min_size=len(text) - 1, max_size=len(text) - 1))
    breaks_gold = draw(st.lists(st.booleans(), min_size=len(text) - 1, max_size=len(text) - 1))
    breaks_pred = draw(st.lists(st.booleans(), min_size=len(text) - 1, max_size=len(text) - 1))

    def render(cuts, breaks):
        out = text[0]
        for char, cut, line_break in zip(text[1:], cuts, breaks, strict=True):
            if cut and line_break:
                out += "\n"
            elif cut:
                out += " "
            out += char
        return out.split("\n")

    return render(cuts_gold, breaks_gold), render(cuts_pred, breaks_pred)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(segmentations())
def test_extra_counts_equal_the_reference(pair):
    gold, pred = pair
    system = _system(gold, pred)
    assert system.extra.as_dict() == reference(gold, pred)


def test_extra_in_every_format():
    runner = CliRunner()
    base = [
        "score",
        str(FIXTURES / "gold.txt"),
        str(FIXTURES / "pred.txt"),
        "-d",
        str(FIXTURES / "words.txt"),
        "--extra",
    ]
    gold, pred = _read(FIXTURES / "gold.txt"), _read(FIXTURES / "pred.txt")
    expected = reference(gold, pred)
    data = json.loads(runner.invoke(cli, [*base, "-f", "json"]).output)
    system = data["systems"][0]
    for key in ("split_errors", "merged_errors", "crossing_errors"):
        assert system["counts"][key] == expected[key]
    tnr = 1 - (30 - 21) / (expected["substrings"] - 36)
    assert system["metrics"]["tnr"] == pytest.approx(tnr)
    b_precision = expected["correct_boundaries"] / expected["pred_boundaries"]
    b_recall = expected["correct_boundaries"] / expected["gold_boundaries"]
    assert system["metrics"]["boundary_precision"] == pytest.approx(b_precision)
    assert system["metrics"]["boundary_recall"] == pytest.approx(b_recall)
    assert system["metrics"]["boundary_f1"] == pytest.approx(
        2 * b_precision * b_recall / (b_precision + b_recall)
    )
    p, r = 21 / 30, 21 / 36
    assert system["metrics"]["f_mean"] == pytest.approx(10 * p * r / (r + 9 * p))

    text = runner.invoke(cli, [*base, "-f", "text"]).output
    header, _, row = text.splitlines()[:3]
    # The last six: Sentences (the gold's breaks: all right) and Tokens (the words).
    assert header.split()[-6:] == ["P_sent", "R_sent", "F_sent", "P_tok", "R_tok", "F_tok"]
    assert row.split()[-6:] == [
        *["1.000"] * 3,
        f"{p:.3f}",
        f"{r:.3f}",
        f"{2 * p * r / (p + r):.3f}",
    ]
    first = header.split().index("TNR")
    assert header.split()[first : first + 8] == [
        "TNR",
        "P_b",
        "R_b",
        "F_b",
        "F_mean",
        "Split",
        "Merged",
        "Crossing",
    ]
    cells = row.split()
    first -= len(header.split()) - len(cells)  # "System" and its row's name are one cell each
    assert cells[first : first + 8] == [
        f"{tnr:.3f}",
        f"{b_precision:.3f}",
        f"{b_recall:.3f}",
        f"{2 * b_precision * b_recall / (b_precision + b_recall):.3f}",
        f"{10 * p * r / (r + 9 * p):.3f}",
        str(expected["split_errors"]),
        str(expected["merged_errors"]),
        str(expected["crossing_errors"]),
    ]
    for fmt, marker in [
        ("markdown", "| TNR | P_b | R_b | F_b | F_mean | Split | Merged | Crossing | EM |"),
        ("latex", r"TNR & $P_b$ & $R_b$ & $F_b$ & $F_{\mathrm{mean}}$ & Split & Merged & Crossing"),
        ("tsv", "TNR\tP_b\tR_b\tF_b\tF_mean\tSplit\tMerged\tCrossing"),
        ("csv", "TNR,P_b,R_b,F_b,F_mean,Split,Merged,Crossing"),
        ("sighan", f"=== TRUE NEGATIVE RATE:\t{tnr:.3f}"),
        ("table", "F_mean"),
    ]:
        out = runner.invoke(cli, [*base, "-f", fmt]).output
        assert marker in out, fmt
    merged = runner.invoke(cli, [*base, "-f", "sighan"]).output
    assert f"=== MERGED ERRORS:\t{expected['merged_errors']}" in merged


def test_extra_is_refused_with_match_diff(tmp_path):
    result = CliRunner().invoke(
        cli,
        [
            "score",
            str(FIXTURES / "gold.txt"),
            str(FIXTURES / "pred.txt"),
            "--extra",
            "--match",
            "diff",
        ],
    )
    assert result.exit_code == 2
    assert "--extra works with --match span" in result.output


def test_tnr_is_undefined_where_the_texts_differ():
    # Predicted words over characters the gold lacks are no gold substrings: with them the
    # ratio could fall below 0 (it was -1.0 here; found by the fuzzer).
    differing = score(
        ["a b"], [["a b", "c d"]], inputs=InputOptions(mismatch="align"), extra=True
    ).systems[0]
    assert differing.counts.misaligned_chars == 2
    assert differing.extra_metrics.tnr is None
    same = score(["a b"], [["a b"]], extra=True).systems[0]
    assert same.extra_metrics.tnr == 1.0
