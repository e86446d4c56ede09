#!/usr/bin/env bash
# The cost of TLS: the same ozone local cluster with and without TLS on its gRPC and Ratis channels
# (ozone local --no-tls), measured in one run, one after the other, on this machine:
#
#   omkr      LookupKey of pre-created keys, --in-flight calls outstanding on one client connection
#   s3kg/s3kr S3 PUT and GET of 4 KB and 1 MB objects through the gateway (AWS SDK v2, 8 threads);
#             the S3 endpoint is plain HTTP in both modes (ozone local's default): what changes is
#             TLS on the gateway's channels to OM and datanodes and on the pipelines' Raft traffic
#
#   docs/benchmarks/tls.sh [-d DURATION] [-u WARMUP] [-k KEYS] [-n OBJECTS_4KB] [-m OBJECTS_1MB] [-O] [-o OUT]
#
# -O measures OM lookups only (no S3 runs), e.g. again with a longer -u: the JDK's TLS code needs the
# C2 compiler, which a loaded machine starves for a long time.
#
# Loopback only; each cluster is stopped (TERM) before the next starts. Uses the standard ports:
# run it alone (e.g. under flock with other users of port 9862).
set -euo pipefail

duration=20s warmup=15s keys=20000 small=2000 large=300 out=target/tls-bench om_only=false
while getopts "d:u:k:n:m:Oo:" opt; do
  case $opt in
    d) duration=$OPTARG ;; u) warmup=$OPTARG ;; k) keys=$OPTARG ;; n) small=$OPTARG ;; m) large=$OPTARG ;;
    O) om_only=true ;; o) out=$OPTARG ;;
    *) echo "usage: $0 [-d DURATION] [-u WARMUP] [-k KEYS] [-n OBJECTS_4KB] [-m OBJECTS_1MB] [-O] [-o OUT]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
"$root/ozone" version >/dev/null   # builds the distribution if needed
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
export OZONE_LOG_LEVEL=error
table="$out/table.md"
echo "| run | TLS | ops/s | MB/s | p50 ms | p99 ms | p99.9 ms |" >"$table"
echo "|---|---|---|---|---|---|---|" >>"$table"

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

run() {   # run NAME TLS SIZE_BYTES FREON-ARGS...
  local name=$1 tls=$2 size=$3; shift 3
  local log="$out/$name-$tls.log"
  "$ozone" freon "$@" --json "$out/$name-$tls.json" >"$log" 2>&1 || { echo "$name failed; see $log" >&2; tail -n 5 "$log" >&2; }
  awk -v name="$name" -v tls="$tls" -v size="$size" '
    / operations, /       { ops = $2 }
    /throughput:/         { rate = $2 }
    /latency ms:/         { p50 = $4; p99 = $8; p999 = $10 }
    END {
      if (ops == 0) { printf "| %s | %s | failed | | | | |\n", name, tls; exit }
      printf "| %s | %s | %.0f | %s | %s | %s | %s |\n", name, tls, rate,
        (size > 0 ? sprintf("%.1f", rate * size / 1e6) : "-"), p50, p99, p999
    }' "$log" | tee -a "$table"
}

for tls in off on; do
  flags=()
  [[ $tls == off ]] && flags=(--no-tls)
  start_cluster "tls-$tls" "${flags[@]}"
  run omkg "$tls" 0 omkg -n "$keys" --in-flight 64 -p bench
  run omkr "$tls" 0 omkr --keys "$keys" --duration "$duration" --warmup "$warmup" --in-flight 64 -p bench
  if $om_only; then stop_cluster; continue; fi
  run s3kg-4KB "$tls" 4096 s3kg -n "$small" -t 8 -s 4KB -p small
  run s3kr-4KB "$tls" 4096 s3kr -n "$small" -t 8 -p small
  run s3kg-1MB "$tls" 1048576 s3kg -n "$large" -t 8 -s 1MB -p large
  run s3kr-1MB "$tls" 1048576 s3kr -n "$large" -t 8 -p large
  stop_cluster
done
echo "table: $table"
