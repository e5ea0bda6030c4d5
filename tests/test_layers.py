"""The layers of docs/architecture.md: every module imports only from the layers below its own,
``metrics/`` only from ``core/`` and ``errors``, and no module imports itself through others.

Read from the source (every ``import`` and ``from … import`` anywhere in a module, also inside
functions and ``if TYPE_CHECKING:`` blocks), so an upward import or a cycle cannot hide in a
lazy import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "wsscore"

# From the bottom up; a module may import from its own layer and the layers before it.
LAYERS = [
    (
        "wsscore.errors",
        "wsscore.api_terms",
        "wsscore._version",
        "wsscore.interrupts",
        "wsscore.core",
        "wsscore.formatting",
        "wsscore.ranges",
    ),
    ("wsscore.inputs",),
    ("wsscore.align",),
    ("wsscore.metrics",),
    ("wsscore.results", "wsscore.signature", "wsscore.gates"),
    ("wsscore.segmenters",),
    ("wsscore.scoring",),
    ("wsscore.sighan",),
    ("wsscore.output",),
    ("wsscore.cli", "wsscore._entry", "wsscore.__main__"),
]
# The package's own __init__ re-exports the public API from every layer, lazily.
EXEMPT = {"wsscore"}
# The metrics take counts and return figures: what they may import besides one another.
METRICS = "wsscore.metrics"
METRICS_MAY_IMPORT = ("wsscore.core", "wsscore.errors", METRICS)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _layer_of(module: str) -> int:
    for index, prefixes in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    raise AssertionError(f"{module} is in no layer of docs/architecture.md")


def _imports(path: Path, module: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.add(name)
            # `from wsscore.align import stream` imports the module wsscore.align.stream
            found.update(f"{name}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "wsscore" or name.startswith("wsscore.")}


MODULES = sorted(
    (path for path in PACKAGE.rglob("*.py") if _module_name(path) not in EXEMPT),
    key=_module_name,
)


def _known(name: str) -> bool:
    """Whether a dotted name is a module of the package (not a name imported from one)."""
    relative = Path(*name.split("."))
    return (ROOT / relative).with_suffix(".py").exists() or (ROOT / relative).is_dir()


@pytest.mark.parametrize("path", MODULES, ids=_module_name)
def test_imports_go_only_downward(path: Path) -> None:
    module = _module_name(path)
    own = _layer_of(module)
    upward = [
        name
        for name in sorted(_imports(path, module))
        if _known(name) and name != "wsscore" and _layer_of(name) > own
    ]
    assert not upward, f"{module} (layer {own}) imports from above it: {upward}"


def test_every_module_is_in_a_layer() -> None:
    for path in MODULES:
        _layer_of(_module_name(path))


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    # The check itself can fail: a metrics module that reached up to the renderers is caught.
    source = tmp_path / "probe.py"
    source.write_text("from wsscore.output.json import render_json\n", encoding="utf-8")
    names = _imports(source, "wsscore.metrics.probe")
    assert any(_known(name) and _layer_of(name) > _layer_of("wsscore.metrics") for name in names)


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def test_metrics_import_only_core_and_errors() -> None:
    found = [
        f"{_module_name(path)} imports {name}"
        for path in MODULES
        if _within(_module_name(path), (METRICS,))
        for name in sorted(_imports(path, _module_name(path)))
        if _known(name) and not _within(name, METRICS_MAY_IMPORT)
    ]
    assert not found, "metrics/ reaches past core/ and errors: " + "; ".join(found)


def _import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports (a package's
    ``__init__`` included: ``from wsscore.inputs.formats import Token`` runs it)."""
    names = {_module_name(path) for path in MODULES}
    return {
        _module_name(path): _imports(path, _module_name(path)) & names - {_module_name(path)}
        for path in MODULES
    }


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles a walk of the graph meets, each as ``[a, b, …, a]`` (none: no cycle)."""
    done: set[str] = set()
    cycles = []
    for start in sorted(graph):
        path: list[str] = []
        on_path: dict[str, int] = {}
        stack = [(start, iter(sorted(graph[start])))]
        if start in done:
            continue
        path.append(start)
        on_path[start] = 0
        while stack:
            module, following = stack[-1]
            for name in following:
                if name in on_path:
                    cycles.append([*path[on_path[name] :], name])
                    done.update(path[on_path[name] :])
                elif name not in done:
                    on_path[name] = len(path)
                    path.append(name)
                    stack.append((name, iter(sorted(graph[name]))))
                    break
            else:
                stack.pop()
                done.add(path.pop())
                del on_path[module]
    return cycles


def test_no_import_cycle() -> None:
    cycles = _cycles(_import_graph())
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in cycles)


def test_the_check_sees_a_cycle() -> None:
    # A function-level import closes a cycle as well as one at the top of a module does.
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_the_graph_holds_function_level_and_relative_imports(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text(
        "def late():\n    from wsscore.api_terms import API_ARGUMENTS\n"
        "from . import scores\nfrom ..core import records\n",
        encoding="utf-8",
    )
    names = _imports(source, "wsscore.metrics.probe")
    assert {"wsscore.api_terms", "wsscore.metrics.scores", "wsscore.core.records"} <= names
