"""The gates of wsscore.gates on their own: how ``[SYSTEM:]NAME=VALUE`` is read, and
how a floor and a drop are decided, on values chosen by hand and at random."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wsscore.errors import InvalidArgument, Warnings
from wsscore.gates import (
    DROP_TOLERANCE,
    FAIL_UNDER,
    FIGURES,
    MAX_DROP,
    Gate,
    check_gates,
    parse_gate,
)
from wsscore.inputs.previous import PreviousRun


@pytest.mark.parametrize(
    ("text", "gate"),
    [
        ("f=0.95", Gate(FAIL_UNDER, "f", 0.95)),
        (" R =1", Gate(FAIL_UNDER, "r", 1.0)),
        ("jieba:f=0.8", Gate(FAIL_UNDER, "f", 0.8, "jieba")),
        ("C:/runs/a.txt:roov=0.5", Gate(FAIL_UNDER, "roov", 0.5, "C:/runs/a.txt")),
        ("a=b:p=0", Gate(FAIL_UNDER, "p", 0.0, "a=b")),
    ],
)
def test_a_gate_is_read(text, gate):
    assert parse_gate(FAIL_UNDER, text) == gate


@pytest.mark.parametrize("text", ["f", "=0.5", "x=0.5", ":f=0.5", "f=nan", "f=1.01", "f=-1e-9"])
def test_a_malformed_gate_is_refused(text):
    with pytest.raises(InvalidArgument) as error:
        parse_gate(MAX_DROP, text)
    assert str(error.value).startswith(repr(text))


@given(
    system=st.none() | st.text(min_size=1).filter(lambda name: name.strip() == name),
    figure=st.sampled_from(sorted(FIGURES)),
    limit=st.floats(0, 1),
    kind=st.sampled_from([FAIL_UNDER, MAX_DROP]),
)
def test_a_gate_as_messages_spell_it_reads_back(system, figure, limit, kind):
    gate = Gate(kind, figure, limit, system)
    assert parse_gate(kind, gate.spelled) == gate


def _report(**f_of: float):
    systems = [
        SimpleNamespace(name=name, path=f"{name}.txt", metrics=SimpleNamespace(f=f, recall=f))
        for name, f in f_of.items()
    ]
    return SimpleNamespace(systems=systems, signature="s", gold=SimpleNamespace(path="g.txt"))


@given(
    before=st.floats(0, 1),
    after=st.floats(0, 1),
    limit=st.floats(0, 1),
)
def test_a_drop_fails_exactly_when_it_exceeds_the_limit(before, after, limit):
    previous = PreviousRun("old.json", "s", {"a": {"f1": before}})
    [outcome] = check_gates(_report(a=after), [Gate(MAX_DROP, "f", limit)], previous, Warnings())
    assert outcome.passed == (before - after <= limit + DROP_TOLERANCE)
    assert (outcome.value, outcome.previous) == (after, before)
    if after >= before:
        assert outcome.passed


@given(value=st.floats(0, 1), limit=st.floats(0, 1))
def test_a_floor_fails_exactly_below_the_limit(value, limit):
    [outcome] = check_gates(_report(a=value), [Gate(FAIL_UNDER, "f", limit)], None, Warnings())
    assert outcome.passed == (value >= limit)


def test_a_gate_for_one_system_leaves_the_others_unchecked():
    gates = [Gate(FAIL_UNDER, "f", 0.9, "b"), Gate(FAIL_UNDER, "r", 0.1)]
    outcomes = check_gates(_report(a=0.5, b=0.95), gates, None, Warnings())
    assert [(o.system, o.gate.figure, o.passed) for o in outcomes] == [
        ("a", "r", True),
        ("b", "f", True),
        ("b", "r", True),
    ]


def test_a_drop_without_a_previous_run_is_refused():
    with pytest.raises(InvalidArgument, match="give --previous"):
        check_gates(_report(a=0.5), [Gate(MAX_DROP, "f", 0.1)], None, Warnings())


def test_a_system_the_previous_run_lacks_is_warned_of_once():
    previous = PreviousRun("old.json", "s", {"a": {"f1": 0.5, "recall": 0.7}})
    gates = [Gate(MAX_DROP, "f", 0.1), Gate(MAX_DROP, "r", 0.1)]
    warnings = Warnings(quiet=True)
    outcomes = check_gates(_report(a=0.5, b=0.1), gates, previous, warnings)
    assert [(o.system, o.gate.figure, o.passed) for o in outcomes] == [
        ("a", "f", True),
        ("a", "r", False),
    ]
    assert warnings.messages == [
        "old.json: 'b' is not a system of the previous report; its --max-drop is not checked"
    ]
