"""Words held in memory are read as the same words in a file are: a word holding a line break or
other white space is refused (in a file it would be several words, or several lines), and an
item of white space alone (jieba's and thulac's lists hold ``" "``) is white space of the text,
dropped as every file format drops it (docs/formats.md, "Tools' output as they print it").

The property at the end writes random batches to files and reads them back: score() and Scorer
either count what the files give, and an independent span count, or refuse with
InvalidArgument, and then only for a reason the docs give."""

from __future__ import annotations

import json
import re
import tempfile
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, InvalidArgument, Scorer, WsscoreError, score
from wsscore.core.definitions import SEPARATORS
from wsscore.inputs.api_sentences import is_one_prediction

# Every code point str.splitlines() breaks a line at: the White_Space ones are white space of
# the text (a word holding one is refused in memory), U+001C..U+001E are characters of a word
# in every file (a line ends at a line feed only), so in memory too.
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def counted(report_or_scorer: object) -> tuple[int, int, int]:
    counts = (
        report_or_scorer.counts
        if isinstance(report_or_scorer, Scorer)
        else report_or_scorer.systems[0].counts  # type: ignore[attr-defined]
    )
    return counts.gold_words, counts.pred_words, counts.correct


def scorer_counts(gold: list, pred: list, *, tags: bool = False) -> tuple[int, int, int]:  # type: ignore[type-arg]
    scorer = Scorer(tags=tags)
    scorer.update(gold, pred)
    return counted(scorer)


# --- line breaks inside a word --------------------------------------------------------------------


@pytest.mark.parametrize("char", LINE_BREAKS, ids=[f"U+{ord(c):04X}" for c in LINE_BREAKS])
def test_a_word_holding_a_line_break_is_read_as_a_file_reads_it(char: str) -> None:
    """The issue's example: ["a\\nb", "c"] counted 3 gold words where the file reads 2 lines.
    A White_Space break is refused in score(), Scorer.update (plain and tagged) and
    update_labels; the others are a word's characters, as in a file."""
    gold, pred = [[f"a{char}b", "c"]], [[f"a{char}b", "c"]]
    calls = {
        "score": lambda: counted(score(gold, pred)),
        "update": lambda: scorer_counts(gold, pred),
        "tagged": lambda: scorer_counts(
            [[(f"a{char}b", "n"), ("c", "v")]], [[f"a{char}b/n", "c/v"]], tags=True
        ),
        "labels": lambda: counted(_labelled(f"a{char}b", "BME")),
        "label pieces": lambda: counted(_labelled([f"a{char}b", "c"], "BE")),
    }
    for name, call in calls.items():
        if char in SEPARATORS:
            with pytest.raises(InvalidArgument, match=r"holds white space") as raised:
                call()
            assert "\n" not in str(raised.value), name
        elif name.startswith("label"):
            assert call() == (1, 1, 1), name  # one word of the pieces: BME, BE
        else:
            assert call() == (2, 2, 2), name


def _labelled(text: object, labels: str) -> Scorer:
    scorer = Scorer()
    scorer.update_labels([text], [labels], [labels])
    return scorer


def test_a_line_break_in_a_word_is_refused_before_anything_is_counted() -> None:
    with pytest.raises(InvalidArgument, match=r"gold\[0\]\[0\] \('a\\nb'\) holds white space"):
        score([["a\nb", "c"]], [["ab", "c"]])
    scorer = Scorer()
    with pytest.raises(InvalidArgument, match=r"pred_batch\[1\]\[0\]"):
        scorer.update([["ab"], ["c"]], [["ab"], ["c\nd"]])
    assert scorer.counts.gold_words == 0


# --- items of white space alone -------------------------------------------------------------------


@pytest.mark.parametrize("space", [" ", "\u3000", "  ", "\n", "\t", "\u2028"])
def test_an_item_of_white_space_alone_is_dropped(space: str) -> None:
    """jieba.lcut("他 来到") is ['他', ' ', '来到']: the space is text, not a word, as a words,
    tagged or JSON file reads it (the issue: InvalidArgument before)."""
    gold, pred = [["a", space, "b"], ["c"]], [["a", "b"], [space, "c", space]]
    assert counted(score(gold, pred)) == (3, 3, 3)
    assert scorer_counts(gold, pred) == (3, 3, 3)
    tagged_gold = [[("a", "n"), (space, "x"), ("b", "v")], [("c", "w")]]
    tagged_pred = [["a/n", f"{space}/x", "b/v"], ["c/w"]]
    assert scorer_counts(tagged_gold, tagged_pred, tags=True) == (3, 3, 3)


def test_white_space_beside_other_characters_is_still_refused() -> None:
    """docs/api.md: a word of a list is a str without white space; one that is white space
    alone is the only one dropped (an empty word is refused too)."""
    for word in (" a", "a ", "a b", ""):
        with pytest.raises(InvalidArgument):
            score([["x", word]], [["x", word.strip()]])
    with pytest.raises(InvalidArgument, match="tag"):  # a dropped word's tag is still checked
        scorer_counts([[("a", "n"), (" ", "")]], [["a/n"]], tags=True)


# --- the property: in memory as in a file -------------------------------------------------------

# Any code point a UTF-8 file can hold (no surrogate) but NUL (a file holding one is refused as
# binary), with white space and line breaks drawn often.
CHARS = st.one_of(
    st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
    st.sampled_from(" \u3000\t" + LINE_BREAKS + "\ufeff\x1f"),
    st.sampled_from("甲乙丙ab"),
)
PIECE = st.one_of(
    st.text(st.sampled_from("甲乙丙a\x1c\u0301"), min_size=1, max_size=3),  # a plain word
    st.text(CHARS, max_size=3),
    st.sampled_from([" ", "  ", "\n", "\u3000"]),  # white space alone
)


@st.composite
def batches(draw: st.DrawFn) -> tuple[list[object], list[object]]:
    """Gold sentences (lists of pieces, or strings) and a prediction of the same text cut
    elsewhere, each side all lists or all strings."""
    gold_lists, pred_lists = draw(st.booleans()), draw(st.booleans())
    gold: list[object] = []
    pred: list[object] = []
    for _ in range(draw(st.integers(1, 4))):
        pieces = draw(st.lists(PIECE, max_size=4))
        text = "".join(pieces)
        cuts = sorted(draw(st.sets(st.integers(0, len(text)), max_size=len(text) + 1)))
        words = [text[a:b] for a, b in pairwise([0, *cuts, len(text)])]
        gold.append(pieces if gold_lists else " ".join(pieces))
        pred.append(words if pred_lists else " ".join(words))
    return gold, pred


def file_counts(gold: list[object], pred: list[object], folder: Path) -> tuple[int, int, int]:
    """The counts of the same sentences written to files and read back: a list of words as a
    JSON Lines array, a string as a line of a words file."""
    paths, formats = [], []
    for side, sentences in (("gold", gold), ("pred", pred)):
        as_lists = isinstance(sentences[0], list)
        path = folder / f"{side}.{'jsonl' if as_lists else 'txt'}"
        lines = [json.dumps(s) if as_lists else str(s) for s in sentences]
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths.append(path)
        formats.append("jsonl" if as_lists else "words")
    inputs = InputOptions(gold_format=formats[0], pred_format=formats[1], mismatch="error")
    return counted(score(paths[0], paths[1], inputs=inputs))


def span_counts(gold: list[object], pred: list[object]) -> tuple[int, int, int]:
    """The independent count: each word a span of its sentence's text without white space."""
    totals = [0, 0, 0]
    for gold_sentence, pred_sentence in zip(gold, pred, strict=True):
        spans = [_spans(gold_sentence), _spans(pred_sentence)]
        totals[0] += len(spans[0])
        totals[1] += len(spans[1])
        totals[2] += len(spans[0] & spans[1])
    return totals[0], totals[1], totals[2]


def _spans(sentence: object) -> set[tuple[int, int]]:
    # White space is docs/metrics.md's (str.split() would also cut at U+001C..U+001F).
    if isinstance(sentence, str):
        sentence = re.split(f"[{re.escape(SEPARATORS)}]", sentence)
    words = sentence
    words = [w for w in words if w.strip(SEPARATORS)]  # type: ignore[union-attr]
    ends = [0]
    for word in words:
        ends.append(ends[-1] + len(word))
    return set(pairwise(ends))


def why_refused(sentences: list[object]) -> bool:
    """Whether the sentences hold what docs/api.md refuses: a string with a line feed, a word
    that is empty or holds white space beside other characters."""
    for sentence in sentences:
        if isinstance(sentence, str):
            if "\n" in sentence:
                return True
            continue
        for word in sentence:  # type: ignore[attr-defined]
            if not word or (word.strip(SEPARATORS) and any(c in SEPARATORS for c in word)):
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(batches())
def test_in_memory_sentences_count_as_the_same_sentences_in_a_file(
    batch: tuple[list[object], list[object]],
) -> None:
    gold, pred = batch
    refused = why_refused(gold) or why_refused(pred)
    outcomes: list[tuple[int, int, int] | None] = []
    # Strings beside lists of words: given as a list of one prediction (docs/api.md).
    predictions = pred if is_one_prediction(gold, pred) else [pred]
    for call in (lambda: counted(score(gold, predictions)), lambda: scorer_counts(gold, pred)):
        try:
            outcomes.append(call())
        except InvalidArgument as error:  # refused only for a reason the docs give
            assert refused or "gold holds no word" in str(error), (gold, pred, error)
            outcomes.append(None)
    if refused:
        assert outcomes == [None, None]
        return
    expected = span_counts(gold, pred)
    with tempfile.TemporaryDirectory() as folder:
        try:
            from_file: tuple[int, int, int] | None = file_counts(gold, pred, Path(folder))
        except WsscoreError as error:
            assert expected[0] == 0 and "no word" in str(error), error
            from_file = None
    # score() refuses a gold without a word, as a file of none is; a Scorer counts it.
    assert outcomes == [from_file, expected]
    assert from_file == (None if expected[0] == 0 else expected)
