"""The definitions that both counting backends share, written once (docs/metrics.md).

The C speed-ups take them from here at import (``backend`` hands them over), so that the
separators, the word-length buckets and the error classes cannot drift apart between the two.
"""

from __future__ import annotations

# White space between words (docs/metrics.md §1.2): Unicode White_Space, and U+FEFF, which
# inside a file is a stray byte-order mark, not text. Not U+001C..U+001F, which str.isspace()
# takes but White_Space does not.
SEPARATORS = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + "\u2028\u2029\u202f\u205f\u3000\ufeff"
)

# The characters on which str.split() and SEPARATORS disagree: U+001C..U+001F are white space
# to str.isspace() but not separators, U+FEFF the other way round. A text without any of them
# splits into the same words either way (str.split() is the fast way there).
SPLIT_DIFFERS = "\x1c\x1d\x1e\x1f\ufeff"

# Word lengths in characters, as `wsscore errors` groups them (docs/metrics.md §6): 1 to 4,
# then 5 and more.
LENGTH_BUCKETS = ("1", "2", "3", "4", "5+")

# What a boundary can fall between (docs/metrics.md §1.7): a code point, an extended grapheme
# cluster (UAX #29), or a syllable of the gold (VLSP's Hà_Nội is two).
UNITS = ("char", "grapheme", "syllable")

# The steps of --normalize (docs/metrics.md §1.8), in the order they apply whatever order they
# are written in, and the profiles named apart from their steps: ``mccws`` is the published
# preprocessing of the multi-criteria segmenters (width, then digits, then latin).
NORMALIZE_STEPS = ("width", "digits", "latin")
NORMALIZE_NAMED = {"none": (), "mccws": NORMALIZE_STEPS}


def normalize_choices() -> str:
    """What --normalize takes, as its help and its refusal say it."""
    steps = ", ".join(NORMALIZE_STEPS)
    return f"none, mccws ({'+'.join(NORMALIZE_STEPS)}), {steps}, or steps joined by +"


# The classes of a wrong gold word (docs/metrics.md §5.4), in the order reports list them.
ERROR_CLASSES = ("split", "merged", "crossing")


def length_bucket(length: int) -> int:
    """The index in :data:`LENGTH_BUCKETS` of a word of ``length`` characters (at least 1)."""
    return min(length, len(LENGTH_BUCKETS)) - 1
