"""Every reference to the project's documents resolves: the file exists, and a cited section
(``docs/metrics.md §5.4``) is a numbered heading of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT

DOCS = ROOT / "docs"
CITATION = re.compile(r"docs/(\w+)\.md(?:`?\s*§\s*([\d.]+(?:\s*[-,]\s*§?\s*[\d.]+)*))?")
SOURCES = sorted(
    [
        ROOT / "README.md",
        ROOT / "CHANGELOG.md",
        *ROOT.glob("docs/*.md"),
        *ROOT.glob("wsscore/**/*.py"),
        *ROOT.glob("wsscore/**/*.c"),
        *ROOT.glob("tests/**/*.py"),
        *ROOT.glob("fuzz/*"),
        *ROOT.glob("benchmarks/*.py"),
    ]
)
SOURCES = [source for source in SOURCES if source != Path(__file__).resolve()]


def _sections(document: Path) -> set[str]:
    """The numbers of a document's headings: "## 5. Beyond…" gives 5, "### 5.4 Error…" 5.4."""
    found = set()
    for line in document.read_text(encoding="utf-8").splitlines():
        match = re.match(r"#{2,4}\s+(\d+(?:\.\d+)*)\.?\s", line)
        if match:
            found.add(match.group(1))
    return found


def _cited(text: str) -> list[tuple[str, list[str]]]:
    cited = []
    for match in CITATION.finditer(text):
        numbers = re.findall(r"\d+(?:\.\d+)*", match.group(2) or "")
        cited.append((match.group(1), numbers))
    return cited


@pytest.mark.parametrize(
    "source", [s for s in SOURCES if s.is_file()], ids=lambda s: str(s.relative_to(ROOT))
)
def test_references_resolve(source: Path) -> None:
    text = source.read_text(encoding="utf-8", errors="replace")
    for name, numbers in _cited(text):
        document = DOCS / f"{name}.md"
        assert document.is_file(), (
            f"{source.name} cites docs/{name}.md, which is not in the project"
        )
        missing = [number for number in numbers if number not in _sections(document)]
        assert not missing, (
            f"{source.name} cites docs/{name}.md §{', §'.join(missing)}: no such section"
        )


def test_no_reference_to_documents_outside_the_project() -> None:
    # metrics.md and design.md once lived only beside the project; every mention now says docs/.
    for source in SOURCES:
        if not source.is_file() or source.parent == DOCS:
            continue
        text = source.read_text(encoding="utf-8", errors="replace")
        for match in re.finditer(r"(?<![/\w])(metrics|design|architecture)\.md", text):
            line = text.count("\n", 0, match.start()) + 1
            pytest.fail(f"{source.relative_to(ROOT)}:{line}: say docs/{match.group(0)}")


def test_a_wrong_section_is_caught() -> None:
    assert _cited("see docs/metrics.md §9.9") == [("metrics", ["9.9"])]
    assert "9.9" not in _sections(DOCS / "metrics.md")
    assert _cited("docs/metrics.md §1-2, §5") == [("metrics", ["1", "2", "5"])]
