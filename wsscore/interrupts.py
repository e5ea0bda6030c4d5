"""Whether a Ctrl-C may still stop the run: not once its report is being delivered.

The command's Ctrl-C handler (``wsscore._entry``) reads this flag; the report's destination
(``wsscore.output.destination``) sets it just before the report replaces a file or starts going
to standard output. From then on the run has succeeded, and a late Ctrl-C must neither undo the
report nor end the run with the status of an interrupted one. Only the standard library is
imported here: the entry point loads it before anything else.
"""

from __future__ import annotations

_delivering = False


def hold() -> None:
    """The report is being delivered: later Ctrl-Cs are ignored."""
    global _delivering
    _delivering = True


def release() -> None:
    """A new run begins: Ctrl-C stops it again."""
    global _delivering
    _delivering = False


def held() -> bool:
    return _delivering
