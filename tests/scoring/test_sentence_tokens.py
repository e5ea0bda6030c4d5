"""Sentences and Tokens P/R/F (docs/metrics.md §5.12): hand-computed fixtures, when they show,
every path of the aligner against spans computed here, the Scorer and merge."""

from __future__ import annotations

import json
from itertools import accumulate
from pathlib import Path

import pytest
from conftest import ROOT, run_wsscore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, Scorer, merge_reports, score
from wsscore.core.records import SentenceSpans, SentenceTokenCounts
from wsscore.core.sentence_spans import count_sentence_spans, count_text_sentences
from wsscore.inputs.manifest import load_manifest
from wsscore.output.suite import render_suite
from wsscore.scoring.suite import run_suite

FIXTURES = ROOT / "fixtures" / "sentences"
KEYS = SentenceTokenCounts._fields
ALIGN = InputOptions(mismatch="align")  # a prediction whose characters differ is scored


def _found(report) -> SentenceTokenCounts | None:  # type: ignore[no-untyped-def]
    return report.systems[0].sentence_tokens


# --- the hand-computed fixtures (docs/metrics.md §5.12) --------------------------------------


def test_the_words_fixture_has_the_hand_computed_counts() -> None:
    # Gold spans [0,4) [4,9) [9,12) [12,14) [14,17); the prediction merges the first two
    # ([0,9)), splits the third in three ([9,10) [10,11) [11,12)), has an empty line (not a
    # sentence) and the last two as the gold: 2 correct of 5 gold and 6 predicted. Its tokens
    # are its words: 下雨 split in two, the 11 others right.
    report = score(str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"))
    system = report.systems[0]
    assert system.sentence_tokens == SentenceTokenCounts(2, 5, 6, 11, 12, 13)
    metrics = system.sentence_token_metrics
    assert metrics is not None
    assert metrics.sentences_precision == pytest.approx(2 / 6)
    assert metrics.sentences_recall == pytest.approx(2 / 5)
    assert metrics.sentences_f1 == pytest.approx(4 / 11)
    assert metrics.tokens_precision == pytest.approx(11 / 13)
    assert metrics.tokens_recall == pytest.approx(11 / 12)
    assert metrics.tokens_f1 == pytest.approx(22 / 25)


def test_the_conllu_fixture_has_the_hand_computed_counts() -> None:
    # Gold: Vamos al(a el) mercado | Es del(de el) pueblo | Hola; the prediction merges the
    # first two sentences, writes al as one word and mercado as mer cado. Sentences: [25,29)
    # only, of 3 and 2. Tokens (al, del once each): 6 right of 7 and 8. Words (the script's
    # alignment of multi-word tokens): Vamos, Es, de, el, pueblo, Hola of 9 and 9.
    report = score(str(FIXTURES / "gold.conllu"), str(FIXTURES / "pred.conllu"))
    system = report.systems[0]
    assert system.sentence_tokens == SentenceTokenCounts(1, 3, 2, 6, 7, 8)
    assert (system.counts.correct, system.counts.gold_words, system.counts.pred_words) == (6, 9, 9)
    metrics = system.sentence_token_metrics
    assert metrics is not None
    assert (metrics.sentences_precision, metrics.sentences_f1) == (0.5, pytest.approx(0.4))
    assert (metrics.tokens_precision, metrics.tokens_f1) == (0.75, pytest.approx(0.8))


def test_the_json_and_the_table_show_them() -> None:
    done = run_wsscore("score", FIXTURES / "gold.txt", FIXTURES / "pred.txt", "-f", "json")
    assert done.returncode == 0, done.stderr
    system = json.loads(done.stdout)["systems"][0]
    assert [system["counts"][key] for key in KEYS] == [2, 5, 6, 11, 12, 13]
    assert system["metrics"]["sentences_recall"] == 0.4
    assert system["metrics"]["tokens_recall"] == pytest.approx(11 / 12)
    table = run_wsscore("score", FIXTURES / "gold.txt", FIXTURES / "pred.txt", "--ci", "none")
    header, _, row = table.stdout.splitlines()[:3]
    assert header.split() == [
        *("System", "Words", "R", "P", "F"),
        *("P_sent", "R_sent", "F_sent", "P_tok", "R_tok", "F_tok"),
    ]
    assert row.split()[5:] == ["0.333", "0.400", "0.364", "0.846", "0.917", "0.880"]


# --- when they show -----------------------------------------------------------------------


def test_words_with_the_gold_s_breaks_show_nothing_new() -> None:
    report = score(["甲乙 丙", "丁"], [["甲 乙丙", "丁"]])
    assert _found(report) is None
    keys = report.as_dict()["systems"][0]["counts"]  # type: ignore[index]
    assert not set(KEYS) & set(keys)


def test_a_differing_character_alone_adds_no_column_but_the_json_has_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # AS against jieba's output: one 'c' written 'ｃ'. The sentence on that line is wrong, as
    # its words touching it are; the breaks are the gold's and the tokens are the words, so
    # the six columns would say 1.000 and P, R, F again: the table keeps the bakeoff's.
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("甲乙 c 丙\n丁 戊\n", encoding="utf-8")
    pred.write_text("甲乙 ｃ 丙\n丁 戊\n", encoding="utf-8")
    table = run_wsscore("score", gold, pred, "--ci", "none", "--mismatch", "align")
    assert table.stdout.splitlines()[0].split() == ["System", "Words", "R", "P", "F"]
    done = run_wsscore("score", gold, pred, "-f", "json", "--mismatch", "align")
    counts = json.loads(done.stdout)["systems"][0]["counts"]
    assert [counts[key] for key in KEYS] == [1, 2, 2, 4, 5, 5]
    extra = run_wsscore("score", gold, pred, "--ci", "none", "--extra", "--mismatch", "align")
    assert "P_sent" in extra.stdout.splitlines()[0]


def test_extra_shows_them_even_with_the_gold_s_breaks() -> None:
    report = score(["甲乙 丙", "丁"], [["甲 乙丙", "丁"]], extra=True)
    assert _found(report) == SentenceTokenCounts(2, 2, 2, 1, 3, 3)


def test_conllu_shows_them_even_with_the_gold_s_breaks() -> None:
    gold = str(FIXTURES / "gold.conllu")
    assert _found(score(gold, gold)) == SentenceTokenCounts(3, 3, 3, 7, 7, 7)


# --- the counting, case by case ------------------------------------------------------------


def test_a_sentence_touching_a_differing_character_is_wrong() -> None:
    # 丁戊 against 丁己 (one character differs): that sentence is wrong, the other right.
    report = score(["甲乙 丙", "丁 戊"], [["甲乙 丙", "丁 己"]], inputs=ALIGN, extra=True)
    assert _found(report) == SentenceTokenCounts(1, 2, 2, 3, 4, 4)


def test_an_inserted_character_between_sentences_wrongs_neither() -> None:
    # The prediction has 戊 between the two sentences, on a line of its own: a sentence of its
    # own, wrong; the two others keep their spans (mapped past the insertion).
    gold = ["甲乙", "丙丁", "子丑"]
    report = score(gold, [["甲乙", "戊", "丙丁", "子丑"]], inputs=ALIGN, extra=True)
    assert _found(report) == SentenceTokenCounts(3, 3, 4, 3, 3, 4)


def test_a_differing_stretch_with_moved_breaks_counts_spans() -> None:
    # Gold 甲乙|丙丁|戊己; prediction 甲乙丙|丁|戊庚: one differing character (己/庚) in the
    # last sentence, and the first two merged and split elsewhere: no sentence right.
    report = score(["甲乙", "丙丁", "戊己"], [["甲乙丙", "丁", "戊庚"]], inputs=ALIGN, extra=True)
    found = _found(report)
    assert found is not None and found[:3] == (0, 3, 3)


def test_lines_past_the_gold_s_end_are_predicted_sentences(tmp_path: Path) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("甲 乙\n丙\n", "utf-8")
    pred.write_text("甲 乙\n丙\n丁\n\n戊\n", "utf-8")
    found = _found(score(str(gold), str(pred), inputs=ALIGN, extra=True))
    assert found is not None and found[:3] == (2, 2, 4)


def test_a_block_counted_whole_with_breaks_elsewhere(tmp_path: Path) -> None:
    # As many lines, the same characters, breaks elsewhere: the block is counted at once.
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("甲乙\n丙丁\n戊\n己\n", "utf-8")
    pred.write_text("甲乙丙\n丁\n戊\n己\n", "utf-8")
    assert _found(score(str(gold), str(pred))) == SentenceTokenCounts(2, 4, 4, 2, 4, 4)


def test_the_reference_counts_spans() -> None:
    assert count_sentence_spans([2, 0, 3, 1], [5, 1]) == SentenceSpans(1, 3, 2)
    # With the characters differing: the prediction's [0,2) is the gold's [0,2) (one run
    # [0,2) shared), its [2,4) stands at the gold's [3,5) past a deleted character.
    shared = [(0, 0, 2), (3, 2, 2)]
    assert count_sentence_spans([2, 3], [2, 2], shared) == SentenceSpans(1, 2, 2)
    assert count_sentence_spans([2, 1, 2], [2, 2], shared) == SentenceSpans(2, 3, 2)
    assert count_text_sentences("a b\nc", "ab\n\u3000c") == SentenceSpans(2, 2, 2)
    assert count_text_sentences("a b\nc", "a\nbc") == SentenceSpans(0, 2, 2)
    # Other separators than spaces (a tab, CRLF, U+3000) are not characters either.
    assert count_text_sentences("甲乙\r\n丙", "甲\t乙\r\n丙") == SentenceSpans(2, 2, 2)
    assert count_text_sentences("甲乙\n丙", "甲\t\n乙丙") == SentenceSpans(0, 2, 2)
    assert count_text_sentences("甲\u3000乙\n丙", "甲乙\r\n丙") == SentenceSpans(2, 2, 2)


# --- every path of the aligner against spans computed here ---------------------------------


def _spans(lines: list[list[str]]) -> set[tuple[int, int]]:
    ends = list(accumulate(sum(map(len, words)) for words in lines))
    starts = [0, *ends[:-1]]
    return {(start, end) for start, end in zip(starts, ends, strict=True) if end > start}


@st.composite
def _rebroken(draw: st.DrawFn) -> tuple[list[list[str]], list[list[str]]]:
    """A gold of lines of words, and a prediction of the same characters cut anew."""
    chars = draw(st.text(alphabet="甲乙丙丁", min_size=1, max_size=30))

    def cut() -> list[list[str]]:
        lines: list[list[str]] = [[]]
        for char in chars:
            choice = draw(st.sampled_from(["join", "word", "word", "line", "empty"]))
            if choice == "join" and lines[-1]:
                lines[-1][-1] += char
                continue
            if choice in ("line", "empty") and lines[-1]:
                lines += [[]] * (choice == "empty") + [[]]
                lines[-1] = []
            lines[-1].append(char)
        return lines

    return cut(), cut()


@pytest.mark.parametrize(
    "options",
    [{}, {"extra": True}, {"ci": "bootstrap", "samples": 5}, {"keep_sentences": True}],
    ids=["blocks", "extra", "records", "kept"],
)
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(pair=_rebroken())
def test_sentences_are_the_spans_both_sides_have(
    tmp_path: Path, options: dict[str, object], pair: tuple[list[list[str]], list[list[str]]]
) -> None:
    gold_lines, pred_lines = pair
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("".join(" ".join(words) + "\n" for words in gold_lines), "utf-8")
    # The prediction's separators vary: tabs, U+3000 and CRLF are white space as spaces are.
    separators = [" ", "\t", "\u3000", " \r"]
    pred.write_text(
        "".join(
            separators[index % 4].join(words) + separators[index % 4].strip(" ") + "\n"
            for index, words in enumerate(pred_lines)
        ),
        "utf-8",
    )
    report = score(str(gold), str(pred), **options)  # type: ignore[arg-type]
    found = _found(report)
    gold_spans, pred_spans = _spans(gold_lines), _spans(pred_lines)
    if found is None:  # shown unless the breaks are the gold's, without --extra
        assert gold_spans == pred_spans and "extra" not in options
        return
    assert found[:3] == (len(gold_spans & pred_spans), len(gold_spans), len(pred_spans))
    assert found.sentences_gold == report.gold.sentences
    counts = report.systems[0].counts
    assert found[3:] == (counts.correct, counts.gold_words, counts.pred_words)


# --- the Scorer, merge ---------------------------------------------------------------------


def test_the_scorer_reports_every_sentence_given_as_correct_under_extra() -> None:
    scorer = Scorer(extra=True)
    scorer.update(["甲乙 丙", "", "丁"], ["甲 乙丙", "", "丁"])
    found = scorer.report().systems[0].sentence_tokens
    assert found == SentenceTokenCounts(2, 2, 2, 1, 3, 3)
    plain = Scorer()
    plain.update(["甲乙"], ["甲 乙"])
    assert plain.report().systems[0].sentence_tokens is None


def test_merge_adds_them_and_fills_a_shard_that_shows_none(tmp_path: Path) -> None:
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("甲乙 丙\n丁\n", "utf-8")
    pred.write_text("甲 乙丙\n丁\n", "utf-8")
    moved = score(str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), names=["s"], ci="none")
    same = score(str(gold), str(pred), names=["s"], ci="none")
    assert _found(same) is None
    merged = merge_reports([moved.as_dict(), same.as_dict()])
    # The second shard had the gold's breaks: its 2 sentences right, its tokens its words.
    assert _found(merged) == SentenceTokenCounts(4, 7, 8, 12, 15, 16)
    assert _found(merge_reports([same.as_dict(), same.as_dict()])) is None


# --- wsscore suite -------------------------------------------------------------------------


def test_the_suite_prints_f_sent_and_f_tok_averaged(tmp_path: Path) -> None:
    # Corpus "moved": the words fixture (F_sent 4/11, F_tok 22/25); corpus "same": a gold whose
    # breaks the system keeps (F_sent 1, F_tok its F: 甲乙 丙 against 甲 乙丙, then 丁: 1 of 3
    # and 3, F 1/3), whose report shows nothing.
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_text("甲乙 丙\n丁\n", "utf-8")
    system.write_text("甲 乙丙\n丁\n", "utf-8")
    manifest = tmp_path / "suite.toml"
    manifest.write_text(
        f'[corpora.moved]\ngold = "{FIXTURES / "gold.txt"}"\n'
        f'[corpora.same]\ngold = "{gold}"\n'
        f'[systems.s]\nmoved = "{FIXTURES / "pred.txt"}"\nsame = "{system}"\n',
        encoding="utf-8",
    )
    suite = run_suite(load_manifest(manifest))
    (row,) = suite.rows
    assert row.cells["same"].result is not None
    assert row.cells["same"].result.sentence_tokens is None  # its report shows nothing
    assert row.cells["same"].sentence_tokens == SentenceTokenCounts(2, 2, 2, 1, 3, 3)
    spans = row.average.spans
    assert spans is not None
    assert spans.mean["sentences_f1"] == pytest.approx((4 / 11 + 1) / 2)
    assert spans.mean["tokens_f1"] == pytest.approx((22 / 25 + 1 / 3) / 2)
    # Pooled: sentences 4 of 7 and 8, tokens 12 of 15 and 16.
    assert spans.pooled.sentences_f1 == pytest.approx(8 / 15)
    assert spans.pooled.tokens_f1 == pytest.approx(24 / 31)
    text = render_suite(suite, "text", metrics=("fsent", "ftok"))
    assert "F_sent" in text and "F_tok" in text
    row_cells = next(line.split() for line in text.splitlines() if line.split()[:1] == ["s"])
    assert row_cells[1:] == ["0.364", "0.880", "1.000", "0.333", "0.682", "0.607", "0.533", "0.774"]


def test_worker_processes_add_up_the_sentences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wsscore.align import parallel

    monkeypatch.setattr(parallel, "MIN_PARALLEL_BYTES", 0)  # small files go parallel
    merged: list[list[parallel.ChunkResult]] = []
    merge = parallel._merge

    def recorded(results: list[parallel.ChunkResult], systems: int) -> parallel.ParallelResult:
        merged.append(results)
        return merge(results, systems)

    monkeypatch.setattr(parallel, "_merge", recorded)
    gold_lines = [" ".join(["甲乙", "丙", "丁戊己"][: 1 + index % 3]) for index in range(600)]
    pred_lines = list(gold_lines)
    for index in range(10, 590, 50):  # a character moved to the next line: two wrong sentences
        first, second = pred_lines[index], pred_lines[index + 1]
        pred_lines[index], pred_lines[index + 1] = first[:-1], first[-1] + " " + second
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("\n".join(gold_lines) + "\n", "utf-8")
    pred.write_text("\n".join(pred_lines) + "\n", "utf-8")
    alone = _found(score(str(gold), str(pred), jobs=1))
    together = _found(score(str(gold), str(pred), jobs=2))
    assert merged and len(merged[0]) > 1  # scored in chunks, added up
    assert sum((chunk.sentence_spans[0] for chunk in merged[0]), SentenceSpans()) == together[:3]
    moved = len(range(10, 590, 50))
    assert alone is not None and alone[:3] == (600 - 2 * moved, 600, 600)
    assert together == alone


@pytest.mark.parametrize(
    ("gold", "pred", "expected"),
    [
        # A long line (cut apart from its common ends before aligning) holds 子 more: wrong;
        # the prediction's 丁戊 己 maps past it to the gold's [4401, 4404): no gold sentence.
        (
            ["甲乙 " * 1100 + "丙", "丁戊", "己"],
            ["甲乙 " * 500 + "子 " + "甲乙 " * 600 + "丙", "丁戊 己"],
            (0, 3, 2),
        ),
        # 戊 stands one character later in the prediction (子 before it) than in the gold, and
        # not where a gold sentence is; 己 maps to the gold's last sentence.
        (
            ["甲乙 " * 1100, "丁戊", "己"],
            ["甲乙 " * 500 + "子 " + "甲乙 " * 600 + "丁", "戊", "己"],
            (1, 3, 3),
        ),
        (
            ["丑", "甲乙 " * 1100, "丁 戊", "庚"],
            ["丑", "甲乙 " * 500 + "子 " + "甲乙 " * 600, "丁", "戊", "庚"],
            (2, 4, 5),
        ),
    ],
    ids=["merged after", "moved after", "split after"],
)
def test_sentences_after_a_long_differing_line(
    gold: list[str], pred: list[str], expected: tuple[int, int, int]
) -> None:
    found = _found(score(gold, [pred], inputs=ALIGN, extra=True))
    assert found is not None and found[:3] == expected
