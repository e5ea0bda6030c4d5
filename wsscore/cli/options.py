"""Options shared by several commands, and how they become the library's arguments.

The one place that knows both click's option names and
:class:`~wsscore.inputs.options.InputOptions`: no dictionary of click options reaches the library.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from wsscore.core.definitions import normalize_choices
from wsscore.errors import Warnings
from wsscore.ranges import RANGES, parse_field_range

# The formats a file may be read in (wsscore.inputs.formatted, which imports the readers, is
# imported only when a command runs).
FORMAT_CHOICES = (
    "auto",
    "words",
    "tagged",
    "chars",
    "conllu",
    "jsonl",
    "mecab",
    "kytea",
    "best",
    "vlsp",
)
LABEL_ORDERS = ("pos-tag", "tag-pos")  # of chars labels: B-NN or NN-B

if TYPE_CHECKING:
    from wsscore.inputs.options import InputOptions

    # click's parameter types are generic in the click versions that ship type hints.
    _TextType = click.ParamType[str, Any]
    _AnyType = click.ParamType[Any, Any]
else:
    _TextType = _AnyType = click.ParamType

# A command's function, and a decorator that adds options to it.
Command = Callable[..., Any]
Decorator = Callable[[Command], Command]


ENCODING_HELP = "auto (default), utf-8, utf-16, gbk, gb18030, big5, cp950, big5-hkscs, …"


def _checked(
    kind: _AnyType,
    argument: str,
    value: Any,
    param: click.Parameter | None,
    ctx: click.Context | None,
) -> Any:
    """``value`` (the command line's text, or a default) in the range of ``argument`` in
    :data:`~wsscore.ranges.RANGES`, or a usage error in the words the API's refusal uses."""
    number_range = RANGES[argument]
    try:
        if isinstance(value, str):
            return number_range.parse(value)
        refusal = number_range.refusal(value)
        if refusal is not None:
            raise ValueError(refusal)
    except ValueError as error:
        kind.fail(str(error), param, ctx)
    return value


class RangedInt(click.IntRange):
    """A whole number of the table of ranges, checked as the command line is parsed (click's
    IntRange shows the range in --help)."""

    def __init__(self, argument: str):
        number_range = RANGES[argument]
        super().__init__(int(number_range.low), int(number_range.high))
        self.argument = argument

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        return int(_checked(self, self.argument, value, param, ctx))


class RangedFloat(click.FloatRange):
    """A finite number of the table of ranges (click's FloatRange alone lets nan and inf
    pass), checked as the command line is parsed."""

    def __init__(self, argument: str):
        number_range = RANGES[argument]
        super().__init__(number_range.low, number_range.high)
        self.argument = argument

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        return float(_checked(self, self.argument, value, param, ctx))


def ranged(argument: str) -> _AnyType:
    """The option type of a number of :data:`~wsscore.ranges.RANGES` (by its API name)."""
    return RangedInt(argument) if RANGES[argument].whole else RangedFloat(argument)


BETA = ranged("beta")


class TagFieldType(_TextType):
    """``--tag-field N|N-M``: checked as the command line is parsed (the range of a field
    number is in the table of ranges), handed on as its text."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value)
        try:
            parse_field_range(text)
        except ValueError as error:
            self.fail(str(error), param, ctx)
        return text


CI_CHOICES = ("bakeoff", "wilson", "bootstrap", "none")
# Options of several groups (a click.option decorator makes a new Option each time it is used).
STRICT = click.option(
    "--strict", is_flag=True, help="Treat warnings (undecodable bytes, …) as errors."
)
DEBUG = click.option(
    "--debug",
    is_flag=True,
    help="Show a traceback on errors, and notes on how the run goes (why -j scores in one "
    "process).",
)


def stacked(options: Sequence[Decorator]) -> Decorator:
    """One decorator for several click options, which --help then lists in this order."""

    def decorate(func: Command) -> Command:
        for option in reversed(options):
            func = option(func)
        return func

    return decorate


def interval_options(
    samples_help: str = "Bootstrap samples (with --ci bootstrap).",
    seed_help: str = "Seed of the bootstrap's random draws (with --ci bootstrap).",
) -> Decorator:
    """--ci, --samples and --seed, as every command that prints intervals takes them."""
    options = [
        click.option(
            "--ci",
            type=click.Choice(CI_CHOICES),
            default="bakeoff",
            show_default=True,
            help="Confidence intervals c_r and c_p: the bakeoff's 2·sqrt(p(1−p)/n), Wilson's "
            "95%, or 95% from resampling sentences (bootstrap; for F too).",
        ),
        click.option(
            "--samples",
            type=ranged("samples"),
            default=1000,
            show_default=True,
            help=samples_help,
        ),
        click.option(
            "--seed", type=ranged("seed"), default=12345, show_default=True, help=seed_help
        ),
    ]

    return stacked(options)


def dictionary_options(train_help: str) -> Decorator:
    """-d/--dict and --train: where the known words come from."""
    options = [
        click.option(
            "-d",
            "--dict",
            "dictionaries",
            multiple=True,
            metavar="FILE",
            help="Training word list, one word per line (repeatable).",
        ),
        click.option("--train", "training", multiple=True, metavar="FILE", help=train_help),
    ]

    return stacked(options)


def encoding_options(func: Command) -> Command:
    """How the gold and the predictions are read and matched: the options of every scoring
    command, which --help lists in this order."""
    return _reading_options(func, dictionary=True, unit=True)


def encoding_options_without_dictionary(func: Command) -> Command:
    """:func:`encoding_options` of a command that reads no dictionary (no --dict-encoding)
    and counts words only (no --unit: a word's difficulty has no boundary figure)."""
    return _reading_options(func, dictionary=False, unit=False)


def _reading_options(func: Command, *, dictionary: bool, unit: bool) -> Command:
    options: list[Decorator] = [
        *_encoding_choices(dictionary),
        *_format_choices(),
        *_separator_choices(),
        *_label_order_choices(),
        *([UNIT_OPTION, NORMALIZE_OPTION] if unit else []),
        STRICT,
        *_matching_choices(),
        DEBUG,
    ]
    return stacked(options)(func)


def _encoding_choices(dictionary: bool) -> list[Decorator]:
    """--encoding and the encoding of each kind of input."""
    choices: list[Decorator] = [
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
    ]
    if dictionary:
        choices.append(
            click.option("--dict-encoding", metavar="NAME", help="Encoding of the dictionary.")
        )
    return choices


def _format_choices() -> list[Decorator]:
    """--input-format, the format of each side, and --tag-sep for tagged files."""
    return [
        click.option(
            "--input-format",
            type=click.Choice(FORMAT_CHOICES),
            default="auto",
            show_default=True,
            help="Format of the gold and the predictions: detected per file, or words "
            "(white space), tagged (word/TAG), chars (a character and its B/M/E/S label per "
            "line), conllu, jsonl, best (Thai: word|word|), vlsp (Vietnamese: syllables "
            "joined by _).",
        ),
        click.option(
            "--gold-format",
            type=click.Choice(FORMAT_CHOICES),
            help="Format of the gold (overrides --input-format).",
        ),
        click.option(
            "--pred-format",
            type=click.Choice(FORMAT_CHOICES),
            help="Format of the predictions (overrides --input-format).",
        ),
        click.option(
            "--tag-sep",
            metavar="CHAR",
            help="Separator of word and tag in tagged files (default: / or _, detected).",
        ),
    ]


def _separator_choices() -> list[Decorator]:
    """The word separators, --drop-first-token, --tag-column and --tag-field: how a line
    splits into words, and which of a token's columns or fields is its tag."""
    return [
        click.option(
            "--word-sep",
            metavar="STR",
            help="Words and tagged files: a string that separates words besides white space "
            "(jieba's command line: ' / ').",
        ),
        click.option(
            "--gold-word-sep",
            metavar="STR",
            help="Word separator of the gold (overrides --word-sep).",
        ),
        click.option("--pred-word-sep", metavar="STR", help="Word separator of the predictions."),
        click.option(
            "--drop-first-token",
            is_flag=True,
            help="Tagged files: drop each line's first token (People's Daily paragraph ids).",
        ),
        click.option(
            "--tag-column",
            type=click.Choice(["upos", "xpos"]),
            default="upos",
            show_default=True,
            help="CoNLL-U files: the column that holds the tags.",
        ),
        click.option(
            "--tag-field",
            type=TagFieldType(),
            metavar="N|N-M",
            default="1",
            show_default=True,
            help=f"mecab and kytea files: the feature field, {TAG_FIELD_RANGE}, that holds the "
            "tags (MeCab: 1 is the first after the tab; KyTea: 1 the part of speech, 2 the "
            "reading), or a range of them, their tags joined by - (1-2: 名詞-普通名詞).",
        ),
    ]


# The fields --tag-field may name, as --help says it.
TAG_FIELD_RANGE = "{:g} to {:g}".format(*RANGES["tag_field"][:2])


def _label_order_choices() -> list[Decorator]:
    """The order of position and tag in the labels of chars files, shared and per side."""
    return [
        click.option(
            "--label-order",
            type=click.Choice(LABEL_ORDERS),
            help="chars files: position then tag (B-NN) or tag then position (NN-B) "
            "[default: decided per file from its labels].",
        ),
        click.option(
            "--gold-label-order",
            type=click.Choice(LABEL_ORDERS),
            help="Label order of the gold (overrides --label-order).",
        ),
        click.option(
            "--pred-label-order",
            type=click.Choice(LABEL_ORDERS),
            help="Label order of the predictions.",
        ),
    ]


# What a boundary can fall between (wsscore.core.definitions.UNITS).
UNIT_CHOICES = ("char", "grapheme", "syllable")
UNIT_OPTION = click.option(
    "--unit",
    type=click.Choice(UNIT_CHOICES),
    help="What a boundary can fall between: char (a code point), grapheme (a cluster: a Thai "
    "vowel or tone mark, an emoji stays with its base) or syllable (the gold's: vlsp, or "
    "CoNLL-U FORMs with spaces). It changes the boundary figures, TNR, the character-level "
    "counts of --extra and the chars format, never P, R or F [default: syllable for a vlsp "
    "gold, else char; with --conventions, its scorer's].",
)


# Checked where the options are built (wsscore.inputs.normalize), which the plain run never
# imports: one line leading with the fix, as every refused argument.
NORMALIZE_OPTION = click.option(
    "--normalize",
    default="none",
    show_default=True,
    metavar="PROFILE",
    help=f"Rewrite the text as papers preprocess their gold: {normalize_choices()}. mccws is "
    "the multi-criteria segmenters' preprocessing: full-width to half-width, numbers to 0, "
    "Latin runs to X. Scoring rewrites the gold, the predictions and the dictionary alike, "
    "and the report and its signature record it (docs/metrics.md §1.8).",
)


def _matching_choices() -> list[Decorator]:
    """--mismatch, --match and --jobs: how predictions are matched against the gold."""
    return [
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
            type=ranged("jobs"),
            default=1,
            show_default=True,
            help="Worker processes for large files (a gold of 40 MB or more; 0: all cores); "
            "same results as one. "
            "With --match diff: parallel diff processes.",
        ),
    ]


def text_output_options(func: Command) -> Command:
    """The output of the commands that write text files (segment, convert), not reports."""
    options = [
        click.option(
            "--output-encoding",
            default="utf-8",
            show_default=True,
            metavar="NAME",
            help="Encoding of the output.",
        ),
        click.option("-o", "--output", metavar="FILE", help="Write to FILE (atomically)."),
        STRICT,
        DEBUG,
    ]
    return stacked(options)(func)


def analysis_options(func: Command) -> Command:
    """The dictionary, report and input options shared by `errors` and `compare`."""
    options = [
        dictionary_options(
            "Segmented training corpus: its words form the dictionary (repeatable)."
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
    return stacked(options)(encoding_options(func))


# The named conventions (wsscore.metrics.conventions, not imported before a command runs).
CONVENTION_CHOICES = ("thai", "japanese", "ud", "sighan")


def conventions_option(what: str = "every table format") -> Decorator:
    """``--conventions NAME``: the columns a community prints, in ``what``."""
    return click.option(
        "--conventions",
        type=click.Choice(CONVENTION_CHOICES),
        metavar="NAME",
        help=f"Show the figures a community prints, in its order, in {what}: thai "
        "(PyThaiNLP), japanese (mecab-system-eval), ud (conll18_ud_eval.py), sighan (the "
        "bakeoff table); the JSON keeps every figure (docs/metrics.md §5.13).",
    )


def difficulty_options(committee_help: str, difficulty_help: str) -> Decorator:
    """--committee, or --difficulty FILE and the encoding of that file."""
    options = [
        click.option("--committee", multiple=True, metavar="FILES", help=committee_help),
        click.option("--difficulty", metavar="FILE", help=difficulty_help),
        click.option(
            "--difficulty-encoding",
            metavar="NAME",
            help="Encoding of the --difficulty file (overrides --encoding).",
        ),
    ]
    return stacked(options)


def input_options(options: dict[str, Any], dictionaries: list[str] | None = None) -> InputOptions:
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
        difficulty_encoding=options.get("difficulty_encoding"),
        mismatch=options.get("mismatch", "warn"),
        strict=options["strict"],
        input_format=options.get("input_format", "auto"),
        gold_format=options.get("gold_format"),
        pred_format=options.get("pred_format"),
        tag_sep=options.get("tag_sep"),
        drop_first_token=options.get("drop_first_token", False),
        tag_column=options.get("tag_column", "upos"),
        tag_field=options.get("tag_field", "1"),
        label_order=options.get("label_order"),
        gold_label_order=options.get("gold_label_order"),
        pred_label_order=options.get("pred_label_order"),
        word_sep=options.get("word_sep"),
        gold_word_sep=options.get("gold_word_sep"),
        pred_word_sep=options.get("pred_word_sep"),
        unit=options.get("unit"),
        normalize=options.get("normalize", "none"),
        warnings=Warnings(strict=options["strict"], quiet=False),
    )


def tag_map_of(options: dict[str, Any]) -> dict[str, str] | None:
    """The --tag-map file read (in --encoding), or None without one."""
    if options.get("tag_map") is None:
        return None
    from wsscore.inputs.tag_map import load_tag_map

    warnings = Warnings(strict=options["strict"], quiet=False)
    return load_tag_map(
        options["tag_map"], options["encoding"], warnings=warnings, strict=options["strict"]
    )


def jobs_of(value: int) -> int:
    """--jobs 0: every core."""
    return value if value > 0 else max(1, os.cpu_count() or 1)
