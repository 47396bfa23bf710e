#!/usr/bin/env bash
# Fits the performance model on DIR/PROGRAM-train and checks it on DIR/PROGRAM-check (the sweeps of
# bench/model/suite.sh) for each program, then prints the paper's error |actual - predicted| / actual
# per component, median (Q1-Q3) over the check runs, both no-work models side by side, as a Markdown
# table (docs/model.md). Options after the programs' list go to model fit (e.g. --net --fastest-trial
# --keep-noisy); fib and nqueens are fitted --exponential. The fitted models go to DIR/models/.
#
# Usage: bench/model/errors.sh DIR [--programs fft,fib,...] [MODEL FIT OPTIONS ...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:?usage: bench/model/errors.sh DIR [--programs LIST] [fit options]}"
shift
source "$root/bench/model/grid.sh"
programs=("${ALL_PROGRAMS[@]}")
if [ "${1:-}" = --programs ]; then IFS=, read -r -a programs <<< "$2"; shift 2; fi
jar="${FORKSCOPE_JAR:-$root/forkscope-cli/target/forkscope.jar}"
mkdir -p "$dir/models"
tag=$(echo "${*:-paper}" | tr -d ' -')
echo "| program | runs (train / check) | T1' | T1 | create_task | delay | no_work Eq. 15 | no_work span | time Eq. 15 | time span |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for prog in "${programs[@]}"; do
    [ -f "$dir/$prog-train/index.csv" ] && [ -f "$dir/$prog-check/index.csv" ] || continue
    grid "$prog"
    model="$dir/models/$prog-$tag.json"
    if ! java -jar "$jar" model fit "$dir/$prog-train" $EXPONENTIAL "$@" -o "$model" --force \
            > "$dir/models/$prog-$tag.txt" 2> "$dir/models/$prog-$tag.err"; then
        echo "| $prog | $(tail -1 "$dir/models/$prog-$tag.err") |"
        continue
    fi
    java -jar "$jar" model check "$model" "$dir/$prog-check" --json 2>/dev/null | python3 -c '
import json, sys
j = json.load(sys.stdin)
e = j["errors"]
train = json.load(open(sys.argv[2]))["training"]["runs"]
def cell(k):
    x = e[k]
    if x["median"] is None:
        return "-"
    return "%.0f%% (%.0f-%.0f)" % (100 * x["median"], 100 * x["q1"], 100 * x["q3"])
keys = ["serial_work", "work", "create_task", "delay", "no_work", "no_work_span", "time", "time_span"]
print("| %s | %d / %d | %s |" % (sys.argv[1], train, len(j["runs"]), " | ".join(cell(k) for k in keys)))
' "$prog" "$model"
done
