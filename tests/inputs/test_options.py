"""InputOptions: one value for how every input of a run is read."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from conftest import FIXTURES

from wsscore import InputOptions, InvalidArgument, Warnings, load_dictionary, score


def test_defaults_and_the_encoding_of_each_kind_of_input() -> None:
    options = InputOptions(encoding="gbk", pred_encoding="big5")
    assert (options.for_gold, options.for_predictions, options.for_dictionary) == (
        "gbk",
        "big5",
        "gbk",
    )
    assert InputOptions().mismatch == "warn" and InputOptions().strict is False


def test_an_unknown_mismatch_policy_is_an_invalid_argument() -> None:
    with pytest.raises(InvalidArgument, match="mismatch must be one of") as caught:
        InputOptions(mismatch="maybe")
    assert isinstance(caught.value, ValueError)


def test_it_is_immutable_and_replace_makes_a_changed_copy_with_the_same_collector() -> None:
    warnings = Warnings(quiet=True)
    options = InputOptions(dictionary="w.txt", warnings=warnings)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'strict'"):
        options.strict = True  # type: ignore[misc]
    strict = options.replace(strict=True)
    assert strict.strict and not options.strict
    assert strict.dictionary == "w.txt" and strict.warnings is warnings
    with pytest.raises(InvalidArgument, match="no option colour"):
        options.replace(colour=True)


def test_a_replaced_copy_is_checked_like_a_new_one() -> None:
    with pytest.raises(InvalidArgument, match="mismatch must be one of"):
        InputOptions().replace(mismatch="sometimes")
    with pytest.raises(InvalidArgument, match="unknown input format 'xml'"):
        dataclasses.replace(InputOptions(), pred_format="xml")


def test_it_is_built_by_keyword_or_in_the_documented_order() -> None:
    by_position = InputOptions("w.txt", None, "gbk", None, None, None, "align")
    assert by_position == InputOptions(dictionary="w.txt", encoding="gbk", mismatch="align")
    assert InputOptions(warnings=None).warnings.quiet  # None: the quiet default collector


def test_it_survives_pickling_for_worker_processes_and_is_not_hashable() -> None:
    options = InputOptions(dictionary=["w.txt"], encoding="gbk", strict=True)
    copied = pickle.loads(pickle.dumps(options))
    assert copied == options and copied.warnings.strict == options.warnings.strict
    with pytest.raises(TypeError, match="unhashable"):
        hash(options)


def test_equality_is_about_how_inputs_are_read_not_where_warnings_go() -> None:
    assert InputOptions(encoding="gbk") == InputOptions(encoding="gbk", warnings=Warnings())
    assert InputOptions(encoding="gbk") != InputOptions(encoding="big5")
    assert "encoding='gbk'" in repr(InputOptions(encoding="gbk"))


def test_paths_given_as_a_generator_are_listed_once() -> None:
    words = str(FIXTURES / "words.txt")
    options = InputOptions(dictionary=(path for path in [words]))
    assert options.dictionary == [words]
    assert options.dictionary_paths() == [words] == options.word_list_paths()
    assert len(options.load_dictionary()) == len(options.load_dictionary()) == 30


def test_a_word_list_and_a_training_corpus_are_joined() -> None:
    words, gold = FIXTURES / "words.txt", FIXTURES / "gold.txt"
    joined = InputOptions(dictionary=words, train=gold).load_dictionary()
    listed = load_dictionary(words)
    trained = load_dictionary(train=gold)
    assert joined is not None and listed is not None and trained is not None
    assert joined.entries == listed.entries | trained.entries
    assert joined.source == "words+train"
    # A loaded Dictionary or a set joins a training corpus too (it used to drop it).
    assert InputOptions(dictionary={"结婚"}, train=gold).load_dictionary().entries == (
        {"结婚"} | trained.entries
    )


def test_one_options_value_serves_several_runs_each_with_its_own_warnings() -> None:
    # The prediction's second line differs from the gold's: one warning in each run.
    options = InputOptions(mismatch="align")
    gold, pred = ["甲 乙", "丙 丁"], ["甲 乙", "丙 戊"]
    first = score(gold, [pred], inputs=options)
    second = score(gold, [pred], inputs=options)
    assert len(first.warnings) == len(second.warnings) == 1
    assert len(options.warnings.messages) == 2


def test_the_command_line_offers_every_input_format() -> None:
    # The options module lists them without importing the readers (start-up time).
    from wsscore.cli.options import FORMAT_CHOICES
    from wsscore.inputs.formatted import FORMAT_CHOICES as KNOWN

    assert FORMAT_CHOICES == KNOWN


def test_formats_are_checked_and_apply_per_side() -> None:
    options = InputOptions(input_format="conllu", pred_format="words")
    assert (options.gold_format_used, options.pred_format_used) == ("conllu", "words")
    with pytest.raises(InvalidArgument, match="unknown input format 'xml'"):
        InputOptions(gold_format="xml")
    with pytest.raises(InvalidArgument, match="one character"):
        InputOptions(tag_sep="//")
