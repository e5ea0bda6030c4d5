"""Named conventions (``--conventions``): the figures, units and columns a community prints.

A convention changes no number: it turns on the counts its figures need (``--extra``'s for
thai, japanese and ud) and chooses the columns of every table format
(:func:`wsscore.output.columns.columns`); the JSON keeps every figure computed. The signature
records it (``conv:thai``) only when one is given, so that the signatures of runs without one
stay as they were. docs/metrics.md §5.13 lists each convention's columns.
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.errors import InvalidArgument, Warnings


class Convention(NamedTuple):
    """A community's way of reporting: ``name``, the scorer it follows (``follows``), whether
    its figures need ``--extra``'s counts (``needs_extra``), and the unit its scorer counts
    (``unit``, a value of ``--unit``: what the run counts in unless ``--unit`` is given)."""

    name: str
    follows: str
    needs_extra: bool
    unit: str = "char"


# The character-level counts of the thai convention are PyThaiNLP's: its benchmark classifies
# every code point of the text as a word start or not, so it counts code points, not graphemes.
THAI_UNIT = "char"

# Every scorer a convention follows counts code points: mecab-system-eval and MevAL compare
# character offsets, conll18_ud_eval.py aligns characters, the bakeoff's script diffs words.
CONVENTIONS: dict[str, Convention] = {
    "thai": Convention(
        "thai", "PyThaiNLP's benchmarks.word_tokenization", needs_extra=True, unit=THAI_UNIT
    ),
    "japanese": Convention("japanese", "mecab-system-eval and MevAL", needs_extra=True),
    "ud": Convention("ud", "conll18_ud_eval.py", needs_extra=True),
    "sighan": Convention("sighan", "the SIGHAN bakeoff's table", needs_extra=False),
}
CONVENTION_NAMES = tuple(CONVENTIONS)


def convention_of(name: str | None) -> Convention | None:
    """The convention called ``name`` (None for None); an unknown name is refused."""
    if name is None:
        return None
    if name not in CONVENTIONS:
        raise InvalidArgument(
            f"unknown convention {name!r}; use one of {', '.join(CONVENTION_NAMES)}"
        )
    return CONVENTIONS[name]


def needs_extra(name: str | None) -> bool:
    """Whether the convention ``name`` (None: none) needs ``--extra``'s counts."""
    convention = convention_of(name)
    return convention is not None and convention.needs_extra


def unit_for(given: str | None, conventions: str | None) -> str | None:
    """The unit a run is asked for: ``given`` (an explicit ``--unit`` always wins), else the
    unit of the convention ``conventions``, else None (the gold format's own)."""
    if given is not None:
        return given
    convention = convention_of(conventions)
    return convention.unit if convention is not None else None


def warn_of_unit(conventions: str | None, unit: str, warnings: Warnings) -> None:
    """Warn that a convention's figures are no longer its scorer's when the run counts in
    ``unit`` rather than the convention's own (nothing without a convention, or for one that
    shows no figure in units)."""
    convention = convention_of(conventions)
    if convention is None or convention.unit == unit or not convention.needs_extra:
        return
    warnings.warn(
        f"--conventions {convention.name} with --unit {unit}: its character-level and boundary "
        f"figures count {UNIT_WORDS[unit]}, where {convention.follows} counts "
        f"{UNIT_WORDS[convention.unit]}: they are no longer that scorer's",
        hint=f"use --unit {convention.unit} for them",
    )


# What each unit is, in a sentence of a message.
UNIT_WORDS = {"char": "code points", "grapheme": "grapheme clusters", "syllable": "syllables"}
