"""Whether a Ctrl-C came, and whether it may still stop the run (not once its report is out).

The command's Ctrl-C handler (``wsscore._entry``) notes each Ctrl-C here before it raises
KeyboardInterrupt: Python may turn that exception into another one (an import wraps it in a
RuntimeError from ``__set_name__``) or swallow it ("Exception ignored in ..."), and the run
must still end as an interrupted one. The report's destination (``wsscore.output.destination``)
calls :func:`hold` just before the report replaces a file or starts going to standard output:
a Ctrl-C noted earlier stops the run there, and a later one is ignored, as the run has succeeded.

Only the standard library may be imported here, and nothing Python has not loaded at start-up:
the entry point loads this module before it can answer a Ctrl-C (no ``from __future__`` import
either, which loads a module of its own).
"""

_delivering = False
_interrupted = False


def note_interrupt() -> None:
    """A Ctrl-C came: whatever happens to its KeyboardInterrupt, the run is interrupted."""
    global _interrupted
    _interrupted = True


def interrupted() -> bool:
    """Whether a Ctrl-C stopped (or should have stopped) this run."""
    return _interrupted


def hold() -> None:
    """The report is about to be delivered: later Ctrl-Cs are ignored.

    A Ctrl-C noted before, whose KeyboardInterrupt Python swallowed, stops the run here,
    before anything is delivered.
    """
    global _delivering
    if _interrupted:
        raise KeyboardInterrupt
    _delivering = True


def release() -> None:
    """A new run begins: Ctrl-C stops it again, and none has come yet."""
    global _delivering, _interrupted
    _delivering = False
    _interrupted = False


def held() -> bool:
    return _delivering
