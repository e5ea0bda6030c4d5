"""The README one can enter: short, with a table of contents, and a Quick start whose shown output
is what its first command prints, run as written on the shipped fixtures."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
MAX_LINES = 350  # issue 37: everything past the first steps lives in docs/


def _section(heading: str) -> str:
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", README, re.S | re.M)
    assert found, f"the README has no section {heading!r}"
    return found.group(1)


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_readme_stays_short() -> None:
    assert len(README.splitlines()) <= MAX_LINES


def test_the_table_of_contents_names_every_section() -> None:
    headings = re.findall(r"^## (.+)$", README, re.M)
    anchors = re.findall(r"\]\(#([\w-]+)\)", README[: README.index("\n## ")])
    assert anchors == [_slug(heading) for heading in headings]


def test_every_page_of_docs_is_reached_from_the_readme() -> None:
    # From its Documentation table, or from a page that table links (one step further).
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)\)", _section("Documentation")))
    reached = set(linked)
    for page in linked:
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        reached |= set(re.findall(r"\]\(([\w-]+\.md)\)", text))
    pages = {page.name for page in (ROOT / "docs").glob("*.md")}
    assert pages <= reached, pages - reached


def test_the_quick_start_prints_what_the_readme_shows() -> None:
    section = _section("Quick start")
    commands = re.search(r"```sh\n(.*?)```", section, re.S)
    assert commands
    first, second = commands.group(1).splitlines()
    # The test command: the test extras, then the quick tests (.ci/run runs the same subset).
    assert second == 'pip install -e ".[test]" && python -m pytest -q -n 2 -m "not slow"'
    install, _, run = first.partition(" && ")
    assert install == "pip install ."
    argv = shlex.split(run)
    assert argv[0] == "wsscore"
    shown = section.split("<!-- quick-start-output -->\n```text\n", 1)[1].split("```", 1)[0]
    printed = subprocess.run(
        [sys.executable, "-m", "wsscore", *argv[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert printed.stdout == shown
    assert printed.stderr == ""
