"""``wsscore convert``: a file in one input format written in another."""

from __future__ import annotations

from typing import Any

import click

from wsscore.cli.options import ENCODING_HELP, FORMAT_CHOICES, text_output_options
from wsscore.cli.running import run_command
from wsscore.cli.terminal import output_encoding, write_encoded
from wsscore.errors import EXIT_OK, Warnings

TARGETS = tuple(choice for choice in FORMAT_CHOICES if choice != "auto")


@click.command()
@click.argument("source", metavar="FILE", default="-")
@click.option("--to", "target", type=click.Choice(TARGETS), required=True, help="Format to write.")
@click.option(
    "--from",
    "fmt",
    type=click.Choice(FORMAT_CHOICES),
    default="auto",
    show_default=True,
    help="Format of FILE (detected from its first lines by default).",
)
@click.option(
    "--tag-sep",
    metavar="CHAR",
    help="Separator of word and tag: of FILE when it is tagged (default: detected), and of the "
    "output with --to tagged (default: /).",
)
@click.option(
    "--word-sep",
    metavar="STR",
    help="Words or tagged FILE: a string that separates words besides white space "
    "(jieba's command line: ' / ').",
)
@click.option(
    "--drop-first-token",
    is_flag=True,
    help="Tagged FILE: drop each line's first token (People's Daily paragraph ids).",
)
@click.option(
    "--tag-column",
    type=click.Choice(["upos", "xpos"]),
    default="upos",
    show_default=True,
    help="CoNLL-U FILE: the column that holds the tags.",
)
@click.option(
    "--encoding",
    default="auto",
    show_default=True,
    metavar="NAME",
    help=f"Encoding of FILE: {ENCODING_HELP}",
)
@text_output_options
def convert(**options: Any) -> None:
    """Write FILE (default: standard input) in another input format: words, tagged, chars,
    conllu or jsonl. Words and their tags are kept; what a format cannot hold (syntax, lemmas)
    is not invented."""
    run_command(_convert_command, options)


def _convert_command(options: dict[str, Any]) -> int:
    from wsscore.inputs.formats import FormatOptions, detect_format, read_sentences
    from wsscore.inputs.formats.writers import WRITERS
    from wsscore.inputs.formatted import head_of
    from wsscore.inputs.reading import open_text

    warnings = Warnings(strict=options["strict"], quiet=False)
    target = output_encoding(options)
    source = open_text(
        options["source"], options["encoding"], warnings=warnings, strict=options["strict"]
    )
    word_sep = options["word_sep"]
    fmt = options["fmt"]
    if fmt == "auto":
        fmt = detect_format(head_of(source), word_sep)
    reading = FormatOptions(
        tag_sep=options["tag_sep"] if fmt == "tagged" else None,
        drop_first_token=options["drop_first_token"],
        tag_column=options["tag_column"],
        word_sep=word_sep,
    )
    write = WRITERS[options["target"]]
    separator = options["tag_sep"] or "/"
    sentences = read_sentences(
        fmt, source.lines(), name=source.name, warnings=warnings, options=reading
    )
    texts = (write(sentence, source.name, separator) for sentence in sentences)
    write_encoded(options, target, texts)
    return EXIT_OK
