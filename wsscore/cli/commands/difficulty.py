"""``wsscore difficulty``: each gold word's difficulty, judged by a committee of segmentations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from wsscore.cli.options import encoding_options_without_dictionary, input_options, jobs_of
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.errors import EXIT_OK, WsscoreError

if TYPE_CHECKING:
    from wsscore.core.records import SentenceDetail


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="Judge each gold word's difficulty by a committee of systems.",
)
@click.argument("gold")
@click.argument("members", nargs=-1, required=True, metavar="SEGMENTATION...")
@click.option(
    "-o", "--output", metavar="FILE", help="Write the table to FILE (atomically); default stdout."
)
@encoding_options_without_dictionary
def difficulty(**options: Any) -> None:
    """Judge each gold word's difficulty by a committee of segmentations (two or more).

    Writes a TSV (line, start, end, word, difficulty): the share of the committee that got
    the word wrong (Qian et al. 2016). `wsscore score --difficulty FILE` reuses it.
    """
    run_command(_difficulty_command, options)


def _difficulty_command(options: dict[str, Any]) -> int:
    from wsscore.metrics.difficulty import TSV_HEADER, rows_of
    from wsscore.output.destination import Destination
    from wsscore.scoring.scorer import score

    if options["match"] != "span":
        raise WsscoreError("wsscore difficulty works with --match span")
    members = list(options["members"])
    with Destination(options["output"]) as destination:
        header = ["\t".join(TSV_HEADER) + "\n"]  # written with the first rows: on standard
        # output, an input that cannot be opened must leave nothing behind either

        def write(detail: SentenceDetail, difficulties: list[float]) -> None:
            destination.write("".join([*header, *rows_of(detail, difficulties)]))
            header.clear()

        score(
            options["gold"],
            members,
            inputs=input_options(options, dictionaries=[]),
            committee=members,
            on_difficulties=write,
            ci="none",
            jobs=jobs_of(options["jobs"]),
        )
        destination.write("".join(header))
    return EXIT_OK
