"""The ``-f json`` report of an earlier run, as ``--previous`` reads it: the figures of each of its
systems by name, and its signature (read and checked by :mod:`wsscore.scoring.report_checks`)."""

from __future__ import annotations

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


def previous_run(path: str, data: object) -> PreviousRun:
    """The systems of a decoded document (read and checked by
    :func:`wsscore.scoring.report_checks.load_previous`), or a refusal when it is not a wsscore
    report."""
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
