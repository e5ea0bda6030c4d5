"""The JSON of a wsscore report read back (a shard of ``wsscore merge``, the report of
``--previous``): strictly, in one place.

Python's ``json`` reads more than JSON and more than wsscore writes: a key given twice (the last
one wins, silently), ``NaN`` and ``Infinity``, integers of any length (and fails past 4300
digits), and nesting as deep as its recursion limit. A report holds none of these, so each is
refused in one line naming the file and the key (or the line and column), and nothing that
reads a report meets them.
"""

from __future__ import annotations

import math
import re
import sys
from typing import NamedTuple

from wsscore.core.records import BEYOND_ANY_COUNT, MAX_COUNT
from wsscore.errors import WsscoreError, location

STANDARD_INPUT = "standard input"
# A report nests five deep (systems[0].metrics.recall_ci); a later wsscore may add keys deeper.
MAX_DEPTH = 16
_MAX_DIGITS = len(str(MAX_COUNT))
# A string (to the text's end when it is not closed), or a bracket outside strings.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)


class _Refused(NamedTuple):
    """What stands in a decoded document for a value wsscore never writes, until the walk
    that names its key (:func:`_refuse_what_stands_in`)."""

    what: str  # "holds NaN", "holds the key 'x' twice"


def read_report(source: str, *, hint: str) -> object:
    """The JSON value in the file ``source`` (``-``: standard input), read strictly; a
    :class:`WsscoreError` naming the file (``hint``: what to give instead) when it cannot be
    read, is not JSON, or holds what no report holds."""
    name = STANDARD_INPUT if source == "-" else source
    try:
        if source == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(source, "rb") as stream:
                raw = stream.read()
    except OSError as exc:
        raise WsscoreError(
            f"cannot read it: {exc.strerror or exc}", where=name, hint="check the path"
        ) from None
    import json

    try:  # as json.loads reads bytes: UTF-8, with or without a byte-order mark, or UTF-16/32
        text = raw.decode(json.detect_encoding(raw))
    except UnicodeDecodeError:
        raise WsscoreError("not JSON: not UTF-8 text", where=name, hint=hint) from None
    return parse_report(text, name, hint=hint)


def parse_report(text: str, name: str, *, hint: str) -> object:
    """The JSON value of ``text`` (read from ``name``), read strictly."""
    import json

    _refuse_deep_nesting(text, name, hint)
    try:
        document = json.loads(
            text,
            object_pairs_hook=_object,
            parse_constant=_constant,
            parse_int=_integer,
            parse_float=_float,
        )
    except json.JSONDecodeError as exc:
        raise WsscoreError(
            f"not JSON: {exc.msg}", where=location(name, exc.lineno, exc.colno), hint=hint
        ) from None
    _refuse_what_stands_in(document, "", name, hint)
    return document


def _refuse_deep_nesting(text: str, name: str, hint: str) -> None:
    """Nesting deeper than :data:`MAX_DEPTH`, refused at its first bracket (``json`` would
    recurse once per level, and fail at its recursion limit)."""
    depth = 0
    for match in _TOKENS.finditer(text):
        bracket = match.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                at = match.start()
                line = text.count("\n", 0, at) + 1
                column = at - text.rfind("\n", 0, at)
                raise WsscoreError(
                    f"not a wsscore report: it nests deeper than {MAX_DEPTH} levels "
                    "(a report nests 5)",
                    where=location(name, line, column),
                    hint=hint,
                )
        elif bracket in ("]", "}"):
            depth -= 1


def _object(pairs: list[tuple[str, object]]) -> dict[str, object] | _Refused:
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return _Refused(f"holds the key {key!r} twice")
        seen.add(key)
    raise AssertionError("unreachable: a key is repeated")


def _constant(literal: str) -> _Refused:
    return _Refused(f"holds {literal}, which is not a JSON number")


def _integer(text: str) -> int | _Refused:
    digits = text.lstrip("-")
    if len(digits) > _MAX_DIGITS or int(digits) > MAX_COUNT:  # no 5000-digit int() first
        return _Refused(f"holds an integer of {len(digits)} digits, {BEYOND_ANY_COUNT}")
    return int(text)


def _float(text: str) -> float | _Refused:
    value = float(text)
    if math.isfinite(value):
        return value
    shown = text if len(text) <= 20 else f"{text[:20]}…"
    return _Refused(f"holds {shown}, beyond the range of a number")


def _refuse_what_stands_in(value: object, key: str, name: str, hint: str) -> None:
    """The first value refused while decoding, named by its key (``systems[0].counts.correct``).
    The walk is as deep as the document, which :func:`_refuse_deep_nesting` bounds."""
    if isinstance(value, _Refused):
        where = f"the key {key!r}" if key else "it"
        raise WsscoreError(f"not a wsscore report: {where} {value.what}", where=name, hint=hint)
    if isinstance(value, dict):
        for child, item in value.items():
            _refuse_what_stands_in(item, f"{key}.{child}" if key else child, name, hint)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _refuse_what_stands_in(item, f"{key}[{index}]", name, hint)
