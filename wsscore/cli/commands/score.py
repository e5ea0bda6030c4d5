"""``wsscore score``: the bakeoff table of one or more systems."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from wsscore.cli.gates import (
    check_report_gates,
    digits_option,
    gate_options,
    gate_request,
    gate_status,
    previous_kept,
    refuse_digits_the_format_ignores,
    report_output_options,
    report_text,
)
from wsscore.cli.options import (
    BETA,
    conventions_option,
    dictionary_options,
    difficulty_options,
    encoding_options,
    input_options,
    interval_options,
    jobs_of,
    tag_map_of,
)
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.cli.terminal import warnings_under_the_report
from wsscore.errors import WsscoreError
from wsscore.metrics.ranking import SORT_KEYS

if TYPE_CHECKING:
    from wsscore.cli.gates import GateRequest
    from wsscore.results import Report


# Shown last in --help, where a reader who scrolled past the options looks for a call to copy.
EXAMPLES = """\b
Examples:
  wsscore score GOLD PRED -d WORDS             the bakeoff table
  wsscore score GOLD A B C -d WORDS            several systems, sorted by F
  wsscore score GOLD PRED -d WORDS --extra     + error classes, TNR, F_b…
  wsscore score GOLD PRED -d WORDS -f json     every figure, for programs
  wsscore score GOLD PRED -d WORDS -f sighan   the Perl script's summary
  wsscore score GOLD A -d WORDS --baseline     + maximum matching's row
  wsscore score GOLD A -d WORDS --fail-under f=0.9
                                               exit status 1 when F < 0.9
  cat A | wsscore score GOLD - -d WORDS -q     F alone, for shell scripts
"""


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="Score each PRED against GOLD: one row per system, sorted by F.",
    epilog=EXAMPLES,
)
@click.argument("gold")
@click.argument("predictions", nargs=-1, required=True, metavar="PRED...")
@dictionary_options("Segmented training corpus: its words form the dictionary (repeatable).")
@click.option("--name", "names", multiple=True, help="Label of each prediction, in order.")
@report_output_options("in the order given (BASE and TOP last)")
@click.option(
    "--baseline",
    is_flag=True,
    help="Add a BASE row: the gold segmented by maximum matching with the dictionary.",
)
@click.option(
    "--topline",
    is_flag=True,
    help="Add a TOP row: maximum matching with the gold's own words as the dictionary.",
)
@click.option(
    "--sort",
    type=click.Choice(SORT_KEYS),
    default="f",
    show_default=True,
    help="Row order: by F, R, P or R_oov (best first, undefined last), by name, or as given.",
)
@click.option(
    "--caption",
    metavar="TEXT",
    help="Caption of the -f latex table (LaTeX source, not escaped; adds \\label{tab:wsscore}).",
)
@interval_options()
@click.option(
    "--beta",
    type=BETA,
    default=1.0,
    show_default=True,
    help="Report F_β instead of F1.",
)
@click.option(
    "--extra",
    is_flag=True,
    help="Add TNR, boundary P_b/R_b/F_b, F_mean (β = 3), the split/merged/crossing "
    "error counts, exact sentences (EM), word-start characters P_c/R_c/F_c, boundaries with "
    "sentence edges P_e/R_e/F_e and distinct words P_t/R_t/F_t (docs/metrics.md §5).",
)
@click.option(
    "--tags",
    is_flag=True,
    help="Also score the tags (tagged, chars with B-TAG, CoNLL-U, jsonl files): a word is "
    "tag-correct when its span and its tag are the gold's; tag P/R/F, accuracy on the "
    "correctly segmented words, and a row per tag.",
)
@click.option(
    "--tag-map",
    metavar="FILE",
    help="Two columns per line, a tag and what it counts as (with --tags), to compare tag sets "
    "(# starts a comment; '#', a tab and a tag maps the tag #).",
)
@conventions_option()
@difficulty_options(
    "Segmentations of the test set (two or more; every file after the option, or a "
    "quoted glob) that judge each gold word's difficulty: adds the difficulty-weighted "
    "r_b, p_b, f_b and accuracy per difficulty decile (Qian et al. 2016).",
    "Word difficulties written by `wsscore difficulty` (instead of --committee).",
)
@click.option(
    "--plot",
    metavar="FILE",
    help="Also draw F (with its interval) and R_oov per system into FILE.png or FILE.svg "
    "(needs matplotlib: pip install 'wsscore[plot]').",
)
@gate_options()
@digits_option()
@encoding_options
def score(**options: Any) -> None:
    """Score PRED... against GOLD; one row per system, sorted by F.

    Any input may be '-' (standard input) or a .gz/.bz2/.xz file.
    """
    run_command(_score_command, options)


def _score_command(options: dict[str, Any]) -> int:
    gates = gate_request(options)
    refuse_digits_the_format_ignores(options)
    with warnings_under_the_report(options):
        report, kept = _scored_and_written(options, gates)
    return gate_status(report.gates, kept=gates.previous if kept else None)


def _scored_and_written(options: dict[str, Any], gates: GateRequest) -> tuple[Report, bool]:
    """The report, written unless the previous one it would replace is kept (then True)."""
    from contextlib import nullcontext

    from wsscore.metrics.ranking import sort_systems
    from wsscore.output.destination import Destination

    report = _build_report(options)  # its systems in the order given, which -q keeps
    given_systems = list(report.systems)
    report.systems = sort_systems(given_systems, options["sort"])  # the table's order
    check_report_gates(report, gates, strict=options["strict"])  # before anything is printed
    text = report_text(report, given_systems, options)
    kept = previous_kept(report, gates, options["output"])  # -o would replace it: not written
    # The figure first: if it fails, no report is printed and an existing -o stays as it was.
    with nullcontext() if kept else Destination(options["output"]) as destination:
        if destination is not None:
            destination.write(text)
        if options.get("plot"):
            from wsscore.output.plot import plot_report

            plot_report(report, options["plot"])
    return report, kept


def _build_report(options: dict[str, Any]) -> Report:
    if options["match"] == "diff":
        return _diff_report(options)
    from wsscore.cli.progress import gold_progress
    from wsscore.scoring.scorer import score

    with gold_progress(options["gold"], quiet=options.get("quiet", False)) as progress:
        return score(
            options["gold"],
            list(options["predictions"]),
            **_table_arguments(options),
            extra=options["extra"],
            tags=options["tags"],
            tag_map=_tag_map(options),
            baseline=options["baseline"],
            topline=options["topline"],
            committee=list(options.get("committee") or ()) or None,  # expanded by check_files
            difficulty=options.get("difficulty"),
            progress=progress,
            conventions=options.get("conventions"),
        )


def _diff_report(options: dict[str, Any]) -> Report:
    from wsscore.sighan.by_diff import score_by_diff

    if options.get("baseline") or options.get("topline"):
        raise WsscoreError("--baseline and --topline work with --match span")
    if options.get("committee") or options.get("difficulty"):
        raise WsscoreError("--committee and --difficulty work with --match span")
    if options.get("tags"):
        raise WsscoreError("--tags works with --match span")
    if options.get("extra"):
        raise WsscoreError(
            "--extra works with --match span",
            hint="the Perl script's diff alignment has no character offsets to build on",
        )
    return score_by_diff(
        options["gold"],
        list(options["predictions"]),
        **_table_arguments(options),
        conventions=options.get("conventions"),
    )


def _table_arguments(options: dict[str, Any]) -> dict[str, Any]:
    """What both ways of scoring (span and diff) take from the command line."""
    return {
        "inputs": input_options(options),
        "names": list(options.get("names") or ()) or None,
        "ci": options["ci"],
        "beta": options["beta"],
        "samples": options["samples"],
        "seed": options["seed"],
        "sort": "none",  # sorted once the order given is kept
        "jobs": jobs_of(options["jobs"]),
    }


def _tag_map(options: dict[str, Any]) -> dict[str, str] | None:
    if options.get("tag_map") is None:
        return None
    if not options["tags"]:
        raise click.BadParameter("a tag map is used with --tags", param_hint="--tag-map")
    return tag_map_of(options)
