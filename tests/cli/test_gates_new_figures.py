"""The CI gates on the figures of issue 26 (docs/metrics.md §5.8–5.12 and EM_tag): em, f_c,
f_e, f_t, f_sent, f_tok and em_tag, each checked just below and just above its value counted
by hand, and refused where the report lacks it.

Gold `中国 人民 | 天气 好 | 站 起来`, prediction `中国 人民 | 天气 好 | 站 起 来` (tags: 好 is VA in
the gold, JJ in the prediction):
- EM = 2/3 (the third sentence is cut); EM_tag = 1/3 (the second is mistagged);
- characters as word starts: TP 6 (中 人 天 好 站 起), FP 1 (来), FN 0: F_c = 12/13;
- boundaries with edges: gold 9, predicted 10, both 9: F_e = 18/19;
- types: gold 6, predicted 7, both 5: F_t = 10/13; tokens (words) alike: F_tok = 10/13;
- with the first two lines joined in the prediction: sentences gold 3, predicted 2, correct 1
  (the third): F_sent = 2/5.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from wsscore.cli.app import cli

GOLD = "中国/NR 人民/NN\n天气/NN 好/VA\n站/VV 起来/VV\n"
PRED = "中国/NR 人民/NN\n天气/NN 好/JJ\n站/VV 起/VV 来/VV\n"
JOINED = "中国/NR 人民/NN 天气/NN 好/VA\n站/VV 起/VV 来/VV\n"


def invoke(*args: object):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    found = {}
    for name, text in (("gold", GOLD), ("pred", PRED), ("joined", JOINED)):
        found[name] = tmp_path / f"{name}.txt"
        found[name].write_text(text, encoding="utf-8")
    return found


@pytest.mark.parametrize(
    ("figure", "value", "option"),
    [
        ("em", 2 / 3, "--extra"),
        ("f_c", 12 / 13, "--extra"),
        ("f_e", 18 / 19, "--extra"),
        ("f_t", 10 / 13, "--extra"),
        ("f_tok", 10 / 13, "--extra"),
        ("f_sent", 1.0, "--extra"),
        ("em_tag", 1 / 3, "--tags"),
    ],
)
def test_a_floor_passes_at_the_value_and_fails_above_it(files, figure, value, option) -> None:
    gold, pred = files["gold"], files["pred"]
    below = invoke("score", gold, pred, option, "--fail-under", f"{figure}={value - 1e-4:.6f}")
    assert below.exit_code == 0, below.output
    if value < 1.0:
        above = invoke("score", gold, pred, option, "--fail-under", f"{figure}={value + 1e-4:.6f}")
        assert above.exit_code == 1
        assert f"is below {value + 1e-4:.6f}" in above.output


def test_sentences_are_gated_without_extra_where_the_breaks_differ(files) -> None:
    joined = ("score", files["gold"], files["joined"], "--fail-under")
    assert invoke(*joined, "f_sent=0.4").exit_code == 0
    failed = invoke(*joined, "f_sent=0.41")
    assert failed.exit_code == 1
    assert "F_sent = 0.4000 is below 0.41" in failed.output
    # The same breaks as the gold's and no --extra: no Sentences figure, a usage error.
    lacking = invoke("score", files["gold"], files["pred"], "--fail-under", "f_tok=0.5")
    assert lacking.exit_code == 2
    assert lacking.output.count("\n") == 1
    assert "F_tok is computed only with CoNLL-U" in lacking.output
    assert "give --extra, or drop --fail-under f_tok" in lacking.output


def test_gates_on_figures_not_asked_for_are_refused(files) -> None:
    for gate, option in (("em", "--extra"), ("f_c", "--extra"), ("em_tag", "--tags")):
        refused = invoke("score", files["gold"], files["pred"], "--fail-under", f"{gate}=0.1")
        assert refused.exit_code == 2
        assert f"{gate} is scored only with {option}" in refused.output


def test_a_drop_of_the_new_figures(files, tmp_path: Path) -> None:
    previous = tmp_path / "old.json"
    gold = files["gold"]
    scored = invoke(
        "score", gold, gold, "--name", "tool", "--extra", "--tags", "-f", "json", "-o", previous
    )
    assert scored.exit_code == 0, scored.output
    base = ("score", gold, files["pred"], "--name", "tool", "--extra", "--tags")
    base += ("--previous", previous)
    # Against a perfect run: EM fell by 1/3, EM_tag by 2/3, F_c by 1/13.
    kept = invoke(*base, "--max-drop", "em=0.34", "--max-drop", "f_c=0.077")
    assert kept.exit_code == 0, kept.output
    fell = invoke(*base, "--max-drop", "em_tag=0.66")
    assert fell.exit_code == 1
    assert "EM_tag fell from 1.0000 to 0.3333" in fell.output


def test_a_merge_refuses_a_type_gate(files, tmp_path: Path) -> None:
    shard = tmp_path / "shard.json"
    scored = invoke("score", files["gold"], files["pred"], "--extra", "-f", "json", "-o", shard)
    assert scored.exit_code == 0
    document = json.loads(shard.read_text(encoding="utf-8"))
    document["gold"]["path"] += ".2"  # a second shard with the same counts
    second = tmp_path / "second.json"
    second.write_text(json.dumps(document), encoding="utf-8")
    merged = invoke("merge", shard, second, "--fail-under", "em=0.6", "-q")
    assert merged.exit_code == 0, merged.output
    # A merge of one shard keeps its types (§9): its gate is checked.
    assert invoke("merge", shard, "--fail-under", "f_t=0.76", "-q").exit_code == 0
    assert invoke("merge", shard, "--fail-under", "f_t=0.77", "-q").exit_code == 1
    refused = invoke("merge", shard, second, "--fail-under", "f_t=0.5")
    assert refused.exit_code == 2
    assert "f_t is left out of a merge" in refused.output
    document = json.loads(shard.read_text(encoding="utf-8"))
    assert document["systems"][0]["metrics"]["type_f1"] == pytest.approx(10 / 13)
