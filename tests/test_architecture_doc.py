"""docs/architecture.md names only what exists, and names every module.

The rules, applied to every `backticked` span outside fenced code blocks:

1. **Paths** (a span ending in ``.py``, ``.pyi``, ``.c``, ``.md``, ``.sh``, ``.toml`` or ``/``):
   the file or directory exists, relative to the repository when its first part is there
   (``wsscore/core/backend.py``, ``tools/snapshot.sh``), else relative to the package
   (``inputs/words.py``, ``align/``, ``_speedups_c/``).
2. **Module entries of the layers table**: in the *modules* column of the table under
   "The layers", a span outside parentheses names a module (``stream``) or a subpackage
   (``formats/``) of the package in the row's *layer* column.
3. **Dotted names** whose first part is an importable module (``wsscore.core.backend.NAME``,
   ``typing.Protocol``) or a builtin: the module imports and each further part is an attribute.
4. **Attached names**: a span directly followed by a parenthesis owns the Python names spanned
   inside it. Names owned by a module or path are its attributes (for a package, of the package
   or one of its modules): ``cli/app.py`` (``_run``) says that ``_run`` is in ``cli/app.py``.
   In a parenthesis that holds nothing but spans (a list), names owned by a name are its
   attributes: ``Report`` (``as_dict``), and a name followed by a list of paths is defined in
   one of them: ``SentenceDetail`` (``core/records.py``).
5. **Other names** (``SystemAligner``, ``Report.as_dict()``): the first part is defined at the
   top level of some module of the package (a class, a function or an assignment, not an
   import), and each further part is an attribute of it.

Spans that are neither paths nor Python names (``--extra``, ``wsscore score``, ``"c"``) are
prose and not checked. Markdown links to local files must reach a file. And every module of
the package is named somewhere, by a path, a dotted name or a layers-table entry (a module
inside a subpackage, such as ``inputs/formats/``, may be named by its subpackage).
"""

from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT

DOC = ROOT / "docs/architecture.md"
PACKAGE = ROOT / "wsscore"
LAYERS_HEADING = "## The layers"

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
    base: str | None  # for a layers-table module entry: the row's package, e.g. "align/"
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


def _layer_base(row: str) -> str | None:
    """The package of a layers-table row, when its layer cell names exactly one."""
    cells = row.strip().strip("|").split("|")
    packages = [found for found in SPAN.findall(cells[0]) if found.endswith("/")]
    return packages[0] if len(packages) == 1 else None


LIST = re.compile(r"(\s*`[^`]+`\s*(,|and|or)?)*\s*")


def _spans_of_text(text: str, line: int, base: str | None = None) -> list[Span]:
    """The spans of a piece of prose starting on ``line``, each with the span owning its
    parenthesis; ``base`` (a layers-table modules cell) makes the spans outside parentheses
    module entries."""
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
        last = Span(token[1:-1], at, owner, base if not opened else None)
        spans.append(last)
    return spans


def _is_layers_row(line: str, in_layers: bool) -> bool:
    return in_layers and line.startswith("|") and len(line.strip().strip("|").split("|")) == 3


def doc_spans(text: str) -> list[Span]:
    """Every span of the doc; a paragraph is read whole, so that a parenthesis may span lines,
    and a table row alone."""
    spans: list[Span] = []
    in_layers = False
    paragraph: list[str] = []  # the lines of the paragraph being read
    start = 0  # the number of its first line
    for number, line in enumerate([*_prose_lines(text), ""], start=1):
        if line.startswith("## "):
            in_layers = line.strip() == LAYERS_HEADING
        if line.strip() and not line.startswith("|"):
            start = start if paragraph else number
            paragraph.append(line)
            continue
        spans += _spans_of_text("\n".join(paragraph), start)
        paragraph = []
        if _is_layers_row(line, in_layers):
            cells = line.strip().strip("|").split("|")
            spans += _spans_of_text("|".join(cells[:2]) + "|", number)
            spans += _spans_of_text(cells[2], number, _layer_base(line))
        else:
            spans += _spans_of_text(line, number)
    return spans


# --- resolving what a span names --------------------------------------------------------------


def path_of(text: str, base: str | None = None) -> Path:
    """The file or directory a path span names (rule 1), or a module entry (rule 2)."""
    if base is not None:
        entry = PACKAGE / base / text
        return entry if text.endswith("/") else entry.with_suffix(".py")
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
    """Rule 3: (the module found, whether the rest are its attributes), or None when the first
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
    """Rule 5's index: each name defined at the top of a module -> the modules defining it."""
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
    """The module a span names as a whole: a path, a table entry or a dotted module name."""
    text = span.text.removesuffix("()")
    if span.base is not None or PATH.match(text):
        return module_of(path_of(text, span.base))
    dotted = resolve_dotted(text) if _is_name(span.text) else None
    return dotted[0] if dotted is not None and dotted[0] == text else None


def _name_problem(text: str, paths: list[Path]) -> str | None:
    """Rules 3 and 5 for a dotted name; ``paths``: where it must be defined, if given."""
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
    if span.base is not None or PATH.match(text):
        path = path_of(text, span.base)
        return None if path.exists() else f"no {path.relative_to(ROOT)}"
    if not _is_name(span.text):
        return None  # prose: an option, a command, a quoted value
    owner = span.owner
    if owner is not None and (owner.base is not None or PATH.match(owner.text)):
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


def named_modules(spans: list[Span]) -> set[str]:
    """The modules and packages the doc names by a path, a dotted name or a table entry."""
    named = set()
    for span in spans:
        text = span.text.removesuffix("()")
        if span.base is not None or PATH.match(text):
            module = module_of(path_of(text, span.base))
        elif _is_name(span.text) and text.startswith("wsscore"):
            module = (resolve_dotted(text) or (None, False))[0]
        else:
            module = None
        if module is not None:
            named.add(module)
    return named


def package_modules() -> list[str]:
    found = (module_of(path) for path in sorted(PACKAGE.rglob("*.py")))
    return [module for module in found if module]


def unnamed_modules(spans: list[Span]) -> list[str]:
    named = named_modules(spans)
    missing = []
    for module in package_modules():
        parts = module.split(".")
        # A module inside a subpackage (wsscore.inputs.formats.conllu) may be named by it.
        enclosing = {".".join(parts[:cut]) for cut in range(3, len(parts))}
        if module not in named and not enclosing & named:
            missing.append(module)
    return missing


# --- the tests ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spans() -> list[Span]:
    return doc_spans(DOC.read_text(encoding="utf-8"))


def test_every_path_and_name_the_doc_mentions_exists(spans: list[Span]) -> None:
    problems = [f"{span}: {problem}" for span in spans if (problem := problem_of(span, spans))]
    assert not problems, "docs/architecture.md has drifted:\n" + "\n".join(problems)


def test_every_module_of_the_package_is_named(spans: list[Span]) -> None:
    missing = unnamed_modules(spans)
    assert not missing, "docs/architecture.md does not name: " + ", ".join(missing)


def test_local_links_reach_a_file() -> None:
    text = "\n".join(_prose_lines(DOC.read_text(encoding="utf-8")))
    targets = [target.split("#")[0] for target in LINK.findall(text)]
    local = [target for target in targets if target and "://" not in target]
    assert local, "the doc links to docs/metrics.md at least"
    missing = [target for target in local if not (DOC.parent / target).exists()]
    assert not missing, f"broken links: {missing}"


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
    )
    assert _problems(text) == []


def test_layers_table_entries_are_modules_of_the_rows_package() -> None:
    text = (
        f"{LAYERS_HEADING}\n\n| layer | job | modules |\n|---|---|---|\n"
        "| `align/` | aligning | `stream` (`SystemAligner`), `records` (`Counts`), `parallel` |\n"
        "| `inputs/` | reading | `formats/` (`FORMATS`, `read_conllu`), `lines` |\n"
    )
    problems = _problems(text)
    assert [problem.split(":")[0] for problem in problems] == ["records", "Counts", "lines"]


def test_a_module_left_out_of_the_doc_is_caught() -> None:
    found = doc_spans("`wsscore/results.py`, `inputs/formats/`, `wsscore.core.backend`\n")
    missing = unnamed_modules(found)
    assert "wsscore.results" not in missing
    assert "wsscore.core.backend" not in missing
    assert "wsscore.inputs.formats.conllu" not in missing  # named by its subpackage
    assert "wsscore.metrics.tags" in missing
    assert "wsscore.inputs.words" in missing  # naming inputs/ would not be enough
