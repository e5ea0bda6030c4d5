"""docs/architecture.md is a map that cannot rot: it names only what exists, every package has
its place in the layers, the layers are the ones ``tests/test_layers.py`` enforces, and the
page stays short enough to read in ten minutes.

It does NOT have to name every module (a module's job is its docstring's first line). The
rules, applied to every `backticked` span outside fenced code blocks:

1. **Paths** (a span ending in ``.py``, ``.pyi``, ``.c``, ``.md``, ``.sh``, ``.toml`` or ``/``):
   the file or directory exists, relative to the repository when its first part is there
   (``wsscore/core/backend.py``, ``tools/snapshot.sh``), else relative to the package
   (``inputs/words.py``, ``align/``, ``_speedups_c/``).
2. **Dotted names** whose first part is an importable module (``wsscore.core.backend.NAME``,
   ``typing.Protocol``) or a builtin: the module imports and each further part is an attribute.
3. **Attached names**: a span directly followed by a parenthesis owns the Python names spanned
   inside it. Names owned by a module or path are its attributes (for a package, of the package
   or one of its modules): ``cli/app.py`` (``_run``) says that ``_run`` is in ``cli/app.py``.
   In a parenthesis that holds nothing but spans (a list), names owned by a name are its
   attributes: ``Report`` (``as_dict``), and a name followed by a list of paths is defined in
   one of them: ``SentenceDetail`` (``core/records.py``).
4. **Other names** (``SystemAligner``, ``Report.as_dict()``): the first part is defined at the
   top level of some module of the package (a class, a function or an assignment, not an
   import), and each further part is an attribute of it.

Spans that are neither paths nor Python names (``--extra``, ``wsscore score``, ``"c"``) are
prose and not checked. Beyond the names: the table under "The layers" has one row per layer of
``LAYERS`` in ``tests/test_layers.py``, in order, each row's packages and modules in that layer
and every package of the layer in its row, its "may import" cell saying what that test allows;
every package of wsscore is named (a top-level one with its job, in the table); only
``core/backend.py`` imports the C extension; local links and anchors into the page resolve; the
page holds at most 1,800 words and no table cell past 300 characters.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import pytest
from conftest import ROOT

DOC = ROOT / "docs/architecture.md"
PACKAGE = ROOT / "wsscore"
LAYERS_TEST = ROOT / "tests/test_layers.py"
LAYERS_HEADING = "## The layers"
MAX_WORDS = 1800  # what a newcomer reads in ten minutes
MAX_CELL = 300  # characters: a cell past this is an index entry, not a map's label
BOUNDARY = "wsscore.core.backend"  # the one module that imports the C extension
C_EXTENSION = "wsscore._speedups"
# Pages beside docs/ that may link to a heading of this one (its #the-backend-boundary).
LINKING_PAGES = [ROOT / "README.md", ROOT / "benchmarks/performance.md.in"]

# Backticked identifiers in the doc that are not Python names of the package.
NOT_PYTHON_NAMES = {
    "WSSCORE_PURE_PYTHON",  # an environment variable
}

SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
PATH = re.compile(r"^[\w.]+(/[\w.]+)*(\.(py|pyi|c|md|sh|toml)|/)$")
NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


@dataclass(eq=False)  # compared by identity: a span owns the spans of its parenthesis
class Span:
    text: str
    line: int
    owner: Span | None  # the span whose parenthesis holds this one
    listed: bool = False  # in a parenthesis that holds nothing but spans: `a` (`b`, `c`)

    def __str__(self) -> str:
        return f"docs/architecture.md:{self.line}: `{self.text}`"


# --- reading the doc ------------------------------------------------------------------------


def _prose_lines(text: str) -> list[str]:
    """The doc's lines, those of fenced code blocks blanked (line numbers kept)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else line)
    return lines


LIST = re.compile(r"(\s*`[^`]+`\s*(,|and|or)?)*\s*")


def _spans_of_text(text: str, line: int) -> list[Span]:
    """The spans of a piece of prose starting on ``line``, each with the span owning its
    parenthesis."""
    spans: list[Span] = []
    # Each open parenthesis: the span just before it (None after prose), where it starts, and
    # how many spans came before it.
    opened: list[tuple[Span | None, int, int]] = []
    last: Span | None = None  # the previous span, while only blanks follow it
    position = 0
    for match in re.finditer(r"`[^`\n]+`|\(|\)", text):
        if text[position : match.start()].strip():
            last = None
        position = match.end()
        token = match.group()
        if token == "(":
            opened.append((last, match.end(), len(spans)))
        elif token == ")" and opened:
            owner, start, first = opened.pop()
            if LIST.fullmatch(text[start : match.start()]):
                for span in spans[first:]:
                    span.listed = span.listed or span.owner is owner
        if token in "()":
            last = None
            continue
        owner = opened[-1][0] if opened else None
        at = line + text.count("\n", 0, match.start())
        last = Span(token[1:-1], at, owner)
        spans.append(last)
    return spans


def doc_spans(text: str) -> list[Span]:
    """Every span of the doc; a paragraph is read whole, so that a parenthesis may span lines,
    and a table row alone."""
    spans: list[Span] = []
    paragraph: list[str] = []  # the lines of the paragraph being read
    start = 0  # the number of its first line
    for number, line in enumerate([*_prose_lines(text), ""], start=1):
        if line.strip() and not line.startswith("|"):
            start = start if paragraph else number
            paragraph.append(line)
            continue
        spans += _spans_of_text("\n".join(paragraph), start)
        paragraph = []
        spans += _spans_of_text(line, number)
    return spans


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def table_rows(text: str) -> Iterator[tuple[int, list[str]]]:
    """Every row of every table (line number, cells), the rules under the headers left out."""
    for number, line in enumerate(_prose_lines(text), start=1):
        if line.startswith("|") and not re.fullmatch(r"[|\s:-]+", line):
            yield number, _cells(line)


class LayerRow(NamedTuple):
    number: str  # the # cell, "1" at the bottom
    members: list[str]  # the spans of the packages-and-modules cell: `core/`, `errors.py`
    job: str
    may_import: str  # the cell as written


def layer_rows(text: str) -> list[LayerRow]:
    """The rows of the table under "The layers", from the bottom up."""
    if LAYERS_HEADING not in text:
        return []
    section = text.split(LAYERS_HEADING, 1)[1].split("\n## ", 1)[0]
    return [
        LayerRow(cells[0], SPAN.findall(cells[1]), cells[2], cells[3])
        for _, cells in table_rows(section)
        if len(cells) == 4 and cells[0].isdigit()  # the header row's # is not a number
    ]


# --- resolving what a span names --------------------------------------------------------------


def path_of(text: str) -> Path:
    """The file or directory a path span names (rule 1)."""
    first = text.split("/")[0]
    return (ROOT / text) if first and (ROOT / first).exists() else (PACKAGE / text)


def module_of(path: Path) -> str | None:
    """The dotted module (or package) a path inside the package is, if it is one."""
    if not path.is_relative_to(ROOT / "wsscore"):
        return None
    relative = path.relative_to(ROOT)
    if path.is_dir():
        return ".".join(relative.parts) if (path / "__init__.py").exists() else None
    if path.suffix != ".py":
        return None
    parts = relative.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _attribute_chain(start: object, names: list[str]) -> bool:
    for name in names:
        if not hasattr(start, name):
            return False
        start = getattr(start, name)
    return True


def resolve_dotted(text: str) -> tuple[str, bool] | None:
    """Rule 2: (the module found, whether the rest are its attributes), or None when the first
    part is neither an importable module nor a builtin."""
    parts = text.split(".")
    if hasattr(builtins, parts[0]):
        return "builtins", _attribute_chain(builtins, parts)
    if importlib.util.find_spec(parts[0]) is None:
        return None
    for cut in range(len(parts), 0, -1):
        module = _import(".".join(parts[:cut]))
        if module is not None:
            return module.__name__, _attribute_chain(module, parts[cut:])
    return None


@cache
def top_level_definitions() -> dict[str, list[str]]:
    """Rule 4's index: each name defined at the top of a module -> the modules defining it."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_of(path)
        assert module is not None
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names: list[str] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [target.id for target in node.targets if isinstance(target, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            for name in names:
                found.setdefault(name, []).append(module)
    return found


def _in_module(module: str, parts: list[str]) -> bool:
    """``parts`` is an attribute chain of the module, or, for a package, of one of its modules."""
    imported = _import(module)
    if imported is None:
        return False
    if _attribute_chain(imported, parts):
        return True
    package = getattr(imported, "__path__", None)
    if package is None:
        return False
    inner = [module_of(path) for path in sorted(Path(package[0]).glob("*.py"))]
    return any(_attribute_chain(_import(name), parts) for name in inner if name)


def _is_name(text: str) -> bool:
    return bool(NAME.match(text.removesuffix("()"))) and text not in NOT_PYTHON_NAMES


def _module_named_by(span: Span) -> str | None:
    """The module a span names as a whole: a path or a dotted module name."""
    text = span.text.removesuffix("()")
    if PATH.match(text):
        return module_of(path_of(text))
    dotted = resolve_dotted(text) if _is_name(span.text) else None
    return dotted[0] if dotted is not None and dotted[0] == text else None


def _name_problem(text: str, paths: list[Path]) -> str | None:
    """Rules 2 and 4 for a dotted name; ``paths``: where it must be defined, if given."""
    dotted = resolve_dotted(text)
    if dotted is not None:
        return None if dotted[1] else f"{text} is not in {dotted[0]}"
    first, *rest = text.split(".")
    modules = top_level_definitions().get(first, [])
    if not modules:
        return f"{first} is defined nowhere in the package"
    if paths and not {module_of(path) for path in paths} & set(modules):
        return f"{first} is not defined in {', '.join(str(path) for path in paths)}"
    if not any(_in_module(module, [first, *rest]) for module in modules):
        return f"{text} is not an attribute of {first}"
    return None


def problem_of(span: Span, spans: list[Span]) -> str | None:
    """What is wrong with what a span names, or None."""
    text = span.text.removesuffix("()")
    if PATH.match(text):
        path = path_of(text)
        return None if path.exists() else f"no {path.relative_to(ROOT)}"
    if not _is_name(span.text):
        return None  # prose: an option, a command, a quoted value
    owner = span.owner
    if owner is not None and PATH.match(owner.text):
        module = _module_named_by(owner)
        if module is None or not _in_module(module, text.split(".")):
            return f"not in {owner.text}"
        return None
    if owner is not None and span.listed and _is_name(owner.text):
        module = _module_named_by(owner)
        if module is not None:
            return None if _in_module(module, text.split(".")) else f"not in {owner.text}"
        text = f"{owner.text.removesuffix('()')}.{text}"  # an attribute of the owning name
    paths = [
        path_of(inner.text)
        for inner in spans
        if inner.owner is span and inner.listed and PATH.match(inner.text)
    ]
    return _name_problem(text, paths)


# --- the layers that tests/test_layers.py enforces --------------------------------------------


class EnforcedLayers(NamedTuple):
    layers: list[tuple[str, ...]]  # LAYERS: dotted modules and packages, from the bottom up
    restricted: dict[str, tuple[str, ...]]  # a package -> everything it may import


def _constant(node: ast.expr, known: dict[str, object]) -> object:
    """The value of a literal (strings, tuples, lists, names of earlier literals)."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List)):
        items = [_constant(item, known) for item in node.elts]
        return tuple(items) if isinstance(node, ast.Tuple) else items
    if isinstance(node, ast.Name) and node.id in known:
        return known[node.id]
    raise ValueError(f"not a literal: {ast.unparse(node)}")


def enforced_layers(source: str) -> EnforcedLayers:
    """``LAYERS`` of tests/test_layers.py, and each ``X_MAY_IMPORT`` as the restriction of the
    package that ``X`` names, read from its source (test modules never import each other)."""
    known: dict[str, object] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                known[node.targets[0].id] = _constant(node.value, known)
            except ValueError:
                continue  # computed from the package, not a rule
    layers = known.get("LAYERS")
    assert isinstance(layers, list), "tests/test_layers.py defines no LAYERS list"
    restricted = {}
    for name, allowed in known.items():
        if name.endswith("_MAY_IMPORT"):
            owner = known.get(name.removesuffix("_MAY_IMPORT"))
            assert isinstance(owner, str), f"tests/test_layers.py: {name} names no package"
            assert isinstance(allowed, tuple), f"tests/test_layers.py: {name} is not a tuple"
            restricted[owner] = allowed
    return EnforcedLayers(layers, restricted)


def _is_package(dotted: str) -> bool:
    return (ROOT / Path(*dotted.split("."))).is_dir()


def _shown(dotted: str) -> str:
    """A dotted module or package as this page writes it: ``core/``, ``errors.py``."""
    relative = dotted.split(".", 1)[1].replace(".", "/")
    return relative + ("/" if _is_package(dotted) else ".py")


def _named(cell: str) -> set[str | None]:
    """The modules and packages a cell's spans name."""
    return {module_of(path_of(span)) for span in SPAN.findall(cell)}


def _import_problem(
    index: int, row: LayerRow, layer: tuple[str, ...], restricted: dict[str, tuple[str, ...]]
) -> str | None:
    """Whether a row's "may import" cell says what tests/test_layers.py allows: the spans of the
    restriction of a package in the layer, else "rows 1–N" (N: the row's own number)."""
    allowed = [restricted[name] for name in layer if name in restricted]
    if allowed:
        expected = ", ".join(f"`{_shown(name)}`" for name in sorted(allowed[0]))
        right = _named(row.may_import) == set(allowed[0])
    else:
        expected = "row 1" if index == 1 else f"rows 1–{index}"
        right = row.may_import == expected
    if right:
        return None
    return f"row {index} says it may import {row.may_import!r}; tests/test_layers.py: {expected}"


def _row_problems(
    index: int, row: LayerRow, layer: tuple[str, ...], restricted: dict[str, tuple[str, ...]]
) -> list[str]:
    problems = [] if row.number == str(index) else [f"row {index} is numbered {row.number}"]
    members = {module_of(path_of(member)): member for member in row.members}
    problems += [
        f"row {index}: `{member}` is not in layer {index} of tests/test_layers.py"
        for dotted, member in members.items()
        if dotted not in layer
    ]
    problems += [
        f"row {index} leaves out `{_shown(name)}`, which tests/test_layers.py puts in this layer "
        "(a new package needs its place in a row, and its job)"
        for name in layer
        if _is_package(name) and name not in members
    ]
    imports = _import_problem(index, row, layer, restricted)
    return problems + ([imports] if imports else [])


def layer_problems(rows: list[LayerRow], enforced: EnforcedLayers) -> list[str]:
    """Where the doc's layers table differs from the layers tests/test_layers.py enforces."""
    problems = []
    if len(rows) != len(enforced.layers):
        problems.append(
            f"the layers table has {len(rows)} rows, tests/test_layers.py "
            f"{len(enforced.layers)} layers"
        )
    for index, (row, layer) in enumerate(zip(rows, enforced.layers, strict=False), start=1):
        problems += _row_problems(index, row, layer, enforced.restricted)
    return problems


# --- packages, the C boundary, the size of a map ----------------------------------------------


def packages() -> list[str]:
    """Every package below wsscore, dotted."""
    found = (module_of(init.parent) for init in PACKAGE.rglob("__init__.py"))
    return sorted(name for name in found if name and name != "wsscore")


def package_problems(text: str, names: list[str]) -> list[str]:
    """Each package the doc leaves out: a top-level one needs its row of the layers table (with
    its job in a few words), a subpackage a mention by its path."""
    jobs = {
        module_of(path_of(member)): row.job for row in layer_rows(text) for member in row.members
    }
    named = {module_of(path_of(span.text)) for span in doc_spans(text) if PATH.match(span.text)}
    problems = []
    for package in names:
        shown = _shown(package)
        if package.count(".") == 1 and len(jobs.get(package, "").split()) < 3:
            problems.append(
                f"`{shown}` has no row with its job in the layers table: a new package needs its "
                "place in a row and a few words on its job (a new module needs nothing here)"
            )
        elif package.count(".") > 1 and package not in named:
            problems.append(
                f"`{shown}` is named nowhere: a new package needs a mention with its job, in its "
                "row of the layers table (a new module needs nothing here)"
            )
    return problems


def imports_c_extension(source: str, module: str, is_package: bool) -> bool:
    """Whether a module's source imports the C extension, at any depth (lazily included)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, node.module] if node.module else parts)
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        if any(name == C_EXTENSION or name.startswith(C_EXTENSION + ".") for name in names):
            return True
    return False


def map_problems(text: str) -> list[str]:
    """What makes the page an index rather than a map: its length, and giant table cells."""
    words = len(text.split())
    problems = []
    if words > MAX_WORDS:
        problems.append(
            f"{words} words, past {MAX_WORDS}: say less, and leave a module's detail to its "
            "docstring"
        )
    problems += [
        f"line {number}: a table cell of {len(cell)} characters (at most {MAX_CELL}): {cell[:40]}…"
        for number, cells in table_rows(text)
        for cell in cells
        if len(cell) > MAX_CELL
    ]
    return problems


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: "## The backend boundary" -> the-backend-boundary."""
    text = heading.lstrip("#").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


# --- the tests ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def text() -> str:
    return DOC.read_text(encoding="utf-8")


def test_every_path_and_name_the_doc_mentions_exists(text: str) -> None:
    spans = doc_spans(text)
    problems = [f"{span}: {problem}" for span in spans if (problem := problem_of(span, spans))]
    assert not problems, "docs/architecture.md has drifted:\n" + "\n".join(problems)


def test_every_package_has_its_place(text: str) -> None:
    problems = package_problems(text, packages())
    assert not problems, "docs/architecture.md:\n" + "\n".join(problems)


def test_the_layers_table_is_the_one_tests_layers_enforces(text: str) -> None:
    enforced = enforced_layers(LAYERS_TEST.read_text(encoding="utf-8"))
    problems = layer_problems(layer_rows(text), enforced)
    assert not problems, "docs/architecture.md, The layers:\n" + "\n".join(problems)


def test_only_the_boundary_imports_the_c_extension() -> None:
    found = [
        module
        for path in sorted(PACKAGE.rglob("*.py"))
        if (module := module_of(path))
        and imports_c_extension(path.read_text(encoding="utf-8"), module, path.stem == "__init__")
    ]
    assert found == [BOUNDARY], f"the C extension is imported by {found}, not {BOUNDARY} alone"


def test_the_page_stays_a_map(text: str) -> None:
    problems = map_problems(text)
    assert not problems, "docs/architecture.md:\n" + "\n".join(problems)


def test_local_links_reach_a_file(text: str) -> None:
    targets = [target.split("#")[0] for target in LINK.findall("\n".join(_prose_lines(text)))]
    local = [target for target in targets if target and "://" not in target]
    assert local, "the doc links to docs/metrics.md at least"
    missing = [target for target in local if not (DOC.parent / target).exists()]
    assert not missing, f"broken links: {missing}"


def test_links_into_the_page_reach_a_heading(text: str) -> None:
    anchors = {slug(line) for line in _prose_lines(text) if line.startswith("#")}
    broken = [
        f"{page.relative_to(ROOT)}: {target}"
        for page in [*sorted((ROOT / "docs").glob("*.md")), *LINKING_PAGES]
        for target in LINK.findall(page.read_text(encoding="utf-8"))
        if "#" in target
        and Path(target.split("#")[0]).name == DOC.name  # as the page's docs/ reads it
        and target.split("#", 1)[1] not in anchors
    ]
    assert not broken, "links to no heading of docs/architecture.md: " + ", ".join(broken)


# --- the rules themselves can fail ----------------------------------------------------------


def _problems(text: str) -> list[str]:
    found = doc_spans(text)
    return [f"{span.text}: {problem}" for span in found if (problem := problem_of(span, found))]


def test_a_gone_module_a_gone_name_and_a_misplaced_name_are_caught() -> None:
    text = (
        "Counts live in `metrics/counts.py`; errors end in `cli/app.py` (`_run`), built by "
        "`_input_options`; `wsscore.core.backend.nothing`; `SentenceDetail` (`cli/app.py`).\n"
        "`Report.no_such_method()` and `typing.NoSuchThing`.\n"
    )
    problems = _problems(text)
    assert [problem.split(":")[0] for problem in problems] == [
        "metrics/counts.py",
        "_run",
        "_input_options",
        "wsscore.core.backend.nothing",
        "SentenceDetail",
        "Report.no_such_method()",
        "typing.NoSuchThing",
    ]


def test_true_mentions_pass() -> None:
    text = (
        "`inputs/words.py`, `align/`, `_speedups_c/`, `tools/snapshot.sh`, `wsscore/results.py` "
        "(`Report`, `build_report`), `inputs/` (`open_source`), `SentenceDetail` "
        "(`core/records.py`), `Report.as_dict()`, `wsscore.core.backend.NAME`, `typing.Protocol`, "
        "`getattr`, `--extra`, `wsscore score`, `Report` (`as_dict`) (a parenthesis of prose).\n"
        "| 1 | `core/` | the counting core (`Counts`) | row 1 |\n"
    )
    assert _problems(text) == []


LAYERS_SOURCE = """
LAYERS = [("wsscore.errors", "wsscore.core"), ("wsscore.inputs",), ("wsscore.metrics",)]
EXEMPT = {"wsscore"}
METRICS = "wsscore.metrics"
METRICS_MAY_IMPORT = ("wsscore.core", "wsscore.errors", METRICS)
MODULES = sorted(PACKAGE.rglob("*.py"))
"""


def _table(*rows: str) -> str:
    header = "| # | packages and modules | job | may import |\n|---|---|---|---|\n"
    return f"{LAYERS_HEADING}\n\n{header}" + "".join(f"| {row} |\n" for row in rows)


def test_the_rules_of_the_layers_test_are_read() -> None:
    enforced = enforced_layers(LAYERS_SOURCE)
    assert enforced.layers[1] == ("wsscore.inputs",)
    assert enforced.restricted == {"wsscore.metrics": ("wsscore.core", "wsscore.errors", METRICS)}
    real = enforced_layers(LAYERS_TEST.read_text(encoding="utf-8"))
    assert "wsscore.metrics" in real.restricted  # the real file still reads this way


METRICS = "wsscore.metrics"


def test_a_table_true_to_the_layers_passes() -> None:
    text = _table(
        "1 | `errors.py`, `core/` | errors and counts | row 1",
        "2 | `inputs/` | reading the inputs | rows 1–2",
        "3 | `metrics/` | figures from counts | only `core/`, `errors.py` and `metrics/` itself",
    )
    assert layer_problems(layer_rows(text), enforced_layers(LAYERS_SOURCE)) == []


def test_a_table_that_drifted_from_the_layers_is_caught() -> None:
    text = _table(
        "1 | `errors.py` | errors and counts | row 1",  # core/ left out
        "2 | `inputs/`, `align/` | reading the inputs | rows 1–2",  # align/ is not there
        "3 | `metrics/` | figures from counts | rows 1–3",  # metrics/ is narrower
    )
    problems = layer_problems(layer_rows(text), enforced_layers(LAYERS_SOURCE))
    assert problems == [
        "row 1 leaves out `core/`, which tests/test_layers.py puts in this layer (a new package "
        "needs its place in a row, and its job)",
        "row 2: `align/` is not in layer 2 of tests/test_layers.py",
        "row 3 says it may import 'rows 1–3'; tests/test_layers.py: `core/`, `errors.py`, "
        "`metrics/`",
    ]
    assert layer_problems(layer_rows(text)[:2], enforced_layers(LAYERS_SOURCE))[0].startswith(
        "the layers table has 2 rows"
    )


def test_a_package_left_out_is_caught_and_a_module_is_not() -> None:
    text = _table("1 | `core/` | the counting core | row 1", "2 | `inputs/` | reading | rows 1–2")
    problems = package_problems(text, ["wsscore.core", "wsscore.inputs", "wsscore.inputs.formats"])
    assert len(problems) == 2  # inputs/ without its job in a few words, inputs/formats/ unnamed
    assert all("a new package" in problem for problem in problems)
    assert package_problems(text + "`inputs/formats/`\n", ["wsscore.core"]) == []


def test_an_import_of_the_c_extension_elsewhere_is_caught() -> None:
    assert imports_c_extension("def f():\n    from wsscore import _speedups\n", "wsscore.x", False)
    assert imports_c_extension("from .. import _speedups\n", "wsscore.core.x", False)
    assert not imports_c_extension("from wsscore.core import backend\n", "wsscore.x", False)


def test_an_index_is_caught() -> None:
    long_cell = "| `core/` | " + "a job, " * 60 + "|\n"
    problems = map_problems("word " * (MAX_WORDS + 1) + "\n" + long_cell)
    assert [problem.split(" ")[1] for problem in problems] == ["words,", "2:"]


def test_a_heading_gives_its_anchor() -> None:
    assert slug("## The backend boundary") == "the-backend-boundary"
    assert slug("## Where to add …") == "where-to-add-"
