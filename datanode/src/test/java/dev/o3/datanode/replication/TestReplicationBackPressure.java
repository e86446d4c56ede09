package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.server.security.ca.CertificateAuthority;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's failure (HDDS-5188): a source that pushes a whole container into its buffers while the destination
 * writes slowly runs out of direct memory. Here the destination's disk writes 10 MB/s; the source's direct memory
 * must stay near its channel's high water mark for the whole copy.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestReplicationBackPressure {
    private static final long CONTAINER = 3;
    private static final long DISK_BYTES_PER_SECOND = 10L << 20;
    private static final long SOURCE_DIRECT_MEMORY_MAX = 3L << 20;

    @TempDir
    java.nio.file.Path dir;

    @Test
    void slowDestinationDiskKeepsTheSourceDirectMemoryFlat() throws Exception {
        assertSourceMemoryFlat(ReplicationTls.PLAINTEXT, ReplicationTls.PLAINTEXT);
    }

    @Test
    void slowDestinationDiskKeepsTheSourceDirectMemoryFlatOverTls() throws Exception {
        CertificateAuthority ca = ClusterCertificates.ca(dir, "cluster");
        assertSourceMemoryFlat(
                ClusterCertificates.tls(ca, ca, "source"), ClusterCertificates.tls(ca, ca, "destination"));
    }

    private void assertSourceMemoryFlat(ReplicationTls sourceTls, ReplicationTls destinationTls) throws Exception {
        // Counts exactly the bytes of live buffers (a pooled allocator reserves whole arenas).
        UnpooledByteBufAllocator sourceAllocator = new UnpooledByteBufAllocator(true);
        AtomicLong peak = new AtomicLong();
        long started = System.nanoTime();
        AtomicLong written = new AtomicLong();
        BlockFileWriter slowDisk = (file, data, position) -> {
            peak.accumulateAndGet(sourceAllocator.metric().usedDirectMemory(), Math::max);
            int length = file.write(data, position);
            long due = started + TimeUnit.SECONDS.toNanos(written.addAndGet(length)) / DISK_BYTES_PER_SECOND;
            LockSupport.parkNanos(due - System.nanoTime());
            return length;
        };
        try (StorageNode source = new StorageNode(
                        dir.resolve("source"), sourceAllocator, BlockFileWriter.DIRECT, Clock.systemUTC(), sourceTls);
                StorageNode destination = new StorageNode(
                        dir.resolve("destination"),
                        PooledByteBufAllocator.DEFAULT,
                        slowDisk,
                        Clock.systemUTC(),
                        destinationTls)) {
            // 16 MB of block files first, then 24 MB of small blocks kept in the database: a source without
            // back-pressure queues all of those as buffers while the destination still writes the files.
            source.writeContainer(CONTAINER, 4, 4, 1 << 20, 400, 60 * 1024);

            destination.supervisor().replicate(CONTAINER, List.of(source.details()));

            destination.assertSameContainer(source, CONTAINER);
            assertThat(written.get()).isEqualTo(16L << 20);
            assertThat(peak.get()).isPositive().isLessThan(SOURCE_DIRECT_MEMORY_MAX);
        }
    }
}
