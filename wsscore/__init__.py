"""wsscore: a fast, exact scorer for word segmentation, compatible with the SIGHAN bakeoff.

The public API is small; the CLI renders the same objects::

    from wsscore import score
    report = score("gold.txt", ["a.txt", "b.txt"], dictionary="training_words.txt")
    for system in report.systems:
        print(system.name, system.metrics.recall, system.metrics.precision, system.metrics.f)
"""

from __future__ import annotations

from ._version import __version__

# Not imported from typing: the command's entry point loads this package first, and must reach
# its Ctrl-C handler without delay (mypy treats any TYPE_CHECKING constant this way).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from .comparison import compare
    from .counts import Counts
    from .error_analysis import analyse
    from .metrics import Metrics
    from .scoring import Report, SystemResult, load_dictionary, score

__all__ = [
    "Counts",
    "Metrics",
    "Report",
    "SystemResult",
    "__version__",
    "analyse",
    "compare",
    "load_dictionary",
    "score",
]


def __getattr__(name: str):
    # Imported lazily so that `wsscore --version` and the CLI's start-up stay fast.
    if name in ("score", "load_dictionary", "Report", "SystemResult"):
        from . import scoring

        return getattr(scoring, name)
    if name == "compare":
        from .comparison import compare

        return compare
    if name == "analyse":
        from .error_analysis import analyse

        return analyse
    if name == "Counts":
        from .counts import Counts

        return Counts
    if name == "Metrics":
        from .metrics import Metrics

        return Metrics
    raise AttributeError(f"module 'wsscore' has no attribute {name!r}")
