#!/usr/bin/env bash
# Times two versions of wsscore on the same benchmarks: each git ref is exported (`git archive`,
# so neither the working tree nor the repository's worktree list is touched), installed
# NON-editably into a fresh virtual environment of its own (an editable install would time the
# working tree's sources and extension instead), and measured by the benchmarks/ scripts of
# NEW_REF (or of BENCH_REF), so that both builds run the very same workloads. It prints, per
# measured row, the old and the new time and new/old, and the speed gate's verdicts. Only
# committed code is compared: commit before you measure.
#   usage: tools/compare_builds.sh OLD_REF [NEW_REF]        (NEW_REF defaults to HEAD)
# Environment:
#   BENCHES    which benchmarks, default gate,features,score: gate is benchmarks/speed_gate.py
#              on its generated workload (the same files for both builds), features and score
#              are bench_features.py and bench_score.py on the bakeoff data;
#   BENCH_REF  the ref whose benchmarks/ scripts run, default NEW_REF (HEAD compares two older
#              refs with today's benchmarks);
#   RUNS       timed runs of every case in one benchmark run, default 5;
#   ROUNDS     benchmark runs of each build, default 2;
#   SIZES      MSR repetitions for bench_score.py, default 1,4,16;
#   KEEP=1     keeps the work directory (reports, venvs, the gate's workload).
# Needs a C compiler, and ../shared/icwb2 (the bakeoff data) for features and score
# (BENCHES=gate needs no data). The machine should be otherwise idle: differences of a few per
# cent are noise (the gate's wc -w row, the same command for both builds, shows how much).
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: $0 OLD_REF [NEW_REF]" >&2
    exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
old_commit="$(git -C "$root" rev-parse --verify "$1^{commit}")"
new_commit="$(git -C "$root" rev-parse --verify "${2:-HEAD}^{commit}")"
runs="${RUNS:-5}"
rounds="${ROUNDS:-2}"
sizes="${SIZES:-1,4,16}"
benches=",${BENCHES:-gate,features,score},"
icwb2="$root/../shared/icwb2"
wants() { [[ "$benches" == *",$1,"* ]]; }
if { wants features || wants score; } && [[ ! -f "$icwb2/gold/msr_test_gold.utf8" ]]; then
    echo "error: the bakeoff data is missing ($icwb2); BENCHES=gate needs none" >&2
    exit 1
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/wsscore-compare-XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then
    echo "work directory: $work" >&2
else
    trap 'rm -rf "$work"' EXIT
fi
started=$SECONDS

build() {  # build SIDE COMMIT: export, fresh venv, regular install; prints the venv's wsscore
    local side="$1" commit="$2"
    mkdir -p "$work/src-$side"
    git -C "$root" archive "$commit" | tar -x -C "$work/src-$side"
    python3 -m venv "$work/venv-$side"
    if ! "$work/venv-$side/bin/pip" install "$work/src-$side" >"$work/pip-$side.log" 2>&1; then
        cat "$work/pip-$side.log" >&2
        exit 1
    fi
    # Timing a build whose C speed-ups failed to compile would compare Python with C.
    if ! (cd "$work" && "$work/venv-$side/bin/python" -c "import wsscore._speedups") 2>/dev/null
    then
        echo "error: the $side build ($commit) has no C speed-ups" >&2
        exit 1
    fi
}

echo "building old = $old_commit and new = $new_commit in $work" >&2
build old "$old_commit"
build new "$new_commit"
bench="$work/src-new/benchmarks"
bench_commit="$(git -C "$root" rev-parse --verify "${BENCH_REF:-$new_commit}^{commit}")"
if [[ "$bench_commit" != "$new_commit" ]]; then
    mkdir -p "$work/src-bench"
    git -C "$root" archive "$bench_commit" benchmarks | tar -x -C "$work/src-bench"
    bench="$work/src-bench/benchmarks"
    echo "benchmarks of $bench_commit" >&2
fi

# The builds take turns, old-new in odd rounds and new-old in even ones, so that a change in the
# machine's load weighs on both alike; each row keeps the fastest of its rounds' medians, the
# estimate least disturbed by other work on the machine.
bench_round() {  # bench_round ROUND SIDE
    local round="$1" side="$2" status=0
    if wants gate; then
        # The gate's verdict (exit 1) is printed in its report; only a failed measurement
        # (exit 2) stops the comparison.
        echo "round $round: speed_gate.py on the $side build" >&2
        python3 "$bench/speed_gate.py" --runs "$runs" --workload "$work/gate-workload" \
            --wsscore "$work/venv-$side/bin/wsscore" \
            --markdown "$work/gate-$side-$round.md" >/dev/null || status=$?
        if ((status > 1)); then exit 1; fi
    fi
    if wants features; then
        echo "round $round: bench_features.py (analyses, formats) on the $side build" >&2
        python3 "$bench/bench_features.py" --groups analyses,formats --runs "$runs" \
            --icwb2 "$icwb2" --wsscore "$work/venv-$side/bin/wsscore" \
            --output "$work/features-$side-$round.md" >/dev/null
    fi
    if wants score; then
        echo "round $round: bench_score.py (sizes $sizes) on the $side build" >&2
        python3 "$bench/bench_score.py" --sizes "$sizes" --no-perl --no-plot --runs "$runs" \
            --memory-runs 1 --icwb2 "$icwb2" --wsscore "$work/venv-$side/bin/wsscore" \
            --output "$work/score-$side-$round.md" >/dev/null
    fi
}
for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then order=(old new); else order=(new old); fi
    for side in "${order[@]}"; do
        bench_round "$round" "$side"
    done
done

python3 - "$work" "$old_commit" "$new_commit" <<'EOF'
"""Join the old and the new reports' time cells by table row and print old, new, new/old."""
import os
import re
import sys
from pathlib import Path

work, old_commit, new_commit = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
# The columns of the benchmarks' Markdown tables that hold a wsscore run's median time.
TIME_COLUMNS = ("time", "CPU time", "wsscore -j1", "wsscore -j2")
UNITS = {"ms": 1e-3, "s": 1.0, "min": 60.0}


def seconds(cell):
    found = re.fullmatch(r"([0-9.,]+) (ms|s|min)", cell.strip())
    return float(found[1].replace(",", "")) * UNITS[found[2]] if found else None


def timed_rows(report):
    """{(section, row label, column): seconds} for every time cell of a Markdown report."""
    rows, section, header = {}, "", None
    for line in report.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section, header = line[3:].strip(), None
        elif line.startswith("|") and header is None:
            header = [cell.strip() for cell in line.strip("|").split("|")]
        elif line.startswith("|") and not line.startswith("|:"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            for column, cell in zip(header, cells):
                if column in TIME_COLUMNS and seconds(cell) is not None:
                    rows[(section, cells[0], column)] = seconds(cell)
        elif not line.startswith("|"):
            header = None
    return rows


def shown(value):
    return f"{value * 1000:9.1f} ms" if value < 10 else f"{value:9.2f} s "


def fastest(kind, side):
    """Each row's fastest median over the rounds' reports of one build."""
    best = {}
    for report in sorted(work.glob(f"{kind}-{side}-*.md")):
        for key, value in timed_rows(report).items():
            best[key] = min(value, best.get(key, value))
    return best


def loads(side):
    """The one-minute load averages before each of a build's benchmark runs."""
    found = []
    for report in sorted(work.glob(f"*-{side}-*.md")):
        match = re.search(r"load average before ([0-9.]+)", report.read_text(encoding="utf-8"))
        found += [float(match[1])] if match else []
    return found


print(f"old: {old_commit}\nnew: {new_commit}")
busiest = max(loads("old") + loads("new"), default=0.0)
for side in ("old", "new"):
    print(f"{side}: load average before its runs: {', '.join(map(str, loads(side)))}")
if busiest > os.cpu_count():
    print(
        f"NOTE: the machine was busy (load {busiest} on {os.cpu_count()} cores): the times are"
        " noise; measure again on an idle machine before reading a difference."
    )
print()
print(f"{'row':<80} {'old':>12} {'new':>12} {'new/old':>8}")
for kind in ("gate", "features", "score"):
    old, new = fastest(kind, "old"), fastest(kind, "new")
    for key in [key for key in new if key in old]:  # in the new report's order
        section, label, column = key
        name = f"{section}: {label}" + ("" if column == "time" else f" [{column}]")
        name = name.replace("`", "")
        print(f"{name[:80]:<80} {shown(old[key])} {shown(new[key])} {new[key] / old[key]:7.2f}×")
    for key in sorted(old.keys() ^ new.keys()):
        print(f"(only in one report: {' / '.join(key)})")
for side in ("old", "new"):  # the speed gate's verdicts, each round's
    for report in sorted(work.glob(f"gate-{side}-*.md")):
        for line in report.read_text(encoding="utf-8").splitlines():
            if line.startswith(("pass:", "FAIL:")):
                print(f"{side} build, round {report.stem.rsplit('-', 1)[1]}: {line}")
EOF
echo "compare_builds.sh took $((SECONDS - started)) s" >&2
