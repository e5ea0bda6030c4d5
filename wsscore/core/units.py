"""A prototype of ``--unit char|syllable|grapheme`` (docs/design-units.md): not wired into
any command yet.

What a boundary can fall between. ``char``: every code point (what wsscore counts today).
``grapheme``: an extended grapheme cluster (UAX #29), by a stdlib ``re`` pattern whose character
classes are built once from ``unicodedata`` (the ``regex`` package's ``\\X`` is the oracle the
tests were measured against, in a scratch environment only). ``syllable``: the gold's own
syllables, the spaces of a token's form (VLSP's ``Hà_Nội`` is ``Hà Nội``).

The units are always the gold's, and a gold word's ends are always unit edges: the units of a
line are found inside each gold word, never across two. A predicted cut inside a unit is no
boundary of the unit figures (it is counted as ``unit_cuts``); word spans, and so P, R and F,
do not change.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import accumulate
from typing import NamedTuple

from wsscore.core.definitions import UNITS as UNITS

Span = tuple[int, int]

# The Unicode version of the grapheme cluster rules' tables (the signature records it: the
# same text may get other clusters under another version).
UNICODE_VERSION = unicodedata.unidata_version

# Code point ranges UAX #29 names that unicodedata has no property for (Unicode 15.1,
# GraphemeBreakProperty.txt, emoji-data.txt, DerivedCoreProperties.txt InCB).
_EMOJI_MODIFIERS = [(0x1F3FB, 0x1F3FF)]
_TAGS = [(0xE0020, 0xE007F)]
_OTHER_EXTEND = [(0x200C, 0x200C), (0xFF9E, 0xFF9F), *_EMOJI_MODIFIERS, *_TAGS]
_SPACING_EXTRA = [(0x0E33, 0x0E33), (0x0EB3, 0x0EB3)]  # Thai SARA AM, Lao AM: Lo, yet SpacingMark
_PREPEND = [(0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891)]
_PREPEND += [(0x08E2, 0x08E2), (0x0D4E, 0x0D4E), (0x110BD, 0x110BD), (0x110CD, 0x110CD)]
_RI = [(0x1F1E6, 0x1F1FF)]
_HANGUL_L = [(0x1100, 0x115F), (0xA960, 0xA97C)]
_HANGUL_V = [(0x1160, 0x11A7), (0xD7B0, 0xD7C6)]
_HANGUL_T = [(0x11A8, 0x11FF), (0xD7CB, 0xD7FB)]
_LINKERS = [(c, c) for c in (0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D)]
_CONSONANTS = [(0x0915, 0x0939), (0x0958, 0x095F), (0x0978, 0x097F), (0x0995, 0x09A8)]
_CONSONANTS += [(0x09AA, 0x09B0), (0x09B2, 0x09B2), (0x09B6, 0x09B9), (0x09DC, 0x09DD)]
_CONSONANTS += [(0x09DF, 0x09DF), (0x09F0, 0x09F1), (0x0A95, 0x0AA8), (0x0AAA, 0x0AB0)]
_CONSONANTS += [(0x0AB2, 0x0AB3), (0x0AB5, 0x0AB9), (0x0AF9, 0x0AF9), (0x0B15, 0x0B28)]
_CONSONANTS += [(0x0B2A, 0x0B30), (0x0B32, 0x0B33), (0x0B35, 0x0B39), (0x0B5C, 0x0B5D)]
_CONSONANTS += [(0x0B5F, 0x0B5F), (0x0B71, 0x0B71), (0x0C15, 0x0C28), (0x0C2A, 0x0C39)]
_CONSONANTS += [(0x0C58, 0x0C5A), (0x0D15, 0x0D3A)]
_PICTOGRAPHIC = [(0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049)]
_PICTOGRAPHIC += [(0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA)]
_PICTOGRAPHIC += [(0x231A, 0x231B), (0x2328, 0x2328), (0x2388, 0x2388), (0x23CF, 0x23CF)]
_PICTOGRAPHIC += [(0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x25AA, 0x25AB)]
_PICTOGRAPHIC += [(0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605)]
_PICTOGRAPHIC += [(0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712)]
_PICTOGRAPHIC += [(0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721)]
_PICTOGRAPHIC += [(0x2728, 0x2728), (0x2733, 0x2734), (0x2744, 0x2744), (0x2747, 0x2747)]
_PICTOGRAPHIC += [(0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757)]
_PICTOGRAPHIC += [(0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0)]
_PICTOGRAPHIC += [(0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C)]
_PICTOGRAPHIC += [(0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D)]
_PICTOGRAPHIC += [(0x3297, 0x3297), (0x3299, 0x3299), (0x1F000, 0x1F0FF), (0x1F10D, 0x1F10F)]
_PICTOGRAPHIC += [(0x1F12F, 0x1F12F), (0x1F16C, 0x1F171), (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E)]
_PICTOGRAPHIC += [(0x1F191, 0x1F19A), (0x1F1AD, 0x1F1E5), (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A)]
_PICTOGRAPHIC += [(0x1F22F, 0x1F22F), (0x1F232, 0x1F23A), (0x1F23C, 0x1F23F), (0x1F249, 0x1F3FA)]
_PICTOGRAPHIC += [(0x1F400, 0x1F53D), (0x1F546, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F)]
_PICTOGRAPHIC += [(0x1F7D5, 0x1F7FF), (0x1F80C, 0x1F80F), (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F)]
_PICTOGRAPHIC += [(0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945)]
_PICTOGRAPHIC += [(0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD)]
# Scanned for their general category once; past it nothing is Mn, Me or Mc (Unicode 15.1).
_LAST_MARK = 0xE01EF


def _class(ranges: Iterable[tuple[int, int]]) -> str:
    """A ``re`` character class body for the inclusive code point ranges."""
    return "".join(f"\\U{start:08x}-\\U{end:08x}" for start, end in ranges)


def _either(ranges: Iterable[tuple[int, int]], extra: str = "") -> str:
    """A ``re`` pattern for one of the code points of ``ranges`` (or of the class body
    ``extra``): the BMP part a class of its own, which ``re`` tests by a table lookup (a class
    with any code point past U+FFFF is tried range by range, several times slower)."""
    ranges = sorted(ranges)
    bmp = [(start, min(end, 0xFFFF)) for start, end in ranges if start <= 0xFFFF]
    astral = [(max(start, 0x10000), end) for start, end in ranges if end > 0xFFFF]
    parts = [f"[{_class(bmp)}{extra}]"] + ([f"[{_class(astral)}]"] if astral else [])
    return f"(?:{'|'.join(parts)})"


class _Scanned(NamedTuple):
    """What the general categories give: Mn and Me (Extend), Mc (SpacingMark), the Extend ones
    with a canonical combining class (InCB=Extend, allowed inside a GB9c conjunct) and Cf
    (Control, but for the joiners, the prepended marks and the emoji tags)."""

    extend: list[tuple[int, int]]
    spacing: list[tuple[int, int]]
    incb: list[tuple[int, int]]
    format: list[tuple[int, int]]


def _ranges(codes: list[int]) -> list[tuple[int, int]]:
    """Sorted code points as inclusive ranges of consecutive ones (a shorter pattern)."""
    ranges: list[tuple[int, int]] = []
    for code in codes:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return ranges


def _any_number(ranges: list[tuple[int, int]], extra: str = "") -> str:
    """A ``re`` pattern for any number of the code points of ``ranges`` (and of the class body
    ``extra``), written so that a run of BMP ones is one repeat of one class (fast in ``re``)."""
    bmp = _class((start, min(end, 0xFFFF)) for start, end in sorted(ranges) if start <= 0xFFFF)
    astral = _class((max(start, 0x10000), end) for start, end in ranges if end > 0xFFFF)
    return f"[{bmp}{extra}]*(?:[{astral}][{bmp}{extra}]*)*" if astral else f"[{bmp}{extra}]*"


def _outside(ranges: list[tuple[int, int]]) -> str:
    """A ``re`` pattern for one code point not in ``ranges`` (its BMP part a table lookup)."""
    bmp = _class((start, min(end, 0xFFFF)) for start, end in ranges if start <= 0xFFFF)
    astral = _class((max(start, 0x10000), end) for start, end in ranges if end > 0xFFFF)
    return f"(?![{astral}])[^{bmp}]" if astral else f"[^{bmp}]"


def _scan() -> _Scanned:
    """One pass over the code points that may be marks or format characters."""
    found: dict[str, list[int]] = {"extend": [], "spacing": [], "incb": [], "format": []}
    for code in range(0x00AD, _LAST_MARK + 1):
        category = unicodedata.category(chr(code))
        if category in ("Mn", "Me"):
            found["extend"].append(code)
            if unicodedata.combining(chr(code)):
                found["incb"].append(code)
        elif category == "Mc":
            found["spacing"].append(code)
        elif category == "Cf" and not _special_format(code):
            found["format"].append(code)
    return _Scanned(**{key: _ranges(codes) for key, codes in found.items()})


def _special_format(code: int) -> bool:
    """Cf code points that UAX #29 does not treat as Control."""
    special = [(0x200C, 0x200D), *_PREPEND, *_TAGS]
    return any(start <= code <= end for start, end in special)


@cache
def grapheme_pattern() -> re.Pattern[str]:
    """Extended grapheme clusters (UAX #29 GB3–GB13, GB999) as one ``re`` pattern, built at
    first use (a scan of the marks' categories: see docs/design-units.md for its cost)."""
    scanned = _scan()
    extend = _either(scanned.extend + _OTHER_EXTEND)
    zwj = "\\u200d"
    trail = _any_number(scanned.extend + _OTHER_EXTEND + scanned.spacing + _SPACING_EXTRA, zwj)
    linker, consonant = _either(_LINKERS), _either(_CONSONANTS)
    glue = _either(scanned.incb + _LINKERS, zwj)
    lead, vowel, trail_jamo = (_either(part) for part in (_HANGUL_L, _HANGUL_V, _HANGUL_T))
    lv, lvt = _hangul_syllables()
    pict, ri = _either(_PICTOGRAPHIC), _either(_RI)
    control = [(0, 0x1F), (0x7F, 0x9F), (0x2028, 0x2029), *scanned.format]
    # A base that starts none of the sequences below, tried first: most text is made of them.
    special = control + _HANGUL_L + _HANGUL_V + _HANGUL_T + [(0xAC00, 0xD7A3)]
    special += _RI + _PICTOGRAPHIC + _CONSONANTS
    core = "|".join(
        (
            _outside(special),
            f"{lead}*(?:{vowel}+|{lv}{vowel}*|{lvt}){trail_jamo}*|{lead}+|{trail_jamo}+",  # GB6–GB8
            f"{ri}{ri}",  # GB12, GB13
            f"{pict}(?:{extend}*{zwj}{pict})*",  # GB11
            f"{consonant}(?:{glue}*{linker}{glue}*{consonant})+",  # GB9c
            _outside(control),  # GB999; GB4, GB5: a control stands alone (the ``.`` below)
        )
    )
    prepend = _any_number(_PREPEND)
    return re.compile(f"{prepend}(?:{core}){trail}|.", re.DOTALL)


@cache
def _joining() -> frozenset[str]:
    """The characters that may join a cluster with a neighbour: without one, every code point
    of a text is a cluster of its own (all Chinese, most Japanese and Latin text)."""
    scanned = _scan()
    joining = scanned.extend + scanned.spacing + _SPACING_EXTRA + _OTHER_EXTEND + _PREPEND
    joining += _HANGUL_L + _HANGUL_V + _HANGUL_T + _RI + [(0x200D, 0x200D)]
    return frozenset(chr(code) for start, end in joining for code in range(start, end + 1))


def may_join(text: str) -> bool:
    """Whether some of ``text``'s code points may form a cluster together: a set test, at C
    speed (a ``re`` class of this many ranges is tried range by range, 10 times slower)."""
    return not _joining().isdisjoint(text)


def _hangul_syllables() -> tuple[str, str]:
    """Precomposed Hangul syllables: LV (no final) and LVT, as character classes."""
    lv = "".join(chr(code) for code in range(0xAC00, 0xD7A4, 28))
    return f"[{lv}]", f"(?![{lv}])[\uac00-\ud7a3]"


def graphemes(word: str) -> list[str]:
    """The extended grapheme clusters of a word, in order."""
    return grapheme_pattern().findall(word)


def unit_lengths(word: str, unit: str, form: str | None = None) -> list[int]:
    """The lengths in code points of a gold word's units. ``form``: the word with its
    syllables separated by spaces (``Token.form``), which ``syllable`` needs."""
    if unit == "char":
        return [1] * len(word)
    if unit == "grapheme":
        return list(map(len, graphemes(word))) if may_join(word) else [1] * len(word)
    if form is None:
        raise ValueError(f"no syllables for {word!r}: unit 'syllable' needs the gold's forms")
    return list(map(len, form.split()))


class UnitEdges(NamedTuple):
    """A gold line's unit edges: the offsets (in code points, 0 … N) between which a boundary
    can fall; 0 and N included. Every gold word's ends are among them."""

    edges: list[int]

    @property
    def units(self) -> int:
        return len(self.edges) - 1


def unit_edges(
    gold_words: Sequence[str], unit: str, forms: Sequence[str | None] | None = None
) -> UnitEdges:
    """The unit edges of a gold line, found inside each gold word (never across two)."""
    forms = forms if forms is not None else [None] * len(gold_words)
    lengths = [
        length
        for word, form in zip(gold_words, forms, strict=True)
        for length in unit_lengths(word, unit, form)
    ]
    return UnitEdges([0, *accumulate(lengths)])


class UnitBoundaries(NamedTuple):
    """A line's boundary counts in units (docs/design-units.md §3): what ``line_extra`` counts
    in characters, plus the predicted cuts that fall inside a unit."""

    units: int  # N in units
    substrings: int  # N(N+1)/2
    gold_boundaries: int
    pred_boundaries: int  # predicted word edges at unit edges strictly inside the line
    correct_boundaries: int
    unit_cuts: int  # predicted word edges strictly inside a unit
    pred_words_on_edges: int  # predicted words whose two ends are unit edges (TNR's candidates)
    wrong_pred_on_edges: int  # of them, not gold words (TNR's false positives)


def unit_boundaries(
    gold_spans: Sequence[Span], pred_spans: Sequence[Span], edges: UnitEdges
) -> UnitBoundaries:
    """The boundary counts of one line whose characters agree, in the units ``edges`` gives.
    A predicted cut inside a unit is not a boundary here; it is counted as ``unit_cuts``."""
    on_edge = set(edges.edges)
    inner = set(edges.edges[1:-1])
    gold_inside = {end for _, end in gold_spans[:-1]}
    pred_ends = {end for _, end in pred_spans[:-1]}
    pred_inside = pred_ends & inner
    gold_set = set(gold_spans)
    candidates = [span for span in pred_spans if span[0] in on_edge and span[1] in on_edge]
    return UnitBoundaries(
        units=edges.units,
        substrings=edges.units * (edges.units + 1) // 2,
        gold_boundaries=len(gold_inside),
        pred_boundaries=len(pred_inside),
        correct_boundaries=len(gold_inside & pred_inside),
        unit_cuts=len(pred_ends - on_edge),
        pred_words_on_edges=len(candidates),
        wrong_pred_on_edges=sum(span not in gold_set for span in candidates),
    )


# --- option A, measured and rejected (docs/design-units.md §2): units interned as code points ---

# The private-use code points, in the order they are handed out.
_PRIVATE = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)]


def _private_use(code: int) -> bool:
    return any(start <= code <= end for start, end in _PRIVATE)


class Interning:
    """Each cluster of more than one code point, and each private-use code point of the text
    (so that none is taken for a unit), mapped to a private-use code point of its own, for a
    whole run: gold, predictions and dictionary must share one table."""

    def __init__(self) -> None:
        self._codes: dict[str, str] = {}
        self._units: dict[str, str] = {}
        self._free = (chr(code) for start, end in _PRIVATE for code in range(start, end + 1))

    def code(self, unit: str) -> str:
        """The one code point standing for ``unit``, handed out at its first sight."""
        found = self._codes.get(unit)
        if found is None:
            found = next(self._free, None)
            if found is None:
                raise ValueError("more distinct units than private-use code points")
            self._codes[unit], self._units[found] = found, unit
        return found

    def map_word(self, word: str) -> str:
        """A word with each unit one code point."""
        pieces = graphemes(word)
        if len(pieces) == len(word) and not any(map(_private_use, map(ord, word))):
            return word
        return "".join(
            self.code(piece) if len(piece) > 1 or _private_use(ord(piece)) else piece
            for piece in pieces
        )

    def map_line(self, line: str) -> str:
        """A line of words, each word mapped on its own (units never cross a word's ends)."""
        if not may_join(line) and not any(map(_private_use, map(ord, line))):
            return line
        return " ".join(map(self.map_word, line.split()))

    def unmap(self, text: str) -> str:
        """The text back, every interned code point replaced by its unit."""
        return text.translate({ord(code): unit for code, unit in self._units.items()})
