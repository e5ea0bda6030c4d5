"""The table of ranges (wsscore.ranges): every number option of every command takes its range
from it, and the command line and the Python API refuse the same values, in the same words,
just outside each bound, and take those just inside.

The options are found by walking the click commands, so that a new number option without a
range fails here."""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Callable, Iterator
from typing import Any

import click
import pytest
from click.testing import CliRunner
from conftest import FIXTURES, ROOT, refused_in_one_line

from wsscore import InputOptions, InvalidArgument, Scorer, analyse, compare, render, score
from wsscore.cli.app import cli
from wsscore.cli.group import COMMANDS
from wsscore.cli.options import RangedFloat, RangedInt, TagFieldType
from wsscore.gates import FAIL_UNDER, parse_gate
from wsscore.ranges import OPTION_RANGES, RANGES, NumberRange
from wsscore.scoring import comparison, report_page
from wsscore.sighan import by_diff
from wsscore.sighan.by_diff import score_by_diff

GOLD, PRED = str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt")
JAPANESE = FIXTURES / "japanese"
# Options whose value is text holding a number, not a number type: their ranges are checked
# by their parser (the VALUE of NAME=VALUE, the fields of N-M).
TEXT_HOLDING_A_NUMBER = {"--tag-field", "--fail-under", "--max-drop"}


def command(name: str) -> click.Command:
    found = cli.get_command(click.Context(cli), name)
    assert found is not None
    return found


def takes_a_number(param: click.Parameter) -> bool:
    """Whether an option takes a number, by its type, its default or its metavar (N, VALUE)."""
    if isinstance(param, click.Option) and param.is_flag and param.flag_value is True:
        return False
    kind = param.type
    if isinstance(kind, (click.types.IntParamType, click.types.FloatParamType, TagFieldType)):
        return True
    default = param.default
    if isinstance(default, (int, float)) and not isinstance(default, bool):
        return True
    return bool(re.search(r"\bN\b|VALUE", param.metavar or ""))


def number_options() -> Iterator[tuple[str, click.Option]]:
    for name in sorted(COMMANDS):
        for param in command(name).params:
            if isinstance(param, click.Option) and takes_a_number(param):
                yield name, param


OPTIONS = list(number_options())
IDS = [f"{name} {param.opts[-1]}" for name, param in OPTIONS]


def range_of(param: click.Option) -> str:
    """The name in RANGES of an option's range (the test fails for an option without one)."""
    names = {OPTION_RANGES[flag] for flag in param.opts if flag in OPTION_RANGES}
    assert len(names) == 1, f"{param.opts}: a number option without a range in wsscore.ranges"
    return names.pop()


@pytest.mark.parametrize(("name", "param"), OPTIONS, ids=IDS)
def test_every_number_option_takes_its_range_from_the_table(name, param) -> None:  # type: ignore[no-untyped-def]
    argument = range_of(param)
    flag = param.opts[-1]
    if flag in TEXT_HOLDING_A_NUMBER:
        return
    assert isinstance(param.type, (RangedInt, RangedFloat)), f"{name} {flag}: type={param.type}"
    assert param.type.argument == argument
    bounds = RANGES[argument]
    assert (param.type.min, param.type.max) == (bounds.low, bounds.high)  # --help shows them
    if isinstance(param.default, (int, float)):  # (click's own marker when there is none)
        assert bounds.refusal(param.default) is None


def test_the_table_has_no_range_that_no_option_takes() -> None:
    flags = {flag for _, param in OPTIONS for flag in param.opts}
    assert set(OPTION_RANGES) <= flags
    assert set(OPTION_RANGES.values()) == set(RANGES)


def test_the_walk_finds_the_options_it_must() -> None:
    """The control: the walk sees a number option by its type, its metavar and its default."""
    found = {param.opts[-1] for _, param in OPTIONS}
    assert {"--samples", "--beta", "--per-line", "--digits", "--fail-under", "--tag-field"} <= found
    assert takes_a_number(click.Option(["--new"], type=int))
    assert takes_a_number(click.Option(["--new"], metavar="N"))
    assert takes_a_number(click.Option(["--new"], default=0.5))
    assert not takes_a_number(click.Option(["--new"], is_flag=True))


# --- values just outside and just inside each bound ------------------------------------------


def outside(bounds: NumberRange) -> list[Any]:
    if bounds.whole:
        return [int(bounds.low) - 1, int(bounds.high) + 1, 10**30]
    return [
        math.nextafter(bounds.low, -math.inf),
        math.nextafter(bounds.high, math.inf),
        math.nan,
        math.inf,
    ]


def inside(bounds: NumberRange) -> list[Any]:
    if bounds.whole:
        return [int(bounds.low), int(bounds.high)]
    return [bounds.low, bounds.high]


def spelled(argument: str, value: Any) -> str:
    """The value as the option is given it: a tag field as is, a gate as f=VALUE."""
    text = repr(value) if isinstance(value, float) and math.isfinite(value) else str(value)
    return f"f={text}" if argument == "limit" else text


POSITIONALS = {
    "compare": [GOLD, PRED, PRED],
    "convert": [GOLD, "--to", "words"],
    "difficulty": [GOLD, PRED],
    "errors": [GOLD, PRED],
    "merge": [GOLD],
    "report": [GOLD, PRED, "-o", "page.html"],
    "score": [GOLD, PRED],
    "segment": [GOLD],
    "sighan": [GOLD, GOLD, PRED],
    "suite": [GOLD],
}
# A gate needs what it compares with: --max-drop takes --previous (checked after the range).
COMPANIONS = {"--max-drop": ["--previous", GOLD]}


def parsed(name: str, param: click.Option, value: Any) -> None:
    """Parse a command line with the option's value (as click does before a command runs); a
    gate's VALUE is parsed where the command parses it, by parse_gate."""
    flag = param.opts[-1]
    argument = range_of(param)
    if argument == "limit":
        parse_gate(FAIL_UNDER, spelled(argument, value))
        return
    args = [*POSITIONALS[name], f"{flag}={spelled(argument, value)}"]
    command(name).make_context(name, args)


@pytest.mark.parametrize(("name", "param"), OPTIONS, ids=IDS)
def test_the_command_line_refuses_just_outside_and_takes_just_inside(name, param) -> None:  # type: ignore[no-untyped-def]
    bounds = RANGES[range_of(param)]
    for value in outside(bounds):
        with pytest.raises((click.UsageError, InvalidArgument)):
            parsed(name, param, value)
    for value in inside(bounds):
        parsed(name, param, value)


@pytest.mark.parametrize(("name", "param"), OPTIONS, ids=IDS)
def test_a_value_out_of_range_is_one_line_that_says_the_range(name, param) -> None:  # type: ignore[no-untyped-def]
    """Run as a user runs it: exit status 2, one line on standard error, the range said, never
    an internal error (the issue: OverflowError for --samples 10**20, --trials 10**23,
    --tag-field 1-99999999999999999999)."""
    argument = range_of(param)
    bounds = RANGES[argument]
    flag = param.opts[-1]
    for value in outside(bounds):
        args = [name, *POSITIONALS[name], f"{flag}={spelled(argument, value)}"]
        result = CliRunner().invoke(cli, [*args, *COMPANIONS.get(flag, [])])
        assert (result.exit_code, result.stdout) == (2, ""), (args, result.output)
        lines = result.stderr.splitlines()
        assert len(lines) == 1, result.stderr
        assert "internal error" not in lines[0], lines[0]
        if param._flag_needs_value and value < 0:
            # An option whose value may be left out (--per-line [N]) reads -1 as the next
            # option: click's own one-line refusal.
            assert "No such option '-1'" in lines[0]
            continue
        assert flag in lines[0] and bounds.describe() in lines[0], lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["score", JAPANESE / "gold.mecab", JAPANESE / "sudachi.mecab", "--tags", "--tag-field"],
        ["score", GOLD, PRED, "--ci", "bootstrap", "--samples", "100000000000000000000"],
        ["score", GOLD, PRED, "--ci", "bootstrap", "--samples", "100000000"],
        ["compare", GOLD, PRED, PRED, "--trials", "100000000000000000000000"],
    ],
    ids=["tag-field", "samples 10^20", "samples 10^8", "trials 10^23"],
)
def test_the_issue_s_values_are_refused_before_any_work(args) -> None:  # type: ignore[no-untyped-def]
    """The issue: "internal error" (OverflowError), or 6 GB and a traceback (10^8 samples)."""
    if args[-1] == "--tag-field":
        args = [*args, "1-99999999999999999999"]
    line = refused_in_one_line(*args)
    assert "is out of range" in line or "is not a whole number from 1 to" in line, line


# --- the Python API ---------------------------------------------------------------------------


class Accepted(Exception):
    """Raised in place of the work of a call whose arguments were taken."""


def _accepted(*args: object, **kwargs: object) -> None:
    raise Accepted


# Each API argument of the table, and the calls that take it; a call either runs (cheap) or has
# its work replaced by Accepted (monkeypatched in the test), so that a bound costs nothing.
API_CALLS: dict[str, list[Callable[[Any], object]]] = {
    "beta": [
        lambda v: score(GOLD, PRED, beta=v),
        lambda v: Scorer(beta=v),
        lambda v: compare(GOLD, PRED, [PRED], beta=v),
        lambda v: score_by_diff(GOLD, [PRED], beta=v),
    ],
    "samples": [
        lambda v: score(GOLD, PRED, samples=v, ci="bootstrap"),
        lambda v: Scorer(samples=v, ci="bootstrap"),
        lambda v: compare(GOLD, PRED, [PRED], samples=v),
        lambda v: score_by_diff(GOLD, [PRED], samples=v),
    ],
    "trials": [lambda v: compare(GOLD, PRED, [PRED], trials=v)],
    "seed": [
        lambda v: score(GOLD, PRED, seed=v),
        lambda v: Scorer(seed=v),
        lambda v: compare(GOLD, PRED, [PRED], seed=v),
    ],
    "jobs": [
        lambda v: score(GOLD, PRED, jobs=v),
        lambda v: compare(GOLD, PRED, [PRED], jobs=v),
        lambda v: analyse(GOLD, PRED, jobs=v),
        lambda v: score_by_diff(GOLD, [PRED], jobs=v),
    ],
    "digits": [lambda v: render(score(GOLD, PRED), "text", digits=v)],
    "top": [lambda v: analyse(GOLD, PRED, top=v)],
    "per_line": [lambda v: analyse(GOLD, PRED, per_line=v)],
    "max_sentences": [lambda v: report_page.gather(GOLD, [PRED], max_sentences=v)],
    "tag_field": [lambda v: InputOptions(tag_field=v)],
    "limit": [lambda v: parse_gate(FAIL_UNDER, f"f={v}")],
}


def test_every_range_is_checked_by_the_api() -> None:
    assert set(API_CALLS) == set(RANGES)


@pytest.mark.parametrize("argument", sorted(RANGES))
def test_the_api_refuses_just_outside_and_takes_just_inside(argument, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(comparison, "compare_results", _accepted)  # no resampling
    monkeypatch.setattr(by_diff, "_DiffGold", _accepted)  # no GNU diff
    bounds = RANGES[argument]
    for call in API_CALLS[argument]:
        for value in outside(bounds):
            with pytest.raises(InvalidArgument) as raised:
                call(value)
            if argument not in ("tag_field", "limit"):  # their parsers word their own
                assert str(raised.value) == (
                    f"{argument} must be {bounds.describe()}, not {value!r}"
                )
        for value in inside(bounds):
            with contextlib.suppress(Accepted):
                call(value)


@pytest.mark.parametrize("value", [True, 1.5, "3", None, [1]])
def test_the_api_refuses_what_is_not_a_whole_number(value) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidArgument, match="samples must be a whole number"):
        Scorer(samples=value)


def test_a_number_too_long_to_write_is_refused_in_a_short_line() -> None:
    """Python cannot write an int of more than 4300 digits (ValueError): the refusal says how
    long it is, and a command line quotes the start of what it could not read."""
    with pytest.raises(InvalidArgument) as raised:
        Scorer(samples=10**5000)
    assert str(raised.value).endswith("not a number of about 5001 digits")
    line = refused_in_one_line("score", GOLD, PRED, "--samples", "9" * 5000)
    assert len(line) < 200 and "is not a whole number from 1 to 100000" in line
    line = refused_in_one_line("score", GOLD, PRED, "--seed", "9" * 50)
    assert "a number of 50 digits is not a whole number from 0 to 4294967295" in line


def test_beta_inf_is_refused_not_an_f_of_nan() -> None:
    """The issue: Scorer(beta=inf) and score(beta=inf) gave F = nan."""
    with pytest.raises(InvalidArgument, match=r"beta must be a number from 0\.001 to 1000"):
        Scorer(beta=math.inf)
    with pytest.raises(InvalidArgument, match="not inf"):
        score([["a", "b"]], [["ab"]], beta=math.inf)


def test_whole_numbers_of_other_types_are_taken() -> None:
    numpy = pytest.importorskip("numpy")
    scorer = Scorer(samples=numpy.int64(10), seed=numpy.uint32(5), beta=numpy.float32(2))
    assert scorer.settings.statistics.samples == 10


# --- the documentation -------------------------------------------------------------------------


def test_docs_list_every_range_as_the_table_holds_it() -> None:
    """docs/api.md's table of ranges is the table's, row for row."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text[text.index("## Ranges") :]
    rows = re.findall(r"^\| `(\w+)` \| (.*?) \| (.*?) \|", section, re.MULTILINE)
    documented = {name: range_text for name, _, range_text in rows}
    assert documented == {name: bounds.describe() for name, bounds in RANGES.items()}
    for name, flags, _ in rows:
        assert set(re.findall(r"--[a-z-]+", flags)) == {
            flag for flag, argument in OPTION_RANGES.items() if argument == name
        }
