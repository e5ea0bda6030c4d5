"""Which format a file is in, from its first lines, and why (to tell the user).

The tests run from the most constrained format to the least, and each needs nearly every line
(or token) to fit, so that a plain words file holding a URL, a date or a fraction stays
``words``: a wrong guess costs the user absurd scores, a missed one only an option.
"""

from __future__ import annotations

from collections.abc import Callable

from wsscore.errors import WsscoreError
from wsscore.inputs.formats.chars import is_label
from wsscore.inputs.formats.conllu import COLUMNS, id_kind
from wsscore.inputs.formats.jsonl import parse_sentence
from wsscore.inputs.formats.tagged import SEPARATORS, TaggedShare, tagged_share
from wsscore.inputs.words import split_words

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
    lines = [line.rstrip("\r").lstrip("\ufeff") for line in head if line.strip()]
    if not lines:
        return "words", EMPTY
    for fmt, test in TESTS:
        reason = test(lines)
        if reason is not None:
            return fmt, reason
    reason = _tagged(lines, word_sep)  # the least constrained: last
    if reason is not None:
        return "tagged", reason
    return "words", _near_miss(lines, word_sep) or NO_OTHER


def is_near_miss(reason: str) -> bool:
    """Whether a words file's reason names another format that nearly fits."""
    return reason.startswith("only ")


def _near_miss(lines: list[str], word_sep: str | None) -> str | None:
    """ "only 5 of 8 lines are JSON sentences, too few for jsonl": the other format with the
    largest share of fitting lines, at least :data:`NEAR_MISS`; None when none has it."""
    counts = [(fmt, count(lines)) for fmt, count in COUNTS]
    counts.append(("tagged", _count_tagged(lines, word_sep)))
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


# What each test counts: (fitting, out of, what they are), to name a near miss.
Count = tuple[int, int, str]


def _count_jsonl(lines: list[str]) -> Count:
    return sum(_is_json_sentence(line) for line in lines), len(lines), "lines are JSON sentences"


def _is_json_sentence(line: str) -> bool:
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


def _count_chars(lines: list[str]) -> Count:
    fitting = sum(_is_labelled_character(split_words(line)) for line in lines)
    return fitting, len(lines), "lines are a character and a B/M/E/S label"


def _is_labelled_character(columns: list[str]) -> bool:
    return len(columns) >= 2 and len(columns[0]) == 1 and is_label(columns[-1])


def _tagged(lines: list[str], word_sep: str | None) -> str | None:
    fitting, total, what = _count_tagged(lines, word_sep)
    if not _share(fitting, total, NEARLY_ALL):
        return None
    return f"{fitting} of {total} {what}"


def _count_tagged(lines: list[str], word_sep: str | None) -> Count:
    shares = {sep: _tagged_share(lines, sep, word_sep) for sep in SEPARATORS}
    best = max(SEPARATORS, key=lambda sep: shares[sep].fitting)  # "/" on a tie
    fitting, counted = shares[best]
    return fitting, counted, f"tokens end in {best}TAG"


def _tagged_share(lines: list[str], sep: str, word_sep: str | None) -> TaggedShare:
    shares = [tagged_share(line, sep, word_sep) for line in lines]
    return TaggedShare(sum(s.fitting for s in shares), sum(s.counted for s in shares))


COUNTS: tuple[tuple[str, Callable[[list[str]], Count]], ...] = (
    ("jsonl", _count_jsonl),
    ("conllu", _count_conllu),
    ("chars", _count_chars),
)  # and tagged, which takes the word separator: see _near_miss
TESTS: tuple[tuple[str, Callable[[list[str]], str | None]], ...] = (
    ("jsonl", _jsonl),
    ("conllu", _conllu),
    ("chars", _chars),
)
