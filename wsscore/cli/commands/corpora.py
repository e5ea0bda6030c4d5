"""``wsscore corpora``: the corpora wsscore names by their content, with their sizes, their
files' hashes and where the data comes from."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.running import run_command
from wsscore.cli.terminal import format_for, write_report
from wsscore.errors import EXIT_OK

# wsscore.output.corpora.CORPORA_FORMATS (not imported before the command runs).
FORMATS = ("table", "text", "markdown", "latex", "tsv", "csv", "json")


@click.command(short_help="List the corpora wsscore knows by their content.")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Output format [default: table on a terminal, text otherwise].",
)
@click.option("-o", "--output", metavar="FILE", help="Write the list to FILE (atomically).")
def corpora(**options: Any) -> None:
    """List the corpora wsscore knows by their content: sizes (sentences, words, characters,
    OOV rate with their own word list), each file's encodings, bytes and SHA-256, and where
    the data comes from.

    A gold or word list whose bytes are one of these files is named in the signature
    (corpus:sighan2005/pku, dict:sighan2005/pku-words) and the JSON (gold.corpus,
    dictionary.corpus); a suite manifest can name one (corpus = "sighan2005/pku").
    """
    run_command(_corpora_command, options)


def _corpora_command(options: dict[str, Any]) -> int:
    from wsscore.output.corpora import render_corpora

    fmt, color, width = format_for(options)
    write_report(options, render_corpora(fmt, color=color, width=width))
    return EXIT_OK
