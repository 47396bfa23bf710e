#!/usr/bin/env bash
# The performance model's accuracy experiment (issue 23's Proof; docs/model.md): for fft, fib,
# nqueens, sort, sparselu and strassen of the bundled suite, a training sweep at small n and a check
# sweep at n at least 4x larger (in the program's own n, or for fib and nqueens in work), both at
# p in {1, 2} (all this 2-core machine can pin), 3 trials interleaved, each run's statistics taken
# from the warm region the program measures (sweep --region) after W warm-up runs of its kernel.
# A benchmark, not a test: the numbers depend on the machine and its load.
#
# Usage: bench/model/suite.sh DIR [PROGRAM ...]     records DIR/PROGRAM-train and DIR/PROGRAM-check
#        (a stopped run resumes: sweep skips what its index holds)
# Then:  bench/model/errors.sh DIR [PROGRAM ...]    fits, checks and prints the error tables
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:?usage: bench/model/suite.sh DIR [PROGRAM ...]}"
shift
"$root/forkscope" --version >/dev/null   # builds forkscope.jar when needed
# a copy of the jar, so that a rebuild while the experiment runs changes nothing under it
mkdir -p "$dir"
jar="$dir/forkscope.jar"
[ -f "$jar" ] || cp "$root/forkscope-cli/target/forkscope.jar" "$jar"
source "$root/bench/model/grid.sh"
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=("${ALL_PROGRAMS[@]}")
for prog in "${programs[@]}"; do
    grid "$prog"
    for part in train check; do
        if [ "$part" = train ]; then ns="$TRAIN_N"; warm="$TRAIN_WARMUP"; else ns="$CHECK_N"; warm="$CHECK_WARMUP"; fi
        echo "== $prog $part: n $ns, cutoff $CUTOFF, warm-up $warm" >&2
        java -jar "$jar" sweep --no-pin --dag-max-nodes 0 --region "$prog" --n "$ns" -p 1,2 --trials "${TRIALS:-3}" \
            -o "$dir/$prog-$part" -- java -cp "$jar" io.forkscope.samples.SampleMain "$prog" --n '{n}' \
            --cutoff "$CUTOFF" --warmup "$warm"
    done
done
