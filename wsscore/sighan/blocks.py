"""The script's per-sentence blocks of lines whose characters agree, a run of lines at a time.

The definition is :func:`wsscore.sighan.exact.alignment_rows` on a sentence's detail (its words
and marks) and :func:`~wsscore.sighan.layout.format_sentence_block`. Most lines of a prediction
hold their gold line's characters; for them the scorer hands over whole runs of lines (through
the backend, without a detail per line), and their blocks are written by the backend
(:func:`wsscore.core.backend.sighan_blocks`) from the words of the run, encoded at once.
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.core import backend
from wsscore.inputs.encodings import Encoding
from wsscore.inputs.words import needs_exact_split, split_words

# Encodings that encode each character alone, the same wherever it stands: two words hold the
# same characters where they hold the same bytes, and a text encoded at once is its words
# encoded one by one.
_ONE_BY_ONE = frozenset({"utf-8", "gb", "big5"})
# Lines looked at together for white space that str.split() does not split as words are split:
# few, since the lines after the first that disagrees are handed over again.
_CHUNK_LINES = 64


class AgreeingSentences(NamedTuple):
    """The leading pairs of lines of a run that hold the same characters: the first one's
    number, and each one's gold and predicted words."""

    first: int
    gold: list[list[str]]
    pred: list[list[str]]


def agreeing_sentences(
    first: int, gold_lines: list[str], pred_lines: list[str]
) -> AgreeingSentences:
    """The leading pairs of ``gold_lines`` and ``pred_lines`` (numbered from ``first``) that
    hold the same characters, up to the first pair that does not."""
    agreeing = AgreeingSentences(first, [], [])
    for start in range(0, len(gold_lines), _CHUNK_LINES):
        gold_chunk = gold_lines[start : start + _CHUNK_LINES]
        pred_chunk = pred_lines[start : start + _CHUNK_LINES]
        exact = needs_exact_split("".join(gold_chunk)) or needs_exact_split("".join(pred_chunk))
        split = split_words if exact else str.split  # asked once for the lines, not per line
        for gold, pred in zip(gold_chunk, pred_chunk, strict=True):
            gold_words, pred_words = split(gold), split(pred)
            if "".join(gold_words) != "".join(pred_words):
                return agreeing
            agreeing.gold.append(gold_words)
            agreeing.pred.append(pred_words)
    return agreeing


def utf8_run_blocks(
    first: int, gold_lines: list[str], pred_lines: list[str], names: tuple[bytes, bytes]
) -> bytes | None:
    """The blocks of the leading lines that agree, for a UTF-8 output: split, compared and
    written by the backend, without a list of words per line; None where a line holds a byte
    kept undecoded (the caller then takes the way of other encodings)."""
    run = backend.sighan_utf8_lines(gold_lines, pred_lines, first, *names)
    return None if run is None else run.blocks


def agreeing_blocks(
    sentences: AgreeingSentences, encoding: Encoding, gold_name: bytes, test_name: bytes
) -> bytes | None:
    """The blocks of agreeing sentences, in the output's ``encoding``; None where it does not
    encode each character alone, or cannot encode one of the words (the caller then writes
    each sentence's block from its detail)."""
    if encoding.family not in _ONE_BY_ONE:
        return None
    try:
        gold = encoding.encode("\n".join(map(" ".join, sentences.gold)))
        pred = encoding.encode("\n".join(map(" ".join, sentences.pred)))
    except UnicodeEncodeError:
        return None
    return backend.sighan_blocks(gold, pred, sentences.first, gold_name, test_name)
