#!/usr/bin/env bash
# Fits the performance model on DIR/PROGRAM-train and checks it on DIR/PROGRAM-check (the sweeps of
# bench/model/suite.sh) for each program, then prints the paper's error |actual - predicted| / actual
# per component, median (Q1-Q3) over the check runs, both no-work models side by side, as a Markdown
# table (docs/model.md). Options after the programs' list go to model fit (e.g. --net --fastest-trial
# --keep-noisy, --cv groups, --trials all); fib and nqueens are fitted --exponential, with b fitted from
# their T1'(n) or, with --base B, given (--base 2: the paper's 2^n). --bases-of PROG=LIST (repeatable)
# names T1'(n)'s bases for one program (model fit --bases); --base-of PROG=B (repeatable) gives one
# exponential program its own b (a number, or counts: model fit --exponential counts). The fitted models go to DIR/models/, and
# the table's program column gives each exponential model's b.
#
# Usage: bench/model/errors.sh DIR [--programs fft,fib,...] [--base B] [--base-of PROG=B ...] [--bases-of PROG=LIST ...]
#                              [MODEL FIT OPTIONS ...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:?usage: bench/model/errors.sh DIR [--programs LIST] [fit options]}"
shift
source "$root/bench/model/grid.sh"
programs=("${ALL_PROGRAMS[@]}")
base=""
declare -A bases_of=()
declare -A base_of=()
while [ $# -gt 0 ]; do
    case "$1" in
        --programs) IFS=, read -r -a programs <<< "$2"; shift 2 ;;
        --base) base="$2"; shift 2 ;;
        --bases-of) bases_of["${2%%=*}"]="${2#*=}"; shift 2 ;;
        --base-of) base_of["${2%%=*}"]="${2#*=}"; shift 2 ;;
        *) break ;;
    esac
done
jar="${FORKSCOPE_JAR:-$root/forkscope-cli/target/forkscope.jar}"
mkdir -p "$dir/models"
tag=$(echo "${*:-default}${base:+ base$base}${base_of[*]:+ baseof${base_of[*]}}${bases_of[*]:+ bases}" | tr -d ' -' | tr -c 'A-Za-z0-9.\n' '_')
echo "| program | runs (train / check) | T1' | T1 | create_task | delay | no_work Eq. 15 | no_work span | time Eq. 15 | time span |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for prog in "${programs[@]}"; do
    [ -f "$dir/$prog-train/index.csv" ] && [ -f "$dir/$prog-check/index.csv" ] || continue
    grid "$prog"
    model="$dir/models/$prog-$tag.json"
    extra=()
    b="${base_of[$prog]:-$base}"
    [ -n "$EXPONENTIAL" ] && extra+=("$EXPONENTIAL") && [ -n "$b" ] && extra+=("$b")
    [ -n "${bases_of[$prog]:-}" ] && extra+=(--bases "${bases_of[$prog]}")
    if ! java -jar "$jar" model fit "$dir/$prog-train" "${extra[@]}" "$@" -o "$model" --force \
            > "$dir/models/$prog-$tag.txt" 2> "$dir/models/$prog-$tag.err"; then
        echo "| $prog | $(tail -1 "$dir/models/$prog-$tag.err") |"
        continue
    fi
    java -jar "$jar" model check "$model" "$dir/$prog-check" --json 2>/dev/null | python3 -c '
import json, sys
j = json.load(sys.stdin)
e = j["errors"]
fitted = json.load(open(sys.argv[2]))
train = fitted["training"]["runs"]
name = sys.argv[1] + (" (b %.3f)" % fitted["base"] if fitted.get("exponential") else "")
def cell(k):
    x = e[k]
    if x["median"] is None:
        return "-"
    return "%.0f%% (%.0f-%.0f)" % (100 * x["median"], 100 * x["q1"], 100 * x["q3"])
keys = ["serial_work", "work", "create_task", "delay", "no_work", "no_work_span", "time", "time_span"]
print("| %s | %d / %d | %s |" % (name, train, len(j["runs"]), " | ".join(cell(k) for k in keys)))
' "$prog" "$model"
done
