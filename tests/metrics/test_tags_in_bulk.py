"""--tags on files read by the fast path: the lines that agree are counted in bulk by the
backend's count_tags (C, with its Python reference in wsscore.core.tags), which agree with each
other, and the tag counts of a whole run are those of counting every sentence's detail."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wsscore.scoring.scorer
import wsscore.scoring.tag_collector
from wsscore import InputOptions, WsscoreError, score
from wsscore.core import backend, tags
from wsscore.core.records import TagTally

needs_c = pytest.mark.skipif(
    backend.count_tags is tags.count_tags, reason="the C speed-ups do not run here"
)

CHARACTERS = "甲乙丙丁a\U00020000"
TAGS = ["n", "v", "NN", "VV", "a", "NR-X", "名", "x]"]  # "x]" only where no file is read


@st.composite
def tagged_lines(draw) -> list[list[tuple[str, str]]]:
    """Sentences of (word, tag)."""
    word = st.text(CHARACTERS, min_size=1, max_size=3)
    token = st.tuples(word, st.sampled_from(TAGS[:-1]))
    return draw(st.lists(st.lists(token, max_size=6), min_size=1, max_size=6))


@st.composite
def resegmented(draw, sentences: list[list[tuple[str, str]]]) -> list[list[tuple[str, str]]]:
    """The same characters cut anew into words with random tags, and now and then broken into
    lines elsewhere."""
    chars = "".join(word for sentence in sentences for word, _ in sentence)
    lines: list[list[tuple[str, str]]] = [[]]
    word = ""
    for index, char in enumerate(chars):
        word += char
        if index == len(chars) - 1 or draw(st.booleans()):
            lines[-1].append((word, draw(st.sampled_from(TAGS[:-1]))))
            word = ""
            if draw(st.integers(0, 6)) == 0:
                lines.append([])
    return lines


def _texts(sentences: list[list[tuple[str, str]]]) -> tuple[str, str]:
    words = "\n".join(" ".join(word for word, _ in line) for line in sentences)
    tags_text = "\n".join(" ".join(tag for _, tag in line) for line in sentences)
    return words, tags_text


@st.composite
def tag_texts(draw) -> tuple[str, str, str, str]:
    gold = draw(tagged_lines())
    pred = draw(resegmented(gold))
    texts = [*_texts(gold), *_texts(pred)]
    if draw(st.integers(0, 4)) == 0:  # something the counting refuses
        index = draw(st.integers(0, 3))
        texts[index] = draw(st.sampled_from([" ", "\n", "甲", "x "])) + texts[index]
    return texts[0], texts[1], texts[2], texts[3]


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=500, deadline=None)
@given(tag_texts(), st.sampled_from([None, frozenset({"甲", "乙丙"})]))
def test_c_counts_tags_as_the_reference(texts: tuple[str, str, str, str], known) -> None:
    vocabulary = None if known is None else backend.load_vocabulary("\n".join(known))
    assert backend.count_tags(*texts, vocabulary) == tags.count_tags(*texts, known)


def test_the_reference_by_hand() -> None:
    # 中国 人民 | 站 起来 against 中国 人 民 站 | 起来: right spans 中国, 站, 起来 (across lines).
    tally = backend.count_tags(
        "中国 人民\n站 起来", "NR NN\nVV VV", "中国 人 民 站\n起来", "NR NN NN VV\nVA", None
    )
    assert tally == TagTally(
        4,
        5,
        3,
        0,
        {"NR": 1, "NN": 1, "VV": 2},
        {"NR": 1, "NN": 2, "VV": 1, "VA": 1},
        {("NR", "NR"): 1, ("VV", "VV"): 1, ("VV", "VA"): 1},
        {},
        0,  # 人民 is cut, 起来 tagged VA: neither sentence is exact
        2,
    )
    # 中国 人民 | 站 起来 against 中国 人民 站 | 起来: the first line exact, across the break;
    # the second not (起来's tag), and the empty gold line is no sentence.
    exact = backend.count_tags(
        "中国 人民\n\n站 起来", "NR NN\n\nVV VV", "中国 人民 站\n起来", "NR NN VV\nVA", None
    )
    assert exact is not None
    assert (exact.exact_sentences, exact.gold_sentences) == (1, 2)
    assert backend.count_tags("中国", "NR", "中 国", "NR x]", None) is not None
    assert backend.count_tags("中国", "NR NN", "中国", "NR", None) is None  # a tag too many
    assert backend.count_tags("中国", "NR", "中华", "NR", None) is None  # other characters


def _write(folder: Path, name: str, sentences: list[list[tuple[str, str]]]) -> Path:
    path = folder / name
    lines = (" ".join(f"{word}/{tag}" for word, tag in line) for line in sentences)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _tag_counts(gold: Path, pred: Path, *, bulk: bool, tag_map, known) -> list[object]:
    inputs = InputOptions(dictionary=known, input_format="tagged", mismatch="align")
    with mock.patch.object(
        wsscore.scoring.scorer,
        "_equal_lines_callback",
        wsscore.scoring.scorer._equal_lines_callback if bulk else (lambda _: None),
    ):
        try:
            report = score(gold, [pred, gold], inputs=inputs, tags=True, tag_map=tag_map)
        except WsscoreError as error:  # a gold without a tag: the same either way
            return [str(error)]
    return [(s.tags and vars_of(s.tags), s.tag_metrics, s.counts) for s in report.systems]


def vars_of(counts: object) -> dict[str, object]:
    return {name: getattr(counts, name) for name in counts.__slots__}  # type: ignore[attr-defined]


@st.composite
def system_output(draw, gold: list[list[tuple[str, str]]]) -> list[list[tuple[str, str]]]:
    """A prediction: each gold line cut anew (now and then with a character changed), or its
    lines broken elsewhere."""
    if draw(st.booleans()):
        return draw(resegmented(gold))
    lines = []
    for sentence in gold:
        line = draw(resegmented([sentence]))
        if line[0] and draw(st.integers(0, 5)) == 0:
            line[0][0] = ("丁" + line[0][0][0][1:], line[0][0][1])
        lines += line
    return lines


@settings(max_examples=100, deadline=None)
@given(
    st.data(),
    tagged_lines(),
    # A map that merges tags (NN and n), and one whose mapped tag holds a space (a stand-in).
    st.sampled_from([None, {"NN": "n", "VV": "v"}, {"NN": "a b", "n": "a b", "v": ""}]),
    st.sampled_from([None, {"甲", "乙丙"}]),
)
def test_tags_counted_in_bulk_are_the_tags_counted_by_sentence(
    data, gold: list[list[tuple[str, str]]], tag_map, known
) -> None:
    pred = data.draw(system_output(gold))
    with tempfile.TemporaryDirectory() as folder:
        gold_file = _write(Path(folder), "gold.txt", gold)
        pred_file = _write(Path(folder), "pred.txt", pred)
        found = [
            _tag_counts(gold_file, pred_file, bulk=bulk, tag_map=tag_map, known=known)
            for bulk in (True, False)
        ]
    assert found[0] == found[1]


def test_the_bulk_path_is_taken_where_lines_agree(tmp_path: Path) -> None:
    gold = _write(tmp_path, "gold.txt", [[("中国", "NR"), ("人民", "NN")]] * 50)
    taken: list[int] = []
    original = wsscore.scoring.tag_collector.TagCollector._count_lines

    def counting(self, index, sides):  # type: ignore[no-untyped-def]
        taken.append(len(sides[0]))
        return original(self, index, sides)

    with mock.patch.object(wsscore.scoring.tag_collector.TagCollector, "_count_lines", counting):
        system = score(gold, [gold], tags=True).systems[0]
    assert system.tags is not None and system.tags.tag_correct == 100
    assert sum(taken) == 50


@pytest.mark.skipif(os.name != "posix", reason="the environment switch runs a subprocess")
def test_bulk_counts_hold_on_the_other_backend(tmp_path: Path) -> None:
    """The same run under WSSCORE_PURE_PYTHON (the Python reference counts the tags) gives the
    same JSON."""
    import subprocess
    import sys

    gold = _write(tmp_path, "gold.txt", [[("中国", "NR"), ("人民", "NN")], [("站", "VV")]] * 9)
    pred = _write(
        tmp_path, "pred.txt", [[("中", "NR"), ("国", "NR"), ("人民", "VV")], [("站", "VV")]] * 9
    )
    command = [
        sys.executable,
        "-m",
        "wsscore",
        "score",
        str(gold),
        str(pred),
        "--tags",
        "-f",
        "json",
    ]
    outputs = []
    for switch in ("", "1"):
        env = {**os.environ, "WSSCORE_PURE_PYTHON": switch}
        if not switch:
            env.pop("WSSCORE_PURE_PYTHON")
        outputs.append(
            subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
        )
    assert outputs[0] == outputs[1]


def test_predicted_text_past_the_gold_end_has_no_gold_tokens(tmp_path: Path) -> None:
    """Found by the property above: a prediction with tagged lines past the gold's last line
    (here with a character the gold lacks) was an internal error in the tag feed."""
    gold = [[("a", "n")] * 6, [("a", "n")], []]
    pred = [[("丁aaaa", "n")], [("a", "n")], [], [("丁", "n")], [], []]
    gold_file = _write(tmp_path, "gold.txt", gold)
    pred_file = _write(tmp_path, "pred.txt", pred)
    found = [
        _tag_counts(gold_file, pred_file, bulk=bulk, tag_map=None, known=None)
        for bulk in (True, False)
    ]
    assert found[0] == found[1]
