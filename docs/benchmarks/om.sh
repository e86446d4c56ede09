#!/usr/bin/env bash
# Ozone Manager throughput on this machine, every figure from the same harness (freon keeping
# --in-flight calls outstanding over one connection) and the same run:
#
#   echo-direct   gRPC echo served in the freon process on the transport thread (directExecutor)
#   echo-default  the same echo on gRPC's default executor (one thread hand-off per call)
#   om-echo       the OM's EchoService: same port and event loops as its client protocol, no OM work
#   echo-stream-direct / om-echo-stream  the same two echoes as messages on one stream (om-echo --stream):
#                 the ceiling for lookups, which the OM client sends on the OM's Calls stream
#   omkr-1om      LookupKey of the omkg keys on one OM (what the targets are about)
#   omkg-1om      empty keys (CreateKey + CommitKey: two Raft writes and a share of one SCM call each)
#   omkg/omkr-3om the same with three OMs (ozone local --om-ha; reads confirm leadership via ReadIndex)
#   ratis-1/3     raw Ratis appends (no-op state machine, the OM's log settings), same disk
#
#   docs/benchmarks/om.sh [-d DURATION] [-u WARMUP] [-w IN_FLIGHT] [-k KEYS] [-r ROUNDS] [-z OZONE] [-o OUT]
#
# Every run first loads for WARMUP (default 30s) uncounted (freon --warmup): without it the C2
# compilers of both JVMs took up to half of the 2 cores during the measured part.
#
# Besides ops/s and latency percentiles it records the CPU each run cost: the cluster process
# (OM with SCM and datanodes idling beside it) and the freon process, per operation. On a shared
# machine throughput swings with what else runs; CPU per operation much less. -r repeats the
# read-side runs back to back so that noise shows up as spread. -z runs another build's
# bin/ozone (compare before/after on the same machine). Loopback only; each cluster is stopped
# (TERM) before the next starts.
set -euo pipefail

duration=20s warmup=30s window=64 keys=40000 rounds=2 out=target/om-bench ozone=""
while getopts "d:u:w:k:r:z:o:" opt; do
  case $opt in
    d) duration=$OPTARG ;; u) warmup=$OPTARG ;; w) window=$OPTARG ;; k) keys=$OPTARG ;; r) rounds=$OPTARG ;;
    z) ozone=$OPTARG ;; o) out=$OPTARG ;;
    *) echo "usage: $0 [-d DURATION] [-u WARMUP] [-w IN_FLIGHT] [-k KEYS] [-r ROUNDS] [-z OZONE] [-o OUT]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [[ -z "$ozone" ]]; then
  "$root/ozone" version >/dev/null   # builds the distribution if needed
  ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
fi
export OZONE_LOG_LEVEL=error
table="$out/table.md"
echo "| run | ops/s | p50 ms | p99 ms | p99.9 ms | server CPU µs/op | freon CPU µs/op | load avg |" >"$table"
echo "|---|---|---|---|---|---|---|---|" >>"$table"

cluster_pid="" om_address=localhost:9862
stop_cluster() {
  if [[ -n "$cluster_pid" ]]; then
    kill -TERM "$cluster_pid" 2>/dev/null || true
    wait "$cluster_pid" 2>/dev/null || true
    cluster_pid=""
  fi
}
trap stop_cluster EXIT

start_cluster() {
  local name=$1; shift
  local data="$out/$name-data" log="$out/$name-cluster.log"
  rm -rf "$data"
  "$ozone" local --data "$data" "$@" >"$log" 2>&1 &
  cluster_pid=$!
  for _ in $(seq 1 120); do
    grep -aq "O3 is ready" "$log" && break
    kill -0 "$cluster_pid" 2>/dev/null || { echo "cluster $name died; see $log" >&2; exit 1; }
    sleep 1
  done
  grep -a "O3 is ready" "$log"
  om_address=$(grep -a "OM (ozone sh):" "$log" | awk '{ print $NF }')
  sleep 5   # let pipelines and leaders settle
}

cpu_seconds() {   # user+system CPU of a live process, in seconds
  if [[ -n "$1" && -r /proc/$1/stat ]]; then
    awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat" 2>/dev/null || echo 0
  else
    echo 0
  fi
}

run() {   # CPU is counted from the end of the warm-up to the end of the run, for both processes
  local name=$1; shift
  local log="$out/$name.log" before after freon_before freon_after now load freon_pid
  "$ozone" freon "$@" --warmup "$warmup" -Dozone.om.address="$om_address" --json "$out/$name.json" >"$log" 2>&1 &
  freon_pid=$!
  until grep -aq "warm-up:" "$log" || ! kill -0 "$freon_pid" 2>/dev/null; do sleep 0.1; done
  load=$(cut -d' ' -f1 /proc/loadavg)
  before=$(cpu_seconds "$cluster_pid") freon_before=$(cpu_seconds "$freon_pid") freon_after=$freon_before
  while kill -0 "$freon_pid" 2>/dev/null; do   # the last reading before freon exits
    now=$(cpu_seconds "$freon_pid"); after=$(cpu_seconds "$cluster_pid")
    [[ $now != 0 ]] && freon_after=$now
    sleep 0.1
  done
  wait "$freon_pid" || { echo "$name failed; see $log" >&2; tail -n 5 "$log" >&2; }
  awk -v name="$name" -v server="$(awk -v a="$after" -v b="$before" 'BEGIN { print a - b }')" \
      -v freon="$(awk -v a="$freon_after" -v b="$freon_before" 'BEGIN { print a - b }')" -v load="$load" '
    / operations, /       { ops = $2 }
    /throughput:/         { rate = $2 }
    /latency ms:/         { p50 = $4; p99 = $8; p999 = $10 }
    END {
      if (ops == 0) { printf "| %s | failed | | | | | | %s |\n", name, load; exit }
      printf "| %s | %.0f | %s | %s | %s | %s | %.0f | %s |\n", name, rate, p50, p99, p999,
        (server > 0 ? sprintf("%.0f", server * 1e6 / ops) : "-"), freon * 1e6 / ops, load
    }' "$log" | tee -a "$table"
}

start_cluster one-om
run omkg-1om omkg -n "$keys" --in-flight "$window" -p bench
for round in $(seq 1 "$rounds"); do
  run "echo-direct-$round" om-echo --embedded direct --duration "$duration" --in-flight "$window"
  run "echo-default-$round" om-echo --embedded default --duration "$duration" --in-flight "$window"
  run "om-echo-$round" om-echo --duration "$duration" --in-flight "$window"
  run "echo-stream-direct-$round" om-echo --embedded direct --stream --duration "$duration" --in-flight "$window"
  run "om-echo-stream-$round" om-echo --stream --duration "$duration" --in-flight "$window"
  run "omkr-1om-$round" omkr --keys "$keys" --duration "$duration" --in-flight "$window" -p bench
done
stop_cluster

start_cluster three-om --om-ha
run omkg-3om omkg -n "$keys" --in-flight "$window" -p bench
run omkr-3om omkr --keys "$keys" --duration "$duration" --in-flight "$window" -p bench
stop_cluster

for servers in 1 3; do
  run "ratis-$servers" ratis-append --servers "$servers" --dir "$out/ratis-$servers" --duration "$duration" \
    --in-flight "$window"
  rm -rf "$out/ratis-$servers"
done
echo "table: $table"
