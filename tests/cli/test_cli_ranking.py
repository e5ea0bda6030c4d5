"""The CLI's --sort and -f latex --caption."""

from click.testing import CliRunner
from conftest import FIXTURES

from wsscore.cli.app import cli

GOLD = str(FIXTURES / "gold.txt")
GOOD = str(FIXTURES / "gold.txt")  # the gold itself: F = 1
PRED = str(FIXTURES / "pred.txt")


def rows(output: str) -> list[str]:
    return [line.split()[0] for line in output.splitlines()[2:] if line and line[0] != " "][:2]


def test_sort_orders_rows_and_defaults_to_f():
    runner = CliRunner()
    by_f = runner.invoke(
        cli, ["score", GOLD, PRED, GOOD, "--name", "zz", "--name", "aa", "-f", "text"]
    )
    assert by_f.exit_code == 0, by_f.output
    assert rows(by_f.output) == ["aa", "zz"]
    by_name = runner.invoke(
        cli,
        ["score", GOLD, PRED, GOOD, "--name", "zz", "--name", "aa", "--sort", "name", "-f", "text"],
    )
    assert rows(by_name.output) == ["aa", "zz"]
    as_given = runner.invoke(
        cli,
        ["score", GOLD, PRED, GOOD, "--name", "zz", "--name", "aa", "--sort", "none", "-f", "text"],
    )
    assert rows(as_given.output) == ["zz", "aa"]


def test_latex_with_a_caption():
    result = CliRunner().invoke(
        cli, ["score", GOLD, PRED, "-f", "latex", "--caption", "Scores for the fixtures."]
    )
    assert result.exit_code == 0, result.output
    assert "\\toprule" in result.output and "\\bottomrule" in result.output
    assert "\\caption{Scores for the fixtures.}" in result.output
    assert "0.583 & $\\pm$0.1643 & 0.700" in result.output
