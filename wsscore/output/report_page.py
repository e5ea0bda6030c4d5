"""The HTML page of ``wsscore report``: one self-contained file (styles, script, SVG figures and
data inside it, nothing fetched), written from :class:`~wsscore.scoring.report_page.PageData`.

The template, its style sheet and its script are package files (``report_assets/``); this
module renders the sections that are fixed once scored (the ranked table, the figures, the error
classes, the buckets) and embeds two JSON documents: ``wsscore-data`` (the score report of
``wsscore score -f json`` under ``report``, and the analyses) and ``wsscore-sentences`` (the
sentences the browser keeps, as each system cut them), which the script's sentence browser
reads.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
from html import escape
from importlib import resources
from pathlib import PurePath
from typing import Protocol

from wsscore._version import __version__
from wsscore.core.units import JOINS_BEFORE, joins_before
from wsscore.formatting import ratio_text
from wsscore.metrics.boundaries import ERROR_CLASSES
from wsscore.metrics.ranking import verdict
from wsscore.output.bucket_chart import grouped_bars
from wsscore.output.columns import (
    Column,
    cell,
    columns,
)
from wsscore.output.plot import f_interval
from wsscore.output.svg import bar_chart, colour, interval_chart
from wsscore.results import Report
from wsscore.scoring.page_sentences import SENTENCE_BYTES, script_json, shown_bytes
from wsscore.scoring.report_page import PageData

ASSETS = "report_assets"
DOTTED_CIRCLE = "\u25cc"  # the base on which Unicode shows a combining mark alone
# The script's test of a character that joins the one before it: the file's own (by category)
# is replaced in the page by the pinned tables' (core/units.JOINS_BEFORE), as Python tests it.
SCRIPT_JOINS = re.compile(r"var JOINS_BEFORE = /.*/u;")
LONGEST_CUT = 30  # characters of a cut shown in the error tables (all of it on hovering)
SLOT = re.compile(r"<!--slot:([a-z]+)-->")
CLASS_NOTES = {
    "split": "a gold word cut into pieces",
    "merged": "a gold word joined with its neighbours",
    "crossing": "a gold word cut across its boundaries",
}


# What each column of the scores table means, said where it stands (hover) and under the table.
HEADER_NOTES = {
    "Words": "gold words",
    "R": "recall: right words / gold words",
    "c_r": "confidence interval of R",
    "P": "precision: right words / predicted words",
    "c_p": "confidence interval of P",
    "F": "F1, the harmonic mean of R and P",
    "OOV": "share of gold words not in the dictionary",
    "R_oov": "recall of the out-of-vocabulary gold words",
    "R_iv": "recall of the in-vocabulary gold words",
    "TNR": "true negative rate: non-words the system rightly did not predict",
    "P_b": "precision of word boundaries",
    "R_b": "recall of word boundaries",
    "F_b": "F of word boundaries",
    "F_mean": "F_β with β = 3",
    "Split": "gold words cut into pieces",
    "Merged": "gold words joined with their neighbours",
    "Crossing": "gold words cut across their boundaries",
    "EM": "exact match: gold sentences segmented exactly / gold sentences",
    "P_c": "precision of word starts, character by character (PyThaiNLP)",
    "R_c": "recall of word starts, character by character (PyThaiNLP)",
    "F_c": "F of word starts, character by character (PyThaiNLP)",
    "P_e": "precision of word boundaries, sentence edges counted",
    "R_e": "recall of word boundaries, sentence edges counted",
    "F_e": "F of word boundaries, sentence edges counted",
    "P_t": "precision of the distinct words (types) predicted",
    "R_t": "recall of the distinct gold words (types)",
    "F_t": "F of the distinct words (types)",
    "r_reward": "difficulty-weighted recall, reward (Qian et al. 2016)",
    "r_punish": "difficulty-weighted recall, punishment (Qian et al. 2016)",
    "r_b": "difficulty-weighted recall, balanced (Qian et al. 2016)",
    "p_reward": "difficulty-weighted precision, reward (Qian et al. 2016)",
    "p_punish": "difficulty-weighted precision, punishment (Qian et al. 2016)",
    "p_b": "difficulty-weighted precision, balanced (Qian et al. 2016)",
    "f_b": "difficulty-weighted F, balanced (Qian et al. 2016)",
    "P_sent": "sentences whose span is a gold sentence's / predicted sentences",
    "R_sent": "sentences whose span is a gold sentence's / gold sentences",
    "F_sent": "F1 of sentences, as conll18_ud_eval.py's Sentences",
    "P_tok": "right tokens / predicted tokens (a multi-word token once)",
    "R_tok": "right tokens / gold tokens (a multi-word token once)",
    "F_tok": "F1 of tokens, as conll18_ud_eval.py's Tokens",
}
# Long heads shortened so that the table fits a 1,400-pixel window; the legend spells them out.
SHORT_HEADERS = {"Split": "Spl.", "Merged": "Mrg.", "Crossing": "Crs."}
WRONG_NOTE = "times the gold word was wrong in this class, all the systems together"
TABLE_NOTE = (
    "<b>Wrong</b>: times the gold word was wrong this way, all the systems together. Under a "
    "system: the cut it made of the word most often (its words over the gold word, joined by /) "
    "and how many times; <b>(wrong N×)</b>: all the times that system got the word wrong this "
    "way, whatever its cut (shown when it cut the word more than one way). Click a cell to see "
    "exactly those sentences: that gold word, cut that way by that system."
)


def asset(name: str) -> str:
    folder = resources.files("wsscore.output").joinpath(ASSETS)
    return folder.joinpath(name).read_text(encoding="utf-8")


class Writer(Protocol):
    def write(self, data: str, /) -> object: ...


def write_page(data: PageData, out: Writer, *, title: str | None = None) -> None:
    """The whole page into ``out``; the sentences are copied from ``data.sentences`` in
    blocks, never held whole."""
    template = asset("page.html")
    slots = {
        "title": escape(title or default_title(data)),
        "meta": _meta(data),
        "summary": scores_html(data.report),
        "figures": _figures(data),
        "errors": _errors(data),
        "buckets": _buckets(data),
        "leftout": _left_out(data),
        "css": asset("report.css"),
        "data": script_json(data.as_dict()),
        "js": _script(),
    }
    before, sentences_slot, after = template.partition("<!--slot:sentences-->")
    if not sentences_slot:
        raise RuntimeError("internal error: the page template has no sentences slot")
    out.write(shown_bytes(_filled(before, slots)))
    out.write('{"systems":' + script_json(data.names) + ',"sentences":[')
    shutil.copyfileobj(data.sentences, out, 1 << 20)
    out.write("]}")
    out.write(shown_bytes(_filled(after, slots)))


def _filled(text: str, slots: dict[str, str]) -> str:
    """The slots filled in one pass: text put into one is never searched for another."""
    return SLOT.sub(lambda found: slots[found.group(1)], text)


def default_title(data: PageData) -> str:
    """The page's title unless ``--title`` gives one: the corpus (the gold's file name, not
    its path, which says where a file was and not what it is) and the systems."""
    gold = data.report.gold.path
    corpus = gold if gold.startswith("<") or gold == "-" else PurePath(gold).name
    return f"{corpus}: {', '.join(data.names)}"


def _left_out(data: PageData) -> str:
    """What the browser leaves out and how to see it; nothing where it keeps every sentence."""
    if not data.left_out:
        return ""
    shown, total = data.sentence_count, data.sentence_count + data.left_out
    budget = SENTENCE_BYTES // 1_000_000
    return (
        f'\n<p class="sb-msg" id="left-out">The browser shows {shown:,} of the {total:,} '
        "sentences: those that the most systems get wrong, then those with the most wrong "
        f"words, then the earliest. The other {data.left_out:,} are left out to keep this page "
        "small; the figures and tables above count every sentence. To see more, write the "
        "page again with <code>wsscore report --max-sentences N</code> (now "
        f"{data.max_sentences:,}; the sentences stay under {budget} MB whatever N), or list a "
        "system's worst lines with <code>wsscore errors GOLD PRED --per-line N</code>.</p>"
    )


def _meta(data: PageData) -> str:
    report, gold = data.report, data.report.gold
    dictionary = report.dictionary
    known = (
        f"dictionary {escape(', '.join(dictionary.paths) or 'given in memory')} "
        f"({len(dictionary):,} {'words' if dictionary.source == 'words' else 'training words'})"
        if dictionary is not None
        else "no dictionary (no OOV figures)"
    )
    date = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"<p>Gold <code>{escape(gold.path)}</code>: {gold.sentences:,} sentences, "
        f"{gold.words:,} words ({escape(gold.encoding)}, {escape(gold.format)}); {known}. "
        f"wsscore {__version__}, {date}.</p>"
        f'<p class="signature">Signature: <code>{escape(report.signature)}</code></p>'
    )


# The page's tables of figures after the bakeoff table, by the group of their columns (the
# groups of a terminal table cut to fit): each a few columns, readable in a narrow window.
GROUP_TITLES = {
    "boundaries": "Boundaries and sentences segmented exactly",
    "error classes": "Wrong words by kind of error",
    "characters": "Word-start characters",
    "edges": "Boundaries with sentence edges",
    "types": "Distinct words (types)",
    "weighted": "Difficulty-weighted figures (Qian et al. 2016)",
    "tags": "Tags",
    "sentences": "Sentences and tokens (conll18_ud_eval.py)",
}
# Groups shown in one table: a few columns each, of one subject.
_SAME_TABLE = {"oov": "bakeoff", "tokens": "sentences", "exact sentences": "boundaries"}


def scores_html(report: Report) -> str:
    """The ranked bakeoff table first (with the OOV figures), then the other figures in tables
    of a group each (beside the others they would make the table too wide for the window).
    Sentences and tokens come only where they say what the other figures do not. Also a
    report's view in a notebook (``render(report, "html")``)."""
    every = columns(report, every_figure=False)
    tables: dict[str, list[Column]] = {}
    for column in every[1:]:
        tables.setdefault(_table_of(column, report), []).append(column)
    shown = [
        _scores_table(report, [every[0], *cols], GROUP_TITLES.get(group))
        for group, cols in tables.items()
    ]
    html = shown[0]
    if len(shown) > 1:
        html += f'<div class="score-groups">{"".join(f"<div>{t}</div>" for t in shown[1:])}</div>'
    sentence = verdict(report.systems)
    notes = f"<p>{escape(sentence)}</p>" if sentence else ""
    warnings = "".join(f"<li>{escape(w)}</li>" for w in report.warnings)
    if warnings:
        notes += (
            f'<details class="warnings"><summary>Warnings</summary><ul>{warnings}</ul></details>'
        )
    return html + notes


def _table_of(column: Column, report: Report) -> str:
    """The table a column stands in: a convention's columns in one, in its community's order."""
    if report.settings.conventions is not None:
        return "bakeoff"
    group = column.group.split(" ")[0] if column.group.startswith("weighted") else column.group
    return _SAME_TABLE.get(group, group)


def _scores_table(report: Report, cols: list[Column], title: str | None) -> str:
    """A table of the systems' figures in ``cols`` under ``title``, each explained in a legend
    under it."""
    head = "".join(_header(c.header) for c in cols)
    rows = []
    for system in report.systems:
        cells = []
        for c in cols:
            text = escape(cell(c, system))
            if c.kind == "name":
                cells.append(f"<td>{text}</td>")
                continue
            hover = escape(f"{system.name}: {_note(c.header)} = {cell(c, system)}")
            cells.append(f'<td class="num" title="{hover}">{text}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    legend = "; ".join(
        f"<b>{escape(SHORT_HEADERS.get(c.header, c.header))}</b> {escape(_note(c.header))}"
        for c in cols
        if c.kind != "name"
    )
    caption = f"<caption>{escape(title)}</caption>" if title else ""
    return (
        f'<div class="table-wrap"><table class="scores">{caption}<thead><tr>{head}</tr></thead>'
        "<tbody>"
        f"{''.join(rows)}</tbody></table></div>"
        f'<p class="note legend-scores">{legend}.</p>'
    )


def _header(header: str) -> str:
    """A column's head, abbreviated where the word is long, explained on hovering."""
    return f'<th title="{escape(_note(header))}">{escape(SHORT_HEADERS.get(header, header))}</th>'


def _note(header: str) -> str:
    if header.startswith("F(β="):
        return f"F_β, β = {header[4:-1]}: recall weighted β times as much as precision"
    return HEADER_NOTES.get(header, header)


def _figures(data: PageData) -> str:
    systems = data.report.systems
    names = [s.name for s in systems]
    colours = [colour(index) for index in data.order]  # each system's colour on the page
    f_chart = interval_chart(
        "F per system, with its confidence interval",
        names,
        [s.metrics.f for s in systems],
        [f_interval(s) for s in systems],
        colours,
    )
    figures = [_figure(f_chart, "F with its interval (Sproat and Emerson 2003, figure 1)")]
    if data.report.has_dictionary:
        oov_recall = [s.metrics.oov_recall for s in systems]
        oov = bar_chart("R_oov per system", names, oov_recall, colours)
        figures.append(_figure(oov, "Recall of OOV words (Sproat and Emerson 2003, figure 2)"))
    return "".join(figures)


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>"


def _legend(names: list[str]) -> str:
    items = "".join(
        f'<li><span class="swatch" style="background:{colour(i)}"></span>{escape(name)}</li>'
        for i, name in enumerate(names)
    )
    return f'<ul class="legend">{items}</ul>'


def _errors(data: PageData) -> str:
    document = data.as_dict()["error_classes"]
    assert isinstance(document, dict)
    names = data.names
    parts = []
    for name in ERROR_CLASSES:
        entry = document[name]
        counts = " · ".join(
            f"{escape(system)}: {count:,}"
            for system, count in zip(names, entry["counts"], strict=True)
        )
        head = "".join(
            f'<th title="how {escape(system)} cut the gold word most often">{escape(system)}</th>'
            for system in names
        )
        rows = [_error_row(name, row, names) for row in entry["words"]]
        table = (
            f'<div class="table-wrap"><table class="errors err-{name}"><thead><tr>'
            f'<th title="the word as the gold segmentation has it">Gold word</th>'
            f'<th title="{WRONG_NOTE}">Wrong</th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>"
            f'<p class="note">{TABLE_NOTE}</p>'
            if rows
            else "<p>None.</p>"
        )
        parts.append(
            f'<div class="error-class" id="class-{name}"><h3><span class="err-{name}">{name}'
            f"</span>: {escape(CLASS_NOTES[name])}</h3><p>Wrong gold words: {counts}</p>{table}"
            "</div>"
        )
    # A grid: at 1,400 px the classes stand two by two, on a phone one under another.
    return _legend(names) + f'<div class="error-classes">{"".join(parts)}</div>'


def _script() -> str:
    """The page's script, its JOINS_BEFORE the characters that :func:`joins_before` takes."""
    ranges = "".join(f"\\u{{{start:X}}}-\\u{{{end:X}}}" for start, end in JOINS_BEFORE)
    script, replaced = SCRIPT_JOINS.subn(
        lambda _: f"var JOINS_BEFORE = /^[{ranges}]/u;", asset("report.js")
    )
    if replaced != 1:
        raise RuntimeError("internal error: the page script has no JOINS_BEFORE to fill")
    return script


def visible(text: str) -> str:
    """A word, or a cut (words joined by /), with each piece that starts with a character
    that joins the one before it shown after U+25CC DOTTED CIRCLE, as a mark alone is written
    (``ก/ำลัง`` is shown ``ก/◌ำลัง``), so that it renders; the page's script does the same in
    the sentence browser."""
    pieces = text.split("/")
    return "/".join(
        DOTTED_CIRCLE + piece if piece and joins_before(piece[0]) else piece for piece in pieces
    )


def _error_row(error: str, row: dict[str, object], names: list[str]) -> str:
    """A wrong gold word: every cell opens its sentences (the word's, or one system's cut)."""
    word, wrong, found = str(row["word"]), row["wrong"], row["systems"]
    assert isinstance(wrong, int) and isinstance(found, list)
    shown = escape(visible(word))
    opens = f'data-word="{escape(word)}" data-class="{error}"'
    cuts = "".join(
        _cut_cell(word, error, system, cut) for system, cut in zip(names, found, strict=True)
    )
    return (
        f'<tr><td class="word" {opens} title="show the sentences where {shown} is {error}">'
        f'{shown}</td><td class="num" {opens} title="{shown} was {error} {wrong:,} times, all '
        f'the systems together; click to see those sentences">{wrong:,}</td>{cuts}</tr>'
    )


def _cut_cell(word: str, error: str, system: str, found: dict[str, object] | None) -> str:
    """One system's most frequent wrong cut of a gold word, and how often; opens those cases."""
    if found is None:
        return (
            f'<td class="ok" title="{escape(system)} never got {escape(visible(word))} '
            f'{error}">right</td>'
        )
    cut, count, wrong = str(found["cut"]), found["count"], found["wrong"]
    assert isinstance(count, int) and isinstance(wrong, int)
    more = f" (wrong {wrong:,}×)" if wrong != count else ""
    seen = visible(cut)
    shown = escape(seen if len(seen) <= LONGEST_CUT else seen[: LONGEST_CUT - 1] + "…")
    word_seen = visible(word)
    title = (
        f"{system} cut {word_seen} as {seen} {_times(count)}"
        + (f", of the {wrong:,} times it got {word_seen} {error}" if wrong != count else "")
        + "; click to see those sentences"
    )
    opens = (
        f'data-word="{escape(word)}" data-pred="{escape(cut)}" data-system="{escape(system)}" '
        f'data-class="{error}"'
    )
    return (
        f'<td class="cut" {opens} title="{escape(title)}">{shown} '
        f'<span class="count">{count:,}×{more}</span></td>'
    )


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count:,} times"


def _buckets(data: PageData) -> str:
    document = data.as_dict()["buckets"]
    assert isinstance(document, list)
    names = data.names
    parts = [_legend(names)]
    for family in document:
        labels = family["labels"]
        values = [[bucket["f1"] for bucket in system] for system in family["systems"]]
        tips = [
            [_tip(name, label, bucket) for label, bucket in zip(labels, system, strict=True)]
            for name, system in zip(names, family["systems"], strict=True)
        ]
        chart = grouped_bars(f"F by {family['title'].lower()}", labels, names, values, tips)
        parts.append(
            f'<figure class="bucket" id="bucket-{family["key"]}">{chart}<figcaption>'
            f"{escape(family['title'])}: F per bucket (hover a bar for R, P and counts)"
            f"</figcaption>{_bucket_table(family, names)}</figure>"
        )
    return '<div class="buckets">' + "".join(parts) + "</div>"


def _tip(name: str, label: str, bucket: dict[str, object]) -> str:
    return (
        f"{name}, {label}: F {_ratio(bucket['f1'])}, R {_ratio(bucket['recall'])} "
        f"({bucket['gold_correct']:,}/{bucket['gold']:,}), P {_ratio(bucket['precision'])} "
        f"({bucket['pred_correct']:,}/{bucket['pred']:,})"
    )


def _bucket_table(family: dict[str, object], names: list[str]) -> str:
    labels = family["labels"]
    assert isinstance(labels, list)
    head = "".join(f"<th>{escape(label)}</th>" for label in labels)
    rows = []
    systems = family["systems"]
    assert isinstance(systems, list)
    for name, buckets in zip(names, systems, strict=True):
        cells = "".join(
            f'<td class="num" title="{escape(_recall_note(name, label, b))}">'
            f"{_ratio(b['recall'])}<br><small>{b['gold']:,}</small></td>"
            for label, b in zip(labels, buckets, strict=True)
        )
        rows.append(f"<tr><td>{escape(name)}</td>{cells}</tr>")
    return (
        "<details><summary>Recall and gold words per bucket (recall above, the bucket's gold "
        'words below)</summary><table class="bucket-table">'
        f"<thead><tr><th>R</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></details>"
    )


def _recall_note(name: str, label: str, bucket: dict[str, object]) -> str:
    """What a cell of a bucket table says, in words."""
    right, gold = bucket["gold_correct"], bucket["gold"]
    assert isinstance(right, int) and isinstance(gold, int)
    recall = _ratio(bucket["recall"])
    return f"{name}, {label}: recall {recall}, {right:,} of {gold:,} gold words right"


def _ratio(value: object) -> str:
    """A ratio of the page's data (read back from its JSON-ready form)."""
    assert value is None or isinstance(value, (int, float)), value
    return ratio_text(value)
