#!/usr/bin/env bash
# Multi-Raft comparison: the same ockg load on the same embedded cluster (same datanodes, same
# disks, several Ratis log dirs per datanode), once with single-Raft (pipeline limit 1) and once
# with Multi-Raft (limit M). Writes both freon reports, one plot with both latency
# distributions, and a Markdown table.
#
#   docs/benchmarks/multiraft.sh [-n KEYS] [-t THREADS] [-s SIZE] [-m LIMIT] [-d DISKS] [-o OUT]
#
# Runs on loopback only; each cluster lives under OUT and is stopped before the next starts.
set -euo pipefail

keys=2000 threads=16 size=64KB limit=3 disks=3 datanodes=3 out=target/multiraft
while getopts "n:t:s:m:d:N:o:" opt; do
  case $opt in
    n) keys=$OPTARG ;; t) threads=$OPTARG ;; s) size=$OPTARG ;; m) limit=$OPTARG ;;
    d) disks=$OPTARG ;; N) datanodes=$OPTARG ;; o) out=$OPTARG ;;
    *) echo "usage: $0 [-n KEYS] [-t THREADS] [-s SIZE] [-m LIMIT] [-d DISKS] [-N DATANODES] [-o OUT]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
"$root/ozone" version >/dev/null   # builds the distribution if needed
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
export OZONE_LOG_LEVEL=warn

run() {
  local name=$1 pipeline_limit=$2
  local data="$out/$name-data" log="$out/$name-cluster.log"
  rm -rf "$data"
  "$ozone" local --datanodes "$datanodes" --disks "$disks" --data "$data" \
    -Dozone.scm.datanode.pipeline.limit="$pipeline_limit" >"$log" 2>&1 &
  local pid=$!
  trap 'kill -TERM '"$pid"' 2>/dev/null' EXIT
  for _ in $(seq 1 120); do
    grep -aq "O3 is ready" "$log" && break
    kill -0 "$pid" 2>/dev/null || { echo "cluster $name died; see $log" >&2; exit 1; }
    sleep 1
  done
  grep -a "O3 is ready" "$log"
  # Let the background creator open every pipeline it can before measuring.
  sleep 5
  "$ozone" admin pipeline list | tail -n 1
  "$ozone" freon ockg -n "$keys" -t "$threads" -s "$size" -p "$name" --json "$out/$name.json"
  kill -TERM "$pid"
  wait "$pid" || true
  trap - EXIT
}

run single-raft 1
run multi-raft "$limit"
"$ozone" freon plot --title "ockg $keys x $size, $threads threads, $datanodes datanodes x $disks disks" \
  --out "$out/multiraft.png" "single-raft (limit 1)=$out/single-raft.json" "multi-raft (limit $limit)=$out/multi-raft.json" \
  | tee "$out/table.md"
echo "plot: $out/multiraft.png"
