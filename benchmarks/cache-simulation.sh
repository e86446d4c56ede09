#!/usr/bin/env bash
# SSD read cache simulation (issue 28): replays a read trace against the admission policies (admit every miss, the
# seed's window, TinyLFU) and cache sizes, without a cluster, and prints byte hit ratio, reuse of admitted pages and
# cache bytes written per byte read. Arguments are name=value (see CacheSimulation's javadoc), e.g.
#   benchmarks/cache-simulation.sh keys=20000 reads=400000 sizes=0.5,1,2
#   benchmarks/cache-simulation.sh trace=/tmp/trace.txt     # a trace from `ozone freon cache-trace`
# Extra Maven options (e.g. -Dmaven.repo.local=...) go in MAVEN_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks -am install -DskipTests -Dquality.skip
# shellcheck disable=SC2086
./mvnw -B -q -ntp ${MAVEN_ARGS:-} -pl benchmarks dependency:build-classpath \
    -Dmdep.outputFile=target/cache.classpath
exec java -Xmx2g -cp "benchmarks/target/classes:$(cat benchmarks/target/cache.classpath)" \
    dev.o3.benchmarks.cache.CacheSimulation "$@"
