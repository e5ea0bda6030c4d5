"""The JSON of a report read back strictly (inputs/report_json.py): what Python's json reads but
no report holds (a key twice, NaN and Infinity, integers past any count, numbers past a float,
nesting past a report's) is refused in one line naming the file and the key or the line, through
`wsscore merge`, `--previous` and merge_reports alike; never an internal error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from wsscore import WsscoreError, merge_reports
from wsscore.cli.app import cli
from wsscore.inputs.report_json import MAX_DEPTH, parse_report, read_report
from wsscore.scoring.report_checks import load_previous

GOLD, PRED, WORDS = (str(FIXTURES / name) for name in ("gold.txt", "pred.txt", "words.txt"))
HINT = "give the output of `wsscore score -f json`"
PREVIOUS_HINT = "give the -f json report of an earlier wsscore score run"


def test_a_report_reads_as_json_does() -> None:
    text = '{"a": [1, 2.5, -3, null, true, "x\\"]"], "b": {"c": {}}}'
    assert parse_report(text, "r.json", hint=HINT) == json.loads(text)


def _refusal(text: str) -> str:
    with pytest.raises(WsscoreError) as refused:
        parse_report(text, "r.json", hint=HINT)
    return str(refused.value)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"a": {"b": 1, "b": 2}}', "the key 'a' holds the key 'b' twice"),
        ('{"a": 1, "a": 1}', "it holds the key 'a' twice"),
        ('{"a": [1, {"f1": NaN}]}', "the key 'a[1].f1' holds NaN, which is not a JSON number"),
        ('{"a": Infinity}', "the key 'a' holds Infinity, which is not a JSON number"),
        ('{"a": -Infinity}', "the key 'a' holds -Infinity, which is not a JSON number"),
        ('{"a": 1e999}', "the key 'a' holds 1e999, beyond the range of a number"),
        (
            '{"a": ' + "9" * 5000 + "}",
            "the key 'a' holds an integer of 5000 digits, beyond any count (2^53 - 1)",
        ),
        (
            '{"a": ' + str(2**53) + "}",
            "the key 'a' holds an integer of 16 digits, beyond any count (2^53 - 1)",
        ),
        (
            '{"a": -' + "9" * 17 + "}",
            "the key 'a' holds an integer of 17 digits, beyond any count (2^53 - 1)",
        ),
    ],
    ids=["twice", "twice-at-top", "nan", "infinity", "minus-infinity", "1e999", "5000-digits",
         "2^53", "negative"],
)  # fmt: skip
def test_what_no_report_holds_is_refused_naming_its_key(text: str, problem: str) -> None:
    assert _refusal(text) == f"r.json: not a wsscore report: {problem} ({HINT})"


def test_the_largest_count_is_read() -> None:
    assert parse_report(f"[{2**53 - 1}, -{2**53 - 1}]", "r.json", hint=HINT) == [
        2**53 - 1,
        -(2**53 - 1),
    ]


def test_nesting_deeper_than_a_report_is_refused_at_its_bracket() -> None:
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_report(deep, "r.json", hint=HINT) is not None  # the limit itself is read
    # Brackets inside strings do not count; the first one too deep is named by line and column.
    text = '{"s": "[[[{{{",\n "a": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}"
    assert _refusal(text) == (
        f"r.json:2:{7 + MAX_DEPTH - 1}: not a wsscore report: it nests deeper than "
        f"{MAX_DEPTH} levels (a report nests 5) ({HINT})"
    )
    assert _refusal("[" * 100_000).startswith(f"r.json:1:{MAX_DEPTH + 1}: not a wsscore")


def test_an_unclosed_string_ends_the_scan_and_is_not_json() -> None:
    assert _refusal('{"a": "[[[[' + "\\" * 3) == (
        f"r.json:1:7: not JSON: Unterminated string starting at ({HINT})"
    )


def test_a_report_is_read_in_the_encodings_json_reads(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    for data in ('\ufeff{"a": 1}'.encode(), '{"a": 1}'.encode("utf-16")):
        path.write_bytes(data)
        assert read_report(str(path), hint=HINT) == {"a": 1}
    path.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(WsscoreError, match="not JSON: not UTF-8 text"):
        read_report(str(path), hint=HINT)


# --- through the commands and the API: one line, exit 2 ---------------------------------------


@pytest.fixture
def report(tmp_path: Path) -> str:
    result = CliRunner().invoke(
        cli, ["score", GOLD, PRED, "-d", WORDS, "--name", "mine", "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    return result.stdout


HOSTILE = {
    "twice": ('"correct": 21,', '"correct": 21, "correct": 22,'),
    "nan": ('"f1": 0.6363636363636365', '"f1": NaN'),
    "5000-digits": ('"correct": 21,', '"correct": ' + "9" * 5000 + ","),
    "deep": ('"warnings": []', '"warnings": ' + "[" * 100_000 + "]" * 100_000),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_hostile_reports_are_refused_in_one_line(report, tmp_path: Path, kind: str) -> None:
    old, new = HOSTILE[kind]
    assert old in report
    path = tmp_path / "hostile.json"
    path.write_text(report.replace(old, new, 1), encoding="utf-8")
    merged = CliRunner().invoke(cli, ["merge", str(path)])
    gated = CliRunner().invoke(
        cli, ["score", GOLD, PRED, "-d", WORDS, "--name", "mine", "--previous", str(path),
              "--max-drop", "f=0.1"],
    )  # fmt: skip
    for result, hint in ((merged, HINT), (gated, PREVIOUS_HINT)):
        assert (result.exit_code, result.stdout) == (2, "")
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"wsscore: error: {path}")
        assert line.endswith(f"({hint})") and "internal error" not in line
    with pytest.raises(WsscoreError) as refused:
        merge_reports([path])
    assert str(refused.value) == merged.stderr.removeprefix("wsscore: error: ").rstrip("\n")
    with pytest.raises(WsscoreError):
        load_previous(str(path))
