package dev.o3.client.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.om.OmClient;
import dev.o3.client.testing.FakeOzoneManager;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Key streams against a fake OM on a real socket and in-memory datanodes with injected failures. */
class TestKeyStreams {
    private static final int CHUNK = 4096;
    private static final int BLOCK = 4 * CHUNK * 4;

    private final FakeDatanodes datanodes = new FakeDatanodes();
    private FakeOzoneManager om;
    private OmClient omClient;
    private DatanodeClients clients;
    private ClientConfig config;

    @BeforeEach
    void start() {
        om = new FakeOzoneManager(List.of(
                FakeOzoneManager.pipeline("p1"), FakeOzoneManager.pipeline("p2"), FakeOzoneManager.pipeline("p3")));
        omClient = new OmClient(List.of(om.address()), "tester", Duration.ofSeconds(5), GrpcConfig.defaults());
        useConfig(Map.of());
    }

    private void useConfig(Map<String, String> overrides) {
        Map<String, String> values = new HashMap<>(Map.of(
                "ozone.client.bytes.per.checksum", "1KB",
                "ozone.client.stream.buffer.size", "4KB",
                "ozone.client.write.window.chunks", "3",
                "ozone.client.max.retries", "2",
                "ozone.scm.block.size", BLOCK + "B"));
        values.putAll(overrides);
        config = ClientConfig.from(OzoneConfiguration.of(values));
        if (clients != null) {
            clients.close();
        }
        clients = new DatanodeClients(config, datanodes);
    }

    @AfterEach
    void stop() {
        clients.close();
        omClient.close();
        om.close();
    }

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

    @Test
    void corruptReplicaIsReadAroundAndAllCorruptFails() throws IOException {
        byte[] data = random(2 * CHUNK + 10);
        write("key", data);
        datanodes.corrupt("p1-dn1");
        datanodes.kill("p1-dn2");

        assertThat(read("key")).isEqualTo(data);

        datanodes.corrupt("p1-dn3");
        assertThatThrownBy(() -> read("key"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no replica of block");
    }

    @Test
    void aSmallKeyIsReadInOneDatanodeRequest() throws IOException {
        byte[] data = random(CHUNK - 1);
        write("small", data);

        assertThat(read("small")).isEqualTo(data);
        assertThat(readsAskedOf("small"))
                .as("the chunk list and the chunk's data come in one GetBlock")
                .isEqualTo(1);
    }

    @Test
    void theGetBlockOfEachBlockBringsTheChunksOfTheNextChunkSizeBytes() throws IOException {
        byte[] data = random(BLOCK + 2 * CHUNK);
        write("key", data);

        assertThat(read("key")).isEqualTo(data);
        assertThat(readsAskedOf("key"))
                .as("one GetBlock per block, one ReadChunk per chunk after each block's first")
                .isEqualTo(BLOCK / CHUNK + 2);

        write("other", data);
        int before = readsAskedOf("other");
        try (KeyInputStream in = open("other")) {
            byte[] straddling = new byte[CHUNK];
            in.seek(CHUNK / 2);
            assertThat(in.readNBytes(straddling, 0, CHUNK)).isEqualTo(CHUNK);
            assertThat(straddling).isEqualTo(slice(data, CHUNK / 2, CHUNK));
        }
        assertThat(readsAskedOf("other") - before)
                .as("a read from mid-chunk gets both chunks it spans with the GetBlock")
                .isEqualTo(1);
    }

    @Test
    void aCorruptChunkThatCameWithGetBlockMovesTheReadToTheNextReplica() throws IOException {
        byte[] data = random(CHUNK - 1);
        write("small", data);
        List<DatanodeDetails> order =
                KeyInputStream.replicasInReadOrder(om.committed("small").getBlocks(0));
        datanodes.corrupt(order.get(0).getUuid());

        assertThat(read("small")).isEqualTo(data);
        assertThat(order)
                .extracting(replica -> datanodes.readsAsked(replica.getUuid()))
                .as("one GetBlock on the corrupt replica, one on the next, no ReadChunk")
                .containsExactly(1, 1, 0);
    }

    @Test
    void aDeadReplicaIsAskedOncePerStreamNotOncePerBlock() throws IOException {
        byte[] data = random(3 * BLOCK);
        write("key", data);
        datanodes.kill("p1-dn1");

        assertThat(read("key")).isEqualTo(data);
        assertThat(datanodes.readsAsked("p1-dn1"))
                .as("after its first failure the stream reads the other blocks from the live replicas first")
                .isEqualTo(1);
    }

    @Test
    void readsOfDifferentBlocksStartAtDifferentReplicas() {
        Pipeline pipeline = Pipeline.newBuilder()
                .setId("p")
                .addMembers(DatanodeDetails.newBuilder().setUuid("dn1"))
                .addMembers(DatanodeDetails.newBuilder().setUuid("dn2"))
                .addMembers(DatanodeDetails.newBuilder().setUuid("dn3"))
                .build();
        Set<String> firstTried = new HashSet<>();
        for (long localId = 1; localId <= 3; localId++) {
            List<DatanodeDetails> order = KeyInputStream.replicasInReadOrder(BlockLocation.newBuilder()
                    .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(localId))
                    .setPipeline(pipeline)
                    .build());
            assertThat(order)
                    .as("every replica, each once")
                    .containsExactlyInAnyOrderElementsOf(pipeline.getMembersList());
            firstTried.add(order.get(0).getUuid());
        }
        assertThat(firstTried).containsExactlyInAnyOrder("dn1", "dn2", "dn3");
    }

    @Test
    void seekAndPositionedReads() throws IOException {
        byte[] data = random(2 * BLOCK + 3);
        write("key", data);

        try (KeyInputStream in = open("key")) {
            byte[] middle = new byte[CHUNK * 2];
            in.seek(BLOCK - CHUNK);
            assertThat(in.readNBytes(middle, 0, middle.length)).isEqualTo(middle.length);
            assertThat(middle).isEqualTo(slice(data, BLOCK - CHUNK, middle.length));
            assertThat(in.position()).isEqualTo(BLOCK + CHUNK);

            byte[] tail = new byte[10];
            assertThat(in.read(data.length - 3L, tail, 0, tail.length)).isEqualTo(3);
            assertThat(in.position()).as("positioned read keeps the position").isEqualTo(BLOCK + CHUNK);
            assertThat(in.read(data.length, tail, 0, 1)).isEqualTo(-1);
            assertThatThrownBy(() -> in.seek(data.length + 1L)).isInstanceOf(java.io.EOFException.class);
        }
    }

    @Test
    void bufferReadsStopAtChunkEndsAndFollowThePosition() throws IOException {
        byte[] data = random(BLOCK + CHUNK + 5);
        write("key", data);

        try (KeyInputStream in = open("key")) {
            in.seek(CHUNK - 10);
            ByteBuffer target = ByteBuffer.allocateDirect(data.length);
            assertThat(in.read(target)).as("the rest of the first chunk").isEqualTo(10);
            assertThat(in.position()).isEqualTo(CHUNK);
            while (in.read(target) > 0) {
                assertThat(in.position()).isEqualTo(CHUNK - 10 + target.position());
            }
            assertThat(in.read(target)).as("at the end").isEqualTo(-1);
            byte[] read = new byte[target.flip().remaining()];
            target.get(read);
            assertThat(read).isEqualTo(slice(data, CHUNK - 10, data.length - CHUNK + 10));

            in.seek(0);
            assertThat(in.read(ByteBuffer.allocate(0))).as("a full buffer").isZero();
        }
    }

    private void write(String name, byte[] data) throws IOException {
        try (OutputStream out = create(name)) {
            int offset = 0;
            Random sizes = new Random(7);
            while (offset < data.length) {
                int n = Math.min(data.length - offset, 1 + sizes.nextInt(3 * CHUNK));
                out.write(data, offset, n);
                offset += n;
            }
        }
    }

    /** GetBlock and ReadChunk calls made to the replicas of the key's blocks. */
    private int readsAskedOf(String name) {
        return om.committed(name).getBlocksList().stream()
                .flatMap(block -> block.getPipeline().getMembersList().stream())
                .map(DatanodeDetails::getUuid)
                .distinct()
                .mapToInt(datanodes::readsAsked)
                .sum();
    }

    private void closeContainerOfPreallocatedBlock(String name) {
        long container = om.openKey(name).getBlocks(0).getBlockId().getContainerId();
        datanodes.closeContainer(container);
    }

    private KeyOutputStream create(String name) {
        return create(name, 0);
    }

    private KeyOutputStream create(String name, long declaredSize) {
        CreateKeyResponse created = omClient.call(
                "CreateKey",
                stub -> stub.createKey(CreateKeyRequest.newBuilder()
                        .setVolume("v")
                        .setBucket("b")
                        .setName(name)
                        .setSize(declaredSize)
                        .build()),
                CreateKeyResponse::getError);
        long clientId = created.getClientId();
        KeyCommitter committer = (size, blocks, md5) -> omClient.call(
                "CommitKey",
                stub -> stub.commitKey(CommitKeyRequest.newBuilder()
                        .setName(name)
                        .setClientId(clientId)
                        .setSize(size)
                        .addAllBlocks(blocks)
                        .setEtag(md5)
                        .build()),
                CommitKeyResponse::getError);
        return new KeyOutputStream(omClient, clients, config, created.getKey(), clientId, committer);
    }

    private byte[] read(String name) throws IOException {
        try (InputStream in = open(name)) {
            return in.readAllBytes();
        }
    }

    private KeyInputStream open(String name) {
        KeyInfo key = omClient.call(
                        "LookupKey",
                        stub -> stub.lookupKey(LookupKeyRequest.newBuilder()
                                .setVolume("v")
                                .setBucket("b")
                                .setName(name)
                                .build()),
                        LookupKeyResponse::getError)
                .getKey();
        return new KeyInputStream(clients, key);
    }

    private static byte[] random(int size) {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        return data;
    }

    private static byte[] slice(byte[] data, int offset, int length) {
        byte[] slice = new byte[length];
        System.arraycopy(data, offset, slice, 0, length);
        return slice;
    }

    private static String md5(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
