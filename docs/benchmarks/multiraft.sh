#!/usr/bin/env bash
# Multi-Raft comparison: the same ockg load on the same embedded cluster (same datanodes, same
# disks, several Ratis log dirs per datanode), once with single-Raft (pipeline limit 1) and once
# with Multi-Raft (limit M). Writes both freon reports, one plot with both latency
# distributions, and a Markdown table.
#
#   docs/benchmarks/multiraft.sh [-n KEYS] [-t THREADS] [-s SIZE] [-m LIMIT] [-d DISKS] [-o OUT] [-e ROOT]
#
# Runs on loopback only; each cluster lives under OUT and is stopped before the next starts. With -e ROOT (root, the
# fake disks of benchmarks/emulated-hdd.sh up under ROOT) each run's data volumes and Raft log dirs are laid out on
# the fake HDDs (emulated-hdd.sh layout, emptied first) and each disk's I/O during the load is read from
# /proc/diskstats into OUT/NAME.disks.csv. PORTS_LOCK=FILE holds that lock (flock) while a cluster runs.
set -euo pipefail

keys=2000 threads=16 size=64KB limit=3 disks=3 datanodes=3 out=target/multiraft emulated=""
while getopts "n:t:s:m:d:N:o:e:" opt; do
  case $opt in
    n) keys=$OPTARG ;; t) threads=$OPTARG ;; s) size=$OPTARG ;; m) limit=$OPTARG ;;
    d) disks=$OPTARG ;; N) datanodes=$OPTARG ;; o) out=$OPTARG ;; e) emulated=$OPTARG ;;
    *) echo "usage: $0 [-n KEYS] [-t THREADS] [-s SIZE] [-m LIMIT] [-d DISKS] [-N DATANODES] [-o OUT] [-e ROOT]" >&2
       exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
"$root/ozone" version >/dev/null   # builds the distribution if needed
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1)
export OZONE_LOG_LEVEL=warn

# diskstats ROOT: "name reads sectors_read writes sectors_written mountpoint" for each fake disk under ROOT
diskstats() {
  local devfile dev
  for devfile in "$1"/images/*.dev; do
    dev=$(basename "$(cat "$devfile")")
    awk -v d="$dev" -v m="$(basename "$devfile" .dev)" '$3 == d {print d, $4, $6, $8, $10, m}' /proc/diskstats
  done
}

run() {
  local name=$1 pipeline_limit=$2
  local data="$out/$name-data" log="$out/$name-cluster.log"
  rm -rf "$data"
  if [[ -n $emulated ]]; then
    rm -rf "$emulated"/hdd*/dn* "$emulated"/ssd/dn*
    "$root/benchmarks/emulated-hdd.sh" layout "$data" "$datanodes" "$disks" "$emulated" >"$out/$name-layout.txt"
  fi
  if [[ -n ${PORTS_LOCK:-} ]]; then
    exec 9>"$PORTS_LOCK"
    flock 9
  fi
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
  "$ozone" admin pipeline list >"$out/$name-pipelines.txt"
  local before start
  [[ -n $emulated ]] && before=$(diskstats "$emulated")
  start=$(date +%s.%N)
  "$ozone" freon ockg -n "$keys" -t "$threads" -s "$size" -p "$name" --json "$out/$name.json"
  if [[ -n $emulated ]]; then
    # A throttled loop device's busy time leaves out the time requests wait in the throttle: the I/O rates,
    # against the throttle's cap (emulated-hdd.sh: HDD_IOPS per direction), show how loaded each fake disk was.
    paste <(echo "$before") <(diskstats "$emulated") | awk -v s="$(echo "$(date +%s.%N) - $start" | bc)" \
      'BEGIN {print "disk,device,read_mb,read_iops,written_mb,write_iops"}
       {printf "%s,%s,%.1f,%.1f,%.1f,%.1f\n", $6, $1, ($9-$3)/2048, ($8-$2)/s, ($11-$5)/2048, ($10-$4)/s}' \
      | tee "$out/$name.disks.csv"
  fi
  kill -TERM "$pid"
  wait "$pid" || true
  trap - EXIT
  [[ -n ${PORTS_LOCK:-} ]] && exec 9>&-
  return 0
}

run single-raft 1
run multi-raft "$limit"
"$ozone" freon plot --title "ockg $keys x $size, $threads threads, $datanodes datanodes x $disks disks" \
  --out "$out/multiraft.png" "single-raft (limit 1)=$out/single-raft.json" "multi-raft (limit $limit)=$out/multi-raft.json" \
  | tee "$out/table.md"
echo "plot: $out/multiraft.png"
