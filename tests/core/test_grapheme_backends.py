"""Grapheme clusters and the change counting in them makes, in C as in the plain Python
reference (wsscore.core.unit_change), through the one backend boundary.

The clusters of every case of UAX #29's GraphemeBreakTest.txt in each backend that runs; the
C change against the reference's on random lines of the scripts where clusters join (Thai,
Devanagari conjuncts, emoji ZWJ sequences, regional indicators, Hangul jamo, Arabic prepends,
combining marks) among Chinese, with random gold words and random predicted cuts (inside
clusters too); and the C header of the tables against the Python tables.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.core import backend
from wsscore.core import grapheme_tables as tables
from wsscore.core.records import ExtraCounts
from wsscore.core.units import UNICODE_VERSION

ROOT = Path(__file__).resolve().parents[2]
BACKENDS = backend.counting_backends()
needs_c = pytest.mark.skipif("c" not in BACKENDS, reason="the C speed-ups do not run here")

# Code points of every kind the rules look at: Thai (SARA AM a SpacingMark, tone marks Extend),
# Devanagari (consonants, virama a linker, nukta InCB Extend), emoji (ZWJ, VS16, a skin tone),
# regional indicators, Hangul (L, V, T jamo, LV, LVT), Arabic Prepend, a combining accent, CR,
# LF and other controls, Chinese, an astral ideograph, and separators.
JOINING = (
    "สวัดีครับำ่้"
    "कषतर्िं\u093c\u094d"
    "👨👩❤\u200d\ufe0f\U0001f3fd"
    "\U0001f1ef\U0001f1f5"
    "\u1100\u1161\u11a8가각"
    "\u0600a\u0301"
)
OTHERS = "中文\U00020000\x01\x1c\u200b"  # \x1c: str.split() splits there, wsscore not
SEPARATORS = " \u3000\t\r\x85\ufeff"


def _break_cases() -> list[tuple[str, list[int]]]:
    """GraphemeBreakTest.txt's cases (``÷ 0020 × 0308 ÷``): each text and its clusters'
    lengths (tests/core/test_units.py reads the same file into clusters)."""
    path = ROOT / "fixtures" / "units" / f"GraphemeBreakTest-{UNICODE_VERSION}.txt"
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        clusters = [piece.split("×") for piece in line.split("÷")[1:-1]]
        text = "".join(chr(int(code, 16)) for cluster in clusters for code in cluster)
        cases.append((text, [len(cluster) for cluster in clusters]))
    return cases


BREAK_CASES = _break_cases()


def test_every_case_of_the_conformance_file_is_read() -> None:
    assert len(BREAK_CASES) == 1093
    assert BREAK_CASES[0] == ("  ", [1, 1])  # ÷ 0020 ÷ 0020 ÷


@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_clusters_pass_uax29s_own_test_file(name: str) -> None:
    lengths = BACKENDS[name].grapheme_lengths
    failed = [(text, expected) for text, expected in BREAK_CASES if lengths(text) != expected]
    assert failed == []


@pytest.mark.parametrize("name", sorted(BACKENDS))
@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        ("", []),
        ("สวัสดี", [1, 2, 1, 2]),  # ส วั ส ดี
        ("กำ", [2]),  # SARA AM joins (GB9a)
        ("क्षि", [4]),  # a conjunct (GB9c)
        ("👨\u200d👩\u200d👧", [5]),  # a ZWJ sequence (GB11)
        ("\U0001f1ef\U0001f1f5\U0001f1eb", [2, 1]),  # regional indicators in pairs (GB12)
        ("\u1100\u1161\u11a8", [3]),  # L V T (GB6, GB7)
        ("\r\n\n", [2, 1]),  # CR LF (GB3), then LF alone (GB4)
        ("中 文", [1, 1, 1]),  # a separator is a cluster like any other here
    ],
)
def test_clusters_of_known_texts(name: str, text: str, lengths: list[int]) -> None:
    assert BACKENDS[name].grapheme_lengths(text) == lengths


@st.composite
def gold_and_pred_lines(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Gold lines of random words; each prediction line the same code points cut anew at
    random, inside clusters too."""
    letters = st.sampled_from(JOINING + OTHERS)
    words = st.lists(st.text(letters, min_size=1, max_size=6), max_size=5)
    gold, pred = [], []
    for line in draw(st.lists(words, max_size=4)):
        gold.append(draw(st.sampled_from(SEPARATORS)).join(line))
        pieces = []
        for char in "".join(line):
            pieces.append(char)
            if draw(st.integers(0, 2)) == 0:
                pieces.append(draw(st.sampled_from(SEPARATORS)))
        pred.append("".join(pieces))
    return gold, pred


@needs_c
@settings(max_examples=500, deadline=None)
@given(gold_and_pred_lines())
def test_grapheme_change_is_the_references(lines: tuple[list[str], list[str]]) -> None:
    gold, pred = lines
    reference = BACKENDS["python"].grapheme_change(gold, pred)
    fast = BACKENDS["c"].grapheme_change(gold, pred)
    assert fast == reference
    assert type(fast) is ExtraCounts


@needs_c
@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(JOINING + OTHERS + SEPARATORS + "\n"), max_size=12))
def test_cluster_lengths_are_the_references(text: str) -> None:
    assert BACKENDS["c"].grapheme_lengths(text) == BACKENDS["python"].grapheme_lengths(text)


@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_grapheme_change_of_a_thai_line_by_hand(name: str) -> None:
    # Gold ส|วั|ส|ดี (4 clusters, 6 code points) and ค|รั|บ (3, 4); the prediction cuts
    # วั and รั: 2 cuts, 4 predicted words with an end inside a cluster (ส|ว, ัสดี|ค|ร, ับ).
    change = BACKENDS[name].grapheme_change(["สวัสดี ครับ", "中文"], ["สว ัสดี ค ร ับ", "中 文"])
    units, chars, cuts = 7, 10, 2
    assert change == ExtraCounts(
        substrings=units * (units + 1) // 2 - chars * (chars + 1) // 2,
        pred_boundaries=-cuts,
        char_fp=-cuts,
        char_tn=units - chars + cuts,
        edge_pred_boundaries=-cuts,
        unit_cuts=cuts,
        unit_cut_words=4,
    )


@needs_c
@pytest.mark.parametrize(
    ("gold", "pred"),
    [(["สวัสดี"], ["สวัสด"]), (["สวัสดี"], ["สวัสดีส"]), (["ab"], []), (["ab"], ["ab", "c"])],
)
def test_c_refuses_lines_that_do_not_agree(gold: list[str], pred: list[str]) -> None:
    with pytest.raises(ValueError, match="grapheme_change"):
        BACKENDS["c"].grapheme_change(gold, pred)


def _header_tables() -> dict[str, list[tuple[int, int]]]:
    """The tables of the C header, by their name in wsscore.core.grapheme_tables."""
    text = (ROOT / "wsscore" / "grapheme_tables.h").read_text(encoding="utf-8")
    found = {}
    for name, body in re.findall(r"GraphemeRange GRAPHEME_(\w+)\[\] = \{(.*?)\};", text, re.S):
        pairs = re.findall(r"\{0x([0-9A-F]+), 0x([0-9A-F]+)\}", body)
        found[name] = [(int(first, 16), int(last, 16)) for first, last in pairs]
    return found


def test_the_c_header_holds_the_python_tables() -> None:
    header = (ROOT / "wsscore" / "grapheme_tables.h").read_text(encoding="utf-8")
    assert f'#define GRAPHEME_UNICODE_VERSION "{tables.UNICODE_VERSION}"' in header
    python_tables = {
        name: list(value)
        for name, value in vars(tables).items()
        if name.isupper() and isinstance(value, tuple)
    }
    assert len(python_tables) == 17
    assert _header_tables() == python_tables
