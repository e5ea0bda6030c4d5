"""``compare``, ``errors`` and ``suite`` on a real terminal (a pseudo-terminal of 80 and 120
columns): no printed line wider than the terminal, in display columns, and every figure of the
command's ``-f json`` still printed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from conftest import FIXTURES, on_terminal

from wsscore.formatting import display_width

TOOLS = FIXTURES / "tools"
GOLD = TOOLS / "gold.conllu"
SYSTEMS = [TOOLS / "jieba.cut.txt", TOOLS / "pkuseg.txt", TOOLS / "thulac.txt"]
TESTS = ("--samples", "200", "--trials", "500", "--seed", "7")  # small, for speed

pytestmark = pytest.mark.skipif(not hasattr(termios, "TIOCSWINSZ"), reason="no pty window size")


def in_terminal(args: list[object], columns: int, cwd: Path | None = None) -> str:
    """What ``wsscore ARGS`` prints on a terminal ``columns`` wide, escapes removed."""
    status, shown, stderr = on_terminal(args, columns, cwd)
    assert status == 0, stderr
    return shown


def as_json(args: list[object], cwd: Path | None = None) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", *map(str, args), "-f", "json"],
        capture_output=True,
        cwd=cwd,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)


def widest(text: str) -> int:
    return max(display_width(line) for line in text.splitlines())


def ratio(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


@pytest.mark.parametrize("columns", [80, 120])
def test_compare_fits_and_keeps_every_figure(columns: int) -> None:
    args: list[object] = ["compare", GOLD, *SYSTEMS, *TESTS]
    shown = in_terminal(args, columns)
    assert widest(shown) <= columns
    document = as_json(args)
    figures = [ratio(document["baseline"][key]) for key in ("f1", "recall")]
    for system in document["systems"]:
        figures += [ratio(system[key]) for key in ("f1", "recall")]
        for test in ("paired_bootstrap", "approximate_randomization"):
            figures += [f"{system[test][key]['p_value']:.4f}" for key in ("f1", "recall")]
        for key in ("f1", "recall"):
            found = system["paired_bootstrap"][key]
            figures += [f"{found[end] + 0.0:+.3f}" for end in ("difference", "ci_low", "ci_high")]
    assert figures and all(figure in shown for figure in figures), figures
    assert "".join(shown.split()).count(document["signature"]) == 1


@pytest.mark.parametrize("columns", [80, 120])
def test_errors_fits_and_keeps_every_figure(columns: int) -> None:
    args: list[object] = ["errors", GOLD, SYSTEMS[0], "--top", "5", "--per-line", "3"]
    shown = in_terminal(args, columns)
    assert widest(shown) <= columns
    document = as_json(args)
    rows = []
    for name, error_class in document["error_classes"].items():
        rows.append(f"│ {name}")
        rows.append(f"{error_class['count']:,}")
        rows += [example["predicted"] for example in error_class["examples"]]
    for merge in document["merges"]["examples"]:
        rows.append(" / ".join(merge["gold"]))
    rows += [f"{bucket['gold_words']:,}" for bucket in document["by_length"]]
    assert all(row in shown for row in rows), [row for row in rows if row not in shown]
    assert f"of {document['merges']['count']:,})" in shown
    assert "".join(shown.split()).count(document["signature"]) == 1


MANIFEST = """
[corpora.gsd_traditional_a]
gold = "{gold}"
gold_format = "conllu"

[corpora.gsd_traditional_b]
gold = "{gold}"
gold_format = "conllu"

[corpora.gsd_traditional_c]
gold = "{gold}"
gold_format = "conllu"

[systems]
"结巴" = "{jieba}"
pkuseg = "{pkuseg}"
"清华" = "{thulac}"
"""


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three corpora (the same sample under three names) and three real tools, two of them
    with Chinese names (two display columns a character)."""
    root = tmp_path_factory.mktemp("suite_width")
    jieba, pkuseg, thulac = SYSTEMS
    text = MANIFEST.format(gold=GOLD, jieba=jieba, pkuseg=pkuseg, thulac=thulac)
    (root / "suite.toml").write_text(text, encoding="utf-8")
    return root / "suite.toml"


@pytest.mark.parametrize("columns", [80, 120])
def test_suite_fits_and_keeps_every_figure(manifest: Path, columns: int) -> None:
    args: list[object] = ["suite", manifest, "--metrics", "f,r,p"]
    shown = in_terminal(args, columns)
    assert widest(shown) <= columns
    document = as_json(args)
    figures = []
    for row in document["systems"]:
        assert row["name"] in shown
        for cell in row["results"].values():
            figures += [ratio(cell["metrics"][key]) for key in ("f1", "recall", "precision")]
    assert figures and all(figure in shown for figure in figures)
    assert "".join(shown.split()).count(document["signature"]) == 1


def plain_text(args: list[object], cwd: Path | None = None) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", *map(str, args), "-f", "text"],
        capture_output=True,
        cwd=cwd,
        check=True,
        timeout=120,
    )
    return done.stdout.decode("utf-8").splitlines()


def test_plain_text_aligns_chinese_names(manifest: Path) -> None:
    """In a pipe (no terminal width): the natural layout, its columns in display columns."""
    names = ["--name", "结巴", "--name", "北大", "--name", "thulac"]
    compared = plain_text(["compare", GOLD, *SYSTEMS, *names, *TESTS])
    suite = plain_text(["suite", manifest, "--metrics", "f,r,p"])
    for lines in (compared, suite):
        rule, *rows = lines[1 : lines.index("")]
        assert len(rows) == 3
        # The first figure of each row ends where the rule's second run of dashes ends.
        second_column_end = re.match(r"-+  -+", rule).end()  # type: ignore[union-attr]
        for row in rows:
            first_figure = re.search(r"\d\.\d{3}", row)
            assert first_figure is not None
            assert display_width(row[: first_figure.end()]) == second_column_end, (rule, row)
    assert widest("\n".join(compared)) > 120  # not narrowed: a pipe has no width


@pytest.mark.parametrize(
    "args",
    [["compare", GOLD, *SYSTEMS, *TESTS], ["errors", GOLD, SYSTEMS[0], "--top", "3"]],
    ids=["compare", "errors"],
)
def test_the_signature_breaks_as_score_breaks_it(args: list[object]) -> None:
    """One folding for every command: after a ``|``, nothing added, so the lines joined give
    the signature back exactly (as ``score``'s do, tests/cli/test_terminal_fit.py)."""
    shown = in_terminal(args, 60).splitlines()
    start = next(at for at, line in enumerate(shown) if line.startswith("signature: "))
    lines = shown[start:]
    assert len(lines) > 1 and all(display_width(line) <= 60 for line in lines)
    assert "".join(lines) == f"signature: {as_json(args)['signature']}"
