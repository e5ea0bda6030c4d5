"""Text shown to people, the same way in every layer: quoted text and code points, figures,
Markdown.

A bottom-layer module (it imports nothing of wsscore), so that messages raised deep in the
aligner, and the tables of every output format, show the same thing the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wsscore.core.patterns import LazyPattern

# --- shown text and code points -------------------------------------------------------------

# Differing texts of at most this many characters on both sides are shown with code points.
LOOK_ALIKE = 4

_KEPT_BYTE = LazyPattern(r"\\udc([89a-f][0-9a-f])")


def code_points(text: str) -> str:
    """``U+00E9``-style code points of a text; a byte kept undecoded is ``byte 0xFF``."""
    return " ".join(
        f"byte 0x{ord(char) - 0xDC00:02X}" if "\udc80" <= char <= "\udcff" else f"U+{ord(char):04X}"
        for char in text
    )


def shown(text: str) -> str:
    """``repr`` of a text, with bytes kept undecoded shown as ``\\xNN`` rather than ``\\udcNN``."""
    return _KEPT_BYTE.sub(r"\\x\1", repr(text))


# --- tables and markdown ---

UNDEFINED = "—"  # a figure that is not defined (no OOV word, no dictionary)
# The decimals of a ratio in every table unless --digits says otherwise, as the bakeoff papers
# print them; an interval's half-width or ends get one more (±0.0033).
DEFAULT_DIGITS = 3


def ratio_text(
    value: float | None, undefined: str = UNDEFINED, digits: int = DEFAULT_DIGITS
) -> str:
    """A ratio (R, P, F, a rate) with ``digits`` decimals (three, as every table prints it);
    ``undefined`` for a ratio without a denominator."""
    return undefined if value is None else f"{value:.{digits}f}"


def interval_digits(digits: int) -> int:
    """The decimals of an interval's bounds beside ratios of ``digits`` decimals."""
    return digits + 1


# Characters that can start Markdown inline formatting anywhere in a line (emphasis, code,
# links, HTML, entities, strikethrough, table pipes). Lines escaped with it start with fixed
# words or a cell's border, so the characters special only at the start of a line need none.
_MARKDOWN_INLINE = LazyPattern(r"([\\`*_\[\]<>|~&])")


def markdown_escaped(text: str) -> str:
    """``text`` (a note, a file name, a word) shown literally in Markdown."""
    return _MARKDOWN_INLINE.sub(r"\\\1", text)


def markdown_cell(text: str) -> str:
    """A table cell's own text (a figure, a header): only the pipe, which would end the cell,
    is escaped."""
    return text.replace("|", "\\|")


def markdown_row(cells: Iterable[str]) -> str:
    """A row of a Markdown table, its cells already escaped."""
    return "| " + " | ".join(cells) + " |"


def markdown_rule(numeric: Sequence[bool]) -> str:
    """The rule under a Markdown table's headers: numeric columns right-aligned, text left."""
    return "|" + "|".join("---:" if right else ":---" for right in numeric) + "|"


# What the tables write themselves, each one terminal cell wide (rich agrees; a test checks):
# printable ASCII, the undefined mark, ± of an interval, Δ and − of a difference, β of F_β. A
# text of these alone is measured here, so that a table of figures never loads rich.
_ONE_CELL = frozenset([*map(chr, range(0x20, 0x7F)), UNDEFINED, "±", "Δ", "−", "β"])


def display_width(text: str) -> int:
    """Terminal cells, as rich counts them (``rich.cells.cell_len``): a wide or full-width
    character (CJK, Hangul) takes two, a combining mark (Thai's vowel and tone marks) and a
    zero-width space none, an emoji sequence joined by ZWJ the width of one emoji."""
    if _ONE_CELL.issuperset(text):
        return len(text)
    from rich.cells import cell_len  # for text of other scripts only: a plain run needs no rich

    return cell_len(text)


def padded(text: str, width: int, *, right: bool = False) -> str:
    """``text`` filled with spaces to ``width`` display columns, on the left when ``right``."""
    fill = " " * (width - display_width(text))
    return fill + text if right else text + fill
