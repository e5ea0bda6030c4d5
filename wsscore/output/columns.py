"""The columns of a bakeoff table and how their cells read, shared by the table renderers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wsscore.core.records import Counts
from wsscore.errors import warnings_held
from wsscore.formatting import DEFAULT_DIGITS, UNDEFINED, interval_digits, ratio_text
from wsscore.metrics.scores import Interval
from wsscore.results import Report, SystemResult

DECILE_TITLE = "Accuracy by difficulty (gold words in brackets; Qian et al. 2016):"


@dataclass(frozen=True)
class Column:
    header: str
    value: Callable[[SystemResult], object]  # the exact value, for json/tsv/csv
    kind: str  # "name", "count", "ratio" or "interval"
    # Columns of one group are kept side by side when a terminal table is cut to fit.
    group: str = "bakeoff"


def columns(report: Report, *, every_figure: bool | None = None) -> list[Column]:
    """System, Words, R, c_r, P, c_p, F, OOV, R_oov, R_iv, in the order of the bakeoff tables,
    then the figures asked for; with a named convention, that convention's columns.
    ``every_figure`` says whether the reader asked for every figure (``--extra``); None: where
    the extra figures were computed (the report page computes them without being asked)."""
    if report.settings.conventions is not None:
        cols = convention_columns(report, report.settings.conventions)
    else:
        cols = _bakeoff_columns(report) + _analysis_columns(report, every_figure)
    if report.ci == "none":
        cols = [c for c in cols if c.kind != "interval"]
    return cols


def _f_header(report: Report) -> str:
    return "F" if report.beta == 1.0 else f"F(β={report.beta:g})"


def _bakeoff_columns(report: Report) -> list[Column]:
    """System, Words, R, c_r, P, c_p, F, and with a dictionary OOV, R_oov, R_iv."""
    cols = [
        Column("System", lambda s: s.name, "name"),
        Column("Words", lambda s: s.counts.gold_words, "count"),
        Column("R", lambda s: s.metrics.recall, "ratio"),
        Column("c_r", lambda s: s.metrics.recall_ci, "interval"),
        Column("P", lambda s: s.metrics.precision, "ratio"),
        Column("c_p", lambda s: s.metrics.precision_ci, "interval"),
        Column(_f_header(report), lambda s: s.metrics.f, "ratio"),
    ]
    if report.has_dictionary:
        cols += [
            Column("OOV", lambda s: s.metrics.oov_rate, "ratio", "oov"),
            Column("R_oov", lambda s: s.metrics.oov_recall, "ratio", "oov"),
            Column("R_iv", lambda s: s.metrics.iv_recall, "ratio", "oov"),
        ]
    return cols


def _analysis_columns(report: Report, every_figure: bool | None) -> list[Column]:
    """The columns of the figures computed beside the bakeoff table, in their order."""
    cols: list[Column] = []
    if any(system.extra_metrics is not None for system in report.systems):
        cols += extra_columns()
    if any(system.weighted_metrics is not None for system in report.systems):
        cols += weighted_columns()
    if any(system.tag_metrics is not None for system in report.systems):
        cols += tag_columns(report.has_dictionary)
    if any(_sentences_and_tokens_tell(system, every_figure) for system in report.systems):
        cols += sentence_token_columns()
    return cols


def _sentences_and_tokens_tell(system: SystemResult, every_figure: bool | None) -> bool:
    """Whether a system's Sentences and Tokens (conll18_ud_eval.py's) belong in the table: with
    ``--extra``, which asks for every figure, or where they say what the other columns do not.
    They say nothing more where the tokens are the words (no CoNLL-U multi-word token) and the
    only sentences that are wrong are those on a line with a character that differs from the
    gold (wrong as the words touching it are): six columns of 1.000 and of P, R and F again.
    The JSON has them all the same."""
    found = system.sentence_tokens
    if found is None or system.sentence_token_metrics is None:
        return False
    asked = system.extra_metrics is not None if every_figure is None else every_figure
    if asked:
        return True
    counts = system.counts
    tokens_are_words = (found.tokens_correct, found.tokens_gold, found.tokens_pred) == (
        counts.correct,
        counts.gold_words,
        counts.pred_words,
    )
    wrong_sentences = found.sentences_gold - found.sentences_correct
    same_breaks = (
        found.sentences_gold == found.sentences_pred and wrong_sentences <= counts.misaligned_lines
    )
    return not (tokens_are_words and same_breaks)


# Each convention's columns after System, by header, in the order and grouping its community
# prints them (docs/metrics.md §5.13); "F" stands for F (F_β with --beta). The tag columns
# ("+tags": P_tag R_tag F_tag Acc_tag, and R_oov_tag with a dictionary) and EM_tag come only
# with --tags.
CONVENTION_HEADERS: dict[str, tuple[str, ...]] = {
    # PyThaiNLP's benchmark prints char_level, then word_level precision and recall.
    "thai": ("P_c", "R_c", "F_c", "P", "R", "F", "+tags"),
    # mecab-system-eval: LEVEL 0 (words) and LEVEL 1 (word and tag) precision, recall, F;
    # MevAL: the sentences segmented exactly.
    "japanese": ("P", "R", "F", "+tags", "EM", "EM_tag"),
    # conll18_ud_eval.py's rows in order: Tokens, Sentences, Words, then UPOS or XPOS.
    "ud": ("P_tok", "R_tok", "F_tok", "P_sent", "R_sent", "F_sent", "P", "R", "F", "+tags"),
    # The bakeoff table: gold words, R and P with their intervals, F, and the OOV figures.
    "sighan": ("Words", "R", "c_r", "P", "c_p", "F", "OOV", "R_oov", "R_iv", "+tags"),
}


def convention_columns(report: Report, name: str) -> list[Column]:
    """System, then the columns of the convention ``name`` (a key of
    :data:`CONVENTION_HEADERS`), then difficulty-weighted figures when they were asked for.

    Figures the convention does not print are left out of the tables (the JSON keeps them);
    columns without a figure for the report (OOV without a dictionary) are left out too."""
    f_header = _f_header(report)
    pool = {
        column.header: column
        for column in [
            *_bakeoff_columns(report),
            *extra_columns(),
            *sentence_token_columns(),
            *tag_columns(report.has_dictionary),
        ]
    }
    has_tags = any(system.tag_metrics is not None for system in report.systems)
    cols = [pool["System"]]
    for header in CONVENTION_HEADERS[name]:
        if header == "+tags":
            tags = tag_columns(report.has_dictionary) if has_tags else []
            cols += [column for column in tags if column.header != "EM_tag"]
        elif header == "EM_tag":
            cols += [pool[header]] if has_tags else []
        elif header == "F":
            cols.append(pool[f_header])
        elif header in pool:
            cols.append(pool[header])
    if any(system.weighted_metrics is not None for system in report.systems):
        cols += weighted_columns()
    return cols


def _extra_metric(name: str) -> Callable[[SystemResult], object]:
    return lambda s: getattr(s.extra_metrics, name) if s.extra_metrics is not None else None


def _extra_count(name: str) -> Callable[[SystemResult], object]:
    return lambda s: getattr(s.extra, name) if s.extra is not None else None


def _weighted_metric(name: str) -> Callable[[SystemResult], object]:
    return lambda s: getattr(s.weighted_metrics, name) if s.weighted_metrics is not None else None


def _tag_metric(name: str) -> Callable[[SystemResult], object]:
    return lambda s: getattr(s.tag_metrics, name) if s.tag_metrics is not None else None


def _sentence_token_metric(name: str) -> Callable[[SystemResult], object]:
    return lambda s: (
        getattr(s.sentence_token_metrics, name) if s.sentence_token_metrics is not None else None
    )


def sentence_token_columns() -> list[Column]:
    """conll18_ud_eval.py's Sentences and Tokens: precision, recall and F1 of each (with
    CoNLL-U, sentence breaks that differ from the gold's, or --extra)."""
    names = [
        ("P_sent", "sentences_precision", "sentences"),
        ("R_sent", "sentences_recall", "sentences"),
        ("F_sent", "sentences_f1", "sentences"),
        ("P_tok", "tokens_precision", "tokens"),
        ("R_tok", "tokens_recall", "tokens"),
        ("F_tok", "tokens_f1", "tokens"),
    ]
    return [
        Column(header, _sentence_token_metric(name), "ratio", group)
        for header, name, group in names
    ]


def tag_columns(has_dictionary: bool) -> list[Column]:
    """--tags: precision, recall and F of word + tag, the tag accuracy on correctly segmented
    words, (with a dictionary) the recall of OOV words with their tag, and the share of gold
    sentences whose words and tags are all right."""
    names = [("P_tag", "tag_precision"), ("R_tag", "tag_recall"), ("F_tag", "tag_f1")]
    names.append(("Acc_tag", "tag_accuracy"))
    if has_dictionary:
        names.append(("R_oov_tag", "tag_oov_recall"))
    names.append(("EM_tag", "exact_tagged_match"))
    return [Column(header, _tag_metric(name), "ratio", "tags") for header, name in names]


def tag_tables(
    report: Report, digits: int = DEFAULT_DIGITS
) -> list[tuple[str, list[str], list[list[str]]]]:
    """--tags: a table per system, one row per tag (title, headers, rows of cells), ratios with
    ``digits`` decimals."""
    from wsscore.metrics.tags import tag_rows

    tables = []
    for system in report.systems:
        if system.tags is None:
            continue
        rows = [
            [row.tag, f"{row.gold:,}", f"{row.pred:,}", f"{row.correct:,}"]
            + [ratio_text(v, digits=digits) for v in (row.precision, row.recall, row.f1)]
            for row in tag_rows(system.tags)
        ]
        headers = ["Tag", "Gold", "Pred", "Correct", "P", "R", "F"]
        tables.append((f"Tags of {system.name} (word and tag both right):", headers, rows))
    return tables


def weighted_columns() -> list[Column]:
    """--committee / --difficulty: the difficulty-weighted figures of Qian et al. (2016)."""
    names = ("r_reward", "r_punish", "r_b", "p_reward", "p_punish", "p_b", "f_b")
    return [Column(name, _weighted_metric(name), "ratio", f"weighted {name[0]}") for name in names]


def decile_rows(
    report: Report, digits: int = DEFAULT_DIGITS
) -> tuple[list[str], list[list[str]]] | None:
    """Accuracy per difficulty decile, a row per system (None without difficulties), with
    ``digits`` decimals."""
    weighted = [s for s in report.systems if s.weighted is not None]
    if not weighted:
        return None
    from wsscore.metrics.difficulty import deciles

    labels = [d.label for d in deciles(weighted[0].weighted)]  # type: ignore[arg-type]
    rows = []
    for system in weighted:
        cells = [system.name]
        for decile in deciles(system.weighted):  # type: ignore[arg-type]
            accuracy = decile.accuracy
            cells.append(
                UNDEFINED if accuracy is None else f"{accuracy:.{digits}f} ({decile.gold_words:,})"
            )
        rows.append(cells)
    return ["Difficulty", *labels], rows


def extra_columns() -> list[Column]:
    """--extra: TNR, boundary P/R/F, F_mean (β = 3), and the three error classes."""
    return [
        Column("TNR", _extra_metric("tnr"), "ratio", "boundaries"),
        Column("P_b", _extra_metric("boundary_precision"), "ratio", "boundaries"),
        Column("R_b", _extra_metric("boundary_recall"), "ratio", "boundaries"),
        Column("F_b", _extra_metric("boundary_f1"), "ratio", "boundaries"),
        Column("F_mean", _extra_metric("f_mean"), "ratio", "boundaries"),
        Column("Split", _extra_count("split_errors"), "count", "error classes"),
        Column("Merged", _extra_count("merged_errors"), "count", "error classes"),
        Column("Crossing", _extra_count("crossing_errors"), "count", "error classes"),
        *community_columns(),
    ]


def community_columns() -> list[Column]:
    """--extra: the figures other communities report (docs/metrics.md §5.8–5.11): exact
    sentences, PyThaiNLP's character-level P/R/F, boundary P/R/F with sentence edges, and the
    P/R/F of the distinct words (types)."""
    return [
        Column("EM", _extra_metric("exact_match"), "ratio", "exact sentences"),
        Column("P_c", _extra_metric("char_precision"), "ratio", "characters"),
        Column("R_c", _extra_metric("char_recall"), "ratio", "characters"),
        Column("F_c", _extra_metric("char_f1"), "ratio", "characters"),
        Column("P_e", _extra_metric("edge_boundary_precision"), "ratio", "edges"),
        Column("R_e", _extra_metric("edge_boundary_recall"), "ratio", "edges"),
        Column("F_e", _extra_metric("edge_boundary_f1"), "ratio", "edges"),
        Column("P_t", _extra_metric("type_precision"), "ratio", "types"),
        Column("R_t", _extra_metric("type_recall"), "ratio", "types"),
        Column("F_t", _extra_metric("type_f1"), "ratio", "types"),
    ]


def cell(
    column: Column,
    system: SystemResult,
    *,
    name: Callable[[str], str] = str,
    plus_minus: str = "±",
    brackets: tuple[str, str] = ("[", "]"),
    undefined: str = UNDEFINED,
    digits: int = DEFAULT_DIGITS,
) -> str:
    """A cell as the papers print it: three decimals for ratios, four for intervals (``digits``
    and one more).

    The keywords let a markup (LaTeX) escape names and spell its symbols.
    """
    value = column.value(system)
    if column.kind == "name":
        return name(str(value))
    if value is None:
        return undefined
    if column.kind == "count":
        return f"{value:,}"
    if column.kind == "interval":
        assert isinstance(value, Interval)
        places = interval_digits(digits)
        if value.half_width is not None:
            return f"{plus_minus}{value.half_width:.{places}f}"
        # Wilson and bootstrap intervals are not symmetric: both ends.
        return f"{brackets[0]}{value.low:.{places}f}, {value.high:.{places}f}{brackets[1]}"
    return f"{value:.{digits}f}"


def notes(report: Report) -> list[str]:
    """Lines printed under a table: what a reader must know to trust it. A mismatch is left out
    while the run's warnings are held for the terminal: its warning, printed right under the
    table, says it with where the first difference is."""
    if warnings_held():
        return []
    return [
        mismatch_note(system.name, system.counts)
        for system in report.systems
        if system.counts.misaligned_chars
    ]


def mismatch_note(names: str, counts: Counts) -> str:
    """The note of a prediction (or several, ``names`` joined) whose text differs from the
    gold's."""
    return (
        f"{names}: {counts.misaligned_chars} character(s) on {counts.misaligned_lines} line(s) "
        "differ from the gold; words touching them count as wrong"
    )
