#!/usr/bin/env bash
# Counted against measured parallelism (docs/counted-work.md): each suite program's kernel region on
# P workers, recorded once in time (after W warm-up runs of the kernel, so that the span is that of
# compiled code) and once in bytecodes, and the two parallelisms side by side with what says whether
# the program is coarse-grained in time (burdened parallelism against parallelism, the average maximal
# strand). Run it on an idle machine: a span in time is the longest of many paths and any preemption on
# one of them becomes the span.
#
#   bench/counted/parallelism.sh [-p P] [-w W] [-o DIR] [PROGRAM ...]     (default: the whole suite)
#   bench/counted/parallelism.sh -J [-p P] [-o DIR] [PROGRAM ...]
#
# -J compares counted parallelism without and with --count-jdk instead (the JDK's own code counted too,
# docs/counted-work.md): counts do not depend on the machine, so this table is valid on a loaded one.
# It also gives each program's recording CPU time (user+sys of the whole recording, /usr/bin/time) with
# and without the option, a rough ratio on a shared machine.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
workers=2 warmup=2 out=$(mktemp -d /tmp/forkscope-counted-XXXXXX)
jdk=no
while getopts "p:w:o:J" opt; do
  case $opt in p) workers=$OPTARG ;; w) warmup=$OPTARG ;; o) out=$OPTARG ;; J) jdk=yes ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
programs=("$@")
if [ ${#programs[@]} -eq 0 ]; then
  programs=(alignment fft fib floorplan health nqueens sort sparselu strassen uts heat lu matmul cholesky
            knapsack quicksort stencil3d-inner stencil3d-outer snippet-a snippet-b pbfs)
fi
mkdir -p "$out"
# builds the jar once, before the first measurement (unless FORKSCOPE_JAR names one to use as it is),
# and runs a copy: the launcher would rebuild the jar mid-run when a source changes
[ -n "${FORKSCOPE_JAR:-}" ] || "$here/forkscope" --version > /dev/null
jar="$out/forkscope.jar"; cp "${FORKSCOPE_JAR:-$here/forkscope-cli/target/forkscope.jar}" "$jar"
fs() { java -jar "$jar" "$@"; }
if [ "$jdk" = yes ]; then
  printf '| program | without --count-jdk | with | ratio | within 10%% | work ratio | CPU s without | CPU s with | CPU ratio |\n'
  printf '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n'
  for prog in "${programs[@]}"; do
    [ -t 2 ] && echo "[$prog]" >&2
    for arm in app jdk; do
      opt=(); [ $arm = jdk ] && opt=(--count-jdk)
      /usr/bin/time -f '%U %S' -o "$out/$prog-$arm.cpu" java -jar "$jar" example "$prog" --workers "$workers" \
          --record "$out/$prog-$arm.fsk" --unit bytecodes ${opt[@]+"${opt[@]}"} --force > /dev/null 2> "$out/$prog-$arm.err"
      fs summary "$out/$prog-$arm.fsk" --json > "$out/$prog-$arm.json"
    done
    python3 - "$prog" "$out/$prog-app.json" "$out/$prog-jdk.json" "$out/$prog-app.cpu" "$out/$prog-jdk.cpu" <<'PY'
import json, sys
prog, a, j = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
cpu = [sum(float(x) for x in open(f).read().split()[-2:]) for f in sys.argv[4:6]]
def kernel(d):
    regions = [r for r in d.get('regions', []) if r['label'] == prog] or d.get('regions', [])
    return regions[-1] if regions else d
ka, kj = kernel(a), kernel(j)
ratio = kj['parallelism'] / ka['parallelism']
within = 'yes' if abs(ratio - 1) <= 0.10 else '**no**'
print(f"| {prog} | {ka['parallelism']:.2f} | {kj['parallelism']:.2f} | {ratio:.3f} | {within} | "
      f"{kj['work_ns'] / ka['work_ns']:.3f} | {cpu[0]:.1f} | {cpu[1]:.1f} | {cpu[1] / cpu[0]:.2f} |")
PY
  done
  echo "recordings in $out" >&2
  exit 0
fi
printf '%-16s %12s %12s %7s %10s %12s  %s\n' program time bytecodes ratio "burd/par" "strand_us" "coarse"
for prog in "${programs[@]}"; do
  [ -t 2 ] && echo "[$prog]" >&2
  fs example "$prog" --workers "$workers" --warmup "$warmup" --record "$out/$prog-time.fsk" --force > /dev/null 2>&1
  fs example "$prog" --workers "$workers" --record "$out/$prog-bytecodes.fsk" --unit bytecodes --force > /dev/null 2>&1
  fs summary "$out/$prog-time.fsk" --json > "$out/$prog-time.json"
  fs summary "$out/$prog-bytecodes.fsk" --json > "$out/$prog-bytecodes.json"
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
