"""Which format a file is in, from its first lines, and why (to tell the user).

The tests run from the most constrained format to the least, and each needs nearly every line
(or token) to fit, so that a plain words file holding a URL, a date or a fraction stays
``words``: a wrong guess costs the user absurd scores, a missed one only an option.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

from wsscore.core import backend
from wsscore.core.patterns import LazyPattern
from wsscore.core.units import graphemes, may_join
from wsscore.errors import WsscoreError
from wsscore.inputs.formats.best import SEPARATOR, SPACE_MARK, join_marks
from wsscore.inputs.formats.chars import is_label
from wsscore.inputs.formats.conllu import COLUMNS, id_kind
from wsscore.inputs.formats.jsonl import parse_sentence
from wsscore.inputs.formats.kytea import CANDIDATE, ESCAPE, LEVEL
from wsscore.inputs.formats.mecab import EOS
from wsscore.inputs.formats.tagged import SEPARATORS, TaggedShare, is_tag_like, tagged_share
from wsscore.inputs.words import WHITE_SPACE, split_words, split_words_by

HEAD_LINES = 200  # the non-blank whole lines a format is detected on
NEARLY_ALL = 0.9  # share of lines (or tokens) that must fit jsonl, conllu or tagged
NEARLY_ALL_CHARS = 0.95  # chars lines are short and uniform: a misfit is more telling
MIN_CHARS_LINES = 2  # and one is not enough


def detect_format(head: list[str], word_sep: str | None = None) -> str:
    """The format of a file whose first lines (blank ones too) are ``head``; ``words`` when
    no other format fits. ``word_sep`` (``--word-sep``) separates tagged tokens too."""
    return detect_format_reason(head, word_sep)[0]


EMPTY = "the file is empty"
NO_OTHER = "no other format fits: words separated by white space"
# A words file where at least this share of the lines (or tokens) fits another format is a
# near miss: its reason names that format, which may be the file's true one, one line in ten
# malformed (issue 21: "read as words: 3 of 8 lines are not JSON").
NEAR_MISS = 0.5


def detect_format_reason(head: list[str], word_sep: str | None = None) -> tuple[str, str]:
    """``(format, reason)``: the reason is a short phrase for messages, as "117 of 120 tokens
    end in /TAG"; for words, the other format that nearly fits, if one does."""
    lines = _Sample(line.rstrip("\r").lstrip("\ufeff") for line in head if line.strip())
    if not lines:
        return "words", EMPTY
    for fmt, test in TESTS:
        reason = test(lines)
        if reason is not None:
            return fmt, reason
    tagged = _count_tagged(lines, word_sep)  # counted once: long lines cost to count
    reason = _tagged(tagged)  # the least constrained: last but KyTea's word/tag
    if reason is not None:
        return "tagged", reason
    found = _word_and_pos(lines) or _kytea_words(lines)
    if found is not None:
        return found
    return "words", _near_miss(lines, tagged) or NO_OTHER


def is_near_miss(reason: str) -> bool:
    """Whether a words file's reason names another format that nearly fits."""
    return reason.startswith("only ")


def _near_miss(lines: list[str], tagged: Count) -> str | None:
    """ "only 5 of 8 lines are JSON sentences, too few for jsonl": the other format with the
    largest share of fitting lines, at least :data:`NEAR_MISS`; None when none has it."""
    counts = [(fmt, count(lines)) for fmt, count in COUNTS]
    counts.append(("tagged", tagged))
    best: tuple[float, str] | None = None
    for fmt, (fitting, total, what) in counts:
        share = fitting / total if total else 0.0
        if share >= NEAR_MISS and (best is None or share > best[0]):
            best = share, f"only {fitting} of {total} {what}, too few for {fmt}"
    return best[1] if best is not None else None


def _share(fitting: int, total: int, needed: float) -> bool:
    return total > 0 and fitting >= needed * total


def _jsonl(lines: list[str]) -> str | None:
    if lines[0].lstrip()[:1] not in ("[", "{"):
        return None
    fitting, total, what = _count_jsonl(lines)
    if not _is_json_sentence(lines[0]) or not _share(fitting, total, NEARLY_ALL):
        return None
    return f"{fitting} of {total} {what}"


JSON_WHITE_SPACE = " \t\n\r"  # what a JSON parser skips before a value (RFC 8259)


# What each test counts: (fitting, out of, what they are), to name a near miss.
Count = tuple[int, int, str]


class _Sample(list[str]):
    """The lines a format is detected on, with what each count made of them: a words file
    is counted by the tests and then again for its near miss (a third of its detection)."""

    def __init__(self, lines: Iterable[str]):
        super().__init__(lines)
        self.counts: dict[Callable[[list[str]], Count], Count] = {}


def _counted_once(count: Callable[[list[str]], Count]) -> Callable[[list[str]], Count]:
    """``count``, made once for the lines of one detection (a :class:`_Sample`)."""

    def counted(lines: list[str]) -> Count:
        if not isinstance(lines, _Sample):
            return count(lines)
        if count not in lines.counts:
            lines.counts[count] = count(lines)
        return lines.counts[count]

    return counted


@_counted_once
def _count_jsonl(lines: list[str]) -> Count:
    return sum(_is_json_sentence(line) for line in lines), len(lines), "lines are JSON sentences"


def _is_json_sentence(line: str) -> bool:
    # Only an array or an object is a sentence: anything else is refused without parsing it.
    if line.lstrip(JSON_WHITE_SPACE)[:1] not in ("[", "{"):
        return False
    try:
        parse_sentence(line, "", 0)
    except WsscoreError:
        return False
    return True


def _conllu(lines: list[str]) -> str | None:
    fitting, total, what = _count_conllu(lines)
    if not fitting or not _share(fitting, total, NEARLY_ALL):
        return None
    return f"{fitting} of {total} {what}"


@_counted_once
def _count_conllu(lines: list[str]) -> Count:
    rows = [line.split("\t") for line in lines if not line.startswith("#")]
    fitting = sum(len(row) == COLUMNS and id_kind(row[0]) is not None for row in rows)
    what = f"lines that are not comments have {COLUMNS} tab-separated columns and a CoNLL-U ID"
    return fitting, len(rows), what


def _chars(lines: list[str]) -> str | None:
    fitting, total, what = _count_chars(lines)
    # A single line that fits would be a text of one character: a words line is likelier.
    if fitting < MIN_CHARS_LINES or not _share(fitting, total, NEARLY_ALL_CHARS):
        return None
    return f"{fitting} of {total} {what}"


@_counted_once
def _count_chars(lines: list[str]) -> Count:
    fitting = sum(
        _is_labelled_character(split_words(line))
        if len(line) <= SHORT_LINE
        else is_labelled_character_line(line)
        for line in lines
    )
    return fitting, len(lines), "lines are a character and a B/M/E/S label"


def _is_labelled_character(columns: list[str]) -> bool:
    """A character, or one grapheme cluster (a Thai consonant with its marks, as ``convert
    --to chars --unit grapheme`` writes it), and a label. A syllable is not taken: a word and
    a label are a words line as well (such a file is given with ``--*-format chars``)."""
    if len(columns) < 2 or not is_label(columns[-1]):
        return False
    first = columns[0]
    return len(first) == 1 or (may_join(first) and len(graphemes(first)) == 1)


# Longer lines are looked at by their ends only (is_labelled_character_line).
SHORT_LINE = 256
_WORD = LazyPattern(f"[^{re.escape(WHITE_SPACE)}]+")


def is_labelled_character_line(line: str) -> bool:
    """``_is_labelled_character(split_words(line))`` from the ends of the line, without
    splitting all of it: a first line of millions of words is detected on whole. Its first word
    is one character when a separator follows it; its last word is read backwards."""
    text = line.strip(WHITE_SPACE)
    if len(text) < 3 or text[1] not in WHITE_SPACE:
        return False
    last = _WORD.match(text[::-1])
    return last is not None and is_label(last.group()[::-1])


def _mecab(lines: list[str]) -> str | None:
    fitting, total, what = _count_mecab(lines)
    # An EOS line is MeCab's mark: without one, tab-separated lines are likelier a table.
    if not any(line.rstrip() == EOS for line in lines) or not _share(fitting, total, NEARLY_ALL):
        return None
    return f"{fitting} of {total} {what}"


@_counted_once
def _count_mecab(lines: list[str]) -> Count:
    fitting = sum(line.rstrip() == EOS or _is_mecab_token(line) for line in lines)
    return fitting, len(lines), "lines are surface<TAB>features or EOS"


def _is_mecab_token(line: str) -> bool:
    surface, tab, _ = line.partition("\t")
    return bool(tab) and bool(surface)


def _kytea(lines: list[str]) -> str | None:
    """KyTea's full output, ``word/tag/reading``: before tagged, which would read ``run/VB``
    as the word of the tag ``run``."""
    fitting, total, what = _count_kytea(lines)
    if not _share(fitting, total, NEARLY_ALL):
        return None
    return f"{fitting} of {total} {what}"


@_counted_once
def _count_kytea(lines: list[str]) -> Count:
    return _count_kytea_tokens(lines, readings=True)


def _word_and_pos(lines: list[str]) -> tuple[str, str] | None:
    """``word/tag`` where the tags are not a tagged file's (``東京/名詞``): after tagged, which
    takes any file whose tags look like its own. KyTea prints it (``kytea -notag 2``), and so
    do taggers such as nagisa (``print(nagisa.tagging(s))``), read as tagged: the whole sample
    tells them apart. KyTea escapes a space, a slash or a backslash of a word (``\\ ``,
    ``\\/``); a tagged file writes them as they are: a word ``/`` (``//補助記号``), a URL, a
    space of the text as a token (``　/空白``). A sample with escapes is KyTea's, one with such
    words and no escape tagged; one with neither reads the same either way (KyTea's)."""
    fitting, total, what = _count_kytea_tokens(lines, readings=False)
    if not _share(fitting, total, NEARLY_ALL):
        return None
    reason = f"{fitting} of {total} {what}"
    escaped = sum(ESCAPE in line for line in lines)
    unescaped = 0 if escaped else _unescaped_slash_words(lines)
    if unescaped:
        return "tagged", f"{reason}, {unescaped} as KyTea never writes them (//補助記号, 　/空白)"
    return "kytea", reason + (f", {escaped} lines with KyTea's escapes" if escaped else "")


# kytea without tags: the least number of lines with a space escaped in a word (Hà\ Nội).
MIN_ESCAPED_SPACES = 3
# A backslash and what KyTea escapes after it; anything else after one is not KyTea's.
_ESCAPED_SPACE = LazyPattern(f"\\\\[{re.escape(WHITE_SPACE)}]")
_KYTEA_ESCAPE = LazyPattern(f"\\\\[{re.escape(WHITE_SPACE)}\\\\/&]")


def _kytea_words(lines: list[str]) -> tuple[str, str] | None:
    """KyTea's layout without tags, as ``convert --to kytea`` writes an untagged file:
    words separated by spaces, a space in a word escaped (``Hà\\ Nội là``). Read as words, its
    backslashes would be text and its words cut at the escaped spaces. Taken only when it is
    certain: words with escaped spaces on :data:`MIN_ESCAPED_SPACES` lines or more, every
    backslash one of KyTea's escapes, and no unescaped ``/`` or ``&`` (a tag or a candidate)."""
    escaped_lines = sum(_ESCAPED_SPACE.search(line) is not None for line in lines)
    if escaped_lines < MIN_ESCAPED_SPACES:
        return None
    for line in lines:
        rest = _KYTEA_ESCAPE.sub("", line)
        if ESCAPE in rest or LEVEL in rest or CANDIDATE in rest:
            return None
    return "kytea", f"{escaped_lines} of {len(lines)} lines hold words with KyTea's escaped spaces"


def _unescaped_slash_words(lines: list[str]) -> int:
    """Tokens of lines without escapes whose word a ``/`` starts or holds, as a tagged file
    writes them (its reader splits a token at its last ``/``), where KyTea would escape it."""
    return sum(
        token.count(LEVEL) > 1 or token.startswith(LEVEL)
        for line in lines
        if LEVEL in line
        for token in split_words(line)
    )


def _count_kytea_tokens(lines: list[str], *, readings: bool) -> Count:
    """Tokens whose part of speech is a name (a letter, no digit: a words file's dates,
    2024/01/02, and a tagged word such as 1/_ are not KyTea's), after a word that is not empty
    and with a reading after it; or (without ``readings``) the last part, a part of speech no
    tagged file has, after a ``/`` (``//補助記号``, and ``/空白`` where a space is a token, fit as
    a tagged file's, which :func:`_word_and_pos` tells apart). URLs count neither way. An
    escaped character (``\\ ``, ``\\/``) counts as any other character of its word or tag."""
    fitting = counted = 0
    for line in lines:
        if ESCAPE in line:
            line = _ESCAPED.sub("x", line)
        if LEVEL not in line:  # no token fits, none is a URL: counted without a list of them
            counted += backend.count_words_and_sentences(line).words
            continue
        for token in split_words(line):
            if "://" in token:
                continue
            counted += 1
            if readings:
                word, _, tags = token.partition(LEVEL)
                pos, found, _ = tags.partition(LEVEL)
                fitting += bool(word and found) and _is_part_of_speech(pos)
            else:
                _, found, pos = token.rpartition(LEVEL)
                fitting += bool(found) and _is_part_of_speech(pos) and not is_tag_like(pos)
    what = (
        "tokens are word/tag/reading"
        if readings
        else "tokens are word/tag, tags unlike a tagged file's"
    )
    return fitting, counted, what


_ESCAPED = LazyPattern(r"\\.", re.DOTALL)


def _is_part_of_speech(text: str) -> bool:
    """A name (名詞, NN): a letter and no digit. ``1/_/#`` is a tagged file's word ``1/_``, and
    a words file's date ``2024/01/02`` no KyTea token."""
    return any(char.isalpha() for char in text) and not any(char.isdigit() for char in text)


def _tagged(tagged: Count) -> str | None:
    fitting, total, what = tagged
    if not _share(fitting, total, NEARLY_ALL):
        return None
    return f"{fitting} of {total} {what}"


def _count_tagged(lines: list[str], word_sep: str | None) -> Count:
    fitting = dict.fromkeys(SEPARATORS, 0)
    counted = dict.fromkeys(SEPARATORS, 0)
    for line in lines:
        for sep, share in line_tagged_shares(line, word_sep).items():
            fitting[sep] += share.fitting
            counted[sep] += share.counted
    best = max(SEPARATORS, key=lambda sep: fitting[sep])  # "/" on a tie
    return fitting[best], counted[best], f"tokens end in {best}TAG"


def line_tagged_shares(line: str, word_sep: str | None) -> dict[str, TaggedShare]:
    """:func:`tagged_share` of ``line`` with each separator; at once for a line that holds
    neither (so no URL, which it skips: a URL holds a ``/``): each of its tokens counts and
    none fits. A first line of millions of words is detected on whole, and looking at each of
    its tokens in Python would cost far more than scoring it."""
    if any(sep in line for sep in SEPARATORS):
        return {sep: tagged_share(line, sep, word_sep) for sep in SEPARATORS}
    if word_sep is None:  # counted without building a list of millions of words
        tokens = backend.count_words_and_sentences(line).words
    else:
        tokens = len(split_words_by(line, word_sep))
    return dict.fromkeys(SEPARATORS, TaggedShare(0, tokens))


# best: a word touching white space beside a | (a Markdown table's "| ก | ข |"); BEST writes a
# space of the text as a piece of its own, | |.
_LOOSE_PIECE = LazyPattern(f"[^|{re.escape(WHITE_SPACE)}][{re.escape(WHITE_SPACE)}]+\\|")
_THAI = LazyPattern("[\u0e00-\u0e7f]")


def _best(lines: list[str]) -> str | None:
    """Thai text whose lines nearly all end their last word with ``|`` (and no word touches
    white space beside a ``|``): the letters must be mostly Thai, since a ``|`` ends the lines
    of many a table in other text. Lines that nearly all end with tltk's ``|<s/>`` need no
    Thai: no table ends so (and tltk ends a line of other text so too, unsegmented)."""
    ending = [line for line in lines if _ends_best_line(line) and not _LOOSE_PIECE.search(line)]
    if not _share(len(ending), len(lines), NEARLY_ALL):
        return None
    spaced = sum(line.rstrip(WHITE_SPACE).endswith(SPACE_MARK) for line in ending)
    if _share(spaced, len(lines), NEARLY_ALL):
        return f"{spaced} of {len(lines)} lines end with |<s/> as tltk prints them ({SPACE_READ})"
    reason = _thai_best(lines, len(ending))
    if reason is not None and any(SPACE_MARK in line for line in lines):
        return f"{reason} ({SPACE_READ})"
    return reason


SPACE_READ = "<s/>: a space of the text"


def _ends_best_line(line: str) -> bool:
    """Whether the line's last word is ended by ``|``, before any ``<s/>`` (tltk's space of
    the text) after it; a line of ``<s/>`` alone is tltk's empty line."""
    end = line.rstrip(WHITE_SPACE)
    if not end.endswith(SPACE_MARK):
        return end.endswith(SEPARATOR)
    # Read backwards by the regex engine: a first line may be millions of characters long.
    spaces = _SPACES_BACKWARDS.match(end[::-1])
    rest = len(end) - (spaces.end() if spaces else 0)
    return rest == 0 or end[rest - 1] == SEPARATOR


_SPACES_BACKWARDS = LazyPattern(f"(?:{re.escape(SPACE_MARK[::-1])}|[{re.escape(WHITE_SPACE)}])*")


def _thai_best(lines: list[str], ending: int) -> str | None:
    thai = letters = 0  # counted by the regex engine: a line may be long
    for line in lines:
        text = join_marks(line)
        thai += _THAI.subn("", text)[1]
        letters += _LETTER.subn("", text)[1]
    if thai <= letters - thai:  # Thai vowel and tone marks are no letters: a lower bound
        return None
    return f"{ending} of {len(lines)} lines end their last word with | and the text is Thai"


# vlsp: the least share of tokens that join syllables with _ (Vietnamese text has many words
# of two syllables or more, so a third or more of its tokens), and of their syllables that
# hold a letter beyond ASCII (Vietnamese marks its tones and vowels in most syllables; an
# English snake_case_name holds none).
MIN_JOINED_SHARE = 0.1
MIN_JOINED = 3
MIN_MARKED_SYLLABLES = 0.3


class _Joins(NamedTuple):
    tokens: int  # every token of the lines
    joined: int  # tokens whose syllables _ joins (a / and tag after them left out)
    malformed: int  # tokens with a _ at an edge or two in a row
    syllables: int  # the syllables of the joined tokens
    marked: int  # those of them with a letter beyond ASCII


# Letters (what str.isalpha takes, nearly), and the Latin ones among them (Vietnamese's are in
# Latin-1, Latin Extended-A/B and Latin Extended Additional): counted by the regex engine, since
# a head may be one line of millions of characters.
_LETTER = LazyPattern(r"[^\W\d_]")
_LATIN = LazyPattern("[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]")


def _count_joins(lines: list[str]) -> _Joins:
    tokens = joined = malformed = syllables = marked = 0
    for line in lines:
        if "_" not in line:  # counted without a list of its words (a line may be long)
            tokens += backend.count_words_and_sentences(line).words
            continue
        words = split_words(line)
        tokens += len(words)
        for token in words:
            if "_" not in token:
                continue
            word, found, tag = token.rpartition("/")
            parts = (word if found and word and is_tag_like(tag) else token).split("_")
            if not all(parts):
                malformed += 1
                continue
            joined += 1
            syllables += len(parts)
            marked += sum(not part.isascii() for part in parts)
    return _Joins(tokens, joined, malformed, syllables, marked)


def _is_latin(lines: list[str]) -> bool:
    """Whether nearly all the letters of ``lines`` are Latin."""
    letters = latin = 0
    for line in lines:
        letters += _LETTER.subn("", line)[1]
        latin += _LATIN.subn("", line)[1]
    return latin >= NEARLY_ALL * letters


def _vlsp(lines: list[str]) -> str | None:
    """Latin text (Vietnamese) where a tenth of the tokens or more join syllables with ``_``,
    nearly all of those with a ``_`` do so well, and a good share of their syllables hold a
    letter beyond ASCII: a words file with a few snake_case names stays words."""
    joins = _count_joins(lines)
    if (
        joins.joined < max(MIN_JOINED, MIN_JOINED_SHARE * joins.tokens)
        or not _share(joins.joined, joins.joined + joins.malformed, NEARLY_ALL_CHARS)
        or joins.marked < MIN_MARKED_SYLLABLES * joins.syllables
        or not _is_latin(lines)
    ):
        return None
    return f"{joins.joined} of {joins.tokens} tokens join Latin syllables with _"


COUNTS: tuple[tuple[str, Callable[[list[str]], Count]], ...] = (
    ("jsonl", _count_jsonl),
    ("conllu", _count_conllu),
    ("mecab", _count_mecab),
    ("chars", _count_chars),
    ("kytea", _count_kytea),
)  # and tagged, which takes the word separator: see _near_miss
TESTS: tuple[tuple[str, Callable[[list[str]], str | None]], ...] = (
    ("jsonl", _jsonl),
    ("conllu", _conllu),
    ("mecab", _mecab),
    ("chars", _chars),
    ("best", _best),
    ("vlsp", _vlsp),  # before tagged: VLSP's part-of-speech files end every token in /TAG
    ("kytea", _kytea),
)
