"""Time wsscore against the bakeoff's Perl `score` script, whole process included.

Workloads: the MSR and PKU test sets (gold, legacy encoding) against the bakeoff's
maximum-matching baseline, made here with its own mwseg.pl. Needs ../shared/icwb2, perl and GNU
diff. Prints the median of several runs of each command and the ratio measured in this run.

    python benchmarks/bench_score.py [--runs 15] [--perl-runs 3] [--corpus msr --corpus pku]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICWB2 = ROOT.parent / "shared" / "icwb2"


def wsscore_command() -> list[str]:
    """The installed console script beside this Python, else ``python -m wsscore``."""
    script = Path(sys.executable).with_name("wsscore")
    return [str(script)] if script.exists() else [sys.executable, "-m", "wsscore"]


def median_seconds(command: list[str], runs: int, env: dict[str, str]) -> tuple[float, bytes]:
    times = []
    output = b""
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, env=env, check=True)
        times.append(time.perf_counter() - start)
        output = done.stdout
    return statistics.median(times), output


def baseline(corpus: str, work: Path) -> Path:
    target = work / f"{corpus}_mm.txt"
    with open(ICWB2 / "testing" / f"{corpus}_test.txt", "rb") as text, open(target, "wb") as out:
        subprocess.run(
            ["perl", str(ICWB2 / "scripts" / "mwseg.pl"), str(words(corpus))],
            stdin=text,
            stdout=out,
            stderr=subprocess.DEVNULL,
            check=True,
        )
    return target


def gold(corpus: str) -> Path:
    return ICWB2 / "gold" / f"{corpus}_test_gold.txt"


def words(corpus: str) -> Path:
    return ICWB2 / "gold" / f"{corpus}_training_words.txt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of wsscore per workload")
    parser.add_argument("--perl-runs", type=int, default=3, help="runs of the Perl script")
    parser.add_argument("--corpus", action="append", choices=["msr", "pku"])
    args = parser.parse_args()
    if not (ICWB2 / "gold").is_dir() or not shutil.which("perl") or not shutil.which("diff"):
        print("needs ../shared/icwb2, perl and GNU diff", file=sys.stderr)
        return 2
    env = dict(os.environ, LC_ALL="C")
    print(f"{'workload':<10} {'sentences':>9} {'perl score':>11} {'wsscore':>9} {'ratio':>7}")
    with tempfile.TemporaryDirectory(prefix="wsscore-bench-") as directory:
        work = Path(directory)
        for corpus in args.corpus or ["msr", "pku"]:
            prediction = baseline(corpus, work)
            sentences = sum(1 for line in gold(corpus).read_bytes().splitlines() if line.strip())
            perl = ["perl", str(ICWB2 / "scripts" / "score"), str(words(corpus)), str(gold(corpus))]
            perl_time, perl_out = median_seconds([*perl, str(prediction)], args.perl_runs, env)
            ours = [*wsscore_command(), "score", str(gold(corpus)), str(prediction)]
            ours += ["-d", str(words(corpus)), "-q"]
            ours_time, ours_out = median_seconds(ours, args.runs, env)
            perl_f = perl_out.rstrip().splitlines()[-1].split(b"\t")[10].decode()
            if perl_f != ours_out.decode().strip():
                print(f"  note: F differs: script {perl_f}, wsscore {ours_out.decode().strip()}")
            print(
                f"{corpus:<10} {sentences:>9} {perl_time:>10.3f}s {ours_time * 1000:>7.1f}ms "
                f"{perl_time / ours_time:>6.0f}x"
            )
            if corpus == "msr":
                # The gold is read and split once however many systems are scored: ten
                # systems should cost well under ten times one.
                ten = [*wsscore_command(), "score", str(gold(corpus)), *[str(prediction)] * 10]
                ten_time, _ = median_seconds([*ten, "-d", str(words(corpus)), "-q"], args.runs, env)
                scale_note = (
                    f"  ten systems: {ten_time * 1000:.1f}ms, {ten_time / ours_time:.2f}x one"
                )
                print(scale_note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
