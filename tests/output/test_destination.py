"""The atomic ``-o``: a Ctrl-C at any moment leaves no temporary file behind, even one that
arrives the instant the temporary file has been made (tests/cli/test_reliability_cli.py sends
them at random moments to the whole command; this one aims at the narrowest window, where
mkstemp, which names its file only once it exists, left one behind)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from wsscore.output.destination import Destination


def test_a_ctrl_c_the_instant_the_temporary_file_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = os.open

    def interrupted_open(path: str, flags: int, mode: int = 0o777) -> int:
        handle = opened(path, flags, mode)  # the file exists now
        os.close(handle)
        raise KeyboardInterrupt  # as a Ctrl-C would, before the caller has the handle

    monkeypatch.setattr(os, "open", interrupted_open)
    with pytest.raises(KeyboardInterrupt):
        Destination(str(tmp_path / "report.txt"))
    monkeypatch.undo()
    assert sorted(os.listdir(tmp_path)) == []


def test_the_temporary_file_is_private_then_takes_the_report_s_mode(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    with Destination(str(target)) as destination:
        (temporary,) = tmp_path.iterdir()
        assert temporary.name.startswith(".report.txt.") and temporary.name.endswith(".tmp")
        destination.write("F 0.636\n")
    assert target.read_text() == "F 0.636\n"
    assert sorted(os.listdir(tmp_path)) == ["report.txt"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


class _Terminal:
    """Standard output's buffer, as the deferred report is finally copied into it."""

    def __init__(self) -> None:
        self.written = bytearray()

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("spool", [1 << 20, 10])
def test_a_deferred_report_is_copied_whole_from_memory_or_from_a_file(
    monkeypatch: pytest.MonkeyPatch, spool: int
) -> None:
    # A report larger than SPOOL_IN_MEMORY leaves memory for a temporary file on its way.
    import io
    import sys

    import wsscore.output.destination as destination

    terminal = _Terminal()
    monkeypatch.setattr(destination, "SPOOL_IN_MEMORY", spool)
    monkeypatch.setattr(sys, "stdout", type("Out", (), {"buffer": terminal})())
    parts = [b"first line\n", "第二行\n", b"x" * 50]
    with Destination(None) as sink:
        for part in parts:
            sink.write(part)
        assert isinstance(sink.stream, io.BytesIO) == (spool > 100)
        assert terminal.written == b""  # held back until the run has succeeded
    assert bytes(terminal.written) == b"first line\n" + "第二行\n".encode() + b"x" * 50
