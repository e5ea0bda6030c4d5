"""``conventions``: each community's columns in every table format, their values those of the
JSON and of independently computed counts (PyThaiNLP's own, conll18_ud_eval.py's, sentences
compared by hand), and the signature's ``conv`` field."""

from __future__ import annotations

import csv
import gzip
import io
import json
from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore import InvalidArgument, merge_reports, score
from wsscore.output import render
from wsscore.output.columns import columns
from wsscore.signature import scoring_settings, signature_fields

THAI = FIXTURES / "thai"
JAPANESE = FIXTURES / "japanese"
SENTENCES = FIXTURES / "sentences"

# Each header a convention prints, and the JSON metric it shows.
METRIC_OF = {
    "P": "precision",
    "R": "recall",
    "F": "f1",
    "P_c": "char_precision",
    "R_c": "char_recall",
    "F_c": "char_f1",
    "EM": "exact_match",
    "P_tag": "tag_precision",
    "R_tag": "tag_recall",
    "F_tag": "tag_f1",
    "Acc_tag": "tag_accuracy",
    "P_tok": "tokens_precision",
    "R_tok": "tokens_recall",
    "F_tok": "tokens_f1",
    "P_sent": "sentences_precision",
    "R_sent": "sentences_recall",
    "F_sent": "sentences_f1",
}


def _headers(report) -> list[str]:
    return [column.header for column in columns(report)]


def _tsv_rows(report) -> dict[str, dict[str, str]]:
    rows = csv.DictReader(io.StringIO(render(report, "tsv")), delimiter="\t")
    return {row["System"]: row for row in rows}


def _prf(correct: int, pred: int, gold: int) -> tuple[float, float, float]:
    p, r = correct / pred, correct / gold
    return p, r, 2 * p * r / (p + r)


def _check_every_format(report, headers: list[str]) -> None:
    """The text, markdown, latex, tsv and csv tables show ``headers`` in that order, and each
    cell is the JSON's figure (full precision in tsv and csv, three decimals in text)."""
    assert _headers(report) == ["System", *headers]
    text_header = render(report, "text").splitlines()[0].split()
    assert text_header == ["System", *headers]
    markdown_header = render(report, "markdown").splitlines()[0]
    assert [c.strip() for c in markdown_header.strip("|").split("|")] == ["System", *headers]
    # No interval columns, so no bounds either: the signature closes the row.
    assert render(report, "csv").splitlines()[0].split(",") == ["System", *headers, "signature"]
    document = json.loads(render(report, "json"))
    tsv = _tsv_rows(report)
    lines = render(report, "text").splitlines()
    text_rows = {line.split()[0]: line.split()[1:] for line in lines if line.strip()}
    for system in document["systems"]:
        metrics = system["metrics"]
        for at, header in enumerate(headers):
            if header in METRIC_OF:
                value = metrics[METRIC_OF[header]]
                assert float(tsv[system["name"]][header]) == pytest.approx(value, abs=1e-12)
                assert text_rows[system["name"]][at] == f"{value:.3f}"
    assert render(report, "latex").count("\\\\") >= len(document["systems"])


def test_thai_columns_are_pythainlps_char_then_word_level_figures():
    # PyThaiNLP's CLI prints char_level, then word_level precision and recall (sums of every
    # line's counts); the figures here are computed from its own recorded counts.
    stats = json.loads((THAI / "pythainlp_stats.json").read_text("utf-8"))
    systems = ["newmm.best.txt", "longest.best.txt"]
    report = score(
        str(THAI / "gold.best.txt"), [str(THAI / name) for name in systems], conventions="thai"
    )
    _check_every_format(report, ["P_c", "R_c", "F_c", "P", "R", "F"])
    for system in report.systems:
        total = stats["systems"][system.name]["total"]
        chars, words = total["char_level"], total["word_level"]
        char_figures = _prf(chars["tp"], chars["tp"] + chars["fp"], chars["tp"] + chars["fn"])
        word_figures = _prf(
            words["correctly_tokenized_words"],
            words["total_words_in_sample"],
            words["total_words_in_ref_sample"],
        )
        extra, metrics = system.extra_metrics, system.metrics
        assert extra is not None
        shown = (extra.char_precision, extra.char_recall, extra.char_f1)
        assert shown == pytest.approx(char_figures)
        assert (metrics.precision, metrics.recall, metrics.f) == pytest.approx(word_figures)


def _mecab_sentences(path: Path, *, tags: bool = False) -> list[tuple[str, ...]]:
    """The words of each sentence of a MeCab file: the surface, its spaces not characters, a
    token of spaces alone no word; with ``tags``, each word with its first feature field (a
    field in quotes, as MeCab writes one holding a comma, taken whole)."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        sentences, words = [], []
        for line in lines:
            line = line.rstrip("\n")
            if line == "EOS":
                sentences.append(tuple(words))
                words = []
                continue
            surface, _, features = line.partition("\t")
            surface = "".join(surface.split())
            if surface:
                first = next(csv.reader([features]), [""])[0] if features else ""
                words.append(f"{surface}\t{first}" if tags else surface)
    return sentences


@pytest.mark.parametrize("system", ["fugashi.mecab.gz", "sudachi.mecab"])
def test_japanese_columns_are_levels_then_exact_sentences(system):
    gold, pred = JAPANESE / "gold.mecab", JAPANESE / system
    report = score(str(gold), str(pred), conventions="japanese", tags=True)
    headers = ["P", "R", "F", "P_tag", "R_tag", "F_tag", "Acc_tag", "EM", "EM_tag"]
    _check_every_format(report, headers)
    # The sentences segmented exactly, and those tagged exactly too, compared here word by word.
    pairs = list(zip(_mecab_sentences(gold), _mecab_sentences(pred), strict=True))
    exact = sum(1 for gold_words, pred_words in pairs if gold_words == pred_words)
    tagged = zip(_mecab_sentences(gold, tags=True), _mecab_sentences(pred, tags=True), strict=True)
    exact_tagged = sum(1 for gold_words, pred_words in tagged if gold_words == pred_words)
    extra, tag_metrics = report.systems[0].extra_metrics, report.systems[0].tag_metrics
    assert extra is not None and 0 < exact < len(pairs)
    assert extra.exact_match == pytest.approx(exact / len(pairs))
    assert tag_metrics is not None and exact_tagged <= exact
    assert tag_metrics.exact_tagged_match == pytest.approx(exact_tagged / len(pairs))


def test_japanese_without_tags_has_no_tag_level():
    report = score(
        str(JAPANESE / "gold.mecab"), str(JAPANESE / "sudachi.mecab"), conventions="japanese"
    )
    assert _headers(report) == ["System", "P", "R", "F", "EM"]


def test_ud_columns_are_conll18_ud_evals_rows_in_order():
    # conll18_ud_eval.py on these files prints Tokens 6/7/8, Sentences 1/3/2, Words 6/9/9
    # (correct / gold / system; fixtures/sentences/README.md).
    report = score(str(SENTENCES / "gold.conllu"), str(SENTENCES / "pred.conllu"), conventions="ud")
    headers = ["P_tok", "R_tok", "F_tok", "P_sent", "R_sent", "F_sent", "P", "R", "F"]
    _check_every_format(report, headers)
    expected = [*_prf(6, 8, 7), *_prf(1, 2, 3), *_prf(6, 9, 9)]
    row = _tsv_rows(report)["pred.conllu"]
    assert [float(row[header]) for header in headers] == pytest.approx(expected)


def test_ud_with_tags_adds_the_upos_row():
    gold = FIXTURES / "formats" / "same.conllu"
    report = score(str(gold), str(gold), conventions="ud", tags=True)
    assert _headers(report)[-4:] == ["P_tag", "R_tag", "F_tag", "Acc_tag"]
    assert signature_fields(report.signature)["tags"] == "upos"


def test_sighan_is_the_bakeoff_table_and_leaves_the_sentence_columns_out():
    gold, pred = str(SENTENCES / "gold.conllu"), str(SENTENCES / "pred.conllu")
    assert "F_sent" in _headers(score(gold, pred))  # CoNLL-U shows them by default
    report = score(gold, pred, conventions="sighan")
    assert _headers(report) == ["System", "Words", "R", "c_r", "P", "c_p", "F"]
    plain = score(str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"))
    sighan = score(str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), conventions="sighan")

    def without_signature(report) -> list[list[str]]:
        return [line.split("\t")[:-1] for line in render(report, "tsv").splitlines()]

    assert without_signature(sighan) == without_signature(plain)
    assert "R_low" in render(sighan, "tsv")
    assert report.systems[0].extra is None  # sighan needs no --extra


def test_a_convention_keeps_every_figure_in_the_json():
    gold, pred = str(THAI / "gold.best.txt"), str(THAI / "newmm.best.txt")
    with_extra = json.loads(render(score(gold, pred, extra=True), "json"))
    thai = json.loads(render(score(gold, pred, conventions="thai"), "json"))
    assert thai["systems"] == with_extra["systems"]
    assert thai["options"]["conventions"] == "thai"
    assert "conventions" not in with_extra["options"]


def test_the_signature_records_a_convention_only_when_given():
    gold, pred = str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt")
    plain = score(gold, pred, extra=True).signature
    for name in ("thai", "japanese", "ud", "sighan"):
        signed = score(gold, pred, conventions=name).signature
        assert signed == f"{plain}|conv:{name}"
        assert scoring_settings(signed) == scoring_settings(plain)  # no number changes
    assert "conv" not in signature_fields(plain)


def test_an_unknown_convention_is_refused():
    with pytest.raises(InvalidArgument, match="unknown convention 'korean'; use one of thai"):
        score(str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), conventions="korean")


def test_merge_shows_the_convention_given_or_the_first_shards():
    gold, pred = str(THAI / "gold.best.txt"), str(THAI / "newmm.best.txt")
    thai = score(gold, pred, conventions="thai")
    kept = merge_reports([thai])
    assert _headers(kept) == _headers(thai)
    assert kept.signature == thai.signature
    ud = merge_reports([thai, thai], conventions="ud")
    assert _headers(ud)[1:4] == ["P_tok", "R_tok", "F_tok"]
    assert signature_fields(ud.signature)["conv"] == "ud"
    # Shards shown with other conventions add up (it changes no number).
    mixed = merge_reports([thai, score(gold, pred, conventions="japanese")])
    assert mixed.systems[0].counts == ud.systems[0].counts


def test_merge_refuses_a_convention_whose_counts_the_shards_lack():
    plain = score(str(THAI / "gold.best.txt"), str(THAI / "newmm.best.txt"))
    with pytest.raises(InvalidArgument, match="which the shards lack"):
        merge_reports([plain], conventions="japanese")
    assert _headers(merge_reports([plain], conventions="sighan"))[1] == "Words"
