"""score() with sentences held in memory: strings or lists of words, one prediction told from a
list of them, and empty inputs refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore import InvalidArgument, WsscoreError, score
from wsscore.inputs.api_sentences import is_one_prediction, nesting

GOLD, PRED = FIXTURES / "gold.txt", FIXTURES / "pred.txt"


def test_lists_of_words_are_sentences() -> None:
    # The example: 共同 创造 against 共同创造, no word right.
    counts = score([["共同", "创造"]], [["共同创造"]]).systems[0].counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == (2, 1, 0)
    mixed = score([("共同", "创造"), "美好 的"], [["共同", "创造"], ["美好", "的"]])
    counts = mixed.systems[0].counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == (4, 4, 4)


def test_nesting_counts_the_lists_along_first_items() -> None:
    assert [nesting(v) for v in ("a b", ["a b"], [["a"]], [[("a", "NN")]], [], [[]])] == [
        0,
        1,
        2,
        3,
        1,
        2,
    ]


@pytest.mark.parametrize(
    ("gold", "predictions", "one", "systems"),
    [
        (["甲 乙"], ["甲乙"], True, 1),  # both lists of lines: one prediction (as before)
        (["甲 乙"], [["甲乙"], ["甲 乙"]], False, 2),  # a list of predictions of lines (as before)
        ([["甲", "乙"]], [["甲乙"]], True, 1),  # both lists of word lists: one prediction
        ([["甲", "乙"]], [[["甲乙"]], [["甲", "乙"]]], False, 2),  # nested deeper: a list
        (["甲 乙"], [[["甲", "乙"]]], False, 1),  # a list of one prediction of word lists
    ],
)
def test_one_prediction_is_nested_as_deep_as_the_gold(gold, predictions, one, systems) -> None:  # type: ignore[no-untyped-def]
    assert is_one_prediction(gold, predictions) == one
    assert len(score(gold, predictions).systems) == systems


def test_beside_a_gold_path_predictions_are_a_path_or_a_list() -> None:
    assert is_one_prediction(GOLD, PRED) and is_one_prediction(GOLD, str(PRED))
    assert not is_one_prediction(GOLD, [str(PRED), str(PRED)])
    assert not is_one_prediction(["甲"], [Path("a.txt")])  # path objects are never sentences
    assert len(score(GOLD, [str(PRED), PRED]).systems) == 2
    lines = PRED.read_text("utf-8").splitlines()
    assert score(GOLD, [lines]).systems[0].counts == score(GOLD, PRED).systems[0].counts


@pytest.mark.parametrize(
    ("gold", "predictions", "message"),
    [
        (
            [],
            [],
            "predictions is empty: give a prediction (a path or a list of sentences), or a "
            "list of predictions",
        ),
        (
            GOLD,
            [],
            "predictions is empty: give a prediction (a path or a list of sentences), or "
            "a list of predictions",
        ),
        (
            [[]],
            [[]],
            "gold holds no word (its 1 sentence(s) are empty): give the gold's "
            "sentences, as strings of words or lists of words",
        ),
        (
            [[], ["甲 乙"]],
            [["", ""]],
            "gold[1][0] ('甲 乙') holds white space (' '): give each word on its own",
        ),
        (
            ["  "],
            [""],
            "gold holds no word (its 1 sentence(s) are empty): give the gold's "
            "sentences, as strings of words or lists of words",
        ),
        (
            ["甲"],
            [["甲", 1]],
            "predictions[0][1] is an int, not a sentence (a str of words or a list of words)",
        ),
        ([["甲", ["乙"]]], [["甲乙"]], "gold[0][1] is a list, not a word (a str)"),
        (
            ["甲 乙"],
            ["甲\n乙"],
            "predictions[0] holds a line break: give each sentence as an item of its own",
        ),
    ],
)
def test_wrong_or_empty_inputs_are_refused(gold, predictions, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(WsscoreError) as raised:
        score(gold, predictions)
    assert isinstance(raised.value, InvalidArgument)
    assert str(raised.value) == message
