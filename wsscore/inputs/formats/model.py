"""What every format reader yields: sentences of tokens, each a word and maybe a tag."""

from __future__ import annotations

from typing import NamedTuple

from wsscore.core.definitions import UNITS
from wsscore.errors import InvalidArgument, WsscoreError, location
from wsscore.ranges import TAG_FIELD_HINT, parse_field_range

FORMATS = ("words", "tagged", "chars", "conllu", "jsonl", "mecab", "kytea", "best", "vlsp")
TAG_COLUMNS = ("upos", "xpos")
FIELD_FORMATS = ("mecab", "kytea")  # whose tag is the field --tag-field chooses
# chars: which side of a label is the position (B-NN or NN-B).
POS_TAG, TAG_POS = "pos-tag", "tag-pos"
LABEL_ORDERS = (POS_TAG, TAG_POS)


# The most characters a sentence of a chars or CoNLL-U file may have: a sentence is held whole
# (its words become the scorer's line), so one that never ends (no blank line; an endless
# stream) is refused as it grows past this, instead of filling the memory (every token held
# is a Python object, many times the size of its text). A million characters are far more
# than any paragraph of a book; a prediction is held to what its gold can match instead
# where the gold's size is known (more or less than this).
MAX_SENTENCE_CHARS = 1 << 20


# What ends a sentence of each format whose sentences run over several lines: named by the
# error for one that never ends.
SENTENCE_ENDS = {"chars": "a blank line", "conllu": "a blank line", "mecab": "an EOS line"}


def sentence_too_long(name: str, start: int, limit: int, fmt: str) -> WsscoreError:
    """The error for the sentence of a ``fmt`` file from line ``start`` that grew past
    ``limit`` characters."""
    return WsscoreError(
        f"the sentence that starts here has more than {limit:,} characters and has not ended",
        where=location(name, start),
        hint=f"{SENTENCE_ENDS[fmt]} ends a {fmt} sentence: is one missing, or is it the wrong "
        "file? A prediction's sentence may hold at most what its gold can match, and a gold's "
        "read from a stream what its predictions can",
    )


class Token(NamedTuple):
    word: str  # the token's characters, without any space: a space is never a character
    tag: str | None  # None when the format or the file carries no tag
    # The token as its format writes it when that holds a space between characters (MeCab's
    # "Machine Learning", VLSP's syllables "Hà Nội"): what a writer that can show the space
    # prints. None when the token holds no space.
    form: str | None = None


class Sentence(NamedTuple):
    line: int  # 1-based line of the file where the sentence starts (its first word)
    tokens: list[Token]
    # CoNLL-U multi-word tokens: the index of such a token in ``tokens`` (whose word is its
    # surface form, as written in the text) -> its syntactic words. None when there are none.
    parts: dict[int, list[Token]] | None = None
    # CoNLL-U: the sentence's "# text" comment, which keeps the spaces between its tokens (no
    # other format records them); None when there is none. Only ``convert --to conllu`` reads it.
    text: str | None = None

    def words(self) -> list[str]:
        return [token.word for token in self.tokens]

    def syntactic(self) -> list[Token]:
        """The tokens with each multi-word token replaced by its syntactic words."""
        if not self.parts:
            return self.tokens
        expanded: list[Token] = []
        for index, token in enumerate(self.tokens):
            expanded.extend(self.parts.get(index, (token,)))
        return expanded


class TagFields(NamedTuple):
    """mecab and kytea: the fields of a token that make its tag, numbered from 1 (MeCab: the
    first feature after the tab; KyTea: the part of speech, 2 its reading), ``first`` to
    ``last``; several are joined by ``-`` (``名詞-普通名詞``)."""

    first: int = 1
    last: int = 1

    def __str__(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def parse_tag_field(value: object) -> TagFields:
    """``--tag-field``: ``N`` (an int or its text) or ``N-M`` with N <= M, within the range of
    :data:`~wsscore.ranges.RANGES` (:func:`~wsscore.ranges.parse_field_range`)."""
    if isinstance(value, (int, TagFields)) and not isinstance(value, bool):
        text = str(value)  # a TagFields too: one given as such is checked as its text
    elif isinstance(value, str):
        text = value
    else:
        raise InvalidArgument(
            f"a tag field is a number or a range, not {value!r}", hint=TAG_FIELD_HINT
        )
    try:
        return TagFields(*parse_field_range(text))
    except ValueError as error:
        raise InvalidArgument(str(error)) from None


class FormatOptions(NamedTuple):
    tag_sep: str | None = None  # tagged: "/" or "_"; None = detect from the file
    drop_first_token: bool = False  # tagged: a People's Daily paragraph id (19980101-01-001-001/m)
    tag_column: str = "upos"  # conllu: "upos" (column 4) or "xpos" (column 5)
    label_order: str | None = None  # chars: "pos-tag" or "tag-pos"; None = decide per file
    # words and tagged: a string that separates words besides white space (jieba's " / ");
    # None = white space alone
    word_sep: str | None = None
    tag_field: TagFields = TagFields()  # mecab and kytea: the fields that make the tag
    # What a boundary can fall between (docs/metrics.md §1.7): "char", "grapheme" or
    # "syllable"; None = the format's own ("syllable" for vlsp, else "char")
    unit: str | None = None
    # The gold of a scoring run, which under --unit syllable hands the scorer its syllables
    # (joined by SYLLABLE_MARK); every other reading of a file leaves them out.
    mark_syllables: bool = False


# Joins a gold word's syllables in the text handed to the scorer under --unit syllable: no file
# holds a NUL (reading refuses one), so it never stands for a character of the text.
SYLLABLE_MARK = "\0"
# The gold formats that know a word's syllables: vlsp's ``_``, CoNLL-U's spaces in a FORM, and
# chars read under --unit syllable (a line a syllable).
SYLLABLE_FORMATS = ("vlsp", "conllu", "chars")


def format_unit(given: str | None, fmt: str) -> str:
    """The unit of a run whose gold is in ``fmt``: the one given, else the format's own
    (``syllable`` for vlsp, ``char`` for the others)."""
    if given is not None:
        return given
    return "syllable" if fmt == "vlsp" else "char"


def marks_syllables(fmt: str, options: FormatOptions) -> bool:
    """Whether a file read in ``fmt`` with ``options`` joins its words' syllables with
    :data:`SYLLABLE_MARK`: the gold of a syllable run, in a format that knows them."""
    return (
        options.mark_syllables
        and fmt in SYLLABLE_FORMATS
        and format_unit(options.unit, fmt) == "syllable"
    )


# One default for every call: a NamedTuple cannot be changed, so sharing it is safe.
DEFAULT_OPTIONS = FormatOptions()


def check_options(fmt: str, options: FormatOptions) -> None:
    """Refuse what can never work before any line is read (a generator would raise it late)."""
    if fmt not in FORMATS:
        raise InvalidArgument(
            f"unknown input format {fmt!r}", hint=f"choose one of {', '.join(FORMATS)}"
        )
    separator = options.tag_sep
    if separator is not None and (len(separator) != 1 or separator.isspace()):
        raise InvalidArgument(
            f"a tag separator is one character, not white space: not {separator!r}",
            hint="use '/' or '_'",
        )
    if options.unit is not None and options.unit not in UNITS:
        raise InvalidArgument(
            f"unknown unit {options.unit!r}", hint=f"choose one of {', '.join(UNITS)}"
        )
    if options.word_sep == "":
        raise InvalidArgument(
            "a word separator is not empty", hint="give the string between words, e.g. ' / ' or '|'"
        )
    if options.tag_column not in TAG_COLUMNS:
        raise InvalidArgument(
            f"unknown tag column {options.tag_column!r}", hint="choose upos or xpos"
        )
    if not isinstance(options.tag_field, TagFields):
        raise InvalidArgument(
            f"a tag field is given as TagFields, not {options.tag_field!r}", hint=TAG_FIELD_HINT
        )
    if options.label_order is not None and options.label_order not in LABEL_ORDERS:
        raise InvalidArgument(
            f"unknown label order {options.label_order!r}", hint="choose pos-tag or tag-pos"
        )
