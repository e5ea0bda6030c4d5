"""``wsscore sighan``: what the Perl ``score`` script prints, with exact or with its own counts."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.options import encoding_options, input_options, jobs_of
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.cli.terminal import in_gold_encoding
from wsscore.errors import EXIT_OK, WsscoreError
from wsscore.inputs.guards import Named


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="Print what the Perl `score WORDS GOLD TEST` script prints.",
)
@click.argument("dictionary")
@click.argument("gold")
@click.argument("test")
@click.option("-o", "--output", metavar="FILE", help="Write the output to FILE (atomically).")
@encoding_options
def sighan(**options: Any) -> None:
    """Print what the Perl `score DICT GOLD TEST` prints, per-sentence blocks included.

    The numbers are wsscore's exact ones; --match diff reproduces the script byte for byte.
    Output is in the gold's encoding, like the script's.
    """
    run_command(_sighan_command, options)


def _sighan_command(options: dict[str, Any]) -> int:
    from wsscore.output.destination import Destination

    if options["jobs"] != 1 and options["match"] != "diff":
        raise WsscoreError(
            "wsscore sighan -j works with --match diff",
            hint="its exact output is written in one pass, in order: drop -j, or add "
            "--match diff to run the Perl script's diffs in parallel",
        )
    inputs = input_options(options, dictionaries=[options["dictionary"]])
    with Destination(options["output"]) as destination:
        if options["match"] == "diff":
            from wsscore.output.sighan import render_sighan_summaries
            from wsscore.sighan.by_diff import score_by_diff

            out = destination.stream
            report = score_by_diff(
                options["gold"],
                [options["test"]],
                inputs=inputs,
                jobs=jobs_of(options["jobs"]),
                sentence_output=out,
            )
            out.write(in_gold_encoding(render_sighan_summaries(report), report))
        else:
            from wsscore.inputs.guards import require_rereadable
            from wsscore.sighan.exact import write_sighan

            # It reads the gold's first block to learn the encoding of its output first.
            require_rereadable(Named("the gold", options["gold"]), "wsscore sighan")
            write_sighan(options["gold"], options["test"], destination.stream, inputs=inputs)
    return EXIT_OK
