"""``wsscore report``: one self-contained HTML page to look at the systems' errors."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from wsscore.cli.options import (
    BETA,
    conventions_option,
    dictionary_options,
    difficulty_options,
    encoding_options,
    input_options,
    interval_options,
    jobs_of,
    ranged,
)
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.errors import EXIT_OK, WsscoreError

if TYPE_CHECKING:
    from wsscore.scoring.report_page import PageData


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="Write an HTML page: the table, error classes, sentence browser.",
)
@click.argument("gold")
@click.argument("predictions", nargs=-1, required=True, metavar="PRED...")
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="FILE.html",
    help="The page to write (atomically): one HTML file that works offline.",
)
@dictionary_options(
    "Segmented training corpus: its words form the dictionary, and words are also grouped by "
    "their frequency in it (repeatable)."
)
@click.option("--name", "names", multiple=True, help="Label of each prediction, in order.")
@click.option(
    "--title",
    metavar="TEXT",
    help="The page's title [default: the gold's file name and the systems].",
)
@interval_options()
@click.option("--beta", type=BETA, default=1.0, show_default=True, help="Report F_β.")
@conventions_option("the page's table of scores")
@difficulty_options(
    "Segmentations that judge each gold word's difficulty, as for `wsscore score`.",
    "Word difficulties written by `wsscore difficulty`.",
)
@click.option(
    "--max-sentences",
    type=ranged("max_sentences"),
    default=20_000,
    show_default=True,
    metavar="N",
    help="Sentences the page's browser keeps at most: those that most systems get wrong, then "
    "those with most wrong words, then the first (the page also stays under 30 MB). The "
    "figures and tables always count every sentence.",
)
@encoding_options
def report(**options: Any) -> None:
    """Write an HTML page about PRED... against GOLD: the ranked table and the bakeoff's
    figures, error classes with the words each system got wrong, F by word length, OOV,
    frequency, sentence length and OOV density, and a sentence browser with filters."""
    run_command(_report_command, options)


def _report_command(options: dict[str, Any]) -> int:
    from wsscore.cli.progress import gold_progress
    from wsscore.metrics.settings import Statistics
    from wsscore.output.destination import Destination
    from wsscore.output.report_page import write_page
    from wsscore.scoring.report_page import PageRun, gather
    from wsscore.scoring.request import AnalysisOptions

    if options["match"] != "span":
        raise WsscoreError("wsscore report works with --match span")
    with gold_progress(options["gold"], quiet=False) as progress:
        data = gather(
            options["gold"],
            list(options["predictions"]),
            inputs=input_options(options),
            names=list(options["names"]) or None,
            run=PageRun(
                Statistics(options["ci"], options["beta"], options["samples"], options["seed"]),
                AnalysisOptions(
                    committee=list(options.get("committee") or ()) or None,
                    difficulty=options.get("difficulty"),
                ),
                progress,
                jobs_of(options["jobs"]),
                options.get("conventions"),
            ),
            max_sentences=options["max_sentences"],
        )
    try:
        with Destination(options["output"]) as destination:
            write_page(data, destination, title=options.get("title"))
    finally:
        data.sentences.close()
    click.echo(f"wsscore: {written(options['output'], data)}", err=True)
    return EXIT_OK


def written(output: str, data: PageData) -> str:
    """What a run that wrote the page says, on stderr: where, what its browser holds, how to
    open it (standard output is left to the page when it is ``-``)."""
    systems = len(data.names)
    total = data.sentence_count + data.left_out
    held = "all" if not data.left_out else f"{data.sentence_count:,} of the {total:,}"
    what = f"{systems} system{'s' * (systems != 1)}, {held} sentences in its browser"
    if output == "-":
        return f"wrote the page to standard output ({what})"
    return f"wrote {output} ({what}); open it in a browser: {Path(output).resolve().as_uri()}"
