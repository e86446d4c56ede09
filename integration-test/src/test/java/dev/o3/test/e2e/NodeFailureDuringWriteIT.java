package dev.o3.test.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.OzoneBucket;
import dev.o3.datanode.ratis.PipelineStatus;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.scm.pipeline.Pipeline;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member of the only open pipeline fails in the middle of a block of a write (four datanodes, one pipeline
 * each at most, so a new pipeline needs the spare node and the two survivors): the writer rides through on the
 * surviving majority, SCM closes the pipeline once the node is STALE (long before the 10-minute dead interval) and
 * opens one of healthy nodes, the rest of the key goes there, and the key reads back byte-identical.
 */
@Tag("integration")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class NodeFailureDuringWriteIT {
    private static final Logger LOG = LoggerFactory.getLogger(NodeFailureDuringWriteIT.class);
    private static final long MB = 1024 * 1024;
    private static final long BLOCK_SIZE = 32 * MB;
    /** {@code -Do3.it.failure.key.mb=N} makes the key larger (1024 as in the manual test). */
    private static final long SIZE = Long.getLong("o3.it.failure.key.mb", 128) * MB;
    /** A quarter of the way into the second block: the block is well under way on the pipeline. */
    private static final long KILL_AT = BLOCK_SIZE + BLOCK_SIZE / 4;

    @TempDir
    Path directory;

    private ClusterWithBucket running;
    private MiniO3Cluster cluster;
    private OzoneBucket bucket;

    @BeforeEach
    void startCluster() {
        running = ClusterWithBucket.start(MiniO3Cluster.builder(directory)
                .numDatanodes(4)
                // Pipelines over TLS: a new leader's connections to its followers handshake mid-write.
                .tls()
                .conf("ozone.scm.block.size", BLOCK_SIZE + "B")
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                // Only the STALE state (6s with the test timers) may close the pipeline during the write.
                .conf("ozone.scm.dead.node.interval", "10m")
                // A one-block key's held create is still held when the writer asks for its next block.
                .conf("ozone.om.key.create.hold", "10m")
                .build());
        cluster = running.cluster();
        bucket = running.bucket();
    }

    @AfterEach
    void stopCluster() {
        if (running != null) {
            running.close();
        }
    }

    @Test
    void writeRidesThroughTheLossOfThePipelineLeader() throws IOException {
        writeWhileAMemberDies(SIZE, KILL_AT, true, false);
    }

    @Test
    void writeRidesThroughTheLossOfAPipelineFollower() throws IOException {
        writeWhileAMemberDies(SIZE, KILL_AT, false, false);
    }

    /**
     * The writer pauses until SCM has closed the degraded pipeline: the rest of the key finds the pipeline gone, and
     * waits for SCM to open a new one of the spare node and the two survivors.
     */
    @Test
    void writeMovesToTheNewPipelineWhenScmClosesTheDegradedOne() throws IOException {
        writeWhileAMemberDies(SIZE, KILL_AT, true, true);
    }

    /**
     * A key of one block, whose CreateKey the single OM holds until the commit (docs/internals.md "OM request path"):
     * its AllocateBlock for the rest of the key, on the new pipeline, has the held create logged first.
     */
    @Test
    void aOneBlockKeyMovesToTheNewPipelineWhenScmClosesTheDegradedOne() throws IOException {
        writeWhileAMemberDies(BLOCK_SIZE / 2, BLOCK_SIZE / 4, true, true);
    }

    private void writeWhileAMemberDies(long size, long killAt, boolean leader, boolean pauseUntilClosed)
            throws IOException {
        AtomicReference<String> victim = new AtomicReference<>();
        AtomicLong killedAt = new AtomicLong();
        long start = System.nanoTime();

        String written = Keys.write(bucket, "key", size, killAt, () -> {
            int index = member(leader);
            victim.set(cluster.datanode(index).datanodeDetails().getUuid());
            killedAt.set(System.nanoTime());
            cluster.stopDatanode(index);
            if (pauseUntilClosed) {
                awaitNoOpenPipelineWith(victim.get(), Duration.ofSeconds(60));
            }
        });

        long end = System.nanoTime();
        LOG.info(
                "{} of the pipeline stopped after {} MB{}; the {} MB put finished {} ms later ({} ms in all)",
                leader ? "leader" : "follower",
                killAt / MB,
                pauseUntilClosed ? " (writer paused until SCM closed the pipeline)" : "",
                size / MB,
                TimeUnit.NANOSECONDS.toMillis(end - killedAt.get()),
                TimeUnit.NANOSECONDS.toMillis(end - start));
        assertThat(bucket.getKey("key").size()).isEqualTo(size);
        assertThat(Keys.readDigest(bucket, "key")).isEqualTo(written);
        List<Pipeline> open = awaitOpenPipelineWithout(victim.get(), Duration.ofSeconds(60));
        assertThat(open).allSatisfy(p -> assertThat(p.memberIds()).doesNotContain(victim.get()));
    }

    /**
     * The index of the open pipeline's leader, or of one of its followers, once the pipeline has elected one (a key
     * of one block may reach the kill before its first data did).
     */
    private int member(boolean leader) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            for (int i = 0; i < cluster.datanodeCount(); i++) {
                List<PipelineStatus> pipelines = cluster.datanode(i).pipelines();
                if (pipelines.stream().anyMatch(p -> p.leader() == leader)) {
                    return i;
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("no " + (leader ? "leader" : "follower") + " of an open pipeline");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    private void awaitNoOpenPipelineWith(String datanode, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (cluster.scm().storageContainerManager().pipelines().openPipelines().stream()
                .anyMatch(p -> p.memberIds().contains(datanode))) {
            assertThat(System.nanoTime() - deadline)
                    .as("the pipeline of " + datanode + " closed within " + timeout)
                    .isNegative();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    private List<Pipeline> awaitOpenPipelineWithout(String datanode, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Pipeline> open =
                    cluster.scm().storageContainerManager().pipelines().openPipelines();
            if (!open.isEmpty() && open.stream().noneMatch(p -> p.memberIds().contains(datanode))) {
                return open;
            }
            assertThat(System.nanoTime() - deadline)
                    .as("an open pipeline without " + datanode + " within " + timeout)
                    .isNegative();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }
}
