#!/usr/bin/env bash
# The first minute (docs/benchmarks.md): for each VARIANT, ROUNDS times in turn, a fresh `ozone local --any-ports`,
# the time until it reports ready, then warp PUT 4 KiB at 8 concurrent for 20 s (cold), 40 s more of the same load,
# and 20 s again (warm, after 60 s of load); the cluster's CPU time (utime+stime) per PUT of each, and its RSS.
# With -w WINDOWS it prints instead the curve: WINDOWS back-to-back 20 s windows of that load from ready on, each
# as PUT/s (ms of CPU per PUT), to see when the JIT is done (on 2 cores it is not after 60 s).
#
#   docs/benchmarks/first-minute.sh [-r ROUNDS] [-w WINDOWS] [-o OUT] VARIANT...
#
# VARIANT is NAME=JAVA_HOME:OZONE_OPTS[|ARGS of ozone local], e.g.
#   'no-tiers=/usr/lib/jvm/java-17-openjdk-amd64:-XX:-TieredCompilation -Xshare:auto' (-Xshare: no launcher archive)
#   'jdk25=/usr/lib/jvm/temurin-25-jdk-amd64:' (the launcher's AOT cache)
#   'one-om-conn=/usr/lib/jvm/temurin-25-jdk-amd64:|-Dozone.client.om.connections=1'
# The launcher's archive (OZONE_CDS_DIR) is OUT/cds-NAME: a variant's first round writes it, later rounds use it (run
# a round more and drop the first to compare with archives). Needs warp (v1.5.0, docs/benchmarks.md) on PATH or in
# ~/go/bin. Prints one line per run.
set -euo pipefail

rounds=2 windows=0 out=target/first-minute
while getopts "r:w:o:" opt; do
  case $opt in
    r) rounds=$OPTARG ;; w) windows=$OPTARG ;; o) out=$OPTARG ;;
    *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1) || { echo "build first" >&2; exit 1; }
warp=$(command -v warp || echo "$HOME/go/bin/warp")
mkdir -p "$out"
out=$(cd "$out" && pwd)

pid=""
trap '[[ -z $pid ]] || kill "$pid" 2>/dev/null || true' EXIT
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
put() {  # put NAME DURATION: prints "obj/s p50 p99" of warp's report
  "$warp" put --host "127.0.0.1:$port" --access-key "$access" --secret-key "$secret" --obj.size 4KiB --concurrent 8 \
    --duration "$2" --bucket "first-$1" --noclear --no-color --benchdata "$dir/$1" >"$dir/$1.txt" 2>&1
  python3 "$root/benchmarks/warp_summary.py" "$dir/$1.txt" | awk '{gsub(/,/, ""); print $1, $4, $7}'
}

stop() {  # stops the running cluster
  kill "$pid"
  wait "$pid" || true
  pid=""
}

curve() {  # curve HEADER: the -w windows of the running cluster, on one line; then stops it
  local line=$1 w t0 t1 ops
  for ((w = 1; w <= windows; w++)); do
    t0=$(ticks "$pid")
    read -r ops _ <<<"$(put "w$w" 20s)"
    t1=$(ticks "$pid")
    line+=$(awk -v o="$ops" -v c=$((t1 - t0)) 'BEGIN { printf " %s (%.1f)", o, (o > 0 ? c * 10 / (o * 20) : 0) }')
  done
  stop
  echo "$line; load $(cut -d' ' -f1 /proc/loadavg)"
}

for ((round = 1; round <= rounds; round++)); do
  for variant in "$@"; do
    name=${variant%%=*} spec=${variant#*=} args=()
    if [[ $spec == *"|"* ]]; then
      read -ra args <<<"${spec#*|}"
      spec=${spec%%|*}
    fi
    dir=$out/$name-$round
    rm -rf "$dir"
    mkdir -p "$dir"
    start=$(date +%s.%N)
    JAVA_HOME=${spec%%:*} OZONE_OPTS=${spec#*:} OZONE_CDS_DIR=$out/cds-$name OZONE_LOG_LEVEL=warn \
      "$ozone" local --any-ports --data "$dir/data" "${args[@]}" >"$dir/local.log" 2>&1 &
    pid=$!
    until grep -aqs "O3 is ready" "$dir/local.log"; do
      kill -0 "$pid" 2>/dev/null || { echo "$name: ozone local exited; see $dir/local.log" >&2; exit 1; }
      sleep 0.1
    done
    ready=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    until grep -aqs "AWS_SECRET_ACCESS_KEY=" "$dir/local.log"; do sleep 0.1; done
    access=$(grep -ao "AWS_ACCESS_KEY_ID=[^ ]*" "$dir/local.log" | cut -d= -f2)
    secret=$(grep -ao "AWS_SECRET_ACCESS_KEY=[^ ]*" "$dir/local.log" | cut -d= -f2)
    port=$(grep -ao "S3 endpoint: *http://127.0.0.1:[0-9]*" "$dir/local.log" | sed 's/.*://')
    if ((windows > 0)); then
      curve "$name round $round: ready $ready s; PUT/s (ms CPU/PUT) per 20 s window:"
      continue
    fi
    c0=$(ticks "$pid")
    read -r cold cold50 cold99 <<<"$(put cold 20s)"
    c1=$(ticks "$pid")
    put warmup 40s >/dev/null
    c2=$(ticks "$pid")
    read -r warm warm50 warm99 <<<"$(put warm 20s)"
    c3=$(ticks "$pid")
    rss=$(ps -o rss= -p "$pid" | awk '{printf "%.0f", $1 / 1024}')
    stop
    awk -v n="$name" -v r="$round" -v ready="$ready" -v s="$c0" -v c="$cold" -v c50="$cold50" -v c99="$cold99" \
      -v cc=$((c1 - c0)) -v w="$warm" -v w50="$warm50" -v w99="$warm99" -v wc=$((c3 - c2)) -v rss="$rss" \
      -v load="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
        printf "%s round %d: ready %s s (%.1f s CPU); cold %s/s p50 %s p99 %s ms, %.1f ms CPU/PUT;", n, r, ready,
          s / 100, c, c50, c99, (c > 0 ? cc * 10 / (c * 20) : 0)
        printf " warm %s/s p50 %s p99 %s ms, %.1f ms CPU/PUT; cold/warm %.2f; RSS %s MB; load %s\n", w, w50, w99,
          (w > 0 ? wc * 10 / (w * 20) : 0), (w > 0 ? c / w : 0), rss, load
      }'
  done
done
