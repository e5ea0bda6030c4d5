"""The README's Python API example runs as written, and prints the fixtures' scores."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT


def test_the_readme_python_example_runs(tmp_path: Path, monkeypatch, capsys) -> None:
    # The README's API example, run as written on copies of the fixtures named as it names them.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Python API") :]
    code = section[section.index("```python") + len("```python") : section.index("```\n", 10)]
    fixtures = ROOT / "fixtures"
    for name, source in {
        "gold.txt": "gold.txt",
        "a.txt": "pred.txt",
        "b.txt": "gbk/pred.txt",
        "training_words.txt": "words.txt",
    }.items():
        (tmp_path / name).write_bytes((fixtures / source).read_bytes())
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    # Both predictions hold the same words (one in GBK): R = 21/36, P = 21/30, F = 0.636.
    assert "a.txt 0.5833333333333334 0.7 0.6363636363636365" in printed
    assert "| a.txt " in printed and "0.636" in printed
