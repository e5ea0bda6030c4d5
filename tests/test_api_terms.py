"""Messages raised through the Python API name API arguments, not the command line's flags.

One table (wsscore.api_terms.API_ARGUMENTS) says which argument each flag stands for: it must
cover every option of every command that has an API argument, every flag a message of the
library may name, and a representative set of errors must read, word for word, in API terms,
while the command line keeps its flags.
"""

from __future__ import annotations

import ast
import inspect
import io
import re

import click
import pytest
from click.testing import CliRunner
from conftest import FIXTURES, ROOT
from hypothesis import example, given
from hypothesis import strategies as st

from wsscore import (
    InputOptions,
    InvalidArgument,
    Warnings,
    WsscoreError,
    analyse,
    compare,
    load_dictionary,
    score,
    score_by_diff,
)
from wsscore.api_terms import (
    API_ARGUMENTS,
    INPUT_OPTIONS,
    MATCH_FLAG,
    ApiTerms,
    Value,
    api_terms_for,
    command_line_terms,
    in_api_terms,
)
from wsscore.cli.group import cli
from wsscore.errors import in_current_terms
from wsscore.scoring.scorer import READING_FIELDS

GOLD, PRED = FIXTURES / "gold.txt", FIXTURES / "pred.txt"

# The command line's own options: what the output looks like, or what the commands that have
# no Python API (convert, segment, suite, report) read. None of them stands for an argument.
CLI_ONLY = {
    "-f",
    "--format",
    "-o",
    "--output",
    "-q",
    "--quiet",
    "--caption",
    "--plot",
    "--fail-under",
    "--previous",
    "--max-drop",
    "--digits",
    "--debug",
    "--title",
    "--max-sentences",
    "--to",
    "--from",
    "--output-encoding",
    "--from-gold",
    "--text-encoding",
    "--metrics",
    "--allow-missing",
}
# Flags that messages of the library name but only the command line can raise (the suite's,
# the output's, convert's); and what other programs take: diff's "--version" and "-y", the
# shell's "ulimit -n".
CLI_ONLY_IN_MESSAGES = CLI_ONLY | {"--version", "-y", "-n"}

ENTRY_POINTS = {
    "InputOptions": [field for field in inspect.signature(InputOptions).parameters],
    "score": list(inspect.signature(score).parameters),
    "compare": list(inspect.signature(compare).parameters),
    "analyse": list(inspect.signature(analyse).parameters),
}


def _commands() -> list[click.Command]:
    context = click.Context(cli)
    return [cli.get_command(context, name) for name in cli.list_commands(context)]  # type: ignore[misc]


def _options() -> list[tuple[str, click.Option]]:
    return [
        (command.name or "", param)
        for command in _commands()
        for param in command.params
        if isinstance(param, click.Option)
    ]


# --- the table ----------------------------------------------------------------------------------


def test_every_option_of_every_command_is_in_the_table_or_the_command_lines_own():
    for command, option in _options():
        for flag in option.opts:
            assert flag in API_ARGUMENTS or flag == MATCH_FLAG or flag in CLI_ONLY, (command, flag)


def test_every_option_named_like_an_api_argument_is_in_the_table():
    arguments = {name for names in ENTRY_POINTS.values() for name in names}
    for command, option in _options():
        if option.name in arguments and command != "suite":  # suite's --baseline names a system
            assert any(flag in API_ARGUMENTS for flag in option.opts), (command, option.opts)


def test_every_argument_of_the_table_exists_where_it_says():
    for flag, argument in API_ARGUMENTS.items():
        assert argument.name in ENTRY_POINTS[argument.owner], flag


def test_the_choices_of_the_table_are_the_command_lines():
    for command, option in _options():
        choices = getattr(option.type, "choices", None)
        argument = API_ARGUMENTS.get(option.opts[-1])
        if choices is None or argument is None or command == "suite":
            continue
        assert argument.value is Value.CHOICE, option.opts
        assert set(argument.choices) == set(choices), option.opts


def _message_strings() -> list[tuple[str, str]]:
    """Every string the library's code holds outside the command line, docstrings aside."""
    found = []
    for path in sorted((ROOT / "wsscore").rglob("*.py")):
        if "cli" in path.relative_to(ROOT / "wsscore").parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and id(node) not in docstrings:
                found.append((path.name, node.value))
    return found


FLAG = re.compile(r"(?<![\w-])(-[a-z](?![\w-])|--[a-z][a-z-]*)")


def test_every_flag_a_message_of_the_library_names_is_in_the_table():
    for module, text in _message_strings():
        if module in ("report_page.py", "api_terms.py"):  # HTML comments; the table itself
            continue
        for flag in FLAG.findall(text):
            known = flag in API_ARGUMENTS or flag == MATCH_FLAG or flag in CLI_ONLY_IN_MESSAGES
            assert known, (module, flag, text)


# --- saying flags as arguments ------------------------------------------------------------------

# As score() says them: its InputOptions fields (dictionary=, mismatch=, ...) as InputOptions'.
SCORE = ApiTerms(
    "score", frozenset(inspect.signature(score).parameters) - frozenset(READING_FIELDS), {}
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("--mismatch align scores it", 'InputOptions(mismatch="align") scores it'),
        ("--mismatch sometimes", "InputOptions(mismatch=...) sometimes"),
        ("give --gold-encoding gbk for it", 'give InputOptions(gold_encoding="gbk") for it'),
        (
            "check --dict-encoding and --gold-encoding",
            "check InputOptions(dict_encoding=...) and InputOptions(gold_encoding=...)",
        ),
        ("give --pred-word-sep ' / '; then", 'give InputOptions(pred_word_sep=" / "); then'),
        ("give --word-sep /; then", 'give InputOptions(word_sep="/"); then'),
        (
            "(or --gold-word-sep, --pred-word-sep)",
            "(or InputOptions(gold_word_sep=...), InputOptions(pred_word_sep=...))",
        ),
        (
            "give it with -d/--dict or --train",
            "give it with InputOptions(dictionary=...) or InputOptions(train=...)",
        ),
        ("drop --strict to keep", "drop InputOptions(strict=True) to keep"),
        ("one --name per prediction", "one score(names=[...]) per prediction"),
        ("--samples 200 draws", "score(samples=200) draws"),
        ("a lower -j needs fewer", "a lower score(jobs=...) needs fewer"),
        ("use --match span, which", "use score(), which"),
        ("--match diff reads files", "score_by_diff() reads files"),
        ("--trials", "compare(trials=...)"),
        ("--plot needs matplotlib", "--plot needs matplotlib"),
        ("standard input ('-') and B-NN, pos-tag", "standard input ('-') and B-NN, pos-tag"),
        ("a file /tmp/--dict.txt, text '--strict'", "a file /tmp/--dict.txt, text '--strict'"),
        (
            "(--gold-format/--pred-format)",
            "(InputOptions(gold_format=...)/InputOptions(pred_format=...))",
        ),
    ],
)
def test_flags_are_said_as_the_arguments_they_stand_for(text, said):
    assert SCORE.say(text) == said


def test_an_entry_point_names_its_own_arguments_under_its_own_names():
    terms = ApiTerms(
        "load_dictionary", frozenset({"train", "encoding"}), {"dict_encoding": "encoding"}
    )
    said = terms.say("check --dict-encoding, or use --train; --gold-encoding")
    assert said == (
        "check load_dictionary(encoding=...), or use load_dictionary(train=...); "
        "InputOptions(gold_encoding=...)"
    )


words = st.text(alphabet="abcz 的,;()'/", max_size=8)
flags = st.sampled_from([*sorted(API_ARGUMENTS), MATCH_FLAG])
values = st.sampled_from(["", " align", " gbk", " ' / '", " 12", " and", " diff", " span"])


@given(st.lists(st.tuples(words, flags, values), max_size=6), words)
@example([("", "--baseline", ""), ("'", "--baseline", "")], "'")  # a flag within quotes
@example([("", "--tag-sep", ""), ("'", "--baseline", "")], "'")  # a flag as a text's value
def test_no_flag_of_the_table_survives_and_saying_twice_changes_nothing(parts, tail):
    text = "".join(f"{before} {flag}{value} " for before, flag, value in parts) + tail
    said = SCORE.say(text)
    # A text argument's value is the user's own text, kept as it is inside its Python string
    # (`InputOptions(tag_sep=" --baseline ")`): only the words outside such values are looked at.
    outside_values = re.sub(r'=("(?:[^"\\]|\\.)*")', '=""', said)
    assert FLAG.findall(outside_values) == []
    assert SCORE.say(said) == said


@given(st.text(alphabet=st.characters(blacklist_characters="-")))
def test_text_without_flags_is_left_as_it_is(text):
    assert SCORE.say(text) == text


# --- through the API: word for word -------------------------------------------------------------


def _raised(call) -> str:
    with pytest.raises(WsscoreError) as caught:
        call()
    text = str(caught.value)
    assert "--" not in text, text
    return text


def test_mismatched_lines_name_the_mismatch_argument():
    text = _raised(lambda: score(["共同 创造"], ["共同 创造 了"]))
    assert text == (
        "<prediction 1>: the prediction is not a segmentation of this gold (check that both "
        'files hold the same text; score(mismatch="align") scores it anyway)\n'
        "  1 of 1 sentences (1 characters) differ; first: the gold has ended (after line 1), "
        "prediction line 1 col 7 has '了'; the gold has 1 lines, the prediction 1"
    )


def test_a_count_of_names_names_the_names_argument():
    assert _raised(lambda: score(GOLD, [PRED, PRED], names=["a"])) == (
        "1 name(s) for 2 prediction(s) "
        "(score(names=[...]) labels the predictions in order: give one per prediction)"
    )
    assert "compare(names=[...])" in _raised(lambda: compare(GOLD, PRED, [PRED], names=["a"]))
    assert _raised(lambda: analyse(GOLD, PRED, name="a\tb")) == (
        "analyse(name=...) 'a\\tb' holds a tab "
        "(a label is one line of text: remove the tab or line break)"
    )


def test_committee_and_difficulty_name_the_arguments():
    with pytest.raises(InvalidArgument) as caught:
        score(GOLD, [PRED], committee=[PRED, PRED], difficulty=PRED)
    assert str(caught.value) == (
        "give either a committee or a difficulty file, not both "
        "(score(difficulty=...) reuses the difficulties a committee gave before)"
    )


def test_a_wrong_encoding_names_the_encoding_arguments(tmp_path):
    gold = tmp_path / "gold.txt"
    gold.write_bytes("共同 创造\n".encode("gbk"))
    text = _raised(lambda: score(gold, [gold], inputs=InputOptions(gold_encoding="utf-8")))
    assert text == (
        f"{gold}:1:1: byte 0xB9 is not valid utf-8; the file reads as gbk "
        '(give InputOptions(gold_encoding="gbk") for it, or neither score(encoding=...) '
        "nor InputOptions(gold_encoding=...) to detect each file's)"
    )


def test_strict_names_the_strict_argument(tmp_path):
    gold = tmp_path / "gold.txt"
    gold.write_bytes(b"ab \xff\n")
    inputs = InputOptions(encoding="utf-8", strict=True)
    assert _raised(lambda: score(gold, [gold], inputs=inputs)) == (
        f"{gold}:1:4: byte 0xFF is not valid utf-8 (give the right "
        "InputOptions(gold_encoding=...), or drop InputOptions(strict=True) to keep such bytes)"
    )


def test_a_wrong_format_names_the_format_arguments():
    text = _raised(lambda: score(GOLD, [PRED], tags=True))
    assert text == (
        f"{GOLD}: score(tags=True) needs tags, and the gold carries none (read as words) "
        "(give a tagged file (word/TAG, chars with B-TAG labels, CoNLL-U, jsonl with tags, MeCab, "
        "KyTea), or "
        "InputOptions(gold_format=...)/InputOptions(pred_format=...) if its format was "
        "detected wrongly)"
    )


def test_the_baseline_row_names_the_dictionary_arguments():
    assert _raised(lambda: score(GOLD, [PRED], baseline=True)) == (
        "score(baseline=True) needs the training dictionary "
        "(give it with score(dictionary=...) or InputOptions(train=...))"
    )


def test_score_by_diff_names_score_for_what_it_cannot_do():
    assert _raised(lambda: score_by_diff("-", [str(PRED)])) == (
        "score_by_diff() reads files, not standard input ('-') (save the input to a file first)"
    )


def test_a_coverage_warning_names_the_train_argument_where_it_is_kept_and_printed():
    stream = io.StringIO()
    inputs = InputOptions(dictionary={"共同", "创造"}, warnings=Warnings(stream=stream))
    report = score(["共同 创造"] * 50, ["共同 创造"] * 50, inputs=inputs)
    warning = (
        "every gold word is in the dictionary: was it built from the gold itself? "
        "OOV figures are meaningless then "
        "(use the training word list, or InputOptions(train=...) with the training corpus)"
    )
    assert report.warnings == [warning] and inputs.warnings.messages == [warning]
    assert stream.getvalue() == f"wsscore: warning: {warning}\n"


def test_a_dictionary_that_covers_no_gold_word_names_the_encoding_arguments():
    report = score(["共同 创造"] * 50, ["共同 创造"] * 50, inputs=InputOptions(dictionary={"天"}))
    assert report.warnings == [
        "almost no gold word is in the dictionary: wrong file or wrong encoding? (100 of 100 "
        "gold words are not in it, where a training word list misses a few in a hundred; check "
        "InputOptions(dict_encoding=...) and InputOptions(gold_encoding=...), or give the "
        "training word list)"
    ]


def test_a_warning_made_an_error_by_strict_is_reworded_too(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("共同 创造 美好 未来\n" * 10, encoding="utf-8")
    warnings = Warnings(strict=True)
    text = _raised(lambda: load_dictionary(corpus, warnings=warnings))
    assert text.endswith("(use load_dictionary(train=...) for a segmented training corpus)")


def test_input_options_name_their_own_fields(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("共同 创造 美好 未来\n" * 10, encoding="utf-8")
    inputs = InputOptions(dictionary=corpus, warnings=Warnings(strict=True))
    text = _raised(inputs.load_dictionary)
    assert text.endswith("(use InputOptions(train=...) for a segmented training corpus)")


# --- the command line keeps its flags -----------------------------------------------------------


def test_the_command_line_keeps_its_flags():
    result = CliRunner().invoke(cli, ["score", str(GOLD), str(PRED), str(PRED), "--name", "a"])
    assert result.exit_code == 2
    assert "(--name labels the predictions in order: give one per prediction)" in result.output


def test_the_command_line_terms_reword_nothing_even_through_an_entry_point():
    with command_line_terms(), pytest.raises(WsscoreError, match=r"\(--name labels"):
        score(GOLD, [PRED, PRED], names=["a"])


def test_outside_any_entry_point_text_is_as_worded():
    assert in_current_terms("--mismatch align") == "--mismatch align"


# --- for new entry points -----------------------------------------------------------------------


def test_a_new_entry_point_gets_its_terms_from_the_decorator():
    @in_api_terms("Scorer", parameters=("dictionary", "ci"))
    def update(batch: list[str]) -> None:
        raise WsscoreError("bad --ci", hint="give --dict or --mismatch error")

    with pytest.raises(WsscoreError) as caught:
        update([])
    assert str(caught.value) == (
        'bad Scorer(ci=...) (give Scorer(dictionary=...) or InputOptions(mismatch="error"))'
    )
    assert caught.value.args == ("bad Scorer(ci=...)",)


def test_the_outer_entry_point_keeps_its_terms():
    with api_terms_for("compare", ["names"]):
        assert in_current_terms("--name") == "compare(names=[...])"
        with api_terms_for("score", ["names"]):
            assert in_current_terms("--name") == "compare(names=[...])"
    assert in_current_terms("--name") == "--name"


def test_the_table_names_input_options_for_what_no_entry_point_takes():
    assert {a.owner for a in API_ARGUMENTS.values()} == {
        INPUT_OPTIONS,
        "score",
        "compare",
        "analyse",
    }


def test_the_public_entry_points_keep_their_signatures_and_documentation():
    for entry in (score, compare, analyse, score_by_diff, load_dictionary):
        assert entry.__doc__ and "inputs" in inspect.signature(score).parameters
    assert list(inspect.signature(score).parameters)[:3] == ["gold", "predictions", "inputs"]
