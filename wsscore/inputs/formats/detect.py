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


def detect_format_reason(head: list[str], word_sep: str | None = None) -> tuple[str, str]:
    """``(format, reason)``: the reason is a short phrase for messages, as "117 of 120 tokens
    end in /TAG"."""
    lines = [line.rstrip("\r").lstrip("\ufeff") for line in head if line.strip()]
    if not lines:
        return "words", "the file is empty"
    for fmt, test in TESTS:
        reason = test(lines)
        if reason is not None:
            return fmt, reason
    reason = _tagged(lines, word_sep)  # the least constrained: last
    if reason is not None:
        return "tagged", reason
    return "words", "no other format fits: words separated by white space"


def _share(fitting: int, total: int, needed: float) -> bool:
    return total > 0 and fitting >= needed * total


def _jsonl(lines: list[str]) -> str | None:
    if lines[0].lstrip()[:1] not in ("[", "{"):
        return None
    fitting = sum(_is_json_sentence(line) for line in lines)
    if not _is_json_sentence(lines[0]) or not _share(fitting, len(lines), NEARLY_ALL):
        return None
    return f"{fitting} of {len(lines)} lines are JSON sentences"


def _is_json_sentence(line: str) -> bool:
    try:
        parse_sentence(line, "", 0)
    except WsscoreError:
        return False
    return True


def _conllu(lines: list[str]) -> str | None:
    rows = [line.split("\t") for line in lines if not line.startswith("#")]
    fitting = sum(len(row) == COLUMNS and id_kind(row[0]) is not None for row in rows)
    if not fitting or not _share(fitting, len(rows), NEARLY_ALL):
        return None
    return (
        f"{fitting} of {len(rows)} lines that are not comments have {COLUMNS} tab-separated "
        "columns and a CoNLL-U ID"
    )


def _chars(lines: list[str]) -> str | None:
    fitting = sum(_is_labelled_character(split_words(line)) for line in lines)
    # A single line that fits would be a text of one character: a words line is likelier.
    if fitting < MIN_CHARS_LINES or not _share(fitting, len(lines), NEARLY_ALL_CHARS):
        return None
    return f"{fitting} of {len(lines)} lines are a character and a B/M/E/S label"


def _is_labelled_character(columns: list[str]) -> bool:
    return len(columns) >= 2 and len(columns[0]) == 1 and is_label(columns[-1])


def _tagged(lines: list[str], word_sep: str | None) -> str | None:
    shares = {sep: _tagged_share(lines, sep, word_sep) for sep in SEPARATORS}
    best = max(SEPARATORS, key=lambda sep: shares[sep].fitting)  # "/" on a tie
    fitting, counted = shares[best]
    if not _share(fitting, counted, NEARLY_ALL):
        return None
    return f"{fitting} of {counted} tokens end in {best}TAG"


def _tagged_share(lines: list[str], sep: str, word_sep: str | None) -> TaggedShare:
    shares = [tagged_share(line, sep, word_sep) for line in lines]
    return TaggedShare(sum(s.fitting for s in shares), sum(s.counted for s in shares))


TESTS: tuple[tuple[str, Callable[[list[str]], str | None]], ...] = (
    ("jsonl", _jsonl),
    ("conllu", _conllu),
    ("chars", _chars),
)
