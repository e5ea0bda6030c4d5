"""`wsscore report` gathers the same page whether the lines whose characters agree are taken in
bulk, as the backend counts them, or each sentence's words and marks are built (the plain
reference); and its browser keeps the sentences that matter, within its limits."""

from __future__ import annotations

import json
import random
from itertools import accumulate, pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_error_analysis_paths import ALPHABET, _random_pair, _segment

from wsscore import InputOptions
from wsscore.align import stream
from wsscore.core.records import SentenceDetail
from wsscore.core.reference import align_equal_words
from wsscore.scoring.page_sentences import (
    AgreeingPiece,
    Cut,
    KeptSentence,
    Selection,
    agreeing_cut,
    detail_pred_codes,
)
from wsscore.scoring.report_page import AgreeingWords, SystemTally, families, gather


def _page(gold: list[str], preds: list[list[str]], inputs: InputOptions, **options: int) -> dict:
    data = gather(gold, preds, inputs=inputs, **options)  # type: ignore[arg-type]
    try:
        sentences = json.loads("[" + data.sentences.read() + "]")
    finally:
        data.sentences.close()
    page = data.as_dict()
    page["report"].pop("signature")  # type: ignore[attr-defined]
    return {"page": page, "sentences": sentences, "left_out": data.left_out}


@pytest.mark.parametrize("seed", range(40))
def test_both_paths_gather_the_same_page(seed: int, tmp_path: Path, monkeypatch) -> None:
    """Lines that agree taken in bulk, or every sentence's detail built: the same figures,
    buckets (the training frequencies' too), error tables and kept sentences."""
    rng = random.Random(seed)
    gold, first = _random_pair(rng)
    second = [_segment(rng, line.replace(" ", "")) for line in gold]
    dictionary = tmp_path / "words.txt"
    known = {word for line in gold for word in line.split() if rng.random() < 0.6}
    dictionary.write_text("\n".join(sorted(known)) + "\n", encoding="utf-8")
    train = tmp_path / "train.txt"
    train.write_text("\n".join(rng.sample(gold, len(gold) // 2) * 3) + "\n", encoding="utf-8")
    inputs = InputOptions(dictionary=str(dictionary), train=[str(train)], mismatch="align")
    limit = rng.choice((0, 3, 10, 1000))
    # The predicted words of lines that agree put in their buckets at once, in parts or at the end.
    monkeypatch.setattr(AgreeingWords, "PUT_AT", (0, 5, 50_000)[seed % 3])
    fast = _page(gold, [first, second, gold], inputs, max_sentences=limit)
    monkeypatch.setattr(stream.SystemAligner, "_without_detail", lambda _: False)
    slow = _page(gold, [first, second, gold], inputs, max_sentences=limit)
    assert fast == slow
    assert len(fast["sentences"]) <= limit


def _detail_cut(gold_words: list[str], pred_words: list[str]) -> Cut:
    """The cut that a sentence's detail gives, as the detail path makes it."""
    line = align_equal_words(gold_words, pred_words, None)
    detail = SentenceDetail(
        1, gold_words, pred_words, line.gold_marks, line.pred_marks, list(line.pred_spans)
    )
    codes = SystemTally(families(False, False)).add_errors(detail)
    return Cut(" ".join(pred_words), codes, detail_pred_codes(detail))


def _cut_into(text: str, cuts: list[int]) -> list[str]:
    ends = sorted({0, len(text), *(cut % (len(text) + 1) for cut in cuts)})
    return [text[start:end] for start, end in pairwise(ends)]


@given(
    st.text(alphabet=ALPHABET, min_size=1, max_size=40),
    st.lists(st.integers(0, 40), max_size=30),
    st.lists(st.integers(0, 40), max_size=30),
)
@settings(max_examples=300, deadline=None)
def test_the_cut_of_a_line_that_agrees_is_its_detail_s(
    text: str, gold_cuts: list[int], pred_cuts: list[int]
) -> None:
    gold_words, pred_words = _cut_into(text, gold_cuts), _cut_into(text, pred_cuts)
    assert agreeing_cut(gold_words, pred_words) == _detail_cut(gold_words, pred_words)


def _kept_lines(offers: list[tuple[int, int, int]], limit: int, budget: int) -> list[int]:
    selection = Selection(limit, budget)
    for wrong_systems, wrong_words, size in offers:
        line = len(selection.by_line()) + selection.left_out + 1
        gold = "字" * size
        kept = KeptSentence(line, gold, [AgreeingPiece(gold)])
        selection.offer((wrong_systems, wrong_words, -line), lambda kept=kept: kept)
    assert selection.seen == len(offers)
    return [kept.line for kept in selection.by_line()]


@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 9), st.integers(1, 30)), max_size=40),
    st.integers(0, 50),
    st.integers(0, 3000),
)
@settings(max_examples=300, deadline=None)
def test_the_kept_sentences_are_the_best_ranked_that_fit(
    offers: list[tuple[int, int, int]], limit: int, budget: int
) -> None:
    """The longest run of the ranking within both limits, in the order of the lines."""
    kept = _kept_lines(offers, limit, budget)
    assert kept == sorted(kept)
    ranked = sorted(range(1, len(offers) + 1), key=lambda line: _rank(offers, line), reverse=True)
    expected, size = [], 0
    for line in ranked:
        chars = offers[line - 1][2]
        sentence = KeptSentence(line, "字" * chars, [AgreeingPiece("字" * chars)])
        size += len(sentence.json_text().encode("utf-8")) + 1
        if len(expected) == limit or size > budget:
            break
        expected.append(line)
    assert kept == sorted(expected)


def _rank(offers: list[tuple[int, int, int]], line: int) -> tuple[int, int, int]:
    wrong_systems, wrong_words, _ = offers[line - 1]
    return (wrong_systems, wrong_words, -line)


def test_the_sized_json_is_as_long_as_the_json() -> None:
    gold = ["他", "说", "“", "<研究>", "生命", "\\", "起源", '"', "\x01"]
    pred = [*accumulate(gold[:3])][-1:] + gold[3:]
    sentence = KeptSentence(4, " ".join(gold), [AgreeingPiece(" ".join(pred))])
    sized = sentence.json_text(sized_only=True)
    assert len(sized.encode("utf-8")) == len(sentence.json_text().encode("utf-8"))
    assert json.loads(sentence.json_text())[2] == list(agreeing_cut(gold, pred))


@given(
    st.lists(st.text(alphabet=ALPHABET + '"\\<\x01\udc80é', min_size=1, max_size=5), min_size=1),
    st.lists(st.integers(0, 40), max_size=10),
    st.integers(1, 10**7),
)
@settings(max_examples=300, deadline=None)
def test_a_sentence_s_size_is_its_json_s(gold_words: list[str], cuts: list[int], line: int) -> None:
    pred_words = _cut_into("".join(gold_words), cuts)
    detail_cut = _detail_cut(gold_words, pred_words)
    sentence = KeptSentence(
        line, " ".join(gold_words), [AgreeingPiece(" ".join(pred_words)), detail_cut]
    )
    assert sentence.json_size() == len(sentence.json_text().encode("utf-8"))
