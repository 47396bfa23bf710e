#!/usr/bin/env bash
# Counted work is deterministic (issue 25's Proof, docs/counted-work.md): each program recorded R times
# on each of the given worker counts and JDKs with --unit bytecodes, its kernel region's work, span,
# burdened span, spawns and syncs compared across every recording. Load does not matter here (that is
# the point); run it beside `yes > /dev/null` to show it.
#
#   bench/counted/determinism.sh [-r RUNS] [-p 1,2,4] [-j JDK_HOME,...] [-o DIR] [-x RECORD_OPTION ...]
#                                [PROGRAM[:--opt=v,...] ...]
# -x adds an option to every `example --record` (repeatable), e.g. -x --count-jdk; -s compares each JDK's
# recordings on their own (a row per program and JDK): with --count-jdk the JDK's own code is counted,
# and it differs from one JDK to the next.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
runs=10 workers=1,2,4 out=$(mktemp -d /tmp/forkscope-determinism-XXXXXX)
jdks=/usr/lib/jvm/java-17-openjdk-amd64,/usr/lib/jvm/temurin-25-jdk-amd64
extra=() split=no
while getopts "r:p:j:o:x:s" opt; do
  case $opt in r) runs=$OPTARG ;; p) workers=$OPTARG ;; j) jdks=$OPTARG ;; o) out=$OPTARG ;; x) extra+=("$OPTARG") ;;
    s) split=yes ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(fib nqueens matmul sort)
mkdir -p "$out"
# builds the jar once (unless FORKSCOPE_JAR names one to use as it is)
[ -n "${FORKSCOPE_JAR:-}" ] || "$here/forkscope" --version > /dev/null
jar="$out/forkscope.jar"; cp "${FORKSCOPE_JAR:-$here/forkscope-cli/target/forkscope.jar}" "$jar"
printf '| program | work (bytecodes) | span | burdened span | spawns | recordings | all equal |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n'
for spec in "${programs[@]}"; do
  prog=${spec%%:*}; opts=(); [ "$spec" != "$prog" ] && IFS=, read -ra opts <<< "${spec#*:}"
  groups=("$jdks"); [ $split = yes ] && groups=(${jdks//,/ })
  for group in "${groups[@]}"; do
  label="$prog ${opts[*]}"; [ $split = yes ] && label="$label ($("$group/bin/java" -version 2>&1 | head -1 | cut -d'"' -f2))"
  rows="$out/$prog-$(basename "$group").rows"; : > "$rows"
  for jdk in ${group//,/ }; do
    for p in ${workers//,/ }; do
      for r in $(seq "$runs"); do
        [ -t 2 ] && echo "[$prog $(basename "$jdk") p=$p run $r]" >&2
        f="$out/$prog-$(basename "$jdk")-p$p-r$r.fsk"
        "$jdk/bin/java" -jar "$jar" example "$prog" "${opts[@]}" --workers "$p" --unit bytecodes ${extra[@]+"${extra[@]}"} --record "$f" \
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
  python3 - "$label" "$rows" <<'PY'
import sys
name, rows = sys.argv[1].strip(), [l.split() for l in open(sys.argv[2]) if l.strip()]
w, s, b, sp, _ = (int(x) for x in rows[0])
print(f"| {name} | {w:,} | {s:,} | {b:,} | {sp:,} | {len(rows)} | {'yes' if all(r == rows[0] for r in rows) else 'NO: ' + str(len(set(map(tuple, rows)))) + ' distinct'} |")
PY
  done
done
echo "recordings in $out" >&2
