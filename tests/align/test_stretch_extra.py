"""--extra on differing stretches: the backend counts the common ends cut off a long line from
their text and the stretch counts only its middle word by word; the line's TNR terms,
boundaries and error classes are those of the whole line's words (no cut)."""

from __future__ import annotations

import random

import pytest

from wsscore import InputOptions, score
from wsscore.align import stretch

ALPHABET = "我们在北京大学读书今天气很好研究生命起源"


def _cut(rng: random.Random, text: str) -> str:
    words, at = [], 0
    while at < len(text):
        size = rng.choice((1, 1, 2, 2, 3, 4))
        words.append(text[at : at + size])
        at += size
    return " ".join(words)


def _damaged(rng: random.Random, text: str) -> str:
    """The text with a character replaced, inserted or taken away somewhere."""
    at = rng.randrange(len(text))
    kind = rng.randrange(3)
    if kind == 0:
        return text[:at] + "X" + text[at + 1 :]
    if kind == 1:
        return text[:at] + "XY" + text[at:]
    return text[:at] + text[at + 1 :]


def _pair(rng: random.Random) -> tuple[list[str], list[str]]:
    gold, pred = [], []
    for _ in range(rng.randrange(1, 8)):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 200)))
        gold.append(_cut(rng, text))
        roll = rng.random()
        pred.append(_cut(rng, _damaged(rng, text) if roll < 0.5 else text))
    if rng.random() < 0.3 and len(pred) > 1:  # a line break moved too
        at = rng.randrange(len(pred) - 1)
        pred[at : at + 2] = [pred[at] + " " + pred[at + 1], ""]
    return gold, pred


@pytest.mark.parametrize("seed", range(80))
def test_extra_counts_of_cut_lines_are_the_whole_lines(seed: int, monkeypatch) -> None:
    gold, pred = _pair(random.Random(seed))
    inputs = InputOptions(mismatch="align")

    def extra() -> tuple[object, ...]:
        system = score(gold, [pred], inputs=inputs, extra=True, ci="none").systems[0]
        return system.counts, system.extra

    monkeypatch.setattr(stretch, "CUT_MIN_CHARS", 30)  # lines of 30 characters are cut
    cut = extra()
    monkeypatch.setattr(stretch, "CUT_MIN_CHARS", 10**9)
    whole = extra()
    assert cut == whole
