"""The CI gates and the decimals of a report command: ``--fail-under``, ``--previous`` with
``--max-drop``, and ``--digits``, as options any command that prints a report can take, and
how their values become the gates of :mod:`wsscore.gates`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import click

from wsscore.cli.options import Decorator, ranged, stacked
from wsscore.errors import EXIT_OK, EXIT_THRESHOLD, InvalidArgument, Warnings
from wsscore.formatting import DEFAULT_DIGITS, ratio_text
from wsscore.output import FORMATS
from wsscore.ranges import RANGES

# wsscore.gates (its records) is imported only by a run that asks for a gate.
if TYPE_CHECKING:
    from wsscore.gates import Gate, GateOutcome
    from wsscore.results import Report, SystemResult

FIGURE_NAMES = (
    "r, p, f, roov, riv; with --tags p_tag, r_tag, f_tag, acc_tag, em_tag; with --extra tnr, "
    "p_b, r_b, f_b, f_mean, em, f_c, f_e, f_t; with CoNLL-U, other sentence breaks or --extra "
    "f_sent, f_tok"
)


# The range of a gate's VALUE, as --help says it.
VALUE_RANGE = RANGES["limit"].describe()

# Figures a merge of several shards leaves out, whatever they hold (docs/metrics.md §9).
LEFT_OUT_OF_A_MERGE = {
    "f_t": "the distinct words of shards do not add up; gate each shard's report instead"
}


def gate_options() -> Decorator:
    """--fail-under, --previous and --max-drop."""
    options = [
        click.option(
            "--fail-under",
            "thresholds",
            multiple=True,
            metavar="[SYSTEM:]NAME=VALUE",
            help=f"Exit 1 when a metric ({FIGURE_NAMES}) of any system, or of the system named "
            f"SYSTEM, is below VALUE ({VALUE_RANGE}; repeatable).",
        ),
        click.option(
            "--previous",
            metavar="OLD.json",
            help="The -f json report of an earlier run, which --max-drop compares with (by "
            "system name).",
        ),
        click.option(
            "--max-drop",
            "drops",
            multiple=True,
            metavar="[SYSTEM:]NAME=VALUE",
            help=f"Exit 1 when a metric ({FIGURE_NAMES}) of a system fell by more than VALUE "
            f"({VALUE_RANGE}; 0.005: half a point) against the system of the same name in "
            "--previous (repeatable).",
        ),
    ]
    return stacked(options)


def report_output_options(quiet_order: str) -> Decorator:
    """-f, -o and -q of a command that prints a report (``score``, ``merge``), in that order;
    ``quiet_order`` says in which order -q prints several systems."""
    options = [
        click.option(
            "-f",
            "--format",
            "fmt",
            type=click.Choice(FORMATS),
            help="Output format [default: table on a terminal, text otherwise].",
        ),
        click.option(
            "-o", "--output", metavar="FILE", help="Write the report to FILE (atomically)."
        ),
        click.option(
            "-q",
            "--quiet",
            is_flag=True,
            help=f"Print only F: alone for one system; for several, NAME<TAB>F per line, "
            f"{quiet_order}.",
        ),
    ]
    return stacked(options)


def digits_option() -> Decorator:
    """--digits: the decimals of every ratio of the text formats."""
    return click.option(
        "--digits",
        type=ranged("digits"),
        metavar="N",
        help="Decimals of every ratio in table, text, markdown, tsv, csv, latex and -q "
        "(intervals get one more) [default: 3; tsv and csv: all].",
    )


class GateRequest(NamedTuple):
    """The gates a command line asks for, parsed, and the earlier run's report (a path)."""

    gates: tuple[Gate, ...] = ()
    previous: str | None = None


def gate_request(options: dict[str, Any], *, figures_from_options: bool = True) -> GateRequest:
    """The gates of the options, refused as a usage error (exit 2, before anything is read)
    when they are malformed, incomplete, or (``figures_from_options``: the options say which
    figures the run computes) need a dictionary, --tags or --extra the run does not have."""
    thresholds, drops = options.get("thresholds") or (), options.get("drops") or ()
    gates: list[Gate] = []
    if thresholds or drops:
        from wsscore.gates import FAIL_UNDER, MAX_DROP

        gates = [*_parsed(FAIL_UNDER, thresholds), *_parsed(MAX_DROP, drops)]
    previous = options.get("previous")
    if previous is not None and not options.get("drops"):
        raise click.BadParameter(
            "give --max-drop NAME=VALUE, the drops to refuse", param_hint="--previous"
        )
    if previous is None and options.get("drops"):
        raise click.BadParameter(
            "give --previous OLD.json, the report to compare with", param_hint="--max-drop"
        )
    for gate in gates if figures_from_options else ():
        _refuse_a_figure_not_computed(gate, options)
    return GateRequest(tuple(gates), previous)


def _refuse_a_figure_not_computed(gate: Gate, options: dict[str, Any]) -> None:
    """R_oov and R_iv exist only with a dictionary, the tag figures with --tags, the boundary
    figures with --extra: a gate on them could never be checked."""
    from wsscore.gates import DICTIONARY_FIGURES, FIGURES

    has_dictionary = bool(options.get("dictionaries") or options.get("training"))
    if gate.figure in DICTIONARY_FIGURES and not has_dictionary:
        raise click.BadParameter(
            f"{gate.figure} is defined only with a dictionary: give -d/--dict or --train",
            param_hint=gate.option,
        )
    needs = FIGURES[gate.figure].needs
    if needs is not None and not options.get(needs.removeprefix("--")):
        raise click.BadParameter(
            f"{gate.figure} is scored only with {needs}: give {needs}", param_hint=gate.option
        )


def refuse_figures_the_report_lacks(report: Report, request: GateRequest) -> None:
    """A report read back (``wsscore merge``) says itself which figures it has: a gate on R_oov
    or R_iv needs a dictionary, on a tag figure --tags, on a boundary figure --extra; the type
    figures are never merged."""
    from wsscore.gates import DICTIONARY_FIGURES, FIGURES

    for gate in request.gates:
        figure = FIGURES[gate.figure]
        if gate.figure in DICTIONARY_FIGURES and not report.has_dictionary:
            missing = "a dictionary"
        elif figure.needs is not None and all(
            getattr(system, figure.group) is None for system in report.systems
        ):
            missing = figure.needs
        elif gate.figure in LEFT_OUT_OF_A_MERGE and all(
            system.types is None for system in report.systems
        ):
            raise click.BadParameter(
                f"{gate.figure} is left out of a merge: {LEFT_OUT_OF_A_MERGE[gate.figure]}",
                param_hint=gate.option,
            )
        else:
            continue
        raise click.BadParameter(
            f"{gate.figure} is defined only with {missing}, and the shards were scored without it",
            param_hint=gate.option,
        )


def report_text(report: Report, given_systems: list[SystemResult], options: dict[str, Any]) -> str:
    """What a command that prints a report prints: with -q, F per system in the order given
    (``given_systems``); else the report in its format, fitted to the terminal's width."""
    if options["quiet"]:
        return quiet_text(given_systems, options.get("digits"))
    from wsscore.cli.terminal import format_for
    from wsscore.output import render

    fmt, color, width = format_for(options)
    return render(
        report,
        fmt,
        color=color,
        width=width,
        caption=options.get("caption"),
        digits=options.get("digits"),
    )


def quiet_text(systems: list[SystemResult], digits: int | None) -> str:
    """-q: F alone for one system; for several, each name and F, as given (BASE and TOP after
    the predictions), so that a script can read them without counting lines."""
    shown = DEFAULT_DIGITS if digits is None else digits
    if len(systems) == 1:
        return ratio_text(systems[0].metrics.f, "nan", shown) + "\n"
    return "".join(
        f"{system.name}\t{ratio_text(system.metrics.f, 'nan', shown)}\n" for system in systems
    )


def refuse_digits_the_format_ignores(options: dict[str, Any]) -> None:
    """--digits with -f json or -f sighan (which it does not set), before anything is read."""
    if options.get("digits") is not None and options.get("fmt") and not options["quiet"]:
        from wsscore.output import refuse_digits

        refuse_digits(options["fmt"], options["digits"])


def _parsed(kind: str, values: tuple[str, ...]) -> list[Gate]:
    from wsscore.gates import OPTION_OF, parse_gate

    parsed = []
    for value in values:
        try:
            parsed.append(parse_gate(kind, value))
        except InvalidArgument as exc:
            raise click.BadParameter(str(exc), param_hint=OPTION_OF[kind]) from None
    return parsed


def check_report_gates(report: Report, request: GateRequest, *, strict: bool) -> None:
    """Check the gates on ``report`` and record their outcomes (and warnings) in it, before
    it is rendered; nothing is printed yet but warnings."""
    if not request.gates:
        return
    from wsscore.gates import check_gates
    from wsscore.scoring.report_checks import load_previous

    previous = load_previous(request.previous) if request.previous is not None else None
    warnings = Warnings(strict=strict)
    report.gates = check_gates(report, request.gates, previous, warnings)
    report.warnings += warnings.messages


def previous_kept(report: Report, request: GateRequest, output: str | None) -> bool:
    """Whether -o is the --previous report (the same file, however named) while a gate failed:
    the report is then not written, so that the baseline it failed against stays (written over,
    the next run would pass). When every gate passes, the new report replaces it (a ratchet)."""
    if request.previous is None or output in (None, "", "-"):
        return False
    if all(outcome.passed for outcome in report.gates):
        return False
    from wsscore.inputs.guards import file_identity, same_file

    written, previous = file_identity(output), file_identity(request.previous)
    return written is not None and previous is not None and same_file(written, previous)


def gate_status(outcomes: list[GateOutcome], *, kept: str | None = None) -> int:
    """Exit 1 when a gate failed, with one line on standard error per failure, and one more
    when the report was not written over the --previous report ``kept``."""
    status = EXIT_OK
    for outcome in outcomes:
        if not outcome.passed:
            click.echo(f"wsscore: {outcome.failure()}", err=True)
            status = EXIT_THRESHOLD
    if kept is not None:
        click.echo(
            f"wsscore: {kept}: kept as it was: -o names the --previous report, and a gate "
            "failed, so the new report was not written (give -o another file to keep it)",
            err=True,
        )
    return status
