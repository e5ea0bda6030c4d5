#!/usr/bin/env bash
# Times two versions of wsscore on the same benchmarks: each git ref is exported (`git archive`,
# so neither the working tree nor the repository's worktree list is touched), installed
# NON-editably into a fresh virtual environment of its own (an editable install would time the
# working tree's sources and extension instead), and measured by the benchmarks/ scripts of
# NEW_REF, so that both builds run the very same workloads. It prints, per measured command, the
# old and the new median wall time and CPU time, and new/old. Only committed code is compared: commit before
# you measure.
#   usage: tools/compare_builds.sh OLD_REF [NEW_REF]        (NEW_REF defaults to HEAD)
# Environment: RUNS (interleaved rounds of every command in one benchmark run, default 5),
# ROUNDS (benchmark runs of each build, default 2), BENCHMARKS (of write_performance.py, default
# gate,scaling,features), BENCH_REF (the ref whose benchmarks/ run, default NEW_REF: HEAD compares
# two refs older than the benchmarks), KEEP=1 keeps the work directory (results, venvs).
# Needs a C compiler, and ../shared/icwb2 (the bakeoff data) for every benchmark but the speed
# gate's (BENCHMARKS=gate needs none); the machine should be otherwise idle: differences of a few
# per cent are noise (the wc -w row of the gate, the same command for both builds, shows how much).
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
benchmarks="${BENCHMARKS:-gate,scaling,features}"
icwb2="$root/../shared/icwb2"
if [[ "$benchmarks" != gate && ! -f "$icwb2/gold/msr_test_gold.utf8" ]]; then
    echo "error: the bakeoff data is missing ($icwb2); BENCHMARKS=gate needs none" >&2
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
if [[ -n "${BENCH_REF:-}" ]]; then
    mkdir -p "$work/src-bench"
    git -C "$root" archive "$(git -C "$root" rev-parse --verify "$BENCH_REF^{commit}")" benchmarks \
        | tar -x -C "$work/src-bench"
    bench="$work/src-bench/benchmarks"
fi

# The builds take turns, old-new in odd rounds and new-old in even ones, so that a change in the
# machine's load weighs on both alike; each row keeps the fastest of its rounds' medians, the
# estimate least disturbed by other work on the machine.
bench_round() {  # bench_round ROUND SIDE
    local round="$1" side="$2"
    echo "round $round: $benchmarks on the $side build" >&2
    python3 "$bench/write_performance.py" --only "$benchmarks" --runs "$runs" \
        --icwb2 "$icwb2" --wsscore "$work/venv-$side/bin/wsscore" \
        --results "$work/results-$side-$round" >/dev/null
}
for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then order=(old new); else order=(new old); fi
    for side in "${order[@]}"; do
        bench_round "$round" "$side"
    done
done

python3 - "$work" "$old_commit" "$new_commit" <<'EOF'
"""Join the old and the new results by command and print old, new, new/old."""
import json
import os
import statistics
import sys
from pathlib import Path

work, old_commit, new_commit = Path(sys.argv[1]), sys.argv[2], sys.argv[3]


def shown(value):
    return f"{value * 1000:9.1f} ms" if value < 10 else f"{value:9.2f} s "


def results(side):
    for path in sorted(work.glob(f"results-{side}-*/*.json")):
        yield path.stem, json.loads(path.read_text(encoding="utf-8"))


def fastest(side):
    """Each command's fastest median wall time and CPU time over the rounds' results of one
    build (CPU time, which waits for no core, moves less with the machine's load)."""
    best = {}
    for benchmark, found in results(side):
        for key, runs in found["timings"].items():
            for measure, suffix in (("wall", ""), ("cpu", " [CPU]")):
                value, name = statistics.median(runs[measure]), f"{benchmark}: {key}{suffix}"
                best[name] = min(value, best.get(name, value))
    return best


def loads(side):
    """The one-minute load averages before each of a build's benchmark runs."""
    return [float(found["meta"]["load"].split()[0]) for _, found in results(side)]


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
print(f"{'command':<60} {'old':>12} {'new':>12} {'new/old':>8}")
old, new = fastest("old"), fastest("new")
for name in [name for name in new if name in old]:  # in the new results' order
    print(f"{name[:60]:<60} {shown(old[name])} {shown(new[name])} {new[name] / old[name]:7.2f}×")
for name in sorted(old.keys() ^ new.keys()):
    print(f"(only in one build's results: {name})")
EOF
echo "compare_builds.sh took $((SECONDS - started)) s" >&2
