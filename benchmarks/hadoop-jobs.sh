#!/usr/bin/env bash
# Hadoop over O3 (issue 27): ofs:// against s3a:// (path-style, through the S3 gateway) on one MiniO3Cluster (SCM,
# OM, three datanodes, the gateway; ephemeral ports, so no ports lock), in the same run and alternating: TestDFSIO
# write and read MB/s, TeraGen and TeraSort wall time (local-mode MapReduce; the magic committer over s3a), renaming
# a directory of many files, listFiles(recursive) of a large tree. Prints the figures and the load average beside
# each. Arguments (all optional, in this order):
#   ROUNDS (2) DFSIO_FILES (4) DFSIO_MB (64) TERA_ROWS (10000000 = 1 GB) RENAME_FILES (10000) LIST_FILES (100000)
# (0 rounds, rows or files skips that part),
# e.g. benchmarks/hadoop-jobs.sh 1 2 16 100000 1000 5000   # a quick check
# Extra Maven options (e.g. -Dmaven.repo.local=...) go in MAVEN_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl hadoop-jobs -am install -DskipTests -Dquality.skip
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl hadoop-jobs dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/jobs.classpath
work=$(mktemp -d "${TMPDIR:-/tmp}/o3-hadoop-jobs.XXXXXX")
trap 'rm -rf "$work"' EXIT
results=$work/results.txt
status=0
java -Xmx2g -cp "hadoop-jobs/target/test-classes:$(cat hadoop-jobs/target/jobs.classpath)" \
    dev.o3.test.jobs.HadoopJobsBenchmark "$results" "$work" "${1:-2}" "${2:-4}" "${3:-64}" "${4:-10000000}" \
    "${5:-10000}" "${6:-100000}" > "$work/benchmark.log" 2>&1 || status=$?
echo "$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo), $(date -u +%FT%TZ)"
cat "$results" 2>/dev/null || true
if [[ $status != 0 ]]; then
  tail -50 "$work/benchmark.log"
fi
exit $status
