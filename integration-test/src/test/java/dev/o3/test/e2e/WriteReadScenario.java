package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.bucket;
import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.api.KeyInfo;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.om.OmException;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.proto.om.OmStatus;
import dev.o3.scm.metrics.ScmMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Keys written and read through the real client, OM, SCM and a three-datanode pipeline. */
abstract class WriteReadScenario {
    @Test
    void aWriteInAReplicationScmDoesNotOfferFailsAtOnceAsTheClientsMistake() {
        client().objectStore().getVolume("vol1").createBucket("one-replica", "OBJECT_STORE", 1);
        OzoneBucket oneReplica = client().objectStore().getVolume("vol1").getBucket("one-replica");

        // Not SCM_UNAVAILABLE, which the stream would ask again for during ozone.client.block.allocation.timeout.
        assertThatThrownBy(() -> {
                    try (OutputStream out = oneReplica.createKey("k", 10, Map.of())) {
                        out.write(new byte[10]);
                    }
                })
                .isInstanceOfSatisfying(
                        OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.INVALID_REQUEST))
                .hasMessageContaining("RATIS/THREE");
        assertThat(oneReplica.listKeys("", "", 10)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 4 * 1024 * 1024 + 1, 11 * 1024 * 1024})
    void keysRoundTripByteForByte(int size) throws IOException {
        byte[] data = Keys.random(size);
        String name = "key-" + size;

        try (OutputStream out = bucket().createKey(name, data.length, Map.of())) {
            out.write(data);
        }

        assertThat(bucket().getKey(name).size()).isEqualTo(size);
        try (InputStream in = bucket().readKey(name)) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    @Test
    void smallKeysClosedAtOnceShareRaftEntriesAndEachReadsBackAsWritten() throws Exception {
        String batched = DatanodeMetrics.RATIS_DIR_BATCHED_BLOCKS + "_total{";
        double batchedBefore = PromMetrics.datanodeCounter(batched);
        int writers = 12;
        CyclicBarrier allWritten = new CyclicBarrier(writers);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                int size = 1000 + i;
                writes.add(pool.submit(() -> {
                    // A small key goes to its pipeline when it is closed: all close at once, more than the client's
                    // entries in flight, so the rest wait and go together.
                    try (OutputStream out = bucket().createKey("batched/" + size, size, Map.of())) {
                        out.write(Keys.random(size));
                        allWritten.await();
                    }
                    return null;
                }));
            }
            for (Future<?> write : writes) {
                write.get();
            }
        } finally {
            pool.shutdownNow();
        }

        for (int i = 0; i < writers; i++) {
            try (InputStream in = bucket().readKey("batched/" + (1000 + i))) {
                assertThat(in.readAllBytes()).isEqualTo(Keys.random(1000 + i));
            }
        }
        assertThat(PromMetrics.datanodeCounter(batched) - batchedBefore)
                .as("blocks the datanodes applied from write batches")
                .isPositive();
    }

    @Test
    void smallKeysTakeTheirBlocksFromLeasesWithoutAnScmCallEachAndReadBackAsWritten() throws Exception {
        String allocated = ScmMetrics.BLOCKS_ALLOCATED + "_total ";
        double allocatedBefore = PromMetrics.scmCounter(allocated);
        Map<String, String> written = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            written.put("leased/" + i, Keys.write(bucket(), "leased/" + i, 3000 + i, () -> {}));
        }
        assertThat(PromMetrics.scmCounter(allocated) - allocatedBefore)
                .as("blocks SCM allocated by a call for 20 small keys")
                .isZero();
        assertThat(PromMetrics.scmCounter(ScmMetrics.BLOCK_LEASES + "_total ")).isPositive();

        Keys.write(bucket(), "leased/large", 300 * 1024, () -> {});
        assertThat(PromMetrics.scmCounter(allocated) - allocatedBefore)
                .as("a key above 1/64 of a lease still asks SCM")
                .isEqualTo(1);
        for (Map.Entry<String, String> key : written.entrySet()) {
            assertThat(Keys.readDigest(bucket(), key.getKey())).isEqualTo(key.getValue());
        }
    }

    @Test
    void aSmallKeysCreateIsLoggedWithItsCommitInOneOmEntry() throws Exception {
        String entries = "o3_om_apply_seconds_count ";
        String requests = "o3_om_applied_requests_total ";
        double entriesBefore = PromMetrics.omCounter(entries);
        double requestsBefore = PromMetrics.omCounter(requests);
        int keys = 10;
        Map<String, String> written = new HashMap<>();
        for (int i = 0; i < keys; i++) {
            written.put("held/" + i, Keys.write(bucket(), "held/" + i, 2000 + i, () -> {}));
        }

        assertThat(PromMetrics.omCounter(requests) - requestsBefore)
                .as("a CreateKey and a CommitKey applied per key")
                .isGreaterThanOrEqualTo(2 * keys);
        // Written one after another, each key's two requests could share an entry only by being logged together;
        // the OM's background services may log a few entries of their own meanwhile.
        assertThat(PromMetrics.omCounter(entries) - entriesBefore)
                .as("OM log entries for %d small keys written one after another", keys)
                .isLessThan(1.5 * keys);
        for (Map.Entry<String, String> key : written.entrySet()) {
            assertThat(Keys.readDigest(bucket(), key.getKey())).isEqualTo(key.getValue());
        }
    }

    @Test
    void listAndDeleteSeeCommittedKeysOnly() throws IOException {
        Keys.write(bucket(), "list/a", 10, () -> {});
        Keys.write(bucket(), "list/b", 20, () -> {});

        assertThat(bucket().listKeys("list/", "", 100))
                .extracting(KeyInfo::name)
                .containsExactly("list/a", "list/b");

        bucket().deleteKey("list/a");
        assertThat(bucket().listKeys("list/", "", 100))
                .extracting(KeyInfo::name)
                .containsExactly("list/b");
    }
}
