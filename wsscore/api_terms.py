"""Messages in the terms of whoever called: API arguments for Python callers, flags for the CLI.

The library words its errors, hints and warnings once, in the command line's terms
(``--mismatch align``), since the command line shows them most. A Python caller of
:func:`wsscore.score` never typed a flag, so at the public entry points the same text is said
in API terms (``InputOptions(mismatch="align")``), through one table, :data:`API_ARGUMENTS`:
each flag of the command line that stands for an API argument, and which argument.

How to use it (for a new public entry point, e.g. a class):

- decorate each public function or method with :func:`in_api_terms`::

      @in_api_terms("score")
      def score(gold, predictions, *, inputs=None, names=None, ...): ...

  Within the call, warnings collected by a :class:`~wsscore.errors.Warnings` are worded in API
  terms as they are relayed (printed or kept), and a :class:`~wsscore.errors.WsscoreError`
  leaving the call has its message and hint reworded. A flag becomes an argument of the entry
  point itself when it has a parameter of that name (``score(names=[...])``), else of the
  owner the table names (``InputOptions(dict_encoding=...)``). A method whose own parameters are
  not the ones to name (``Scorer.update``) gives ``parameters`` (the constructor's, say);
  ``renames`` maps an argument of the table to the entry's own name for it
  (``load_dictionary`` calls ``dict_encoding`` ``encoding``).
- or wrap a block in :func:`api_terms_for` (the same, as a context manager).

Nested entry points keep the outermost one's terms; the command line runs its commands inside
:func:`command_line_terms`, where nothing is reworded, so its output stays as it is.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import inspect
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from typing import NamedTuple, ParamSpec, TypeVar

from wsscore.core.patterns import LazyPattern
from wsscore.errors import WORDING, WsscoreError

P = ParamSpec("P")
R = TypeVar("R")

INPUT_OPTIONS = "InputOptions"


class Value(Enum):
    """What may follow a flag as its value in a message, and how the argument takes it."""

    FLAG = "flag"  # no value: the argument is True (``--strict``)
    CHOICE = "choice"  # one of the argument's choices (``--mismatch align``)
    ENCODING = "encoding"  # a codec's name (``--gold-encoding gb18030``)
    TEXT = "text"  # a string, quoted for a shell unless plain (``--word-sep ' / '``)
    NUMBER = "number"  # a number (``--samples 1000``)
    OTHER = "other"  # paths, lists, mappings: never written after the flag in a message


class Argument(NamedTuple):
    """The API argument that a flag of the command line stands for."""

    name: str  # the parameter's name (``dict_encoding``)
    owner: str  # who takes it when the entry point has no parameter of that name
    value: Value
    choices: tuple[str, ...] = ()
    placeholder: str = "..."  # written for a value the message does not give (``[...]``)


def _choice(name: str, choices: tuple[str, ...], owner: str = INPUT_OPTIONS) -> Argument:
    return Argument(name, owner, Value.CHOICE, choices)


FORMATS = ("auto", "words", "tagged", "chars", "conllu", "jsonl", "mecab", "kytea", "best", "vlsp")
LABEL_ORDERS = ("pos-tag", "tag-pos")

# Every flag of the command line that stands for an argument of the Python API (a test walks
# every command's options and requires each to be here or among the command line's own).
API_ARGUMENTS: dict[str, Argument] = {
    # InputOptions: how the inputs are read
    "-d": Argument("dictionary", INPUT_OPTIONS, Value.OTHER),
    "--dict": Argument("dictionary", INPUT_OPTIONS, Value.OTHER),
    "--train": Argument("train", INPUT_OPTIONS, Value.OTHER),
    "--encoding": Argument("encoding", INPUT_OPTIONS, Value.ENCODING),
    "--gold-encoding": Argument("gold_encoding", INPUT_OPTIONS, Value.ENCODING),
    "--pred-encoding": Argument("pred_encoding", INPUT_OPTIONS, Value.ENCODING),
    "--dict-encoding": Argument("dict_encoding", INPUT_OPTIONS, Value.ENCODING),
    "--difficulty-encoding": Argument("difficulty_encoding", INPUT_OPTIONS, Value.ENCODING),
    "--mismatch": _choice("mismatch", ("warn", "error", "align")),
    "--strict": Argument("strict", INPUT_OPTIONS, Value.FLAG),
    "--input-format": _choice("input_format", FORMATS),
    "--gold-format": _choice("gold_format", FORMATS),
    "--pred-format": _choice("pred_format", FORMATS),
    "--tag-sep": Argument("tag_sep", INPUT_OPTIONS, Value.TEXT),
    "--drop-first-token": Argument("drop_first_token", INPUT_OPTIONS, Value.FLAG),
    "--tag-column": _choice("tag_column", ("upos", "xpos")),
    "--tag-field": Argument("tag_field", INPUT_OPTIONS, Value.TEXT),
    "--label-order": _choice("label_order", LABEL_ORDERS),
    "--gold-label-order": _choice("gold_label_order", LABEL_ORDERS),
    "--pred-label-order": _choice("pred_label_order", LABEL_ORDERS),
    "--unit": _choice("unit", ("char", "grapheme", "syllable")),
    "--normalize": Argument("normalize", INPUT_OPTIONS, Value.TEXT),
    "--word-sep": Argument("word_sep", INPUT_OPTIONS, Value.TEXT),
    "--gold-word-sep": Argument("gold_word_sep", INPUT_OPTIONS, Value.TEXT),
    "--pred-word-sep": Argument("pred_word_sep", INPUT_OPTIONS, Value.TEXT),
    # the arguments of score() (and of compare(), analyse(), score_by_diff() that share them)
    "--name": Argument("names", "score", Value.OTHER, placeholder="[...]"),
    "--ci": _choice("ci", ("bakeoff", "wilson", "bootstrap", "none"), "score"),
    "--samples": Argument("samples", "score", Value.NUMBER),
    "--seed": Argument("seed", "score", Value.NUMBER),
    "--beta": Argument("beta", "score", Value.NUMBER),
    "--sort": _choice("sort", ("f", "r", "p", "roov", "name", "none"), "score"),
    "--extra": Argument("extra", "score", Value.FLAG),
    "--tags": Argument("tags", "score", Value.FLAG),
    "--conventions": _choice("conventions", ("thai", "japanese", "ud", "sighan"), "score"),
    "--tag-map": Argument("tag_map", "score", Value.OTHER, placeholder="{...}"),
    "--baseline": Argument("baseline", "score", Value.FLAG),
    "--topline": Argument("topline", "score", Value.FLAG),
    "--committee": Argument("committee", "score", Value.OTHER, placeholder="[...]"),
    "--difficulty": Argument("difficulty", "score", Value.OTHER),
    "-j": Argument("jobs", "score", Value.NUMBER),
    "--jobs": Argument("jobs", "score", Value.NUMBER),
    "--trials": Argument("trials", "compare", Value.NUMBER),
    "--top": Argument("top", "analyse", Value.NUMBER),
    "--per-line": Argument("per_line", "analyse", Value.NUMBER),
}

# The one flag that picks an entry point rather than an argument: --match diff is
# score_by_diff(), --match span score().
MATCH_FLAG = "--match"
MATCH_ENTRIES = {"diff": "score_by_diff()", "span": "score()"}
MATCH_EITHER = "score() or score_by_diff()"

# A flag (``-d/--dict`` is one) where a sentence puts one: after a space, a parenthesis or the
# slash of ``--gold-format/--pred-format``, and not as a piece of a word or a file's name
# (``/tmp/--dict.txt``); then perhaps its value after one space: a shell-quoted string, a plain
# separator, or a word.
_FLAG = LazyPattern(
    r"(?:(?<=[\s(/])|^)(?P<flag>(?:-[a-z](?:/--[a-z][a-z-]*)?|--[a-z][a-z-]*)(?![\w-]|\.\w))"
    r"(?: (?!--)(?P<value>'[^']*'|[@%+=:,./-]+(?=[\s;)]|$)|[\w.-]+))?"
)
# A value already said as Python writes it (``tag_sep=" --baseline "``) is the caller's own text:
# saying a text twice leaves it alone.
_SAID_VALUE = r'(?P<said>(?<==)"(?:[^"\\]|\\.)*")'
_FLAG_OR_SAID_VALUE = LazyPattern(f"{_SAID_VALUE}|{_FLAG.pattern}")


class ApiTerms(NamedTuple):
    """How flags are said to the caller of one entry point."""

    entry: str  # ``score``
    parameters: frozenset[str]  # the entry point's own arguments
    renames: Mapping[str, str]  # an argument of the table -> the entry point's name for it

    def say(self, text: str) -> str:
        """``text`` with every flag of :data:`API_ARGUMENTS` said as its API argument."""
        return _FLAG_OR_SAID_VALUE.sub(self._replacement, text)

    def _replacement(self, found: re.Match[str]) -> str:
        if found.group("said") is not None:
            return found.group()
        flag, value = found.group("flag"), found.group("value")
        if flag == MATCH_FLAG:
            if value in MATCH_ENTRIES:
                return MATCH_ENTRIES[value]
            return MATCH_EITHER + self._after(value)
        argument = API_ARGUMENTS.get(flag.rpartition("/")[2])
        if argument is None:
            return found.group()
        taken = _taken_value(argument, value)
        # A renamed argument is the entry point's own, which may take one value, not a list.
        placeholder = "..." if argument.name in self.renames else argument.placeholder
        shown = placeholder if taken is None else taken
        if argument.value is Value.FLAG:
            shown = "True"
        spoken = f"{self._owner(argument)}({self._name(argument)}={shown})"
        return spoken if taken is not None else spoken + self._after(value)

    def _after(self, value: str | None) -> str:
        """What followed a flag that was not its value (a word of the sentence), put back, and
        said in these terms too (a quoted stretch may hold another flag)."""
        return "" if value is None else f" {self.say(value)}"

    def _name(self, argument: Argument) -> str:
        return self.renames.get(argument.name, argument.name)

    def _owner(self, argument: Argument) -> str:
        return self.entry if self._name(argument) in self.parameters else argument.owner

    def reword(self, error: WsscoreError) -> None:
        """Say an error's message and hint in these terms (in place: the traceback stays)."""
        error.message = self.say(error.message)
        if error.hint is not None:
            error.hint = self.say(error.hint)
        error.args = (error.message, *error.args[1:])


def _taken_value(argument: Argument, value: str | None) -> str | None:
    """The value a message gives the flag, as Python writes it; None when what follows the
    flag is not its value (``check --dict-encoding and ...``)."""
    if value is None:
        return None
    import json  # a message that names a flag's value: not loaded for every run
    import shlex

    kind = argument.value
    if kind is Value.CHOICE and value in argument.choices:
        return json.dumps(value)
    if kind is Value.ENCODING and _is_text_codec(value):
        return json.dumps(value)
    if kind is Value.NUMBER and re.fullmatch(r"\d+(?:\.\d+)?", value):
        return value
    if kind is Value.TEXT and (value.startswith("'") or not re.search(r"\w", value)):
        return json.dumps(shlex.split(value)[0], ensure_ascii=False)
    return None


def _is_text_codec(name: str) -> bool:
    try:
        return codecs.lookup(name)._is_text_encoding
    except LookupError:
        return False


def _as_worded(text: str) -> str:
    """The command line's terms: every message as worded."""
    return text


@contextlib.contextmanager
def api_terms_for(
    entry: str, parameters: Iterable[str] = (), renames: Mapping[str, str] | None = None
) -> Iterator[None]:
    """Within the block, messages are said to a caller of ``entry`` (whose own arguments are
    ``parameters``); an error leaving it is reworded. Inside another entry point or a command
    of the command line, the outer terms hold."""
    if WORDING.get() is not None:
        yield
        return
    terms = ApiTerms(entry, frozenset(parameters), dict(renames or {}))
    token = WORDING.set(terms.say)
    try:
        yield
    except WsscoreError as error:
        terms.reword(error)
        raise
    finally:
        WORDING.reset(token)


def in_api_terms(
    entry: str,
    *,
    parameters: Iterable[str] | None = None,
    renames: Mapping[str, str] | None = None,
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator: the function is the public entry point ``entry``, whose messages name its
    arguments (its own parameters unless ``parameters`` are given) and not flags. An
    InputOptions field the function also takes (``score(dictionary=...)``) is named as the
    function's own argument, the shortest call that works."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        if parameters is None:
            own = frozenset(inspect.signature(function).parameters)
        else:
            own = frozenset(parameters)

        @functools.wraps(function)
        def in_terms(*args: P.args, **kwargs: P.kwargs) -> R:
            with api_terms_for(entry, own, renames):
                return function(*args, **kwargs)

        return in_terms

    return decorate


@contextlib.contextmanager
def command_line_terms() -> Iterator[None]:
    """Within the block (a command's run), messages keep the command line's flags, also when
    the command calls the public entry points."""
    token = WORDING.set(_as_worded)
    try:
        yield
    finally:
        WORDING.reset(token)
