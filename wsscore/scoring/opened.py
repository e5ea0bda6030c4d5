"""The inputs of a scoring run, opened: the gold, the predictions, the committee members.

Committee members given as a scored system's path are read once, as that system; the others
are read beside the predictions and judged, not reported.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from wsscore.align.limits import EXTRA_TEXT_LIMITS
from wsscore.core.records import SentenceDetail
from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.encodings import Crib
from wsscore.inputs.formats.model import SYLLABLE_FORMATS, format_unit
from wsscore.inputs.formatted import FormattedInput, text_file_of
from wsscore.inputs.options import InputOptions
from wsscore.inputs.reading import crib_of, is_compressed
from wsscore.inputs.sources import (
    Input,
    Reading,
    Source,
    is_file,
    is_path,
    may_not_end,
    open_source,
)

if TYPE_CHECKING:
    from wsscore.metrics.difficulty import DifficultyReader, DifficultyWeighting


class OpenedInputs:
    """``predictions`` holds the scored systems first (``systems`` of them), then the
    committee members that are not among them; ``weighting`` judges word difficulty."""

    def __init__(
        self,
        gold: Input,
        predictions: list[Input],
        systems: int,
        committee: list[int] | None = None,
        weighting: DifficultyWeighting | None = None,
        difficulty_file: bool = False,
        unit: str = "char",
    ):
        self.gold = gold
        # What a boundary can fall between (docs/metrics.md §1.7), decided from the gold.
        self.unit = unit
        self.predictions = predictions
        self.systems = systems
        self.committee = committee
        self.weighting = weighting
        self.difficulty_file = difficulty_file

    @property
    def gold_is_file(self) -> bool:
        return is_file(self.gold)

    def is_file(self, index: int) -> bool:
        return is_file(self.predictions[index])

    def default_name(self, index: int) -> str:
        """The prediction's file name, or its path where two systems share that name."""
        path = self.predictions[index].name
        base = os.path.basename(path) or path
        systems = self.predictions[: self.systems]
        same = [f for f in systems if (os.path.basename(f.name) or f.name) == base]
        return base if len(same) == 1 else path

    def difficulty_source(self) -> str | None:
        """Where difficulties come from, for the signature."""
        if self.committee is not None:
            return f"committee-{len(self.committee)}"
        return "file" if self.difficulty_file else None

    def close(self) -> None:
        for source in (self.gold, *self.predictions):  # the parallel path leaves them unread
            if is_file(source):
                source.close()  # type: ignore[union-attr]


def open_inputs(
    gold: Source,
    predictions: Sequence[Source],
    inputs: InputOptions,
    committee: Sequence[Source] | None,
    difficulty: Source | None,
    on_difficulties: Callable[[SentenceDetail, list[float]], None] | None,
) -> OpenedInputs:
    gold_file = open_source(gold, _marking_syllables(inputs.gold_reading), name="<gold>")
    unit = unit_of(inputs.unit, getattr(gold_file, "format", "words"), gold_file.name)
    # The gold's characters tell apart GB and Big5 readings of an ambiguous prediction; they
    # are collected only if a prediction needs them.
    text = text_file_of(gold_file)
    crib = partial(crib_of, text) if text is not None else None
    reading = _paired(gold, inputs)
    pred_files = [
        _open_prediction(p, reading, crib, f"<prediction {i + 1}>")
        for i, p in enumerate(predictions)
    ]
    _hold_to_gold(pred_files, gold_file)
    systems = len(pred_files)
    if committee is None and difficulty is None:
        _hold_to_predictions(gold_file, pred_files)
        return OpenedInputs(gold_file, pred_files, systems, unit=unit)
    indices, members = _committee_members(committee, predictions, systems, reading, crib)
    _hold_to_gold(members, gold_file)
    pred_files += members
    _hold_to_predictions(gold_file, pred_files)
    from wsscore.metrics.difficulty import DifficultyWeighting

    weighting = DifficultyWeighting(
        systems,
        len(pred_files),
        committee=indices,
        reader=_difficulty_reader(difficulty, inputs),
        on_difficulties=on_difficulties,
    )
    return OpenedInputs(
        gold_file,
        pred_files,
        systems,
        indices,
        weighting,
        difficulty_file=difficulty is not None,
        unit=unit,
    )


def _marking_syllables(reading: Reading) -> Reading:
    """The gold read for this run: under --unit syllable it marks its words' syllables, which
    the run takes out of its text (:class:`~wsscore.scoring.gold_units.GoldUnits`)."""
    options = reading.format_options._replace(mark_syllables=True)
    return reading._replace(format_options=options)


class NoSyllables(WsscoreError):
    """``--unit syllable`` with a gold whose format has no syllables (a suite names the corpus)."""


def unit_of(given: str | None, gold_format: str, gold_name: str) -> str:
    """The unit of a run: the one given, else the gold format's own (``syllable`` for vlsp);
    ``syllable`` is refused for a gold whose format has no syllables (guessing them from a
    words file's spaces would make them its words, and the figures the word figures)."""
    if given is None:
        return format_unit(given, gold_format)
    if given == "syllable" and gold_format not in SYLLABLE_FORMATS:
        raise NoSyllables(
            f"--unit syllable needs the gold's syllables, and {gold_name} is read as "
            f"{gold_format}, which has none",
            hint="give the gold in vlsp (Hà_Nội) or CoNLL-U with spaces in its FORMs, "
            "or use --unit char",
        )
    return given


def refuse_unit(given: str | None, what: str, hint: str) -> None:
    """Refuse a unit other than ``char`` where no figure of ``what`` could count in it (rather
    than ignore it); ``hint`` says what to do instead."""
    if given is not None and given != "char":
        raise InvalidArgument(f"--unit {given} does not apply to {what}", hint=hint)


# Bytes a character and the white space after it can take in a prediction: four in UTF-32 (or a
# 4-byte UTF-8 character), and as many again of separators.
BYTES_PER_CHARACTER = 8


def _hold_to_gold(pred_files: list[Input], gold: Input) -> None:
    """Set each prediction's limits (a line's bytes, a sentence's characters) to what the gold
    can match, when the gold's size is known (a regular file, not compressed).

    The aligner refuses a prediction whose characters exceed the gold's by more than the most
    lenient policy allows past its end (EXTRA_TEXT_LIMITS["align"]); a single line or sentence
    longer than that can never be scored, so reading refuses it as it grows rather than holding
    an endless line or sentence in memory.
    """
    chars = _file_size(gold)
    if chars is None:
        return
    most = _matched_by(chars)
    for pred in pred_files:
        text = text_file_of(pred)
        if text is not None:
            text.line_limit = min(text.line_limit, BYTES_PER_CHARACTER * most)
        if isinstance(pred, FormattedInput):
            # What the gold can match, even above the default: a gold line of words may be
            # longer than a sentence of another format may be by default, and its prediction
            # may give it as one sentence.
            pred.sentence_limit = most


def _hold_to_predictions(gold: Input, pred_files: list[Input]) -> None:
    """Hold a gold read from a stream, which may be endless, to what its predictions can
    match, as the predictions are held to the gold (:func:`_hold_to_gold`), when the size of
    every one of them is known: its line or sentence is refused as it grows past that rather
    than held in memory. (Its lines past the end of the predictions are held to the aligner's
    limits: wsscore.align.limits. A gold file is read to its end.)"""
    if not may_not_end(gold):
        return
    sizes = [_file_size(pred) for pred in pred_files]
    if not sizes or None in sizes:
        return
    most = _matched_by(max(size for size in sizes if size is not None))
    text = text_file_of(gold)
    if text is not None:
        text.line_limit = min(text.line_limit, BYTES_PER_CHARACTER * most)
    if isinstance(gold, FormattedInput):
        gold.sentence_limit = min(gold.sentence_limit, most)


def _matched_by(chars: int) -> int:
    """The most characters a text of ``chars`` characters can match: as many, and as many more
    as the most lenient policy lets a prediction have past the gold's end."""
    return chars + EXTRA_TEXT_LIMITS["align"].allowed(chars)


def _file_size(source: Input) -> int | None:
    """An input file's size in bytes, which bounds its characters (a character takes a byte at
    least); None when unknown (standard input, a stream, a compressed file, lines in memory)."""
    text = text_file_of(source)
    if text is None or text.path == "-" or not os.path.isfile(text.path):
        return None
    try:  # its first block is decompressed already: the file's own head says
        with open(text.path, "rb") as raw:
            if is_compressed(raw.read(6)):
                return None
        return os.path.getsize(text.path)
    except OSError:
        return None


def _open_prediction(source: Source, reading: Reading, crib: Crib, name: str) -> Input:
    return open_source(source, reading, crib=crib, name=name)


def _paired(gold: Source, inputs: InputOptions) -> Reading:
    """How the predictions are read: under --normalize, rewritten against the gold's lines,
    read again (docs/metrics.md §1.8); word by word where the gold can be read once only."""
    reading = inputs.pred_reading
    if reading.normalizing is None:
        return reading
    if isinstance(gold, (str, os.PathLike)) and os.fspath(gold) == "-":
        inputs.warnings.warn(
            "the predictions are normalised word by word, not against the gold's lines: "
            "standard input cannot be read twice",
            hint="give the gold as a path",
        )
        return reading
    plain = inputs.gold_reading._replace(normalizing=None, warnings=Warnings(quiet=True))

    def gold_lines() -> Iterator[str]:
        return open_source(gold, plain, name="<gold>").lines()

    return reading._replace(normalizing=reading.normalizing.paired(gold_lines, inputs.warnings))


def _committee_members(
    committee: Sequence[Source] | None,
    predictions: Sequence[Source],
    systems: int,
    reading: Reading,
    crib: Crib,
) -> tuple[list[int] | None, list[Input]]:
    """Participant indices of the committee members, and the files of those that are not
    among the scored systems (a member given as a system's path is scored once)."""
    if committee is None:
        return None, []
    if is_path(committee):
        committee = [committee]  # type: ignore[list-item]
    if len(committee) < 2:
        raise InvalidArgument(
            f"a committee needs at least 2 members, got {len(committee)}",
            hint="give two or more segmentations of the test set with --committee",
        )
    scored = {
        os.path.realpath(os.fspath(p)): i
        for i, p in enumerate(predictions)
        if isinstance(p, (str, os.PathLike)) and os.fspath(p) != "-"
    }
    indices: list[int] = []
    files: list[Input] = []
    for member in committee:
        if isinstance(member, (str, os.PathLike)):
            known = scored.get(os.path.realpath(os.fspath(member)))
            if known is not None:
                indices.append(known)
                continue
        indices.append(systems + len(files))
        name = f"<committee member {len(files) + 1}>"
        files.append(_open_prediction(member, reading, crib, name))
    return indices, files


def _difficulty_reader(difficulty: Source | None, inputs: InputOptions) -> DifficultyReader | None:
    if difficulty is None:
        return None
    source = open_source(difficulty, inputs.difficulty_reading, name="<difficulty>")
    from wsscore.metrics.difficulty import DifficultyReader

    return DifficultyReader(source.name, source.lines())
