"""Running a command: its files checked first, errors as one line and exit 2, Ctrl-C as 130."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

import click

from wsscore import interrupts
from wsscore.api_terms import command_line_terms
from wsscore.errors import EXIT_INTERRUPTED, EXIT_USAGE, WsscoreError
from wsscore.inputs.guards import Named


def exit_interrupted() -> NoReturn:
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
    ("source", "the input"),
    ("manifest", "the manifest"),
    ("shards", "the shard"),
    ("dictionary", "the dictionary"),
    ("dictionaries", "-d"),
    ("training", "--train"),
    ("committee", "--committee"),
    ("difficulty", "--difficulty"),
    ("tag_map", "--tag-map"),
)


def named_inputs(options: dict[str, Any]) -> list[Named]:
    """Every input file a command was given."""
    named = []
    for key, role in INPUT_OPTIONS:
        value = options.get(key)
        if isinstance(value, str):  # (score's --baseline is a flag, compare's a file)
            named.append(Named(role, value))
        elif isinstance(value, (tuple, list)):
            named.extend(Named(role, path) for path in value)
    return named


def committee_paths(values: tuple[str, ...] | None) -> list[str] | None:
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


def check_files(options: dict[str, Any]) -> None:
    """Everything about the command's files that can be refused before reading any of them."""
    from wsscore.inputs.guards import (
        ensure_open_file_limit,
        refuse_closed_standard_input,
        refuse_committee_of_other_inputs,
        refuse_one_file_for_two_outputs,
        refuse_outputs_that_are_inputs,
        refuse_stdout_into_an_input,
        refuse_streams_read_twice,
    )
    from wsscore.output.destination import check_destination

    if options.get("committee"):  # expanded once: the files checked are the files scored
        options["committee"] = tuple(committee_paths(options["committee"]) or ())
    inputs = named_inputs(options)
    outputs = [Named("-o", options.get("output") or ""), Named("--plot", options.get("plot") or "")]
    refuse_closed_standard_input(inputs)
    refuse_committee_of_other_inputs(*_committee_and_others(inputs))
    refuse_streams_read_twice(inputs)
    check_destination(options.get("output"))
    if options.get("plot") is not None:
        from wsscore.output.plot import check_plot_destination

        check_plot_destination(options["plot"])
    refuse_outputs_that_are_inputs(outputs, inputs)
    refuse_one_file_for_two_outputs(outputs)
    if options.get("output") in (None, "-"):
        refuse_stdout_into_an_input(inputs)
    ensure_open_file_limit(len(inputs), workers=worker_processes(options))


# Inputs that no committee member may be: `score`'s --committee and `difficulty`'s
# segmentations are judged as segmentations of the test set.
COMMITTEE_ROLES = ("--committee", "the segmentation")
NOT_MEMBERS = ("the gold", "-d", "--train", "the dictionary")


def _committee_and_others(inputs: list[Named]) -> tuple[list[Named], list[Named]]:
    members = [item for item in inputs if item.role in COMMITTEE_ROLES]
    return members, [item for item in inputs if item.role in NOT_MEMBERS]


def worker_processes(options: dict[str, Any]) -> int:
    """The processes a run may start besides itself, for the open-file check: --match diff runs
    a diff per job; scoring cuts the gold into chunks for --jobs N only when it is large."""
    jobs: int = options.get("jobs", 1)
    if jobs == 0:  # every core
        jobs = max(1, os.cpu_count() or 1)
    if options.get("match") == "diff":
        return jobs
    gold = options.get("gold")
    if jobs == 1 or not isinstance(gold, str):
        return 0
    from wsscore.align.parallel import MIN_PARALLEL_BYTES

    try:
        return jobs if os.path.getsize(gold) >= MIN_PARALLEL_BYTES else 0
    except OSError:  # standard input, a missing file (refused when read): no pool
        return 0


def run_command(command: Callable[[dict[str, Any]], int], options: dict[str, Any]) -> None:
    """Run a command; one clear line and exit 2 on errors, 130 on Ctrl-C. With --debug the
    traceback comes first, and the exit status is the same."""
    debug = bool(options.get("debug"))
    try:
        # The public entry points it calls say their messages in flags, not API arguments.
        with command_line_terms():
            check_files(options)
            _refuse_the_perl_order(options)
            with _debug_messages(debug):
                status = command(options)
    except click.ClickException:
        raise
    except KeyboardInterrupt:  # here, before click turns it into "Aborted!" (exit 1)
        exit_interrupted()
    except BrokenPipeError:
        raise
    except WsscoreError as exc:
        _fail(f"wsscore: error: {_with_order_hint(str(exc), options)}", debug=debug)
    except Exception as exc:  # a bug: say so in one line unless asked for the traceback
        advice = "please report it"
        if not debug:
            advice = f"run again with --debug for the traceback, and {advice}"
        _fail(f"wsscore: internal error: {type(exc).__name__}: {exc} ({advice})", debug=debug)
    sys.exit(status)


def _command_name() -> str:
    context = click.get_current_context(silent=True)
    return (context.info_name if context is not None else None) or ""


def _refuse_the_perl_order(options: dict[str, Any]) -> None:
    """WORDS GOLD PRED, as the Perl script takes them, refused before anything is scored: what
    such a call would meet (a prediction that is not a segmentation of the "gold") says
    nothing of the cause."""
    from wsscore.cli.argument_order import perl_order_refusal

    refusal = perl_order_refusal(_command_name(), options)
    if refusal is not None:
        raise WsscoreError(refusal)


def _with_order_hint(message: str, options: dict[str, Any]) -> str:
    """The error, led by why its files look given in the wrong order when they do (the word
    list given as a prediction; wsscore's order given to sighan), which explains the error:
    the cause and the call to make first, the error itself on the next line."""
    from wsscore.cli.argument_order import argument_order_hint

    hint = argument_order_hint(_command_name(), options)
    if hint is None:
        return message
    return hint + "".join(f"\n  {line}" for line in message.split("\n"))  # the detail under it


@contextlib.contextmanager
def _debug_messages(debug: bool) -> Iterator[None]:
    """With --debug, the library's notes on how it runs (the ``wsscore`` logger's debug
    messages, such as why ``-j`` scores in one process) go to standard error."""
    if not debug:
        yield
        return
    import logging  # only now: without --debug no one listens (see align.parallel)

    logger = logging.getLogger("wsscore")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("wsscore: debug: %(message)s"))
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def _fail(line: str, *, debug: bool) -> NoReturn:
    """An error ends the run with exit 2, --debug or not (1 is --fail-under's status). After
    a Ctrl-C, whatever error it caused (an import wraps the KeyboardInterrupt in another
    exception) ends the run as interrupted."""
    if interrupts.interrupted():
        exit_interrupted()
    if debug and sys.stderr is not None:
        import traceback  # only now: it is not needed on the way to any other exit

        traceback.print_exc(file=sys.stderr)
    click.echo(line, err=True)
    sys.exit(EXIT_USAGE)
