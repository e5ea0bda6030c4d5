"""``wsscore merge``: the JSON reports of shards of one test set added into one report."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.gates import (
    check_report_gates,
    digits_option,
    gate_options,
    gate_request,
    gate_status,
    previous_kept,
    refuse_digits_the_format_ignores,
    refuse_figures_the_report_lacks,
    report_output_options,
    report_text,
)
from wsscore.cli.options import DEBUG, conventions_option
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.metrics.ranking import SORT_KEYS
from wsscore.metrics.scores import CI_METHODS


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="Add the JSON reports of shards of one test set into one.",
)
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
@conventions_option("every table format [default: the first shard's]")
# The output options, together.
@report_output_options("in the first shard's order")
@click.option(
    "--caption",
    metavar="TEXT",
    help="Caption of the -f latex table (LaTeX source, not escaped; adds \\label{tab:wsscore}).",
)
@digits_option()
@gate_options()
@click.option("--strict", is_flag=True, help="Warnings of the gates become errors.")
@DEBUG
def merge(**options: Any) -> None:
    """Add the reports of shards of one test set (each `wsscore score -f json`) into one.

    Systems are matched by name; counts add up and every figure is computed again from the
    sums. Every shard must have the same systems and signature (encodings aside). A shard may
    be '-' (standard input). The CI gates of `wsscore score` apply to the merged figures.
    """
    run_command(_merge_command, options)


def _merge_command(options: dict[str, Any]) -> int:
    from wsscore.errors import Warnings
    from wsscore.metrics.ranking import sort_systems
    from wsscore.output.destination import Destination
    from wsscore.scoring.merging import merged_report

    gates = gate_request(options, figures_from_options=False)
    refuse_digits_the_format_ignores(options)
    report = merged_report(  # its own warnings said here too (a table shows "—" for the types)
        list(options["shards"]),
        ci=options["ci"],
        sort="none",
        conventions=options.get("conventions"),
        warnings=Warnings(),
    )
    given_systems = list(report.systems)  # the first shard's order, which -q keeps
    report.systems = sort_systems(given_systems, options["sort"])
    refuse_figures_the_report_lacks(report, gates)
    check_report_gates(report, gates, strict=options["strict"])  # before anything is printed
    text = report_text(report, given_systems, options)
    if previous_kept(report, gates, options["output"]):  # -o would replace it: not written
        return gate_status(report.gates, kept=gates.previous)
    with Destination(options["output"]) as destination:
        destination.write(text)
    return gate_status(report.gates)
