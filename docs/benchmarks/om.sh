#!/usr/bin/env bash
# Ozone Manager throughput on this machine, every figure from the same harness (freon with
# --in-flight calls over one connection) and the same run:
#
#   echo-direct   gRPC echo served in the freon process on the transport thread (directExecutor)
#   echo-default  the same echo on gRPC's default executor (one thread hand-off per call)
#   om-echo       the OM's EchoService: same port and event loops as its client protocol, no OM work
#   omkg-1om      empty keys (CreateKey + CommitKey, two Raft writes each) on one OM
#   omkr-1om      LookupKey of those keys on one OM
#   omkg-3om      the same creates with three OMs (ozone local --om-ha)
#   ratis-1/3     raw Ratis appends (no-op state machine) with one and three servers, same disk
#
#   docs/benchmarks/om.sh [-d DURATION] [-w IN_FLIGHT] [-k KEYS] [-r ROUNDS] [-z OZONE] [-o OUT]
#
# Runs on loopback only; each cluster lives under OUT and is stopped (TERM) before the next starts.
# -z picks another build's bin/ozone (to compare before/after on the same machine); -r repeats the
# read-side runs so that noise from other processes shows up as spread, not as a single figure.
set -euo pipefail

duration=20s window=64 keys=20000 rounds=1 out=target/om-bench ozone=""
while getopts "d:w:k:r:z:o:" opt; do
  case $opt in
    d) duration=$OPTARG ;; w) window=$OPTARG ;; k) keys=$OPTARG ;; r) rounds=$OPTARG ;;
    z) ozone=$OPTARG ;; o) out=$OPTARG ;;
    *) echo "usage: $0 [-d DURATION] [-w IN_FLIGHT] [-k KEYS] [-r ROUNDS] [-z OZONE] [-o OUT]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [[ -z "$ozone" ]]; then
  "$root/ozone" version >/dev/null   # builds the distribution if needed
  ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
fi
export OZONE_LOG_LEVEL=warn
freon=("$ozone" freon)
reports=()

cluster_pid=""
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
  sleep 5   # let pipelines and leaders settle
}

run() {
  local name=$1; shift
  echo "== $name: freon $*"
  "${freon[@]}" "$@" --json "$out/$name.json" | tail -n 3
  reports+=("$name=$out/$name.json")
}

start_cluster one-om
run omkg-1om omkg -n "$keys" --in-flight "$window" -p bench
for round in $(seq 1 "$rounds"); do
  suffix=$([[ "$rounds" -gt 1 ]] && echo "-$round" || true)
  run "echo-direct$suffix" om-echo --embedded direct --duration "$duration" --in-flight "$window"
  run "echo-default$suffix" om-echo --embedded default --duration "$duration" --in-flight "$window"
  run "om-echo$suffix" om-echo --duration "$duration" --in-flight "$window"
  run "omkr-1om$suffix" omkr --keys "$keys" --duration "$duration" --in-flight "$window" -p bench
done
stop_cluster

start_cluster three-om --om-ha
run omkg-3om omkg -n "$keys" --in-flight "$window" -p bench
stop_cluster

for servers in 1 3; do
  run "ratis-$servers" ratis-append --servers "$servers" --dir "$out/ratis-$servers" -n $((keys * 2)) \
    --in-flight "$window"
done

"${freon[@]}" plot --title "OM, $window in flight" --out "$out/om.png" "${reports[@]}" | tee "$out/table.md"
echo "plot: $out/om.png"
