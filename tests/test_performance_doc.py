"""docs/performance.md is what benchmarks/write_performance.py renders from the committed
results (benchmarks/results/*.json): a figure typed into the document by hand fails here. The
arithmetic of the figures (medians, ratios of medians, per-round spread, targets) is checked on
made-up results against values worked out by hand, and the interleaving helper on real commands
that take no time."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from conftest import ROOT

# benchmarks/ is not a package: its modules are found through sys.path.
sys.path.insert(0, str(ROOT / "benchmarks"))

import figures
import timing
import write_performance


def test_the_document_is_rendered_from_the_results() -> None:
    written = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert written == write_performance.render(), (
        "docs/performance.md differs from its template and results: edit the prose in "
        "benchmarks/performance.md.in, then run `python benchmarks/write_performance.py --render` "
        "(figures come only from a benchmark run)"
    )


def test_every_benchmark_has_results_with_their_header() -> None:
    for benchmark in write_performance.BENCHMARKS:
        meta = figures.Results.load(benchmark.name).meta
        for key in ("date", "cpu", "cores", "commit", "command", "runs", "python", "wsscore"):
            assert meta[key], f"{benchmark.name}.json has no {key}"
        assert meta["command"].startswith("python benchmarks/write_performance.py")


def test_a_figure_changed_in_the_results_changes_the_document(tmp_path: Path) -> None:
    for source in (ROOT / "benchmarks" / "results").glob("*.json"):
        shutil.copy(source, tmp_path / source.name)
    changed = tmp_path / "scaling.json"
    data = json.loads(changed.read_text(encoding="utf-8"))
    data["timings"]["msr1.wc"]["wall"] = [value * 3 for value in data["timings"]["msr1.wc"]["wall"]]
    changed.write_text(json.dumps(data), encoding="utf-8")
    assert write_performance.render(tmp_path) != write_performance.render()


def test_a_placeholder_without_a_figure_is_an_error() -> None:
    assert figures.fill("a {{x.y}} b", {"x.y": "1.50×"}) == "a 1.50× b"
    with pytest.raises(KeyError, match=r"x\.z"):
        figures.fill("a {{x.z}} b", {"x.y": "1"})


def made_up() -> figures.Results:
    # Three rounds of two commands: medians 2.0 and 1.0 s wall, 1.0 and 0.8 s CPU.
    return figures.Results(
        {
            "meta": {},
            "facts": {},
            "timings": {
                "a": {"wall": [2.0, 3.0, 1.5], "cpu": [1.0, 1.2, 0.9], "rss_kib": [2048, 3072]},
                "b": {"wall": [1.0, 1.5, 0.5], "cpu": [0.8, 0.7, 0.9], "rss_kib": [1024, 1024]},
            },
        }
    )


def test_ratios_are_of_medians_and_the_spread_of_rounds() -> None:
    results = made_up()
    assert results.ratio("a", "b") == 2.0  # medians 2.0 / 1.0
    assert results.cpu_ratio("a", "b") == pytest.approx(1.0 / 0.8)
    assert results.spread("a", "b") == (2.0, 3.0)  # 2/1, 3/1.5, 1.5/0.5
    assert results.rss_mib("a") == 2.5
    assert results.rss_range("a") == (2.0, 3.0)


def test_targets_are_marked_met_or_missed() -> None:
    assert figures.verdict(1.15, 1.15) == "met"
    assert figures.verdict(1.16, 1.15) == "**missed**"
    assert figures.verdict(99.0, 100.0, at_least=True) == "**missed**"
    assert figures.verdict(None, 1.0) == "not measured"
    assert figures.times(0.956) == "0.96×"
    assert figures.seconds(0.0372) == "37.2 ms" and figures.seconds(3.417) == "3.42 s"


def test_rounds_alternate_which_command_goes_first() -> None:
    orders = [timing.rotated(["a", "b"], r) for r in range(4)]
    assert orders == [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]]
    assert timing.rotated(["a", "b", "c"], 1) == ["b", "c", "a"]


def test_interleaved_records_every_round_of_every_command(tmp_path: Path) -> None:
    env = timing.environment()
    commands = {
        "echo": timing.Command(["echo", "one"], env),
        "true": timing.Command(["true"], env),
    }
    samples, outputs = timing.interleaved(commands, 3, tmp_path)
    assert outputs == {"echo": {b"one\n"}, "true": {b""}}
    for found in samples.values():
        assert len(found.wall) == len(found.cpu) == len(found.rss_kib) == 3
        assert all(kib > 0 for kib in found.rss_kib)
    assert samples["echo"].command == "echo one"


def test_a_failing_command_stops_the_run(tmp_path: Path) -> None:
    command = timing.Command(["sh", "-c", "echo why >&2; exit 3"], timing.environment())
    with pytest.raises(timing.BenchError, match="why"):
        timing.run_measured(command, tmp_path)


def test_a_command_may_succeed_with_another_exit_status(tmp_path: Path) -> None:
    # mecab-system-eval exits 1 when it has printed its result.
    argv = ["sh", "-c", "echo LEVEL; exit 1"]
    allowed = timing.Command(argv, timing.environment(), succeeded=(0, 1))
    assert timing.run_measured(allowed, tmp_path)[1] == b"LEVEL\n"
    with pytest.raises(timing.BenchError):
        timing.run_measured(timing.Command(argv, timing.environment()), tmp_path)


def test_mecab_system_eval_s_f_is_read_at_each_level() -> None:
    import bench_mecab_eval

    printed = (
        "              precision          recall         F\n"
        "LEVEL 0:    97.0297(392/404) 97.0297(392/404) 97.0297\n"
        "LEVEL 1:    96.5347(390/404) 96.5347(390/404) 96.5347"
    )
    assert bench_mecab_eval.level_f(printed, "x1.tags") == ["97.0297", "96.5347"]
    with pytest.raises(timing.BenchError, match="no result"):
        bench_mecab_eval.level_f("eval.cpp(129) no such file", "x1.words")


def test_the_imports_of_a_plain_run_are_read_from_importtime() -> None:
    import startup

    log = (
        "import time: self [us] | cumulative | imported package\n"
        "import time:       262 |        262 |   _io\n"
        "import time:      1500 |       4000 | wsscore.cli\n"
    )
    assert startup.import_times(log) == {"_io": (262, 262), "wsscore.cli": (1500, 4000)}
    shown = startup.import_figures({"re": [2.0, 2.5], "wsscore.cli": [1.5, 4.0]}, 3)
    assert shown["imports_summary"].startswith(
        "2 modules (1 of them wsscore's), 3.5 ms in all by `-X importtime`"
    )
    assert "1.5 ms of them in wsscore's own" in shown["imports_summary"]
    # The largest cumulative time first.
    assert shown["imports"].splitlines()[2] == "| `wsscore.cli` | 1.5 ms | 4.0 ms |"
