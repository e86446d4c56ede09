#!/usr/bin/env bash
# Container replication benchmark (issue 23): copies a generated container of SIZE (default 1GB) between two
# datanode storage directories over the replication service (plaintext and mutual TLS), in one JVM capped at 64 MB
# of direct memory, and prints MB/s, CPU and peak direct memory beside the source read rate, the destination disk's
# write rate, the loopback limit and a gRPC stream of the same files. SOURCE_DIR and DESTINATION_DIR default to the
# system temp dir; each needs room for SIZE (the destination briefly 2 x SIZE). A tmpfs destination (/dev/shm) takes
# the destination disk out of the measurement.
#
# Usage: benchmarks/container-replication.sh [SIZE] [SOURCE_DIR] [DESTINATION_DIR]
# Extra Maven options (e.g. -Dmaven.repo.local=...) go in MAVEN_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks -am install -DskipTests -Dquality.skip
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks dependency:build-classpath \
    -Dmdep.outputFile=target/replication.classpath
exec java -XX:MaxDirectMemorySize=64m -Xmx1g \
    -cp "benchmarks/target/classes:$(cat benchmarks/target/replication.classpath)" \
    dev.o3.benchmarks.replication.ContainerReplicationBenchmark "$@"
