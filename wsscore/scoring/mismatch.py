"""When a prediction is not a segmentation of the gold's text: the ``mismatch`` policy.

``warn`` scores it (words touching differing characters count as wrong) unless more than
:data:`MISMATCH_LIMIT` of the sentences differ; ``error`` refuses it at the first difference;
``align`` scores it whatever the difference (docs/metrics.md §1).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from wsscore.align.divergence import Divergence, MismatchError
from wsscore.align.limits import GoldOverrun, PredictionOverrun
from wsscore.align.lines import GoldBlock
from wsscore.align.stream import SystemAligner
from wsscore.core.records import Counts
from wsscore.errors import Warnings, WsscoreError
from wsscore.formatting import code_points
from wsscore.inputs.encodings import misdecoded
from wsscore.inputs.formats.model import SYLLABLE_MARK
from wsscore.inputs.formatted import WRONG_FORMAT_HINT, formats_read, text_file_of, unit_of
from wsscore.inputs.other_readings import mismatch_hint
from wsscore.inputs.sources import Input, is_file, may_not_end

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
    cause = mismatch_hint(files) + cause
    cause = decoding_hint(files, aligner.divergences) + cause
    # The first line: what is wrong and what to do; where it shows, on the next.
    detail = f"first: {places}; {lines}"
    if policy == "warn" and counts.misaligned_lines > MISMATCH_LIMIT * max(gold_sentences, 1):
        raise WsscoreError(
            "the prediction is not a segmentation of this gold",
            where=path,
            hint=f"{cause or 'check that both files hold the same text; '}"
            "--mismatch align scores it anyway" + _formats_note(*files),
            detail=f"{counts.misaligned_lines} of {gold_sentences} sentences "
            f"({counts.misaligned_chars} characters) differ; {detail}",
        )
    warnings.warn(
        f"{counts.misaligned_chars} character(s) on {counts.misaligned_lines} {units[0]}(s) "
        "differ from the gold",
        where=path,
        hint=f"{cause}--mismatch error refuses such input",
        consequence="words touching them count as wrong",
        strict_hint=f"{cause or 'check that both files hold the same text; '}"
        "without --strict it is scored with a warning",
        detail=detail,
    )


def decoding_hint(files: tuple[Input, Input], divergences: Sequence[Divergence]) -> str:
    """``"pred.txt's differing text holds U+E610, a private-use character, as a wrong decoding
    gives: it was read as gbk; if that is not its encoding, give --pred-encoding with it; "``
    when either file's differing text holds what a wrong decoding gives; or ``""``."""
    for index, source in enumerate(files):
        text = text_file_of(source)
        if text is None:
            continue  # lines in memory are not decoded
        differing = (d.pred_text if index else d.gold_text for d in divergences)
        char = next(filter(None, map(misdecoded, differing)), None)
        if char is not None:
            kept = "\udc80" <= char <= "\udcff"
            what = "a byte that does not decode" if kept else "a private-use character"
            return (
                f"{source.name}'s differing text holds {code_points(char)}, {what}, as a wrong "
                f"decoding gives: it was read as {text.encoding.name}; if that is not its "
                f"encoding, give {text.option} with it; "
            )
    return ""


def mismatch_refusal(
    exc: MismatchError,
    gold_file: Input,
    gold_blocks: Iterator[str],
    pred_file: Input,
    aligner: SystemAligner,
) -> WsscoreError:
    if isinstance(exc, GoldOverrun):  # the prediction has ended; the gold's stream may not
        return WsscoreError(exc.message, where=gold_file.name, hint=exc.hint)
    if isinstance(exc, PredictionOverrun):  # the gold has ended; the prediction may not
        # A separator between words adds text to every sentence: the usual way to overrun.
        cause = mismatch_hint((gold_file, pred_file))
        hint = cause + exc.hint + _formats_note(gold_file, pred_file)
        return WsscoreError(exc.message, where=pred_file.name, hint=hint)
    # Read on, to name both line counts: an endless prediction no further than this, and a
    # gold from a stream that may not end no further than this past the prediction's lines.
    gold_complete = _read_on(gold_blocks, gold_file, aligner.pred_lines_read)
    gold_lines = gold_file.lines_read
    pred_lines, complete = aligner.drain(max_lines=2 * gold_lines + 10_000)
    units = (unit_of(gold_file), unit_of(pred_file))
    differing = _differing_sentences(gold_file, pred_file)
    # As warn aligns them, the differences show what a wrong decoding gives.
    divergences = differing.divergences if differing else [exc.divergence]
    cause = decoding_hint((gold_file, pred_file), divergences)
    cause += mismatch_hint((gold_file, pred_file)) + (
        f"a missing or extra {units[1]} is the usual cause"
        if gold_lines != pred_lines
        else f"the {units[1]} counts agree: check that both hold the same text"
    )
    policy, why = _policy_that_scores(differing)
    return WsscoreError(
        "the prediction's text differs from the gold's",
        where=pred_file.name,
        hint=f"{cause}; {policy} scores it" + _formats_note(gold_file, pred_file),
        detail=f"first: {exc.divergence.describe(units)}; "
        f"the gold has {'' if gold_complete else 'more than '}{gold_lines} {units[0]}s, "
        "the prediction "
        f"{'' if complete else 'more than '}{pred_lines}"
        f"{f' {units[1]}s' if units[1] != units[0] else ''}; {why}",
    )


def _read_on(gold_blocks: Iterator[str], gold_file: Input, pred_lines: int) -> bool:
    """Read the rest of the gold, to count its lines; one that may not end (a stream) no
    further than twice the prediction's lines read and 10,000 more. Whether it ended."""
    most = 2 * pred_lines + 10_000 if may_not_end(gold_file) else None
    for _ in gold_blocks:
        if most is not None and gold_file.lines_read > most:
            return next(gold_blocks, None) is None
    return True


class Differing(NamedTuple):
    """A refused prediction aligned again as ``warn`` aligns it."""

    differing: int  # sentences that differ
    sentences: int  # of the gold
    divergences: list[Divergence]  # the first few
    overrun: bool  # past the gold's end it has more text than warn allows


def _formats_note(gold: Input, prediction: Input) -> str:
    """The end of a refusal's hint: the formats the files were read as, and why, when one was
    detected (a wrong detection makes text differ that does not)."""
    read = formats_read({"the gold": gold, "the prediction": prediction})
    return "" if read is None else f"; {read}: {WRONG_FORMAT_HINT}"


def _policy_that_scores(differing: Differing | None) -> tuple[str, str]:
    """The --mismatch policy that scores this prediction, for the hint of a refusal under
    ``error`` (which stopped at the first difference), and why that one."""
    if differing is not None and differing.overrun:
        return (
            "--mismatch align",
            "past the gold's end it has more text than --mismatch warn allows",
        )
    limit = f"{MISMATCH_LIMIT:.0%}"
    if differing is None:  # a stream, read once
        return (
            "--mismatch warn or align",
            f"warn if at most {limit} of the sentences differ, align whatever differs",
        )
    count, sentences = differing.differing, differing.sentences
    share = f"{count} of {sentences} sentences differ"
    if count > MISMATCH_LIMIT * max(sentences, 1):
        return "--mismatch align", f"{share}, more than the {limit} --mismatch warn allows"
    return "--mismatch warn", f"{share}, within the {limit} it allows"


def _differing_sentences(gold: Input, prediction: Input) -> Differing | None:
    """How many of the gold's sentences differ in the prediction as ``warn`` aligns them, and
    how many there are: the files are read again (on this error path only). None when either
    input cannot be read again (standard input, a pipe, lines from an iterator) or reading it
    again fails."""
    gold_again, pred_again = gold.reopen(), prediction.reopen()
    try:
        if gold_again is None or pred_again is None:
            return None
        aligner = SystemAligner(pred_again.lines())  # as warn reads it
        sentences, first = 0, 1
        for text in gold_again.text_blocks():
            block = GoldBlock(first, text.replace(SYLLABLE_MARK, ""), None)  # a syllable run's
            first += len(block.lines)
            sentences += block.word_and_sentence_counts()[1]
            aligner.feed_block(block)
        aligner.finish()
    except PredictionOverrun:
        return Differing(0, 0, [], overrun=True)
    except (MismatchError, WsscoreError):
        return None
    finally:
        for again in (gold_again, pred_again):
            if again is not None and is_file(again):
                again.close()  # type: ignore[union-attr]
    count = Counts(*aligner.totals).misaligned_lines
    return Differing(count, sentences, aligner.divergences, overrun=False)
