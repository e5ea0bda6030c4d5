"""GNU diff's side-by-side rows (``diff -y``) and the Perl ``score`` script's blocks around them.

The plain Python reference of the blocks the C speed-ups write for lines whose characters agree
(:func:`agreeing_blocks`, reached through :mod:`wsscore.core.backend`), and the rendering every
block of :mod:`wsscore.sighan` uses. Everything works on the bytes of the output's encoding, in
the C locale, as the script's ``diff`` did.
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.core.reference import split_words


def rate(numerator: int, denominator: int) -> str:
    """A ratio as the script prints it; "--" where it would die with "Illegal division by
    zero". Python's "2.3f" is C's %2.3f, which Perl's sprintf uses, so the rounding of the
    double is the same."""
    return "--" if denominator == 0 else f"{numerator / denominator:2.3f}"


def block_header(gold_name: bytes, test_name: bytes, linenum: int) -> bytes:
    """The line that opens a sentence's block."""
    return b"--%s-------%s----%d\n" % (gold_name, test_name, linenum)


def block_figures(
    insertions: int,
    deletions: int,
    substitutions: int,
    true_count: int,
    test_count: int,
    recall_correct: int,
    precision_correct: int,
) -> bytes:
    """The figures that close a sentence's block."""
    changes = insertions + deletions + substitutions
    return (
        f"INSERTIONS:\t{insertions}\n"
        f"DELETIONS:\t{deletions}\n"
        f"SUBSTITUTIONS:\t{substitutions}\n"
        f"NCHANGE:\t{changes}\n"
        f"NTRUTH:\t{true_count}\n"
        f"NTEST:\t{test_count}\n"
        f"TRUE WORDS RECALL:\t{rate(recall_correct, true_count)}\n"
        f"TEST WORDS PRECISION:\t{rate(precision_correct, test_count)}\n"
    ).encode("ascii")


# GNU diff's side-by-side geometry for the default width 130 and tab size 8 (diff.c):
# off = (130 + 8 + 3) // 16 * 8 = 64, half width = min(off - 3, 130 - off) = 61.
_TAB_SIZE = 8
_HALF_WIDTH = 61
_COLUMN2 = 64
_SEPARATOR_COLUMN = (_HALF_WIDTH + _COLUMN2 - 1) // 2
_PRINTABLE_ASCII = frozenset(range(0x20, 0x7F))


def _tab_from_to(buf: bytearray, start: int, to: int) -> int:
    # diff's tab_from_to without -t: tabs while a whole tab stop fits, then spaces.
    tab = start + _TAB_SIZE - start % _TAB_SIZE
    while tab <= to:
        buf.append(0x09)
        start = tab
        tab += _TAB_SIZE
    while start < to:
        buf.append(0x20)
        start += 1
    return to


def _half_line(buf: bytearray, text: bytes, indent: int, bound: int) -> int:
    """diff's print_half_line in the C locale; returns the last output column.

    In the C locale every byte is one character, and only printable ASCII has a width: bytes of
    0x80 and above (all of a UTF-8, GBK or Big5 character) and control bytes take no column, so
    Chinese words are never truncated while ASCII ones are cut after 61 columns.
    """
    in_pos = out_pos = 0
    for c in text:
        if c in _PRINTABLE_ASCII:
            if in_pos < bound:
                out_pos = in_pos + 1
                buf.append(c)
            in_pos += 1
        elif c == 0x09:
            spaces = _TAB_SIZE - in_pos % _TAB_SIZE
            if in_pos == out_pos and out_pos + spaces < bound:
                out_pos += spaces
                buf.append(c)
            in_pos += spaces
        elif c == 0x0D:
            buf.append(c)
            _tab_from_to(buf, 0, indent)
            in_pos = out_pos = 0
        elif c == 0x08:
            if in_pos != 0:
                in_pos -= 1
                if in_pos < bound:
                    if out_pos <= in_pos:
                        # diff pads here to make up for a tab it suppressed past the bound.
                        buf.extend(b" " * (in_pos - out_pos))
                    else:
                        buf.append(c)
                    out_pos = in_pos
        elif c == 0x0A:
            return out_pos
        elif c in (0x00, 0x0B, 0x0C):
            # NUL fails mbrtowc, \f and \v have their own case: printed inside the bound only.
            if in_pos < bound:
                buf.append(c)
        elif in_pos <= bound:
            out_pos = in_pos
            buf.append(c)
    return out_pos


def render_row(gold: bytes | None, test: bytes | None) -> bytes:
    """diff's print_1sdiff_line for one-word lines that all end with a newline."""
    if gold is None and test is None:
        raise ValueError("a row needs a gold word, a test word or both")
    for word in (gold, test):
        if word is not None and b"\n" in word:
            raise ValueError(f"a word cannot contain a newline: {word!r}")
    if gold is not None and test is not None:
        separator = b" " if gold == test else b"|"
    else:
        separator = b"<" if test is None else b">"
    buf = bytearray()
    column = 0
    if gold is not None:
        column = _half_line(buf, gold, 0, _HALF_WIDTH)
    if separator != b" ":
        column = _tab_from_to(buf, column, _SEPARATOR_COLUMN) + 1
        buf += separator
    # diff prints nothing of an empty right line, not even the padding before it.
    if test:
        column = _tab_from_to(buf, column, _COLUMN2)
        _half_line(buf, test, column, _HALF_WIDTH)
    buf.append(0x0A)
    return bytes(buf)


# --- blocks of lines whose characters agree ---------------------------------------------------


def agreeing_blocks(
    gold: bytes, pred: bytes, first: int, gold_name: bytes, test_name: bytes
) -> bytes:
    """The script's blocks of gold lines against prediction lines that hold the same characters.

    ``gold`` and ``pred`` hold as many lines, separated by ``\\n``, of words separated by one
    space, in the output's encoding (one whose characters are each encoded alone, so that two
    words hold the same characters where they hold the same bytes); the lines are numbered from
    ``first``, and a gold line without words has no block (the script skips it). A word is
    correct where the other side has a word with its span; between correct words, the wrong
    words of each side face each other: pairs (``|``), then the rest alone (``<``, ``>``).
    """
    parts: list[bytes] = []
    for offset, (gold_line, pred_line) in enumerate(
        zip(gold.split(b"\n"), pred.split(b"\n"), strict=True)
    ):
        if gold_line:
            parts.append(block_header(gold_name, test_name, first + offset))
            parts.append(_agreeing_rows(gold_line.split(b" "), pred_line.split(b" ")))
    return b"".join(parts)


def _agreeing_rows(gold: list[bytes], pred: list[bytes]) -> bytes:
    """The rows and figures of one sentence, walking both sides' words by their starts: words
    that start together and are as long are correct; the others are wrong and face each other
    in stretches (:func:`_stretch_end`)."""
    rows: list[bytes] = []
    correct = substitutions = i = j = 0
    while i < len(gold):
        if len(gold[i]) == len(pred[j]):
            rows.append(render_row(gold[i], pred[j]))
            correct += 1
            i, j = i + 1, j + 1
            continue
        gold_end, pred_end = _stretch_end(gold, pred, i, j)
        wrong_gold, wrong_pred = gold[i:gold_end], pred[j:pred_end]
        pairs = min(len(wrong_gold), len(wrong_pred))
        rows.extend(render_row(g, p) for g, p in zip(wrong_gold, wrong_pred, strict=False))
        rows.extend(render_row(g, None) for g in wrong_gold[pairs:])
        rows.extend(render_row(None, p) for p in wrong_pred[pairs:])
        substitutions += pairs
        i, j = gold_end, pred_end
    rows.append(
        block_figures(
            len(pred) - correct - substitutions,
            len(gold) - correct - substitutions,
            substitutions,
            len(gold),
            len(pred),
            correct,
            correct,
        )
    )
    return b"".join(rows)


def _stretch_end(gold: list[bytes], pred: list[bytes], i: int, j: int) -> tuple[int, int]:
    """Where the wrong words that start together at gold word ``i`` and predicted word ``j``
    end: where both sides start together again at two words as long (correct), or at the
    end. Between, the side that is behind takes its next word; at a common start, two words of
    different lengths are both wrong."""
    gold_at = pred_at = 0  # bytes from the stretch's start
    while True:
        if gold_at == pred_at:
            if i == len(gold) or (gold_at and len(gold[i]) == len(pred[j])):
                return i, j
            gold_at += len(gold[i])
            pred_at += len(pred[j])
            i, j = i + 1, j + 1
        elif gold_at < pred_at:
            gold_at += len(gold[i])
            i += 1
        else:
            pred_at += len(pred[j])
            j += 1


class AgreeingRun(NamedTuple):
    """The blocks of the leading pairs of lines of a run that agree, and how many agree."""

    lines: int
    blocks: bytes


def agreeing_utf8_lines(
    gold_lines: list[str], pred_lines: list[str], first: int, gold_name: bytes, test_name: bytes
) -> AgreeingRun | None:
    """:func:`agreeing_blocks` of the leading pairs of lines (numbered from ``first``) that
    hold the same characters, up to the first pair that does not, in UTF-8; None where one of
    the lines looked at holds a character UTF-8 cannot hold (a byte kept undecoded)."""
    gold_texts: list[bytes] = []
    pred_texts: list[bytes] = []
    for gold, pred in zip(gold_lines, pred_lines, strict=True):
        try:
            gold_text = " ".join(split_words(gold)).encode("utf-8")
            pred_text = " ".join(split_words(pred)).encode("utf-8")
        except UnicodeEncodeError:
            return None
        if gold_text.replace(b" ", b"") != pred_text.replace(b" ", b""):
            break
        gold_texts.append(gold_text)
        pred_texts.append(pred_text)
    blocks = agreeing_blocks(
        b"\n".join(gold_texts), b"\n".join(pred_texts), first, gold_name, test_name
    )
    return AgreeingRun(len(gold_texts), blocks)
