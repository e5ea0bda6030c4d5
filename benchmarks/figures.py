"""From results to text: the figures of docs/performance.md, computed from the results files.

A benchmark's results file (benchmarks/results/NAME.json, written by write_performance.py) holds
what was measured: each command's runs (wall, CPU, peak RSS, in round order) under ``timings``,
other facts (sizes, F values, row labels and targets) under ``facts``, and under ``meta`` when,
where and how (date, machine, Python, wsscore build, commit, command, rounds). Everything printed
is computed here from those: medians, ratios of medians, per-round ratios and whether a target
is met, so that no figure in the document is typed by hand.
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
PLACEHOLDER = re.compile(r"\{\{\s*([\w.-]+)\s*\}\}")


class Results:
    """One benchmark's results file, with the arithmetic every section needs."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.meta: dict[str, Any] = dict(data["meta"])
        self.timings: dict[str, dict[str, Any]] = dict(data["timings"])
        self.facts: dict[str, Any] = dict(data["facts"])

    @classmethod
    def load(cls, name: str, directory: Path = RESULTS) -> Results:
        return cls(json.loads((directory / f"{name}.json").read_text(encoding="utf-8")))

    def has(self, key: str) -> bool:
        return key in self.timings and bool(self.timings[key]["wall"])

    def wall(self, key: str) -> float:
        return float(statistics.median(self.timings[key]["wall"]))

    def cpu(self, key: str) -> float:
        return float(statistics.median(self.timings[key]["cpu"]))

    def rss_mib(self, key: str) -> float:
        return float(statistics.median(self.timings[key]["rss_kib"])) / 1024

    def rss_range(self, key: str) -> tuple[float, float]:
        values = self.timings[key]["rss_kib"]
        return min(values) / 1024, max(values) / 1024

    def ratio(self, key: str, reference: str) -> float:
        """The ratio of the median wall times of two commands timed in the same rounds."""
        return self.wall(key) / self.wall(reference)

    def cpu_ratio(self, key: str, reference: str) -> float:
        return self.cpu(key) / self.cpu(reference)

    def spread(self, key: str, reference: str, measure: str = "wall") -> tuple[float, float]:
        """The least and greatest ratio of one round's two times (``measure``: wall or cpu)."""
        pairs = zip(self.timings[key][measure], self.timings[reference][measure], strict=True)
        ratios = [a / b for a, b in pairs]
        return min(ratios), max(ratios)


# ---------------------------------------------------------------------------------------------
# Formatting


def seconds(value: float | None) -> str:
    if value is None:
        return "–"
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def times(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}×"


def mib(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f} MiB"


def spread(low: float, high: float) -> str:
    return f"{low:.2f} – {high:.2f}"


def verdict(value: float | None, target: float, at_least: bool = False) -> str:
    """Whether ``value`` meets ``target`` (at most it, or with ``at_least`` at least it)."""
    if value is None:
        return "not measured"
    met = value >= target if at_least else value <= target
    return "met" if met else "**missed**"


def table(header: Sequence[str], align: str, rows: Sequence[Sequence[str]]) -> str:
    marks = {"l": ":---", "r": "---:"}
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(marks[a] for a in align) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def header(meta: Mapping[str, Any]) -> str:
    """The line under a section's heading: when, where, what and how it was measured."""
    backend = {"c": "C speed-ups", "python": "pure Python"}.get(meta["backend"], meta["backend"])
    rounds = f"medians of {meta['runs']} interleaved rounds"
    if meta["runs"] == 1:
        rounds = "one round (a single run of each command, no median)"
    if meta.get("quick"):
        rounds += "; a `--quick` smoke run, with fewer rounds than a full run"
    return (
        f"*Measured {meta['date']} on {meta['cores']} cores ({meta['cpu']}, {meta['system']}, "
        f"load {meta['load']}); Python {meta['python']}, wsscore {meta['wsscore']} ({backend}), "
        f"checkout at commit {meta['commit']}; `{meta['command']}`; {rounds}; every command "
        "a whole process unless it says otherwise. Each command's exact arguments are in "
        f"[`benchmarks/results/{meta['benchmark']}.json`](../benchmarks/results/"
        f"{meta['benchmark']}.json).*"
    )


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with every ``{{name}}`` replaced; a name without a value is an error."""
    missing = sorted({m.group(1) for m in PLACEHOLDER.finditer(template)} - set(values))
    if missing:
        raise KeyError(f"the template names figures no results give: {', '.join(missing)}")
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template)
