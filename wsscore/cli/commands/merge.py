"""``wsscore merge``: the JSON reports of shards of one test set added into one report."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.options import DEBUG
from wsscore.cli.running import run_command
from wsscore.cli.terminal import format_for
from wsscore.errors import EXIT_OK
from wsscore.metrics.ranking import SORT_KEYS
from wsscore.metrics.scores import CI_METHODS
from wsscore.output import FORMATS


@click.command()
@click.argument("shards", nargs=-1, required=True, metavar="SHARD.json...")
@click.option(
    "--ci",
    type=click.Choice(CI_METHODS),
    help="Compute the intervals from the merged counts this way [default: the shards' method; "
    "shards scored with --ci bootstrap need bakeoff, wilson or none].",
)
@click.option(
    "--sort",
    type=click.Choice(SORT_KEYS),
    default="f",
    show_default=True,
    help="Row order: by F, R, P or R_oov (best first, undefined last), by name, or as in the "
    "first shard.",
)
# The output options, together.
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Output format [default: table on a terminal, text otherwise].",
)
@click.option("-o", "--output", metavar="FILE", help="Write the report to FILE (atomically).")
@click.option(
    "--caption",
    metavar="TEXT",
    help="Caption of the -f latex table (LaTeX source, not escaped; adds \\label{tab:wsscore}).",
)
@DEBUG
def merge(**options: Any) -> None:
    """Add the reports of shards of one test set (each `wsscore score -f json`) into one.

    Systems are matched by name; counts add up and every figure is computed again from the
    sums. Every shard must have the same systems and signature (encodings aside). A shard may
    be '-' (standard input).
    """
    run_command(_merge_command, options)


def _merge_command(options: dict[str, Any]) -> int:
    from wsscore.output import render
    from wsscore.output.destination import Destination
    from wsscore.scoring.merging import merge_reports

    report = merge_reports(list(options["shards"]), ci=options["ci"], sort=options["sort"])
    fmt, color, width = format_for(options)
    text = render(report, fmt, color=color, width=width, caption=options.get("caption"))
    with Destination(options["output"]) as destination:
        destination.write(text)
    return EXIT_OK
