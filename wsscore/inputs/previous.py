"""The ``-f json`` report of an earlier run, read for ``--previous``: the figures of each of its
systems by name, and its signature."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import NamedTuple

from wsscore.errors import WsscoreError

PREVIOUS_HINT = "give the -f json report of an earlier wsscore score run"


class PreviousRun(NamedTuple):
    """An earlier run: where it was read from, its signature, the ``metrics`` object of each
    system by name, and the names it gives to more than one system (which cannot be matched)."""

    path: str
    signature: str | None
    metrics: Mapping[str, Mapping[str, object]]
    repeated: frozenset[str] = frozenset()


def load_previous(path: str) -> PreviousRun:
    """The report at ``path``; a :class:`WsscoreError` naming the file when it cannot be read or
    is not a wsscore JSON report."""
    if path == "-":
        raise WsscoreError("--previous reads a file, not standard input", hint=PREVIOUS_HINT)
    try:
        with open(path, "rb") as stream:
            data = json.loads(stream.read().decode("utf-8"))
    except OSError as exc:
        raise WsscoreError(
            f"cannot read the previous report ({exc.strerror or exc})", where=path
        ) from None
    except (UnicodeDecodeError, ValueError) as exc:  # json.JSONDecodeError is a ValueError
        raise WsscoreError(
            f"the previous report is not JSON ({exc})", where=path, hint=PREVIOUS_HINT
        ) from None
    return _previous_run(path, data)


def _previous_run(path: str, data: object) -> PreviousRun:
    """The systems of a decoded document, or a refusal when it is not a wsscore report."""
    systems = data.get("systems") if isinstance(data, dict) else None
    if not isinstance(data, dict) or "version" not in data or not isinstance(systems, list):
        raise WsscoreError(
            'not a wsscore JSON report (it has no "version" and "systems")',
            where=path,
            hint=PREVIOUS_HINT,
        )
    metrics: dict[str, Mapping[str, object]] = {}
    repeated = set()
    for system in systems:
        name = system.get("name") if isinstance(system, dict) else None
        figures = system.get("metrics") if isinstance(system, dict) else None
        if not isinstance(name, str) or not isinstance(figures, dict):
            raise WsscoreError(
                'not a wsscore JSON report (a system has no "name" or "metrics")',
                where=path,
                hint=PREVIOUS_HINT,
            )
        if name in metrics:
            repeated.add(name)
        metrics[name] = figures
    signature = data.get("signature")
    return PreviousRun(
        path, signature if isinstance(signature, str) else None, metrics, frozenset(repeated)
    )
