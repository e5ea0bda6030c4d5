"""Shared paths and skips: tests that need the bakeoff data or perl skip cleanly without them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
ICWB2 = ROOT.parent / "shared" / "icwb2"


def need_icwb2() -> Path:
    if not (ICWB2 / "gold").is_dir():
        pytest.skip("the SIGHAN bakeoff data (../shared/icwb2) is not here")
    return ICWB2


def need_perl() -> str:
    perl = shutil.which("perl")
    if perl is None or shutil.which("diff") is None:
        pytest.skip("perl and GNU diff are needed for the differential tests")
    return perl


@pytest.fixture
def icwb2() -> Path:
    return need_icwb2()


@pytest.fixture(scope="session")
def mm_baselines(tmp_path_factory) -> dict[str, Path]:
    """The bakeoff's maximum-matching baseline on each test set, made with its own mwseg.pl.

    mwseg.pl is byte-oriented, so it runs on the legacy-encoded files (.txt), as in the bakeoff.
    """
    import subprocess

    data = need_icwb2()
    perl = need_perl()
    out = tmp_path_factory.mktemp("mm")
    made = {}
    for corpus in ("as", "cityu", "msr", "pku"):
        target = out / f"{corpus}_mm.txt"
        with (
            open(data / "testing" / f"{corpus}_test.txt", "rb") as text,
            open(target, "wb") as sink,
        ):
            subprocess.run(
                [
                    perl,
                    str(data / "scripts" / "mwseg.pl"),
                    str(data / "gold" / f"{corpus}_training_words.txt"),
                ],
                stdin=text,
                stdout=sink,
                stderr=subprocess.DEVNULL,
                check=True,
            )
        made[corpus] = target
    return made


def gold_path(data: Path, corpus: str, extension: str) -> Path:
    name = "as_testing_gold" if corpus == "as" else f"{corpus}_test_gold"
    return data / "gold" / f"{name}.{extension}"


# --- the project's own small fixtures and their hand-computed counts ----------------------------

# gold.txt vs pred.txt with words.txt, the same in gbk/ and big5/ (a traditional text).
FIXTURE_COUNTS = {
    "gold_words": 36,
    "pred_words": 30,
    "correct": 21,
    "oov_words": 6,
    "oov_correct": 2,
    "substitutions": 9,
    "insertions": 0,
    "deletions": 6,
    "misaligned_lines": 0,
    "misaligned_chars": 0,
}
# hkscs/: Big5-HKSCS gold and word list, UTF-8 prediction with a BOM and U+3000 separators.
HKSCS_COUNTS = {
    "gold_words": 43,
    "pred_words": 37,
    "correct": 25,
    "oov_words": 8,
    "oov_correct": 2,
    "substitutions": 11,
    "insertions": 1,
    "deletions": 7,
    "misaligned_lines": 0,
    "misaligned_chars": 0,
}


@pytest.fixture
def fixture_copy(tmp_path) -> Path:
    """A private copy of fixtures/ (for tests that write next to inputs or watch them)."""
    target = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, target)
    return target
