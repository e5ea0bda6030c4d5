"""``wsscore convert``: a file in one input format written in another."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from wsscore.cli.options import (
    ENCODING_HELP,
    FORMAT_CHOICES,
    LABEL_ORDERS,
    NORMALIZE_OPTION,
    TAG_FIELD_RANGE,
    TagFieldType,
    text_output_options,
)
from wsscore.cli.running import run_command
from wsscore.cli.terminal import output_encoding, write_encoded
from wsscore.core.definitions import UNITS
from wsscore.errors import EXIT_OK, Warnings

if TYPE_CHECKING:
    from wsscore.inputs.formats import Sentence

NO_EMPTY_SENTENCE = ("chars", "conllu")
TARGETS = tuple(choice for choice in FORMAT_CHOICES if choice != "auto")


@click.command(short_help="Rewrite FILE in another input format.")
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
    help="The CoNLL-U column that holds the tags: of FILE when it is CoNLL-U, and of the "
    "output with --to conllu (the other column is _).",
)
@click.option(
    "--tag-field",
    type=TagFieldType(),
    metavar="N|N-M",
    default="1",
    show_default=True,
    help="mecab or kytea FILE: the field that holds the tags (MeCab: 1 is the first feature "
    "after the tab; KyTea: 1 the part of speech, 2 the reading), or a range joined by -; "
    f"{TAG_FIELD_RANGE}.",
)
@click.option(
    "--label-order",
    type=click.Choice(LABEL_ORDERS),
    help="Position then tag (B-NN) or tag then position (NN-B): of FILE when it is chars "
    "(default: decided from its labels), and of the output with --to chars (default: pos-tag).",
)
@click.option(
    "--unit",
    type=click.Choice(UNITS),
    help="What a chars line holds: of FILE when it is chars, and of the output with --to chars "
    "(default: char): a character, an extended grapheme cluster (Thai กำ), or a syllable (a "
    "word's syllables are the parts of its form between spaces, as vlsp's Hà_Nội).",
)
@click.option(
    "--encoding",
    default="auto",
    show_default=True,
    metavar="NAME",
    help=f"Encoding of FILE: {ENCODING_HELP}",
)
@NORMALIZE_OPTION
@text_output_options
def convert(**options: Any) -> None:
    """Write FILE (default: standard input) in another input format: words, tagged, chars,
    conllu, jsonl, mecab, kytea, best or vlsp. Words and their tags are kept, or the sentence
    that the target format cannot hold as it is (a tag with the separator, a word starting
    with [) is refused; CoNLL-U output has a placeholder tree (each word's HEAD is the word
    before it). --normalize rewrites every word as scoring with it does (a word list, one
    word per line, is a words file)."""
    run_command(_convert_command, options)


def _convert_command(options: dict[str, Any]) -> int:
    from wsscore.inputs.formats import (
        FormatOptions,
        detect_format,
        parse_tag_field,
        read_sentences,
    )
    from wsscore.inputs.formats.model import POS_TAG
    from wsscore.inputs.formats.writers import WRITERS, Target
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
        label_order=options["label_order"] if fmt == "chars" else None,
        word_sep=word_sep,
        tag_field=parse_tag_field(options["tag_field"]),
        unit=options["unit"],
    )
    write = WRITERS[options["target"]]
    written = Target(
        source.name,
        options["tag_sep"] or "/",
        options["tag_column"],
        options["label_order"] or POS_TAG,
        options["unit"] or "char",
    )
    sentences = read_sentences(
        fmt, source.lines(), name=source.name, warnings=warnings, options=reading
    )
    if options["normalize"] != "none":
        from wsscore.inputs.normalize import normalized_sentences

        sentences = normalized_sentences(sentences, options["normalize"])
    if options["target"] in NO_EMPTY_SENTENCE:
        sentences = _without_empty(sentences, options["target"], source.name, warnings)
    texts = (write(sentence, ordinal, written) for ordinal, sentence in enumerate(sentences, 1))
    write_encoded(options, target, texts)
    return EXIT_OK


def _without_empty(
    sentences: Iterator[Sentence], fmt: str, name: str, warnings: Warnings
) -> Iterator[Sentence]:
    """The sentences that have words: chars and CoNLL-U end a sentence with a blank line, so
    they cannot hold an empty one. Those left out are counted in one warning, since the
    output's sentences then no longer line up with the input's lines."""
    empty: list[int] = []
    for sentence in sentences:
        if sentence.tokens:
            yield sentence
        else:
            empty.append(sentence.line)
    if empty:
        warnings.warn(
            f"{len(empty)} empty sentence(s) left out, the first at line {empty[0]}: {fmt} "
            "cannot hold an empty sentence",
            where=name,
            hint="convert to words, tagged or jsonl to keep them",
        )
