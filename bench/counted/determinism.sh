#!/usr/bin/env bash
# Counted work is deterministic (issue 25's Proof, docs/counted-work.md): each program recorded R times
# on each of the given worker counts and JDKs with --unit bytecodes, its kernel region's work, span,
# burdened span, spawns and syncs compared across every recording. Load does not matter here (that is
# the point); run it beside `yes > /dev/null` to show it.
#
#   bench/counted/determinism.sh [-r RUNS] [-p 1,2,4] [-j JDK_HOME,...] [-o DIR] [PROGRAM[:--opt=v,...] ...]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
runs=10 workers=1,2,4 out=$(mktemp -d /tmp/forkscope-determinism-XXXXXX)
jdks=/usr/lib/jvm/java-17-openjdk-amd64,/usr/lib/jvm/temurin-25-jdk-amd64
while getopts "r:p:j:o:" opt; do
  case $opt in r) runs=$OPTARG ;; p) workers=$OPTARG ;; j) jdks=$OPTARG ;; o) out=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(fib nqueens matmul sort)
mkdir -p "$out"
"$here/forkscope" --version > /dev/null   # builds the jar once
jar="$out/forkscope.jar"; cp "$here/forkscope-cli/target/forkscope.jar" "$jar"
printf '| program | work (bytecodes) | span | burdened span | spawns | recordings | all equal |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n'
for spec in "${programs[@]}"; do
  prog=${spec%%:*}; opts=(); [ "$spec" != "$prog" ] && IFS=, read -ra opts <<< "${spec#*:}"
  rows="$out/$prog.rows"; : > "$rows"
  for jdk in ${jdks//,/ }; do
    for p in ${workers//,/ }; do
      for r in $(seq "$runs"); do
        [ -t 2 ] && echo "[$prog $(basename "$jdk") p=$p run $r]" >&2
        f="$out/$prog-$(basename "$jdk")-p$p-r$r.fsk"
        "$jdk/bin/java" -jar "$jar" example "$prog" "${opts[@]}" --workers "$p" --unit bytecodes --record "$f" \
            --force > /dev/null 2>&1
        "$jdk/bin/java" -jar "$jar" summary "$f" --json | python3 -c "
import json, sys
d = json.load(sys.stdin)
regions = [r for r in d['regions'] if r['label'] == '$prog'] or [d]
k = regions[-1]
print(k['work_ns'], k['span_ns'], k['burdened_span_ns'], k['spawns'], k['syncs'])" >> "$rows"
      done
    done
  done
  python3 - "$prog ${opts[*]}" "$rows" <<'PY'
import sys
name, rows = sys.argv[1].strip(), [l.split() for l in open(sys.argv[2]) if l.strip()]
w, s, b, sp, _ = (int(x) for x in rows[0])
print(f"| {name} | {w:,} | {s:,} | {b:,} | {sp:,} | {len(rows)} | {'yes' if all(r == rows[0] for r in rows) else 'NO: ' + str(len(set(map(tuple, rows)))) + ' distinct'} |")
PY
done
echo "recordings in $out" >&2
