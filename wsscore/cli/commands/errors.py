"""``wsscore errors``: what a prediction gets wrong (the error analysis; not the exceptions)."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.options import analysis_options, input_options, jobs_of, ranged
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.cli.terminal import format_for, write_report
from wsscore.errors import EXIT_OK, WsscoreError


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="What PRED gets wrong: split, merged, crossing words, and where.",
)
@click.argument("gold")
@click.argument("prediction", metavar="PRED")
@click.option("--name", metavar="NAME", help="Label of the prediction (default: file name).")
@click.option(
    "--top",
    type=ranged("top"),
    default=20,
    show_default=True,
    help="Most frequent wrong words shown per error class.",
)
@click.option(
    "--per-line",
    type=ranged("per_line"),
    is_flag=False,
    flag_value=10,
    default=0,
    metavar="[N]",
    help="Also list the N lines with most wrong gold words (10 without N).",
)
@analysis_options
def errors(**options: Any) -> None:
    """What PRED gets wrong: split, merged and crossing errors with the most frequent words,
    recall by word length, OOV and IV recall, and the worst lines."""
    run_command(_errors_command, options)


def _errors_command(options: dict[str, Any]) -> int:
    from wsscore.output.error_analysis import render_errors
    from wsscore.scoring.error_analysis import analyse

    if options["match"] != "span":
        raise WsscoreError("wsscore errors works with --match span")
    analysis = analyse(
        options["gold"],
        options["prediction"],
        inputs=input_options(options),
        top=options["top"],
        per_line=options["per_line"],
        name=options["name"],
        jobs=jobs_of(options["jobs"]),
    )
    fmt, color, width = format_for(options)
    write_report(options, render_errors(analysis, fmt, color=color, width=width))
    return EXIT_OK
