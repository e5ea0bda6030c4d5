"""The BASE and TOP rows of the bakeoff tables (Sproat & Emerson 2003, §4.1).

BASE is the gold's own text segmented by greedy maximum matching with the training dictionary:
what a system that knows only the dictionary scores. TOP segments it with the gold's own words:
what a perfect dictionary with no way to settle ambiguity scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.dictionary import Dictionary
from wsscore.inputs.guards import Named, require_rereadable
from wsscore.inputs.options import GOLD_OPTION, InputOptions
from wsscore.inputs.sources import Reading, Source, is_path, open_source
from wsscore.inputs.words import split_words

if TYPE_CHECKING:
    from wsscore.segmenters.maxmatch import MaxMatcher


def reference_rows(
    gold: Source,
    known: Dictionary | None,
    inputs: InputOptions,
    *,
    baseline: bool,
    topline: bool,
) -> list[tuple[str, list[str]]]:
    """The rows asked for, as (name, segmented lines); the gold is read for them first."""
    if not (baseline or topline):
        return []
    from wsscore.segmenters.maxmatch import MaxMatcher  # only these rows need it

    if is_path(gold):
        require_rereadable(Named("the gold", str(gold)), "--baseline or --topline")
    # Read as plain words; the scoring reads the gold again, and warns then.
    reading = Reading(inputs.for_gold, Warnings(quiet=True), inputs.strict, GOLD_OPTION)
    source = open_source(gold, reading)
    lines = list(source.lines())
    rows = []
    if baseline:
        if known is None:
            raise WsscoreError(
                "--baseline needs the training dictionary", hint="give it with -d/--dict or --train"
            )
        rows.append(("BASE", _segmented(lines, MaxMatcher(known.entries))))
    if topline:
        own_words = {word for line in lines for word in split_words(line)}
        rows.append(("TOP", _segmented(lines, MaxMatcher(own_words))))
    return rows


def _segmented(lines: list[str], matcher: MaxMatcher) -> list[str]:
    return [" ".join(matcher.segment(line)) for line in lines]
