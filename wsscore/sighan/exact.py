"""``wsscore sighan`` with exact counting: the script's layout, wsscore's numbers.

Each sentence's block shows wsscore's span alignment in the side-by-side layout of ``diff -y``;
the output is in the gold's encoding, like the script's.
"""

from __future__ import annotations

import os
from typing import BinaryIO

from wsscore.core.records import Gather, LineErrorsFound, SentenceDetail
from wsscore.core.reference import align_equal_words
from wsscore.inputs.encodings import Encoding
from wsscore.inputs.options import GOLD_OPTION, InputOptions
from wsscore.inputs.reading import open_text
from wsscore.metrics.sighan_counts import SighanTotals, totals_of
from wsscore.scoring.collecting import EqualLinesReceiver
from wsscore.scoring.opened import refuse_unit
from wsscore.scoring.request import ScoreRequest
from wsscore.scoring.scorer import score_request
from wsscore.sighan.blocks import agreeing_blocks, agreeing_sentences, utf8_run_blocks
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


class _LayoutWriter:
    """Writes each sentence's block as the scorer aligns it (a
    :class:`~wsscore.scoring.collecting.SentenceCollector` of one process): from its detail
    (:func:`alignment_rows`), or for a run of lines whose characters agree, from their words
    (:func:`~wsscore.sighan.blocks.agreeing_blocks`, the same blocks without a detail each)."""

    # The blocks need the lines alone, not their wrong words.
    bulk_gather = Gather.COUNTS

    def __init__(self, out: BinaryIO, gold_name: bytes, test_name: bytes, encoding: Encoding):
        self._out = out
        self._gold_name, self._test_name = gold_name, test_name
        self._encoding = encoding
        self.unencodable: list[str] = []

    def encode(self, word: str | None) -> bytes | None:
        if word is None:
            return None
        try:
            return self._encoding.encode(word)
        except UnicodeEncodeError:
            # Only a predicted word whose characters differ from the gold's can get here; the
            # counts are unaffected, the block shows "?" for what the output cannot hold.
            self.unencodable.append(word)
            return b"".join(_encode_or_question_mark(self._encoding, char) for char in word)

    def __call__(self, _system: int, detail: SentenceDetail) -> None:
        if not detail.gold_words:
            return  # the script skips lines without gold words
        rows = alignment_rows(detail)
        self._out.write(
            format_sentence_block(
                self._gold_name,
                self._test_name,
                detail.line,
                [(self.encode(g), self.encode(p)) for g, p in rows],
                sentence_totals(rows, detail),
            )
        )

    def equal_lines_receiver(self) -> EqualLinesReceiver:
        return self._agreeing_lines

    def _agreeing_lines(
        self,
        _system: int,
        first: int,
        gold_lines: list[str],
        pred_lines: list[str],
        _found: LineErrorsFound | None,
    ) -> None:
        names = (self._gold_name, self._test_name)
        if self._encoding.family == "utf-8":
            utf8_blocks = utf8_run_blocks(first, gold_lines, pred_lines, names)
            if utf8_blocks is not None:
                self._out.write(utf8_blocks)
                return
        sentences = agreeing_sentences(first, gold_lines, pred_lines)
        blocks = agreeing_blocks(sentences, self._encoding, *names)
        if blocks is not None:
            self._out.write(blocks)
            return
        for offset, (gold, pred) in enumerate(zip(sentences.gold, sentences.pred, strict=True)):
            line = align_equal_words(gold, pred, None)
            detail = SentenceDetail(
                first + offset, gold, pred, line.gold_marks, line.pred_marks, [*line.pred_spans]
            )
            self(_system, detail)

    # The blocks are written in the order of the lines, by one process: never in chunks.
    def chunk_copy(self) -> _LayoutWriter:
        raise NotImplementedError("the sighan layout is written in one process")

    def chunk_state(self) -> None:
        raise NotImplementedError("the sighan layout is written in one process")

    def absorb(self, state: None, /) -> None:
        raise NotImplementedError("the sighan layout is written in one process")


def write_sighan(
    gold_path: str, test_path: str, out: BinaryIO, *, inputs: InputOptions | None = None
) -> None:
    """What the Perl script prints for ``score DICT GOLD TEST``, with exact counts, to ``out``
    (in the gold's encoding; the dictionary is ``inputs.dictionary``)."""
    inputs = inputs if inputs is not None else InputOptions()
    warnings = inputs.warnings
    refuse_unit(
        inputs.unit,
        "wsscore sighan",
        "the Perl script's figures count words, and no unit changes a word: leave --unit out",
    )
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
    writer = _LayoutWriter(out, gold_name, test_name, gold_encoding)
    report = score_request(
        gold_path,
        [test_path],
        inputs.replace(gold_encoding=inputs.gold_encoding or gold_encoding.name),
        ScoreRequest(collector=writer),
    )
    unencodable = writer.unencodable
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
