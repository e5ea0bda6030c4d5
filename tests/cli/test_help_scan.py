"""Help a person can scan at 80 columns, and no option that is accepted and then ignored."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import ROOT

from wsscore.cli.app import cli
from wsscore.cli.group import COMMANDS
from wsscore.cli.sections import OTHER_HEADING, SCORING_SECTIONS, SectionedCommand
from wsscore.formatting import display_width

WIDTH = 80
# The commands whose options --help lists under headings.
SECTIONED = ("compare", "difficulty", "errors", "merge", "report", "score", "sighan", "suite")


def help_text(*args: str, width: int = WIDTH) -> str:
    result = CliRunner().invoke(cli, [*args, "--help"], terminal_width=width)
    assert result.exit_code == 0, result.output
    return result.stdout


def command(name: str) -> click.Command:
    found = cli.get_command(click.Context(cli), name)
    assert found is not None
    return found


@pytest.mark.parametrize("args", [(), *((name,) for name in sorted(COMMANDS))])
def test_no_help_line_is_wider_than_80_columns(args):
    lines = help_text(*args).splitlines()
    assert max(display_width(line) for line in lines) <= WIDTH


def test_every_command_has_its_whole_description_and_an_example():
    text = help_text()
    listed = text[text.index("Commands:") :].splitlines()[1:]
    rows = {line.split()[0]: line for line in listed if line.strip()}
    assert sorted(rows) == sorted(COMMANDS)
    for name, row in rows.items():
        description = row.split(None, 1)[1]
        assert description == command(name).short_help  # not cut by click ("Paired...")
        assert not description.endswith("...")
        assert re.search(rf"^    wsscore {name} \S", text, re.MULTILINE), name  # an example


def test_descriptions_are_not_cut_at_a_narrower_terminal_either():
    # Click cuts a description that does not fit (its limit is 45 characters by default); with
    # short_help set it writes the whole one and wraps it.
    text = help_text(width=60)
    for name in COMMANDS:
        assert all(word in text for word in command(name).short_help.split()), name


@pytest.mark.parametrize("name", SECTIONED)
def test_options_are_listed_under_headings(name):
    sectioned = command(name)
    assert isinstance(sectioned, SectionedCommand)
    headings = [line[:-1] for line in help_text(name).splitlines() if re.match(r"^\S.*:$", line)]
    assert OTHER_HEADING not in headings  # every option is under a heading of its own
    known = [section.heading for section in SCORING_SECTIONS]
    assert headings == [heading for heading in known if heading in headings]  # in order


def test_score_help_has_the_sections_the_issue_asks_for():
    text = help_text("score")
    for heading in (
        "Inputs",
        "Figures",
        "Intervals and tests",
        "Output",
        "CI gates (exit status 1)",
        "Speed",
    ):
        assert f"\n{heading}:\n" in text


def test_every_option_of_score_is_in_its_help_under_one_heading():
    score = command("score")
    ctx = click.Context(score, info_name="score")
    sections = score.option_sections(ctx)  # type: ignore[attr-defined]
    listed = [row for _, rows in sections for row in rows]
    options = [param for param in score.get_params(ctx) if isinstance(param, click.Option)]
    assert len(listed) == len(options)
    text = help_text("score", width=200)
    for option in options:
        record = option.get_help_record(ctx)
        assert record is not None
        assert record[0] in text  # every option, with its whole help text
        assert " ".join(record[1].split()) in " ".join(text.split())


# --- options that are accepted and ignored -----------------------------------------------------

CLI = ROOT / "wsscore" / "cli"
# Where a command's options are read: its own module, and the helpers that turn them into the
# library's arguments. run_command reads --debug for every command. cli/running.py's file
# checks read others too, but a check is not a use: it is left out.
READERS = ("options.py", "gates.py", "terminal.py")
READ_BY_RUN_COMMAND = {"debug"}
# Options that mean something only beside another: the encoding of a dictionary needs one.
NEEDS = {
    "dict_encoding": ("dictionaries", "dictionary", "from_gold", "manifest"),
    "difficulty_encoding": ("difficulty",),
}
# Accepted and not used yet (issue 25, left open): listed so that this test says when they
# start being used, and nothing else may join them unnoticed.
NOT_USED_YET: dict[str, set[str]] = {}


def string_constants(path: Path) -> set[str]:
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


SHARED = set().union(*(string_constants(CLI / name) for name in READERS))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_is_read_by_its_command(name):
    found = command(name)
    own = string_constants(CLI / "commands" / f"{name}.py")
    params = {param.name for param in found.params if param.name}
    read = own | SHARED | READ_BY_RUN_COMMAND
    unread = {param for param in params if param not in read}
    unread |= {param for param in params if param in NEEDS and not params & set(NEEDS[param])}
    assert unread == NOT_USED_YET.get(name, set())


def test_difficulty_takes_no_dictionary_encoding():
    result = CliRunner().invoke(cli, ["difficulty", "a", "b", "--dict-encoding", "gbk"])
    assert result.exit_code == 2
    assert "No such option '--dict-encoding'" in result.stderr


def test_report_jobs_reach_the_run_and_change_no_figure(tmp_path, monkeypatch):
    from conftest import FIXTURES

    import wsscore.scoring.report_page as report_page

    asked: list[int] = []
    score_request = report_page.score_request

    def spy(gold, predictions, inputs, request):  # type: ignore[no-untyped-def]
        asked.append(request.parallelism.jobs)
        return score_request(gold, predictions, inputs, request)

    monkeypatch.setattr(report_page, "score_request", spy)
    files = [str(FIXTURES / name) for name in ("gold.txt", "pred.txt", "gold.txt")]
    pages = []
    for jobs in ("1", "2"):
        page = tmp_path / f"page{jobs}.html"
        args = ["report", *files, "--ci", "bootstrap", "--samples", "50", "-j", jobs, "-o", page]
        result = CliRunner().invoke(cli, [str(arg) for arg in args])
        assert result.exit_code == 0, result.output
        pages.append(page.read_bytes())
    assert asked == [1, 2]
    assert pages[0] == pages[1]  # bootstrap threads: the same intervals as one
