"""``wsscore score``'s CI gates (``--fail-under [SYSTEM:]NAME=VALUE``, ``--previous`` with
``--max-drop``), ``-q`` with names, and ``--digits``, through click's CliRunner on the fixtures.

The fixture's figures, counted by hand (tests/cli/test_cli.py): R = 21/36, P = 0.7, F = 42/66,
R_oov = 2/6, R_iv = 19/30; one word per character: R = 17/36, P = 17/55, F = 34/91.
"""

from __future__ import annotations

import csv
import io
import json
import math
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from wsscore.cli.app import cli

GOLD = str(FIXTURES / "gold.txt")
PRED = str(FIXTURES / "pred.txt")
WORDS = str(FIXTURES / "words.txt")
F_MINE = 2 * 0.7 * (21 / 36) / (0.7 + 21 / 36)  # 42/66, as the scorer computes it
F_CHARS = 34 / 91
# The prediction with its line 4 segmented as the gold's (docs/metrics.md §2.4: line 4 has RP 13,
# PP 12, TP 9): TP = 21 - 9 + 13 = 25, PP = 30 - 12 + 13 = 31, so F = 50/67.
F_BETTER = 50 / 67
C_R = 2 * math.sqrt(21 / 36 * 15 / 36 / 36)  # the bakeoff's half-width of R


def invoke(*args: str):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


@pytest.fixture
def chars(tmp_path: Path) -> str:
    """The gold with one word per character."""
    path = tmp_path / "chars.txt"
    lines = (FIXTURES / "gold.txt").read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(" ".join("".join(line.split())) for line in lines) + "\n")
    return str(path)


@pytest.fixture
def better(tmp_path: Path) -> str:
    """The fixture's prediction with line 4 as the gold has it (F = 50/67)."""
    lines = Path(PRED).read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = Path(GOLD).read_text(encoding="utf-8").splitlines(keepends=True)[3]
    path = tmp_path / "better.txt"
    path.write_text("".join(lines), encoding="utf-8")
    return str(path)


def earlier(three: list[str], **files: str) -> list[str]:
    """``three`` with the prediction of the systems named in ``files`` replaced (an earlier run
    of other predictions under the same names)."""
    names = ["chars", "mine", "gold"]
    predictions = [files.get(name, three[2 + at]) for at, name in enumerate(names)]
    return [*three[:2], *predictions, *three[5:]]


@pytest.fixture
def three(chars: str) -> list[str]:
    """Three systems, named: chars (F = 34/91), mine (42/66), gold (1), in that order."""
    return [
        "score",
        GOLD,
        chars,
        PRED,
        GOLD,
        "-d",
        WORDS,
        *("--name", "chars", "--name", "mine", "--name", "gold"),
    ]


def previous(tmp_path: Path, args: list[str], *, without_f: str | None = None) -> Path:
    """The -f json report of ``args`` as an earlier run left it; ``without_f``: the system whose
    F is removed (a report that lacks a figure). A report's figures cannot be edited: the
    counts give them (test_report_checks.py)."""
    result = invoke(*args, "-f", "json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    for system in document["systems"]:
        if system["name"] == without_f:
            del system["metrics"]["f1"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


# --- --fail-under for one system ----------------------------------------------------------------


def test_a_floor_for_one_system_checks_that_system_only(three):
    # chars (F = 0.374) is below 0.7 too, but the gate is mine's.
    result = invoke(*three, "--fail-under", "mine:f=0.7", "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "wsscore: mine: F = 0.6364 is below 0.7 (--fail-under mine:f=0.7)"
    ]


def test_a_floor_for_every_system_beside_one_for_a_system(three):
    result = invoke(*three, "--fail-under", "f=0.5", "--fail-under", "gold:r=1", "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"wsscore: chars: F = {F_CHARS:.4f} is below 0.5 (--fail-under f=0.5)"
    ]


def test_a_floor_met_by_its_system_exits_0(three):
    result = invoke(*three, "--fail-under", "mine:f=0.6", "--fail-under", "gold:roov=1", "-q")
    assert (result.exit_code, result.stderr) == (0, "")


@pytest.mark.parametrize(
    ("limit", "status"),
    [(F_MINE - 1e-9, 0), (F_MINE, 0), (F_MINE + 1e-9, 1)],
    ids=["below", "at", "above"],
)
def test_a_floor_at_the_value_passes(three, limit, status):
    assert invoke(*three, "--fail-under", f"mine:f={limit!r}", "-q").exit_code == status


def test_an_unknown_system_is_a_usage_error_naming_the_systems(three, tmp_path):
    report = tmp_path / "report.txt"
    report.write_text("kept\n")
    result = invoke(*three, "--fail-under", "jieba:f=0.8", "-o", report)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        "wsscore: error: --fail-under jieba:f=0.8: no system is named 'jieba' "
        "(the systems are 'gold', 'mine', 'chars')"
    ]
    assert report.read_text() == "kept\n"  # nothing written


def test_a_default_name_names_its_system():
    result = invoke("score", GOLD, PRED, "--fail-under", "pred.txt:p=0.8", "-q")
    assert result.stderr.splitlines() == [
        "wsscore: pred.txt: P = 0.7000 is below 0.8 (--fail-under pred.txt:p=0.8)"
    ]


@pytest.mark.parametrize("value", [":f=0.5", "mine:x=0.5", "mine:f", "mine:f=2"])
def test_a_malformed_gate_for_one_system_is_a_usage_error(three, value):
    result = invoke(*three, "--fail-under", value)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"wsscore: error: Invalid value for --fail-under: {value!r}")
    assert len(result.stderr.splitlines()) == 1


def test_an_undefined_figure_of_the_gated_system_is_refused(three, tmp_path):
    known = tmp_path / "known.txt"  # every gold word: none is out of vocabulary
    known.write_text("\n".join(sorted(set(Path(GOLD).read_text(encoding="utf-8").split()))))
    result = invoke(*three, "-d", known, "--fail-under", "mine:roov=0.5", "-q")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"wsscore: error: {GOLD}: R_oov is undefined (no gold word is out of vocabulary: every "
        "one is in the dictionary), so --fail-under mine:roov=0.5 cannot be checked (give the "
        "training word list, not one that holds the gold's words, or drop --fail-under "
        "mine:roov)"
    ]


# --- --previous and --max-drop ------------------------------------------------------------------


def drop_line(name: str, label: str, before: float, after: float, gate: str) -> str:
    return (
        f"wsscore: {name}: {label} fell from {before:.4f} to {after:.4f} "
        f"({after - before:+.4f}, more than --max-drop {gate})"
    )


@pytest.mark.parametrize(
    ("above", "status"), [(1e-6, 0), (0.0, 0), (-1e-6, 1)], ids=["below", "at", "above"]
)
def test_a_drop_up_to_the_limit_passes(three, better, tmp_path, above, status):
    old = previous(tmp_path, earlier(three, mine=better))
    gate = f"f={F_BETTER - F_MINE + above}"  # the limit: the drop, or a little more or less
    result = invoke(*three, "--previous", old, "--max-drop", gate, "-q")
    assert result.exit_code == status
    expected = [drop_line("mine", "F", F_BETTER, F_MINE, gate)] if status else []
    assert result.stderr.splitlines() == expected


def test_each_fallen_system_and_figure_is_named(three, better, tmp_path):
    # Earlier, chars was the gold itself (R = 1, F = 1) and mine was better (R = 25/36).
    old = previous(tmp_path, earlier(three, mine=better, chars=GOLD))
    gates = ("--max-drop", "f=0.01", "--max-drop", "r=0.5")
    result = invoke(*three, "--previous", old, *gates, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        drop_line("mine", "F", F_BETTER, F_MINE, "f=0.01"),
        drop_line("chars", "F", 1.0, F_CHARS, "f=0.01"),
        drop_line("chars", "R", 1.0, 17 / 36, "r=0.5"),
    ]  # mine's R fell by 4/36 only; in the table's order (by F), each system's gates as given
    assert result.stdout == f"chars\t{F_CHARS:.3f}\nmine\t0.636\ngold\t1.000\n"


def test_a_drop_for_one_system_checks_that_system_only(three, better, tmp_path):
    old = previous(tmp_path, earlier(three, mine=better))
    result = invoke(*three, "--previous", old, "--max-drop", "chars:f=0.1", "-q")
    assert (result.exit_code, result.stderr) == (0, "")  # chars did not move
    result = invoke(*three, "--previous", old, "--max-drop", "mine:f=0.1", "-q")
    assert result.stderr.splitlines() == [drop_line("mine", "F", F_BETTER, F_MINE, "mine:f=0.1")]


def test_a_rise_passes(three, chars, tmp_path):
    old = previous(tmp_path, earlier(three, mine=chars))  # mine was as bad as chars
    assert invoke(*three, "--previous", old, "--max-drop", "f=0", "-q").exit_code == 0


def test_a_system_the_previous_run_lacks_is_a_warning(three, tmp_path):
    old = previous(tmp_path, ["score", GOLD, PRED, "-d", WORDS, "--name", "mine"])
    result = invoke(*three, "--previous", old, "--max-drop", "f=0.5", "-f", "json")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"wsscore: warning: {old}: 'gold' is not a system of the previous report; its "
        "--max-drop is not checked",
        f"wsscore: warning: {old}: 'chars' is not a system of the previous report; its "
        "--max-drop is not checked",
    ]
    document = json.loads(result.stdout)
    assert [gate["system"] for gate in document["gates"]] == ["mine"]
    assert len(document["warnings"]) == 2


def test_other_settings_are_a_warning_naming_both_signatures(three, tmp_path):
    old = previous(tmp_path, [*three, "--ci", "wilson"])
    result = invoke(*three, "--previous", old, "--max-drop", "f=0", "-f", "json")
    assert result.exit_code == 0
    old_signature = json.loads(old.read_text())["signature"]
    new_signature = json.loads(result.stdout)["signature"]
    assert "ci:wilson" in old_signature and "ci:bakeoff" in new_signature
    assert result.stderr.splitlines() == [
        f"wsscore: warning: {old}: the previous report was scored with other settings "
        f"({old_signature}) than this run ({new_signature}); --max-drop compares the figures "
        "as each run computed them"
    ]
    strict = invoke(*three, "--previous", old, "--max-drop", "f=0", "--strict")
    assert (strict.exit_code, strict.stdout) == (2, "")


def test_the_same_settings_give_no_warning(three, tmp_path):
    old = previous(tmp_path, three)
    result = invoke(*three, "--previous", old, "--max-drop", "f=0", "-q")
    assert (result.exit_code, result.stderr) == (0, "")


NO_SYSTEMS = ': not a wsscore JSON report (it has no "version" and "systems")'


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", ":1:1: not JSON: Expecting value"),
        (b"\x80\x81", ": not JSON: not UTF-8 text"),
        (b"[]", NO_SYSTEMS),
        (b'{"version": "0.1.0"}', NO_SYSTEMS),
        (
            b'{"version": "0.1.0", "systems": [{"name": "mine"}]}',
            ': not a wsscore JSON report (a system has no "name" or "metrics")',
        ),
    ],
    ids=["empty", "not-utf8", "a-list", "no-systems", "no-metrics"],
)
def test_a_previous_file_that_is_not_a_report_is_refused(three, tmp_path, content, message):
    old = tmp_path / "old.json"
    old.write_bytes(content)
    result = invoke(*three, "--previous", old, "--max-drop", "f=0.01", "-q")
    assert (result.exit_code, result.stdout) == (2, "")
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"wsscore: error: {old}{message}")


@pytest.mark.parametrize("kind", ["missing", "directory"])
def test_an_unreadable_previous_file_is_refused(three, tmp_path, kind):
    old = tmp_path / "old.json"
    if kind == "directory":
        old.mkdir()
    result = invoke(*three, "--previous", old, "--max-drop", "f=0.01", "-q")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"wsscore: error: {old}: cannot read it: ")


def test_a_figure_the_previous_report_lacks_is_refused(three, tmp_path):
    old = previous(tmp_path, three, without_f="mine")
    result = invoke(*three, "--previous", old, "--max-drop", "mine:f=0.01", "-q")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"wsscore: error: {old}: the previous report has no f1 of 'mine', so --max-drop "
        "mine:f=0.01 cannot be checked (give a -f json report of wsscore score)"
    ]


def test_an_oov_figure_of_a_run_without_dictionary_is_refused(three, tmp_path):
    old = previous(tmp_path, ["score", GOLD, PRED, "--name", "mine"])  # R_oov is null
    result = invoke(*three, "--previous", old, "--max-drop", "mine:roov=0.01", "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"wsscore: error: {old}: the previous report has no oov_recall of 'mine', so "
        "--max-drop mine:roov=0.01 cannot be checked (R_oov and R_iv need a run with -d or "
        "--train)"
    )


def test_a_name_the_previous_report_repeats_is_refused(tmp_path):
    args = ["score", GOLD, PRED, PRED, "--name", "mine", "--name", "mine"]
    old = previous(tmp_path, args)
    result = invoke(*args, "--previous", old, "--max-drop", "f=0.01", "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"wsscore: error: {old}: the previous report has several systems named 'mine' "
        "(give each system a --name of its own)"
    ]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--max-drop", "f=0.01"], "--max-drop: give --previous OLD.json"),
        (["--previous", "old.json"], "--previous: give --max-drop NAME=VALUE"),
        (
            ["--previous", "old.json", "--max-drop", "f=2"],
            "--max-drop: 'f=2': give a number from 0 to 1",
        ),
        (["--previous", "old.json", "--max-drop", "roov=0.1"], "--max-drop: roov is defined"),
    ],
)
def test_an_incomplete_drop_gate_is_a_usage_error(options, message):
    result = invoke("score", GOLD, PRED, *options)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"wsscore: error: Invalid value for {message}")
    assert len(result.stderr.splitlines()) == 1


# --- the figures of --extra and --tags ----------------------------------------------------------


@pytest.fixture
def retagged(tmp_path: Path) -> list[str]:
    """The tagged fixture (17 words) against itself with one NN read as VV: tag F = 16/17."""
    gold = FIXTURES / "formats" / "same.tagged.txt"
    pred = tmp_path / "pred.tagged.txt"
    pred.write_text(gold.read_text(encoding="utf-8").replace("人/NN", "人/VV", 1), "utf-8")
    return ["score", str(gold), str(pred), "--tags", "--name", "tagger"]


def test_a_floor_on_the_boundary_f(three):
    # docs/metrics.md §5.2: F_b of the fixture = 48/58.
    result = invoke(*three, "--extra", "--fail-under", "mine:f_b=0.83", "-q")
    assert result.stderr.splitlines() == [
        f"wsscore: mine: F_b = {48 / 58:.4f} is below 0.83 (--fail-under mine:f_b=0.83)"
    ]
    assert invoke(*three, "--extra", "--fail-under", "mine:F_b=0.82", "-q").exit_code == 0


def test_a_drop_of_the_tag_f(retagged, tmp_path):
    document = json.loads(invoke(*retagged, "-f", "json").stdout)
    assert document["systems"][0]["metrics"]["tag_f1"] == pytest.approx(16 / 17)
    gold = retagged[1]
    old = previous(tmp_path, ["score", gold, gold, "--tags", "--name", "tagger"])  # tag F = 1
    result = invoke(*retagged, "--previous", old, "--max-drop", "f_tag=0.05", "-q")
    assert (result.exit_code, result.stdout) == (1, "1.000\n")
    assert result.stderr.splitlines() == [drop_line("tagger", "F_tag", 1.0, 16 / 17, "f_tag=0.05")]
    assert invoke(*retagged, "--previous", old, "--max-drop", "f_tag=0.06", "-q").exit_code == 0


@pytest.mark.parametrize(("figure", "option"), [("f_tag", "--tags"), ("tnr", "--extra")])
def test_a_figure_of_an_option_not_given_is_a_usage_error(figure, option):
    result = invoke("score", GOLD, PRED, "--fail-under", f"{figure}=0.5")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(
        f"wsscore: error: Invalid value for --fail-under: {figure} is scored only with "
        f"{option}: give {option}"
    )


# --- the JSON records the gates -----------------------------------------------------------------


def test_the_json_records_every_gate_and_its_outcome(three, better, tmp_path):
    old = previous(tmp_path, earlier(three, mine=better))
    result = invoke(
        *three,
        *("--fail-under", "mine:f=0.6", "--fail-under", "chars:p=0.5"),
        *("--previous", old, "--max-drop", "mine:f=0.005"),
        *("-f", "json"),
    )
    assert result.exit_code == 1
    assert json.loads(result.stdout)["gates"] == [
        {
            "kind": "fail_under",
            "system": "mine",
            "figure": "f",
            "limit": 0.6,
            "value": F_MINE,
            "previous": None,
            "passed": True,
        },
        {
            "kind": "max_drop",
            "system": "mine",
            "figure": "f",
            "limit": 0.005,
            "value": F_MINE,
            "previous": pytest.approx(F_BETTER),
            "passed": False,
        },
        {
            "kind": "fail_under",
            "system": "chars",
            "figure": "p",
            "limit": 0.5,
            "value": 17 / 55,
            "previous": None,
            "passed": False,
        },
    ]  # the table's order of systems (gold, mine, chars), each system's gates as given


def test_the_json_has_no_gates_without_gate_options(three):
    assert json.loads(invoke(*three, "-f", "json").stdout)["gates"] == []


# --- -q -----------------------------------------------------------------------------------------


def test_quiet_prints_one_system_s_f_alone():
    assert invoke("score", GOLD, PRED, "-q").stdout == "0.636\n"


@pytest.mark.parametrize("sort", ["f", "name", "none", "r"])
def test_quiet_keeps_the_order_given_whatever_the_sort(three, sort):
    result = invoke(*three, "-q", "--sort", sort)
    assert result.stdout == f"chars\t{F_CHARS:.3f}\nmine\t0.636\ngold\t1.000\n"


def test_quiet_puts_base_and_top_after_the_predictions(three):
    result = invoke(*three, "-q", "--baseline", "--topline")
    table = invoke(*three, "-f", "json", "--baseline", "--topline")
    f_of = {s["name"]: s["metrics"]["f1"] for s in json.loads(table.stdout)["systems"]}
    assert list(f_of) != ["chars", "mine", "gold", "BASE", "TOP"]  # the table sorts by F
    names = ["chars", "mine", "gold", "BASE", "TOP"]
    assert result.stdout.splitlines() == [f"{name}\t{f_of[name]:.3f}" for name in names]


def test_quiet_with_default_names(chars):
    result = invoke("score", GOLD, PRED, chars, "-q")
    assert result.stdout == f"pred.txt\t0.636\nchars.txt\t{F_CHARS:.3f}\n"


# --- --digits -----------------------------------------------------------------------------------


@pytest.mark.parametrize("digits", [0, 2, 5])
def test_digits_in_quiet(three, digits):
    result = invoke(*three, "-q", "--digits", digits)
    assert result.stdout.splitlines()[1] == f"mine\t{F_MINE:.{digits}f}"


def _row_of(text: str, name: str) -> list[str]:
    """The cells of the row of system ``name`` (text or a rich table's borders)."""
    return next(line.split() for line in text.splitlines() if line.lstrip("│ ").startswith(name))


@pytest.mark.parametrize("digits", [0, 2, 5])
@pytest.mark.parametrize("fmt", ["text", "table"])
def test_digits_in_text_and_table(digits, fmt):
    result = invoke("score", GOLD, PRED, "-d", WORDS, "-f", fmt, "--digits", digits)
    row = [cell for cell in _row_of(result.stdout, "pred.txt") if cell != "│"]
    interval = digits + 1
    assert row == [
        "pred.txt",
        "36",
        f"{21 / 36:.{digits}f}",
        f"±{C_R:.{interval}f}",
        f"{0.7:.{digits}f}",
        f"±{2 * math.sqrt(0.7 * 0.3 / 36):.{interval}f}",
        f"{F_MINE:.{digits}f}",
        f"{6 / 36:.{digits}f}",
        f"{2 / 6:.{digits}f}",
        f"{19 / 30:.{digits}f}",
    ]


@pytest.mark.parametrize("digits", [0, 2, 5])
def test_digits_in_markdown(digits):
    result = invoke("score", GOLD, PRED, "-f", "markdown", "--digits", digits)
    row = next(line for line in result.stdout.splitlines() if line.startswith("| pred.txt"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[2] == f"{21 / 36:.{digits}f}"
    assert cells[3] == f"±{C_R:.{digits + 1}f}"
    assert cells[6] == f"{F_MINE:.{digits}f}"


@pytest.mark.parametrize("digits", [0, 2, 5])
def test_digits_in_latex(digits):
    result = invoke("score", GOLD, PRED, "-f", "latex", "--digits", digits)
    row = next(line for line in result.stdout.splitlines() if line.startswith("pred.txt"))
    cells = [cell.strip() for cell in row.removesuffix(r"\\").split("&")]
    assert cells[2] == f"{21 / 36:.{digits}f}"
    assert cells[3] == f"$\\pm${C_R:.{digits + 1}f}"
    assert cells[6] == f"{F_MINE:.{digits}f}"


@pytest.mark.parametrize("digits", [0, 2, 5])
@pytest.mark.parametrize("fmt", ["tsv", "csv"])
def test_digits_in_tsv_and_csv(digits, fmt):
    result = invoke("score", GOLD, PRED, "-f", fmt, "--digits", digits, "--ci", "wilson")
    rows = list(csv.DictReader(io.StringIO(result.stdout), delimiter="\t" if fmt == "tsv" else ","))
    full = list(
        csv.DictReader(
            io.StringIO(invoke("score", GOLD, PRED, "-f", fmt, "--ci", "wilson").stdout),
            delimiter="\t" if fmt == "tsv" else ",",
        )
    )
    for key in ("R", "P", "F"):
        assert rows[0][key] == f"{float(full[0][key]):.{digits}f}"
    for key in ("c_r", "R_low", "R_high", "P_low", "P_high"):
        assert rows[0][key] == f"{float(full[0][key]):.{digits + 1}f}"
    assert rows[0]["F"] == f"{F_MINE:.{digits}f}"
    assert rows[0]["Words"] == "36"


def test_tsv_keeps_every_digit_without_digits():
    result = invoke("score", GOLD, PRED, "-f", "tsv")
    assert next(csv.DictReader(io.StringIO(result.stdout), delimiter="\t"))["F"] == repr(F_MINE)


def test_three_digits_are_the_default(three):
    for fmt in ("text", "markdown", "latex", "table"):
        assert invoke(*three, "-f", fmt).stdout == invoke(*three, "-f", fmt, "--digits", 3).stdout


@pytest.mark.parametrize("fmt", ["json", "sighan"])
def test_digits_are_refused_where_they_do_not_apply(fmt):
    result = invoke("score", GOLD, PRED, "-f", fmt, "--digits", "2")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"wsscore: error: --digits does not apply to -f {fmt},")


@pytest.mark.parametrize("digits", ["-1", "11", "two"])
def test_digits_out_of_range_are_a_usage_error(digits):
    result = invoke("score", GOLD, PRED, "--digits", digits)
    assert (result.exit_code, result.stdout) == (2, "")
    assert "--digits" in result.stderr


@pytest.mark.parametrize("digits", [2, 5])
def test_digits_in_the_tag_tables(tmp_path, digits):
    gold = FIXTURES / "formats" / "same.tagged.txt"
    pred = tmp_path / "pred.tagged.txt"
    # One NN read as VV: NN has R = 5/6, F = 10/11; VV has P = 4/5, F = 8/9.
    pred.write_text(gold.read_text(encoding="utf-8").replace("人/NN", "人/VV", 1), "utf-8")
    result = invoke("score", gold, pred, "--tags", "-f", "text", "--digits", digits)
    cells = [line.split() for line in result.stdout.splitlines()]
    rows = {row[0]: row[4:] for row in cells if row and row[0] in ("NN", "VV")}
    assert rows == {
        "NN": [f"{value:.{digits}f}" for value in (1, 5 / 6, 10 / 11)],
        "VV": [f"{value:.{digits}f}" for value in (4 / 5, 1, 8 / 9)],
    }


@pytest.mark.parametrize("digits", [1, 4])
def test_digits_in_the_difficulty_deciles(chars, digits, tmp_path):
    # A copy of the gold as a member (the gold itself is refused as one): every word right.
    perfect = tmp_path / "perfect.txt"
    shutil.copyfile(GOLD, perfect)
    args = ["score", GOLD, PRED, "--committee", PRED, chars, str(perfect)]
    deciles = json.loads(invoke(*args, "-f", "json").stdout)["systems"][0]["difficulty_deciles"]
    expected = [
        "—" if d["accuracy"] is None else f"{d['accuracy']:.{digits}f} ({d['gold_words']:,})"
        for d in deciles
    ]
    assert len({cell for cell in expected if cell != "—"}) > 2  # more than 1 and 0
    text = invoke(*args, "-f", "markdown", "--digits", digits).stdout
    row = [line for line in text.splitlines() if line.startswith("| pred.txt")][-1]
    assert [cell.strip() for cell in row.strip("|").split("|")][1:] == expected


def test_files_read_in_another_encoding_are_not_other_settings(better, tmp_path):
    # GBK copies of the fixture: the signature's `enc:` differs, the figures are computed
    # alike, so the stored report is compared without a warning.
    gbk = [tmp_path / name for name in ("gold.gbk.txt", "better.gbk.txt")]
    for path, source in zip(gbk, (GOLD, better), strict=True):
        path.write_bytes(Path(source).read_text(encoding="utf-8").encode("gbk"))
    old = previous(tmp_path, ["score", *map(str, gbk), "-d", WORDS, "--name", "mine"])
    result = invoke(
        "score", GOLD, PRED, "-d", WORDS, "--name", "mine", "--previous", old,
        "--max-drop", "f=0.05", "-f", "json",
    )  # fmt: skip
    assert "enc:gold=gbk" in json.loads(old.read_text())["signature"]
    assert result.exit_code == 1
    assert result.stderr == (
        "wsscore: mine: F fell from 0.7463 to 0.6364 (-0.1099, more than --max-drop f=0.05)\n"
    )


# --- -o over the --previous report -------------------------------------------------------------


def kept_line(path: Path | str) -> str:
    return (
        f"wsscore: {path}: kept as it was: -o names the --previous report, and a gate failed, "
        "so the new report was not written (give -o another file to keep it)"
    )


@pytest.mark.parametrize("spelling", ["same", "dotted", "link"])
def test_a_failed_gate_keeps_the_previous_report_that_o_names(better, tmp_path, spelling):
    # A baseline of F = 50/67; this run's F = 42/66 fell by 0.11. Written over, the baseline
    # would let the next run pass.
    mine = ["score", GOLD, PRED, "-d", WORDS, "--name", "mine", "-f", "json"]
    old = previous(tmp_path, ["score", GOLD, better, "-d", WORDS, "--name", "mine"])
    baseline = old.read_bytes()
    output = {"same": old, "dotted": old.parent / "." / old.name, "link": tmp_path / "link.json"}
    if spelling == "link":
        output["link"].symlink_to(old)
    target = output[spelling]
    result = invoke(*mine, "--previous", old, "--max-drop", "f=0.05", "-o", target)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [
        drop_line("mine", "F", F_BETTER, F_MINE, "f=0.05"),
        kept_line(old),
    ]
    assert old.read_bytes() == baseline
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["better.txt", "old.json", *(["link.json"] if spelling == "link" else [])]
    )  # no temporary file left
    # A gate that passes replaces it: the new report is the next baseline (a ratchet).
    result = invoke(*mine, "--previous", old, "--max-drop", "f=0.2", "-o", target)
    assert (result.exit_code, result.stderr) == (0, "")
    assert json.loads(old.read_text())["systems"][0]["metrics"]["f1"] == pytest.approx(F_MINE)


def test_a_failed_gate_still_writes_another_o(better, tmp_path):
    old = previous(tmp_path, ["score", GOLD, better, "-d", WORDS, "--name", "mine"])
    new = tmp_path / "new.json"
    result = invoke(
        "score", GOLD, PRED, "-d", WORDS, "--name", "mine", "-f", "json",
        "--previous", old, "--max-drop", "f=0.05", "-o", new,
    )  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [drop_line("mine", "F", F_BETTER, F_MINE, "f=0.05")]
    assert json.loads(new.read_text())["gates"][0]["passed"] is False


# --- the gates in -f markdown (a CI job's summary) -------------------------------------------


def test_markdown_shows_each_gate_under_the_table_and_text_does_not(tmp_path: Path) -> None:
    odd = "a|b`c"  # a pipe ends a Markdown cell, a backtick a code span: both escaped
    gates = ["--fail-under", f"{odd}:f=0.9", "--fail-under", "r=0.5"]
    markdown = invoke("score", GOLD, PRED, "--name", odd, *gates, "-f", "markdown")
    assert markdown.exit_code == 1
    assert markdown.output.split("### Gates: 1 of 2 failed\n\n", 1)[1].splitlines()[:4] == [
        "| Result | System | Gate | Value | Previous | Change |",
        "|:---|:---|:---|---:|---:|---:|",
        "| **FAILED** | a\\|b\\`c | --fail-under a\\|b\\`c:f=0.9 | 0.6364 |  |  |",
        "| passed | a\\|b\\`c | `--fail-under r=0.5` | 0.5833 |  |  |",
    ]
    text = invoke("score", GOLD, PRED, "--name", odd, *gates, "-f", "text")
    assert "Gates" not in text.output and text.exit_code == 1


def test_merge_in_markdown_shows_its_gates_too(tmp_path: Path) -> None:
    shard = tmp_path / "shard.json"
    assert invoke("score", GOLD, PRED, "--name", "mine", "-f", "json", "-o", shard).exit_code == 0
    merged = invoke("merge", shard, "--fail-under", "f=0.5", "-f", "markdown")
    assert merged.exit_code == 0, merged.output
    assert "### Gates: all passed\n" in merged.output
    assert "| passed | mine | `--fail-under f=0.5` | 0.6364 |  |  |" in merged.output
