"""``wsscore suite``'s long CSV/TSV and JSON with the figures of issue 26: F_sent and F_tok
(docs/metrics.md §5.12) and the --extra figures (§5.8–5.11), per corpus, mean and pooled.

Corpus "moved": fixtures/sentences, whose prediction breaks its sentences elsewhere (F_sent
4/11, F_tok 22/25: tests/scoring/test_sentence_tokens.py). Corpus "same": gold `甲乙 丙 | 丁`,
prediction `甲 乙丙 | 丁`, counted by hand: sentences 2 of 2 and 2 (F_sent 1), tokens 1 of 3 and
3 (F_tok 1/3); EM 1/2 (丁 only); characters as word starts gold 1011, predicted 1101: TP 2,
FP 1, FN 1 (F_c 2/3); boundaries with edges gold 5, predicted 5, both 4 (F_e 4/5); types gold
{甲乙, 丙, 丁}, predicted {甲, 乙丙, 丁}, both 1 (F_t 1/3).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, ROOT

from wsscore.cli.app import cli
from wsscore.inputs.manifest import load_manifest
from wsscore.output.suite import render_suite
from wsscore.scoring.suite import SuiteSettings, run_suite


@pytest.fixture
def manifest(tmp_path: Path) -> Path:
    moved = ROOT / "fixtures" / "sentences"
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_text("甲乙 丙\n丁\n", "utf-8")
    system.write_text("甲 乙丙\n丁\n", "utf-8")
    path = tmp_path / "suite.toml"
    path.write_text(
        f'[corpora.moved]\ngold = "{moved / "gold.txt"}"\n'
        f'[corpora.same]\ngold = "{gold}"\n'
        f'[systems.s]\nmoved = "{moved / "pred.txt"}"\nsame = "{system}"\n',
        encoding="utf-8",
    )
    return path


def _rows(text: str, delimiter: str) -> dict[str, dict[str, str]]:
    """The long table's rows by corpus (``mean``, ``pooled`` among them)."""
    return {row["corpus"]: row for row in csv.DictReader(io.StringIO(text), delimiter=delimiter)}


def test_the_json_averages_hold_f_sent_and_f_tok(manifest: Path) -> None:
    document = run_suite(load_manifest(manifest)).as_dict()
    (system,) = document["systems"]
    assert system["average"]["sentences_f1"] == pytest.approx((4 / 11 + 1) / 2)
    assert system["average"]["tokens_f1"] == pytest.approx((22 / 25 + 1 / 3) / 2)
    # Pooled: sentences 4 of 7 and 8, tokens 12 of 15 and 16.
    assert system["pooled"]["sentences_f1"] == pytest.approx(8 / 15)
    assert system["pooled"]["tokens_f1"] == pytest.approx(24 / 31)


def test_the_json_keeps_its_keys_where_no_result_shows_them(tmp_path: Path) -> None:
    path = tmp_path / "plain.toml"
    path.write_text(
        f'[corpora.c]\ngold = "{FIXTURES / "gold.txt"}"\n'
        f'[systems.s]\nc = "{FIXTURES / "gold.txt"}"\n',
        encoding="utf-8",
    )
    (system,) = run_suite(load_manifest(path)).as_dict()["systems"]
    assert "sentences_f1" not in system["average"] and "tokens_f1" not in system["pooled"]


@pytest.mark.parametrize("fmt", ["tsv", "csv"])
def test_the_long_table_shows_f_sent_and_f_tok_when_asked(manifest: Path, fmt: str) -> None:
    delimiter = "\t" if fmt == "tsv" else ","
    suite = run_suite(load_manifest(manifest))
    text = render_suite(suite, fmt, metrics=("f", "fsent", "ftok"))
    header = text.splitlines()[0].split(delimiter)
    assert header[-3:] == ["p_value", "sentences_f1", "tokens_f1"]
    rows = _rows(text, delimiter)
    assert float(rows["moved"]["sentences_f1"]) == pytest.approx(4 / 11)
    assert float(rows["same"]["sentences_f1"]) == 1.0
    assert float(rows["same"]["tokens_f1"]) == pytest.approx(1 / 3)
    assert float(rows["mean"]["tokens_f1"]) == pytest.approx((22 / 25 + 1 / 3) / 2)
    assert float(rows["pooled"]["sentences_f1"]) == pytest.approx(8 / 15)
    # Without them, the long table is as it was.
    plain = render_suite(suite, fmt)
    assert plain.splitlines()[0].split(delimiter)[-1] == "p_value"
    assert plain == render_suite(suite, fmt, metrics=("f", "roov", "ci"))


def test_the_long_table_shows_the_extra_figures(manifest: Path) -> None:
    result = CliRunner().invoke(
        cli, ["suite", str(manifest), "--metrics", "em,fc,fe,ft", "-f", "tsv"]
    )
    assert result.exit_code == 0, result.output
    header = result.output.splitlines()[0].split("\t")
    assert header[-4:] == ["exact_match", "char_f1", "edge_boundary_f1", "type_f1"]
    rows = _rows(result.output, "\t")
    same = [float(rows["same"][key]) for key in header[-4:]]
    assert same == pytest.approx([1 / 2, 2 / 3, 4 / 5, 1 / 3])
    moved = [float(rows["moved"][key]) for key in header[-4:]]
    mean = [float(rows["mean"][key]) for key in header[-4:]]
    assert mean == pytest.approx([(a + b) / 2 for a, b in zip(moved, same, strict=True)])
    assert rows["pooled"]["type_f1"] == ""  # distinct words do not add up across corpora
    suite = run_suite(load_manifest(manifest), settings=SuiteSettings(extra=True))
    pooled = suite.rows[0].average.pooled_extra
    assert pooled is not None
    assert float(rows["pooled"]["char_f1"]) == pooled.char_f1
    document = json.loads(render_suite(suite, "json"))
    assert document["systems"][0]["pooled"]["char_f1"] == pooled.char_f1
