"""When a prediction is not a segmentation of the gold's text: the ``mismatch`` policy.

``warn`` scores it (words touching differing characters count as wrong) unless more than
:data:`MISMATCH_LIMIT` of the sentences differ; ``error`` refuses it at the first difference;
``align`` scores it whatever the difference (docs/metrics.md §1).
"""

from __future__ import annotations

from collections.abc import Iterator

from wsscore.align.stream import MismatchError, PredictionOverrun, SystemAligner
from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formatted import unit_of
from wsscore.inputs.sources import Input
from wsscore.metrics.counts import Counts

MISMATCH_LIMIT = 0.10  # under "warn", more differing sentences than this is an error


def no_words(side: str, path: str, lines: int, hint: str) -> WsscoreError:
    if lines == 0:
        return WsscoreError(f"the {side} is empty", where=path, hint=hint)
    return WsscoreError(
        f"the {side} holds no words: its {lines} line(s) are empty or white space",
        where=path,
        hint=hint,
    )


def check_mismatch(
    files: tuple[Input, Input],
    aligner: SystemAligner,
    counts: Counts,
    gold_sentences: int,
    line_counts: tuple[int, int],
    policy: str,
    warnings: Warnings,
) -> None:
    """``files``: the gold and the prediction."""
    if not counts.misaligned_chars:
        return
    units = (unit_of(files[0]), unit_of(files[1]))
    path = files[1].name
    places = "; ".join(d.describe(units) for d in aligner.divergences)
    gold_lines, pred_lines = line_counts
    lines = f"the gold has {gold_lines} {units[0]}s, the prediction {pred_lines}"
    lines += f" {units[1]}s" if units[1] != units[0] else ""
    cause = (
        f"a missing or extra {units[1]} is the usual cause; " if gold_lines != pred_lines else ""
    )
    if policy == "warn" and counts.misaligned_lines > MISMATCH_LIMIT * max(gold_sentences, 1):
        raise WsscoreError(
            f"the prediction is not a segmentation of this gold: {counts.misaligned_lines} of "
            f"{gold_sentences} sentences ({counts.misaligned_chars} characters) differ "
            f"(first: {places}); {lines}",
            where=path,
            hint=f"{cause or 'check that both files hold the same text; '}"
            "--mismatch align scores it anyway",
        )
    warnings.warn(
        f"{counts.misaligned_chars} character(s) on {counts.misaligned_lines} {units[0]}(s) "
        f"differ from the gold (first: {places}); {lines}",
        where=path,
        hint=f"{cause}--mismatch error refuses such input",
        consequence="words touching them count as wrong",
        strict_hint=f"{cause or 'check that both files hold the same text; '}"
        "without --strict it is scored with a warning",
    )


def mismatch_refusal(
    exc: MismatchError,
    gold_file: Input,
    gold_blocks: Iterator[str],
    pred_file: Input,
    aligner: SystemAligner,
) -> WsscoreError:
    if isinstance(exc, PredictionOverrun):  # the gold has ended; the prediction may not
        return WsscoreError(exc.message, where=pred_file.name, hint=exc.hint)
    for _ in gold_blocks:  # read on, to name both line counts
        pass
    gold_lines = gold_file.lines_read
    # An endless prediction is read no further than this to count its lines.
    pred_lines, complete = aligner.drain(max_lines=2 * gold_lines + 10_000)
    units = (unit_of(gold_file), unit_of(pred_file))
    cause = (
        f"a missing or extra {units[1]} is the usual cause"
        if gold_lines != pred_lines
        else f"the {units[1]} counts agree, so the texts differ: check that both hold the same text"
    )
    return WsscoreError(
        f"the prediction's characters differ from the gold's: {exc.divergence.describe(units)}; "
        f"the gold has {gold_lines} {units[0]}s, the prediction "
        f"{'' if complete else 'more than '}{pred_lines}"
        f"{f' {units[1]}s' if units[1] != units[0] else ''}",
        where=pred_file.name,
        hint=f"{cause}; --mismatch warn scores the rest",
    )
