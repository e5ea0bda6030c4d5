"""``wsscore segment``: the bakeoff's maximum-matching baseline, as a filter."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.options import ENCODING_HELP
from wsscore.cli.running import run_command
from wsscore.errors import EXIT_OK, Warnings, WsscoreError


@click.command()
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
    run_command(_segment_command, options)


def _segment_command(options: dict[str, Any]) -> int:
    from wsscore.inputs.encodings import lookup
    from wsscore.inputs.reading import open_text
    from wsscore.output.destination import Destination
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
