"""The table of ``wsscore suite``: systems in rows, a group of columns per corpus, averages.

Every format reads the same table (:func:`suite_document`): for each corpus the chosen
figures of each system, then the mean over corpora and the pooled figure of each. Markdown and
LaTeX set the best value of each column in bold; with a baseline, cells significantly better or
worse than the baseline's are marked ▲ or ▼ (in LaTeX $\\uparrow$, $\\downarrow$).
"""

from __future__ import annotations

from typing import NamedTuple

from wsscore.errors import InvalidArgument, warnings_held
from wsscore.formatting import UNDEFINED, markdown_escaped
from wsscore.metrics.boundaries import ExtraMetrics
from wsscore.metrics.scores import Interval, Metrics
from wsscore.metrics.sentence_tokens import SentenceTokenMetrics, compute_sentence_tokens
from wsscore.metrics.tags import TagMetrics
from wsscore.output.columns import mismatch_note
from wsscore.output.delimited import plain
from wsscore.output.json_text import to_json
from wsscore.output.latex import latex_escape, latex_header
from wsscore.output.present import render_tables
from wsscore.output.tables import Document, Group, Note, Table, TableCell, TableColumn
from wsscore.results import SystemResult
from wsscore.scoring.suite import ALPHA, AVERAGED, Cell, Suite, SuiteRow

SUITE_FORMATS = ("table", "text", "markdown", "latex", "json", "csv", "tsv")
METRIC_CHOICES = (
    "f",
    "r",
    "p",
    "roov",
    "riv",
    "ftag",
    "emtag",
    "fsent",
    "ftok",
    "em",
    "fc",
    "fe",
    "ft",
    "ci",
)
# The figures that need each corpus scored with --extra (docs/metrics.md §5.8–5.11).
EXTRA_METRICS = ("em", "fc", "fe", "ft")
DEFAULT_METRICS = ("f",)
# The figures per corpus of each named convention (docs/metrics.md §5.13), in its order; the
# tag figures (TAG_METRICS) are kept only when a corpus scores its tags.
CONVENTION_METRICS = {
    "thai": ("fc", "f"),
    "japanese": ("f", "ftag", "em", "emtag"),
    "ud": ("ftok", "fsent", "f", "ftag"),
    "sighan": ("r", "p", "f", "roov", "riv"),
}
TAG_METRICS = ("ftag", "emtag")
MISSING = "–"  # a cell without an output (--allow-missing)
BETTER, WORSE = "▲", "▼"


class Figure(NamedTuple):
    """A column of each corpus group: its header and how to read it from a result's metrics."""

    key: str  # the --metrics name
    header: str
    attribute: str  # of Metrics (or of TagMetrics for a tag figure)
    average: str = ""  # its key among the averages (Averages.mean)
    interval: bool = False  # the figure is an Interval, not a ratio
    tags: bool = False  # a figure of the tags (corpora with tags = true)
    spans: bool = False  # a figure of the Sentences and Tokens (SentenceTokenMetrics)
    extra: bool = False  # a figure of --extra (of ExtraMetrics)


FIGURES = {
    "f": Figure("f", "F", "f", "f1"),
    "r": Figure("r", "R", "recall", "recall"),
    "p": Figure("p", "P", "precision", "precision"),
    "roov": Figure("roov", "R_oov", "oov_recall", "oov_recall"),
    "riv": Figure("riv", "R_iv", "iv_recall", "iv_recall"),
    "ftag": Figure("ftag", "F_tag", "tag_f1", "tag_f1", tags=True),
    "emtag": Figure("emtag", "EM_tag", "exact_tagged_match", "exact_tagged_match", tags=True),
    "fsent": Figure("fsent", "F_sent", "sentences_f1", "sentences_f1", spans=True),
    "ftok": Figure("ftok", "F_tok", "tokens_f1", "tokens_f1", spans=True),
    "em": Figure("em", "EM", "exact_match", "exact_match", extra=True),
    "fc": Figure("fc", "F_c", "char_f1", "char_f1", extra=True),
    "fe": Figure("fe", "F_e", "edge_boundary_f1", "edge_boundary_f1", extra=True),
    "ft": Figure("ft", "F_t", "type_f1", "type_f1", extra=True),
}
# With "ci": after R, P and F, the interval the chosen --ci method gives each.
INTERVALS = {
    "r": Figure("r", "c_r", "recall_ci", interval=True),
    "p": Figure("p", "c_p", "precision_ci", interval=True),
    "f": Figure("f", "c_f", "f_ci", interval=True),
}


def parse_metrics(text: str, ci: str = "bakeoff") -> tuple[str, ...]:
    """``f,roov`` -> ("f", "roov"); refused with the choices when a name is unknown, or when
    ``ci`` is asked for and the --ci method ``ci`` gives none of the chosen figures one."""
    names = tuple(dict.fromkeys(name.strip().lower() for name in text.split(",") if name.strip()))
    unknown = [name for name in names if name not in METRIC_CHOICES]
    if unknown or not names:
        raise InvalidArgument(
            f"unknown metric {unknown[0]!r}" if unknown else "no metric given",
            hint=f"choose among {', '.join(METRIC_CHOICES)}, comma-separated (e.g. f,roov)",
        )
    if "ci" in names and not any(figure.interval for figure in figures(names, ci)):
        raise InvalidArgument(
            f"ci: none of the figures asked for has an interval with --ci {ci}",
            hint="R and P have one with --ci bakeoff or wilson (add r or p), F with --ci bootstrap",
        )
    return names


def figures(metrics: tuple[str, ...], ci: str) -> list[Figure]:
    """The columns of each corpus: the figures in the order asked, each followed by its
    interval when ``ci`` is asked for and the --ci method ``ci`` gives the figure one."""
    chosen = []
    for name in metrics:
        if name == "ci":
            continue
        chosen.append(FIGURES[name])
        if "ci" in metrics and name in INTERVALS and _has_interval(name, ci):
            chosen.append(INTERVALS[name])
    return chosen


def _has_interval(name: str, ci: str) -> bool:
    return ci != "none" and (name != "f" or ci == "bootstrap")


# ---------------------------------------------------------------------------------------------
# The table every format prints


class GridCell(NamedTuple):
    value: float | Interval | None
    kind: str  # "name", "ratio", "interval", "missing"
    text: str = ""  # the name
    verdict: int = 0  # +1 / -1: significantly better / worse than the baseline
    best: bool = False


def suite_document(suite: Suite, metrics: tuple[str, ...]) -> Document:
    """For each corpus the chosen figures of each system, then the mean over corpora and the
    pooled figure of each; the notes under them."""
    chosen = figures(metrics, suite.settings.ci)
    averaged = [figure for figure in chosen if not figure.interval]
    groups = [Group(len(chosen), corpus) for corpus in suite.corpora]
    groups += [Group(len(averaged), "Mean"), Group(len(averaged), "Pooled")]
    shown = [*(chosen for _ in suite.corpora), averaged, averaged]
    columns = [TableColumn("System", right=False, words=True)]
    for group, of in zip(groups, shown, strict=True):
        columns += [_column(group.name, figure.header) for figure in of]
    rows = [_grid_row(row, suite.corpora, chosen, averaged) for row in suite.rows]
    cells = [[_cell(cell) for cell in row] for row in _mark_best(rows)]
    notes = [Note(note, latex=_latex_note(note)) for note in suite_notes(suite)]
    table = Table(columns, cells, groups=groups)
    return Document([table], notes, suite.signature, caption_label="tab:wsscore-suite")


def _column(group: str, header: str) -> TableColumn:
    """A figure of a group: "pku F", "Mean R_oov", … (the corpus names are the user's)."""
    flat = f"{group} {header}"
    return TableColumn(
        flat,
        markdown=f"{markdown_escaped(group)} {header}",
        latex=_LATEX_HEADERS.get(header) or latex_header(header),
        terminal=flat.replace(" ", "\n", 1),
    )


def _cell(cell: GridCell) -> TableCell:
    """Markdown and LaTeX set the best value of a column in bold, the terminal too."""
    text = cell_text(cell, marks=(BETTER, WORSE))
    bold = cell.best or cell.kind == "name"
    markdown = f"**{text}**" if cell.best else None
    return TableCell(text, markdown=markdown, latex=_latex_cell(cell), style="bold" if bold else "")


def _grid_row(
    row: SuiteRow, corpora: list[str], chosen: list[Figure], averaged: list[Figure]
) -> list[GridCell]:
    cells = [GridCell(None, "name", row.name)]
    for corpus in corpora:
        cells += [_result_cell(row.cells[corpus], figure) for figure in chosen]
    cells += [_mean_cell(row, figure) for figure in averaged]
    cells += [_pooled_cell(row, figure) for figure in averaged]
    return cells


def _result_cell(cell: Cell, figure: Figure) -> GridCell:
    if cell.result is None:
        return GridCell(None, "missing")
    verdict = cell.verdict if figure.key == "f" and not figure.interval else 0
    metrics: Metrics | TagMetrics | ExtraMetrics | SentenceTokenMetrics | None = cell.result.metrics
    if figure.tags:
        metrics = cell.result.tag_metrics
    elif figure.extra:
        metrics = cell.result.extra_metrics
    elif figure.spans:
        spans = cell.sentence_tokens
        metrics = compute_sentence_tokens(spans) if spans is not None else None
    if metrics is None:  # a corpus without tags
        return GridCell(None, "ratio")
    return _metrics_cell(metrics, figure)._replace(verdict=verdict)


def _metrics_cell(
    metrics: Metrics | TagMetrics | ExtraMetrics | SentenceTokenMetrics | None, figure: Figure
) -> GridCell:
    if metrics is None:
        return GridCell(None, "missing")
    value = getattr(metrics, figure.attribute)
    return GridCell(value, "interval" if figure.interval else "ratio")


def _pooled_cell(row: SuiteRow, figure: Figure) -> GridCell:
    if row.average.pooled is None:
        return GridCell(None, "missing")
    if figure.tags:
        tags = row.average.pooled_tags
        return GridCell(getattr(tags, figure.attribute) if tags is not None else None, "ratio")
    if figure.spans:
        spans = row.average.spans
        return _metrics_cell(spans.pooled if spans is not None else None, figure)
    if figure.extra:
        extra = row.average.pooled_extra
        return GridCell(getattr(extra, figure.attribute) if extra else None, "ratio")
    return _metrics_cell(row.average.pooled, figure)


def _mean_cell(row: SuiteRow, figure: Figure) -> GridCell:
    if not row.complete:
        return GridCell(None, "missing")
    if figure.spans:
        spans = row.average.spans
        return GridCell(spans.mean[figure.average] if spans is not None else None, "ratio")
    return GridCell(row.average.mean[figure.average], "ratio")


def _mark_best(rows: list[list[GridCell]]) -> list[list[GridCell]]:
    """The highest value of each ratio column (all of them when tied, none when one row)."""
    if len(rows) < 2:
        return rows
    for column in range(1, len(rows[0])):
        values = [row[column].value for row in rows if row[column].kind == "ratio"]
        numbers = [value for value in values if isinstance(value, float)]
        if not numbers:
            continue
        best = round(max(numbers), 3)  # as printed: ties at three decimals are ties
        for row in rows:
            value = row[column].value
            found = row[column].kind == "ratio" and isinstance(value, float)
            if found and round(value, 3) == best:  # type: ignore[arg-type]
                row[column] = row[column]._replace(best=True)
    return rows


def cell_text(cell: GridCell, *, plus_minus: str = "±", marks: tuple[str, str] = ("", "")) -> str:
    """Three decimals for ratios, four for intervals, as ``wsscore score`` prints them."""
    if cell.kind == "name":
        return cell.text
    if cell.kind == "missing":
        return MISSING
    if cell.value is None:
        return UNDEFINED
    if isinstance(cell.value, Interval):
        if cell.value.half_width is not None:
            return f"{plus_minus}{cell.value.half_width:.4f}"
        return f"[{cell.value.low:.4f}, {cell.value.high:.4f}]"
    text = f"{cell.value:.3f}"
    if cell.verdict:
        text += marks[0] if cell.verdict > 0 else marks[1]
    return text


# ---------------------------------------------------------------------------------------------
# Notes under the table


def suite_notes(suite: Suite) -> list[str]:
    notes = ["Mean: the average of the corpora's figures; Pooled: all corpora as one test set."]
    if suite.settings.baseline is not None:
        notes.append(
            f"{BETTER}/{WORSE}: F significantly better/worse than {suite.settings.baseline}'s "
            f"(approximate randomization, {suite.settings.trials:,} trials, p < {ALPHA:g})."
        )
    if suite.incomplete:
        names = ", ".join(suite.incomplete)
        notes.append(
            f"{MISSING}: no output; averages are over complete rows only ({names} has none)."
        )
    if not warnings_held():
        notes += _mismatch_notes(suite)
    return notes


def _mismatch_notes(suite: Suite) -> list[str]:
    """One note per corpus and difference: the systems whose text differs from a corpus's gold
    in the same characters (the test input's own difference, shared by every output made from
    it) are named together."""
    notes = []
    for run in suite.runs:
        differing: dict[tuple[int, int], list[SystemResult]] = {}
        for cell in run.cells.values():
            if cell.result is not None and cell.result.counts.misaligned_chars:
                counts = cell.result.counts
                key = (counts.misaligned_chars, counts.misaligned_lines)
                differing.setdefault(key, []).append(cell.result)
        for results in differing.values():
            names = ", ".join(result.name for result in results)
            notes.append(mismatch_note(f"{run.name}: {names}", results[0].counts) + ".")
    return notes


# ---------------------------------------------------------------------------------------------
# Formats


def render_suite(
    suite: Suite,
    fmt: str,
    *,
    metrics: tuple[str, ...] = DEFAULT_METRICS,
    color: bool = False,
    width: int | None = None,
    caption: str | None = None,
) -> str:
    """The suite as text in format ``fmt`` (ending with a newline)."""
    if fmt == "json":
        return to_json(suite.as_dict())
    if fmt not in SUITE_FORMATS:
        raise InvalidArgument(f"unknown format {fmt!r}; use one of {', '.join(SUITE_FORMATS)}")
    return render_tables(
        fmt,
        lambda: suite_document(suite, metrics),
        lambda: suite_data(suite, metrics),
        color=color,
        width=width,
        caption=caption,
    )


# The suite's own LaTeX for a header (the others as every table spells them).
_LATEX_HEADERS = {"F_tag": r"$F_{\mathrm{tag}}$"}


def _latex_note(note: str) -> str:
    note = latex_escape(note).replace(BETTER, r"$\uparrow$").replace(WORSE, r"$\downarrow$")
    return note.replace(MISSING, "--")


def _latex_cell(cell: GridCell) -> str:
    if cell.kind == "name":
        return latex_escape(cell.text)
    if cell.kind == "missing":
        return "--"
    text = cell_text(cell, plus_minus="$\\pm$", marks=(r"$^\uparrow$", r"$^\downarrow$"))
    text = text.replace("[", "{[}").replace("]", "{]}").replace(UNDEFINED, "---")
    return f"\\textbf{{{text}}}" if cell.best else text


# One row per system and corpus (and its mean and pooled rows), every figure exact: a long
# table that spreadsheets and data frames pivot as they like.
DELIMITED_FIGURES = tuple(AVERAGED)  # f1, recall, precision, oov_recall, iv_recall
# The figures beyond those that --metrics adds as columns after p_value, by their JSON names
# (those of the averages), so that the columns every long table has keep their places.
OPTIONAL_FIGURES = ("ftag", "emtag", "fsent", "ftok", "em", "fc", "fe", "ft")


def delimited_figures(metrics: tuple[str, ...]) -> list[Figure]:
    """The optional figures asked for by ``metrics``, in the order asked."""
    return [FIGURES[name] for name in metrics if name in OPTIONAL_FIGURES]


def suite_data(suite: Suite, metrics: tuple[str, ...] = DEFAULT_METRICS) -> Table:
    optional = delimited_figures(metrics)
    headers = [
        *("system", "corpus", "gold_words", "pred_words", "correct"),
        *DELIMITED_FIGURES,
        "p_value",
        *(figure.average for figure in optional),
    ]
    rows = []
    for row in suite.rows:
        for corpus, cell in row.cells.items():
            figures = [plain(_cell_value(_result_cell(cell, f))) for f in optional]
            rows.append([row.name, corpus, *_delimited_cell(cell), *figures])
        mean = row.average.mean
        rows.append(
            [row.name, "mean", "", "", "", *(plain(mean[k]) for k in DELIMITED_FIGURES), ""]
            + [plain(_cell_value(_mean_cell(row, figure))) for figure in optional]
        )
        pooled = row.average.pooled
        figures = ["", "", "", *(plain(None) for _ in DELIMITED_FIGURES), ""]
        if pooled is not None:
            figures = ["", "", "", *(plain(_figure(pooled, k)) for k in DELIMITED_FIGURES), ""]
        figures += [plain(_cell_value(_pooled_cell(row, figure))) for figure in optional]
        rows.append([row.name, "pooled", *figures])
    return Table([TableColumn(header) for header in headers], rows)


def _cell_value(cell: GridCell) -> float | None:
    """A grid cell's ratio (the optional figures have no interval)."""
    assert not isinstance(cell.value, Interval)
    return cell.value


def _delimited_cell(cell: Cell) -> list[str]:
    if cell.result is None:
        return [""] * (4 + len(DELIMITED_FIGURES))
    counts, metrics = cell.result.counts, cell.result.metrics
    p_value = cell.test.randomization_f.p_value if cell.test is not None else None
    return [
        str(counts.gold_words),
        str(counts.pred_words),
        str(counts.correct),
        *(plain(_figure(metrics, key)) for key in DELIMITED_FIGURES),
        plain(p_value),
    ]


def _figure(metrics: Metrics, key: str) -> float | None:
    value: float | None = getattr(metrics, AVERAGED[key])
    return value
