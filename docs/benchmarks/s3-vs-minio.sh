#!/usr/bin/env bash
# S3 throughput of O3 (ozone local: SCM, OM, 3 datanodes, S3 gateway, three replicas) against
# MinIO (one server, one drive, no replication) on the same machine, with the same client
# (freon s3kg / s3kr, AWS SDK v2, path style, default checksums) and the same concurrency.
# The two stores run one after the other, never together.
#
#   docs/benchmarks/s3-vs-minio.sh [-n OBJECTS] [-t THREADS] [-s "4KB 1MB"] [-w WARMUP] [-o OUT]
#
# Every run first loads for WARMUP (default 90s) uncounted (freon --warmup), so that neither the
# JIT of freon nor that of O3's JVM is measured (C2 compiles the cluster's hot code for the first
# 80-90 s of load on 2 cores); MinIO gets the same warm-up.
#
# Needs the minio binary (go install github.com/minio/minio@latest) on PATH or in ~/go/bin.
# Loopback only.
set -euo pipefail

objects=2000 threads=16 sizes="4KB 1MB" warmup=90s out=target/s3-vs-minio
while getopts "n:t:s:w:o:" opt; do
  case $opt in
    n) objects=$OPTARG ;; t) threads=$OPTARG ;; s) sizes=$OPTARG ;; w) warmup=$OPTARG ;; o) out=$OPTARG ;;
    *) echo "usage: $0 [-n OBJECTS] [-t THREADS] [-s \"4KB 1MB\"] [-w WARMUP] [-o OUT]" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
minio=$(command -v minio || echo "$HOME/go/bin/minio")
[ -x "$minio" ] || { echo "minio not found: go install github.com/minio/minio@latest" >&2; exit 1; }
"$root/ozone" version >/dev/null   # builds the distribution if needed
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
export OZONE_LOG_LEVEL=warn

wait_for() {
  local pid=$1 log=$2 pattern=$3
  for _ in $(seq 1 120); do
    grep -aqs "$pattern" "$log" && return 0
    kill -0 "$pid" 2>/dev/null || { echo "server died; see $log" >&2; exit 1; }
    sleep 1
  done
  echo "server not ready after 120 s; see $log" >&2
  exit 1
}

load() {
  local store=$1; shift
  for size in $sizes; do
    "$ozone" freon s3kg -n "$objects" -t "$threads" -s "$size" -b bench -p "$store-$size" --warmup "$warmup" \
      --json "$out/$store-put-$size.json" "$@"
    "$ozone" freon s3kr -n "$objects" -t "$threads" -b bench -p "$store-$size" --validate --warmup "$warmup" \
      --json "$out/$store-get-$size.json" "$@"
  done
}

rm -rf "$out/o3-data"
# Free ports, so that it runs beside another local cluster; freon finds OM for the S3 secret.
"$ozone" local --any-ports --data "$out/o3-data" >"$out/o3.log" 2>&1 &
pid=$!
trap 'kill -TERM '"$pid"' 2>/dev/null' EXIT
wait_for "$pid" "$out/o3.log" "O3 is ready"
endpoint=$(grep -ao 'S3 endpoint: *http://[0-9.:]*' "$out/o3.log" | awk '{print $3}')
om=$(grep -ao 'OM (ozone sh): *[0-9.:]*' "$out/o3.log" | awk '{print $4}')
load o3 --endpoint "$endpoint" -Dozone.om.address="$om"
kill -TERM "$pid"; wait "$pid" || true

rm -rf "$out/minio-data"
MINIO_ROOT_USER=o3bench MINIO_ROOT_PASSWORD=o3bench-secret \
  "$minio" server --quiet --address 127.0.0.1:9000 --console-address 127.0.0.1:9001 "$out/minio-data" \
  >"$out/minio.log" 2>&1 &
pid=$!
trap 'kill -TERM '"$pid"' 2>/dev/null' EXIT
for _ in $(seq 1 60); do
  curl -sf http://127.0.0.1:9000/minio/health/live >/dev/null && break
  kill -0 "$pid" 2>/dev/null || { echo "minio died; see $out/minio.log" >&2; exit 1; }
  sleep 1
done
load minio --endpoint http://127.0.0.1:9000 --access-key o3bench --secret-key o3bench-secret
kill -TERM "$pid"; wait "$pid" || true
trap - EXIT

for op in put get; do
  for size in $sizes; do
    "$ozone" freon plot --title "S3 $op $size, $threads threads" --out "$out/$op-$size.png" \
      "O3=$out/o3-$op-$size.json" "MinIO=$out/minio-$op-$size.json"
  done
done | tee "$out/table.md"
