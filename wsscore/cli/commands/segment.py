"""``wsscore segment``: the bakeoff's maximum-matching baseline, as a filter."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.options import ENCODING_HELP, text_output_options
from wsscore.cli.running import run_command
from wsscore.cli.terminal import output_encoding, write_encoded
from wsscore.errors import EXIT_OK, Warnings

TEXT_OPTION = "--text-encoding"


@click.command(short_help="Segment TEXT by greedy forward maximum matching (the baseline).")
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
@click.option("--text-encoding", metavar="NAME", help="Encoding of TEXT (overrides --encoding).")
@click.option(
    "--dict-encoding", metavar="NAME", help="Encoding of the word list (overrides --encoding)."
)
@text_output_options
def segment(**options: Any) -> None:
    """Segment TEXT (default: standard input) by greedy forward maximum matching.

    The bakeoff's baseline, as its mwseg.pl computes it, on characters of any encoding: the
    longest dictionary word starting at each point; a character without one is a word alone.
    """
    run_command(_segment_command, options)


def _segment_command(options: dict[str, Any]) -> int:
    from wsscore.inputs.reading import open_text
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
    target = output_encoding(options)
    source = open_text(
        options["text"],
        options["text_encoding"] or options["encoding"],
        warnings=warnings,
        strict=options["strict"],
        option=TEXT_OPTION,  # hints about TEXT's encoding name the option that sets it alone
    )
    matcher = MaxMatcher(entries)
    # A filter: its lines go out as they are segmented (`… | wsscore segment | head`).
    lines = segment_lines(source.lines(), matcher, from_gold=options["from_gold"])
    write_encoded(options, target, lines, defer=False)
    return EXIT_OK
