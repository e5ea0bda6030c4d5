"""wsscore merge: shards' JSON reports added into one report, and every refusal, word for word."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURE_COUNTS, FIXTURES

from wsscore import WsscoreError, merge_reports
from wsscore.cli.app import cli
from wsscore.scoring.merging import TYPES_LEFT_OUT

GOLD, PRED, WORDS = (str(FIXTURES / name) for name in ("gold.txt", "pred.txt", "words.txt"))
GBK_GOLD, GBK_PRED = str(FIXTURES / "gbk" / "gold.txt"), str(FIXTURES / "gbk" / "pred.txt")


def _invoke(*args: str, stdin: str | None = None):
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result


def _shard(tmp_path: Path, name: str, *args: str) -> str:
    """The JSON report of `wsscore score ARGS -f json`, written to tmp_path/name."""
    result = _invoke("score", *args, "-f", "json")
    assert result.exit_code == 0, result.output
    path = tmp_path / name
    path.write_text(result.output, encoding="utf-8")
    return str(path)


def _second(tmp_path: Path, shard: str) -> str:
    """A second shard of the same counts as ``shard``, read from another gold file (the same
    file twice is refused, the same report twice warned of: test_report_checks.py)."""
    data = json.loads(Path(shard).read_text(encoding="utf-8"))
    data["gold"]["path"] += ".2"
    path = tmp_path / f"second.{Path(shard).name}"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.fixture
def shards(tmp_path: Path) -> tuple[str, str]:
    """The fixture scored twice, once from its UTF-8 files and once from their GBK copies."""
    first = _shard(tmp_path, "a.json", GOLD, PRED, "--name", "pred", "-d", WORDS, "--extra")
    second = _shard(
        tmp_path, "b.json", GBK_GOLD, GBK_PRED, "--name", "pred", "-d", WORDS, "--extra"
    )
    return first, second


def test_two_shards_add_up(shards, tmp_path: Path) -> None:
    result = _invoke("merge", *shards, "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["schema_version"] == 1
    # The shards were scored with --extra: their type counts are left out, and said so.
    assert result.stderr == f"wsscore: warning: {TYPES_LEFT_OUT}\n"
    assert data["systems"][0]["counts"]["types_gold"] is None
    (system,) = data["systems"]
    # Twice the hand counts of the fixture (conftest.FIXTURE_COUNTS).
    assert {key: system["counts"][key] for key in FIXTURE_COUNTS} == {
        key: 2 * value for key, value in FIXTURE_COUNTS.items()
    }
    assert system["metrics"]["recall"] == 42 / 72
    assert system["counts"]["merged_errors"] == 2 * 13  # the fixture's error classes
    assert data["gold"]["path"] == f"{GOLD}+{GBK_GOLD}"
    assert data["gold"]["encoding"] == "utf-8+gbk"
    assert system["path"] == f"{PRED}+{GBK_PRED}"
    # The encodings of both shards; everything else is the shards' signature.
    assert data["signature"] == (
        "wsscore:0.1.0|match:span|ci:bakeoff|dict:words|enc:gold=utf-8+gbk,pred=utf-8+gbk,"
        "dict=utf-8|mismatch:warn"
    )


def test_the_text_of_a_merge_is_the_text_of_the_whole(tmp_path: Path) -> None:
    # Two copies of the fixture merged print what scoring the fixture twice over prints.
    twice = tmp_path / "gold2.txt"
    twice.write_text(Path(GOLD).read_text(encoding="utf-8") * 2, encoding="utf-8")
    twice_pred = tmp_path / "pred2.txt"
    twice_pred.write_text(Path(PRED).read_text(encoding="utf-8") * 2, encoding="utf-8")
    shard = _shard(tmp_path, "a.json", GOLD, PRED, "--name", "pred", "-d", WORDS)
    second = Path(_second(tmp_path, shard)).read_text(encoding="utf-8")
    for fmt in ("text", "markdown", "tsv", "csv", "latex", "sighan"):
        merged = _invoke("merge", shard, "-", "-f", fmt, stdin=second)
        whole = _invoke(
            "score", str(twice), str(twice_pred), "--name", "pred", "-d", WORDS, "-f", fmt
        )
        assert merged.exit_code == 0, merged.output
        assert merged.output == whole.output.replace("pred2.txt", "pred.txt")


def test_output_file_and_sort(shards, tmp_path: Path) -> None:
    target = tmp_path / "merged.md"
    result = _invoke("merge", *shards, "-f", "markdown", "-o", str(target), "--sort", "name")
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == f"wsscore: warning: {TYPES_LEFT_OUT}\n"  # the shards have --extra
    assert target.read_text(encoding="utf-8").startswith("| System | Words |")


def test_a_gates_key_is_ignored(shards, tmp_path: Path) -> None:
    data = json.loads(Path(shards[0]).read_text(encoding="utf-8"))
    data["gates"] = {"fail_under": [{"system": "pred", "name": "f", "value": 0.9}]}
    gated = tmp_path / "gated.json"
    gated.write_text(json.dumps(data), encoding="utf-8")
    result = _invoke("merge", str(gated), shards[1], "-f", "json")
    assert result.exit_code == 0, result.output
    # The shards' own gates were checked when they were scored; the merge checks its own.
    assert json.loads(result.stdout)["gates"] == []


def test_bootstrap_shards_with_another_interval(tmp_path: Path) -> None:
    args = (GOLD, PRED, "-d", WORDS, "--ci", "bootstrap", "--samples", "50")
    shard = _shard(tmp_path, "boot.json", *args)
    message = (
        f"wsscore: error: {shard}: bootstrap intervals cannot be merged: they are drawn from the "
        "per-sentence records, which the JSON does not hold (give --ci bakeoff, wilson or none "
        "to compute the intervals from the merged counts, or score the whole test set at once "
        "for a bootstrap interval)"
    )
    second = _second(tmp_path, shard)
    assert _error(_invoke("merge", shard, second)) == message
    assert _error(_invoke("merge", shard, "--ci", "bootstrap")) == message
    result = _invoke("merge", shard, second, "--ci", "wilson", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["options"]["ci"] == "wilson" and "|ci:wilson|dict:" in data["signature"]
    interval = data["systems"][0]["metrics"]["recall_ci"]
    assert interval["half_width"] is None and interval["low"] < 42 / 72 < interval["high"]


def _edited(tmp_path: Path, name: str, shard: str, edit) -> str:
    data = json.loads(Path(shard).read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_refusals_of_shards_that_differ(shards, tmp_path: Path) -> None:
    a, b = shards
    other = _shard(tmp_path, "c.json", GOLD, PRED, "--name", "other", "-d", WORDS, "--extra")
    assert _error(_invoke("merge", a, other)) == (
        f"wsscore: error: {other}: it has a system 'other' that {a} lacks (every shard must "
        "score the same systems, with the same --name)"
    )
    two = _shard(
        tmp_path,
        "d.json",
        GOLD,
        PRED,
        PRED,
        "--name",
        "pred",
        "--name",
        "x",
        "-d",
        WORDS,
        "--extra",
    )
    assert _error(_invoke("merge", two, a)) == (
        f"wsscore: error: {a}: it lacks the system 'x' of {two} (every shard must score the "
        "same systems, with the same --name)"
    )
    error = _shard(
        tmp_path,
        "e.json",
        GOLD,
        PRED,
        "--name",
        "pred",
        "-d",
        WORDS,
        "--extra",
        "--mismatch",
        "error",
    )
    assert _error(_invoke("merge", a, error)) == (
        f"wsscore: error: {error}: its signature has mismatch:error, but {a}'s has "
        "mismatch:warn (merge only shards scored with the same wsscore and options)"
    )
    beta = _shard(
        tmp_path, "f.json", GOLD, PRED, "--name", "pred", "-d", WORDS, "--extra", "--beta", "2"
    )
    assert _error(_invoke("merge", a, beta)) == (
        f"wsscore: error: {beta}: its signature has beta:2, but {a}'s has no beta field "
        "(merge only shards scored with the same wsscore and options)"
    )
    plain = _shard(tmp_path, "g.json", GOLD, PRED, "--name", "pred", "-d", WORDS)
    assert _error(_invoke("merge", a, plain)) == (
        f"wsscore: error: {plain}: system 'pred' was scored with --extra in {a} but without it "
        f"in {plain} (score every shard with --extra, or none)"
    )
    fewer = _edited(tmp_path, "h.json", b, lambda d: d["dictionary"].update(entries=29))
    assert _error(_invoke("merge", a, fewer)) == (
        f"wsscore: error: {fewer}: its dictionary has 29 entries (words), but {a}'s has 30 "
        "(words) (score every shard with the same dictionary)"
    )
    none = _shard(tmp_path, "i.json", GOLD, PRED, "--name", "pred", "--extra")
    assert _error(_invoke("merge", a, none)) == (
        f"wsscore: error: {none}: its signature has dict:none, but {a}'s has dict:words "
        "(merge only shards scored with the same wsscore and options)"
    )


def test_refusals_of_figures_that_do_not_add_up(tmp_path: Path) -> None:
    perfect = shutil.copyfile(GOLD, tmp_path / "perfect.txt")  # the gold itself is refused
    committee = _shard(tmp_path, "c.json", GOLD, PRED, "--committee", PRED, str(perfect))
    assert _error(_invoke("merge", committee)) == (
        f"wsscore: error: {committee}: difficulty-weighted figures (r_b, p_b, f_b) cannot be "
        "merged: the JSON holds their ratios, not the weighted sums (score the whole test set "
        "with --committee or --difficulty, or the shards without them)"
    )
    diff = _shard(tmp_path, "d.json", GOLD, PRED, "--match", "diff")
    assert _error(_invoke("merge", diff)) == (
        f"wsscore: error: {diff}: a report of --match diff cannot be merged: its figures come "
        "from the Perl script's own counters, which the JSON does not hold (score the whole "
        "test set with --match diff, or the shards with --match span)"
    )


def test_refusals_of_files_that_are_not_reports(shards, tmp_path: Path) -> None:
    a = shards[0]
    missing = str(tmp_path / "missing.json")
    assert _error(_invoke("merge", a, missing)) == (
        f"wsscore: error: {missing}: cannot read it: No such file or directory (check the path)"
    )
    assert _error(_invoke("merge", GOLD)) == (
        f"wsscore: error: {GOLD}:1:1: not JSON: Expecting value "
        "(give the output of `wsscore score -f json`)"
    )
    suite = _edited(tmp_path, "suite.json", a, lambda d: d.pop("systems"))
    assert _error(_invoke("merge", suite)) == (
        f"wsscore: error: {suite}: not a wsscore report: it has no key 'systems' "
        "(give the output of `wsscore score -f json`)"
    )
    wrong = _edited(
        tmp_path, "wrong.json", a, lambda d: d["systems"][0]["counts"].update(correct="21")
    )
    assert _error(_invoke("merge", wrong)) == (
        f"wsscore: error: {wrong}: not a wsscore report: the key 'systems[0].counts.correct' "
        "is not a count (give the output of `wsscore score -f json`)"
    )
    newer = _edited(tmp_path, "newer.json", a, lambda d: d.update(schema_version=2))
    assert _error(_invoke("merge", a, newer)) == (
        f"wsscore: error: {newer}: its schema_version is 2, newer than this wsscore reads (1): "
        "it was written by a newer wsscore (upgrade wsscore: pip install -U wsscore)"
    )
    twice = _edited(tmp_path, "twice.json", a, lambda d: d["systems"].append(d["systems"][0]))
    assert _error(_invoke("merge", twice)) == (
        f"wsscore: error: {twice}: it has two systems named 'pred': systems are matched by name "
        "(score the shards with a different --name for each prediction)"
    )
    array = tmp_path / "array.json"
    array.write_text("[]", encoding="utf-8")
    assert _error(_invoke("merge", str(array))) == (
        f"wsscore: error: {array}: not a wsscore report: it is not a JSON object "
        "(give the output of `wsscore score -f json`)"
    )


def test_a_tags_report_without_the_tag_sums(tmp_path: Path) -> None:
    tagged = str(FIXTURES / "formats" / "same.tagged.txt")
    shard = _shard(tmp_path, "tags.json", tagged, tagged, "--tags", "--name", "pred")
    old = _edited(
        tmp_path, "old.json", shard, lambda d: d["systems"][0]["counts"].pop("tag_gold_words")
    )
    assert _error(_invoke("merge", old)) == (
        f"wsscore: error: {old}: the tag counts of system 'pred' lack the sums a merge needs "
        "(tag_gold_words and the rest): the report was written by an older wsscore (score the "
        "shard again with this wsscore)"
    )
    result = _invoke("merge", shard, _second(tmp_path, shard), "-f", "json")
    assert result.exit_code == 0, result.output
    (system,) = json.loads(result.output)["systems"]
    assert system["metrics"]["tag_accuracy"] == 1.0
    assert system["counts"]["tag_correct"] == system["counts"]["tag_gold_words"] > 0


def test_usage_errors(shards) -> None:
    assert _error(_invoke("merge")) == (
        "wsscore: error: Missing argument 'SHARD.json...'. (see 'wsscore merge --help')"
    )
    assert _error(_invoke("merge", "-", "-", stdin="{}")) == (
        "wsscore: error: standard input ('-') can be given only once "
        "(give the other inputs as files)"
    )
    assert _error(_invoke("merge", shards[0], "-o", shards[0])) == (
        f"wsscore: error: -o {shards[0]} is the same file as the shard {shards[0]}: writing "
        "there would destroy an input (give -o another file name)"
    )


def test_an_extra_report_without_the_later_counts(shards, tmp_path: Path) -> None:
    # A --extra report written before exact_sentences, char_* and edge_* existed.
    def older(document: dict) -> None:
        counts = document["systems"][0]["counts"]
        for key in list(counts)[list(counts).index("exact_sentences") :]:
            del counts[key]

    old = _edited(tmp_path, "old.json", shards[0], older)
    assert _error(_invoke("merge", old, shards[1])) == (
        f"wsscore: error: {old}: the --extra counts of system 'pred' lack exact_sentences, "
        "char_tp and the other counts of a later wsscore: the report was written by an older "
        "wsscore (score the shard again with this wsscore)"
    )


# --- a shard given twice ----------------------------------------------------------------------


def test_one_file_given_as_two_shards_is_refused(shards, tmp_path: Path) -> None:
    # By the file, not its name: the same path, another spelling of it, a link to it.
    a = Path(shards[0])
    link = tmp_path / "link.json"
    link.symlink_to(a)
    hard = tmp_path / "hard.json"
    os.link(a, hard)
    for other in (str(a), f"{a.parent}/./{a.name}", str(link), str(hard)):
        assert _error(_invoke("merge", str(a), shards[1], other)) == (
            f"wsscore: error: {other}: it is the same file as {a}, given twice: its counts "
            "would be added twice (give each shard once)"
        )
        with pytest.raises(WsscoreError, match="given twice"):
            merge_reports([a, Path(other)])


def test_standard_input_redirected_from_a_shard_is_that_shard(shards) -> None:
    with open(shards[0], "rb") as stream:
        result = subprocess.run(
            [sys.executable, "-m", "wsscore", "merge", shards[0], "-"],
            stdin=stream, capture_output=True, text=True, check=False,
        )  # fmt: skip
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"wsscore: error: standard input: it is the same file as {shards[0]}, given twice: its "
        "counts would be added twice (give each shard once)\n"
    )


def test_a_copy_of_a_shard_is_added_with_a_warning(shards, tmp_path: Path) -> None:
    copy = tmp_path / "copy.json"
    shutil.copyfile(shards[0], copy)
    result = _invoke("merge", shards[0], str(copy), "-q")
    assert result.exit_code == 0
    assert result.stdout == f"{42 / 66:.3f}\n"  # the figures of twice the counts
    repeated = (
        f"wsscore: warning: {copy}: it holds the same report as {shards[0]}, every path and "
        "count alike; its counts are added twice (give each shard once, unless two shards of "
        "the test set are alike)"
    )
    assert result.stderr.splitlines() == [repeated, f"wsscore: warning: {TYPES_LEFT_OUT}"]
    # In Python, a Report given twice too: the warning is the report's, not printed.
    report = merge_reports([shards[0], copy])
    assert report.warnings[0] == repeated.removeprefix("wsscore: warning: ")
    twice = merge_reports([report, report])
    assert twice.warnings[-1].startswith("report 2: it holds the same report as report 1")
