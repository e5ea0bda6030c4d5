"""Encoding names, the Big5 decoding rule, and auto-detection.

The bakeoff data needs two rules that no single Python codec gives (docs/architecture.md,
Encodings):
- Big5 family: CP950, and Big5-HKSCS only for the byte pairs CP950 cannot decode. Plain
  ``big5hkscs`` maps 0xA145 to U+2022 instead of U+2027 and would break alignment with UTF-8 files.
- GB family: GB18030, a superset of GBK, CP936, GB2312 and EUC-CN.
Undecodable bytes are kept as surrogate escapes, so identical bytes still compare equal and nothing
the user gave is lost.
"""

from __future__ import annotations

import codecs
import functools
from collections.abc import Callable
from typing import NamedTuple

from wsscore.core.patterns import LazyPattern

BIG5_HANDLER = "wsscore-big5hkscs"
BIG5_STRICT_HANDLER = "wsscore-big5hkscs-strict"


def _hkscs_pair(exc: UnicodeDecodeError) -> tuple[str, int] | None:
    pair = exc.object[exc.start : exc.start + 2]
    if len(pair) == 2:
        try:
            return pair.decode("big5hkscs"), exc.start + 2
        except UnicodeDecodeError:
            return None
    return None


def _big5_lossless(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    found = _hkscs_pair(exc)
    if found is not None:
        return found
    # Same convention as Python's surrogateescape, so the byte survives a round trip.
    return chr(0xDC00 + exc.object[exc.start]), exc.start + 1


def _big5_strict(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    found = _hkscs_pair(exc)
    if found is None:
        raise exc
    return found


codecs.register_error(BIG5_HANDLER, _big5_lossless)
codecs.register_error(BIG5_STRICT_HANDLER, _big5_strict)


class Encoding(NamedTuple):
    """How to decode one file: the name users see and the codec rule behind it."""

    name: str  # shown in signatures and reports, e.g. "cp950", "gbk", "utf-8"
    codec: str  # the Python codec used to decode
    family: str  # "utf-8", "utf-16", "gb", "big5" or "other"

    @property
    def lossless_errors(self) -> str:
        return BIG5_HANDLER if self.family == "big5" else "surrogateescape"

    @property
    def strict_errors(self) -> str:
        return BIG5_STRICT_HANDLER if self.family == "big5" else "strict"

    @property
    def ascii_compatible(self) -> bool:
        """True when b'\\n' can only be a line feed, so a stream may be cut at any b'\\n'."""
        return self.family != "utf-16" and _encodes_ascii_as_itself(self.codec)

    def decode(self, data: bytes, *, strict: bool = False) -> str:
        return data.decode(self.codec, self.strict_errors if strict else self.lossless_errors)

    def encode(self, text: str) -> bytes:
        """Encode back, restoring kept undecodable bytes (used by the Perl-compatible mode)."""
        if self.family == "big5":
            return _encode_big5(text)
        return text.encode(self.codec, "surrogateescape")


@functools.cache
def _encodes_ascii_as_itself(codec: str) -> bool:
    # UTF-32 (any byte order) and EBCDIC code pages are not: their line feed is not b"\\n".
    try:
        return "\n \t".encode(codec) == b"\n \t"
    except (LookupError, UnicodeError):
        return False


def _encode_big5(text: str) -> bytes:
    try:
        return text.encode("cp950", "surrogateescape")
    except UnicodeEncodeError:
        out = bytearray()
        for char in text:
            try:
                out += char.encode("cp950", "surrogateescape")
            except UnicodeEncodeError:
                out += char.encode("big5hkscs", "surrogateescape")
        return bytes(out)


UTF8 = Encoding("utf-8", "utf-8", "utf-8")
UTF8_SIG = Encoding("utf-8-sig", "utf-8", "utf-8")
UTF16 = Encoding("utf-16", "utf-16", "utf-16")
UTF32 = Encoding("utf-32", "utf-32", "other")  # by its BOM only; not a bakeoff encoding
# Thai's single-byte encodings: TIS-620 and its Windows superset CP874 (which adds a few
# punctuation marks at 0x80-0xA0).
TIS_620 = Encoding("tis-620", "tis-620", "other")
CP874 = Encoding("cp874", "cp874", "other")

_ALIASES: dict[str, Encoding] = {
    "utf-8": UTF8,
    "utf8": UTF8,
    "utf-8-sig": UTF8_SIG,
    "utf8-sig": UTF8_SIG,
    "utf-16": UTF16,
    "utf16": UTF16,
    "utf-16-le": Encoding("utf-16-le", "utf-16-le", "utf-16"),
    "utf-16le": Encoding("utf-16-le", "utf-16-le", "utf-16"),
    "utf-16-be": Encoding("utf-16-be", "utf-16-be", "utf-16"),
    "utf-16be": Encoding("utf-16-be", "utf-16-be", "utf-16"),
}
for _name in ("gbk", "gb2312", "euc-cn", "cp936", "gb18030"):
    _ALIASES[_name] = Encoding(_name, "gb18030", "gb")
for _name, _shown in (
    ("big5", "big5"),
    ("cp950", "cp950"),
    ("big5-hkscs", "big5-hkscs"),
    ("big5hkscs", "big5-hkscs"),
    ("hkscs", "big5-hkscs"),
):
    _ALIASES[_name] = Encoding(_shown, "cp950", "big5")
_ALIASES["euccn"] = _ALIASES["euc-cn"]
_ALIASES["ms936"] = _ALIASES["cp936"]

SUPPORTED_NAMES = (
    "auto, utf-8, utf-8-sig, utf-16, gbk, gb2312, euc-cn, cp936, gb18030, "
    "big5, cp950, big5-hkscs (hkscs)"
)


def lookup(name: str) -> Encoding:
    """Return the decoding rule for a user-given encoding name; ValueError if unknown."""
    key = name.strip().lower().replace("_", "-")
    if key in _ALIASES:
        return _ALIASES[key]
    try:
        info = codecs.lookup(key)
    except LookupError:
        raise ValueError(f"unknown encoding {name!r}; use one of {SUPPORTED_NAMES}") from None
    if not getattr(info, "_is_text_encoding", True):  # rot13, base64, zlib...: bytes to bytes
        raise ValueError(
            f"{name!r} is not a text encoding; use one of {SUPPORTED_NAMES}, or another "
            "character encoding"
        )
    return Encoding(info.name, info.name, "other")


# --- detection ----------------------------------------------------------------------------------

# A double-byte character of the Big5/GB families: lead 0x81-0xFE, trail 0x40-0xFE.
_DOUBLE_BYTE = LazyPattern(rb"[\x81-\xfe][\x40-\xfe]")
_LOW_TRAILS = bytes(range(0x40, 0x7F))  # Big5 and GBK, never GB2312
_MIDDLE_TRAILS = bytes(range(0x80, 0xA1))  # GBK/GB18030 only, never Big5
_CHARDET_MAP = {
    "gb2312": "gb",
    "gbk": "gb",
    "gb18030": "gb",
    "big5": "big5",
    "big5hkscs": "big5",
    "cp950": "big5",
}
HEURISTIC_SAMPLE = 64 * 1024
CHARDET_SAMPLE = 64 * 1024


def _decodes(
    data: bytes,
    codec: str,
    errors: str = "strict",
    decoded: dict[tuple[str, str], str] | None = None,
) -> bool:
    """Whether ``data`` decodes strictly; the text is kept in ``decoded`` when given."""
    try:
        text = data.decode(codec, errors)
    except UnicodeDecodeError:
        return False
    if decoded is not None:
        decoded[codec, errors] = text
    return True


def _family_by_bytes(sample: bytes) -> str | None:
    """Guess GB or Big5 from trail bytes, or None when the sample says too little.

    Big5 trail bytes are 0x40-0x7E or 0xA1-0xFE (about 40% of common characters use the low
    range); GB2312 trail bytes are all 0xA1-0xFE, and only GBK/GB18030 use 0x80-0xA0.
    """
    pairs = _DOUBLE_BYTE.findall(sample[:HEURISTIC_SAMPLE])
    if len(pairs) < 20:
        return None
    trails = b"".join(pairs)[1::2]
    low = len(trails) - len(trails.translate(None, _LOW_TRAILS))
    middle = len(trails) - len(trails.translate(None, _MIDDLE_TRAILS))
    if middle > 0.02 * len(pairs):
        return "gb"
    if low > 0.15 * len(pairs):
        return "big5"
    if low < 0.03 * len(pairs):
        return "gb"
    return None


def _family_by_chardet(sample: bytes) -> str | None:
    import chardet  # imported here: only legacy-encoded files of unclear family need it

    guess = chardet.detect(sample[:CHARDET_SAMPLE])
    name = (guess.get("encoding") or "").lower().replace("-", "").replace("_", "")
    return _CHARDET_MAP.get(name)


_ESCAPES = LazyPattern("[\udc80-\udcff]")
# What a file read in the wrong encoding shows and text seldom holds: private-use characters
# (GBK bytes read as Big5 land there, and the reverse) and bytes kept undecoded.
_MISDECODED = LazyPattern("[\ue000-\uf8ff\U000f0000-\U0010ffff\udc80-\udcff]")


def misdecoded(text: str) -> str | None:
    """The first character of ``text`` that a wrong decoding gives (a private-use character,
    a byte kept undecoded), or None."""
    found = _MISDECODED.search(text)
    return None if found is None else found.group()


_NON_ASCII = LazyPattern("[^\x00-\x7f]")
UTF8_SAMPLE = 64 * 1024
UTF8_MIN_RATIO = 10  # valid multibyte characters per invalid byte; GBK/Big5 text gives < 0.3


def _mostly_utf8(sample: bytes) -> bool:
    """UTF-8 with a few damaged bytes: many valid multibyte characters for each invalid byte.

    Legacy-encoded Chinese text decoded as UTF-8 has 5 to 25 invalid bytes for each valid
    multibyte sequence (measured on the bakeoff files), so the two cannot be confused.
    """
    for size in (4096, UTF8_SAMPLE):  # most legacy files fail on the first few kilobytes
        window = sample[:size]
        if size < len(sample):  # cut at a line end, not inside a character
            window = window[: window.rfind(b"\n") + 1] or window
        text = window.decode("utf-8", "surrogateescape")
        invalid = len(_ESCAPES.findall(text))
        valid = len(_NON_ASCII.findall(text)) - invalid
        if valid < UTF8_MIN_RATIO * invalid:
            return False
        if size >= len(sample):
            break
    return True


def _crib_score(text: str, crib: frozenset[str]) -> float:
    # ASCII reads the same in every candidate: counted, it only dilutes the difference.
    chars = [c for c in text if not c.isspace() and not c.isascii()]
    if not chars:
        return 0.0
    return sum(1 for c in chars if c in crib) / len(chars)


def _legacy_candidates(sample: bytes, decoded: dict[tuple[str, str], str]) -> dict[str, Encoding]:
    """The GB and Big5 readings that decode ``sample`` strictly, each under its narrowest name."""
    found = {}
    if _decodes(sample, "gb18030", "strict", decoded):
        found["gb"] = _ALIASES["gbk" if _no_four_byte_gb18030(sample, decoded) else "gb18030"]
    for name, errors in (("cp950", "strict"), ("big5-hkscs", BIG5_STRICT_HANDLER)):
        if _decodes(sample, "cp950", errors, decoded):
            found["big5"] = _ALIASES[name]
            break
    return found


def _no_four_byte_gb18030(sample: bytes, decoded: dict[tuple[str, str], str]) -> bool:
    """Whether GB18030 text uses only GBK's one- and two-byte forms (to name it "gbk").

    Counted, not decoded again: with only those forms every non-ASCII character takes two
    bytes, so the bytes outnumber the characters by exactly the non-ASCII characters; each
    four-byte form adds two more.
    """
    text = decoded["gb18030", "strict"]
    non_ascii = len(text) - len(text.encode("ascii", "ignore"))
    return len(sample) - len(text) == non_ascii


# Thai vowels above and below a consonant and tone marks: in Thai text each follows a consonant
# or another such mark; in Chinese bytes read as TIS-620 about half of them follow anything.
_THAI_MARK = "\u0e31\u0e34-\u0e3a\u0e47-\u0e4e"
_THAI_MARKS = LazyPattern(f"[{_THAI_MARK}]")
_MISPLACED_THAI_MARKS = LazyPattern(f"(?<![\u0e01-\u0e2e{_THAI_MARK}])[{_THAI_MARK}]")
MIN_THAI_MARKS = 10
_WINDOWS_THAI = LazyPattern(rb"[\x80-\xa0]")
MOST_MISPLACED_THAI_MARKS = 0.02


def _thai_single_byte(sample: bytes, decoded: dict[tuple[str, str], str]) -> Encoding | None:
    """TIS-620 when ``sample`` decodes strictly in it and reads as Thai: at least
    :data:`MIN_THAI_MARKS` vowel and tone marks, nearly all after a consonant; CP874 when it
    also holds a byte of 0x80-0xA0 (Python's TIS-620 reads those as control characters, CP874
    as the quotes, dashes and no-break space of Windows). Chinese text in GB or Big5 nearly
    always holds a byte that TIS-620 leaves undefined, and its bytes read as Thai put marks
    anywhere."""
    encoding = CP874 if _WINDOWS_THAI.search(sample) else TIS_620
    if not _decodes(sample, encoding.codec, "strict", decoded):
        return None
    text = decoded[encoding.codec, "strict"]
    marks = len(_THAI_MARKS.findall(text))
    misplaced = len(_MISPLACED_THAI_MARKS.findall(text))
    if marks >= MIN_THAI_MARKS and misplaced <= MOST_MISPLACED_THAI_MARKS * marks:
        return encoding
    return None


Crib = frozenset[str] | Callable[[], frozenset[str]] | None


def detect(sample: bytes, *, complete: bool, crib: Crib = None, mid_file: bool = False) -> Encoding:
    """Pick the encoding of a file from its first bytes.

    ``complete`` says whether ``sample`` is the whole file; otherwise a cut multibyte character
    at its end is ignored. ``crib`` holds characters of the gold standard: for a short or
    ambiguous prediction the candidate whose characters are the gold's wins; it may be given as
    a function, called only when it is needed. ``mid_file`` says that the sample comes after
    lines of ASCII only (see :func:`only_ascii_seen`): a byte-order mark there marks nothing.
    """
    return detect_and_decode(sample, complete=complete, crib=crib, mid_file=mid_file)[0]


def detect_and_decode(
    sample: bytes, *, complete: bool, crib: Crib = None, mid_file: bool = False
) -> tuple[Encoding, str | None]:
    """:func:`detect`, with the text of a complete sample when detection already decoded it
    exactly as the chosen encoding decodes (so that a small file is decoded once, not twice)."""
    decoded: dict[tuple[str, str], str] = {}
    chosen = _detect(sample, complete, crib, decoded, mid_file)
    text = decoded.get((chosen.codec, chosen.strict_errors)) if complete else None
    if text is None and complete and chosen.family == "big5":
        text = decoded.get(("cp950", "strict"))  # plain CP950 succeeded: the same text
    return chosen, text


def _by_bom(sample: bytes) -> Encoding | None:
    if sample.startswith(codecs.BOM_UTF8):
        return UTF8_SIG
    if sample.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return UTF32  # before UTF-16: the UTF-32-LE BOM starts with the UTF-16-LE one
    if sample.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return UTF16
    return None


def _whole_lines(sample: bytes, complete: bool) -> bytes:
    """The part of a sample detection looks at: an incomplete one up to its last line feed."""
    if complete:
        return sample
    cut = sample.rfind(b"\n")
    return sample[: cut + 1] if cut >= 0 else sample[:-4]


_FIRST_NON_ASCII = LazyPattern(rb"[\x80-\xff]")


def non_ascii_part(sample: bytes) -> bytes:
    """``sample`` from the line of its first non-ASCII byte on (all of it if there is none).

    The ASCII lines before say nothing about the encoding; left in, they would fill the
    windows that the heuristics look at (the first 4 and 64 KiB) with nothing to judge.
    """
    found = _FIRST_NON_ASCII.search(sample)
    if found is None:
        return sample
    return sample[sample.rfind(b"\n", 0, found.start()) + 1 :]


def only_ascii_seen(sample: bytes, *, complete: bool) -> bool:
    """Whether detection of this first block of a longer file saw nothing but ASCII.

    Such a block cannot tell the encodings apart (ASCII reads the same in all of them): its
    answer, utf-8, is provisional until the file's first non-ASCII lines are seen.
    """
    if complete or _by_bom(sample) is not None:
        return False
    return _whole_lines(sample, complete).isascii()


def _utf8_cut_at_end(sample: bytes) -> bool:
    """Valid UTF-8 up to a multi-byte character cut off at the very end of the file.

    The cut makes a strict decode fail, but the file is UTF-8 that was truncated (reading it
    then says so); without that, a small file fell through to GB18030, which reads almost any
    bytes. UTF-8 is taken only with evidence before the cut: a valid multi-byte character (a
    cut after ASCII alone reads as GBK or Big5 just as well).
    """
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason != "unexpected end of data" or exc.end != len(sample):
            return False
        return not sample[: exc.start].isascii()
    return False


def _detect(
    sample: bytes,
    complete: bool,
    crib: Crib,
    decoded: dict[tuple[str, str], str],
    mid_file: bool = False,
) -> Encoding:
    by_bom = None if mid_file else _by_bom(sample)
    if by_bom is not None:
        return by_bom
    sample = _whole_lines(sample, complete)
    if sample.isascii() or _decodes(sample, "utf-8", "strict", decoded):
        return UTF8
    if complete and _utf8_cut_at_end(sample):
        return UTF8  # truncated UTF-8: reading it reports the cut character
    # The whole sample must decode; the heuristics judge its part from the first non-ASCII line.
    telling = non_ascii_part(sample)
    if _mostly_utf8(telling):
        return UTF8  # a damaged UTF-8 file: its few bad bytes are kept and reported, not GB
    thai = _thai_single_byte(sample, decoded)
    if thai is not None:
        return thai  # before GB18030 and Big5, which read Thai bytes as other characters
    candidates = _legacy_candidates(sample, decoded)
    if len(candidates) == 1:
        return next(iter(candidates.values()))
    # Both decode (GB18030 accepts almost any byte pairs) or neither does (damaged file).
    if crib is not None and callable(crib):
        crib = crib()
    if crib:
        gb_text = telling.decode("gb18030", "surrogateescape")
        big5_text = telling.decode("cp950", BIG5_HANDLER)
        gb_score, big5_score = _crib_score(gb_text, crib), _crib_score(big5_text, crib)
        if abs(gb_score - big5_score) > 0.2:
            return (
                candidates.get("gb" if gb_score > big5_score else "big5")
                or _ALIASES["gb18030" if gb_score > big5_score else "big5-hkscs"]
            )
    family = _family_by_bytes(telling) or _family_by_chardet(telling)
    if family is None:
        family = next(iter(candidates), "gb")
    return candidates.get(family) or _ALIASES["gb18030" if family == "gb" else "big5-hkscs"]
