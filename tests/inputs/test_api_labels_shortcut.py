"""The shortcut for plain position labels (inputs/api_labels.py, ``_plain_lines``) gives what
the chars reader gives (``read_labelled``, its reference) on every batch, invalid sequences
included, or leaves the batch to it: the same lines, or the same refusal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.errors import InvalidArgument
from wsscore.inputs import api_labels

# Characters that are label letters too, a space, a tab, a line feed, a surrogate, a CJK one.
CHARS = st.sampled_from([*"甲乙丙BSOx甲乙丙BSOx", " ", "\t", "\n", "\ud800", "é"])
# Mostly plain positions, so that whole batches of them (the shortcut's) are common.
LABEL = st.sampled_from([*"BMIESO" * 8, "B-NN", "", "b", "BB", 7])


@st.composite
def batches(draw: st.DrawFn) -> tuple[list[object], list[object], list[object]]:
    texts = draw(st.lists(st.text(CHARS, max_size=8), max_size=5))
    sides = []
    for _ in range(2):
        side: list[object] = []
        for text in texts:
            size = len(text) + draw(st.sampled_from([0, 0, 0, 0, 1, -1]))
            labels = draw(st.lists(LABEL, min_size=max(size, 0), max_size=max(size, 0)))
            plain = all(isinstance(label, str) and len(label) == 1 for label in labels)
            side.append("".join(labels) if plain and draw(st.booleans()) else labels)  # type: ignore[arg-type]
        sides.append(side)
    return texts, sides[0], sides[1]


def outcome(function, *args):  # type: ignore[no-untyped-def]
    try:
        return function(*args, tags=False, label_order=None)
    except InvalidArgument as error:
        return ("refused", str(error))


@settings(max_examples=400, deadline=None)
@given(batches())
def test_the_shortcut_gives_what_the_reader_gives(batch) -> None:  # type: ignore[no-untyped-def]
    texts, gold, pred = batch
    assert outcome(api_labels.labelled_sentences, texts, gold, pred) == outcome(
        api_labels.read_labelled, texts, gold, pred
    )


@pytest.mark.parametrize(
    ("text", "labels", "words"),
    [
        ("甲乙丙丁", "BEBE", "甲乙 丙丁"),
        ("甲乙丙丁", "MEEM", "甲乙 丙 丁"),  # an M or E with no word open starts one
        ("甲乙丙丁", "BBOI", "甲 乙 丙 丁"),  # BIO: O is a word of one character
        ("甲乙丙丁", "BIII", "甲乙丙丁"),
        ("BSO", "SSS", "B S O"),  # characters that are label letters are only characters
        ("", "", ""),
    ],
)
def test_worked_cases(text: str, labels: str, words: str) -> None:
    shortcut = api_labels._plain_lines([text, text], [labels, labels], [list(labels)] * 2)
    assert shortcut is not None
    assert shortcut[0].words == shortcut[1].words == [words, words]


@pytest.mark.parametrize(
    "pred", [["B", "BB"], ["", "BB", "B"], ["B", "", "BB"], ["BB", "B"]], ids=str
)
def test_labels_that_make_up_each_other_s_length_are_left_to_the_reader(pred) -> None:  # type: ignore[no-untyped-def]
    # Found by the property test: ['B', 'BB'] joins to 3 letters for 3 characters, but it is 2
    # labels for 3 characters, which the reader refuses.
    assert api_labels._plain_lines(["BBB"], [["B", "B", "B"]], [pred]) is None
    assert outcome(api_labels.labelled_sentences, ["BBB"], [["B", "B", "B"]], [pred]) == outcome(
        api_labels.read_labelled, ["BBB"], [["B", "B", "B"]], [pred]
    )
