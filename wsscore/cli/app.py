"""The ``wsscore`` command: parses options, wires the steps, maps errors to exit codes.

No arithmetic here: scoring is in :mod:`wsscore.scoring.scorer`, rendering in :mod:`wsscore.render`.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import click

from wsscore._version import __version__
from wsscore.errors import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_THRESHOLD,
    EXIT_USAGE,
    Warnings,
    WsscoreError,
)
from wsscore.inputs.guards import Named
from wsscore.metrics.ranking import SORT_KEYS
from wsscore.render import FORMATS

if TYPE_CHECKING:
    from wsscore.inputs.options import InputOptions
    from wsscore.results import Report

THRESHOLD_METRICS = {
    "r": ("recall", "R"),
    "p": ("precision", "P"),
    "f": ("f", "F"),
    "roov": ("oov_recall", "R_oov"),
    "riv": ("iv_recall", "R_iv"),
}
ENCODING_HELP = "auto (default), utf-8, utf-16, gbk, gb18030, big5, cp950, big5-hkscs, …"
# β weighs recall β times as much as precision; beyond these bounds F_β is R or P to every
# printed digit, and β² overflows or underflows a float long before that matters.
BETA_RANGE = (1e-3, 1e3)
# An unknown option is answered with a known one only when it is this close to it (difflib's
# ratio, without the dashes): "--sed" gets "--seed", "--foo" gets nothing rather than "--format".
SUGGESTION_CUTOFF = 0.75


class _Beta(click.ParamType):
    """β of F_β: a finite number within BETA_RANGE (click's FloatRange lets nan and inf pass)."""

    name = "float"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        low, high = BETA_RANGE
        if not low <= number <= high:  # also false for nan
            self.fail(f"{value} is not a finite number between {low:g} and {high:g}", param, ctx)
        return number


BETA = _Beta()


def _encoding_options(func: Callable) -> Callable:
    options = [
        click.option(
            "--encoding",
            default="auto",
            show_default=True,
            metavar="NAME",
            help=f"Encoding of every input: {ENCODING_HELP}",
        ),
        click.option(
            "--gold-encoding", metavar="NAME", help="Encoding of the gold (overrides --encoding)."
        ),
        click.option("--pred-encoding", metavar="NAME", help="Encoding of the predictions."),
        click.option("--dict-encoding", metavar="NAME", help="Encoding of the dictionary."),
        click.option(
            "--strict", is_flag=True, help="Treat warnings (undecodable bytes, …) as errors."
        ),
        click.option(
            "--mismatch",
            type=click.Choice(["warn", "error", "align"]),
            default="warn",
            show_default=True,
            help="When a prediction's characters differ from the gold's: warn and count "
            "the words touching them as wrong (refused beyond 10% of sentences), "
            "refuse, or align without limit.",
        ),
        click.option(
            "--match",
            type=click.Choice(["span", "diff"]),
            default="span",
            show_default=True,
            help="span: exact, by character offsets. diff: reproduce the Perl script "
            "(runs GNU diff -y per sentence; slow).",
        ),
        click.option(
            "-j",
            "--jobs",
            type=click.IntRange(0, 256),
            default=1,
            show_default=True,
            help="Worker processes for large files (0: all cores); same results as one. "
            "With --match diff: parallel diff processes.",
        ),
        click.option("--debug", is_flag=True, help="Show a traceback on errors."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


# Options that take every file after them, as a shell glob gives them: `--committee sys*.txt`.
MULTI_VALUE_OPTIONS = ("--committee",)


def spread_multi_values(args: list[str]) -> list[str]:
    """`--committee a b c` → `--committee a --committee b --committee c` (click options take
    one value each); the values end at the next option or at `--`."""
    out: list[str] = []
    taking = None
    for arg in args:
        if arg == "--":
            taking = None
            out.append(arg)
            continue
        if arg in MULTI_VALUE_OPTIONS:
            taking = arg
            out.append(arg)
            continue
        if taking is not None and not arg.startswith("-"):
            if out[-1] != taking:
                out.append(taking)
            out.append(arg)
            continue
        taking = None
        out.append(arg)
    return out


class _Group(click.Group):
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, spread_multi_values(list(args)))

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Click's main, with a usage error told on one line like every other error, any other
        error as exit 2 (1 is --fail-under's), and Ctrl-C left to the caller (click's standalone
        mode prints a blank line and "Aborted!", exit 1)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            status = self._invoke(args, prog_name or "wsscore", complete_var, extra)
        except click.exceptions.Exit as exc:  # --help, --version
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # plain `wsscore`: the help (click 8.2+)
                exc.show()
                sys.exit(exc.exit_code)
            path = exc.ctx.command_path.split()[1:] if exc.ctx is not None else []
            command = " ".join(["wsscore", *path])  # not click's name for it under a test runner
            message = _usage_message(exc).replace("\n", " ")
            click.echo(f"wsscore: error: {message} (see '{command} --help')", err=True)
            sys.exit(EXIT_USAGE)
        except click.ClickException as exc:
            click.echo(f"wsscore: error: {exc.format_message()}", err=True)
            sys.exit(EXIT_USAGE)
        except click.Abort:  # click's name for KeyboardInterrupt
            raise KeyboardInterrupt from None
        sys.exit(status if isinstance(status, int) else EXIT_OK)

    def _invoke(
        self, args: list[str] | None, prog_name: str, complete_var: str | None, extra: Any
    ) -> Any:
        """What click's main does, without its handling of Ctrl-C and errors."""
        self._main_shell_completion(extra, prog_name, complete_var)  # exits if asked to complete
        with self.make_context(
            prog_name, list(sys.argv[1:] if args is None else args), **extra
        ) as ctx:
            return self.invoke(ctx)


def _usage_message(exc: click.UsageError) -> str:
    """Click's message, but an unknown option gets a suggestion only when one is close to it."""
    if not isinstance(exc, click.NoSuchOption):
        return exc.format_message()
    from difflib import SequenceMatcher

    name = exc.option_name.lstrip("-")
    close = [
        known
        for known in exc.possibilities or ()
        if SequenceMatcher(None, name, known.lstrip("-")).ratio() >= SUGGESTION_CUTOFF
    ]
    message = f"No such option '{exc.option_name}'."
    if len(close) == 1:
        message += f" Did you mean '{close[0]}'?"
    elif close:
        message += " Did you mean one of: " + ", ".join(f"'{known}'" for known in close) + "?"
    return message


def _analysis_options(func: Callable) -> Callable:
    """The dictionary, report and input options shared by `errors` and `compare`."""
    options = [
        click.option(
            "-d",
            "--dict",
            "dictionaries",
            multiple=True,
            metavar="FILE",
            help="Training word list.",
        ),
        click.option(
            "--train", "training", multiple=True, metavar="FILE", help="Segmented training corpus."
        ),
        click.option(
            "-f",
            "--format",
            "fmt",
            type=click.Choice(("table", "text", "json", "tsv", "csv", "markdown")),
            help="Output format [default: table on a terminal, text otherwise].",
        ),
        click.option(
            "-o", "--output", metavar="FILE", help="Write the report to FILE (atomically)."
        ),
    ]
    func = _encoding_options(func)
    for option in reversed(options):
        func = option(func)
    return func


@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, "-V", "--version", prog_name="wsscore")
def cli() -> None:
    """Score word segmentation against a gold standard (SIGHAN bakeoff compatible).

    \b
    wsscore score GOLD PRED [PRED...] -d WORDS     a bakeoff-style table
    wsscore sighan WORDS GOLD PRED                 the Perl `score` script's output
    wsscore segment -d WORDS TEXT                  maximum-matching baseline (like mwseg.pl)
    wsscore errors GOLD PRED -d WORDS              what went wrong, and where
    wsscore compare GOLD BASELINE SYS...           paired significance tests
    wsscore difficulty GOLD SEG1 SEG2 ... -o F     word difficulty by a committee
    """


@cli.command()
@click.argument("gold")
@click.argument("predictions", nargs=-1, required=True, metavar="PRED...")
@click.option(
    "-d",
    "--dict",
    "dictionaries",
    multiple=True,
    metavar="FILE",
    help="Training word list, one word per line (repeatable).",
)
@click.option(
    "--train",
    "training",
    multiple=True,
    metavar="FILE",
    help="Segmented training corpus: its words form the dictionary (repeatable).",
)
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
@click.option(
    "--ci",
    type=click.Choice(["bakeoff", "wilson", "bootstrap", "none"]),
    default="bakeoff",
    show_default=True,
    help="Confidence intervals c_r and c_p: the bakeoff's 2·sqrt(p(1−p)/n), Wilson's 95%, or "
    "95% from resampling sentences (bootstrap; for F too).",
)
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Bootstrap samples (with --ci bootstrap).",
)
@click.option(
    "--seed",
    type=int,
    default=12345,
    show_default=True,
    help="Seed of the bootstrap's random draws (with --ci bootstrap).",
)
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
    "error counts (metrics.md §5).",
)
@click.option(
    "--committee",
    multiple=True,
    metavar="FILES",
    help="Segmentations of the test set (two or more; every file after the option, or a "
    "quoted glob) that judge each gold word's difficulty: adds the difficulty-weighted "
    "r_b, p_b, f_b and accuracy per difficulty decile (Qian et al. 2016).",
)
@click.option(
    "--difficulty",
    metavar="FILE",
    help="Word difficulties written by `wsscore difficulty` (instead of --committee).",
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
@_encoding_options
def score(**options: Any) -> None:
    """Score PRED... against GOLD; one row per system, sorted by F.

    Any input may be '-' (standard input) or a .gz/.bz2/.xz file.
    """
    _run(_score_command, options)


@cli.command()
@click.argument("dictionary")
@click.argument("gold")
@click.argument("test")
@click.option("-o", "--output", metavar="FILE", help="Write the output to FILE (atomically).")
@_encoding_options
def sighan(**options: Any) -> None:
    """Print what the Perl `score DICT GOLD TEST` prints, per-sentence blocks included.

    The numbers are wsscore's exact ones; --match diff reproduces the script byte for byte.
    Output is in the gold's encoding, like the script's.
    """
    _run(_sighan_command, options)


@cli.command()
@click.argument("text", default="-")
@click.option(
    "-d",
    "--dict",
    "dictionaries",
    multiple=True,
    required=True,
    metavar="FILE",
    help="Word list, one word per line (repeatable).",
)
@click.option(
    "--from-gold",
    is_flag=True,
    help="TEXT is a segmented file (a gold standard): its separators are removed first.",
)
@click.option(
    "--encoding",
    default="auto",
    show_default=True,
    metavar="NAME",
    help=f"Encoding of TEXT and the word list: {ENCODING_HELP}",
)
@click.option("--dict-encoding", metavar="NAME", help="Encoding of the word list.")
@click.option(
    "--output-encoding",
    default="utf-8",
    show_default=True,
    metavar="NAME",
    help="Encoding of the output.",
)
@click.option("-o", "--output", metavar="FILE", help="Write to FILE (atomically).")
@click.option("--strict", is_flag=True, help="Treat warnings (undecodable bytes, …) as errors.")
@click.option("--debug", is_flag=True, help="Show a traceback on errors.")
def segment(**options: Any) -> None:
    """Segment TEXT (default: standard input) by greedy forward maximum matching.

    The bakeoff's baseline, as its mwseg.pl computes it, on characters of any encoding: the
    longest dictionary word starting at each point; a character without one is a word alone.
    """
    _run(_segment_command, options)


@cli.command()
@click.argument("gold")
@click.argument("prediction", metavar="PRED")
@click.option("--name", metavar="NAME", help="Label of the prediction (default: file name).")
@click.option(
    "--top",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="Most frequent wrong words shown per error class.",
)
@click.option(
    "--per-line",
    type=click.IntRange(min=0),
    is_flag=False,
    flag_value=10,
    default=0,
    metavar="[N]",
    help="Also list the N lines with most wrong gold words (10 without N).",
)
@_analysis_options
def errors(**options: Any) -> None:
    """What PRED gets wrong: split, merged and crossing errors with the most frequent words,
    recall by word length, OOV and IV recall, and the worst lines."""
    _run(_errors_command, options)


@cli.command()
@click.argument("gold")
@click.argument("baseline")
@click.argument("systems", nargs=-1, required=True, metavar="SYS...")
@click.option(
    "--name", "names", multiple=True, help="Label of each input, the baseline first, in order."
)
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Paired bootstrap samples.",
)
@click.option(
    "--trials",
    type=click.IntRange(min=1),
    default=10000,
    show_default=True,
    help="Approximate randomization trials.",
)
@click.option("--seed", type=int, default=12345, show_default=True, help="Seed of both tests.")
@click.option(
    "--beta",
    type=BETA,
    default=1.0,
    show_default=True,
    help="Compare F_β instead of F1 (0.001 ≤ β ≤ 1000).",
)
@_analysis_options
def compare(**options: Any) -> None:
    """Is each SYS significantly better than BASELINE? Paired bootstrap resampling and
    approximate randomization over sentences, on F and R; p = (c + 1)/(n + 1)."""
    _run(_compare_command, options)


@cli.command()
@click.argument("gold")
@click.argument("members", nargs=-1, required=True, metavar="SEGMENTATION...")
@click.option(
    "-o", "--output", metavar="FILE", help="Write the table to FILE (atomically); default stdout."
)
@_encoding_options
def difficulty(**options: Any) -> None:
    """Judge each gold word's difficulty by a committee of segmentations (two or more).

    Writes a TSV (line, start, end, word, difficulty): the share of the committee that got
    the word wrong (Qian et al. 2016). `wsscore score --difficulty FILE` reuses it.
    """
    _run(_difficulty_command, options)


# --- commands -------------------------------------------------------------------------------


def _compare_command(options: dict[str, Any]) -> int:
    from wsscore.render.comparison import render_comparison
    from wsscore.scoring.comparison import compare

    if options["match"] != "span":
        raise WsscoreError("wsscore compare works with --match span")
    comparison = compare(
        options["gold"],
        options["baseline"],
        list(options["systems"]),
        inputs=_input_options(options),
        names=list(options["names"]) or None,
        samples=options["samples"],
        trials=options["trials"],
        seed=options["seed"],
        beta=options["beta"],
        jobs=_jobs(options["jobs"]),
    )
    fmt, color, width = _format_for(options)
    _write(options, render_comparison(comparison, fmt, color=color, width=width))
    return EXIT_OK


def _input_options(options: dict[str, Any], dictionaries: list[str] | None = None) -> InputOptions:
    """How the command's inputs are read, from its options (the only place that knows both)."""
    from wsscore.inputs.options import InputOptions

    word_lists = list(options.get("dictionaries") or ()) if dictionaries is None else dictionaries
    return InputOptions(
        dictionary=word_lists or None,
        train=list(options.get("training") or ()) or None,
        encoding=options["encoding"],
        gold_encoding=options.get("gold_encoding"),
        pred_encoding=options.get("pred_encoding"),
        dict_encoding=options.get("dict_encoding"),
        mismatch=options.get("mismatch", "warn"),
        strict=options["strict"],
        warnings=Warnings(strict=options["strict"], quiet=False),
    )


def _write(options: dict[str, Any], text: str) -> None:
    from wsscore.render.destination import Destination

    with Destination(options["output"]) as destination:
        destination.write(text)


def _format_for(options: dict[str, Any]) -> tuple[str, bool, int | None]:
    """The format (table on a terminal, text otherwise), colour and width of a report."""
    fmt = options["fmt"] or (
        "table" if options["output"] is None and _stdout_is_terminal() else "text"
    )
    color = fmt == "table" and options["output"] is None and _use_color()
    width = _terminal_width() if fmt == "table" else None
    return fmt, color, width


def _errors_command(options: dict[str, Any]) -> int:
    from wsscore.render.error_analysis import render_errors
    from wsscore.scoring.error_analysis import analyse

    if options["match"] != "span":
        raise WsscoreError("wsscore errors works with --match span")
    analysis = analyse(
        options["gold"],
        options["prediction"],
        inputs=_input_options(options),
        top=options["top"],
        per_line=options["per_line"],
        name=options["name"],
    )
    fmt, color, width = _format_for(options)
    _write(options, render_errors(analysis, fmt, color=color, width=width))
    return EXIT_OK


def _difficulty_command(options: dict[str, Any]) -> int:
    from wsscore.metrics.difficulty import TSV_HEADER, rows_of
    from wsscore.render.destination import Destination
    from wsscore.scoring.scorer import score

    if options["match"] != "span":
        raise WsscoreError("wsscore difficulty works with --match span")
    members = list(options["members"])
    with Destination(options["output"]) as destination:
        header = ["\t".join(TSV_HEADER) + "\n"]  # written with the first rows: on standard
        # output, an input that cannot be opened must leave nothing behind either

        def write(detail, difficulties) -> None:
            destination.write("".join([*header, *rows_of(detail, difficulties)]))
            header.clear()

        score(
            options["gold"],
            members,
            inputs=_input_options(options, dictionaries=[]),
            committee=members,
            on_difficulties=write,
            ci="none",
        )
        destination.write("".join(header))
    return EXIT_OK


def _segment_command(options: dict[str, Any]) -> int:
    from wsscore.inputs.encodings import lookup
    from wsscore.inputs.reading import open_text
    from wsscore.render.destination import Destination
    from wsscore.segmenters.maxmatch import MaxMatcher, load_mwseg_dictionary, segment_lines

    warnings = Warnings(strict=options["strict"], quiet=False)
    entries: set[str] = set()
    for path in options["dictionaries"]:
        entries |= load_mwseg_dictionary(
            path,
            options["dict_encoding"] or options["encoding"],
            warnings=warnings,
            strict=options["strict"],
        )
    try:
        target = lookup(options["output_encoding"])
    except ValueError as exc:
        raise WsscoreError(str(exc)) from None
    source = open_text(
        options["text"], options["encoding"], warnings=warnings, strict=options["strict"]
    )
    matcher = MaxMatcher(entries)
    # A filter: its lines go out as they are segmented (`… | wsscore segment | head`).
    with Destination(options["output"], defer=False) as destination:
        for line in segment_lines(source.lines(), matcher, from_gold=options["from_gold"]):
            try:
                destination.write(target.encode(line))
            except UnicodeEncodeError as exc:
                raise WsscoreError(
                    f"{exc.object[exc.start : exc.end]!r} cannot be written in {target.name}",
                    hint="choose another --output-encoding",
                ) from None
    return EXIT_OK


def _score_command(options: dict[str, Any]) -> int:
    from wsscore.render import render

    thresholds = _parse_thresholds(options["thresholds"])
    _refuse_oov_thresholds_without_dictionary(options, thresholds)
    report = _build_report(options)
    if options["quiet"]:
        text = "".join(_quiet_line(system.metrics.f) for system in report.systems)
    else:
        fmt, color, width = _format_for(options)
        text = render(report, fmt, color=color, width=width, caption=options.get("caption"))
    from wsscore.render.destination import Destination

    # The figure first: if it fails, no report is printed and an existing -o stays as it was.
    with Destination(options["output"]) as destination:
        destination.write(text)
        if options.get("plot"):
            from wsscore.render.plot import plot_report

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


def _sighan_command(options: dict[str, Any]) -> int:
    from wsscore.render.destination import Destination

    inputs = _input_options(options, dictionaries=[options["dictionary"]])
    with Destination(options["output"]) as destination:
        if options["match"] == "diff":
            from wsscore.render.sighan import render_sighan_summaries
            from wsscore.sighan.by_diff import score_by_diff

            out = destination.stream
            report = score_by_diff(
                options["gold"],
                [options["test"]],
                inputs=inputs,
                jobs=_jobs(options["jobs"]),
                sentence_output=out,
            )
            out.write(_in_gold_encoding(render_sighan_summaries(report), report))
        else:
            from wsscore.inputs.guards import require_rereadable
            from wsscore.sighan.exact import write_sighan

            # It reads the gold's first block to learn the encoding of its output first.
            require_rereadable(Named("the gold", options["gold"]), "wsscore sighan")
            write_sighan(options["gold"], options["test"], destination.stream, inputs=inputs)
    return EXIT_OK


def _build_report(options: dict[str, Any]) -> Report:
    names = list(options.get("names") or ()) or None
    if options["match"] == "diff":
        return _diff_report(options, names)
    from wsscore.cli.progress import gold_progress
    from wsscore.scoring.scorer import score

    with gold_progress(options["gold"], quiet=options.get("quiet", False)) as progress:
        return score(
            options["gold"],
            list(options["predictions"]),
            inputs=_input_options(options),
            names=names,
            ci=options["ci"],
            beta=options["beta"],
            samples=options["samples"],
            seed=options["seed"],
            sort=options["sort"],
            extra=options["extra"],
            baseline=options["baseline"],
            topline=options["topline"],
            committee=list(options.get("committee") or ()) or None,  # expanded by _check_files
            difficulty=options.get("difficulty"),
            progress=progress,
            jobs=_jobs(options["jobs"]),
        )


def _diff_report(options: dict[str, Any], names: list[str] | None) -> Report:
    from wsscore.sighan.by_diff import score_by_diff

    if options.get("baseline") or options.get("topline"):
        raise WsscoreError("--baseline and --topline work with --match span")
    if options.get("committee") or options.get("difficulty"):
        raise WsscoreError("--committee and --difficulty work with --match span")
    if options.get("extra"):
        raise WsscoreError(
            "--extra works with --match span",
            hint="the Perl script's diff alignment has no character offsets to build on",
        )
    return score_by_diff(
        options["gold"],
        list(options["predictions"]),
        inputs=_input_options(options),
        names=names,
        ci=options["ci"],
        beta=options["beta"],
        samples=options["samples"],
        seed=options["seed"],
        sort=options["sort"],
        jobs=_jobs(options["jobs"]),
    )


def _jobs(value: int) -> int:
    """--jobs 0: every core."""
    return value if value > 0 else max(1, os.cpu_count() or 1)


def _committee_paths(values: tuple[str, ...] | None) -> list[str] | None:
    """The --committee files, with quoted glob patterns expanded (sorted)."""
    if not values:
        return None
    import glob

    paths: list[str] = []
    for value in values:
        if not os.path.exists(value) and glob.has_magic(value):
            matches = sorted(glob.glob(value))
            if not matches:
                raise WsscoreError(
                    f"no file matches the --committee pattern {value!r}",
                    hint="check the pattern, or list the files",
                )
            paths += matches
        else:
            paths.append(value)
    return paths


def _in_gold_encoding(text: str, report) -> bytes:
    from wsscore.inputs.encodings import lookup

    try:
        return lookup(report.gold.encoding).encode(text)
    except (ValueError, UnicodeEncodeError):
        return text.encode("utf-8", "surrogateescape")


# --- helpers -----------------------------------------------------------------------------------


def _quiet_line(value: float | None) -> str:
    return "nan\n" if value is None else f"{value:.3f}\n"


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


def _check_thresholds(report, thresholds: list[tuple[str, float]]) -> int:
    status = EXIT_OK
    for system in report.systems:
        for key, limit in thresholds:
            attribute, label = THRESHOLD_METRICS[key]
            value = getattr(system.metrics, attribute)
            if value is None or value < limit:
                shown = "undefined" if value is None else f"{value:.4f}"
                click.echo(
                    f"wsscore: {system.name}: {label} = {shown} is below {limit} "
                    f"(--fail-under {key}={limit})",
                    err=True,
                )
                status = EXIT_THRESHOLD
    return status


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _use_color() -> bool:
    # no-color.org: NO_COLOR set to a non-empty value, whatever it is, turns colour off.
    return (
        _stdout_is_terminal()
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM") != "dumb"
    )


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((120, 24)).columns


def _exit_interrupted() -> NoReturn:
    click.echo("wsscore: interrupted", err=True)
    sys.exit(EXIT_INTERRUPTED)


# The options that name input files, with the role a message gives them, in message order.
INPUT_OPTIONS = (
    ("gold", "the gold"),
    ("predictions", "the prediction"),
    ("prediction", "the prediction"),
    ("test", "the prediction"),
    ("baseline", "the baseline"),
    ("systems", "the system"),
    ("members", "the segmentation"),
    ("text", "TEXT"),
    ("dictionary", "the dictionary"),
    ("dictionaries", "-d"),
    ("training", "--train"),
    ("committee", "--committee"),
    ("difficulty", "--difficulty"),
)


def _named_inputs(options: dict[str, Any]) -> list[Named]:
    """Every input file a command was given."""
    named = []
    for key, role in INPUT_OPTIONS:
        value = options.get(key)
        if isinstance(value, str):  # (score's --baseline is a flag, compare's a file)
            named.append(Named(role, value))
        elif isinstance(value, (tuple, list)):
            named.extend(Named(role, path) for path in value)
    return named


def _check_files(options: dict[str, Any]) -> None:
    """Everything about the command's files that can be refused before reading any of them."""
    from wsscore.inputs.guards import (
        ensure_open_file_limit,
        refuse_closed_standard_input,
        refuse_one_file_for_two_outputs,
        refuse_outputs_that_are_inputs,
        refuse_stdout_into_an_input,
        refuse_streams_read_twice,
    )
    from wsscore.render.destination import check_destination

    if options.get("committee"):  # expanded once: the files checked are the files scored
        options["committee"] = tuple(_committee_paths(options["committee"]))
    inputs = _named_inputs(options)
    outputs = [Named("-o", options.get("output")), Named("--plot", options.get("plot"))]
    refuse_closed_standard_input(inputs)
    refuse_streams_read_twice(inputs)
    check_destination(options.get("output"))
    if options.get("plot") is not None:
        from wsscore.render.plot import check_plot_destination

        check_plot_destination(options["plot"])
    refuse_outputs_that_are_inputs(outputs, inputs)
    refuse_one_file_for_two_outputs(outputs)
    if options.get("output") in (None, "-"):
        refuse_stdout_into_an_input(inputs)
    ensure_open_file_limit(len(inputs))


def _run(command: Callable[[dict[str, Any]], int], options: dict[str, Any]) -> None:
    """Run a command; one clear line and exit 2 on errors, a traceback only with --debug."""
    try:
        _check_files(options)
        status = command(options)
    except WsscoreError as exc:
        if options.get("debug"):
            raise
        click.echo(f"wsscore: error: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    except click.ClickException:
        raise
    except KeyboardInterrupt:  # here, before click turns it into "Aborted!" (exit 1)
        _exit_interrupted()
    except BrokenPipeError:
        raise
    except Exception as exc:  # a bug: say so in one line unless asked for the traceback
        if options.get("debug"):
            raise
        click.echo(
            f"wsscore: internal error: {type(exc).__name__}: {exc} "
            "(run again with --debug for the traceback, and please report it)",
            err=True,
        )
        sys.exit(EXIT_USAGE)
    sys.exit(status)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script and of ``python -m wsscore``.

    As a process of its own (``argv`` None) it runs without the cyclic garbage collector, whose
    passes over the many word objects only cost time (the scorer creates no reference cycles
    worth collecting), and it ends with ``os._exit`` once its output is flushed, instead of
    tearing down every object one by one.
    """
    own_process = argv is None
    if own_process:
        gc.disable()
    try:
        cli.main(args=argv, prog_name="wsscore", standalone_mode=True)
    except BrokenPipeError:
        _quiet_broken_pipe()
        sys.exit(EXIT_OK)
    except OSError as exc:  # click writing help or a version into a full disk, say
        click.echo(f"wsscore: error: {_cannot_write(exc)}", err=True)
        sys.exit(EXIT_USAGE)
    except KeyboardInterrupt:
        _exit_interrupted()
    except SystemExit as exc:
        if not own_process or not isinstance(exc.code, (int, type(None))):
            raise
        os._exit(_flushed(exc.code or 0))


def _flushed(status: int) -> int:
    """Flush what click printed (help, version); the exit status once it is out, or 2 when
    standard output cannot take it (`> /dev/full`)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed by the caller (>&-): nothing of ours is waiting in it
            continue
        try:
            stream.flush()
        except BrokenPipeError:
            _quiet_broken_pipe()
            return EXIT_OK if status == EXIT_OK else status
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.write(2, f"wsscore: error: {_cannot_write(exc)}\n".encode())
            return EXIT_USAGE
    return status


def _cannot_write(exc: OSError) -> str:
    return (
        f"cannot write to standard output: {exc.strerror or exc} "
        "(free some space, or redirect the output elsewhere)"
    )


def _quiet_broken_pipe() -> None:
    """The reader went away (`wsscore … | head -1`): not an error, and no traceback."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
