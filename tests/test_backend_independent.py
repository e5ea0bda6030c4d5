"""The guard of BACKEND_INDEPENDENT (tests/conftest.py) sees a test reach the C speed-ups."""

from __future__ import annotations

import subprocess
import sys

from conftest import BACKEND_INDEPENDENT, TESTS, _BackendGuard, needs_c

from wsscore.core import backend


def test_every_listed_module_is_a_test_module() -> None:
    assert all((TESTS / name).is_file() for name in BACKEND_INDEPENDENT)


@needs_c
def test_the_guard_sees_a_count_and_a_reader_in_c() -> None:
    guard = _BackendGuard()
    try:
        assert backend.count_words_and_sentences("我们 走\n").words == 2
        assert backend.read_jsonl_block('["我们", "走"]\n') is not None
    finally:
        guard.remove()
    assert guard.reached == ["_speedups.count_words", "_speedups.read_jsonl_block"]


@needs_c
def test_the_guard_sees_a_process_of_wsscore_and_nothing_after_its_removal() -> None:
    guard = _BackendGuard()
    try:
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        assert guard.reached == []
        subprocess.run([sys.executable, "-m", "wsscore", "--version"], capture_output=True)
    finally:
        guard.remove()
    backend.count_words_and_sentences("我们\n")
    assert len(guard.reached) == 1 and guard.reached[0].startswith("a process: ")
