"""--extra: the figures other communities report (docs/metrics.md §5.8–5.10) against values
computed by hand and against PyThaiNLP's own counts of the same pairs."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES

from wsscore import InputOptions, score

FIGURES = FIXTURES / "figures"
PYTHAINLP = json.loads((FIGURES / "pythainlp_counts.json").read_text(encoding="utf-8"))


def _system(gold: list[str], pred: list[str], **options: object):
    return score(gold, [pred], extra=True, ci="none", **options).systems[0]


def _lines(name: str) -> list[str]:
    return (FIGURES / name).read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("pred_name", sorted(PYTHAINLP["pairs"]))
def test_counts_equal_pythainlp_s_own(pred_name):
    expected = PYTHAINLP["pairs"][pred_name]
    system = _system(_lines(expected["gold"]), _lines(pred_name))
    extra, counts = system.extra, system.counts
    found = (extra.char_tp, extra.char_fp, extra.char_tn, extra.char_fn)
    assert found == tuple(expected[f"char_{key}"] for key in ("tp", "fp", "tn", "fn"))
    # Its word-level counts are the bakeoff's on text that agrees.
    words = (counts.correct, counts.pred_words, counts.gold_words)
    assert words == (expected["correct"], expected["pred_words"], expected["gold_words"])


def test_pythainlp_fixture_holds_every_kind_of_char_count():
    # The fixture can fail a wrong count of each kind: none of them is zero everywhere.
    for key in ("tp", "fp", "tn", "fn"):
        assert any(pair[f"char_{key}"] for pair in PYTHAINLP["pairs"].values()), key


def test_the_worked_examples_of_metrics_md():
    # §5.8: the second sentence only is exact.
    system = _system(["约翰 喜欢 玛丽", "他 来了"], ["约翰 喜 欢 玛 丽", "他 来了"])
    assert system.extra.exact_sentences == 1 and system.extra_metrics.exact_match == 0.5
    # §5.9: starts 0, 2, 4 against 0, 2, 3, 4, 5.
    one = _system(["约翰 喜欢 玛丽"], ["约翰 喜 欢 玛 丽"])
    extra, figures = one.extra, one.extra_metrics
    assert (extra.char_tp, extra.char_fp, extra.char_tn, extra.char_fn) == (3, 2, 1, 0)
    assert (figures.char_precision, figures.char_recall) == (3 / 5, 1.0)
    assert figures.char_f1 == pytest.approx(2 * 0.6 / 1.6)
    # §5.10: G = 2, Q = 4, C = 2, and the two edges on each side.
    edges = (extra.edge_gold_boundaries, extra.edge_pred_boundaries, extra.edge_correct_boundaries)
    assert edges == (4, 6, 4)
    assert (figures.edge_boundary_precision, figures.edge_boundary_recall) == (4 / 6, 1.0)
    assert figures.edge_boundary_f1 == pytest.approx(0.8)


def test_thai_split_has_one_exact_sentence_of_ten():
    system = _system(_lines("thai.gold.txt"), _lines("thai.split.txt"))
    assert system.extra.exact_sentences == 1
    assert system.extra_metrics.exact_match == pytest.approx(0.1)


def test_a_one_word_sentence_has_its_two_edges_only():
    system = _system(["今天"], ["今 天"])
    extra, figures = system.extra, system.extra_metrics
    assert (extra.gold_boundaries, extra.edge_gold_boundaries) == (0, 2)
    assert (extra.pred_boundaries, extra.edge_pred_boundaries) == (1, 3)
    assert figures.boundary_recall is None and figures.edge_boundary_recall == 1.0
    assert (extra.char_tp, extra.char_fp, extra.char_tn, extra.char_fn) == (1, 1, 0, 0)
    assert extra.exact_sentences == 0


def test_lines_without_words_are_not_sentences():
    system = _system(["", "甲 乙", ""], ["", "甲 乙", ""])
    extra = system.extra
    assert extra.exact_sentences == 1 and extra.sentences == 1
    assert (extra.char_tp, extra.char_tn) == (2, 0)


@pytest.mark.parametrize("details", [False, True], ids=["counted", "from details"])
def test_a_sentence_with_differing_characters_is_not_exact(details):
    # The first line differs (乙 against 丙); its first word stays correct. Counted by the
    # stretch on its own, or from each sentence's detail when a callback wants them.
    gold, pred = ["甲 乙", "丁 戊"], ["甲 丙", "丁 戊"]
    on_detail = (lambda index, detail: None) if details else None
    system = _system(gold, pred, inputs=InputOptions(mismatch="align"), on_detail=on_detail)
    extra = system.extra
    assert extra.exact_sentences == 1 and extra.sentences == 2
    # Each sentence's two characters: its first a start on both sides, the second a start of a
    # gold word and of a predicted word (丙 placed over 乙 by the alignment).
    assert (extra.char_tp, extra.char_fp, extra.char_tn, extra.char_fn) == (4, 0, 0, 0)
    assert (extra.edge_gold_boundaries, extra.edge_correct_boundaries) == (6, 6)


@pytest.mark.parametrize("details", [False, True], ids=["counted", "from details"])
def test_a_long_line_cut_around_its_difference_counts_as_one_sentence(details):
    # Lines of 2,000 characters or more are cut around their difference (align/stretch.py):
    # the common ends are counted apart, and the whole-line counts must still be the line's.
    words = ["甲乙", "丙", "丁戊己"] * 2000  # 12,000 characters
    gold_line = " ".join(words)
    pred_line = " ".join([*words[:3000], "庚", *words[3000:]])  # a word more, in the middle
    gold, pred = [gold_line, "甲 乙"], [pred_line, "甲 乙"]
    on_detail = (lambda index, detail: None) if details else None
    system = _system(gold, pred, inputs=InputOptions(mismatch="align"), on_detail=on_detail)
    extra = system.extra
    assert extra.sentences == 2 and extra.exact_sentences == 1
    chars = len(gold_line.replace(" ", "")) + 2
    assert extra.char_tp + extra.char_fp + extra.char_tn + extra.char_fn == chars
    # Only the inserted 庚 differs: every gold boundary is found, one more is predicted.
    assert (extra.char_fn, extra.char_fp) == (0, 0)
    assert extra.edge_gold_boundaries == len(words) - 1 + 2 + 1 + 2
    assert extra.edge_correct_boundaries == extra.edge_gold_boundaries


def test_the_types_of_the_fixture_by_hand():
    # §5.11: 33 distinct gold words, 28 predicted, 19 in both (counted by set() in a shell).
    system = _system(_lines("../gold.txt"), _lines("../pred.txt"))
    assert system.types == (19, 33, 28)
    figures = system.extra_metrics
    assert (figures.type_precision, figures.type_recall) == (19 / 28, 19 / 33)
    assert figures.type_f1 == pytest.approx(2 * 19 / (28 + 33))


def test_types_are_strings_wherever_they_stand():
    # 甲乙 predicted in the second line is a gold word of the first: a correct type, though
    # not a correct word. Two occurrences count once.
    system = _system(["甲乙 丙", "丁 甲 乙"], ["甲乙 丙", "丁 甲乙"])
    assert system.types == (3, 5, 3)  # 甲乙 丙 丁 of 甲乙 丙 丁 甲 乙
    assert system.counts.correct == 3
