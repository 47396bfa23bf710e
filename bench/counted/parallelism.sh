#!/usr/bin/env bash
# Counted against measured parallelism (docs/counted-work.md): each suite program's kernel region on
# P workers, recorded once in time (after W warm-up runs of the kernel, so that the span is that of
# compiled code) and once in bytecodes, and the two parallelisms side by side with what says whether
# the program is coarse-grained in time (burdened parallelism against parallelism, the average maximal
# strand). Run it on an idle machine: a span in time is the longest of many paths and any preemption on
# one of them becomes the span.
#
#   bench/counted/parallelism.sh [-p P] [-w W] [-o DIR] [PROGRAM ...]     (default: the whole suite)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
workers=2 warmup=2 out=$(mktemp -d /tmp/forkscope-counted-XXXXXX)
while getopts "p:w:o:" opt; do
  case $opt in p) workers=$OPTARG ;; w) warmup=$OPTARG ;; o) out=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
programs=("$@")
if [ ${#programs[@]} -eq 0 ]; then
  programs=(alignment fft fib floorplan health nqueens sort sparselu strassen uts heat lu matmul cholesky
            knapsack quicksort stencil3d-inner stencil3d-outer snippet-a snippet-b pbfs)
fi
mkdir -p "$out"
fs="$here/forkscope"
"$fs" --version > /dev/null   # builds the jar once, before the first measurement
printf '%-16s %12s %12s %7s %10s %12s  %s\n' program time bytecodes ratio "burd/par" "strand_us" "coarse"
for prog in "${programs[@]}"; do
  [ -t 2 ] && echo "[$prog]" >&2
  "$fs" example "$prog" --workers "$workers" --warmup "$warmup" --record "$out/$prog-time.fsk" --force > /dev/null 2>&1
  "$fs" example "$prog" --workers "$workers" --record "$out/$prog-bytecodes.fsk" --unit bytecodes --force > /dev/null 2>&1
  "$fs" summary "$out/$prog-time.fsk" --json > "$out/$prog-time.json"
  "$fs" summary "$out/$prog-bytecodes.fsk" --json > "$out/$prog-bytecodes.json"
  python3 - "$prog" "$out/$prog-time.json" "$out/$prog-bytecodes.json" <<'PY'
import json, sys
prog, t, b = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
def kernel(d):   # the last region the program measured (after its warm-up runs), else the whole run
    regions = [r for r in d.get('regions', []) if r['label'] == prog] or d.get('regions', [])
    return regions[-1] if regions else d
kt, kb = kernel(t), kernel(b)
ratio = kb['parallelism'] / kt['parallelism']
burdened = kt['burdened_parallelism'] / kt['parallelism']
strand_us = kt['average_maximal_strand_ns'] / 1000
coarse = 'yes' if burdened >= 0.5 else 'no'   # Cilkview's rule, the diagnosis 'tasks too fine-grained'
print(f"{prog:<16} {kt['parallelism']:12.2f} {kb['parallelism']:12.2f} {ratio:7.2f} {burdened:10.2f} {strand_us:12.1f}  {coarse}")
PY
done
echo "recordings in $out" >&2
