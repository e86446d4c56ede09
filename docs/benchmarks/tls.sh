#!/usr/bin/env bash
# The cost of TLS: the same ozone local cluster without TLS on its gRPC and Ratis channels (--no-tls), with TLS on the
# JDK's engine (-Dhdds.grpc.tls.provider=JDK) and with TLS on OpenSSL (the default), each started fresh, measured in
# one run, the variants alternating round by round:
#
#   omkr   LookupKey of KEYS keys created first by omkg, --in-flight 64 calls outstanding on one client connection
#   warp   S3 PUT and GET through the gateway with warp (8 concurrent, SIZES); the S3 endpoint is plain HTTP in every
#          variant (ozone local's default): what changes is TLS on the gateway's channels to OM and datanodes and on
#          the pipelines' Raft traffic. GET reads the objects its warm-up wrote (--list-existing).
#
# Per run: ops/s, p50 and p99, and the CPU time per operation of the ozone local JVM (every server and the gateway)
# and of the load generator (freon's JVM, warp), from utime+stime in /proc/PID/stat over the measured part only
# (OUT/raw.txt keeps the operation counts and ticks).
# User security (signed native calls, block tokens) stays on in every variant; freon's own channels use the same
# engine as the cluster.
#
#   docs/benchmarks/tls.sh [-r ROUNDS] [-d DURATION] [-u WARMUP] [-k KEYS] [-s SIZES] [-V VARIANTS] [-O] [-o OUT]
#
# Defaults: 2 rounds, 20 s measured after a 30 s warm-up, 100,000 keys, SIZES "4KiB" (e.g. -s "4KiB 1MiB"),
# VARIANTS "off jdk openssl"; -O measures OM lookups only. Needs warp (v1.5.0) on PATH or in ~/go/bin unless -O.
#
# Loopback only; each cluster is stopped (TERM) before the next starts. Uses the standard ports:
# run it alone (e.g. under flock with other users of port 9862).
set -euo pipefail

rounds=2 duration=20s warmup=30s keys=100000 sizes="4KiB" variants="off jdk openssl" out=target/tls-bench om_only=false
while getopts "r:d:u:k:s:V:Oo:" opt; do
  case $opt in
    r) rounds=$OPTARG ;; d) duration=$OPTARG ;; u) warmup=$OPTARG ;; k) keys=$OPTARG ;; s) sizes=$OPTARG ;;
    V) variants=$OPTARG ;; O) om_only=true ;; o) out=$OPTARG ;;
    *) sed -n '16p' "$0" | sed 's/^# *//' >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
"$root/ozone" version >/dev/null   # builds the distribution if needed
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
find_tool() { command -v "$1" || { [[ -x $HOME/go/bin/$1 ]] && echo "$HOME/go/bin/$1"; } || { echo "$1 not found (docs/benchmarks.md)" >&2; exit 1; }; }
$om_only || warp=$(find_tool warp)
export OZONE_LOG_LEVEL=error
ticks_per_ms=$(awk -v hz="$(getconf CLK_TCK)" 'BEGIN { print hz / 1000 }')
table="$out/table.md"
echo "| round | run | TLS | ops/s | p50 ms | p99 ms | cluster CPU µs/op | client CPU µs/op |" >"$table"
echo "|---|---|---|---|---|---|---|---|" >>"$table"
{ date -u '+%F %T UTC'; uname -srm; nproc; uptime; } >"$out/machine.txt"

cluster_pid="" cluster_data=""
stop_cluster() {  # stops the cluster and removes its data: three replicas of a minute of 1 MiB PUTs are tens of GB
  if [[ -n "$cluster_pid" ]]; then
    kill -TERM "$cluster_pid" 2>/dev/null || true
    wait "$cluster_pid" 2>/dev/null || true
    cluster_pid=""
  fi
  [[ -z "$cluster_data" ]] || rm -rf "$cluster_data"
  cluster_data=""
}
trap stop_cluster EXIT

flags_of() {  # the ozone flags of a variant
  case $1 in
    off) echo "--no-tls" ;;
    jdk) echo "-Dhdds.grpc.tls.provider=JDK" ;;
    openssl) echo "-Dhdds.grpc.tls.provider=OPENSSL" ;;
    *) echo "unknown variant $1 (off, jdk, openssl)" >&2; exit 2 ;;
  esac
}

start_cluster() {  # start_cluster NAME VARIANT
  local name=$1 variant=$2
  local data="$out/$name-data" log="$out/$name-cluster.log"
  rm -rf "$data"
  cluster_data=$data
  # shellcheck disable=SC2046 # the variant's flags are words
  "$ozone" local --data "$data" $(flags_of "$variant") >"$log" 2>&1 &
  cluster_pid=$!
  for _ in $(seq 1 180); do
    grep -aqs "O3 is ready" "$log" && break
    kill -0 "$cluster_pid" 2>/dev/null || { echo "cluster $name died; see $log" >&2; exit 1; }
    sleep 1
  done
  grep -aq "O3 is ready" "$log" || { echo "cluster $name not ready after 180 s; see $log" >&2; exit 1; }
  sleep 5   # let pipelines and leaders settle
}

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null; }   # utime+stime of a process, in clock ticks

# measured LOG MARKER CMD...: runs CMD (output to LOG); from when LOG shows MARKER (empty: at once) until CMD exits,
# counts the CPU ticks of the cluster and of CMD's process. Prints "CLUSTER_TICKS CLIENT_TICKS".
measured() {
  local log=$1 marker=$2; shift 2
  "$@" >"$log" 2>&1 &
  local pid=$! c0 s0 last now
  if [[ -n $marker ]]; then
    while kill -0 "$pid" 2>/dev/null && ! grep -aqs "$marker" "$log"; do sleep 0.1; done
  fi
  s0=$(ticks "$cluster_pid"); c0=$(ticks "$pid" || echo 0); last=$c0
  while kill -0 "$pid" 2>/dev/null; do
    now=$(ticks "$pid") && [[ -n $now ]] && last=$now
    sleep 0.1
  done
  wait "$pid" || echo "failed: $*; see $log" >&2
  echo "$(( $(ticks "$cluster_pid") - s0 )) $(( last - c0 ))"
}

row() {  # row ROUND NAME VARIANT OPS RATE P50 P99 CLUSTER_TICKS CLIENT_TICKS
  echo "$*" >>"$out/raw.txt"
  awk -v r="$1" -v n="$2" -v v="$3" -v ops="$4" -v rate="$5" -v p50="$6" -v p99="$7" -v s="$8" -v c="$9" \
    -v tpm="$ticks_per_ms" 'BEGIN {
      if (ops <= 0) { printf "| %s | %s | %s | failed | | | | |\n", r, n, v; exit }
      printf "| %s | %s | %s | %.0f | %.2f | %.2f | %.1f | %.1f |\n", r, n, v, rate, p50, p99, s / tpm / ops * 1000,
        c / tpm / ops * 1000
    }' | tee -a "$table"
}

omkr() {  # omkr ROUND VARIANT FLAGS...
  local round=$1 variant=$2; shift 2
  local base="$out/r$round-$variant-omkr"
  "$ozone" freon omkg "$@" -n "$keys" --in-flight 64 -p bench >"$out/r$round-$variant-omkg.log" 2>&1
  local cpu
  cpu=$(measured "$base.log" "warm-up:" "$ozone" freon omkr "$@" --keys "$keys" --in-flight 64 -p bench \
    --warmup "$warmup" --duration "$duration" --json "$base.json")
  # shellcheck disable=SC2046 # the summary is words
  row "$round" omkr "$variant" $(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print(r["operations"], r["operationsPerSecond"], r["latencyMillis"]["p50"], r["latencyMillis"]["p99"])
' "$base.json" 2>/dev/null || echo "0 0 0 0") $cpu
}

warp_op() {  # warp_op ROUND VARIANT OP SIZE ACCESS SECRET
  local round=$1 variant=$2 op=$3 size=$4 access=$5 secret=$6
  local base="$out/r$round-$variant-warp-$op-$size" args
  args=(--host 127.0.0.1:9878 --access-key "$access" --secret-key "$secret" --obj.size "$size" --concurrent 8
    --bucket "warp-$op-${size,,}" --noclear --no-color)
  "$warp" "$op" "${args[@]}" --duration "$warmup" --benchdata "$base-warmup" >"$base-warmup.txt" 2>&1 || true
  local existing=()
  [[ $op == get ]] && existing=(--list-existing)
  local cpu
  cpu=$(measured "$base.txt" "" "$warp" "$op" "${args[@]}" "${existing[@]}" --duration "$duration" \
    --benchdata "$base")
  # ops: every request of the measured process (warp's --benchdata total); ops/s, p50, p99: warp's report.
  # shellcheck disable=SC2046 # the summary is words
  row "$round" "warp $op $size" "$variant" $(zstd -qdc "$base.json.zst" | python3 -c '
import json, re, sys
units = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1000.0}
def ms(pattern, text):
    m = re.search(pattern + r" ([\d.]+)(ns|µs|us|ms|s)", text)
    return float(m.group(1)) * units[m.group(2)] if m else 0.0
report = open(sys.argv[1], encoding="utf-8", errors="replace").read()
rate = re.search(r"Average: .*?([\d.]+) obj/s", report)
print(json.load(sys.stdin)["total"]["total_requests"], rate.group(1) if rate else 0,
      ms("50%:", report), ms("99%:", report))
' "$base.txt" 2>/dev/null || echo "0 0 0 0") $cpu
}

for round in $(seq 1 "$rounds"); do
  for variant in $variants; do
    start_cluster "r$round-$variant" "$variant"
    flags=()
    [[ $variant == off ]] || flags=("$(flags_of "$variant")")
    omkr "$round" "$variant" "${flags[@]}"
    if ! $om_only; then
      secret=$("$ozone" s3 getsecret)
      access=$(sed -n 's/^awsAccessKey=//p' <<<"$secret" | head -n 1)
      secret_key=$(sed -n 's/^awsSecret=//p' <<<"$secret" | head -n 1)
      for size in $sizes; do
        warp_op "$round" "$variant" put "$size" "$access" "$secret_key"
        warp_op "$round" "$variant" get "$size" "$access" "$secret_key"
      done
    fi
    stop_cluster
  done
done
uptime >>"$out/machine.txt"
echo "table: $table (machine and load: $out/machine.txt)"
