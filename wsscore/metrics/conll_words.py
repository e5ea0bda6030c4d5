"""The word alignment of the CoNLL 2018 shared task's evaluation script (its Words metric).

Words carry the span of their token in the sentence's characters; the syntactic words of a
multi-word token all carry the token's span. Outside multi-word tokens a gold and a predicted
word are aligned when their spans are equal. From a multi-word token on either side, the script
takes the smallest stretch that both sides cover with whole tokens (a "multiword span") and
aligns the words inside it by the longest common subsequence of their lowercased forms. This is
a transcription of ``align_words`` in conll18_ud_eval.py (MPL 2.0), with its tie-breaking, so
that the counts are the script's to the word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Word(NamedTuple):
    start: int
    end: int
    form: str
    multiword: bool  # a syntactic word of a multi-word token


def align(gold: Sequence[Word], pred: Sequence[Word]) -> list[tuple[int, int]]:
    """Pairs (gold index, predicted index) of the aligned words, in order."""
    pairs: list[tuple[int, int]] = []
    gi = si = 0
    while gi < len(gold) and si < len(pred):
        if gold[gi].multiword or pred[si].multiword:
            gs, ss, gi, si = _multiword_span(gold, pred, gi, si)
            if si > ss and gi > gs:
                pairs += _by_forms(gold[gs:gi], pred[ss:si], gs, ss)
        elif (gold[gi].start, gold[gi].end) == (pred[si].start, pred[si].end):
            pairs.append((gi, si))
            gi += 1
            si += 1
        elif gold[gi].start <= pred[si].start:
            gi += 1
        else:
            si += 1
    return pairs


def _beyond_end(words: Sequence[Word], index: int, end: int) -> bool:
    if index >= len(words):
        return True
    if words[index].multiword:
        return words[index].start >= end
    return words[index].end > end


def _extended(word: Word, end: int) -> int:
    return word.end if word.multiword and word.end > end else end


def _multiword_span(
    gold: Sequence[Word], pred: Sequence[Word], gi: int, si: int
) -> tuple[int, int, int, int]:
    """Where the multiword span starts and ends on both sides (the script's
    ``find_multiword_span``: the ends are the indices just past it)."""
    if gold[gi].multiword:
        end = gold[gi].end
        if not pred[si].multiword and pred[si].start < gold[gi].start:
            si += 1
    else:
        end = pred[si].end
        if not gold[gi].multiword and gold[gi].start < pred[si].start:
            gi += 1
    gs, ss = gi, si
    while not _beyond_end(gold, gi, end) or not _beyond_end(pred, si, end):
        if gi < len(gold) and (si >= len(pred) or gold[gi].start <= pred[si].start):
            end = _extended(gold[gi], end)
            gi += 1
        else:
            end = _extended(pred[si], end)
            si += 1
    return gs, ss, gi, si


def _by_forms(
    gold: Sequence[Word], pred: Sequence[Word], gold_offset: int, pred_offset: int
) -> list[tuple[int, int]]:
    """The script's walk through its LCS table of lowercased forms."""
    gold_forms = [word.form.lower() for word in gold]
    pred_forms = [word.form.lower() for word in pred]
    rows, cols = len(gold_forms), len(pred_forms)
    lcs = [[0] * (cols + 1) for _ in range(rows + 1)]  # an extra row and column of zeros
    for g in reversed(range(rows)):
        for s in reversed(range(cols)):
            if gold_forms[g] == pred_forms[s]:
                lcs[g][s] = 1 + lcs[g + 1][s + 1]
            lcs[g][s] = max(lcs[g][s], lcs[g + 1][s], lcs[g][s + 1])
    pairs = []
    g = s = 0
    while g < rows and s < cols:
        if gold_forms[g] == pred_forms[s]:
            pairs.append((gold_offset + g, pred_offset + s))
            g += 1
            s += 1
        elif lcs[g][s] == lcs[g + 1][s]:
            g += 1
        else:
            s += 1
    return pairs
