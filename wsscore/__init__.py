"""wsscore: a fast, exact scorer for word segmentation, compatible with the SIGHAN bakeoff.

The public API is small; the command line renders the same objects::

    from wsscore import InputOptions, render, score
    inputs = InputOptions(dictionary="training_words.txt")
    report = score("gold.txt", ["a.txt", "b.txt"], inputs=inputs)
    for system in report.systems:
        print(system.name, system.metrics.recall, system.metrics.precision, system.metrics.f)
    print(render(report, "markdown"))

Scores of a training loop's batches, or of shards scored apart, accumulate in a
:class:`Scorer` (``update``, ``compute``, ``report``; scorers add up and pickle).

Every problem wsscore can name is a :class:`WsscoreError` (one line: the file, the place, how
to fix it); an argument that can never work is an :class:`InvalidArgument`, a WsscoreError
that is also a ``ValueError``. Raised (or warned) through this API, the fix names its arguments
(``InputOptions(mismatch="align")``) where the command line names a flag (``--mismatch
align``); see :mod:`wsscore.api_terms`. A system's F is ``metrics.f``, also ``metrics.f1`` as
the JSON calls it.
"""

from __future__ import annotations

from wsscore._version import __version__

# Not imported from typing: the command's entry point loads this package first, and must reach
# its Ctrl-C handler without delay (mypy treats any TYPE_CHECKING constant this way).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from wsscore.core.records import Counts
    from wsscore.errors import InvalidArgument, Warnings, WsscoreError
    from wsscore.inputs.dictionary import Dictionary
    from wsscore.inputs.options import InputOptions, load_dictionary
    from wsscore.metrics.scores import Interval, Metrics
    from wsscore.output import render
    from wsscore.results import Report, SystemResult
    from wsscore.scoring.accumulator import Scorer
    from wsscore.scoring.comparison import Comparison, compare
    from wsscore.scoring.error_analysis import ErrorAnalysis, analyse
    from wsscore.scoring.merging import merge_reports
    from wsscore.scoring.scorer import score
    from wsscore.sighan.by_diff import score_by_diff

# Where each public name lives; imported on first use so that `wsscore --version` and the
# command's start-up stay fast.
_PUBLIC = {
    "score": "wsscore.scoring.scorer",
    "Scorer": "wsscore.scoring.accumulator",
    "compare": "wsscore.scoring.comparison",
    "Comparison": "wsscore.scoring.comparison",
    "analyse": "wsscore.scoring.error_analysis",
    "ErrorAnalysis": "wsscore.scoring.error_analysis",
    "score_by_diff": "wsscore.sighan.by_diff",
    "merge_reports": "wsscore.scoring.merging",
    "render": "wsscore.output",
    "InputOptions": "wsscore.inputs.options",
    "load_dictionary": "wsscore.inputs.options",
    "Dictionary": "wsscore.inputs.dictionary",
    "Report": "wsscore.results",
    "SystemResult": "wsscore.results",
    "Counts": "wsscore.core.records",
    "Metrics": "wsscore.metrics.scores",
    "Interval": "wsscore.metrics.scores",
    "WsscoreError": "wsscore.errors",
    "InvalidArgument": "wsscore.errors",
    "Warnings": "wsscore.errors",
}

__all__ = [
    "Comparison",
    "Counts",
    "Dictionary",
    "ErrorAnalysis",
    "InputOptions",
    "Interval",
    "InvalidArgument",
    "Metrics",
    "Report",
    "Scorer",
    "SystemResult",
    "Warnings",
    "WsscoreError",
    "__version__",
    "analyse",
    "compare",
    "load_dictionary",
    "merge_reports",
    "render",
    "score",
    "score_by_diff",
]


def __getattr__(name: str) -> object:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'wsscore' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)


def __dir__() -> list[str]:
    """The public API (what ``from wsscore import *`` gives), not the submodules that happen to
    be loaded: what a notebook's completion and ``dir(wsscore)`` should offer."""
    return sorted(__all__)
