"""The README's Python example, and the fuller one of docs/api.md, run as written and print the
fixtures' scores."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT


def _readme_example() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Python in five lines") :]
    return section[section.index("```python") + len("```python") : section.index("```\n", 10)]


def _api_page_example() -> str:
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    block = page.split("<!-- api-example -->\n```python\n", 1)[1]
    return block[: block.index("```\n")]


def test_the_readme_example_is_five_lines() -> None:
    code = [line for line in _readme_example().splitlines() if line.strip()]
    assert len(code) == 5, code


@pytest.mark.parametrize(
    ("where", "code"), [("README.md", _readme_example()), ("docs/api.md", _api_page_example())]
)
def test_the_python_example_runs(
    where: str, code: str, tmp_path: Path, monkeypatch, capsys
) -> None:
    # The example, run as written on copies of the fixtures named as it names them.
    fixtures = ROOT / "fixtures"
    for name, source in {
        "gold.txt": "gold.txt",
        "a.txt": "pred.txt",
        "b.txt": "gbk/pred.txt",
        "training_words.txt": "words.txt",
    }.items():
        (tmp_path / name).write_bytes((fixtures / source).read_bytes())
    monkeypatch.chdir(tmp_path)
    exec(compile(code, where, "exec"), {})
    printed = capsys.readouterr().out
    # Both predictions hold the same words (one in GBK): R = 21/36, P = 21/30, F = 0.636.
    assert "a.txt 0.5833333333333334 0.7 0.6363636363636365" in printed
    assert "| a.txt " in printed and "0.636" in printed
