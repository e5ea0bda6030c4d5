"""Units of ``--unit`` (wsscore/core/units.py, docs/design-units.md).

Grapheme clusters against every case of UAX #29's own GraphemeBreakTest.txt for the tables'
Unicode version (fixtures/units/), and hand-segmented words (the ``regex`` package's ``\\X``
agreed on every sample: tools/compare_graphemes.py, run in a scratch environment). Unit
boundary counts against an oracle, option A's interning (rejected for the package, kept here):
each unit made one code point, the character-level reference (``line_extra``) then counts
units. Word counts do not depend on the unit.
"""

from __future__ import annotations

from itertools import accumulate, pairwise
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st
from unit_oracle import UnitBoundaries, UnitEdges, unit_boundaries, unit_edges

from wsscore.core import grapheme_tables as tables
from wsscore.core.reference import align_equal_words, line_extra, word_spans
from wsscore.core.units import UNICODE_VERSION, graphemes, may_join

# Hand-segmented (UAX #29 GB9, GB9a, GB9c, GB11, GB12, GB6–GB8; Thai SARA AM is a SpacingMark).
CLUSTERS = [
    ("กำลัง", ["กำ", "ลั", "ง"]),
    ("น้ำ", ["น้ำ"]),
    ("ผู้ใหญ่", ["ผู้", "ใ", "ห", "ญ่"]),
    ("नमस्ते", ["न", "म", "स्ते"]),
    ("क्षत्रिय", ["क्ष", "त्रि", "य"]),
    ("\U0001f468\u200d\U0001f469\u200d\U0001f467", ["\U0001f468\u200d\U0001f469\u200d\U0001f467"]),
    ("\U0001f1ef\U0001f1f5\U0001f1fa\U0001f1f8", ["\U0001f1ef\U0001f1f5", "\U0001f1fa\U0001f1f8"]),
    ("\U0001f44d\U0001f3fd", ["\U0001f44d\U0001f3fd"]),
    ("\u1112\u1161\u11ab\uac00", ["\u1112\u1161\u11ab", "\uac00"]),  # jamo L V T, then LV
    ("\uac00\u11a8", ["\uac00\u11a8"]),  # LV T
    ("한국어", ["한", "국", "어"]),
    ("中文", ["中", "文"]),
    ("e\u0301x", ["e\u0301", "x"]),
    ("\u0600\u0661", ["\u0600\u0661"]),  # a prepended concatenation mark
    ("a\u200bb", ["a", "\u200b", "b"]),  # ZERO WIDTH SPACE is a control: alone
    ("\x1cx", ["\x1c", "x"]),
]


@pytest.mark.parametrize(("word", "expected"), CLUSTERS)
def test_graphemes_of_hand_segmented_words(word: str, expected: list[str]) -> None:
    assert graphemes(word) == expected


class BreakCase(NamedTuple):
    """One line of GraphemeBreakTest.txt: the text and its clusters."""

    line: int
    text: str
    clusters: list[str]


def _break_cases() -> list[BreakCase]:
    """The cases of GraphemeBreakTest.txt (``÷ 0020 × 0308 ÷``: ÷ a break, × none)."""
    path = FIXTURES / f"GraphemeBreakTest-{UNICODE_VERSION}.txt"
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#"):
            continue
        clusters, current = [], ""
        for token in line.split()[1:]:
            if token == "÷":
                clusters.append(current)
                current = ""
            elif token != "×":
                current += chr(int(token, 16))
        cases.append(BreakCase(number, "".join(clusters), clusters))
    return cases


FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "units"
BREAK_CASES = _break_cases()


def test_the_conformance_file_is_the_tables_version() -> None:
    assert UNICODE_VERSION == tables.UNICODE_VERSION == "17.0.0"
    assert len(BREAK_CASES) == 1093  # every case of the file, none skipped


@pytest.mark.parametrize("case", BREAK_CASES, ids=lambda case: f"line{case.line}")
def test_graphemes_pass_uax29s_own_test_file(case: BreakCase) -> None:
    assert graphemes(case.text) == case.clusters


def test_clusters_do_not_depend_on_the_running_pythons_unicode() -> None:
    # KAWI SIGN CANDRABINDU, new in Unicode 15.0: unassigned (Cn) for Python 3.11's
    # unicodedata (14.0), an Extend in the pinned tables, so it joins its base on every Python.
    assert graphemes("a\U00011f00b") == ["a\U00011f00", "b"]
    assert may_join("\U00011f00")


def _code_points(ranges: tables.Ranges) -> set[int]:
    return {code for start, end in ranges for code in range(start, end + 1)}


TABLES = {name: getattr(tables, name) for name in dir(tables) if name.isupper()}


@pytest.mark.parametrize("name", sorted(set(TABLES) - {"UNICODE_VERSION"}))
def test_tables_are_sorted_disjoint_ranges(name: str) -> None:
    ranges = TABLES[name]
    assert ranges
    assert all(start <= end <= 0x10FFFF for start, end in ranges)
    assert all(end + 1 < start for (_, end), (start, _) in pairwise(ranges))


def test_tables_hold_known_values() -> None:
    # From the UCD files by hand: Thai SARA AM is a SpacingMark though its category is Lo;
    # the six InCB linkers of 15.1–17.0 are the viramas of Devanagari … Malayalam.
    assert 0x0E33 in _code_points(tables.SPACING_MARK)
    assert _code_points(tables.INCB_LINKER) == {0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D}
    assert tables.REGIONAL_INDICATOR == ((0x1F1E6, 0x1F1FF),)
    assert tables.LV[:2] == ((0xAC00, 0xAC00), (0xAC1C, 0xAC1C))
    assert _code_points(tables.INCB_LINKER) <= _code_points(tables.EXTEND)  # may_join needs it


def _not_joining() -> list[list[str]]:
    """The characters ``may_join`` lets through, by class: each end of each range of every
    table, and the test file's characters of no table (letters, CJK, ...). By class, so that
    a few characters of a small class (a jamo) meet the others often."""
    names = sorted(set(TABLES) - {"UNICODE_VERSION"})
    groups = [sorted({chr(code) for pair in TABLES[name] for code in pair}) for name in names]
    tabled = set().union(*(_code_points(TABLES[name]) for name in names))
    in_tests = set(map(ord, "".join(case.text for case in BREAK_CASES)))
    groups.append([chr(code) for code in sorted(in_tests - tabled)])
    groups = [[char for char in group if not may_join(char)] for group in groups]
    return [group for group in groups if group]


@given(st.lists(st.sampled_from(_not_joining()).flatmap(st.sampled_from)).map("".join))
def test_text_that_may_not_join_is_one_cluster_per_code_point(text: str) -> None:
    assert not may_join(text)
    assert graphemes(text) == list(text)


def test_may_join_tells_text_without_any_joining_character() -> None:
    assert not may_join("中文分词，ＭｅＣａｂ abc 한국어")
    assert may_join("กำ")
    assert may_join("\u200d")
    assert may_join("\U0001f1ef")


@given(st.text(max_size=30))
def test_graphemes_cover_the_word(word: str) -> None:
    assert "".join(graphemes(word)) == word
    assert all(graphemes(word))


# Units each one cluster, and none joins its neighbour in any order (checked below).
UNIT_ALPHABET = [
    "ก",
    "กำ",
    "ลั",
    "น้ำ",
    "a",
    "e\u0301",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\U0001f1ef\U0001f1f5",
    "中",
    "स्ते",
]


def test_the_alphabet_units_never_join() -> None:
    for first in UNIT_ALPHABET:
        for second in UNIT_ALPHABET:
            assert graphemes(first + second) == [first, second]


class Interning:
    """Option A's interning (docs/design-units.md §2.2), the oracle: each unit mapped to a
    private-use code point of its own, handed out at its first sight."""

    def __init__(self) -> None:
        self._codes: dict[str, str] = {}

    def code(self, unit: str) -> str:
        return self._codes.setdefault(unit, chr(0xE000 + len(self._codes)))


class Line:
    """A gold line as words of units, and a prediction over the same characters."""

    def __init__(self, gold: list[list[str]], pred_ends: list[int]) -> None:
        self.gold_units = gold
        self.gold_words = ["".join(word) for word in gold]
        units = [unit for word in gold for unit in word]
        cuts = sorted({0, *pred_ends, len(units)})
        self.pred_units = [units[start:end] for start, end in pairwise(cuts)]
        self.pred_words = ["".join(word) for word in self.pred_units]


@st.composite
def lines(draw: st.DrawFn) -> Line:
    words = draw(
        st.lists(st.lists(st.sampled_from(UNIT_ALPHABET), min_size=1, max_size=4), min_size=1)
    )
    units = sum(map(len, words))
    ends = draw(st.lists(st.integers(1, max(1, units - 1)), max_size=units))
    return Line(words, [end for end in ends if end < units])


def _interned(words: list[list[str]], interning: Interning) -> list[str]:
    return ["".join(interning.code(unit) for unit in word) for word in words]


def _unit_counts(line: Line) -> UnitBoundaries:
    edges = unit_edges(line.gold_words, "grapheme")
    return unit_boundaries(word_spans(line.gold_words), word_spans(line.pred_words), edges)


@given(lines())
def test_unit_boundaries_equal_character_counts_of_the_interned_units(line: Line) -> None:
    interning = Interning()
    gold, pred = _interned(line.gold_units, interning), _interned(line.pred_units, interning)
    oracle = line_extra(align_equal_words(gold, pred, None))
    found = _unit_counts(line)
    assert found.units == sum(map(len, gold))
    assert found.substrings == oracle.substrings
    assert found.gold_boundaries == oracle.gold_boundaries
    assert found.pred_boundaries == oracle.pred_boundaries
    assert found.correct_boundaries == oracle.correct_boundaries
    assert found.unit_cuts == 0
    counts = align_equal_words(gold, pred, None).counts
    assert found.wrong_pred_on_edges == counts.pred_words - counts.correct


@given(lines())
def test_word_counts_do_not_depend_on_the_unit(line: Line) -> None:
    interning = Interning()
    gold, pred = _interned(line.gold_units, interning), _interned(line.pred_units, interning)
    in_units = align_equal_words(gold, pred, None).counts
    assert align_equal_words(line.gold_words, line.pred_words, None).counts == in_units


@given(st.lists(st.text(alphabet="กำลัง中a", min_size=1, max_size=6), min_size=1), st.data())
def test_a_cut_inside_a_unit_is_no_unit_boundary(gold: list[str], data: st.DataObject) -> None:
    chars = "".join(gold)
    ends = data.draw(st.lists(st.integers(1, max(1, len(chars) - 1)), max_size=len(chars)))
    cuts = sorted({0, *(end for end in ends if end < len(chars)), len(chars)})
    pred = [chars[start:end] for start, end in pairwise(cuts)]
    edges = unit_edges(gold, "grapheme")
    found = unit_boundaries(word_spans(gold), word_spans(pred), edges)
    in_chars = line_extra(align_equal_words(gold, pred, None))
    assert found.pred_boundaries + found.unit_cuts == in_chars.pred_boundaries
    assert found.correct_boundaries == in_chars.correct_boundaries
    assert found.unit_cuts == len(set(cuts[1:-1]) - set(edges.edges))


@given(st.lists(st.text(alphabet="甲乙a", min_size=1, max_size=5), min_size=1), st.data())
def test_char_units_are_todays_counts(gold: list[str], data: st.DataObject) -> None:
    chars = "".join(gold)
    cuts = sorted(set(data.draw(st.lists(st.integers(1, len(chars))))) | {len(chars)})
    pred = [chars[start:end] for start, end in zip([0, *cuts], cuts, strict=False) if start < end]
    found = unit_boundaries(word_spans(gold), word_spans(pred), unit_edges(gold, "char"))
    today = line_extra(align_equal_words(gold, pred, None))
    assert found.substrings == today.substrings
    assert (found.gold_boundaries, found.pred_boundaries, found.correct_boundaries) == (
        today.gold_boundaries,
        today.pred_boundaries,
        today.correct_boundaries,
    )
    assert found.unit_cuts == 0


def test_syllables_are_the_spaces_of_the_forms() -> None:
    edges = unit_edges(["HàNội", "là"], "syllable", ["Hà Nội", "là"])
    assert edges.edges == [0, 2, 5, 7]


def test_syllables_need_the_gold_forms() -> None:
    with pytest.raises(ValueError, match="needs the gold's forms"):
        unit_edges(["HàNội"], "syllable")


# --- the worked examples of docs/design-units.md §4, computed by hand there -------------------


def _figures(gold: list[str], pred: list[str], edges: list[int]) -> dict[str, object]:
    found = unit_boundaries(word_spans(gold), word_spans(pred), UnitEdges(edges))
    negatives = found.substrings - len(gold)
    return {
        "units": found.units,
        "boundaries": (found.gold_boundaries, found.pred_boundaries, found.correct_boundaries),
        "cuts": found.unit_cuts,
        "tnr_false_positives": (found.wrong_pred_on_edges, negatives),
    }


def test_worked_example_thai() -> None:
    gold, pred, cut = ["กำลัง", "ทำ"], ["กำ", "ลัง", "ทำ"], ["ก", "ำลัง", "ทำ"]
    edges = unit_edges(gold, "grapheme").edges
    assert edges == [0, 2, 4, 5, 7]
    chars = list(range(8))
    assert _figures(gold, pred, chars)["boundaries"] == (1, 2, 1)
    assert _figures(gold, pred, chars)["tnr_false_positives"] == (2, 26)
    assert _figures(gold, pred, edges)["tnr_false_positives"] == (2, 8)
    assert _figures(gold, cut, chars)["boundaries"] == (1, 2, 1)
    assert _figures(gold, cut, edges)["boundaries"] == (1, 1, 1)
    assert _figures(gold, cut, edges)["cuts"] == 1


def test_worked_example_vietnamese() -> None:
    gold, forms = ["HàNội", "là", "thủđô"], ["Hà Nội", "là", "thủ đô"]
    pred = ["Hà", "Nội", "là", "thủđô"]
    edges = unit_edges(gold, "syllable", forms).edges
    assert edges == [0, 2, 5, 7, 10, 12]
    assert _figures(gold, pred, list(range(13)))["tnr_false_positives"] == (2, 75)
    assert _figures(gold, pred, edges)["tnr_false_positives"] == (2, 12)
    assert _figures(gold, pred, edges)["boundaries"] == (2, 3, 2)


def test_worked_example_emoji() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    gold = ["家族", family, "です"]
    pred = ["家族", family[:2], family[2:4], family[4:], "です"]
    edges = unit_edges(gold, "grapheme").edges
    assert edges == [0, 1, 2, 7, 8, 9]
    assert _figures(gold, pred, list(range(10)))["boundaries"] == (2, 4, 2)
    assert _figures(gold, pred, list(range(10)))["tnr_false_positives"] == (3, 42)
    assert _figures(gold, pred, edges)["boundaries"] == (2, 2, 2)
    assert _figures(gold, pred, edges)["cuts"] == 2
    assert _figures(gold, pred, edges)["tnr_false_positives"] == (0, 12)
    assert list(accumulate(map(len, pred))) == [2, 4, 6, 7, 9]
