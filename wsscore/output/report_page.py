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
from typing import Protocol

from wsscore._version import __version__
from wsscore.formatting import ratio_text
from wsscore.metrics.boundaries import ERROR_CLASSES
from wsscore.metrics.ranking import verdict
from wsscore.output.bucket_chart import grouped_bars
from wsscore.output.columns import cell, columns
from wsscore.output.plot import f_interval
from wsscore.output.svg import bar_chart, colour, interval_chart
from wsscore.scoring.page_sentences import SENTENCE_BYTES, script_json, shown_bytes
from wsscore.scoring.report_page import PageData

ASSETS = "report_assets"
LONGEST_CUT = 30  # characters of a cut shown in the error tables (all of it on hovering)
SLOT = re.compile(r"<!--slot:([a-z]+)-->")
CLASS_NOTES = {
    "split": "a gold word cut into pieces",
    "merged": "a gold word joined with its neighbours",
    "crossing": "a gold word cut across its boundaries",
}


def asset(name: str) -> str:
    folder = resources.files("wsscore.output").joinpath(ASSETS)
    return folder.joinpath(name).read_text(encoding="utf-8")


class Writer(Protocol):
    def write(self, data: str, /) -> object: ...


def write_page(data: PageData, out: Writer, *, title: str | None = None) -> None:
    """The whole page into ``out``; the sentences are copied from ``data.sentences`` in
    blocks, never held whole."""
    template = asset("page.html")
    gold = data.report.gold
    slots = {
        "title": escape(title or f"wsscore report: {gold.path}"),
        "meta": _meta(data),
        "summary": _summary(data),
        "figures": _figures(data),
        "errors": _errors(data),
        "buckets": _buckets(data),
        "leftout": _left_out(data),
        "css": asset("report.css"),
        "data": script_json(data.as_dict()),
        "js": asset("report.js"),
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


def _summary(data: PageData) -> str:
    report = data.report
    cols = columns(report)
    head = "".join(f"<th>{escape(c.header)}</th>" for c in cols)
    rows = []
    for system in report.systems:
        cells = []
        for c in cols:
            text = escape(cell(c, system))
            cells.append(f"<td>{text}</td>" if c.kind == "name" else f'<td class="num">{text}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    sentence = verdict(report.systems)
    notes = f"<p>{escape(sentence)}</p>" if sentence else ""
    warnings = "".join(f"<li>{escape(w)}</li>" for w in report.warnings)
    if warnings:
        notes += (
            f'<details class="warnings"><summary>Warnings</summary><ul>{warnings}</ul></details>'
        )
    return (
        f'<div class="table-wrap"><table class="scores"><thead><tr>{head}</tr></thead><tbody>'
        f"{''.join(rows)}</tbody></table></div>{notes}"
    )


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
        head = "".join(f"<th>{escape(system)}</th>" for system in names)
        rows = []
        for row in entry["words"]:
            word = escape(row["word"])
            cuts = "".join(_cut_cell(found) for found in row["systems"])
            rows.append(
                f'<tr><td class="word" data-word="{word}" title="show its sentences">{word}</td>'
                f'<td class="num">{row["wrong"]:,}</td>{cuts}</tr>'
            )
        table = (
            f'<div class="table-wrap"><table class="errors err-{name}"><thead><tr>'
            f"<th>Gold word</th><th>Wrong</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
            "</table></div>"
            if rows
            else "<p>None.</p>"
        )
        parts.append(
            f'<div class="error-class" id="class-{name}"><h3><span class="err-{name}">{name}'
            f"</span>: {escape(CLASS_NOTES[name])}</h3><p>Wrong gold words: {counts}</p>{table}"
            "</div>"
        )
    return _legend(names) + "".join(parts)


def _cut_cell(found: dict[str, object] | None) -> str:
    if found is None:
        return '<td class="ok">right</td>'
    cut, count, wrong = str(found["cut"]), found["count"], found["wrong"]
    more = f" (wrong {wrong:,}×)" if wrong != count else ""
    shown = escape(cut if len(cut) <= LONGEST_CUT else cut[: LONGEST_CUT - 1] + "…")
    title = f' title="{escape(cut)}"' if len(cut) > LONGEST_CUT else ""
    return f'<td{title}>{shown} <span class="count">{count:,}×{more}</span></td>'


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
            f'<td class="num">{_ratio(b["recall"])}<br><small>{b["gold"]:,}</small></td>'
            for b in buckets
        )
        rows.append(f"<tr><td>{escape(name)}</td>{cells}</tr>")
    return (
        '<details><summary>Recall and gold words per bucket</summary><table class="bucket-table">'
        f"<thead><tr><th>R</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></details>"
    )


def _ratio(value: object) -> str:
    """A ratio of the page's data (read back from its JSON-ready form)."""
    assert value is None or isinstance(value, (int, float)), value
    return ratio_text(value)
