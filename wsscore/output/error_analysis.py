"""Renderers of an :class:`~wsscore.scoring.error_analysis.ErrorAnalysis` (``wsscore errors``).

The human formats (text, markdown, table) share one list of sections, each a small table; tsv and
csv are one long table at full precision, one row per figure, with a ``section`` column.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wsscore.errors import InvalidArgument
from wsscore.formatting import (
    UNDEFINED,
    display_width,
    markdown_escaped,
    markdown_row,
    markdown_rule,
    padded,
    ratio_text,
)
from wsscore.output.columns import notes
from wsscore.output.json_text import to_json
from wsscore.scoring.error_analysis import ErrorAnalysis

if TYPE_CHECKING:
    from rich.console import Console

ERROR_FORMATS = ("table", "text", "json", "tsv", "csv", "markdown")
DELIMITED_COLUMNS = (
    "section",
    "class",
    "item",
    "predicted",
    "count",
    "gold_words",
    "correct",
    "recall",
    "line",
)
# Said under the sections, so that a merge of two gold words, listed once for each in the
# merged class, is not read as two errors of the prediction's.
MERGED_NOTE = (
    "merged: a gold word lying inside a longer predicted word; a predicted word that swallowed "
    "two gold words is listed once for each (see Merges by predicted word)"
)
MERGES_NOTE = (
    "each row: a predicted word and the gold words lying inside it, counted once per predicted word"
)
GOLD_WORDS_JOIN = " / "  # words hold no white space: the join cannot be read as part of one
NO_DICTIONARY = "no dictionary given: OOV and IV recall need a word list or a training corpus"

# Gold words in Markdown are escaped (wsscore.formatting.markdown_escaped): they are data ("*",
# "_" and "|" are words in some corpora), never markup.


@dataclass
class Section:
    """A titled table of display strings; ``numeric`` columns are right-aligned."""

    title: str
    headers: list[str]
    numeric: list[bool]
    rows: list[list[str]] = field(default_factory=list)
    empty: str = "(none)"  # said instead of an empty table
    wraps: bool = False  # long texts: may wrap on a terminal
    note: str = ""  # what a row is, printed under the title


def render_errors(
    analysis: ErrorAnalysis, fmt: str, *, color: bool = False, width: int | None = None
) -> str:
    """The analysis as text in format ``fmt`` (one of ERROR_FORMATS), ending with a newline."""
    if fmt == "text":
        return render_text(analysis)
    if fmt == "markdown":
        return render_markdown(analysis)
    if fmt == "table":
        return render_table(analysis, color=color, width=width)
    if fmt == "json":
        return render_json(analysis)
    if fmt in ("tsv", "csv"):
        return render_delimited(analysis, "\t" if fmt == "tsv" else ",")
    raise InvalidArgument(
        f"unknown format {fmt!r} for errors; use one of {', '.join(ERROR_FORMATS)}"
    )


# --- shared by the human formats ----------------------------------------------------------------


def summary(analysis: ErrorAnalysis) -> str:
    """The first line: the system and its R, P, F."""
    system = analysis.system
    metrics = system.metrics
    return (
        f"{system.name}: R {ratio_text(metrics.recall)}  P {ratio_text(metrics.precision)}  "
        f"F {ratio_text(metrics.f)}  ({system.counts.gold_words:,} gold words, "
        f"{analysis.wrong_words:,} wrong)"
    )


def sections(analysis: ErrorAnalysis) -> list[Section]:
    """The sections in print order; the worst lines only when asked for."""
    found = [_classes_section(analysis)]
    if analysis.top:
        found += [_examples_section(analysis), _merges_section(analysis)]
    found += [_length_section(analysis), _vocabulary_section(analysis)]
    if analysis.per_line:
        found.append(_lines_section(analysis))
    return found


def _classes_section(analysis: ErrorAnalysis) -> Section:
    section = Section("Error classes", ["Class", "Count", "Share"], [False, True, True])
    for name, error_class in analysis.classes.items():
        section.rows.append([name, f"{error_class.count:,}", ratio_text(analysis.share(name))])
    return section


def _examples_section(analysis: ErrorAnalysis) -> Section:
    section = Section(
        f"Most frequent errors (top {analysis.top} per class)",
        ["Class", "Gold", "Predicted", "Count"],
        [False, False, False, True],
        note=MERGED_NOTE,
    )
    for name, error_class in analysis.classes.items():
        for example in error_class.examples:
            # An empty segmentation: the word's characters differ from the prediction's.
            predicted = example.predicted or UNDEFINED
            section.rows.append([name, example.word, predicted, f"{example.count:,}"])
    return section


def _merges_section(analysis: ErrorAnalysis) -> Section:
    merges = analysis.merges
    section = Section(
        f"Merges by predicted word (top {analysis.top}, of {merges.count:,})",
        ["Predicted", "Gold words", "Count"],
        [False, False, True],
        note=MERGES_NOTE,
    )
    for merge in merges.examples:
        section.rows.append([merge.predicted, GOLD_WORDS_JOIN.join(merge.gold), f"{merge.count:,}"])
    return section


def _length_section(analysis: ErrorAnalysis) -> Section:
    section = Section(
        "Recall by word length", ["Length", "Gold words", "Correct", "R"], [False, True, True, True]
    )
    for bucket in analysis.by_length:
        section.rows.append(
            [
                bucket.label,
                f"{bucket.gold_words:,}",
                f"{bucket.correct:,}",
                ratio_text(bucket.recall),
            ]
        )
    return section


def _vocabulary_section(analysis: ErrorAnalysis) -> Section:
    section = Section(
        "OOV and IV",
        ["Words", "Gold words", "Correct", "R"],
        [False, True, True, True],
        empty=NO_DICTIONARY,  # said rather than left out, so that its absence is not a puzzle
    )
    for label, part in (("OOV", analysis.oov), ("IV", analysis.iv)):
        if part is None:
            continue
        section.rows.append(
            [label, f"{part.gold_words:,}", f"{part.correct:,}", ratio_text(part.recall)]
        )
    return section


def _lines_section(analysis: ErrorAnalysis) -> Section:
    section = Section(
        "Lines with most errors",
        ["Line", "Errors", "Gold words", "Gold", "Predicted"],
        [True, True, True, False, False],
        empty="(no wrong words)",
        wraps=True,
    )
    for line in analysis.lines:
        section.rows.append(
            [str(line.line), f"{line.errors:,}", f"{line.gold_words:,}", line.gold, line.predicted]
        )
    return section


# --- text ---------------------------------------------------------------------------------------


def _text_table(section: Section) -> list[str]:
    widths = [
        max([display_width(header)] + [display_width(row[i]) for row in section.rows])
        for i, header in enumerate(section.headers)
    ]

    def line(cells: list[str]) -> str:
        parts = (
            padded(cell, width, right=numeric)
            for cell, width, numeric in zip(cells, widths, section.numeric, strict=True)
        )
        return "  ".join(parts).rstrip()

    return [
        line(section.headers),
        "  ".join("-" * w for w in widths),
        *(line(row) for row in section.rows),
    ]


def _text_lines(analysis: ErrorAnalysis) -> list[str]:
    """The worst lines as blocks: whole sentences do not fit in a table's column."""
    out = []
    for line in analysis.lines:
        out += [
            f"line {line.line}: {line.errors:,} of {line.gold_words:,} gold words wrong",
            f"  gold: {line.gold}",
            f"  pred: {line.predicted}",
        ]
    return out


def render_text(analysis: ErrorAnalysis) -> str:
    out = [summary(analysis), ""]
    for section in sections(analysis):
        out.append(section.title)
        if section.note:
            out.append(section.note)
        if not section.rows:
            out.append(section.empty)
        elif section.wraps:
            out += _text_lines(analysis)
        else:
            out += _text_table(section)
        out.append("")
    out += notes(analysis.report)
    out.append(f"signature: {analysis.report.signature}")
    return "\n".join(out) + "\n"


# --- markdown -----------------------------------------------------------------------------------


def render_markdown(analysis: ErrorAnalysis) -> str:
    out = [markdown_escaped(summary(analysis)), ""]
    for section in sections(analysis):
        out += [f"### {section.title}", ""]
        if section.note:
            out += [markdown_escaped(section.note), ""]
        if not section.rows:
            out += [section.empty, ""]
            continue
        out.append(markdown_row(section.headers))
        out.append(markdown_rule(section.numeric))
        out += [markdown_row(map(markdown_escaped, row)) for row in section.rows]
        out.append("")
    out += [f"- {markdown_escaped(note)}" for note in notes(analysis.report)]
    out.append(f"Signature: `{analysis.report.signature}`")
    return "\n".join(out) + "\n"


# --- table (rich) -------------------------------------------------------------------------------


def render_table(analysis: ErrorAnalysis, *, color: bool = False, width: int | None = None) -> str:
    """Each section a rich table within the terminal's width: one too wide for it is shown one
    block per row (:mod:`wsscore.output.fitting`); the worst lines' sentences fold."""
    from wsscore.output.fitting import DEFAULT_WIDTH, console_for, print_signature

    screen = width or DEFAULT_WIDTH
    buffer = io.StringIO()
    console = console_for(buffer, color=color, width=screen)
    console.print(summary(analysis), markup=False, style="bold")
    for section in sections(analysis):
        console.print()
        if not section.rows:
            console.print(section.title, markup=False, style="italic")
            console.print(section.empty, markup=False)
            continue
        if section.note:
            console.print(section.title, markup=False, style="italic")
            console.print(section.note, markup=False)
        _print_section(console, section, screen)
    console.print()
    for note in notes(analysis.report):
        console.print(note, style="yellow", markup=False)
    print_signature(console, analysis.report.signature, screen)
    return buffer.getvalue()


def _print_section(console: Console, section: Section, screen: int) -> None:
    """A section's rich tables: a title above the table unless a note stands between."""
    from rich.table import Table
    from rich.text import Text

    from wsscore.output.fitting import Grid, fit, print_fitted

    title = "" if section.note else section.title
    if not section.wraps:
        columns = list(range(1, len(section.headers)))
        grid = Grid(
            section.headers,
            section.rows,
            [columns],
            numeric=section.numeric,
            title=title,
            last_resort="blocks",
        )
        print_fitted(console, fit(grid, screen))
        return
    table = Table(title=title or None, title_justify="left", width=screen)
    for header, right in zip(section.headers, section.numeric, strict=True):
        if right:
            table.add_column(header, justify="right", no_wrap=True)
        else:
            # Sentences fold (they have no spaces to break at in Chinese) over several lines.
            table.add_column(header, overflow="fold")
    for row in section.rows:
        table.add_row(*map(Text, row))  # Text: words are data, not rich markup
    console.print(table)


# --- json ---------------------------------------------------------------------------------------


def render_json(analysis: ErrorAnalysis) -> str:
    # allow_nan=False: every undefined value is already None.
    return to_json(analysis.as_dict())


# --- tsv, csv -----------------------------------------------------------------------------------

Row = dict[str, object]


def _plain(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)  # full precision
    return value


def delimited_rows(analysis: ErrorAnalysis) -> list[Row]:
    """The long table's rows as dicts over DELIMITED_COLUMNS (missing keys are empty cells).

    Sections: ``system`` (item: name; count: wrong words), ``error_class`` (count),
    ``example`` (item: gold word, predicted, count), ``merge`` (item: the gold words inside a
    predicted word, joined by " / "; predicted: that word; count), ``length`` (item: 1 … 5+),
    ``vocabulary`` (item: oov, iv; only with a dictionary), ``line`` (item: gold text,
    predicted: its predicted text, count: errors, gold_words: words in the line, line: its
    number), ``signature`` (item).
    """
    system = analysis.system
    rows: list[Row] = [
        {
            "section": "system",
            "item": system.name,
            "count": analysis.wrong_words,
            "gold_words": system.counts.gold_words,
            "correct": system.counts.correct,
            "recall": system.metrics.recall,
        }
    ]
    for name, error_class in analysis.classes.items():
        rows.append({"section": "error_class", "class": name, "count": error_class.count})
    for name, error_class in analysis.classes.items():
        rows += [
            {
                "section": "example",
                "class": name,
                "item": example.word,
                "predicted": example.predicted,
                "count": example.count,
            }
            for example in error_class.examples
        ]
    rows += _merge_rows(analysis)
    breakdowns = [("length", bucket) for bucket in analysis.by_length]
    if analysis.oov is not None and analysis.iv is not None:
        breakdowns += [("vocabulary", analysis.oov), ("vocabulary", analysis.iv)]
    for section, part in breakdowns:
        rows.append(
            {
                "section": section,
                "item": part.label,
                "gold_words": part.gold_words,
                "correct": part.correct,
                "recall": part.recall,
            }
        )
    for line in analysis.lines:
        rows.append(
            {
                "section": "line",
                "item": line.gold,
                "predicted": line.predicted,
                "count": line.errors,
                "gold_words": line.gold_words,
                "line": line.line,
            }
        )
    rows.append({"section": "signature", "item": analysis.report.signature})
    return rows


def _merge_rows(analysis: ErrorAnalysis) -> list[Row]:
    return [
        {
            "section": "merge",
            "class": "merged",
            "item": GOLD_WORDS_JOIN.join(merge.gold),
            "predicted": merge.predicted,
            "count": merge.count,
        }
        for merge in analysis.merges.examples
    ]


def render_delimited(analysis: ErrorAnalysis, delimiter: str) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(DELIMITED_COLUMNS)
    for row in delimited_rows(analysis):
        writer.writerow([_plain(row.get(key)) for key in DELIMITED_COLUMNS])
    return buffer.getvalue()
