"""The unit of a run through the Python API: ``score(unit=...)`` and ``InputOptions(unit=...)``
reach ``OpenedInputs.unit``, the report's settings, its JSON and its signature; the
conventions' units; merging; the manifest's key; and every refusal, word for word, in the API's
terms. No figure is counted in units yet: the tests check where the unit goes, and that the
default changes nothing."""

from __future__ import annotations

import io
import json

import pytest
from conftest import FIXTURES

from wsscore import InputOptions, InvalidArgument, Scorer, WsscoreError, merge_reports, score
from wsscore._version import __version__
from wsscore.api_terms import API_ARGUMENTS
from wsscore.cli.options import UNIT_CHOICES
from wsscore.core.definitions import UNITS
from wsscore.core.units import UNICODE_VERSION
from wsscore.errors import Warnings
from wsscore.inputs.manifest import SETTINGS, load_manifest
from wsscore.metrics.conventions import (
    CONVENTIONS,
    THAI_UNIT,
    UNIT_WORDS,
    unit_for,
    warn_of_unit,
)
from wsscore.metrics.settings import ReportSettings, Statistics
from wsscore.scoring.opened import open_inputs, unit_of
from wsscore.sighan.by_diff import score_by_diff
from wsscore.sighan.exact import write_sighan
from wsscore.signature import SignedInputs, signature, unit_field

GOLD_LINES = ["中国 人民 站 起来 了", "我 爱 你"]
PRED_LINES = ["中国人 民 站 起来 了", "我 爱 你"]
VLSP_GOLD = FIXTURES / "vietnamese" / "gold.vlsp.txt"
VLSP_PRED = FIXTURES / "vietnamese" / "pyvi.vlsp.txt"
GRAPHEME_FIELD = f"unit:grapheme@{UNICODE_VERSION}"


def test_every_layer_names_the_same_units():
    assert UNITS == ("char", "grapheme", "syllable")
    assert UNIT_CHOICES == UNITS
    assert API_ARGUMENTS["--unit"].choices == UNITS
    assert SETTINGS["unit"][0] == "unit"
    assert set(UNIT_WORDS) == set(UNITS)


def test_the_default_unit_is_char_and_unsigned():
    report = score(GOLD_LINES, PRED_LINES)
    assert report.settings.unit == "char"
    assert report.as_dict()["options"]["unit"] == "char"
    assert "unit:" not in report.signature


@pytest.mark.parametrize("how", ["score", "InputOptions"])
def test_a_unit_given_reaches_the_settings_json_and_signature(how):
    plain = score(GOLD_LINES, PRED_LINES)
    if how == "score":
        report = score(GOLD_LINES, PRED_LINES, unit="grapheme")
    else:
        report = score(GOLD_LINES, PRED_LINES, inputs=InputOptions(unit="grapheme"))
    assert report.settings.unit == "grapheme"
    assert report.as_dict()["options"]["unit"] == "grapheme"
    assert report.signature == f"{plain.signature}|{GRAPHEME_FIELD}"
    # The word figures never depend on the unit.
    assert report.systems[0].counts == plain.systems[0].counts


@pytest.mark.parametrize(
    ("given", "gold_format", "unit"),
    [
        (None, "words", "char"),
        (None, "vlsp", "syllable"),
        (None, "conllu", "char"),
        ("char", "vlsp", "char"),
        ("grapheme", "best", "grapheme"),
        ("syllable", "conllu", "syllable"),
    ],
)
def test_opened_inputs_resolve_the_unit(given, gold_format, unit):
    assert unit_of(given, gold_format, "gold") == unit


def test_opened_inputs_hold_the_unit_of_the_gold_file():
    opened = open_inputs(VLSP_GOLD, [VLSP_PRED], InputOptions(), None, None, None)
    try:
        assert opened.unit == "syllable"
    finally:
        opened.close()
    opened = open_inputs(VLSP_GOLD, [VLSP_PRED], InputOptions(unit="grapheme"), None, None, None)
    try:
        assert opened.unit == "grapheme"
    finally:
        opened.close()


def test_syllables_are_refused_for_a_gold_without_them_in_api_terms():
    with pytest.raises(WsscoreError) as refused:
        score(GOLD_LINES, PRED_LINES, unit="syllable")
    assert str(refused.value) == (
        'score(unit="syllable") needs the gold\'s syllables, and <gold> is read as words, which '
        "has none (give the gold in vlsp (Hà_Nội) or CoNLL-U with spaces in its FORMs, or use "
        'score(unit="char"))'
    )
    # score() takes the unit itself: its messages name score()'s argument.
    with pytest.raises(WsscoreError, match=r'^score\(unit="syllable"\) needs the gold'):
        score(GOLD_LINES, PRED_LINES, inputs=InputOptions(unit="syllable"))


def test_an_unknown_unit_is_an_invalid_argument():
    for call in (
        lambda: InputOptions(unit="graphemes"),
        lambda: score(GOLD_LINES, PRED_LINES, unit="graphemes"),
    ):
        with pytest.raises(InvalidArgument) as refused:
            call()
        assert str(refused.value) == (
            "unknown unit 'graphemes' (choose one of char, grapheme, syllable)"
        )


def test_a_unit_given_twice_must_agree():
    with pytest.raises(InvalidArgument) as refused:
        score(GOLD_LINES, PRED_LINES, unit="char", inputs=InputOptions(unit="grapheme"))
    assert str(refused.value) == (
        "unit is given twice, unit='char' and InputOptions(unit='grapheme') (give it once)"
    )
    agreed = score(GOLD_LINES, PRED_LINES, unit="grapheme", inputs=InputOptions(unit="grapheme"))
    assert agreed.settings.unit == "grapheme"


def test_the_diff_alignment_and_the_sighan_layout_refuse_other_units():
    gold, pred = str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt")
    with pytest.raises(InvalidArgument) as refused:
        score_by_diff(gold, [pred], inputs=InputOptions(unit="grapheme"))
    assert str(refused.value) == (
        'InputOptions(unit="grapheme") does not apply to score_by_diff() (the Perl script\'s '
        "diff alignment counts words, and no unit changes a word: leave "
        "InputOptions(unit=...) out, or use score())"
    )
    with pytest.raises(InvalidArgument, match=r"^--unit syllable does not apply to wsscore si"):
        write_sighan(gold, pred, io.BytesIO(), inputs=InputOptions(unit="syllable"))


def test_each_convention_has_its_unit_and_an_explicit_one_wins():
    assert THAI_UNIT == "char"
    assert {name: c.unit for name, c in CONVENTIONS.items()} == dict.fromkeys(CONVENTIONS, "char")
    assert unit_for(None, "thai") == "char"
    assert unit_for("grapheme", "thai") == "grapheme"
    assert unit_for(None, None) is None
    report = score(VLSP_GOLD, [VLSP_PRED], conventions="japanese")
    assert report.settings.unit == "char"  # the convention's, not the vlsp gold's


def test_a_unit_other_than_the_conventions_is_warned_of():
    warnings = Warnings(quiet=True)
    for conventions, unit in (("thai", "char"), (None, "grapheme"), ("sighan", "grapheme")):
        warn_of_unit(conventions, unit, warnings)
    assert warnings.messages == []  # its own unit; none; a convention of words only
    warn_of_unit("ud", "syllable", warnings)
    assert warnings.messages == [
        "--conventions ud with --unit syllable: its character-level and boundary figures count "
        "syllables, where conll18_ud_eval.py counts code points: they are no longer that "
        "scorer's (use --unit char for them)"
    ]
    report = score(GOLD_LINES, PRED_LINES, conventions="thai", unit="grapheme")
    assert report.warnings == [
        'score(conventions="thai") with score(unit="grapheme"): its character-level and '
        "boundary figures count grapheme clusters, where PyThaiNLP's "
        "benchmarks.word_tokenization counts code points: they are no longer that scorer's "
        '(use score(unit="char") for them)'
    ]


def test_the_signature_field_of_each_unit():
    assert unit_field("char") is None
    assert unit_field("syllable") == "unit:syllable"
    assert unit_field("grapheme") == GRAPHEME_FIELD
    inputs = SignedInputs(None, "utf-8", ["utf-8"])
    plain = ReportSettings("span", Statistics(), "warn", conventions="thai")
    assert signature(plain, inputs) == (
        f"wsscore:{__version__}|match:span|ci:bakeoff|dict:none|enc:gold=utf-8,pred=utf-8"
        "|mismatch:warn|conv:thai"
    )
    syllable = ReportSettings("span", Statistics(), "warn", conventions="thai", unit="syllable")
    # Before the convention, which stays last (where a merge's --conventions puts it).
    assert signature(syllable, inputs) == signature(plain, inputs).replace(
        "|conv:thai", "|unit:syllable|conv:thai"
    )


def test_merging_keeps_the_unit_and_reads_old_reports_as_char():
    shard = score(GOLD_LINES, PRED_LINES, unit="grapheme")
    merged = merge_reports([shard, shard])
    assert merged.settings.unit == "grapheme"
    assert merged.as_dict()["options"]["unit"] == "grapheme"
    assert merged.signature.endswith(GRAPHEME_FIELD)
    old = json.loads(json.dumps(score(GOLD_LINES, PRED_LINES).as_dict()))
    del old["options"]["unit"]  # a report written before units existed
    assert merge_reports([old, old]).settings.unit == "char"


def test_merging_refuses_shards_of_other_units_and_a_unit_it_does_not_know():
    char = score(GOLD_LINES, PRED_LINES)
    grapheme = score(GOLD_LINES, PRED_LINES, unit="grapheme")
    with pytest.raises(WsscoreError) as refused:
        merge_reports([char, grapheme])
    assert str(refused.value) == (
        f"report 2: its signature has {GRAPHEME_FIELD}, but report 1's has no unit field "
        "(merge only shards scored with the same wsscore and options)"
    )
    odd = json.loads(json.dumps(char.as_dict()))
    odd["options"]["unit"] = "word"
    with pytest.raises(WsscoreError) as refused:
        merge_reports([odd])
    assert str(refused.value) == (
        "shard 1: not a wsscore report: the key 'options.unit' is 'word', not one of char, "
        "grapheme, syllable (give the output of `wsscore score -f json`)"
    )


def test_the_accumulator_counts_in_characters():
    scorer = Scorer()
    scorer.update(GOLD_LINES, PRED_LINES)
    report = scorer.report()
    assert report.settings.unit == "char"
    assert report.as_dict()["options"]["unit"] == "char"


def test_a_manifest_corpus_takes_a_unit(tmp_path):
    (tmp_path / "gold.txt").write_text("中国 人民\n", "utf-8")
    (tmp_path / "a.txt").write_text("中国 人民\n", "utf-8")
    (tmp_path / "suite.toml").write_text(
        "[defaults]\nunit = 'grapheme'\n[corpora.zh]\ngold = 'gold.txt'\n"
        "[corpora.vi]\ngold = 'gold.txt'\nunit = 'syllable'\n[systems]\na = 'a.txt'\n",
        "utf-8",
    )
    manifest = load_manifest(str(tmp_path / "suite.toml"))
    units = {corpus.name: corpus.settings.get("unit") for corpus in manifest.corpora}
    assert units == {"zh": "grapheme", "vi": "syllable"}
    assert manifest.corpora[0].inputs(InputOptions(unit="char")).unit == "grapheme"
