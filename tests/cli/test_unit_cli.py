"""``--unit`` on the command line: the commands that take it, what the report records (the
JSON's ``options.unit``, the signature's ``unit:`` field), the manifest's key, and the
refusals as one line with exit status 2. No figure is counted in units yet (the counting comes
apart), so these tests check that the unit reaches the report and that ``--unit char`` leaves
every output as it was."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

import pytest
from conftest import FIXTURES, refused_in_one_line, run_wsscore

from wsscore.core.units import UNICODE_VERSION

GOLD, PRED, WORDS = FIXTURES / "gold.txt", FIXTURES / "pred.txt", FIXTURES / "words.txt"
VIETNAMESE = FIXTURES / "vietnamese"
VLSP_GOLD, VLSP_PRED = VIETNAMESE / "gold.vlsp.txt", VIETNAMESE / "pyvi.vlsp.txt"
GRAPHEME_FIELD = f"|unit:grapheme@{UNICODE_VERSION}"
NO_SYLLABLES = (
    "--unit syllable needs the gold's syllables, and {gold} is read as words, which has none "
    "(give the gold in vlsp (Hà_Nội) or CoNLL-U with spaces in its FORMs, or use --unit char)"
)


def _json(*args: object) -> dict:
    done = run_wsscore(*args, "-f", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("fmt", ["json", "text", "markdown", "tsv"])
def test_unit_char_is_the_default_byte_for_byte(fmt):
    plain = run_wsscore("score", GOLD, PRED, "--extra", "-f", fmt)
    char = run_wsscore("score", GOLD, PRED, "--extra", "-f", fmt, "--unit", "char")
    assert plain.returncode == char.returncode == 0
    assert char.stdout == plain.stdout and char.stderr == plain.stderr
    assert "unit:" not in plain.stdout


def test_score_records_the_unit_in_the_json_and_the_signature():
    plain = _json("score", GOLD, PRED)
    grapheme = _json("score", GOLD, PRED, "--unit", "grapheme")
    assert plain["options"]["unit"] == "char"
    assert grapheme["options"]["unit"] == "grapheme"
    assert grapheme["signature"] == plain["signature"] + GRAPHEME_FIELD
    # No figure is counted in units yet; the words never are.
    assert grapheme["systems"] == plain["systems"]


def test_a_vlsp_gold_counts_in_syllables_unless_told():
    default = _json("score", VLSP_GOLD, VLSP_PRED)
    assert default["options"]["unit"] == "syllable"
    assert default["signature"].endswith("|mismatch:warn|unit:syllable")
    char = _json("score", VLSP_GOLD, VLSP_PRED, "--unit", "char")
    assert char["options"]["unit"] == "char"
    assert char["signature"] == default["signature"].removesuffix("|unit:syllable")


@pytest.mark.parametrize(
    ("command", "extra"), [("compare", [PRED, GOLD]), ("errors", [PRED])], ids=["compare", "errors"]
)
def test_compare_and_errors_record_the_unit(command, extra):
    plain = _json(command, GOLD, *extra)
    grapheme = _json(command, GOLD, *extra, "--unit", "grapheme")
    assert plain["options"]["unit"] == "char" and grapheme["options"]["unit"] == "grapheme"
    assert "unit:" not in plain["signature"]
    # The unit where score() writes it, before what compare adds (test:, seed:).
    assert grapheme["signature"].startswith(plain["signature"].split("|test:")[0] + GRAPHEME_FIELD)


def test_report_page_signs_the_unit(tmp_path):
    page = tmp_path / "page.html"
    done = run_wsscore("report", GOLD, PRED, "--unit", "grapheme", "-o", page)
    assert done.returncode == 0, done.stderr
    assert GRAPHEME_FIELD.lstrip("|") in page.read_text("utf-8")


def test_the_thai_convention_warns_when_the_unit_is_not_its_own():
    done = run_wsscore(
        "score", GOLD, PRED, "--conventions", "thai", "--unit", "grapheme", "-f", "json"
    )
    assert done.returncode == 0, done.stderr
    warning = (
        "--conventions thai with --unit grapheme: its character-level and boundary figures "
        "count grapheme clusters, where PyThaiNLP's benchmarks.word_tokenization counts code "
        "points: they are no longer that scorer's (use --unit char for them)"
    )
    assert done.stderr == f"wsscore: warning: {warning}\n"
    document = json.loads(done.stdout)
    assert document["warnings"] == [warning]
    assert document["signature"].endswith(GRAPHEME_FIELD + "|conv:thai")
    # Its own unit: no warning.
    quiet = run_wsscore("score", GOLD, PRED, "--conventions", "thai", "--unit", "char")
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_a_convention_sets_its_unit_over_the_gold_formats():
    document = _json("score", VLSP_GOLD, VLSP_PRED, "--conventions", "thai")
    assert document["options"]["unit"] == "char"
    assert "unit:" not in document["signature"]
    asked = _json("score", VLSP_GOLD, VLSP_PRED, "--conventions", "ud", "--unit", "syllable")
    assert asked["options"]["unit"] == "syllable"  # an explicit --unit always wins


def test_an_unknown_unit_isrefused_in_one_line():
    line = refused_in_one_line("score", GOLD, PRED, "--unit", "graphemes")
    assert line == (
        "wsscore: error: Invalid value for '--unit': 'graphemes' is not one of 'char', "
        "'grapheme', 'syllable'. (see 'wsscore score --help')"
    )


@pytest.mark.parametrize("command", ["score", "report", "errors"])
def test_syllables_of_a_gold_without_them_arerefused_in_one_line(command, tmp_path):
    line = refused_in_one_line(command, GOLD, PRED, "--unit", "syllable", "-o", tmp_path / "out")
    assert line == "wsscore: error: " + NO_SYLLABLES.format(gold=GOLD)


def test_match_diff_and_sighan_refuse_a_unit_they_cannot_count_in():
    line = refused_in_one_line("score", GOLD, PRED, "--match", "diff", "--unit", "grapheme")
    assert line == (
        "wsscore: error: --unit grapheme does not apply to --match diff (the Perl script's diff "
        "alignment counts words, and no unit changes a word: leave --unit out, or use --match "
        "span)"
    )
    line = refused_in_one_line("sighan", WORDS, GOLD, PRED, "--unit", "syllable")
    assert line == (
        "wsscore: error: --unit syllable does not apply to wsscore sighan (the Perl script's "
        "figures count words, and no unit changes a word: leave --unit out)"
    )
    plain = run_wsscore("sighan", WORDS, GOLD, PRED)
    assert run_wsscore("sighan", WORDS, GOLD, PRED, "--unit", "char").stdout == plain.stdout


def test_difficulty_takes_no_unit():
    line = refused_in_one_line("difficulty", GOLD, PRED, GOLD, "--unit", "char")
    assert line == "wsscore: error: No such option '--unit'. (see 'wsscore difficulty --help')"


def test_merge_keeps_the_unit_and_refuses_shards_of_another(tmp_path):
    char, grapheme, other = (tmp_path / f"{n}.json" for n in ("char", "grapheme", "other"))
    for path, unit in ((char, "char"), (grapheme, "grapheme"), (other, "grapheme")):
        done = run_wsscore("score", GOLD, PRED, "--unit", unit, "-f", "json", "-o", path)
        assert done.returncode == 0, done.stderr
    merged = _json("merge", grapheme, other)
    assert merged["options"]["unit"] == "grapheme"
    assert merged["signature"].endswith(GRAPHEME_FIELD)
    line = refused_in_one_line("merge", char, grapheme)
    assert line == (
        f"wsscore: error: {grapheme}: its signature has unit:grapheme@{UNICODE_VERSION}, but "
        f"{char}'s has no unit field (merge only shards scored with the same wsscore and "
        "options)"
    )


def _suite_tree(tmp_path: Path, corpus_unit: str = "") -> Path:
    for source in (GOLD, PRED, VLSP_GOLD, VLSP_PRED):
        shutil.copy(source, tmp_path / source.name)
    (tmp_path / "suite.toml").write_text(
        "[corpora.vi]\ngold = 'gold.vlsp.txt'\n"
        f"[corpora.zh]\ngold = 'gold.txt'\n{corpus_unit}\n"
        "[systems]\na = { vi = 'pyvi.vlsp.txt', zh = 'pred.txt' }\n",
        "utf-8",
    )
    return tmp_path / "suite.toml"


def _corpus_units(document: dict) -> dict[str, str]:
    return {corpus["name"]: corpus["signature"] for corpus in document["corpora"]}


def test_suite_takes_the_option_and_each_corpus_its_own(tmp_path):
    manifest = _suite_tree(tmp_path, "unit = 'grapheme'")
    signatures = _corpus_units(_json("suite", manifest))
    assert signatures["vi"].endswith("|unit:syllable")  # the vlsp gold's own
    assert signatures["zh"].endswith(GRAPHEME_FIELD)  # the manifest's
    told = _corpus_units(_json("suite", manifest, "--unit", "char"))
    assert "unit:" not in told["vi"]  # the option sets every corpus ...
    assert told["zh"].endswith(GRAPHEME_FIELD)  # ... but the one that sets its own


def test_suite_names_the_corpus_without_syllables(tmp_path):
    manifest = _suite_tree(tmp_path, "unit = 'syllable'")
    line = refused_in_one_line("suite", manifest)
    gold = tmp_path / "gold.txt"
    assert line == "wsscore: error: corpus zh: " + NO_SYLLABLES.format(gold=gold)


def test_suite_refuses_an_unknown_unit_in_the_manifest(tmp_path):
    manifest = _suite_tree(tmp_path, "unit = 'graph'")
    line = refused_in_one_line("suite", manifest)
    assert line == (
        f"wsscore: error: {manifest}: corpora.zh.unit: expected one of char, grapheme, "
        "syllable, not 'graph' (did you mean 'grapheme'?)"
    )


def test_help_says_what_the_unit_changes():
    done = run_wsscore("score", "--help")
    text = " ".join(done.stdout.split())
    assert "--unit [char|grapheme|syllable]" in text
    assert "never P, R or F [default: syllable for a vlsp gold, else char" in text


def test_the_unit_reaches_the_counts_end_to_end():
    """Thai with --extra: newmm never cuts inside a grapheme cluster (unit_cuts 0), so in
    clusters each code point that joins the one before it (a combining vowel or tone mark, of
    category Mn or Mc, or SARA AM, a SpacingMark though its category is Lo) is one position
    fewer that is not a word start: char_tn drops by their number, the other counts stay."""
    gold, pred = FIXTURES / "thai" / "gold.best.txt", FIXTURES / "thai" / "newmm.best.txt"
    text = gold.read_text("utf-8")
    joining = sum(unicodedata.category(c) in ("Mn", "Mc") or c == "\u0e33" for c in text)
    char = _json("score", gold, pred, "--extra")["systems"][0]["counts"]
    grapheme = _json("score", gold, pred, "--extra", "--unit", "grapheme")["systems"][0]
    counts = grapheme["counts"]
    assert joining == 276
    assert counts["unit_cuts"] == 0
    assert char["char_tn"] - counts["char_tn"] == joining
    for key in ("char_tp", "char_fp", "char_fn", "correct", "gold_words", "pred_words"):
        assert counts[key] == char[key], key
