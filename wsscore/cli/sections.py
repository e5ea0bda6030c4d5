"""``--help`` with a command's options in sections under headings, for a reader to scan.

A command built with ``cls=SectionedCommand`` and ``sections=`` lists each option under the
heading of the first section that names it (by its destination name), in the command's order;
options no section names stay under "Options".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import click

OTHER_HEADING = "Options"


class Section(NamedTuple):
    """A heading of ``--help`` and the destination names of the options under it."""

    heading: str
    names: tuple[str, ...]


# The options every scoring command takes (cli.options.encoding_options), by what they are for.
READING = Section(
    "Reading the inputs",
    (
        "encoding",
        "gold_encoding",
        "pred_encoding",
        "dict_encoding",
        "input_format",
        "gold_format",
        "pred_format",
        "tag_sep",
        "word_sep",
        "gold_word_sep",
        "pred_word_sep",
        "drop_first_token",
        "tag_column",
        "tag_field",
        "label_order",
        "gold_label_order",
        "pred_label_order",
        "unit",
        "normalize",
        "mismatch",
        "match",
    ),
)
SPEED = Section("Speed", ("jobs",))
INTERVALS = Section("Intervals and tests", ("ci", "samples", "seed", "trials"))
GATES = Section("CI gates (exit status 1)", ("thresholds", "previous", "drops"))
OTHER = Section("Other", ("strict", "debug", "help"))


class SectionedCommand(click.Command):
    """A click command whose ``--help`` lists its options in sections."""

    def __init__(self, *args: Any, sections: Sequence[Section] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.sections = tuple(sections)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        for heading, rows in self.option_sections(ctx):
            with formatter.section(heading):
                formatter.write_dl(rows)

    def option_sections(self, ctx: click.Context) -> list[tuple[str, list[tuple[str, str]]]]:
        """Each heading with the help rows of its options, in the sections' order."""
        grouped: dict[str, list[tuple[str, str]]] = {}
        help_option = self.get_help_option(ctx)
        for param in self.get_params(ctx):
            row = None if isinstance(param, click.Argument) else param.get_help_record(ctx)
            if row is not None:
                name = "help" if param is help_option else param.name or ""
                grouped.setdefault(self.heading_of(name), []).append(row)
        order = [section.heading for section in self.sections] + [OTHER_HEADING]
        return [(heading, grouped[heading]) for heading in order if heading in grouped]

    def heading_of(self, name: str) -> str:
        for section in self.sections:
            if name in section.names:
                return section.heading
        return OTHER_HEADING


# The sections of every command that scores: each of their options is named in one.
SCORING_SECTIONS = (
    Section(
        "Inputs",
        (
            "dictionaries",
            "training",
            "committee",
            "difficulty",
            "difficulty_encoding",
            "tag_map",
            "allow_missing",
        ),
    ),
    READING,
    Section(
        "Figures",
        (
            "baseline",
            "topline",
            "baseline_system",
            "beta",
            "extra",
            "tags",
            "conventions",
            "metrics",
        ),
    ),
    INTERVALS,
    Section(
        "Output",
        (
            "names",
            "name",
            "fmt",
            "output",
            "quiet",
            "sort",
            "caption",
            "digits",
            "plot",
            "title",
            "max_sentences",
            "top",
            "per_line",
        ),
    ),
    GATES,
    SPEED,
    OTHER,
)
