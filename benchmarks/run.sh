#!/usr/bin/env bash
# The figures of docs/benchmarks.md ("Performance as users measure it") in one command, printed as one markdown
# table headed by the date, the machine and the load average:
#
#   benchmarks/run.sh [-k KEYS] [-w WARMUP] [-d DURATION] [-o OUT] [-s SIZES] [-c CONCURRENCIES] [-p OPS] [SUITE...]
#
#   om        one OM (ozone local): KEYS empty keys created by omkg --in-flight 64 (creates/s, the rate over time in
#             OUT/om-create.log), then lookups over all of them (omkr --in-flight 64: ops/s, p99), round-robin as
#             the acceptance check 27-om-scale reads them and in uniformly random order (--random), the OM's
#             resident memory, the listing of a 100,000-key prefix (omkl: first page, pages/s), and KEYS more keys
#             spread over 100 buckets (omkg/omkr --buckets 100), looked up in random order
#   om3       one OM and then three (ozone local --om-ha), each fresh, each creating min(KEYS, 1,000,000) empty keys
#             with omkg --in-flight 64: creates/s, p99 and the ratio
#   first     the first minute: warp PUT 4 KiB at 8 concurrent for 20 s right after `ozone local` reports ready,
#             then again after WARMUP of the same load; ratio cold/warm; and once more after 100 s more of the
#             load ("settled": on 2 cores the JIT is still compiling the PUT path after a minute)
#   s3        warp against O3 and against MinIO, each started fresh and stopped after its run: 4 KiB and 1 MiB,
#             8 and 32 concurrent, put, get and mixed, each after WARMUP of the same load (-s "4KiB 1MiB",
#             -c "8 32" and -p "put get mixed" choose the sizes, concurrencies and operations)
#
# Default: all four suites, KEYS=10000000 (-k 1000000 for a quicker run), WARMUP=60s, DURATION=20s.
# Needs warp (v1.5.0) and minio on PATH or in ~/go/bin for `first` and `s3` (see docs/benchmarks.md for how to
# build them). Binds the standard ports (9862, 9878, 9000): run one at a time, e.g. under `flock`.
set -euo pipefail

keys=10000000 warmup=60s duration=20s out=target/bench sizes="4KiB 1MiB" concurrencies="8 32" ops="put get mixed"
while getopts "k:w:d:o:s:c:p:h" opt; do
  case $opt in
    k) keys=$OPTARG ;; w) warmup=$OPTARG ;; d) duration=$OPTARG ;; o) out=$OPTARG ;;
    s) sizes=$OPTARG ;; c) concurrencies=$OPTARG ;; p) ops=$OPTARG ;;
    *) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
suites=("${@:-om om3 first s3}")
# shellcheck disable=SC2206 # the suite names are words
suites=(${suites[*]})

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ozone=$(compgen -G "$root/dist/target/o3-*/bin/ozone" | head -n 1) || { echo "build first: ./mvnw install -DskipTests" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
export OZONE_LOG_LEVEL=warn
find_tool() { command -v "$1" || { [[ -x $HOME/go/bin/$1 ]] && echo "$HOME/go/bin/$1"; } || { echo "$1 not found (docs/benchmarks.md)" >&2; exit 1; }; }
rows=()
row() {  # row CELL...: one table row, the cells separated by " | "
  local line="|" cell
  for cell in "$@"; do line+=" $cell |"; done
  rows+=("$line")
}

server_pid=""
stop_server() {
  [[ -n $server_pid ]] || return 0
  kill -TERM "$server_pid" 2>/dev/null || true
  for _ in $(seq 1 60); do kill -0 "$server_pid" 2>/dev/null || break; sleep 1; done
  kill -KILL "$server_pid" 2>/dev/null || true
  server_pid=""
}
trap stop_server EXIT

start_o3() {  # start_o3 NAME [ARG...]: fresh ozone local [ARG...] in OUT/NAME, waits until it reports ready
  rm -rf "${out:?}/$1"
  "$ozone" local --data "$out/$1" "${@:2}" >"$out/$1.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 180); do
    grep -aqs "O3 is ready" "$out/$1.log" && return 0
    kill -0 "$server_pid" 2>/dev/null || { echo "ozone local died; see $out/$1.log" >&2; exit 1; }
    sleep 1
  done
  echo "ozone local not ready after 180 s; see $out/$1.log" >&2
  exit 1
}

s3_credentials() {  # sets access and secret for warp against O3
  local secret
  secret=$("$ozone" s3 getsecret)
  access=$(sed -n 's/^awsAccessKey=//p' <<<"$secret" | head -n 1)
  secret_key=$(sed -n 's/^awsSecret=//p' <<<"$secret" | head -n 1)
}

start_minio() {
  local minio
  minio=$(find_tool minio)
  rm -rf "${out:?}/minio-data"
  MINIO_ROOT_USER=o3bench MINIO_ROOT_PASSWORD=o3bench-secret "$minio" server --quiet --address 127.0.0.1:9000 \
    --console-address 127.0.0.1:9001 "$out/minio-data" >"$out/minio.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 60); do
    curl -sf http://127.0.0.1:9000/minio/health/live >/dev/null && return 0
    sleep 1
  done
  echo "minio not ready; see $out/minio.log" >&2
  exit 1
}

# warp_run NAME OP SIZE CONCURRENT DURATION HOST ACCESS SECRET: prints "obj/s p50 p99" of the whole run. A warm-up
# run (NAME ending in -warmup) of objects of a MiB or more deletes its objects afterwards (see warm_up). A measured
# run records every request (--full) and is summarized by `warp analyze`, over the time all of warp's workers ran:
# warp's own summary of an aggregated run averages the percentiles of its 10 s segments, a last one of the few
# requests that straddle the end included, which put a 47 ms p50 into a 2 ms run.
warp_run() {
  local name=$1 op=$2 size=$3 conc=$4 dur=$5 host=$6 key=$7 secret=$8 keep=--noclear full=--full
  [[ $name == *-warmup && $size != *KiB ]] && keep=""
  [[ $name == *-warmup ]] && full=""
  # shellcheck disable=SC2086 # keep and full are one flag or none
  "$(find_tool warp)" "$op" --host "$host" --access-key "$key" --secret-key "$secret" --obj.size "$size" \
    --concurrent "$conc" --duration "$dur" --bucket "warp-$op" $keep $full --no-color \
    --benchdata "$out/$name" >"$out/$name.txt" 2>&1 || { echo "warp failed; see $out/$name.txt" >&2; echo "- - -"; return 0; }
  [[ -n $full ]] || return 0
  # get and put report their operation only (a get run's uploads come first); mixed reports every operation
  local only=()
  [[ $op == mixed ]] || only=(--analyze.op "${op^^}")
  "$(find_tool warp)" analyze --no-color "${only[@]}" "$out/$name.csv.zst" >"$out/$name.analysis.txt" 2>&1 \
    || { echo "warp analyze failed; see $out/$name.analysis.txt" >&2; echo "- - -"; return 0; }
  python3 "$root/benchmarks/warp_summary.py" "$out/$name.analysis.txt"
}

# warm_up NAME OP SIZE CONCURRENT HOST ACCESS SECRET: WARMUP of the same load. PUTs of a MiB or more go in rounds of at
# most 10 s, each deleting its objects when it ends: MinIO writes over 1 GB/s here, and a minute of it kept would fill
# the disk before the measured run. get and mixed upload their objects (2,500) once per run, so they warm up in one.
warm_up() {
  local name=$1 op=$2 size=$3 left round
  left=$(seconds "$warmup")
  while ((left > 0)); do
    round=$left
    [[ $size != *KiB && $op == put ]] && ((round > 10)) && round=10
    warp_run "$name-warmup" "$op" "$size" "$4" "${round}s" "$5" "$6" "$7" >/dev/null
    left=$((left - round))
  done
}

seconds() {  # seconds DURATION: 90s, 2m or 90 as a number of seconds
  case $1 in
    *m) echo $((${1%m} * 60)) ;; *s) echo "${1%s}" ;; *) echo "$1" ;;
  esac
}

suite_om() {
  start_o3 om-data
  local start=$SECONDS
  "$ozone" freon omkg -n "$keys" --in-flight 64 -p big --json "$out/om-create.json" 2>"$out/om-create.log"
  local load=$((SECONDS - start))
  row "om: create $keys empty keys (omkg --in-flight 64)" "$(python3 "$root/benchmarks/freon_summary.py" "$out/om-create.json")" "rate over time: om-create.log; ${load} s"
  "$ozone" freon omkr --in-flight 64 -p big --keys "$keys" --warmup 20s --duration 30s --json "$out/om-lookup.json" \
    2>"$out/om-lookup.log"
  row "om: lookups round-robin over $keys keys (omkr --in-flight 64)" "$(python3 "$root/benchmarks/freon_summary.py" "$out/om-lookup.json")" "target >= 100,000/s"
  "$ozone" freon omkr --in-flight 64 -p big --keys "$keys" --random --warmup 20s --duration 30s \
    --json "$out/om-lookup-random.json" 2>"$out/om-lookup-random.log"
  row "om: lookups uniformly at random over $keys keys (omkr --in-flight 64 --random)" "$(python3 "$root/benchmarks/freon_summary.py" "$out/om-lookup-random.json")" "target >= 100,000/s"
  row "om: resident memory of ozone local after both" "$(ps -o rss= -p "$server_pid" | awk '{printf "%.0f MB", $1 / 1024}')" "SCM, OM, 3 datanodes, S3 gateway in one JVM"
  local prefix=100000
  ((keys < prefix)) && prefix=$keys
  "$ozone" freon omkg -n "$prefix" --in-flight 64 -p list >/dev/null 2>&1
  "$ozone" freon omkl -p list -t 1 -n 1 --json "$out/om-list-first.json" 2>/dev/null
  "$ozone" freon omkl -p list -t 1 --duration 20s --json "$out/om-list.json" 2>/dev/null
  row "om: list a $prefix-key prefix, 1000-key pages (omkl -t 1)" "$(python3 "$root/benchmarks/freon_summary.py" "$out/om-list.json")" "first page (fresh client) $(python3 "$root/benchmarks/freon_summary.py" --p50 "$out/om-list-first.json") ms"
  start=$SECONDS
  "$ozone" freon omkg -n "$keys" --in-flight 64 --buckets 100 -b spread -p big --json "$out/om-create-100.json" \
    2>"$out/om-create-100.log"
  load=$((SECONDS - start))
  row "om: create $keys more empty keys over 100 buckets (omkg --buckets 100)" "$(python3 "$root/benchmarks/freon_summary.py" "$out/om-create-100.json")" "${load} s"
  "$ozone" freon omkr --in-flight 64 --buckets 100 -b spread -p big --keys "$keys" --random --warmup 20s \
    --duration 30s --json "$out/om-lookup-100.json" 2>"$out/om-lookup-100.log"
  row "om: lookups uniformly at random over the $keys keys of 100 buckets (omkr --buckets 100 --random)" "$(python3 "$root/benchmarks/freon_summary.py" "$out/om-lookup-100.json")" "target >= 100,000/s"
  row "om: resident memory of ozone local with $((2 * keys)) keys" "$(ps -o rss= -p "$server_pid" | awk '{printf "%.0f MB", $1 / 1024}')" ""
  stop_server
}

suite_om3() {  # one OM, then three (--om-ha), each fresh, creating the same keys; at most 1,000,000
  local n=$keys rate1 rate3
  ((n > 1000000)) && n=1000000
  start_o3 om1-data
  "$ozone" freon omkg -n "$n" --in-flight 64 -p big --json "$out/om1-create.json" 2>"$out/om1-create.log"
  stop_server
  start_o3 om3-data --om-ha
  "$ozone" freon omkg -n "$n" --in-flight 64 -p big --json "$out/om3-create.json" 2>"$out/om3-create.log"
  stop_server
  rate1=$(python3 "$root/benchmarks/freon_summary.py" "$out/om1-create.json")
  rate3=$(python3 "$root/benchmarks/freon_summary.py" "$out/om3-create.json")
  row "om3: create $n empty keys on three OMs (ozone local --om-ha, omkg --in-flight 64)" "$rate3" "one OM just before: $rate1; ratio $(awk -v a="${rate3%% *}" -v b="${rate1%% *}" 'BEGIN { if (b > 0) printf "%.2f", a / b }'); target >= 10,000/s"
}

suite_first() {
  start_o3 first-data
  s3_credentials
  local cold warm settled
  cold=$(warp_run first-cold put 4KiB 8 20s 127.0.0.1:9878 "$access" "$secret_key")
  warm_up first put 4KiB 8 127.0.0.1:9878 "$access" "$secret_key"
  warm=$(warp_run first-warm put 4KiB 8 20s 127.0.0.1:9878 "$access" "$secret_key")
  warp_run first-settle put 4KiB 8 100s 127.0.0.1:9878 "$access" "$secret_key" >/dev/null
  settled=$(warp_run first-settled put 4KiB 8 20s 127.0.0.1:9878 "$access" "$secret_key")
  row "first 20 s after ready: warp put 4 KiB, 8 concurrent (obj/s p50 p99 ms)" "$cold" "warm: $warm; ratio $(awk -v c="${cold%% *}" -v w="${warm%% *}" 'BEGIN { if (w > 0) printf "%.2f", c / w }'); settled (100 s later): $settled"
  stop_server
}

suite_s3() {
  local size conc op o3 minio
  # shellcheck disable=SC2086 # the lists are words
  for size in $sizes; do
    for conc in $concurrencies; do
      for op in $ops; do
        # Each case's cluster in its own directory, so its log (OUT/s3-CASE.log) outlives the next case's start.
        start_o3 "s3-$op-$size-$conc"
        s3_credentials
        warm_up "o3-$op-$size-$conc" "$op" "$size" "$conc" 127.0.0.1:9878 "$access" "$secret_key"
        o3=$(warp_run "o3-$op-$size-$conc" "$op" "$size" "$conc" "$duration" 127.0.0.1:9878 "$access" "$secret_key")
        stop_server
        # A stopped cluster never frees its deleted blocks: 1 MiB runs leave 15-25 GB, MinIO needs the room next.
        rm -rf "${out:?}/s3-$op-$size-$conc"
        start_minio
        warm_up "minio-$op-$size-$conc" "$op" "$size" "$conc" 127.0.0.1:9000 o3bench o3bench-secret
        minio=$(warp_run "minio-$op-$size-$conc" "$op" "$size" "$conc" "$duration" 127.0.0.1:9000 o3bench o3bench-secret)
        stop_server
        rm -rf "${out:?}/minio-data"
        row "s3: warp $op $size, $conc concurrent (O3 obj/s p50 p99 ms)" "$o3" "MinIO: $minio; ratio $(awk -v a="${o3%% *}" -v b="${minio%% *}" 'BEGIN { if (b > 0) printf "%.2f", a / b }')"
      done
    done
  done
}

for suite in "${suites[@]}"; do
  case $suite in
    om) suite_om ;; om3) suite_om3 ;; first) suite_first ;; s3) suite_s3 ;;
    *) echo "unknown suite $suite (om, om3, first, s3)" >&2; exit 2 ;;
  esac
done

echo "### $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "\`benchmarks/run.sh -k $keys -w $warmup -d $duration -s \"$sizes\" -c \"$concurrencies\" -p \"$ops\" ${suites[*]}\`"
echo
echo "| run | result | notes |"
echo "|---|---|---|"
printf '%s\n' "${rows[@]}"
