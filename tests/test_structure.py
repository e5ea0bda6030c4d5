"""The size rules of the code (docs/architecture.md, *Parts of a size one can hold*).

- no class over 300 lines;
- no function over 60 lines, its docstring not counted;
- no function over 8 parameters (``self``/``cls`` not counted, ``*args`` and ``**kwargs`` one
  each), except where options are the interface: the public entry points ``score``,
  ``compare``, ``analyse`` and ``score_by_diff``, and the constructor of ``Scorer`` (their
  keyword-only options; their positional parameters still count) and click command callbacks
  (one parameter per option; recognised by their click decorators).

Read from the source with ``ast``, so nested functions and methods count like any other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import ROOT

import wsscore

PACKAGE = ROOT / "wsscore"
MAX_CLASS_LINES = 300
MAX_FUNCTION_LINES = 60
MAX_PARAMETERS = 8
PUBLIC_ENTRY_POINTS = ("score", "compare", "analyse", "score_by_diff", "Scorer")


class Offence(NamedTuple):
    rule: str  # "class lines", "function lines" or "parameters"
    path: str  # relative to the repository, e.g. "wsscore/results.py"
    name: str  # the qualified name in its module, e.g. "SystemResult.__init__"


def _public_entry_points() -> set[tuple[str, str]]:
    """(path, qualified name) of each public entry point, wherever the package now defines it."""
    found = set()
    for name in PUBLIC_ENTRY_POINTS:
        function = getattr(wsscore, name)
        path = Path(*function.__module__.split(".")).with_suffix(".py").as_posix()
        # A class's options are its constructor's.
        suffix = ".__init__" if isinstance(function, type) else ""
        found.add((path, function.__qualname__ + suffix))
    return found


def _dotted(node: ast.expr) -> str:
    """``click.option`` for ``@click.option(...)``, ``cli.command`` for ``@cli.command()``."""
    if isinstance(node, ast.Call):
        return _dotted(node.func)
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return node.id if isinstance(node, ast.Name) else ""


def _is_click_command(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    names = [_dotted(decorator) for decorator in function.decorator_list]
    return any(name.startswith("click.") or name.endswith((".command", ".group")) for name in names)


def _lines_without_docstring(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    lines = (function.end_lineno or function.lineno) - function.lineno + 1
    first = function.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        lines -= (first.end_lineno or first.lineno) - first.lineno + 1
    return lines


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef, public: bool) -> int:
    arguments = function.args
    named = [*arguments.posonlyargs, *arguments.args]
    if not public:  # a public entry point may keep its keyword-only options
        named += arguments.kwonlyargs
    count = sum(1 for argument in named if argument.arg not in ("self", "cls"))
    return count + (arguments.vararg is not None) + (arguments.kwarg is not None)


def _definitions(
    node: ast.AST, prefix: str = ""
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]]:
    """Every class and function with its qualified name: nested ones, and those under an
    ``if`` or a ``try``, included."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{prefix}{child.name}"
            yield name, child
            yield from _definitions(child, f"{name}.")
        else:
            yield from _definitions(child, prefix)


def offences_in(source: str, path: str, public: set[tuple[str, str]]) -> set[Offence]:
    """The rules' offences in one module's source; ``path`` is relative to the repository."""
    found = set()
    for name, node in _definitions(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_CLASS_LINES:
                found.add(Offence("class lines", path, name))
            continue
        if _lines_without_docstring(node) > MAX_FUNCTION_LINES:
            found.add(Offence("function lines", path, name))
        if not _is_click_command(node) and (
            _parameters(node, (path, name) in public) > MAX_PARAMETERS
        ):
            found.add(Offence("parameters", path, name))
    return found


def _all_offences() -> set[Offence]:
    public = _public_entry_points()
    found: set[Offence] = set()
    for module in sorted(PACKAGE.rglob("*.py")):
        path = module.relative_to(ROOT).as_posix()
        found |= offences_in(module.read_text(encoding="utf-8"), path, public)
    return found


@pytest.fixture(scope="module")
def offences() -> set[Offence]:
    return _all_offences()


def test_no_part_outgrows_the_size_rules(offences: set[Offence]) -> None:
    assert not offences, "split these along their jobs:\n" + "\n".join(map(str, sorted(offences)))


def test_the_public_entry_points_are_found() -> None:
    paths = {path for path, _ in _public_entry_points()}
    assert all((ROOT / path).is_file() for path in paths)
    assert len(paths) >= 2  # scoring/ and sighan/ at least: not one module taken for all


# The checks themselves can fail: each rule is shown an offender it must catch.


def _long_function(name: str, lines: int, docstring_lines: int = 0) -> str:
    docstring = ['    """'] + ["    words"] * max(docstring_lines - 2, 0) + ['    """']
    body = [f"    x{number} = {number}" for number in range(lines - 1)]
    return "\n".join([f"def {name}():", *(docstring if docstring_lines else []), *body]) + "\n"


def test_a_function_over_60_lines_offends_but_not_its_docstring() -> None:
    source = _long_function("long", 61) + _long_function("documented", 60, docstring_lines=30)
    found = offences_in(source, "probe.py", set())
    assert found == {Offence("function lines", "probe.py", "long")}


def test_a_class_over_300_lines_offends() -> None:
    body = "".join(f"    x{number} = {number}\n" for number in range(300))
    found = offences_in(f"class Big:\n{body}\nclass Small:\n    x = 1\n", "probe.py", set())
    assert found == {Offence("class lines", "probe.py", "Big")}


def test_nine_parameters_offend_but_not_self() -> None:
    source = (
        "class Many:\n"
        "    def method(self, a, b, c, d, e, f, g, h):\n        pass\n"
        "    def more(self, a, b, c, d, e, f, g, *rest, **options):\n        pass\n"
    )
    found = offences_in(source, "probe.py", set())
    assert found == {Offence("parameters", "probe.py", "Many.more")}


def test_a_public_entry_point_keeps_its_keyword_options_only() -> None:
    keywords = ", ".join(f"k{number}=0" for number in range(12))
    source = (
        f"def score(gold, predictions, *, {keywords}):\n    pass\n"
        f"def helper(gold, predictions, *, {keywords}):\n    pass\n"
        "def compare(a, b, c, d, e, f, g, h, i):\n    pass\n"
    )
    public = {("probe.py", "score"), ("probe.py", "compare")}
    found = offences_in(source, "probe.py", public)
    assert found == {
        Offence("parameters", "probe.py", "helper"),
        Offence("parameters", "probe.py", "compare"),
    }


def test_a_click_callback_may_take_one_parameter_per_option() -> None:
    options = ", ".join(f"o{number}" for number in range(12))
    source = (
        "@click.command()\n@click.option('--x')\n"
        f"def command({options}):\n    pass\n"
        f"@cli.command()\ndef other({options}):\n    pass\n"
        f"@functools.cache\ndef cached({options}):\n    pass\n"
    )
    found = offences_in(source, "probe.py", set())
    assert found == {Offence("parameters", "probe.py", "cached")}
