#!/usr/bin/env bash
# Records every command's output, in every format, on the fixtures and (when ../shared is there)
# on bakeoff data, into DIR: run it before and after a refactor and `diff -r` the two directories.
# The version line is blanked, so two versions with the same behaviour give identical snapshots.
#   usage: tools/snapshot.sh DIR
set -uo pipefail
out="$(realpath -m "$1")"
cd "$(dirname "$0")/.."
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
n=0
record() {  # record NAME ARGS...: stdout, stderr and exit status of `wsscore ARGS...`
    local name="$1"; shift
    n=$((n + 1))
    wsscore "$@" >"$out/$name.out" 2>"$out/$name.err"
    echo "$?" >"$out/$name.rc"
    sed -i -E -e 's/(wsscore|version)[ :=]+v?[0-9]+\.[0-9]+\.[0-9]+[^ |",]*/\1 VERSION/g' \
        -e "s#$work#WORK#g" "$out/$name.out" "$out/$name.err"
}
F=fixtures
cp "$F/pred.txt" "$work/a.txt"
wsscore segment -d "$F/words.txt" <(tr -d ' ' <"$F/gold.txt") >"$work/mm.txt"
systems=("$F/pred.txt" "$F/gbk/pred.txt" "$work/mm.txt")
for format in text json tsv csv markdown latex sighan; do
    record "score-$format" score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" -f "$format"
    record "score-extra-$format" score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" \
        --extra --baseline --topline -f "$format"
    record "score-committee-$format" score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" \
        --committee "${systems[@]}" -f "$format"
    record "score-bootstrap-$format" score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" \
        --ci bootstrap --samples 200 -f "$format"
    record "score-diff-$format" score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" \
        --match diff -f "$format"
    record "score-wilson-beta-$format" score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" \
        --ci wilson --beta 2 --sort name -f "$format"
done
for format in text json tsv csv markdown; do
    record "errors-$format" errors "$F/gold.txt" "$F/pred.txt" -d "$F/words.txt" -f "$format"
    record "compare-$format" compare "$F/gold.txt" "$F/pred.txt" "$F/gbk/pred.txt" "$work/mm.txt" \
        -d "$F/words.txt" -f "$format"
done
record score-quiet score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" -q
record score-fail-under score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" --fail-under f=0.9
record score-train score "$F/gold.txt" "${systems[@]}" --train "$F/gold.txt"
record score-big5 score "$F/big5/gold.txt" "$F/big5/pred.txt" -d "$F/big5/words.txt"
record score-hkscs score "$F/hkscs/gold.txt" "$F/hkscs/pred.txt" -d "$F/hkscs/words.txt"
record sighan sighan "$F/words.txt" "$F/gold.txt" "$F/pred.txt"
record sighan-diff sighan "$F/words.txt" "$F/gold.txt" "$F/pred.txt" --match diff
record segment segment -d "$F/words.txt" "$work/mm.txt"
record difficulty difficulty "$F/gold.txt" "${systems[@]}"
record score-digits score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" --digits 5 -f markdown
wsscore score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" -f json >"$work/shard.json"
cp "$work/shard.json" "$work/copy.json"  # the same file twice is refused, a copy added
record score-gates score "$F/gold.txt" "${systems[@]}" -d "$F/words.txt" --fail-under mm.txt:f=0.9 \
    --previous "$work/shard.json" --max-drop f=0.01 -f json
for format in text json markdown sighan; do
    record "merge-$format" merge "$work/shard.json" "$work/copy.json" -f "$format"
done
record merge-quiet merge "$work/shard.json" "$work/copy.json" -q
record error-missing score "$F/gold.txt" "$work/missing.txt"
record error-mismatch score "$F/gold.txt" "$F/words.txt" --mismatch error
shared=../shared/icwb2
if [ -d "$shared" ]; then
    for corpus in pku cityu; do
        gold="$shared/gold/${corpus}_test_gold.txt"
        words="$shared/gold/${corpus}_training_words.txt"
        [ -f "$gold" ] || gold="$shared/gold/${corpus}_testing_gold.txt"
        test="$shared/testing/${corpus}_test.txt"
        wsscore segment -d "$words" "$test" -o "$work/$corpus-mm.txt"
        wsscore segment -d "$shared/gold/msr_training_words.utf8" "$test" -o "$work/$corpus-mm2.txt"
        s=("$work/$corpus-mm.txt" "$work/$corpus-mm2.txt")
        for format in text json sighan latex; do
            record "$corpus-score-$format" score "$gold" "${s[@]}" -d "$words" --extra \
                --baseline --topline -f "$format"
        done
        record "$corpus-committee" score "$gold" "${s[@]}" -d "$words" --committee "${s[@]}" -f json
        record "$corpus-bootstrap" score "$gold" "${s[@]}" -d "$words" --ci bootstrap --samples 100 -f json
        record "$corpus-errors" errors "$gold" "${s[0]}" -d "$words" -f json
        record "$corpus-compare" compare "$gold" "${s[@]}" -d "$words" -f json
        record "$corpus-sighan" sighan "$words" "$gold" "${s[0]}"
        record "$corpus-difficulty" difficulty "$gold" "${s[@]}"
        record "$corpus-jobs" score "$gold" "${s[@]}" -d "$words" -j 2 -f json
    done
    head -300 "$shared/gold/pku_test_gold.txt" >"$work/pku-head.txt"
    head -300 "$work/pku-mm.txt" >"$work/pku-mm-head.txt"
    record pku-diff score "$work/pku-head.txt" "$work/pku-mm-head.txt" \
        -d "$shared/gold/pku_training_words.txt" --match diff -f json
    record pku-segment segment -d "$shared/gold/pku_training_words.txt" "$shared/testing/pku_test.txt"
fi
echo "$n outputs recorded in $out"
