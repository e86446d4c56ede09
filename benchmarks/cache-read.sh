#!/usr/bin/env bash
# SSD read cache on emulated disks (issue 28): writes KEYS one-chunk blocks into closed containers on the data
# volumes, then replays one Zipf trace through the datanode's read path straight from the volumes and again through
# the read cache (1% of the stored bytes by default) and prints MB/s, p50/p90/p99, bytes from cache, reuse of admitted
# pages and cache bytes written per byte read. Arguments are name=value (CacheReadBenchmark's javadoc), e.g. on the
# disks of benchmarks/emulated-hdd.sh:
#   benchmarks/cache-read.sh volumes=/mnt/o3-hdd/hdd0/v,/mnt/o3-hdd/hdd1/v,/mnt/o3-hdd/hdd2/v cache=/mnt/o3-hdd/ssd/c
# The OS page cache would serve the volumes' hot blocks from RAM and hide the disks, so with root the JVM runs in a
# cgroup v1 memory group of MEMORY_LIMIT (default 640M; heap 256M) that bounds the page cache it can use.
# Extra Maven options (e.g. -Dmaven.repo.local=...) go in MAVEN_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks -am install -DskipTests -Dquality.skip
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks dependency:build-classpath \
    -Dmdep.outputFile=target/cache.classpath
group=/sys/fs/cgroup/memory/o3-cache-read-$$
if [[ $(id -u) = 0 && -d /sys/fs/cgroup/memory ]]; then
  mkdir -p "$group"
  echo "${MEMORY_LIMIT:-640M}" > "$group/memory.limit_in_bytes"
  echo $$ > "$group/cgroup.procs"
  echo "memory limit (JVM and its page cache): ${MEMORY_LIMIT:-640M}"
fi
status=0
java -Xmx256m -cp "benchmarks/target/classes:$(cat benchmarks/target/cache.classpath)" \
    dev.o3.benchmarks.cache.CacheReadBenchmark "$@" || status=$?
if [[ -d $group ]]; then
  echo $$ > /sys/fs/cgroup/memory/cgroup.procs
  rmdir "$group"
fi
exit $status
