"""``--match diff``: score as the Perl script does, on raw bytes in the gold's encoding.

The engine is :func:`wsscore.sighan.score_with_diff`; this module feeds it. A prediction or
dictionary in another encoding than the gold is transcoded to the gold's encoding first (the
script itself needs all files in one encoding).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import BinaryIO

from ._version import __version__
from .counts import Counts
from .dictionary import Dictionary
from .encodings import Encoding
from .errors import Warnings, WsscoreError
from .metrics import compute, f_beta, ratio
from .reading import BLOCK_SIZE, open_binary, open_text
from .scoring import GoldInfo, Report, SystemResult
from .sighan import SighanTotals, perl_dictionary, perl_file_name, score_with_diff
from .signature import signature


def raw_lines(path: str) -> Iterator[bytes]:
    """Lines as Perl's ``<FH>`` returns them: each keeps its b"\\n"; the last may lack it."""
    stream = open_binary(path)
    carry = b""
    while block := stream.read(BLOCK_SIZE):
        data = carry + block
        lines = data.split(b"\n")
        carry = lines.pop()
        for line in lines:
            yield line + b"\n"
    if carry:
        yield carry


def _same_bytes(a: Encoding, b: Encoding) -> bool:
    return a.codec == b.codec and a.family == b.family


def lines_in(path: str, source: Encoding, target: Encoding) -> Iterator[bytes]:
    """Raw lines of ``path``, transcoded from ``source`` to ``target`` when they differ."""
    if _same_bytes(source, target):
        yield from raw_lines(path)
        return
    for line in raw_lines(path):
        text = source.decode(line)
        if text.startswith("\ufeff"):
            text = text[1:]
        yield target.encode(text)


def totals_to_counts(totals: SighanTotals) -> Counts:
    return Counts(
        gold_words=totals.true_count,
        pred_words=totals.test_count,
        correct=totals.recall_correct,
        oov_words=totals.oov,
        oov_correct=totals.oov_correct,
        substitutions=totals.substitutions,
        insertions=totals.insertions,
        deletions=totals.deletions,
    )


def score_by_diff(
    gold: str,
    predictions: Sequence[str],
    *,
    dictionary: Dictionary | None,
    dictionary_paths: Sequence[str],
    names: Sequence[str] | None,
    encoding: str,
    gold_encoding: str | None,
    pred_encoding: str | None,
    dict_encoding: str | None,
    ci: str,
    beta: float,
    warnings: Warnings,
    strict: bool,
    jobs: int,
    sentence_output: BinaryIO | None = None,
    on_warning: Callable[[str], None] | None = None,
) -> Report:
    """Score each prediction with ``diff -y`` per sentence, as the Perl script does."""
    gold_file = open_text(gold, gold_encoding or encoding, warnings=warnings, strict=strict)
    gold_enc = gold_file.encoding
    entries: set[bytes] = set()
    for path in dictionary_paths:
        dict_file = open_text(path, dict_encoding or encoding, warnings=warnings, strict=strict)
        entries |= perl_dictionary(lines_in(path, dict_file.encoding, gold_enc))
    say = on_warning or (lambda message: warnings.warn(message))
    results = []
    gold_info = None
    for index, path in enumerate(predictions):
        pred_file = open_text(path, pred_encoding or encoding, warnings=warnings, strict=strict)
        gold_lines = raw_lines(gold)
        try:
            totals, _ = score_with_diff(
                gold_lines,
                lines_in(path, pred_file.encoding, gold_enc),
                entries,
                gold_name=os.fsencode(perl_file_name(gold)),
                test_name=os.fsencode(perl_file_name(path)),
                out=sentence_output,
                warn=say,
                jobs=jobs,
            )
        except RuntimeError as exc:
            raise WsscoreError(
                str(exc), hint="install GNU diffutils, or use --match span"
            ) from None
        if gold_info is None:
            gold_info = GoldInfo(
                gold_file.name, gold_enc.name, sum(1 for _ in raw_lines(gold)), totals.true_count, 0
            )
        counts = totals_to_counts(totals)
        metrics = compute(counts, has_dictionary=bool(dictionary_paths), ci=ci, beta=beta)
        if totals.precision_correct != totals.recall_correct:  # the script counts them apart
            precision = ratio(totals.precision_correct, totals.test_count)
            metrics = replace(
                metrics, precision=precision, f=f_beta(precision, metrics.recall, beta)
            )
        name = names[index] if names else os.path.basename(path)
        results.append(SystemResult(name, pred_file.name, pred_file.encoding.name, counts, metrics))
    results.sort(key=lambda r: -1.0 if r.metrics.f is None else r.metrics.f, reverse=True)
    assert gold_info is not None
    return Report(
        __version__,
        signature(
            match="diff",
            ci=ci,
            beta=beta,
            dictionary=dictionary,
            gold_encoding=gold_enc.name,
            pred_encodings=[r.encoding for r in results],
            mismatch="none",
        ),
        gold_info,
        dictionary,
        results,
        ci,
        beta,
        "none",
        "diff",
        list(warnings.messages),
    )
