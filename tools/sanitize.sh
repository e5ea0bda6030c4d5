#!/usr/bin/env bash
# Builds the C speed-ups (wsscore/_speedups_c/) with AddressSanitizer and UndefinedBehaviorSanitizer
# and runs on them the tests that compare the C with the plain Python reference, so that a read
# or write out of bounds, a use after free, an overflow of a signed size or any other undefined
# behaviour fails the run instead of passing unseen.
#   usage: tools/sanitize.sh [PYTEST_ARGS...]   (default: the backend-equality tests below)
# The working tree is copied to a temporary directory and built in place there, so the
# repository's own build is untouched; the tests run with that copy first on sys.path, under the
# Python of the environment (PYTHON, default python3) with its test extras installed. Python
# itself is not built with the sanitizers: the runtime is preloaded (LD_PRELOAD), and leak
# detection is off (the interpreter keeps its memory to the end on purpose). Needs gcc or clang.
# Takes a few minutes (the sanitized code runs several times slower): run it by hand after
# changing the C; CI does not (its time budget has no room for it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"
cc="${CC:-gcc}"
work="$(mktemp -d "${TMPDIR:-/tmp}/wsscore-sanitize-XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The tracked and new files of the working tree (not the build products, not .git).
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | tar -x -C "$work"
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1"
flags="$flags -Wall -Wextra -Werror"
(cd "$work" && CC="$cc" CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" \
    "$python" setup.py -q build_ext --inplace >"$work/build.log" 2>&1) || {
    cat "$work/build.log" >&2
    exit 1
}
if ! ls "$work"/wsscore/_speedups*.so >/dev/null 2>&1; then
    cat "$work/build.log" >&2
    echo "error: the sanitized speed-ups were not built" >&2
    exit 1
fi
preload="$("$cc" -print-file-name=libasan.so):$("$cc" -print-file-name=libubsan.so)"
if [[ $# -eq 0 ]]; then
    set -- tests/core/test_backends.py tests/core/test_draws.py \
        tests/core/test_grapheme_backends.py tests/core/test_conllu_scan.py \
        tests/inputs/formats/test_chars_blocks.py tests/inputs/formats/test_japanese_formats.py \
        tests/metrics/test_tags_in_bulk.py tests/metrics/test_resampling_paths.py \
        tests/scoring/test_error_merges.py tests/scoring/test_error_analysis_paths.py \
        tests/align/test_sentence_records_paths.py
fi
cd "$work"
# The sanitized build must be the one imported: checked before the tests, under the same
# environment.
export LD_PRELOAD="$preload" PYTHONPATH="$work" \
    ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
"$python" -c "import sys, wsscore._speedups as s, wsscore.core.backend as b
sys.exit(0 if s.__file__.startswith('$work') and b.NAME == 'c' else 'not the sanitized build: ' + s.__file__)"
# The sanitized code runs several times slower: Hypothesis is told not to hold that against the
# tests (no deadline, no health check on slow input generation), through a plugin of this run.
cat >"$work/sanitized_run.py" <<'PLUGIN'
from hypothesis import HealthCheck, settings

settings.register_profile("sanitized", deadline=None, suppress_health_check=list(HealthCheck))
settings.load_profile("sanitized")
PLUGIN
"$python" -m pytest -q -p no:cacheprovider -p sanitized_run "$@"
