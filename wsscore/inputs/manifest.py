"""The manifest of ``wsscore suite``: which systems to score on which corpora, in one TOML file.

A manifest names corpora (a gold and how to read it) and systems (one output file per corpus)::

    [defaults]                                  # optional: settings of every corpus
    encoding = "utf-8"

    [corpora.pku]
    gold = "gold/pku_test_gold.utf8"
    dict = "gold/pku_training_words.utf8"

    [corpora.msr]
    gold = "gold/msr_test_gold.utf8"
    train = ["gold/msr_training.utf8"]
    encoding = "gbk"                            # overrides the default

    [systems]
    jieba = "out/jieba/{corpus}.txt"            # a pattern: {corpus} becomes each corpus name
    mm = { pku = "mm_pku.txt", msr = "mm_msr.txt" }   # or one path per corpus

**Top level.** Only ``corpora`` (a table of at least one corpus), ``systems`` (a table of at
least one system) and, optionally, ``defaults`` and ``conventions`` (``"thai"``,
``"japanese"``, ``"ud"`` or ``"sighan"``: the figures of the table, as ``--conventions``,
which overrides it). Corpora and systems keep the manifest's order;
their names are not empty.

**A corpus** (``[corpora.NAME]``) has these keys; ``[defaults]`` takes the same ones but
``gold``, and a corpus's own value wins over the default:

- ``gold``: the gold segmentation (required);
- ``dict`` (or its alias ``dictionary``, not both): a word list, or an array of them;
- ``train``: a segmented training corpus whose words are known, or an array of them;
- ``encoding``, ``gold_encoding``, ``pred_encoding``, ``dict_encoding``: encoding names
  (``auto`` detects each file);
- ``format``, ``gold_format``, ``pred_format``: one of auto, words, tagged, chars, conllu, jsonl,
  mecab, kytea, best, vlsp;
- ``tag_sep``: the one-character separator of ``word/TAG`` tokens;
- ``word_sep``, ``gold_word_sep``, ``pred_word_sep``: a string that separates words besides
  white space in words and tagged files (jieba's command line prints ``他 / 来到``: ``" / "``);
- ``drop_first_token`` (boolean): drop the paragraph id that starts People's Daily lines;
- ``tag_column``: ``upos`` or ``xpos`` (the CoNLL-U column of the tags);
- ``tag_field``: the field of a mecab or kytea token that holds its tag, a number from 1 or a
  range as a string (``"1-2"``);
- ``mismatch``: ``warn``, ``error`` or ``align``;
- ``unit``: ``char``, ``grapheme`` or ``syllable``, what a boundary can fall between (as
  ``--unit``; unset, the gold format's own);
- ``normalize``: the text rewritten alike in gold, outputs and dictionary before scoring (as
  ``--normalize``: ``"mccws"``, ``"width"``, steps joined by ``+``; unset, ``"none"``);
- ``tags`` (boolean): score the tags of this corpus too.

Each key but ``tags`` sets the :class:`~wsscore.inputs.options.InputOptions` field of the same
name (``format`` sets ``input_format``, ``dict`` sets ``dictionary``).

**A system** (a key of ``[systems]``) is either a path pattern, in which ``{corpus}`` stands
for each corpus name (``{{`` and ``}}`` are literal braces; no other placeholder is allowed),
or a table from corpus names to paths. A table may leave out corpora: that system has no output
for them, which is an error unless missing outputs are allowed (``--allow-missing``); then the
cell is left empty. An output file that does not exist is the same: an error, or with
``--allow-missing`` an empty cell.

**Paths** are relative to the manifest's directory (``~`` is expanded; absolute paths are kept;
compressed ``.gz`` files are fine). Every gold, dictionary and training corpus must exist.
"""

from __future__ import annotations

import codecs
import difflib
import os
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from wsscore.core.definitions import UNITS
from wsscore.errors import InvalidArgument, WsscoreError, location
from wsscore.inputs.encodings import SUPPORTED_NAMES, lookup
from wsscore.inputs.formats.model import LABEL_ORDERS, TAG_COLUMNS, TagFields, parse_tag_field
from wsscore.inputs.formatted import FORMAT_CHOICES
from wsscore.inputs.labels import LABEL_HINT, label_flaw
from wsscore.inputs.options import MISMATCH_POLICIES, InputOptions

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]  # only on 3.10

ALLOW_MISSING_HINT = "or pass --allow-missing to leave that cell empty"
PLACEHOLDER = "corpus"
TOP_KEYS = ("corpora", "systems", "defaults", "conventions")
# The named conventions (wsscore.metrics.conventions, above this layer's reach).
CONVENTION_NAMES = ("thai", "japanese", "ud", "sighan")

# tomllib puts the place of a syntax error at the end of its message, not in attributes
# (before Python 3.14).
_SYNTAX_PLACE = re.compile(
    r"^(?P<message>.*?)\s*\(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$", re.S
)
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# A pattern's parts: escaped braces first, then a placeholder, a lone brace, or plain text.
_PATTERN_PART = re.compile(r"\{\{|\}\}|\{[^{}]*\}|[{}]|[^{}]+")


@dataclass(frozen=True)
class CorpusEntry:
    """A corpus of the manifest: its gold, how its inputs are read, and whether tags count."""

    name: str
    gold: str  # the resolved path
    # InputOptions field -> value: only those given, defaults merged. Paths are resolved; a
    # dictionary or training corpus given as one path is a str, given as an array a list.
    settings: dict[str, object]
    tags: bool

    def inputs(self, base: InputOptions) -> InputOptions:
        """``base`` (the command line's options) with this corpus's settings on top."""
        return base.replace(**self.settings)


@dataclass(frozen=True)
class SystemEntry:
    """A system of the manifest: its output for each corpus (None: missing, a blank cell)."""

    name: str
    outputs: dict[str, str | None]  # every corpus, in corpus order


@dataclass(frozen=True)
class Manifest:
    """A checked manifest: corpora and systems in its order, every path resolved."""

    path: str  # as the user gave it
    corpora: list[CorpusEntry]
    systems: list[SystemEntry]
    conventions: str | None = None  # the table's figures, as --conventions


@dataclass(frozen=True)
class _Context:
    """Where the manifest is: errors are located at it, paths are relative to its directory."""

    where: str
    base: str

    def error(self, message: str, hint: str | None = None) -> WsscoreError:
        return WsscoreError(message, where=self.where, hint=hint)

    def resolve(self, path: str) -> str:
        path = os.path.expanduser(path)
        return path if os.path.isabs(path) else os.path.normpath(os.path.join(self.base, path))


def load_manifest(path: str | os.PathLike[str], *, allow_missing: bool = False) -> Manifest:
    """Read and check a manifest; every problem is a :class:`WsscoreError` located in it.

    With ``allow_missing``, an output that is not named or does not exist is None instead of
    an error.
    """
    where = os.fspath(path)
    if where == "-":
        raise WsscoreError(
            "a manifest cannot be read from standard input: the paths in it are relative to its "
            "directory",
            where="-",
            hint="give the path of the TOML file",
        )
    manifest = os.path.abspath(os.path.expanduser(where))
    context = _Context(where, os.path.dirname(manifest))
    document = _parse(_read_text(manifest, context), context)
    return _build(document, context, allow_missing)


# --- reading ----------------------------------------------------------------------------------


def _read_text(manifest: str, context: _Context) -> str:
    try:
        with open(manifest, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise context.error(
            f"no such manifest file (looked for {manifest})", hint="give the path of a TOML file"
        ) from None
    except IsADirectoryError:
        raise context.error(
            "the manifest is a directory, not a TOML file", hint="give the path of a TOML file"
        ) from None
    except OSError as exc:
        raise context.error(f"cannot read the manifest: {exc.strerror or exc}") from None
    # Editors on Windows save UTF-8 with a byte order mark, which TOML does not allow.
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - data.rfind(b"\n", 0, exc.start)
        raise WsscoreError(
            f"the manifest is not UTF-8 (byte {data[exc.start]:#04x})",
            where=location(context.where, line, col),
            hint="save it as UTF-8, as TOML requires",
        ) from None


def _parse(text: str, context: _Context) -> dict[str, object]:
    try:
        parsed: dict[str, object] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message, line, col = _syntax_place(str(exc), text)
        raise WsscoreError(
            f"TOML syntax error: {message}",
            where=location(context.where, line, col),
            hint="a manifest is TOML: see https://toml.io",
        ) from None
    except RecursionError:  # tomllib reads nested arrays and inline tables by recursion
        raise WsscoreError(
            "arrays or inline tables nested too deeply to read",
            where=location(context.where, _too_deep_line(text)),
            hint="a manifest nests its tables a few levels deep at most",
        ) from None
    return parsed


_DEEP = 100  # open brackets and braces: no manifest of wsscore nests anywhere near so deep


def _too_deep_line(text: str) -> int | None:
    """The line where more than ``_DEEP`` brackets or braces are open (quotes not told apart:
    it only places a message)."""
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        for char in line:
            depth += (char in "[{") - (char in "]}")
            if depth > _DEEP:
                return number
    return None


def _syntax_place(error: str, text: str) -> tuple[str, int, int]:
    """The message of a tomllib error and its line and column (the end of an unfinished one)."""
    found = _SYNTAX_PLACE.match(error)
    if found is None:
        return error, 1, 1
    if found["line"]:
        return found["message"], int(found["line"]), int(found["col"])
    lines = text.rstrip("\r\n").split("\n")
    return found["message"], len(lines), len(lines[-1].rstrip("\r")) + 1


# --- the document -----------------------------------------------------------------------------


def _build(document: dict[str, object], context: _Context, allow_missing: bool) -> Manifest:
    _refuse_unknown_keys(document, TOP_KEYS, "", context)
    corpora_table = _required_table(document, "corpora", "[corpora.NAME] with gold = …", context)
    systems_table = _required_table(document, "systems", 'NAME = "out/NAME/{corpus}.txt"', context)
    defaults = _defaults(document.get("defaults"), context)
    corpora = [
        _corpus(name, value, defaults, context)
        for name, value in _named(corpora_table, "corpora", context)
    ]
    names = [corpus.name for corpus in corpora]
    systems = [
        _system(name, value, names, context, allow_missing)
        for name, value in _named(systems_table, "systems", context)
    ]
    return Manifest(
        context.where, corpora, systems, _conventions(document.get("conventions"), context)
    )


def _conventions(value: object, context: _Context) -> str | None:
    if value is None or value in CONVENTION_NAMES:
        return value
    raise context.error(
        f"conventions: {value!r} is not a convention",
        hint=f"give one of {', '.join(CONVENTION_NAMES)}",
    )


def _required_table(
    document: dict[str, object], key: str, example: str, context: _Context
) -> dict[str, object]:
    if key not in document:
        raise context.error(f"no [{key}] table", hint=f"add one: {example}")
    table = _table(document[key], key, context)
    if not table:
        raise context.error(f"{key}: the table is empty", hint=f"add at least one: {example}")
    return table


def _named(
    table: dict[str, object], section: str, context: _Context
) -> Iterable[tuple[str, object]]:
    for name, value in table.items():
        if not name.strip():
            raise context.error(
                f"{_key(section, name)}: an empty name", hint="name it: the name heads a column"
            )
        flaw = label_flaw(name)
        if flaw is not None:
            raise context.error(f"{section}: the name {name!r} holds {flaw}", hint=LABEL_HINT)
        yield name, value


def _defaults(value: object, context: _Context) -> dict[str, object]:
    if value is None:
        return {}
    table = _table(value, "defaults", context)
    if "gold" in table:
        raise context.error(
            "defaults.gold: each corpus has its own gold", hint="move it into [corpora.NAME]"
        )
    return _settings(table, tuple(SETTINGS), "defaults", context)


def _corpus(
    name: str, value: object, defaults: dict[str, object], context: _Context
) -> CorpusEntry:
    prefix = _key("corpora", name)
    table = _table(value, prefix, context, example=f'[{prefix}] with gold = "…"')
    own = _settings(table, ("gold", *SETTINGS, "corpus"), prefix, context)  # first: "glod"
    # Lists are copied so that no two corpora share one mutable value of the defaults.
    merged = {**defaults, **own}
    data = merged.pop("data", None)
    if "corpus" in table:
        gold = _known_corpus(table, data, merged, prefix, context)
    elif "gold" not in table:
        raise context.error(f"{prefix}: no gold", hint=f'add gold = "path/to/gold" to [{prefix}]')
    else:
        gold = _existing_file(table["gold"], _key(prefix, "gold"), context)
    settings = {field: list(v) if isinstance(v, list) else v for field, v in merged.items()}
    tags = settings.pop("tags", False)
    _check_accepted(settings, prefix, context)
    return CorpusEntry(name, gold, settings, bool(tags))


def _known_corpus(
    table: dict[str, object],
    data: object,
    settings: dict[str, object],
    prefix: str,
    context: _Context,
) -> str:
    """The gold of ``corpus = "ID"``, found in the ``data`` folder, and its training word list
    unless the corpus gives a dictionary or a training corpus: each checked against the
    SHA-256 that ``wsscore corpora`` lists."""
    from wsscore.inputs.corpus_registry import corpus_named, known_corpora, official_file

    key, value = _key(prefix, "corpus"), table["corpus"]
    if "gold" in table:
        raise context.error(
            f"{prefix}: both gold and corpus", hint="keep one: corpus finds its gold in data"
        )
    corpus = corpus_named(value) if isinstance(value, str) else None
    if corpus is None:
        names = [known.id for known in known_corpora()]
        close = _suggestion(value, names) if isinstance(value, str) else None
        raise context.error(
            f"{key}: {_shown(value)} is not a known corpus",
            hint=close or "wsscore corpora lists them: " + ", ".join(names),
        )
    if not isinstance(data, str):
        raise context.error(
            f"{key}: no data folder to find it in",
            hint=f'add data = "path/to/the/data" to [{prefix}] or to [defaults]',
        )
    try:
        gold = official_file(corpus.id, data)
        if corpus.words_id and "dictionary" not in settings and "train" not in settings:
            settings["dictionary"] = official_file(corpus.words_id, data)
    except WsscoreError as exc:
        raise context.error(f"{key}: {exc.message}", hint=exc.hint) from None
    return gold


def _check_accepted(settings: dict[str, object], prefix: str, context: _Context) -> None:
    """InputOptions's own checks, which the manifest's should have made already (a safety net
    for rules added there later)."""
    try:
        InputOptions().replace(**settings)
    except InvalidArgument as exc:
        raise context.error(f"{prefix}: {exc.message}", hint=exc.hint) from None


# --- settings ---------------------------------------------------------------------------------

Check = Callable[[object, str, _Context], object]


def _settings(
    table: dict[str, object], allowed: tuple[str, ...], prefix: str, context: _Context
) -> dict[str, object]:
    """The settings of a corpus or of the defaults, by InputOptions field (and ``tags``)."""
    _refuse_unknown_keys(table, allowed, prefix, context)
    if "dict" in table and "dictionary" in table:
        raise context.error(
            f"{prefix}: both dict and dictionary", hint="they are one setting: keep one of them"
        )
    settings: dict[str, object] = {}
    for key, value in table.items():
        if key in SETTINGS:
            field, check = SETTINGS[key]
            settings[field] = check(value, _key(prefix, key), context)
    return settings


def _paths(value: object, key: str, context: _Context) -> str | list[str]:
    """One existing file, or an array of them (kept an array, even of one)."""
    if isinstance(value, list):
        if not value:
            raise context.error(f"{key}: an empty array", hint="give at least one path, or no key")
        return [_existing_file(item, f"{key}[{i}]", context) for i, item in enumerate(value)]
    if not isinstance(value, str):
        raise _type_error(value, key, "a path or an array of paths", context)
    return _existing_file(value, key, context)


def _existing_file(value: object, key: str, context: _Context) -> str:
    path = _path(value, key, context)
    if os.path.isfile(path):
        return path
    if os.path.isdir(path):
        raise context.error(f"{key}: {value} is a directory, not a file", hint="name a file in it")
    raise context.error(
        f"{key}: no such file {value} (looked for {path})",
        hint="paths are relative to the manifest's directory",
    )


def _path(value: object, key: str, context: _Context) -> str:
    return context.resolve(_written_path(value, key, context))


def _written_path(value: object, key: str, context: _Context) -> str:
    """A path as the manifest writes it: a string that is not empty."""
    if not isinstance(value, str):
        raise _type_error(value, key, "a path (a string)", context)
    if not value.strip():
        raise context.error(f"{key}: an empty path", hint="give the path of a file")
    return value


def _encoding(value: object, key: str, context: _Context) -> str:
    if not isinstance(value, str):
        raise _type_error(value, key, "an encoding name (a string)", context)
    if value != "auto":
        try:
            lookup(value)
        except ValueError:
            raise context.error(
                f"{key}: unknown encoding {value!r}", hint=f"use one of {SUPPORTED_NAMES}"
            ) from None
    return value


def _choice(choices: tuple[str, ...]) -> Check:
    def check(value: object, key: str, context: _Context) -> str:
        if isinstance(value, str) and value in choices:
            return value
        shown = repr(value) if isinstance(value, str) else _type_name(value)
        raise context.error(
            f"{key}: expected one of {', '.join(choices)}, not {shown}",
            hint=_suggestion(value, choices) if isinstance(value, str) else None,
        )

    return check


def _directory(value: object, key: str, context: _Context) -> str:
    path = _path(value, key, context)
    if not os.path.isdir(path):
        raise context.error(
            f"{key}: no such folder {value} (looked for {path})",
            hint="paths are relative to the manifest's directory",
        )
    return path


def _boolean(value: object, key: str, context: _Context) -> bool:
    if not isinstance(value, bool):
        raise _type_error(value, key, "true or false", context)
    return value


def _tag_sep(value: object, key: str, context: _Context) -> str:
    if not isinstance(value, str) or len(value) != 1 or value.isspace():
        raise context.error(
            f"{key}: expected one character that is not white space, not {_shown(value)}",
            hint='use "/" or "_"',
        )
    return value


def _word_sep(value: object, key: str, context: _Context) -> str:
    if not isinstance(value, str) or not value:
        raise context.error(
            f"{key}: expected a string that is not empty, not {_shown(value)}",
            hint='use the string between words, e.g. " / " or "|"',
        )
    return value


def _tag_field(value: object, key: str, context: _Context) -> TagFields:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _type_error(value, key, 'a field number or a range as a string ("1-2")', context)
    try:
        return parse_tag_field(value)
    except InvalidArgument as error:
        raise context.error(f"{key}: {error.message}", hint=error.hint) from None


def _normalize(value: object, key: str, context: _Context) -> str:
    if not isinstance(value, str):
        raise _type_error(value, key, 'a profile name (a string, e.g. "mccws")', context)
    if value == "none":
        return value
    from wsscore.inputs.normalize import profile_of

    try:
        return profile_of(value)
    except InvalidArgument as error:
        raise context.error(f"{key}: {error.message}", hint=error.hint) from None


# Manifest key -> (InputOptions field, check of its value); "tags" is not an InputOptions field.
SETTINGS: dict[str, tuple[str, Check]] = {
    "dict": ("dictionary", _paths),
    "dictionary": ("dictionary", _paths),
    "train": ("train", _paths),
    "encoding": ("encoding", _encoding),
    "gold_encoding": ("gold_encoding", _encoding),
    "pred_encoding": ("pred_encoding", _encoding),
    "dict_encoding": ("dict_encoding", _encoding),
    "format": ("input_format", _choice(FORMAT_CHOICES)),
    "gold_format": ("gold_format", _choice(FORMAT_CHOICES)),
    "pred_format": ("pred_format", _choice(FORMAT_CHOICES)),
    "tag_sep": ("tag_sep", _tag_sep),
    "word_sep": ("word_sep", _word_sep),
    "gold_word_sep": ("gold_word_sep", _word_sep),
    "pred_word_sep": ("pred_word_sep", _word_sep),
    "drop_first_token": ("drop_first_token", _boolean),
    "tag_column": ("tag_column", _choice(TAG_COLUMNS)),
    "tag_field": ("tag_field", _tag_field),
    "label_order": ("label_order", _choice(LABEL_ORDERS)),
    "gold_label_order": ("gold_label_order", _choice(LABEL_ORDERS)),
    "pred_label_order": ("pred_label_order", _choice(LABEL_ORDERS)),
    "mismatch": ("mismatch", _choice(MISMATCH_POLICIES)),
    "unit": ("unit", _choice(UNITS)),
    "normalize": ("normalize", _normalize),
    "tags": ("tags", _boolean),
    # The folder of the data as distributed, where corpus = "ID" finds its files.
    "data": ("data", _directory),
}


# --- systems ----------------------------------------------------------------------------------


def _system(
    name: str, value: object, corpora: list[str], context: _Context, allow_missing: bool
) -> SystemEntry:
    prefix = _key("systems", name)
    if isinstance(value, str):
        named = _from_pattern(value, corpora, prefix, context)
    elif isinstance(value, dict):
        named = _from_table(value, corpora, prefix, context)
    else:
        raise _type_error(value, prefix, "a path pattern or a table of paths by corpus", context)
    outputs = {
        corpus: _output(named.get(corpus), name, corpus, prefix, context, allow_missing)
        for corpus in corpora
    }
    return SystemEntry(name, outputs)


def _from_pattern(
    pattern: str, corpora: list[str], prefix: str, context: _Context
) -> dict[str, str]:
    """Each corpus's path, as written, from a pattern with ``{corpus}`` in it."""
    pieces = _pattern_pieces(_written_path(pattern, prefix, context), prefix, context)
    return {corpus: "".join(corpus if p is None else p for p in pieces) for corpus in corpora}


def _pattern_pieces(pattern: str, prefix: str, context: _Context) -> list[str | None]:
    """The literal text of a pattern, with None where ``{corpus}`` goes (str.format's rules)."""
    hint = "only {corpus} is replaced; write {{ and }} for literal braces"
    pieces: list[str | None] = []
    for found in _PATTERN_PART.finditer(pattern):
        part = found.group()
        if part in ("{{", "}}"):
            pieces.append(part[0])
        elif part == "{" + PLACEHOLDER + "}":
            pieces.append(None)
        elif part in ("{", "}"):
            pair = "}" if part == "{" else "{"
            raise context.error(
                f"{prefix}: a {part!r} without its {pair!r} at character {found.start() + 1} "
                f"of {pattern!r}",
                hint=hint,
            )
        elif part.startswith("{"):
            raise context.error(f"{prefix}: unknown placeholder {part} in {pattern!r}", hint=hint)
        else:
            pieces.append(part)
    return pieces


def _from_table(
    table: dict[str, object], corpora: list[str], prefix: str, context: _Context
) -> dict[str, str]:
    if not table:
        raise context.error(f"{prefix}: the table is empty", hint="give a path for each corpus")
    paths = {}
    for corpus, value in table.items():
        if corpus not in corpora:
            raise context.error(
                f"{_key(prefix, corpus)}: names an unknown corpus {corpus!r} "
                f"(corpora: {', '.join(corpora)})",
                hint=_suggestion(corpus, corpora) or "add it under [corpora], or remove this key",
            )
        paths[corpus] = _written_path(value, _key(prefix, corpus), context)
    return paths


def _output(
    written: str | None,
    system: str,
    corpus: str,
    prefix: str,
    context: _Context,
    allow_missing: bool,
) -> str | None:
    """The resolved output of a system on a corpus; None if missing and that is allowed."""
    if written is None:
        if allow_missing:
            return None
        raise context.error(
            f"system {system!r} has no output for corpus {corpus!r}",
            hint=f'add {_key("", corpus)} = "…" to {prefix}, {ALLOW_MISSING_HINT}',
        )
    path = context.resolve(written)
    if os.path.isfile(path):
        return path
    if os.path.isdir(path):
        raise context.error(
            f"{prefix}: the output for corpus {corpus!r}, {written}, is a directory",
            hint="name the file of that system's output",
        )
    if allow_missing:
        return None
    raise context.error(
        f"{prefix}: no output file {written} of system {system!r} for corpus {corpus!r} "
        f"(looked for {path})",
        hint=f"fix the path, {ALLOW_MISSING_HINT}",
    )


# --- messages ---------------------------------------------------------------------------------


def _table(
    value: object, key: str, context: _Context, example: str | None = None
) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _type_error(value, key, "a table", context, hint=example and f"write {example}")
    return value


def _refuse_unknown_keys(
    table: dict[str, object], allowed: Iterable[str], prefix: str, context: _Context
) -> None:
    allowed = tuple(allowed)
    for key in table:
        if key not in allowed:
            raise context.error(
                f"{_key(prefix, key)}: unknown key",
                hint=_suggestion(key, allowed) or f"the keys allowed are {', '.join(allowed)}",
            )


def _suggestion(value: str, choices: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(value, list(choices), n=1)
    return f"did you mean {close[0]!r}?" if close else None


def _type_error(
    value: object, key: str, expected: str, context: _Context, hint: str | None = None
) -> WsscoreError:
    return context.error(f"{key}: expected {expected}, not {_shown(value)}", hint=hint)


def _shown(value: object) -> str:
    """A value for a message: its TOML type, and the value itself when short."""
    name = _type_name(value)
    if isinstance(value, (dict, list)):
        return name
    text = str(value).lower() if isinstance(value, bool) else repr(value)
    return f"{name} {text}" if len(text) <= 40 else name


def _type_name(value: object) -> str:
    if isinstance(value, bool):  # before int: a bool is an int in Python
        return "a boolean"
    names = {
        str: "a string",
        int: "an integer",
        float: "a float",
        list: "an array",
        dict: "a table",
    }
    for kind, name in names.items():
        if isinstance(value, kind):
            return name
    return "a date or time"


def _key(prefix: str, name: str) -> str:
    """``name`` under the key path ``prefix`` ("" at the top), as TOML writes it: a name that
    is not a bare key (a dot, a space, a Chinese corpus name) is quoted."""
    if not _BARE_KEY.fullmatch(name):
        name = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"{prefix}.{name}" if prefix else name
