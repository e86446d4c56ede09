#!/usr/bin/env bash
# Two or more builds or settings of `ozone local` against one warp load, alternated (docs/benchmarks.md): for each
# round, for each VARIANT in turn, a fresh `ozone local --any-ports`, WARMUP of `warp OP`, then DURATION measured,
# printed as obj/s, p50 and p99, and the cluster's CPU per operation: its JVM's CPU time (utime+stime, sampled every
# 0.5 s) over warp's measured window, divided by that window's operations. On a noisy machine the CPU per operation
# moves less than the rate; compare medians over the rounds.
#
#   docs/benchmarks/warp-ab.sh [-r ROUNDS] [-w WARMUP] [-d DURATION] [-o OUT] OP SIZE CONCURRENT VARIANT...
#
# VARIANT is NAME=LAUNCHER:OZONE_OPTS[:ARGS], LAUNCHER the bin/ozone of a build (empty: this checkout's), ARGS more
# arguments of `ozone local` (such as -Dkey=value settings), e.g.
#   'base=/tmp/base/dist/target/o3-0.1.0-SNAPSHOT/bin/ozone:' 'new=:' 'nio=:-Dio.netty.transport.noNative=true'
#   'alone=::-Dozone.client.write.batches.in.flight=0'
# (a build of another commit: git worktree add /tmp/base COMMIT, then ./mvnw -o -q package -DskipTests there).
# Needs warp (v1.5.0, docs/benchmarks.md) on PATH or in ~/go/bin, and zstd. Prints one line per run.
set -euo pipefail

rounds=3 warmup=60s duration=20s out=target/warp-ab
while getopts "r:w:d:o:" opt; do
  case $opt in
    r) rounds=$OPTARG ;; w) warmup=$OPTARG ;; d) duration=$OPTARG ;; o) out=$OPTARG ;;
    *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
(($# >= 4)) || { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
op=$1 size=$2 conc=$3
shift 3
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
default=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1) || { echo "build first" >&2; exit 1; }
warp=$(command -v warp || echo "$HOME/go/bin/warp")
mkdir -p "$out"
pid=""
trap '[[ -z $pid ]] || kill "$pid" 2>/dev/null || true' EXIT

# cpu_per_op BENCHDATA CPU_SAMPLES: "obj/s ms-CPU/op" of warp's measured window (the rate as warp counted it)
cpu_per_op() {
  python3 - "$1" "$2" <<'PY'
import datetime, json, subprocess, sys
total = json.loads(subprocess.run(["zstd", "-dc", sys.argv[1]], capture_output=True, check=True).stdout)["total"]
def seconds(stamp):
    head, _, fraction = stamp.rstrip("Z").partition(".")
    return datetime.datetime.fromisoformat(head).replace(tzinfo=datetime.timezone.utc).timestamp() + float("0." + (fraction or "0"))
start, end = seconds(total["start_time"]), seconds(total["end_time"])
samples = [tuple(map(float, line.split())) for line in open(sys.argv[2]) if line.strip()]
def ticks_at(t):
    for (a, ta), (b, tb) in zip(samples, samples[1:]):
        if a <= t <= b:
            return ta + (tb - ta) * (t - a) / (b - a) if b > a else ta
    sys.exit("no CPU sample around the measured window")
ops = total["total_requests"]
print(f"{ops / (end - start):.0f} {(ticks_at(end) - ticks_at(start)) * 10 / ops:.3f}")
PY
}

for round in $(seq 1 "$rounds"); do
  for variant in "$@"; do
    name=${variant%%=*} spec=${variant#*=}
    launcher=${spec%%:*} opts=${spec#*:}
    args=()
    if [[ $opts == *:* ]]; then
      read -r -a args <<<"${opts#*:}"
      opts=${opts%%:*}
    fi
    run=$out/$name-$round
    rm -rf "$run" && mkdir -p "$run"
    OZONE_OPTS="$opts" "${launcher:-$default}" local --any-ports --data "$run/data" "${args[@]}" >"$run/o3.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 180); do grep -aqs "AWS_SECRET_ACCESS_KEY=" "$run/o3.log" && break; sleep 1; done
    host=$(grep -a "S3 endpoint" "$run/o3.log" | grep -ao "127.0.0.1:[0-9]*")
    secret=$(grep -ao 'AWS_SECRET_ACCESS_KEY=[^ ]*' "$run/o3.log" | head -n 1 | cut -d= -f2)
    load=("$warp" "$op" --host "$host" --access-key root --secret-key "$secret" --obj.size "$size"
      --concurrent "$conc" --bucket "warp-$op" --noclear --no-color)
    "${load[@]}" --duration "$warmup" --benchdata "$run/warmup" >"$run/warmup.txt" 2>&1
    while kill -0 "$pid" 2>/dev/null; do
      echo "$(date +%s.%N) $(awk '{print $14 + $15}' "/proc/$pid/stat")"
      sleep 0.5
    done >"$run/cpu.txt" &
    sampler=$!
    "${load[@]}" --duration "$duration" --benchdata "$run/measured" >"$run/measured.txt" 2>&1
    sleep 1
    kill "$sampler"
    read -r _ cpu < <(cpu_per_op "$run/measured.json.zst" "$run/cpu.txt")
    echo "$name round $round: $(python3 "$root/benchmarks/warp_summary.py" "$run/measured.txt"), $cpu ms CPU/op, load $(cut -d' ' -f1 /proc/loadavg)" \
      | tee -a "$out/results.txt"
    kill "$pid" && wait "$pid" 2>/dev/null || true
    pid=""
    rm -rf "$run/data"
  done
done
