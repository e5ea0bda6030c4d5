"""`wsscore suite` with tags: a corpus with ``tags = true`` carries the tag figures of
``score(..., tags=True)``, and ``--metrics ftag`` prints them, averaged like the others."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore import InputOptions, score
from wsscore.inputs.manifest import load_manifest
from wsscore.output.suite import render_suite
from wsscore.scoring.suite import run_suite

GOLD = FIXTURES / "formats" / "same.conllu"
TAGGED = FIXTURES / "formats" / "same.tagged.txt"


@pytest.fixture
def manifest(tmp_path: Path) -> Path:
    """Two corpora (the same gold twice, one read with XPOS tags, one with UPOS tags) and a
    system: the tagged fixture with one tag changed."""
    system = tmp_path / "system.txt"
    system.write_text(
        TAGGED.read_text(encoding="utf-8").replace("说/VV", "说/NN", 1), encoding="utf-8"
    )
    text = f"""
[corpora.xpos]
gold = "{GOLD}"
tags = true
tag_column = "xpos"
[corpora.upos]
gold = "{GOLD}"
tags = true
[systems]
tagger = "{system}"
"""
    path = tmp_path / "suite.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_tag_figures_are_those_of_score(manifest: Path) -> None:
    suite = run_suite(load_manifest(manifest))
    (row,) = suite.rows
    system = manifest.parent / "system.txt"
    expected = {}
    for corpus, column in (("xpos", "xpos"), ("upos", "upos")):
        report = score(GOLD, [system], inputs=InputOptions(tag_column=column), tags=True)
        (result,) = report.systems
        cell = row.cells[corpus].result
        assert cell is not None and cell.tag_metrics == result.tag_metrics
        assert cell.tag_metrics is not None
        expected[corpus] = cell.tag_metrics.tag_f1
    # XPOS: the system's tags are the fixture's (XPOS) but one; UPOS tags differ from them all.
    assert expected["xpos"] is not None and 0.9 < expected["xpos"] < 1.0
    assert expected["upos"] == 0.0
    assert row.average.mean["tag_f1"] == pytest.approx((expected["xpos"] + 0.0) / 2)
    pooled = row.average.pooled_tags
    assert pooled is not None
    results = [row.cells[corpus].result for corpus in ("xpos", "upos")]
    tags = [result.tags for result in results if result is not None]
    correct = sum(counts.tag_correct for counts in tags if counts is not None)
    words = sum(counts.gold_words + counts.pred_words for counts in tags if counts is not None)
    assert pooled.tag_f1 == pytest.approx(2 * correct / words)


def test_ftag_is_printed_and_left_undefined_without_tags(manifest: Path, tmp_path: Path) -> None:
    text = render_suite(run_suite(load_manifest(manifest)), "text", metrics=("f", "ftag"))
    header, _, line = text.splitlines()[:3]
    groups = "xpos F xpos F_tag upos F upos F_tag Mean F Mean F_tag Pooled F Pooled F_tag"
    assert header.split() == ["System", *groups.split()]
    assert line.split()[4] == "0.000"  # upos F_tag
    untagged = tmp_path / "plain.toml"
    untagged.write_text(
        manifest.read_text(encoding="utf-8").replace("tags = true", "tags = false"),
        encoding="utf-8",
    )
    text = render_suite(run_suite(load_manifest(untagged)), "text", metrics=("ftag",))
    assert text.splitlines()[2].split()[1:] == ["—"] * 4


def test_emtag_is_the_share_of_exactly_tagged_sentences(manifest: Path) -> None:
    sentences = GOLD.read_text(encoding="utf-8").strip().count("\n\n") + 1
    lines = TAGGED.read_text(encoding="utf-8").splitlines()
    assert sum("说/VV" in line for line in lines) == 1 == lines[1].count("说/VV")  # one retagged
    suite = run_suite(load_manifest(manifest))
    text = render_suite(suite, "text", metrics=("emtag",))
    header, _, line = text.splitlines()[:3]
    groups = "xpos EM_tag upos EM_tag Mean EM_tag Pooled EM_tag"
    assert header.split() == ["System", *groups.split()]
    xpos, upos = (sentences - 1) / sentences, 0.0  # UPOS tags differ from the system's all
    expected = [xpos, upos, (xpos + upos) / 2, (sentences - 1) / (2 * sentences)]
    assert line.split()[1:] == [f"{value:.3f}" for value in expected]
    (row,) = suite.rows
    assert row.average.mean["exact_tagged_match"] == pytest.approx(expected[2])
