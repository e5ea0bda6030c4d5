"""Both backends give the same numbers: every interval and p-value is the same to the last bit
with and without the speed-ups (issue 16's rule; the draws themselves: tests/core/test_draws.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.core import backend, draws
from wsscore.core.records import Gather
from wsscore.metrics import bootstrap, significance

needs_c = pytest.mark.skipif(backend.NAME != "c", reason="the C speed-ups are not running")
BACKENDS = list(backend.counting_backends().values())


def _reference_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """The statistics draw through the plain Python reference instead of C."""
    monkeypatch.setattr(bootstrap, "resample_sums", draws.resample_sums)
    monkeypatch.setattr(significance, "resample_sums", draws.resample_sums)
    monkeypatch.setattr(significance, "randomized_moves", draws.randomized_moves)


@needs_c
def test_intervals_and_p_values_are_identical_on_both_backends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(3)
    gold = [rng.randrange(1, 40) for _ in range(500)]
    base = [
        (g, p, min(p, max(0, g - rng.randrange(0, 5))))
        for g, p in ((g, max(1, g + rng.randrange(-3, 4))) for g in gold)
    ]
    system = [
        (g, max(1, pp + rng.randrange(-1, 2)), min(tp + rng.randrange(0, 2), g))
        for g, pp, tp in base
    ]
    fast = (
        bootstrap.bootstrap_intervals(*zip(*system, strict=True), samples=200, seed=11),
        significance.paired_bootstrap(base, system, samples=200, seed=11),
        significance.approximate_randomization(base, system, trials=300, seed=2),
    )
    _reference_draws(monkeypatch)
    slow = (
        bootstrap.bootstrap_intervals(*zip(*system, strict=True), samples=200, seed=11),
        significance.paired_bootstrap(base, system, samples=200, seed=11),
        significance.approximate_randomization(base, system, trials=300, seed=2),
    )
    assert fast == slow
    assert fast[0].f is not None and fast[1]["f"].p_value is not None
    assert fast[2]["f"].p_value is not None


@pytest.mark.parametrize("counting", BACKENDS, ids=lambda counting: counting.name)
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefg", min_size=1, max_size=20), st.randoms(use_true_random=False))
def test_line_extras_are_sentence_extra(counting, chars, rng) -> None:
    """TNR terms, boundaries and error classes of a line, from the backend, equal those made
    from the sentence's words and marks (as differing stretches count them)."""
    from wsscore.core.records import SentenceDetail
    from wsscore.core.reference import align_equal_words
    from wsscore.metrics.boundaries import sentence_extra

    def cut(text: str) -> list[str]:
        words, at = [], 0
        while at < len(text):
            step = rng.randrange(1, 4)
            words.append(text[at : at + step])
            at += step
        return words

    gold, pred = cut(chars), cut(chars)
    line = align_equal_words(gold, pred, None)
    spans = list(line.pred_spans)
    detail = SentenceDetail(1, gold, pred, line.gold_marks, line.pred_marks, spans)
    found = counting.count_agreeing_lines([" ".join(gold)], [" ".join(pred)], None, 1, Gather.EXTRA)
    assert found.agreed == 1
    assert found.extra == sentence_extra(detail)
