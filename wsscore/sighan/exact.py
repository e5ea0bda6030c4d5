"""``wsscore sighan`` with exact counting: the script's layout, wsscore's numbers.

Each sentence's block shows wsscore's span alignment in the side-by-side layout of ``diff -y``;
the output is in the gold's encoding, like the script's.
"""

from __future__ import annotations

import os
from typing import BinaryIO

from wsscore.align.lines import SentenceDetail
from wsscore.inputs.encodings import Encoding
from wsscore.inputs.options import GOLD_OPTION, InputOptions
from wsscore.inputs.reading import open_text
from wsscore.metrics.sighan_counts import SighanTotals, totals_of
from wsscore.scoring.scorer import score
from wsscore.sighan.layout import (
    format_sentence_block,
    format_summary,
    perl_file_name,
)


def alignment_rows(detail: SentenceDetail) -> list[tuple[str | None, str | None]]:
    """Rows as diff shows them: correct words side by side; in between, a stretch of a gold and
    b predicted words as min(a, b) changed pairs, then the rest alone (docs/metrics.md §2.3)."""
    gold, pred = detail.gold_words, detail.pred_words
    gold_marks, pred_marks = detail.gold_marks, detail.pred_marks
    rows: list[tuple[str | None, str | None]] = []
    i = j = 0
    while i < len(gold) or j < len(pred):
        if i < len(gold) and j < len(pred) and gold_marks[i] and pred_marks[j]:
            rows.append((gold[i], pred[j]))
            i += 1
            j += 1
            continue
        gold_start, pred_start = i, j
        while i < len(gold) and not gold_marks[i]:
            i += 1
        while j < len(pred) and not pred_marks[j]:
            j += 1
        unmatched_gold, unmatched_pred = gold[gold_start:i], pred[pred_start:j]
        for k in range(max(len(unmatched_gold), len(unmatched_pred))):
            rows.append(
                (
                    unmatched_gold[k] if k < len(unmatched_gold) else None,
                    unmatched_pred[k] if k < len(unmatched_pred) else None,
                )
            )
    return rows


def sentence_totals(
    rows: list[tuple[str | None, str | None]], detail: SentenceDetail
) -> SighanTotals:
    correct = sum(detail.gold_marks)
    substitutions = sum(1 for g, p in rows if g is not None and p is not None) - correct
    return SighanTotals(
        insertions=sum(1 for g, _ in rows if g is None),
        deletions=sum(1 for _, p in rows if p is None),
        substitutions=substitutions,
        true_count=len(detail.gold_words),
        test_count=len(detail.pred_words),
        recall_correct=correct,
        precision_correct=sum(detail.pred_marks),
    )


def _encode_or_question_mark(encoding: Encoding, char: str) -> bytes:
    try:
        return encoding.encode(char)
    except UnicodeEncodeError:
        return b"?"


def write_sighan(
    gold_path: str, test_path: str, out: BinaryIO, *, inputs: InputOptions | None = None
) -> None:
    """What the Perl script prints for ``score DICT GOLD TEST``, with exact counts, to ``out``
    (in the gold's encoding; the dictionary is ``inputs.dictionary``)."""
    inputs = inputs if inputs is not None else InputOptions()
    warnings = inputs.warnings
    # The gold's first block is read to learn the encoding of the output before anything else.
    gold_encoding = open_text(
        gold_path,
        inputs.for_gold,
        warnings=warnings,
        strict=inputs.strict,
        option=GOLD_OPTION,
    ).encoding
    gold_name = os.fsencode(perl_file_name(gold_path))
    test_name = os.fsencode(perl_file_name(test_path))

    unencodable: list[str] = []

    def encode(word: str | None) -> bytes | None:
        if word is None:
            return None
        try:
            return gold_encoding.encode(word)
        except UnicodeEncodeError:
            # Only a predicted word whose characters differ from the gold's can get here; the
            # counts are unaffected, the block shows "?" for what the output cannot hold.
            unencodable.append(word)
            return b"".join(_encode_or_question_mark(gold_encoding, char) for char in word)

    def on_detail(_: int, detail: SentenceDetail) -> None:
        if not detail.gold_words:
            return  # the script skips lines without gold words
        rows = alignment_rows(detail)
        out.write(
            format_sentence_block(
                gold_name,
                test_name,
                detail.line,
                [(encode(g), encode(p)) for g, p in rows],
                sentence_totals(rows, detail),
            )
        )

    report = score(
        gold_path,
        [test_path],
        inputs=inputs.replace(gold_encoding=inputs.gold_encoding or gold_encoding.name),
        on_detail=on_detail,
    )
    if unencodable:
        warnings.warn(
            f"{len(unencodable)} predicted word(s) hold characters that the gold's encoding "
            f"({gold_encoding.name}) cannot represent, first {unencodable[0]!r}; the blocks "
            "show them as '?'",
            where=test_path,
        )
    system = report.systems[0]
    out.write(
        gold_encoding.encode(format_summary(totals_of(system.counts), perl_file_name(test_path)))
    )
