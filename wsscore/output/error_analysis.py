"""Renderers of an :class:`~wsscore.scoring.error_analysis.ErrorAnalysis` (``wsscore errors``).

The human formats (text, markdown, table) share one list of sections, each a small table; tsv and
csv are one long table at full precision, one row per figure, with a ``section`` column.
"""

from __future__ import annotations

from dataclasses import replace

from wsscore.errors import InvalidArgument
from wsscore.formatting import UNDEFINED, ratio_text
from wsscore.output.columns import notes
from wsscore.output.delimited import plain
from wsscore.output.json_text import to_json
from wsscore.output.present import render_tables
from wsscore.output.tables import Document, Note, Table, TableColumn
from wsscore.scoring.error_analysis import Breakdown, ErrorAnalysis

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


def render_errors(
    analysis: ErrorAnalysis, fmt: str, *, color: bool = False, width: int | None = None
) -> str:
    """The analysis as text in format ``fmt`` (one of ERROR_FORMATS), ending with a newline."""
    if fmt == "json":
        # allow_nan=False: every undefined value is already None.
        return to_json(analysis.as_dict())
    if fmt not in ERROR_FORMATS:
        raise InvalidArgument(
            f"unknown format {fmt!r} for errors; use one of {', '.join(ERROR_FORMATS)}"
        )
    return render_tables(
        fmt,
        lambda: errors_document(analysis),
        lambda: errors_data(analysis),
        color=color,
        width=width,
    )


def errors_document(analysis: ErrorAnalysis) -> Document:
    """The summary line, the sections, and the notes on the inputs."""
    return Document(
        sections(analysis),
        [Note(note, style="yellow") for note in notes(analysis.report)],
        analysis.report.signature,
        lead=[Note(summary(analysis), style="bold")],
        gap=False,
        sections=True,
    )


def _section(
    title: str,
    headers: list[str],
    numeric: list[bool],
    rows: list[list[str]],
    *,
    note: str = "",
    empty: str = "(none)",
) -> Table:
    """A titled table of the user's words and figures (``numeric`` columns); ``note`` says
    what a row is, ``empty`` is said instead of an empty table."""
    columns = [
        TableColumn(header, right=right, words=True)
        for header, right in zip(headers, numeric, strict=True)
    ]
    return Table(columns, rows, title=title, note=note, heading="### ", empty=empty)


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


def sections(analysis: ErrorAnalysis) -> list[Table]:
    """The sections in print order; the worst lines only when asked for."""
    found = [_classes_section(analysis)]
    if analysis.top:
        found += [_examples_section(analysis), _merges_section(analysis)]
    found += [_length_section(analysis), _vocabulary_section(analysis)]
    if analysis.per_line:
        found.append(_lines_section(analysis))
    return found


def _classes_section(analysis: ErrorAnalysis) -> Table:
    rows = [
        [name, f"{error_class.count:,}", ratio_text(analysis.share(name))]
        for name, error_class in analysis.classes.items()
    ]
    return _section("Error classes", ["Class", "Count", "Share"], [False, True, True], rows)


def _examples_section(analysis: ErrorAnalysis) -> Table:
    rows = []
    for name, error_class in analysis.classes.items():
        for example in error_class.examples:
            # An empty segmentation: the word's characters differ from the prediction's.
            predicted = example.predicted or UNDEFINED
            rows.append([name, example.word, predicted, f"{example.count:,}"])
    return _section(
        f"Most frequent errors (top {analysis.top} per class)",
        ["Class", "Gold", "Predicted", "Count"],
        [False, False, False, True],
        rows,
        note=MERGED_NOTE,
    )


def _merges_section(analysis: ErrorAnalysis) -> Table:
    merges = analysis.merges
    return _section(
        f"Merges by predicted word (top {analysis.top}, of {merges.count:,})",
        ["Predicted", "Gold words", "Count"],
        [False, False, True],
        [[m.predicted, GOLD_WORDS_JOIN.join(m.gold), f"{m.count:,}"] for m in merges.examples],
        note=MERGES_NOTE,
    )


def _length_section(analysis: ErrorAnalysis) -> Table:
    return _section(
        "Recall by word length",
        ["Length", "Gold words", "Correct", "R"],
        [False, True, True, True],
        [_recall_row(bucket.label, bucket) for bucket in analysis.by_length],
    )


def _recall_row(label: str, part: Breakdown) -> list[str]:
    return [label, f"{part.gold_words:,}", f"{part.correct:,}", ratio_text(part.recall)]


def _vocabulary_section(analysis: ErrorAnalysis) -> Table:
    parts = (("OOV", analysis.oov), ("IV", analysis.iv))
    return _section(
        "OOV and IV",
        ["Words", "Gold words", "Correct", "R"],
        [False, True, True, True],
        [_recall_row(label, part) for label, part in parts if part is not None],
        empty=NO_DICTIONARY,  # said rather than left out, so that its absence is not a puzzle
    )


def _lines_section(analysis: ErrorAnalysis) -> Table:
    rows = [
        [str(line.line), f"{line.errors:,}", f"{line.gold_words:,}", line.gold, line.predicted]
        for line in analysis.lines
    ]
    table = _section(
        "Lines with most errors",
        ["Line", "Errors", "Gold words", "Gold", "Predicted"],
        [True, True, True, False, False],
        rows,
        empty="(no wrong words)",
    )
    # Whole sentences do not fit in a table's column: plain text shows a block per line.
    return replace(table, lines=_text_lines(analysis))


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


# --- tsv, csv -----------------------------------------------------------------------------------

Row = dict[str, object]


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


def errors_data(analysis: ErrorAnalysis) -> Table:
    """The long table of :func:`delimited_rows`, every value at full precision."""
    rows = [[plain(row.get(key)) for key in DELIMITED_COLUMNS] for row in delimited_rows(analysis)]
    return Table([TableColumn(key) for key in DELIMITED_COLUMNS], rows)
