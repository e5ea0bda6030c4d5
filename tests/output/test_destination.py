"""The atomic ``-o``: a Ctrl-C at any moment leaves no temporary file behind, even one that
arrives while the temporary file is being made (tests/cli/test_reliability_cli.py sends them
at random moments to the whole command; this one aims at the narrowest window)."""

from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path

import pytest

from wsscore.output.destination import Destination


def test_a_ctrl_c_while_the_temporary_file_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = tempfile.mkstemp

    def interrupted_mkstemp(**arguments: str) -> tuple[int, str]:
        found = made(**arguments)  # the file exists, and its name is not yet known outside
        os.kill(os.getpid(), signal.SIGINT)
        return found

    monkeypatch.setattr(tempfile, "mkstemp", interrupted_mkstemp)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            Destination(str(tmp_path / "report.txt"))
    finally:
        signal.signal(signal.SIGINT, previous)
    assert sorted(os.listdir(tmp_path)) == []
