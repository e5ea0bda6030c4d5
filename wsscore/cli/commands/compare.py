"""``wsscore compare``: paired significance tests of systems against a baseline."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.options import BETA, analysis_options, input_options, jobs_of, ranged
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.cli.terminal import format_for, write_report
from wsscore.errors import EXIT_OK, WsscoreError


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="Is each SYS significantly better than BASELINE? (paired tests)",
)
@click.argument("gold")
@click.argument("baseline")
@click.argument("systems", nargs=-1, required=True, metavar="SYS...")
@click.option(
    "--name", "names", multiple=True, help="Label of each input, the baseline first, in order."
)
@click.option(
    "--samples",
    type=ranged("samples"),
    default=1000,
    show_default=True,
    help="Paired bootstrap samples.",
)
@click.option(
    "--trials",
    type=ranged("trials"),
    default=10000,
    show_default=True,
    help="Approximate randomization trials.",
)
@click.option(
    "--seed", type=ranged("seed"), default=12345, show_default=True, help="Seed of both tests."
)
@click.option(
    "--beta",
    type=BETA,
    default=1.0,
    show_default=True,
    help="Compare F_β instead of F1.",
)
@analysis_options
def compare(**options: Any) -> None:
    """Is each SYS significantly better than BASELINE? Paired bootstrap resampling and
    approximate randomization over sentences, on F and R; p = (c + 1)/(n + 1)."""
    run_command(_compare_command, options)


def _compare_command(options: dict[str, Any]) -> int:
    from wsscore.output.comparison import render_comparison
    from wsscore.scoring.comparison import compare

    if options["match"] != "span":
        raise WsscoreError("wsscore compare works with --match span")
    comparison = compare(
        options["gold"],
        options["baseline"],
        list(options["systems"]),
        inputs=input_options(options),
        names=list(options["names"]) or None,
        samples=options["samples"],
        trials=options["trials"],
        seed=options["seed"],
        beta=options["beta"],
        jobs=jobs_of(options["jobs"]),
    )
    fmt, color, width = format_for(options)
    write_report(options, render_comparison(comparison, fmt, color=color, width=width))
    return EXIT_OK
