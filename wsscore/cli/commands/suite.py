"""``wsscore suite``: systems × corpora from one manifest, the table of a paper."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from wsscore.cli.options import (
    BETA,
    conventions_option,
    encoding_options,
    input_options,
    interval_options,
    jobs_of,
    ranged,
    tag_map_of,
)
from wsscore.cli.running import run_command
from wsscore.cli.sections import SCORING_SECTIONS, SectionedCommand
from wsscore.cli.terminal import format_for, warnings_under_the_report, write_report
from wsscore.errors import EXIT_OK, WsscoreError
from wsscore.output.suite import DEFAULT_METRICS, METRIC_CHOICES, SUITE_FORMATS

if TYPE_CHECKING:
    from wsscore.inputs.manifest import Manifest
    from wsscore.scoring.suite import SuiteSettings


@click.command(
    cls=SectionedCommand,
    sections=SCORING_SECTIONS,
    short_help="Score every system of a TOML MANIFEST on every corpus.",
)
@click.argument("manifest")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(SUITE_FORMATS),
    help="Output format [default: table on a terminal, text otherwise].",
)
@click.option("-o", "--output", metavar="FILE", help="Write the table to FILE (atomically).")
@click.option(
    "--metrics",
    metavar="LIST",
    help=f"Figures per corpus, comma-separated, among {', '.join(METRIC_CHOICES)} "
    "(ftag, emtag: the F of word and tag and the exactly tagged sentences, for corpora with "
    "tags = true; fsent, ftok: the F of "
    "sentences and of tokens, as conll18_ud_eval.py counts them; em, fc, fe, ft: exact "
    "sentences and the F of word-start characters, of boundaries with sentence edges and of "
    "distinct words, as --extra; ci: the interval of R, P and F beside each).  [default: "
    + ",".join(DEFAULT_METRICS)
    + "]",
)
@conventions_option("the table (figures per corpus; --metrics overrides it)")
@click.option(
    "--caption",
    metavar="TEXT",
    help="Caption of the -f latex table (LaTeX source, not escaped).",
)
@click.option(
    "--baseline",
    "baseline_system",  # not "baseline": commands that take one name a file with it
    metavar="NAME",
    help="A system of the manifest: mark the cells significantly better or worse than its "
    "(paired tests of `wsscore compare`, per corpus; p-values in the JSON).",
)
@click.option(
    "--allow-missing",
    is_flag=True,
    help="Leave a cell empty when a system has no output for a corpus (averages then cover "
    "the complete rows only).",
)
@interval_options(
    samples_help="Bootstrap samples (--ci bootstrap, and --baseline's paired bootstrap).",
    seed_help="Seed of the random draws (--ci bootstrap, --baseline).",
)
@click.option(
    "--trials",
    type=ranged("trials"),
    default=10000,
    show_default=True,
    help="Approximate randomization trials (--baseline).",
)
@click.option("--beta", type=BETA, default=1.0, show_default=True, help="Report F_β instead of F1.")
@click.option(
    "--tag-map",
    metavar="FILE",
    help="Two columns per line, a tag and what it counts as (corpora with tags = true).",
)
@encoding_options
def suite(**options: Any) -> None:
    """Score every system of MANIFEST (a TOML file) on every corpus: one row per system, F (or
    --metrics) per corpus, the mean and pooled figures, sorted by mean F. See docs/suite.md for the
    manifest."""
    run_command(_suite_command, options)


def _suite_command(options: dict[str, Any]) -> int:
    from wsscore.inputs.manifest import load_manifest
    from wsscore.output.suite import EXTRA_METRICS
    from wsscore.scoring.suite import SuiteSettings

    if options["match"] != "span":
        raise WsscoreError("wsscore suite works with --match span")
    manifest = load_manifest(options["manifest"], allow_missing=options["allow_missing"])
    conventions = options.get("conventions") or manifest.conventions
    metrics = _metrics(_metrics_asked(options, conventions, manifest), options["ci"])
    _refuse_outputs_into_inputs(options, manifest)
    _ensure_open_file_limit(manifest, jobs_of(options["jobs"]))
    settings = SuiteSettings(
        ci=options["ci"],
        beta=options["beta"],
        samples=options["samples"],
        seed=options["seed"],
        baseline=options["baseline_system"],
        trials=options["trials"],
        tag_map=tag_map_of(options),
        extra=any(name in EXTRA_METRICS for name in metrics),
        conventions=conventions,
    )
    with warnings_under_the_report(options):
        _score_and_write(manifest, settings, metrics, options)
    return EXIT_OK


def _score_and_write(
    manifest: Manifest, settings: SuiteSettings, metrics: tuple[str, ...], options: dict[str, Any]
) -> None:
    from wsscore.cli.progress import cells_progress
    from wsscore.output.suite import render_suite
    from wsscore.scoring.suite import run_suite

    total = len(manifest.corpora) * len(manifest.systems)
    with cells_progress(total, quiet=False) as progress:
        done = 0

        def on_corpus(run: Any) -> None:
            nonlocal done
            done += len(run.cells)
            if progress is not None:
                progress(done)

        result = run_suite(
            manifest,
            input_options(options),
            settings,
            jobs=jobs_of(options["jobs"]),
            on_corpus=on_corpus,
        )
    fmt, color, width = format_for(options)
    text = render_suite(
        result, fmt, metrics=metrics, color=color, width=width, caption=options["caption"]
    )
    write_report(options, text)


def _ensure_open_file_limit(manifest: Manifest, jobs: int) -> None:
    """A corpus is one run: its gold and every system's file for it are open at once (in a
    worker of their own with --jobs, beside the pool's pipes here)."""
    from wsscore.inputs.guards import ensure_open_file_limit

    workers = min(jobs, len(manifest.corpora)) if jobs > 1 and len(manifest.corpora) > 1 else 0
    ensure_open_file_limit(1 + len(manifest.systems), workers=workers)


def _metrics_asked(options: dict[str, Any], conventions: str | None, manifest: Any) -> str:
    """--metrics as given, else the convention's figures (its tag F only where a corpus scores
    tags), else the default."""
    from wsscore.output.suite import CONVENTION_METRICS, TAG_METRICS

    if options.get("metrics") is not None:
        return str(options["metrics"])
    if conventions is None:
        return ",".join(DEFAULT_METRICS)
    tagged = any(corpus.tags for corpus in manifest.corpora)
    return ",".join(m for m in CONVENTION_METRICS[conventions] if m not in TAG_METRICS or tagged)


def _metrics(text: str, ci: str) -> tuple[str, ...]:
    from wsscore.errors import InvalidArgument
    from wsscore.output.suite import parse_metrics

    try:
        return parse_metrics(text, ci)
    except InvalidArgument as error:
        raise click.BadParameter(str(error), param_hint="--metrics") from None


def _refuse_outputs_into_inputs(options: dict[str, Any], manifest: Any) -> None:
    """The manifest's files are inputs too: -o must not name one of them."""
    from wsscore.inputs.guards import (
        Named,
        refuse_outputs_that_are_inputs,
        refuse_stdout_into_an_input,
    )

    inputs = []
    for corpus in manifest.corpora:
        inputs.append(Named(f"the gold of {corpus.name}", corpus.gold))
        for key in ("dictionary", "train"):
            paths = corpus.settings.get(key) or []
            for path in [paths] if isinstance(paths, str) else paths:
                inputs.append(Named(f"the {key} of {corpus.name}", path))
    for system in manifest.systems:
        for corpus_name, path in system.outputs.items():
            if path is not None:
                inputs.append(Named(f"the output of {system.name} on {corpus_name}", path))
    refuse_outputs_that_are_inputs([Named("-o", options.get("output") or "")], inputs)
    if options.get("output") in (None, "-"):
        refuse_stdout_into_an_input(inputs)
