"""The ``wsscore`` command group: one-line usage errors, close suggestions, multi-value options."""

from __future__ import annotations

import re
import sys
from typing import Any

import click

from wsscore import interrupts
from wsscore._version import __version__
from wsscore.cli.answers import PROG, VERSION_MESSAGE
from wsscore.errors import EXIT_OK, EXIT_USAGE

# An unknown option or command is answered with a known one only when it is this close to it
# (difflib's ratio, without the dashes): "--sed" gets "--seed", "--foo" gets nothing rather than
# "--format"; "scor" gets "score".
SUGGESTION_CUTOFF = 0.75


# Help or a version asked for with standard output closed (`wsscore --help >&-`).
CLOSED_STDOUT = "cannot write to standard output: it is closed (redirect it: > FILE)"


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


# Each command, and the module that defines it: only the command that runs is imported, so a
# run pays for its own command's imports only.
COMMANDS = {
    "compare": "wsscore.cli.commands.compare",
    "convert": "wsscore.cli.commands.convert",
    "corpora": "wsscore.cli.commands.corpora",
    "difficulty": "wsscore.cli.commands.difficulty",
    "errors": "wsscore.cli.commands.errors",
    "merge": "wsscore.cli.commands.merge",
    "report": "wsscore.cli.commands.report",
    "score": "wsscore.cli.commands.score",
    "segment": "wsscore.cli.commands.segment",
    "sighan": "wsscore.cli.commands.sighan",
    "suite": "wsscore.cli.commands.suite",
}


class CommandGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        from importlib import import_module

        command = getattr(import_module(module), cmd_name)
        if interrupts.interrupted():  # a Ctrl-C Python swallowed while importing it
            raise KeyboardInterrupt  # before its help or its run prints anything
        assert isinstance(command, click.Command)
        return command

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
            if exc.exit_code == EXIT_OK and sys.stdout is None:
                # Closed by the caller (>&-): click printed nothing, and must not say it did.
                click.echo(f"wsscore: error: {CLOSED_STDOUT}", err=True)
                sys.exit(EXIT_USAGE)
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # plain `wsscore`: the help (click 8.2+)
                exc.show()
                sys.exit(exc.exit_code)
            path = exc.ctx.command_path.split()[1:] if exc.ctx is not None else []
            command = " ".join(["wsscore", *path])  # not click's name for it under a test runner
            refusal = _perl_order(exc)
            if refusal is not None:  # the extra argument is the word list: say that alone
                click.echo(f"wsscore: error: {refusal}", err=True)
                sys.exit(EXIT_USAGE)
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


def _perl_order(exc: click.UsageError) -> str | None:
    """`wsscore errors WORDS GOLD PRED`: one file too many, as the Perl script's order gives
    them: the refusal of that order, which shows the call in wsscore's."""
    if exc.ctx is None or not exc.format_message().startswith("Got unexpected extra argument"):
        return None
    from wsscore.cli.argument_order import GOLD_FIRST, perl_order_refusal

    command, params = exc.ctx.info_name or "", dict(exc.ctx.params)
    # One extra file (click names it whole in parentheses): the call shown takes it.
    extra = re.fullmatch(r"Got unexpected extra argument \((.+)\)", exc.format_message())
    if extra is not None and command in GOLD_FIRST:
        last = GOLD_FIRST[command][-1]
        given = params.get(last)
        params[last] = [*(given if isinstance(given, (list, tuple)) else [given]), extra[1]]
    return perl_order_refusal(command, params)


def _usage_message(exc: click.UsageError) -> str:
    """Click's message, but an unknown option or command gets a suggestion, and only when one
    is close to it."""
    if isinstance(exc, click.NoSuchOption):
        name, known = exc.option_name, list(exc.possibilities or ())
        return f"No such option '{name}'.{_did_you_mean(name, known)}"
    unknown = re.fullmatch(r"No such command '(.+)'\.", exc.format_message())
    group = exc.ctx.command if exc.ctx is not None else None
    if unknown is None or not isinstance(group, click.Group):
        return exc.format_message()
    commands = group.list_commands(exc.ctx)  # type: ignore[arg-type]  # a group has its ctx
    return f"No such command '{unknown[1]}'.{_did_you_mean(unknown[1], commands)}"


def _did_you_mean(name: str, known: list[str]) -> str:
    """ " Did you mean 'x'?" for the known names close to ``name`` (dashes aside), or ""."""
    from difflib import SequenceMatcher

    bare = name.lstrip("-")
    close = [
        candidate
        for candidate in known
        if SequenceMatcher(None, bare, candidate.lstrip("-")).ratio() >= SUGGESTION_CUTOFF
    ]
    if len(close) == 1:
        return f" Did you mean '{close[0]}'?"
    if close:
        return " Did you mean one of: " + ", ".join(f"'{one}'" for one in close) + "?"
    return ""


@click.group(
    cls=CommandGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, "-V", "--version", prog_name=PROG, message=VERSION_MESSAGE)
def cli() -> None:
    """Score word segmentation against a gold standard (SIGHAN bakeoff compatible).

    \b
    Examples (wsscore COMMAND --help for its options):
      wsscore score GOLD PRED... -d WORDS       a bakeoff-style table
      wsscore report GOLD PRED... -o PAGE.html  an HTML page to browse the errors
      wsscore errors GOLD PRED -d WORDS         what went wrong, and where
      wsscore compare GOLD BASELINE SYS...      paired significance tests
      wsscore suite MANIFEST.toml               every system on every corpus
      wsscore merge SHARD.json...               the reports of shards, added up
      wsscore sighan WORDS GOLD PRED            the Perl `score` script's output
      wsscore segment -d WORDS TEXT             maximum matching (like mwseg.pl)
      wsscore difficulty GOLD SEG... -o F.tsv   word difficulty by a committee
      wsscore convert FILE --to conllu          a file in another input format
      wsscore corpora -f json                   the corpora known by their content
    """
