#!/usr/bin/env bash
# Simulated T_2 against measured T_2 for the suite (issue 23's Proof; docs/predicting.md). For each
# program at its largest training n (grid.sh), T trials, recorded and unrecorded runs interleaved
# (A/B): trial t records one run on 2 workers (sweep -p 2 --no-collapse --region: every strand a
# node, the warm region's DAG), then times the program without the recorder (bench -p 1,2, each
# run a fresh JVM: W warm-up kernels, then 3 timed repetitions, the first dropped). Then predict
# simulates each recording's region at P = 2 twice: with the recorded work, and with the nodes
# scaled so that T1 is the median unrecorded T_1 (--work-ns). A benchmark, not a test.
#
# Usage: bench/model/simulate.sh DIR [PROGRAM ...]      then bench/model/simulate-table.py DIR
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:?usage: bench/model/simulate.sh DIR [PROGRAM ...]}"
shift
"$root/forkscope" --version >/dev/null
mkdir -p "$dir"
jar="$dir/forkscope.jar"
[ -f "$jar" ] || cp "$root/forkscope-cli/target/forkscope.jar" "$jar"
source "$root/bench/model/grid.sh"
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=("${ALL_PROGRAMS[@]}")
trials="${TRIALS:-3}"
for prog in "${programs[@]}"; do
    grid "$prog"
    n="${TRAIN_N##*,}"
    echo "== $prog n $n cutoff $CUTOFF" >&2
    for t in $(seq 1 "$trials"); do
        java -jar "$jar" sweep --region "$prog" --no-collapse --n "$n" -p 2 --trials "$t" -o "$dir/$prog-rec" \
            -- java -cp "$jar" io.forkscope.samples.SampleMain "$prog" --n '{n}' --cutoff "$CUTOFF" \
            --warmup "$TRAIN_WARMUP"
        [ -f "$dir/$prog-bench-t$t.csv" ] || java -jar "$jar" bench -p 1,2 --trials 1 --repeat 3 \
            -o "$dir/$prog-bench-t$t.csv" -- java -cp "$jar" io.forkscope.samples.SampleMain "$prog" --n "$n" \
            --cutoff "$CUTOFF" --warmup "$TRAIN_WARMUP" --repeat '{repeat}' 2>&1 | grep -v '^forkscope bench: \[' >&2
    done
done
