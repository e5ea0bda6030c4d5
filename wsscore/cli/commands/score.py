"""``wsscore score``: the bakeoff table of one or more systems."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from wsscore.cli.options import (
    BETA,
    dictionary_options,
    difficulty_options,
    encoding_options,
    input_options,
    interval_options,
    jobs_of,
    tag_map_of,
)
from wsscore.cli.running import run_command
from wsscore.cli.terminal import format_for
from wsscore.errors import EXIT_OK, EXIT_THRESHOLD, WsscoreError
from wsscore.formatting import ratio_text
from wsscore.metrics.ranking import SORT_KEYS
from wsscore.output import FORMATS

if TYPE_CHECKING:
    from wsscore.results import Report


@click.command()
@click.argument("gold")
@click.argument("predictions", nargs=-1, required=True, metavar="PRED...")
@dictionary_options("Segmented training corpus: its words form the dictionary (repeatable).")
@click.option("--name", "names", multiple=True, help="Label of each prediction, in order.")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Output format [default: table on a terminal, text otherwise].",
)
@click.option("-o", "--output", metavar="FILE", help="Write the report to FILE (atomically).")
@click.option("-q", "--quiet", is_flag=True, help="Print only F, one line per system.")
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
    help="Report F_β instead of F1 (0.001 ≤ β ≤ 1000).",
)
@click.option(
    "--extra",
    is_flag=True,
    help="Add TNR, boundary P_b/R_b/F_b, F_mean (β = 3) and the split/merged/crossing "
    "error counts (docs/metrics.md §5).",
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
@click.option(
    "--fail-under",
    "thresholds",
    multiple=True,
    metavar="NAME=VALUE",
    help="Exit 1 when a metric (r, p, f, roov, riv) of any system is below VALUE.",
)
@encoding_options
def score(**options: Any) -> None:
    """Score PRED... against GOLD; one row per system, sorted by F.

    Any input may be '-' (standard input) or a .gz/.bz2/.xz file.
    """
    run_command(_score_command, options)


THRESHOLD_METRICS = {
    "r": ("recall", "R"),
    "p": ("precision", "P"),
    "f": ("f", "F"),
    "roov": ("oov_recall", "R_oov"),
    "riv": ("iv_recall", "R_iv"),
}


def _score_command(options: dict[str, Any]) -> int:
    from wsscore.output import render

    thresholds = _parse_thresholds(options["thresholds"])
    _refuse_oov_thresholds_without_dictionary(options, thresholds)
    report = _build_report(options)
    _refuse_undefined_thresholds(report, thresholds)  # before anything is printed
    if options["quiet"]:
        text = "".join(_quiet_line(system.metrics.f) for system in report.systems)
    else:
        fmt, color, width = format_for(options)
        text = render(report, fmt, color=color, width=width, caption=options.get("caption"))
    from wsscore.output.destination import Destination

    # The figure first: if it fails, no report is printed and an existing -o stays as it was.
    with Destination(options["output"]) as destination:
        destination.write(text)
        if options.get("plot"):
            from wsscore.output.plot import plot_report

            plot_report(report, options["plot"])
    return _check_thresholds(report, thresholds)


def _refuse_oov_thresholds_without_dictionary(
    options: dict[str, Any], thresholds: list[tuple[str, float]]
) -> None:
    """R_oov and R_iv exist only with a dictionary: a threshold on them could never pass."""
    if options["dictionaries"] or options["training"]:
        return
    for key, _ in thresholds:
        if key in ("roov", "riv"):
            raise click.BadParameter(
                f"{key} is defined only with a dictionary: give -d/--dict or --train",
                param_hint="--fail-under",
            )


# Why each figure can be undefined (its denominator is zero), and what to do about it.
UNDEFINED = {
    "r": ("the gold has no words", "check the gold"),
    "p": ("the prediction has no words", "check the prediction"),
    "roov": (
        "no gold word is out of vocabulary: every one is in the dictionary",
        "give the training word list, not one that holds the gold's words",
    ),
    "riv": ("no gold word is in the dictionary", "check -d/--train and --dict-encoding"),
}


def _refuse_undefined_thresholds(report: Report, thresholds: list[tuple[str, float]]) -> None:
    """A threshold on a figure this input leaves undefined can be neither met nor failed: a
    usage error (exit 2), not a quality drop (exit 1, which would say it was checked)."""
    for system in report.systems:
        for key, limit in thresholds:
            attribute, label = THRESHOLD_METRICS[key]
            if getattr(system.metrics, attribute) is not None:
                continue
            cause = key
            if key == "f":  # F is undefined when R or P is
                cause = "r" if system.metrics.recall is None else "p"
            why, hint = UNDEFINED[cause]
            raise WsscoreError(
                f"{label} is undefined ({why}), so --fail-under {key}={limit} cannot be checked",
                where=system.path if cause == "p" else report.gold.path,
                hint=f"{hint}, or drop --fail-under {key}",
            )


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
    return score_by_diff(options["gold"], list(options["predictions"]), **_table_arguments(options))


def _table_arguments(options: dict[str, Any]) -> dict[str, Any]:
    """What both ways of scoring (span and diff) take from the command line."""
    return {
        "inputs": input_options(options),
        "names": list(options.get("names") or ()) or None,
        "ci": options["ci"],
        "beta": options["beta"],
        "samples": options["samples"],
        "seed": options["seed"],
        "sort": options["sort"],
        "jobs": jobs_of(options["jobs"]),
    }


def _quiet_line(value: float | None) -> str:
    return ratio_text(value, "nan") + "\n"


def _parse_thresholds(values: tuple[str, ...]) -> list[tuple[str, float]]:
    parsed = []
    for item in values:
        name, sep, number = item.partition("=")
        key = name.strip().lower()
        if not sep or key not in THRESHOLD_METRICS:
            raise click.BadParameter(
                f"{item!r}: use NAME=VALUE with NAME one of {', '.join(THRESHOLD_METRICS)}",
                param_hint="--fail-under",
            )
        try:
            value = float(number)
        except ValueError:
            raise click.BadParameter(
                f"{item!r}: {number!r} is not a number", param_hint="--fail-under"
            ) from None
        if not 0.0 <= value <= 1.0:
            raise click.BadParameter(
                f"{item!r}: give a fraction between 0 and 1 (e.g. 0.95)", param_hint="--fail-under"
            )
        parsed.append((key, value))
    return parsed


def _check_thresholds(report: Report, thresholds: list[tuple[str, float]]) -> int:
    status = EXIT_OK
    for system in report.systems:
        for key, limit in thresholds:
            attribute, label = THRESHOLD_METRICS[key]
            value = getattr(system.metrics, attribute)  # defined: see the refusal above
            if value is not None and value < limit:
                click.echo(
                    f"wsscore: {system.name}: {label} = {value:.4f} is below {limit} "
                    f"(--fail-under {key}={limit})",
                    err=True,
                )
                status = EXIT_THRESHOLD
    return status


def _tag_map(options: dict[str, Any]) -> dict[str, str] | None:
    if options.get("tag_map") is None:
        return None
    if not options["tags"]:
        raise click.BadParameter("a tag map is used with --tags", param_hint="--tag-map")
    return tag_map_of(options)
