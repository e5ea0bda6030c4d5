"""Named conventions (``--conventions``): the figures, units and columns a community prints.

A convention changes no number: it turns on the counts its figures need (``--extra``'s for
thai, japanese and ud) and chooses the columns of every table format
(:func:`wsscore.output.columns.columns`); the JSON keeps every figure computed. The signature
records it (``conv:thai``) only when one is given, so that the signatures of runs without one
stay as they were. docs/metrics.md §5.13 lists each convention's columns.
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.errors import InvalidArgument


class Convention(NamedTuple):
    """A community's way of reporting: ``name``, the scorer it follows (``follows``), and
    whether its figures need ``--extra``'s counts (``needs_extra``)."""

    name: str
    follows: str
    needs_extra: bool


# The character-level counts of the thai convention are PyThaiNLP's: every code point of the
# text is classified as a word start or not. TODO(--unit): once the --unit setting exists,
# the thai convention sets it to this value (PyThaiNLP counts code points, not graphemes);
# until then every unit is a character and this constant is the one place that says so.
THAI_UNIT = "char"

CONVENTIONS: dict[str, Convention] = {
    "thai": Convention("thai", "PyThaiNLP's benchmarks.word_tokenization", needs_extra=True),
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
