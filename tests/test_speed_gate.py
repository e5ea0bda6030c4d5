"""The speed gate's decision (benchmarks/speed_gate.py) and its generated workload, without
timing anything: the runs are made up, so these tests say what the gate concludes from them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

# The benchmarks' scripts, found through sys.path above.
import gate_workload
import speed_gate
from figures import Results
from timing import BenchError, Run, Samples


def runs(*cpu: float, wall_factor: float = 1.5) -> list[Run]:
    return [Run(wall=value * wall_factor, cpu=value, rss_kib=1000) for value in cpu]


WC_RUNS = runs(1.0, 1.1, 0.9, 1.0, 1.2)  # median CPU 1.0, median wall 1.5


def judge(
    label: str, mine: list[Run], wc: list[Run], gated_on: str, limit: float
) -> speed_gate.Verdict:
    """The gate's verdict on made-up runs of ``label`` and of wc in the same rounds."""
    return speed_gate.judge(label, recorded({label: mine, speed_gate.WC: wc}), gated_on, limit)


def recorded(runs_by_label: dict[str, list[Run]]) -> Results:
    """Made-up runs as the gate records them."""
    samples = {
        label: Samples([r.wall for r in rs], [r.cpu for r in rs], [r.rss_kib for r in rs])
        for label, rs in runs_by_label.items()
    }
    return speed_gate.results_of(samples)


def test_the_ratio_is_of_the_medians_of_the_same_rounds() -> None:
    verdict = judge("wsscore score", runs(1.3, 1.4, 1.2, 9.0, 1.35), WC_RUNS, "cpu", 1.4)
    assert verdict.cpu == pytest.approx(1.35)  # one slow run moves the median little
    assert verdict.cpu_ratio == pytest.approx(1.35)
    assert verdict.wall_ratio == pytest.approx(1.35)
    assert verdict.spread == pytest.approx((1.35 / 1.2, 9.0 / 1.0))  # rounds 5 and 4
    assert verdict.passed


def test_above_the_limit_fails_and_at_it_passes() -> None:
    assert not judge("w", runs(1.41, 1.41, 1.41), runs(1, 1, 1), "cpu", 1.4).passed
    assert judge("w", runs(1.4, 1.4, 1.4), runs(1, 1, 1), "cpu", 1.4).passed


def test_the_gated_measure_is_the_one_asked_for() -> None:
    # Twice wc's wall time but the same CPU time: a wall-time gate fails, a CPU gate passes.
    slow_wall = [Run(wall=2.0, cpu=1.0, rss_kib=0)] * 3
    wc = [Run(wall=1.0, cpu=1.0, rss_kib=0)] * 3
    assert judge("w", slow_wall, wc, "cpu", 1.4).passed
    on_wall = judge("w", slow_wall, wc, "wall", 1.4)
    assert not on_wall.passed and on_wall.gated_on == "wall"


def test_the_table_shows_the_figures_and_the_verdict() -> None:
    verdict = judge("wsscore score", runs(1.8, 1.9, 1.7), runs(1, 1, 1), "cpu", 1.4)
    lines = speed_gate.report([verdict], recorded({speed_gate.WC: runs(1, 1, 1)}))
    text = "\n".join(lines)
    assert lines[0].startswith("| command | time | CPU time |")
    assert "| wc -w | 1.50 s | 1.00 s |" in text
    assert "| wsscore score | 2.70 s | 1.80 s | 1.80× | 1.80× | 1.70×–1.90× | CPU ≤ 1.40× |" in text
    assert lines[-1].startswith("FAIL: wsscore score: CPU time 1.80× of wc -w's, above the limit")
    passed = judge("wsscore score", runs(1.1, 1.1, 1.1), runs(1, 1, 1), "cpu", 1.4)
    assert speed_gate.report([passed], recorded({speed_gate.WC: runs(1, 1, 1)}))[-1].startswith(
        "pass: wsscore score"
    )


def test_the_table_says_when_the_machine_was_busy() -> None:
    verdict = judge("wsscore score", runs(1.1), runs(1.0), "cpu", 1.4)
    busy = speed_gate.report([verdict], recorded({speed_gate.WC: runs(1.0, wall_factor=1.5)}))
    assert any(line.startswith("note: the machine was busy: wc -w took 1.50×") for line in busy)
    idle = speed_gate.report([verdict], recorded({speed_gate.WC: runs(1.0, wall_factor=1.05)}))
    assert not any(line.startswith("note:") for line in idle)


def fake_outputs(gold_words: int, pred_words: int) -> dict[str, set[bytes]]:
    report = {"gold": {"words": gold_words}, "systems": [{"counts": {"pred_words": pred_words}}]}
    wc = b"  10 gold.txt\n  12 pred.txt\n  22 total\n"
    return {"wsscore score": {json.dumps(report).encode()}, speed_gate.WC: {wc}}


def test_the_counts_of_wsscore_and_wc_must_agree() -> None:
    speed_gate.check_counts(fake_outputs(10, 12))
    with pytest.raises(BenchError, match="counted"):
        speed_gate.check_counts(fake_outputs(10, 11))


@pytest.mark.parametrize(("cpu", "status"), [(1.2, 0), (2.0, 1)])
def test_the_exit_status_follows_the_verdict(
    cpu: float, status: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    made = gate_workload.Workload(tmp_path / "g", tmp_path / "p", tmp_path / "w", 60 << 20)
    timed = {"wsscore score": samples(runs(cpu, cpu, cpu)), speed_gate.WC: samples(runs(1, 1, 1))}
    monkeypatch.setattr(speed_gate, "workload_in", lambda directory, args: made)
    monkeypatch.setattr(speed_gate, "require_utf8_locale", lambda: None)
    monkeypatch.setattr(speed_gate, "require_c_backend", lambda ws: FAKE_INFO)
    monkeypatch.setattr(speed_gate, "interleaved", lambda *a: (timed, fake_outputs(10, 12)))
    markdown = tmp_path / "gate.md"
    assert speed_gate.main(["--wsscore", "ws", "--markdown", str(markdown)]) == status
    printed = capsys.readouterr().out
    assert f"| wsscore score | {cpu * 1.5:.2f} s | {cpu:.2f} s |" in printed
    assert markdown.read_text(encoding="utf-8") == printed


FAKE_INFO = {"wsscore": "0", "python": "3", "cores": "2", "backend": "c"}


def samples(found: list[Run]) -> Samples:
    """The timing module's record of these runs, as interleaved() gives it."""
    recorded = Samples()
    for one in found:
        recorded.add(one)
    return recorded


def test_a_failed_measurement_is_exit_status_2(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def no_backend(ws: list[str]) -> dict[str, str]:
        raise BenchError("build the C speed-ups first")

    monkeypatch.setattr(speed_gate, "require_c_backend", no_backend)
    assert speed_gate.main(["--wsscore", "ws"]) == 2
    assert capsys.readouterr().err == "error: build the C speed-ups first\n"


# ---------------------------------------------------------------------------------------------
# The workload


@pytest.fixture(scope="module")
def unit() -> tuple[list[tuple[str, str]], list[str]]:
    return gate_workload.unit(gate_workload.SEED)


def test_the_workload_is_the_same_every_time(unit) -> None:
    assert gate_workload.unit(gate_workload.SEED)[0][:50] == unit[0][:50]


def test_the_workload_has_the_mix_of_a_segmenter_against_msr(unit) -> None:
    pairs, listed = unit
    gold = [line.split() for text, _ in pairs for line in text.splitlines()]
    pred = [line.split() for _, text in pairs for line in text.splitlines()]
    assert len(gold) == len(pred) >= gate_workload.UNIT_LINES
    same = sum(g == p for g, p in zip(gold, pred, strict=True)) / len(gold)
    assert 0.45 < same < 0.55  # lines segmented as the gold: about half
    words = [word for line in gold for word in line]
    assert 0.42 < sum(len(word) == 1 for word in words) / len(words) < 0.48
    vocabulary = set(listed)
    assert 0.015 < sum(word not in vocabulary for word in words) / len(words) < 0.04
    # Every pair of texts holds the same characters; a few hold two lines broken elsewhere.
    for gold_text, pred_text in pairs:
        assert "".join(gold_text.split()) == "".join(pred_text.split())
    broken = [pair for pair in pairs if pair[0].count("\n") == 2]
    assert 2 <= len(broken) <= 20
    for gold_text, pred_text in broken:  # the first lines end at different characters
        gold_first, pred_first = (text.splitlines()[0] for text in (gold_text, pred_text))
        assert "".join(gold_first.split()) != "".join(pred_first.split())


def test_the_workload_files_have_the_size_asked_for(tmp_path: Path) -> None:
    made = gate_workload.write(tmp_path, size_mb=3)
    assert 2.5 * gate_workload.MIB < made.size < 3.5 * gate_workload.MIB
    gold_lines = made.gold.read_text(encoding="utf-8").splitlines()
    pred_lines = made.pred.read_text(encoding="utf-8").splitlines()
    assert len(gold_lines) == len(pred_lines)
    assert gold_lines[0].endswith(gate_workload.GOLD_SEPARATOR)
