#!/usr/bin/env bash
# Heap of the S3 gateway under many concurrent large PUTs. Starts `ozone local --any-ports` (SCM, OM,
# 3 datanodes; its own gateway stays idle) and, for each object size, a separate `ozone s3g` JVM with
# a small -Xmx that the load goes through: freon s3kg (AWS SDK v2, aws-chunked signed uploads,
# one connection per upload) PUTs UPLOADS objects with UPLOADS threads, all at once. Meanwhile the
# gateway's heap (jstat) and RSS are sampled every second, and its GC log is kept. The cluster is
# started afresh for each size and its data deleted at the end (every object is stored 3 times:
# UPLOADS x SIZE x 3 must fit on the disk).
#
#   docs/benchmarks/s3-heap.sh [-t UPLOADS] [-s "96MB 192MB"] [-x S3G_HEAP] [-o OUT]
#
# Prints one line per size: uploads, size, duration, failures, peak heap used, peak heap after GC
# (the live set), peak RSS. Loopback only.
set -euo pipefail

uploads=64 sizes="96MB 192MB" heap=256m out=target/s3-heap
while getopts "t:s:x:o:" opt; do
  case $opt in
    t) uploads=$OPTARG ;; s) sizes=$OPTARG ;; x) heap=$OPTARG ;; o) out=$OPTARG ;;
    *) echo "usage: $0 [-t UPLOADS] [-s \"96MB 192MB\"] [-x S3G_HEAP] [-o OUT]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
"$root/ozone" version >/dev/null   # builds the distribution if needed
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done; rm -rf "$out/o3-data"' EXIT

wait_for() {
  local pid=$1 log=$2 pattern=$3
  for _ in $(seq 1 120); do
    grep -aqs "$pattern" "$log" && return 0
    kill -0 "$pid" 2>/dev/null || { echo "process died; see $log" >&2; exit 1; }
    sleep 1
  done
  echo "not ready after 120 s; see $log" >&2
  exit 1
}

# jstat -gc columns (KB): S0U=3 S1U=4 EU=6 OU=8; RSS from /proc (KB). One line per second.
sample() {
  local pid=$1
  while kill -0 "$pid" 2>/dev/null; do
    local gc rss
    gc=$(jstat -gc "$pid" 2>/dev/null | tail -n 1) || break
    rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null) || break
    echo "$(date +%s) $(echo "$gc" | awk '{printf "%.0f", ($3 + $4 + $6 + $8) / 1024}') $((rss / 1024))"
    sleep 1
  done
}

echo "uploads size seconds failures peak_heap_used_MiB peak_heap_after_gc_MiB peak_rss_MiB (s3g -Xmx$heap)" \
  | tee "$out/summary.txt"
for size in $sizes; do
  rm -rf "$out/o3-data"
  OZONE_LOG_LEVEL=warn "$ozone" local --any-ports --data "$out/o3-data" >"$out/o3-$size.log" 2>&1 &
  cluster=$!
  pids=("$cluster")
  wait_for "$cluster" "$out/o3-$size.log" "O3 is ready"
  om=$(grep -a 'OM (ozone sh):' "$out/o3-$size.log" | awk '{print $NF}')

  OZONE_HEAPSIZE=$heap OZONE_LOG_LEVEL=info OZONE_OPTS="-Xlog:gc:file=$out/gc-$size.log" \
    "$ozone" s3g -Dozone.om.address="$om" -Dozone.s3g.http-address=127.0.0.1:0 \
    -Dozone.s3g.webadmin.http-address=127.0.0.1:0 >"$out/s3g-$size.log" 2>&1 &
  gateway=$!
  pids=("$gateway" "$cluster")
  wait_for "$gateway" "$out/s3g-$size.log" "S3 gateway listening on"
  port=$(grep -ao 'S3 gateway listening on [^ ]*' "$out/s3g-$size.log" | sed 's/.*://')

  sample "$gateway" >"$out/samples-$size.txt" &
  sampler=$!
  start=$(date +%s)
  failures=0
  OZONE_LOG_LEVEL=warn "$ozone" freon s3kg -Dozone.om.address="$om" --endpoint "http://127.0.0.1:$port" \
    -n "$uploads" -t "$uploads" -s "$size" -b heap -p "p$size" --json "$out/put-$size.json" \
    >"$out/freon-$size.log" 2>&1 || failures=$?
  seconds=$(($(date +%s) - start))
  sleep 2
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true

  peak_used=$(awk 'BEGIN {m = 0} $2 > m {m = $2} END {print m}' "$out/samples-$size.txt")
  peak_rss=$(awk 'BEGIN {m = 0} $3 > m {m = $3} END {print m}' "$out/samples-$size.txt")
  # GC log lines end in "before->after(capacity) time", e.g. "180M->23M(256M) 3.1ms".
  peak_live=$(grep -a 'Pause Young\|Pause Full' "$out/gc-$size.log" | grep -ao '[0-9]*M->[0-9]*M' | sed 's/.*->//; s/M//' \
    | awk 'BEGIN {m = 0} $1 > m {m = $1} END {print m}')
  grep -aq 'OutOfMemoryError' "$out/s3g-$size.log" && echo "s3g ran out of heap; see $out/s3g-$size.log" >&2
  echo "$uploads $size $seconds $failures $peak_used $peak_live $peak_rss" | tee -a "$out/summary.txt"

  kill -TERM "$gateway" 2>/dev/null || true; wait "$gateway" || true
  kill -TERM "$cluster" 2>/dev/null || true; wait "$cluster" || true
  pids=()
  rm -rf "$out/o3-data"
done
trap - EXIT
