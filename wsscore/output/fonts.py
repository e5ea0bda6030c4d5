"""A font for the Chinese (and other CJK) text of a plot.

matplotlib draws with DejaVu Sans, which has no Chinese characters: a system named 结巴 comes
out as empty boxes, with one warning per missing glyph. This module finds an installed CJK
font and says how to draw a figure's text with it. matplotlib is imported only when a font
is looked for, so importing this module stays cheap.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import warnings as python_warnings
from collections.abc import Iterable, Iterator
from typing import Any

from wsscore.errors import Warnings

# Family names as matplotlib reports them, best first: fonts made for Simplified Chinese, then
# the other CJK fonts that still have every common hanzi.
PREFERRED = (
    "Noto Sans CJK SC",
    "Noto Sans CJK TC",
    "Noto Sans CJK JP",
    "Noto Sans SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "PingFang SC",
    "Hiragino Sans GB",
    "Microsoft YaHei",
    "SimHei",
    "Heiti SC",
    "Arial Unicode MS",
)
PROBE = (0x4E2D, 0x6587)  # 中文: a font with both is taken to cover common Chinese
LATIN_FALLBACK = "DejaVu Sans"  # ships with matplotlib, so it is always there
# Blocks DejaVu Sans lacks: CJK radicals to Yi, Hangul syllables, compatibility ideographs,
# compatibility and half/full-width forms, and the supplementary ideograph planes.
CJK_RANGES = (
    (0x2E80, 0xA4CF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x20000, 0x3FFFF),
)
NO_FONT = "no font with Chinese characters found: the plot's Chinese names will show as boxes"
NO_FONT_HINT = (
    "install one, e.g. apt-get install fonts-noto-cjk, or a Noto Sans CJK / Source Han Sans font"
)
GLYPH_WARNING = r"Glyph \d+ .*missing from font"
# What matplotlib logs while it draws with a font it was given, none of which the user can act
# on: a glyph the font lacks (the run has said once that a font is missing), and a weight the
# family lacks (WenQuanYi Zen Hei has only 500, "medium": matplotlib takes the nearest weight,
# as it should, and says so for every text).
FONT_NOISE = ("missing from font", "Failed to find font weight")


def has_cjk(text: str) -> bool:
    """Whether ``text`` has a character that needs a CJK font."""
    return any(low <= ord(char) <= high for char in text for low, high in CJK_RANGES)


@functools.cache  # the search may open font files: once per process is enough
def cjk_font_family() -> str | None:
    """The family name of an installed font with Chinese characters, or None."""
    from matplotlib import font_manager

    manager = font_manager.fontManager
    return (
        _preferred(entry.name for entry in manager.ttflist)
        or _covering_known(manager)
        or _covering_new(manager)
    )


def _preferred(names: Iterable[str]) -> str | None:
    present = set(names)
    return next((name for name in PREFERRED if name in present), None)


def _covers_cjk(path: str) -> bool:
    from matplotlib import ft2font

    try:
        font = ft2font.FT2Font(path)
    except (OSError, RuntimeError, ValueError):  # unreadable, gone, or not a font FreeType knows
        return False
    # get_char_index is a lookup; get_charmap would build a dict of every character. Distinct
    # glyphs: a last-resort font (matplotlib ships one) maps a whole block to one placeholder.
    glyphs = [font.get_char_index(code) for code in PROBE]
    return all(glyphs) and len(set(glyphs)) == len(glyphs)


def _covering_known(manager: Any) -> str | None:
    """A font matplotlib knows, not in PREFERRED, that has Chinese characters."""
    seen: set[str] = set()
    for entry in manager.ttflist:
        if entry.fname not in seen:
            seen.add(entry.fname)
            if _covers_cjk(entry.fname):
                return str(entry.name)
    return None


def _covering_new(manager: Any) -> str | None:
    """A CJK font installed after matplotlib cached its font list (it does not look again):
    found among the system's font files, and made known to matplotlib for this process."""
    from matplotlib import font_manager

    known = {entry.fname for entry in manager.ttflist}
    added: list[str] = []
    for path in sorted(font_manager.findSystemFonts()):
        if path not in known and _covers_cjk(path):
            added.extend(_add(manager, path))
    return _preferred(added) or (added[0] if added else None)


def _add(manager: Any, path: str) -> list[str]:
    """The family names (one per face of a collection) of the font added to ``manager``."""
    before = len(manager.ttflist)
    try:
        manager.addfont(path)
    except Exception:  # as matplotlib does when it builds its list: skip what it cannot read
        return []
    return [entry.name for entry in manager.ttflist[before:]]


def cjk_rc(texts: Iterable[str], warnings: Warnings) -> dict[str, Any]:
    """matplotlib settings to draw ``texts``: the CJK font first when one of them needs it.

    With no such font, says so once through ``warnings`` and changes nothing.
    """
    if not any(has_cjk(text) for text in texts):
        return {}
    family = cjk_font_family()
    if family is None:
        warnings.warn(NO_FONT, hint=NO_FONT_HINT)
        return {}
    from matplotlib import rcParams

    sans_serif = [family, *(name for name in rcParams["font.sans-serif"] if name != family)]
    # A list of families: matplotlib takes each glyph from the first font that has it.
    return {"font.family": [family, LATIN_FALLBACK], "font.sans-serif": sans_serif}


class _FontNoiseFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(noise in message for noise in FONT_NOISE)


@contextlib.contextmanager
def font_noise_silenced() -> Iterator[None]:
    """Drop matplotlib's :data:`FONT_NOISE` while a figure is drawn: one warning per missing
    glyph (the run has already said, once, that a font is missing) and one per text drawn in a
    family without the weight asked for."""
    # A logger's filter sees only its own records, not its children's: filter each one.
    loggers = [
        logger
        for name, logger in logging.Logger.manager.loggerDict.items()
        if isinstance(logger, logging.Logger) and (name + ".").startswith("matplotlib.")
    ]
    noise_filter = _FontNoiseFilter()
    with python_warnings.catch_warnings():
        python_warnings.filterwarnings("ignore", message=GLYPH_WARNING)
        for logger in loggers:
            logger.addFilter(noise_filter)
        try:
            yield
        finally:
            for logger in loggers:
                logger.removeFilter(noise_filter)
