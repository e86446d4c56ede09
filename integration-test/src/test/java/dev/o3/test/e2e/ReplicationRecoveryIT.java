package dev.o3.test.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.OzoneBucket;
import dev.o3.client.io.KeyInputStream;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.scm.container.ContainerReplica;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeManager;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.server.StorageContainerManager;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The durability parts of the cluster working together on one five-datanode, two-rack cluster with one pipeline (two
 * spare nodes to copy to): SCM's replication manager restores three healthy replicas of closed containers after
 * datanodes stop (until none of the write pipeline is left, and keys are read from the copies alone), after the
 * scanner finds a corrupt replica, and while a node is decommissioned under a read load; the datanodes copy the
 * containers over their replication service, and every key reads back byte-identical.
 */
@Tag("integration")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicationRecoveryIT {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicationRecoveryIT.class);
    private static final long MB = 1024 * 1024;
    private static final Duration RECOVERY = Duration.ofMinutes(2);
    private static final Duration POLL = Duration.ofMillis(200);

    @TempDir
    static Path directory;

    private static ClusterWithBucket running;
    private static MiniO3Cluster cluster;
    private static OzoneBucket bucket;
    /** Key name to SHA-256 of its bytes. */
    private static final Map<String, String> KEYS = new LinkedHashMap<>();
    /** Datanode UUIDs by index (a stopped datanode's slot is empty in the cluster). */
    private static final List<String> UUIDS = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws IOException {
        running = ClusterWithBucket.start(MiniO3Cluster.builder(directory)
                .numDatanodes(5)
                .racks(2)
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                .conf("hdds.scm.replication.thread.interval", "1s")
                .conf("hdds.scm.replication.event.timeout", "60s")
                .conf("hdds.scm.replication.event.timeout.datanode.offset", "10s")
                .conf("hdds.scm.wait.time.after.safemode.exit", "0s")
                .conf("ozone.scm.datanode.admin.monitor.interval", "1s")
                .build());
        cluster = running.cluster();
        bucket = running.bucket();
        for (int i = 0; i < cluster.datanodeCount(); i++) {
            UUIDS.add(cluster.datanode(i).datanodeDetails().getUuid());
        }
        // Distinct sizes: Keys seeds its bytes with the size.
        for (int i = 0; i < 3; i++) {
            String name = "durable-" + i;
            KEYS.put(name, Keys.write(bucket, name, (3 + i) * MB + i, () -> {}));
        }
        for (long id : containers()) {
            scm().containers().closeContainer(id);
        }
        for (long id : containers()) {
            await(
                    "container " + id + " closed on three replicas",
                    RECOVERY,
                    () -> closedReplicas(id, Set.of()).size() == 3);
        }
    }

    @AfterAll
    static void stopCluster() {
        if (running != null) {
            running.close();
        }
    }

    @Test
    @Order(1)
    void stoppedDatanodeIsReplacedAndKeysStillReadBack() throws IOException {
        long container = containers().first();
        List<String> holders = new ArrayList<>(closedReplicas(container, Set.of()));
        String first = holders.get(0);
        cluster.stopDatanode(cluster.datanodeIndex(first));
        long start = System.nanoTime();

        awaitThreeHealthyReplicasWithout(Set.of(first));
        LOG.info("three healthy replicas restored {} ms after a datanode stopped", millisSince(start));
        assertKeysReadBack();

        // A second original holder goes too: its replicas are copied to the last spare node.
        String second = holders.get(1);
        cluster.stopDatanode(cluster.datanodeIndex(second));
        awaitThreeHealthyReplicasWithout(Set.of(first, second));
        assertKeysReadBack();

        // And the last: no node of the write pipeline is left, so readers must learn where the copies are (OM asks
        // SCM; a reader that finds none of the replicas it was given asks OM to refresh).
        String third = holders.get(2);
        cluster.stopDatanode(cluster.datanodeIndex(third));
        assertKeysReadBack();

        restart(first);
        restart(second);
        restart(third);
        long settle = System.nanoTime();
        awaitExactlyThreeReplicas();
        LOG.info("excess replicas of the restarted datanodes removed in {} ms", millisSince(settle));
        assertKeysReadBack();
    }

    @Test
    @Order(2)
    void corruptReplicaIsMarkedUnhealthyReplacedThenDeleted() throws IOException {
        String name = KEYS.keySet().iterator().next();
        BlockLocation block = firstBlock(name);
        long container = block.getBlockId().getContainerId();
        String victim = closedReplicas(container, Set.of()).iterator().next();
        int index = cluster.datanodeIndex(victim);
        Path file = cluster.blockFile(index, container, block.getBlockId().getLocalId())
                .orElseThrow();
        CorruptReplicaScenario.flipByte(file, 1000);
        long start = System.nanoTime();

        assertThat(cluster.datanode(index).scanContainersNow()).contains(container);
        // The unhealthy replica stays until its replacement is confirmed, so SCM's view of it can be seen.
        await(
                "SCM sees the replica on " + victim + " UNHEALTHY",
                RECOVERY,
                () -> scm().containers().replicaStates(container).get(victim) == ContainerState.UNHEALTHY);
        await(
                "three healthy replicas of container " + container + " outside " + victim,
                RECOVERY,
                () -> closedReplicas(container, Set.of(victim)).size() >= 3);
        LOG.info("corrupt replica replaced {} ms after the scan", millisSince(start));
        await(
                "the unhealthy replica deleted from " + victim,
                RECOVERY,
                () -> cluster.datanode(index).containers().find(container).isEmpty()
                        && !scm().containers().replicaStates(container).containsKey(victim));
        LOG.info("corrupt replica deleted {} ms after the scan", millisSince(start));
        awaitExactlyThreeReplicas();
        assertKeysReadBack();
    }

    @Test
    @Order(3)
    void decommissionUnderReadLoadMovesEveryReplicaAndRecommissionReturnsTheNode()
            throws IOException, InterruptedException {
        long container = containers().first();
        String victim = closedReplicas(container, Set.of()).iterator().next();
        Set<Long> held = new TreeSet<>();
        for (long id : containers()) {
            if (scm().containers().replicaStates(id).containsKey(victim)) {
                held.add(id);
            }
        }
        AtomicBoolean reading = new AtomicBoolean(true);
        AtomicInteger reads = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> readUntilStopped(reading, reads, failure), "decommission-reader");
        reader.start();
        long start = System.nanoTime();
        try {
            scm().datanodeAdmin().decommission(List.of(victim), false);
            await(
                    victim + " DECOMMISSIONED",
                    RECOVERY,
                    () -> operationalState(victim) == NodeOperationalState.DECOMMISSIONED);
            LOG.info("datanode decommissioned in {} ms under {} reads", millisSince(start), reads.get());
            int readsSoFar = reads.get();
            await(
                    "reads go on after the decommission",
                    RECOVERY,
                    () -> reads.get() > readsSoFar + 3 || failure.get() != null);
        } finally {
            reading.set(false);
            reader.join(TimeUnit.MINUTES.toMillis(1));
        }
        assertThat(failure.get()).as("a read during the decommission").isNull();
        assertThat(reads.get()).isPositive();
        for (long id : held) {
            assertThat(closedReplicas(id, Set.of(victim)))
                    .as("replicas of container " + id + " outside " + victim)
                    .hasSizeGreaterThanOrEqualTo(3);
        }

        scm().datanodeAdmin().recommission(List.of(victim));
        await(victim + " IN_SERVICE", RECOVERY, () -> operationalState(victim) == NodeOperationalState.IN_SERVICE);
        assertKeysReadBack();
    }

    private static void readUntilStopped(
            AtomicBoolean reading, AtomicInteger reads, AtomicReference<Throwable> failure) {
        while (reading.get() && failure.get() == null) {
            for (Map.Entry<String, String> key : KEYS.entrySet()) {
                try {
                    assertThat(Keys.readDigest(bucket, key.getKey())).isEqualTo(key.getValue());
                    reads.incrementAndGet();
                } catch (IOException | RuntimeException | AssertionError e) {
                    failure.compareAndSet(null, e);
                    return;
                }
            }
        }
    }

    private static void assertKeysReadBack() throws IOException {
        for (Map.Entry<String, String> key : KEYS.entrySet()) {
            assertThat(Keys.readDigest(bucket, key.getKey()))
                    .as("key " + key.getKey())
                    .isEqualTo(key.getValue());
        }
    }

    /** Waits until every container of the keys has three CLOSED replicas on HEALTHY nodes outside {@code gone}. */
    private static void awaitThreeHealthyReplicasWithout(Set<String> gone) {
        for (long id : containers()) {
            await(
                    "three healthy replicas of container " + id + " outside " + gone,
                    RECOVERY,
                    () -> closedReplicas(id, gone).size() >= 3);
        }
    }

    /** Waits until every container of the keys has exactly three replicas, all CLOSED on HEALTHY nodes. */
    private static void awaitExactlyThreeReplicas() {
        for (long id : containers()) {
            await(
                    "exactly three replicas of container " + id,
                    RECOVERY,
                    () -> scm().containers().replicas(id).size() == 3
                            && closedReplicas(id, Set.of()).size() == 3);
        }
    }

    /** Nodes holding a CLOSED replica of the container, HEALTHY and in service, outside {@code excluded}. */
    private static Set<String> closedReplicas(long containerId, Set<String> excluded) {
        Set<String> nodes = new TreeSet<>();
        for (ContainerReplica replica : scm().containers().replicas(containerId)) {
            if (replica.state() == ContainerState.CLOSED
                    && !excluded.contains(replica.datanodeUuid())
                    && healthyInService(replica.datanodeUuid())) {
                nodes.add(replica.datanodeUuid());
            }
        }
        return nodes;
    }

    private static boolean healthyInService(String uuid) {
        Optional<DatanodeStatus> status = nodes().status(uuid);
        return status.isPresent()
                && status.get().state() == NodeState.HEALTHY
                && status.get().operational().state() == NodeOperationalState.IN_SERVICE;
    }

    private static NodeOperationalState operationalState(String uuid) {
        return nodes().status(uuid).orElseThrow().operational().state();
    }

    /** Containers holding the keys' blocks. */
    private static SortedSet<Long> containers() {
        TreeSet<Long> ids = new TreeSet<>();
        for (String name : KEYS.keySet()) {
            try (KeyInputStream in = bucket.readKey(name)) {
                in.blocks().forEach(b -> ids.add(b.getBlockId().getContainerId()));
            }
        }
        return ids;
    }

    private static BlockLocation firstBlock(String name) {
        try (KeyInputStream in = bucket.readKey(name)) {
            return in.blocks().get(0);
        }
    }

    /** Starts the stopped datanode with this UUID again and waits until SCM sees it HEALTHY. */
    private static void restart(String uuid) {
        cluster.restartDatanode(UUIDS.indexOf(uuid));
        await(uuid + " HEALTHY again", RECOVERY, () -> nodes().status(uuid)
                .map(s -> s.state() == NodeState.HEALTHY)
                .orElse(false));
    }

    private static void await(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline)
                    .as(what + " within " + timeout)
                    .isNegative();
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    private static long millisSince(long start) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private static StorageContainerManager scm() {
        return cluster.scm().storageContainerManager();
    }

    private static NodeManager nodes() {
        return scm().nodes();
    }
}
