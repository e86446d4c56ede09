package dev.o3.client.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.testing.FakeOzoneManager;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.KeyInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Writing keys: round trips, ETags, failures mid-block (pipeline, leader change, closed container), buffers. */
class TestKeyOutputStream extends KeyStreamFixture {
    @ParameterizedTest
    @ValueSource(ints = {0, 1, CHUNK - 1, CHUNK, CHUNK + 1, BLOCK, 3 * BLOCK + 7})
    void roundTripsEverySize(int size) throws IOException {
        byte[] data = random(size);

        write("key", data);

        assertThat(read("key")).isEqualTo(data);
        KeyInfo committed = om.committed("key");
        assertThat(committed.getSize()).isEqualTo(size);
        assertThat(committed.getBlocksList()).hasSize((size + BLOCK - 1) / BLOCK);
        assertThat(committed.getEtag()).isEqualTo(md5(data));
    }

    @Test
    void aKeyOfOneChunkCostsOnePipelineTransaction() throws IOException {
        byte[] data = random(CHUNK - 1);

        write("small", data);

        String pipeline = om.committed("small").getBlocks(0).getPipeline().getId();
        assertThat(datanodes.transactionsOf(pipeline))
                .as("the chunk and the block's commit travel together")
                .isEqualTo(1);
        assertThat(read("small")).isEqualTo(data);
    }

    @Test
    void aKeyOfDeclaredSizeBuffersItsSizeNotAWholeChunk() throws IOException {
        config = ClientConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.client.bytes.per.checksum", "1KB",
                "ozone.client.stream.buffer.size", "1MB",
                "ozone.scm.block.size", "4MB")));
        KeyOutputStream small = create("small", 10);
        small.write(new byte[4]);
        assertThat(small.bufferCapacity()).isEqualTo(10);
        small.write(new byte[6]);
        small.close();

        byte[] data = random(1024 * 1024 + 300_000);
        write("large", data);

        assertThat(read("large")).isEqualTo(data);
        assertThat(read("small")).hasSize(10);
    }

    @Test
    void directBuffersAreWrittenAsTheyAreAndHashedLikeArrays() throws IOException {
        byte[] data = random(2 * CHUNK + 300);
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).flip();

        try (KeyOutputStream out = create("direct")) {
            out.write(direct.slice(0, 100));
            out.write(direct.slice(100, data.length - 100));
        }

        assertThat(read("direct")).isEqualTo(data);
        assertThat(om.committed("direct").getEtag()).isEqualTo(md5(data));
    }

    @Test
    void aStreamWhoseCallerTookTheEtagOverCommitsTheCallersEtag() throws IOException {
        byte[] data = random(CHUNK + 1);
        KeyOutputStream out = create("etag");
        out.etagFromCaller();
        out.write(data);

        assertThatThrownBy(out::close).isInstanceOf(IllegalStateException.class);
        out.close("0123456789abcdef0123456789abcdef");

        assertThat(om.committed("etag").getEtag()).isEqualTo("0123456789abcdef0123456789abcdef");
        assertThat(read("etag")).isEqualTo(data);
    }

    @Test
    void theEtagCannotBeTakenOverOnceDataWasWritten() throws IOException {
        KeyOutputStream out = create("late");
        out.write(1);

        assertThatThrownBy(out::etagFromCaller).isInstanceOf(IllegalStateException.class);
        out.close();
        assertThat(om.committed("late").getEtag()).isEqualTo(md5(new byte[] {1}));
    }

    @Test
    void pipelineFailureMidBlockMovesTheUncommittedDataToANewBlock() throws IOException {
        byte[] data = random(BLOCK + 5 * CHUNK + 100);
        datanodes.failPipelineAfter("p1", 6);

        write("key", data);

        KeyInfo committed = om.committed("key");
        assertThat(committed.getBlocksList())
                .extracting(block -> block.getPipeline().getId())
                .doesNotContain("p3")
                .contains("p1", "p2");
        assertThat(committed.getBlocksList().stream()
                        .mapToLong(BlockLocation::getLength)
                        .sum())
                .isEqualTo(data.length);
        assertThat(read("key")).isEqualTo(data);
    }

    @Test
    void aLeaderChangeMidBlockEndsTheBlockThereAndTheNextBlockGoesElsewhere() throws IOException {
        byte[] data = random(2 * BLOCK + 100);
        datanodes.changeLeaderAfter("p1", 6);

        write("key", data);

        List<BlockLocation> blocks = om.committed("key").getBlocksList();
        assertThat(blocks.get(0).getPipeline().getId()).isEqualTo("p1");
        assertThat(blocks.get(0).getLength())
                .as("not cut short by the leader change")
                .isEqualTo(BLOCK);
        assertThat(blocks.subList(1, blocks.size()))
                .extracting(block -> block.getPipeline().getId())
                .isNotEmpty()
                .doesNotContain("p1");
        assertThat(read("key")).isEqualTo(data);
    }

    @Test
    void aPipelineThatChangedLeaderGetsTheNextBlockWhenSCMHasNoOther() throws IOException {
        om.closePipeline("p2");
        om.closePipeline("p3");
        byte[] data = random(2 * BLOCK + 100);
        datanodes.changeLeaderAfter("p1", 6);

        write("key", data);

        assertThat(om.committed("key").getBlocksList())
                .extracting(block -> block.getPipeline().getId())
                .hasSize(3)
                .containsOnly("p1");
        assertThat(om.allocationRefusals()).isEqualTo(1);
        assertThat(read("key")).isEqualTo(data);
    }

    @Test
    void afterAPipelineFailureTheWriteWaitsForSCMToOpenANewPipeline() throws IOException {
        om.closePipeline("p2");
        om.closePipeline("p3");
        om.openPipelineAfterRefusals(FakeOzoneManager.pipeline("p4"), 2);
        byte[] data = random(BLOCK + 5 * CHUNK + 100);
        datanodes.failPipelineAfter("p1", 6);

        write("key", data);

        assertThat(om.committed("key").getBlocksList())
                .extracting(block -> block.getPipeline().getId())
                .contains("p1", "p4");
        assertThat(om.allocationRefusals()).isEqualTo(2);
        assertThat(read("key")).isEqualTo(data);
    }

    @Test
    void aWriteThatGetsNoNewBlockInTimeFailsWithOneLineAndStaysFailed() throws IOException {
        useConfig(Map.of("ozone.client.block.allocation.timeout", "1s"));
        om.closePipeline("p2");
        om.closePipeline("p3");
        datanodes.failPipelineAfter("p1", 1);
        OutputStream out = create("doomed");

        assertThatThrownBy(() -> out.write(random(BLOCK)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("SCM had no block to give for 1s")
                .hasMessageContaining("NO_OPEN_PIPELINE")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(out::close).isInstanceOf(IOException.class).hasMessageContaining("failed earlier");
        assertThat(om.committed("doomed")).isNull();
    }

    @Test
    void closedContainerMovesTheDataToAnotherContainerOfTheSamePipeline() throws IOException {
        byte[] data = random(5 * CHUNK);
        OutputStream out = create("key");
        out.write(data, 0, CHUNK);
        closeContainerOfPreallocatedBlock("key");
        out.write(data, CHUNK, data.length - CHUNK);
        out.close();

        KeyInfo committed = om.committed("key");
        assertThat(committed.getBlocksList())
                .extracting(block -> block.getPipeline().getId())
                .containsOnly("p1");
        assertThat(committed.getBlocksList())
                .extracting(block -> block.getBlockId().getContainerId())
                .doesNotHaveDuplicates();
        assertThat(read("key")).isEqualTo(data);
    }

    @Test
    void writeFailsCleanlyWhenEveryRetryFails() throws IOException {
        datanodes.failPipelineAfter("p1", 1);
        datanodes.failPipelineAfter("p2", 0);
        datanodes.failPipelineAfter("p3", 0);
        OutputStream out = create("doomed");

        assertThatThrownBy(() -> {
                    out.write(random(3 * CHUNK));
                    out.close();
                })
                .isInstanceOf(IOException.class)
                .hasMessageContaining("failed after 2 retries");
        assertThat(om.committed("doomed")).isNull();
    }

    /**
     * The shared write buffer bounds what a client holds however many keys it writes: with the pipeline stalled, six
     * writers of eight chunks each end up waiting (four on their own unacknowledged chunks, two for buffer), and the
     * data sent but unacknowledged never exceeds the four-chunk budget (without it: six writers x window 3).
     */
    @Test
    void writersWaitForTheSharedWriteBufferWhileThePipelineIsStalled() throws Exception {
        int budget = 4 * CHUNK;
        ClientConfig limited = ClientConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.client.bytes.per.checksum", "1KB",
                "ozone.client.stream.buffer.size", "4KB",
                "ozone.client.write.window.chunks", "3",
                "ozone.client.write.buffer.max", budget + "B",
                "ozone.scm.block.size", BLOCK + "B")));
        clients.close();
        clients = new DatanodeClients(limited, datanodes);
        int writers = 6;
        List<OutputStream> streams = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            streams.add(create("key" + i));
        }
        List<Thread> threads = new ArrayList<>();
        List<Future<?>> results = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(writers, runnable -> {
            Thread thread = new Thread(runnable, "writer-" + threads.size());
            threads.add(thread);
            return thread;
        });
        datanodes.stall();
        try {
            for (int i = 0; i < writers; i++) {
                OutputStream out = streams.get(i);
                byte[] data = random(8 * CHUNK + i);
                results.add(pool.submit(() -> {
                    try (out) {
                        out.write(data);
                    }
                    return null;
                }));
            }
            awaitAllWaiting(threads, writers);

            assertThat(datanodes.maxUnacknowledgedBytes()).isPositive().isLessThanOrEqualTo(budget);
            assertThat(clients.writeBudget().reserved()).isEqualTo(budget);
            assertThat(results).noneMatch(Future::isDone);
        } finally {
            datanodes.resume();
            pool.shutdown();
        }
        for (Future<?> result : results) {
            result.get(30, TimeUnit.SECONDS);
        }
        for (int i = 0; i < writers; i++) {
            assertThat(read("key" + i)).isEqualTo(random(8 * CHUNK + i));
        }
        assertThat(clients.writeBudget().reserved())
                .as("every reserved byte came back")
                .isZero();
    }

    @Test
    void abortGivesTheWriteBufferBack() throws IOException {
        ClientConfig limited = ClientConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.client.bytes.per.checksum", "1KB",
                "ozone.client.stream.buffer.size", "4KB",
                "ozone.client.write.buffer.max", "8KB")));
        clients.close();
        clients = new DatanodeClients(limited, datanodes);
        datanodes.stall();
        KeyOutputStream out = create("aborted");
        out.write(random(CHUNK + 10));
        assertThat(clients.writeBudget().reserved()).isEqualTo(2L * CHUNK);

        out.abort();

        assertThat(clients.writeBudget().reserved()).isZero();
        datanodes.resume();
    }

    @Test
    void aSmallKeyOfDeclaredSizeReservesOnlyItsSize() throws IOException {
        clients.close();
        clients = new DatanodeClients(
                ClientConfig.from(OzoneConfiguration.of(Map.of(
                        "ozone.client.bytes.per.checksum", "1KB",
                        "ozone.client.stream.buffer.size", "4KB",
                        "ozone.client.write.buffer.max", "8KB"))),
                datanodes);
        datanodes.stall();
        KeyOutputStream out = create("small", 100);
        out.write(random(100));
        assertThat(clients.writeBudget().reserved())
                .as("a 100-byte key buffers 100 bytes, not a chunk")
                .isEqualTo(100);
        out.abort();
        datanodes.resume();
    }

    /**
     * Waits, with a deadline, until every writer thread is parked: waiting for acknowledgements or for buffer. A
     * thread's state has no signal to wait on, so the condition is checked every few milliseconds.
     */
    private static void awaitAllWaiting(List<Thread> threads, int count) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (threads.size() < count || !threads.stream().allMatch(t -> t.getState() == Thread.State.WAITING)) {
            assertThat(System.nanoTime()).as("writers still running after 30 s").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }
}
