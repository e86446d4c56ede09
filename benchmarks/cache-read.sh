#!/usr/bin/env bash
# SSD read cache on emulated disks (issue 28): writes KEYS one-chunk blocks into closed containers on the data
# volumes, then replays one Zipf trace through the datanode's read path straight from the volumes and again through
# the read cache (1% of the stored bytes by default) and prints MB/s, p50/p90/p99, bytes from cache, reuse of admitted
# pages and cache bytes written per byte read. Arguments are name=value (CacheReadBenchmark's javadoc), e.g. on the
# disks of benchmarks/emulated-hdd.sh:
#   benchmarks/cache-read.sh volumes=/mnt/o3-hdd/hdd0/v,/mnt/o3-hdd/hdd1/v,/mnt/o3-hdd/hdd2/v cache=/mnt/o3-hdd/ssd/c
# The OS page cache would serve the volumes' hot blocks from RAM and hide the disks (a datanode with hundreds of TB
# has RAM for well under 0.1% of its data; this benchmark's data set fits in RAM). So, with root and the nocache tool
# (apt-get install nocache), the blocks are written first, then a JVM under `nocache` reads: every block file and
# page file a read opens is dropped from the page cache (posix_fadvise DONTNEED) when it is closed, and before each
# pass the page cache is emptied (sync; drop_caches), so both passes read their devices; pass devices=loopN,... to
# see that in /proc/diskstats.
# PAGE_CACHE=keep turns this off. MEMORY_LIMIT (e.g. 640M; heap 256M) instead runs the JVM in a cgroup v1 memory
# group of that size, which bounds the page cache it can use.
# Extra Maven options (e.g. -Dmaven.repo.local=...) go in MAVEN_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks -am install -DskipTests -Dquality.skip
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks dependency:build-classpath \
    -Dmdep.outputFile=target/cache.classpath
group=/sys/fs/cgroup/memory/o3-cache-read-$$
nocache=() before=()
if [[ ${PAGE_CACHE:-drop} = drop && -z ${MEMORY_LIMIT:-} ]]; then
  [[ $(id -u) = 0 ]] && command -v nocache >/dev/null || { echo "needs root and nocache (or PAGE_CACHE=keep)" >&2; exit 2; }
  nocache=(nocache) before=("before-pass=sync; echo 1 > /proc/sys/vm/drop_caches")
  echo "page cache: block and page files dropped after each read (nocache), emptied before each pass"
fi
if [[ -n ${MEMORY_LIMIT:-} && $(id -u) = 0 && -d /sys/fs/cgroup/memory ]]; then
  mkdir -p "$group"
  echo "$MEMORY_LIMIT" > "$group/memory.limit_in_bytes"
  echo $$ > "$group/cgroup.procs"
  echo "memory limit (JVM and its page cache): $MEMORY_LIMIT"
fi
status=0
classpath="benchmarks/target/classes:$(cat benchmarks/target/cache.classpath)"
if (( ${#nocache[@]} )); then
  # Written without nocache: its drop on close would make every block write wait for the throttled disk.
  java -Xmx256m -cp "$classpath" dev.o3.benchmarks.cache.CacheReadBenchmark "$@" phase=write || status=$?
fi
(( status )) || "${nocache[@]}" java -Xmx256m -cp "$classpath" \
    dev.o3.benchmarks.cache.CacheReadBenchmark "${before[@]}" "$@" || status=$?
if [[ -d $group ]]; then
  echo $$ > /sys/fs/cgroup/memory/cgroup.procs
  rmdir "$group"
fi
exit $status
