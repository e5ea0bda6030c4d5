"""The C speed-ups against the pure-Python counters they replace (skipped when not compiled)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, native
from wsscore.align.counting import count_equal_chars
from wsscore.align.stream import GoldBlock
from wsscore.inputs.words import split_words

pytestmark = pytest.mark.skipif(not native.AVAILABLE, reason="the C speed-ups are not built")

SEPARATORS = [" ", "  ", "\u3000", "\t", " \r", "\ufeff", "\xa0"]
CHARACTERS = "甲乙丙丁a\x1c"


def python_counts(gold_text: str, pred_text: str, dictionary) -> tuple[int, ...] | None:
    block = GoldBlock(1, gold_text, dictionary)
    pred = GoldBlock(1, pred_text, None)
    if pred.chars != block.chars:
        return None
    return count_equal_chars(block.lengths, block.oov_words, pred.lengths, block.line_last_words)


@st.composite
def texts(draw, characters: str = CHARACTERS):
    """Some lines of words; then a prediction of the same characters, cut and broken anew."""
    lines = draw(
        st.lists(st.lists(st.text(characters, min_size=1, max_size=4), max_size=5), max_size=4)
    )
    separator = draw(st.sampled_from(SEPARATORS))
    gold = "\n".join(separator.join(words) for words in lines) + draw(st.sampled_from(["", "\n"]))
    chars = "".join("".join(words) for words in lines)
    cuts = draw(st.lists(st.booleans(), min_size=len(chars), max_size=len(chars)))
    breaks = draw(st.lists(st.booleans(), min_size=len(chars), max_size=len(chars)))
    pred = []
    for char, cut, newline in zip(chars, cuts, breaks, strict=True):
        pred.append(char)
        if cut:
            pred.append("\n" if newline else draw(st.sampled_from(SEPARATORS)))
    return gold, "".join(pred)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(texts(), st.sets(st.text("甲乙丙a", min_size=1, max_size=3), max_size=6))
def test_count_block_agrees_with_the_python_counter(pair, words):
    gold, pred = pair
    expected = python_counts(gold, pred, words)
    assert native.count_block(gold, pred, words) == expected
    vocabulary = native.Vocabulary("\n".join(words))
    assert native.count_block(gold, pred, vocabulary) == expected
    assert native.count_block(gold, pred, None) == python_counts(gold, pred, None)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(texts(), st.text(CHARACTERS, min_size=1, max_size=2))
def test_count_block_refuses_other_characters(pair, extra):
    gold, pred = pair
    assert native.count_block(gold, pred + extra, None) is None
    assert native.count_block(gold + extra, pred, None) is None


@settings(max_examples=300, deadline=None)
@given(texts())
def test_count_words_agrees_with_python(pair):
    gold, _ = pair
    block = GoldBlock(1, gold, None)
    block.words  # noqa: B018 (split in Python: the counts then come from the Python code)
    sentences = sum(1 for line in gold.split("\n") if split_words(line))
    assert (
        native.count_words(gold)
        == block.word_and_sentence_counts()
        == (len(block.words), sentences)
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text("甲乙 \t\r\x1c\u3000\xa0a", max_size=5), max_size=12))
def test_vocabulary_holds_the_stripped_lines(lines):
    text = "\n".join(lines)
    expected = {line.strip() for line in lines} - {""}
    vocabulary = native.Vocabulary(text)
    assert len(vocabulary) == len(expected)
    assert vocabulary.entries() == expected
    assert all(entry in vocabulary for entry in expected)
    assert "乙乙乙乙" not in vocabulary or "乙乙乙乙" in expected
    assert 3 not in vocabulary


def test_vocabulary_compares_across_string_kinds():
    vocabulary = native.Vocabulary("ab\n\U00020000x\n中")  # a 4-byte-kind text
    assert "ab" in vocabulary and "中" in vocabulary and "\U00020000x" in vocabulary
    assert native.count_block("ab 中", "ab 中", vocabulary) == (2, 2, 2, 0, 0, 0, 0, 0)
    assert native.count_block("ab cd", "ab cd", vocabulary) == (2, 2, 2, 1, 1, 0, 0, 0)


def _reports(monkeypatch, *args, **options):
    from wsscore import score

    fast = score(*args, **options)
    monkeypatch.setattr(native, "AVAILABLE", False)
    slow = score(*args, **options)
    monkeypatch.setattr(native, "AVAILABLE", True)
    return fast, slow


def test_the_fixtures_score_the_same_with_and_without_the_speedups(monkeypatch):
    from conftest import FIXTURES

    for folder in ("", "gbk", "big5", "hkscs"):
        here = FIXTURES / folder
        fast, slow = _reports(
            monkeypatch,
            here / "gold.txt",
            [here / "pred.txt"],
            inputs=InputOptions(dictionary=here / "words.txt"),
        )
        assert fast.as_dict() == slow.as_dict()


@pytest.mark.slow
def test_the_bakeoff_baselines_score_the_same_with_and_without_the_speedups(
    monkeypatch, mm_baselines
):
    from conftest import ICWB2, gold_path

    for corpus, baseline in mm_baselines.items():
        words = ICWB2 / "gold" / f"{corpus}_training_words.utf8"
        fast, slow = _reports(
            monkeypatch,
            gold_path(ICWB2, corpus, "utf8"),
            [baseline],
            inputs=InputOptions(dictionary=words, mismatch="align"),
        )
        assert fast.systems[0].counts == slow.systems[0].counts
        assert fast.as_dict() == slow.as_dict()
