"""The bakeoff's maximum-matching baseline (Sproat & Emerson 2003, §4.1), on Unicode text.

This is the greedy forward maximum matching of the bakeoff's ``mwseg.pl``: at each position take
the longest dictionary word that starts there, or else the single character. ``mwseg.pl`` works
on the bytes of a two-byte legacy encoding (GBK, Big5); here the same algorithm runs on decoded
text, so any encoding wsscore reads works, and on the four bakeoff test sets the output is
``mwseg.pl``'s word for word (and byte for byte once encoded back), with one deliberate
exception: ``mwseg.pl`` cuts the last character of an input whose last line has no line feed
(the AS test set), this module does not.

Why the byte-level and the character-level algorithms agree on the bakeoff files (checked by
``tests/segmenters/test_maxmatch.py``): every character of the test sets is one byte
(``[\\x21-\\x7e]``) or two bytes, decoding to exactly one code point, and no two byte pairs decode
to the same code point; so a byte prefix of the text at a character boundary is a dictionary key
exactly when the decoded prefix is a decoded entry, and a longer byte prefix is a longer character
prefix. ``mwseg.pl``'s limit of the longest entry in bytes never cuts a candidate either: an entry
always fits in the longest entry's bytes, as it fits in the longest entry's characters here. The odd
entries of the AS word list (with bytes such as 0x80 or 0x08 that are not text) match nothing in
either.
Another difference the test sets do not exercise: ``mwseg.pl``'s ``s/\\s*//g`` on bytes removes
only ASCII white space, so an ideographic space (U+3000) in its input becomes a word; here all
Unicode White_Space is removed, as the scorer ignores it anyway.

One case the bakeoff files do not contain is handled the way ``mwseg.pl`` sees it: four
Big5-HKSCS byte pairs (0x8862, 0x8864, 0x88A3, 0x88A5) decode to a letter and a combining mark
(for example ``Ê̄``). ``mwseg.pl`` takes such a pair as one character, so here a character is a code
point together with the combining marks that follow it: a match never ends before a mark, and an
unmatched letter keeps its marks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from wsscore.errors import Warnings
from wsscore.inputs.dictionary import OPTION as DICT_OPTION
from wsscore.inputs.dictionary import warn_empty
from wsscore.inputs.reading import open_text
from wsscore.inputs.words import split_words

# Combining marks (the Combining Diacritical Marks blocks, Cyrillic's and the kana sound marks):
# a character class rather than unicodedata, so that a line without any is told apart at C speed.
_MARKS = re.compile(
    "[\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\u3099\u309a\ufe20-\ufe2f]"
)


class MaxMatcher:
    """Greedy forward maximum matching with a fixed dictionary.

    ``longest`` is the length in characters of the longest entry. The empty entry (an empty line
    of a word list) is dropped: it cannot be matched.
    """

    __slots__ = ("_lengths", "entries", "longest")

    def __init__(self, entries: Iterable[str]):
        self.entries: frozenset[str] = frozenset(entries) - {""}
        # One pass over the entries, not one for `longest` and one for the lengths: on a large
        # word list the time goes into fetching each string from memory, not into the work.
        pairs = {(entry[0], len(entry)) for entry in self.entries}
        self.longest: int = max((size for _, size in pairs), default=0)
        # The candidate lengths of each first character, longest first, instead of every length
        # up to `longest`: most characters start only short words, and most lengths between are
        # absent, so each position costs a few look-ups rather than `longest` (44 for AS).
        # Length 1 is left out: an unmatched character becomes a word of its own anyway.
        by_first: dict[str, list[int]] = {}
        for first, size in pairs:
            if size > 1:
                by_first.setdefault(first, []).append(size)
        self._lengths: dict[str, tuple[int, ...]] = {
            first: tuple(sorted(sizes, reverse=True)) for first, sizes in by_first.items()
        }

    def __repr__(self) -> str:
        return f"MaxMatcher({len(self.entries)} entries, longest {self.longest})"

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, after removing all white space (Unicode White_Space, as words are
        split on it)."""
        text = "".join(split_words(text))
        if _MARKS.search(text):
            return self._segment_with_marks(text)
        words: list[str] = []
        append = words.append
        lengths = self._lengths
        entries = self.entries
        end = len(text)
        start = 0
        while start < end:
            for size in lengths.get(text[start], ()):
                # Near the end of the text the slice is shorter than `size`; if it is an entry it
                # is the longest that fits, as mwseg.pl's shortened substr finds it.
                word = text[start : start + size]
                if word in entries:
                    append(word)
                    start += len(word)
                    break
            else:
                append(text[start])
                start += 1
        return words

    def _segment_with_marks(self, text: str) -> list[str]:
        # The general loop, for the rare text with combining marks: a candidate that would leave
        # a mark at the start of the next word is skipped, as mwseg.pl never splits a byte pair.
        words: list[str] = []
        entries = self.entries
        marks = _MARKS
        end = len(text)
        start = 0
        while start < end:
            for size in self._lengths.get(text[start], ()):
                stop = min(start + size, end)
                if text[start:stop] in entries and not marks.match(text, stop):
                    break
            else:
                stop = start + 1
                while stop < end and marks.match(text, stop):
                    stop += 1
            words.append(text[start:stop])
            start = stop
        return words


def load_mwseg_dictionary(
    path: str, encoding: str = "auto", *, warnings: Warnings, strict: bool = False
) -> set[str]:
    """The entries of a word list, one a line, as ``mwseg.pl`` reads it but decoded.

    ``mwseg.pl`` ``chop``s each line and keeps the rest as it is, so an entry with white space
    in it (CityU's ``Phang\\u3000Nga``) is kept and can never match, text being matched without
    white space: the same here. Two differences, neither of which changes anything on the bakeoff
    word lists (all four have LF line ends and end with a line feed):

    - ``chop`` on a CRLF file leaves the ``\\r`` in every key, so that no entry ever matches; here
      the whole line end (``\\n`` or ``\\r\\n``) is removed, as any reader of a word list expects.
    - On a last line without a line feed ``chop`` removes a real character; here the line is kept
      whole (a trailing ``\\r`` there is dropped, which is what ``chop`` does to it).

    Undecodable bytes are kept (and reported in ``warnings``) unless ``strict``; such an entry
    matches only the same bytes, as in ``mwseg.pl``.
    """
    source = open_text(path, encoding, warnings=warnings, strict=strict, option=DICT_OPTION)
    text = source.read_text()
    if not text.strip():
        effect = "maximum matching cuts the text into single characters"
        warn_empty(source.name, source.lines_read, warnings, effect=effect)
    if "\r" in text:
        text = text.replace("\r\n", "\n").removesuffix("\r")
    entries = set(text.split("\n"))  # C-level: no Python code per entry
    entries.discard("")  # empty lines, and the nothing after the last line feed
    return entries


def segment_lines(
    lines: Iterable[str], matcher: MaxMatcher, *, from_gold: bool = False
) -> Iterator[str]:
    """Each line segmented, in ``mwseg.pl``'s layout: every word followed by one space, then
    ``\\n`` (an empty or blank line gives ``"\\n"``).

    So ``"".join(segment_lines(...))``, encoded, is ``mwseg.pl``'s output file byte for byte (for
    a text in its encoding). Lines may keep their line ends: white space is removed before
    matching. ``from_gold`` says that the lines are a segmented gold standard: its separators are
    white space (U+3000 for AS), which is removed anyway, so the result is the same; it is there
    so that callers can say what they give.
    """
    segment = matcher.segment
    for line in lines:
        words = segment(line)
        yield " ".join(words) + " \n" if words else "\n"
