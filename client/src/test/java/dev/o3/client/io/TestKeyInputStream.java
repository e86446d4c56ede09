package dev.o3.client.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.config.ClientConfigKeys;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.om.KeyInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading keys: corrupt and dead replicas, GetBlock prefetch, replica order, seeks and buffer reads, and short-circuit
 * reads into pooled buffers.
 */
class TestKeyInputStream extends KeyStreamFixture {
    /** The pool's smallest buffer, which holds any chunk of these tests. */
    private static final int POOLED_BUFFER = 64 * 1024;

    @TempDir
    Path blockFiles;

    /**
     * A short-circuit read lands in a pooled buffer the stream holds while it reads that chunk: moving to the next
     * chunk gives it back before the next is read (so one buffer serves the whole key), closing gives back the last.
     */
    @Test
    void shortCircuitReadsReuseOneBufferPerStreamAndGiveItBackOnClose() throws IOException {
        useShortCircuitReads();
        byte[] data = random(2 * BLOCK + 3);
        write("local", data);

        try (KeyInputStream in = open("local")) {
            byte[] firstChunk = new byte[CHUNK];
            assertThat(in.readNBytes(firstChunk, 0, CHUNK)).isEqualTo(CHUNK);
            assertThat(firstChunk).isEqualTo(slice(data, 0, CHUNK));
            assertThat(clients.shortCircuitReads().buffers().idleBytes())
                    .as("the chunk in hand keeps its buffer")
                    .isZero();
            assertThat(in.readAllBytes()).isEqualTo(slice(data, CHUNK, data.length - CHUNK));
        }

        assertThat(clients.shortCircuitReads().buffers().idleBytes()).isEqualTo(POOLED_BUFFER);
        assertThat(clients.shortCircuitReads().buffers().made())
                .as("each chunk read into the buffer the one before it gave back")
                .isEqualTo(1);
        assertThat(readsAskedOf("local"))
                .as("a GetBlock per block, no chunk read through a datanode")
                .isEqualTo(3);
    }

    /** Streams read side by side each hold their own buffer: neither sees the other's bytes. */
    @Test
    void interleavedShortCircuitStreamsKeepTheirOwnBytes() throws IOException {
        useShortCircuitReads();
        byte[] first = random(BLOCK + 1);
        byte[] second = random(BLOCK + 1);
        write("first", first);
        write("second", second);

        try (KeyInputStream a = open("first");
                KeyInputStream b = open("second")) {
            for (int offset = 0; offset < first.length; offset += CHUNK) {
                int length = Math.min(CHUNK, first.length - offset);
                assertThat(a.readNBytes(length)).isEqualTo(slice(first, offset, length));
                assertThat(b.readNBytes(length)).isEqualTo(slice(second, offset, length));
            }
        }

        assertThat(clients.shortCircuitReads().buffers().idleBytes()).isEqualTo(2 * POOLED_BUFFER);
        assertThat(clients.shortCircuitReads().buffers().made()).isEqualTo(2);
    }

    /** A block file failing its checksums gives its buffer back; the chunk comes from another replica. */
    @Test
    void aCorruptBlockFileGivesItsBufferBackAndTheKeyIsReadFromAnotherReplica() throws IOException {
        useShortCircuitReads();
        byte[] data = random(2 * CHUNK + 10);
        write("corrupt", data);
        datanodes.corrupt("p1-dn1");
        datanodes.corrupt("p1-dn2");

        assertThat(read("corrupt")).isEqualTo(data);
        assertThat(clients.shortCircuitReads().buffers().idleBytes()).isEqualTo(POOLED_BUFFER);
        assertThat(clients.shortCircuitReads().buffers().made()).isEqualTo(1);
    }

    /**
     * A chunk read short-circuit is lent as a view of its pooled buffer: the stream moves past the lent bytes, and the
     * buffer goes back only when both the stream and every loan let go of it, so a later read never overwrites bytes
     * a loan still shows.
     */
    @Test
    void lentChunksKeepTheirBuffersUntilEveryLoanEnds() throws IOException {
        useShortCircuitReads();
        byte[] data = random(2 * CHUNK + 7);
        write("lent", data);

        ChunkLoan first;
        ChunkLoan second;
        try (KeyInputStream in = open("lent")) {
            first = in.lend(Integer.MAX_VALUE).orElseThrow();
            assertThat(in.position()).as("up to the end of the first chunk").isEqualTo(CHUNK);
            second = in.lend(10).orElseThrow();
            assertThat(in.position()).isEqualTo(CHUNK + 10);
            assertThat(in.readAllBytes()).isEqualTo(slice(data, CHUNK + 10, data.length - CHUNK - 10));
            assertThat(in.lend(1)).as("at the end").isEmpty();
        }

        assertThat(bytesOf(first)).isEqualTo(slice(data, 0, CHUNK));
        assertThat(bytesOf(second)).isEqualTo(slice(data, CHUNK, 10));
        assertThat(clients.shortCircuitReads().buffers().idleBytes())
                .as("the stream's last chunk is back; the two lent ones are not")
                .isEqualTo(POOLED_BUFFER);
        assertThat(clients.shortCircuitReads().buffers().made()).isEqualTo(3);
        first.close();
        first.close();
        second.close();
        assertThat(clients.shortCircuitReads().buffers().idleBytes()).isEqualTo(3 * POOLED_BUFFER);
    }

    /** Bytes read through a datanode are not in a pooled buffer: nothing is lent, and reading goes on where it was. */
    @Test
    void onlyShortCircuitChunksAreLent() throws IOException {
        byte[] data = random(CHUNK + 3);
        write("remote", data);

        try (KeyInputStream in = open("remote")) {
            in.seek(5);
            assertThat(in.lend(Integer.MAX_VALUE)).isEmpty();
            assertThat(in.position()).isEqualTo(5);
            assertThat(in.readAllBytes()).isEqualTo(slice(data, 5, data.length - 5));
        }
    }

    private static byte[] bytesOf(ChunkLoan loan) {
        byte[] bytes = new byte[loan.bytes().remaining()];
        loan.bytes().duplicate().get(bytes);
        return bytes;
    }

    /**
     * A block file once named is read again without a GetBlock; when it has gone (the replica moved) the read goes
     * through the datanode, and the next one asks for the file again.
     */
    @Test
    void aBlockFileOnceNamedIsReadAgainWithoutAskingUntilItGoesAway() throws IOException {
        useShortCircuitReads();
        byte[] data = random(CHUNK - 5);
        write("again", data);
        assertThat(read("again")).isEqualTo(data);
        int asked = readsAskedOf("again");

        assertThat(read("again")).isEqualTo(data);
        assertThat(readsAskedOf("again")).as("the file is known").isEqualTo(asked);

        try (Stream<Path> files = Files.list(blockFiles)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        assertThat(read("again")).isEqualTo(data);
        assertThat(readsAskedOf("again")).as("a ReadChunk through the datanode").isEqualTo(asked + 1);
        assertThat(read("again")).isEqualTo(data);
        assertThat(readsAskedOf("again"))
                .as("the stale file forgotten: a GetBlock")
                .isEqualTo(asked + 2);
        assertThat(read("again")).isEqualTo(data);
        assertThat(readsAskedOf("again")).as("the new file known").isEqualTo(asked + 2);
    }

    private void useShortCircuitReads() {
        useConfig(Map.of(ClientConfigKeys.READ_SHORT_CIRCUIT.name(), "true"));
        datanodes.serveBlockFiles(blockFiles);
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

    /**
     * A replica's copy of a block may hold chunks past the length the key committed for it (data the writer moved to
     * a new block after a failure): those bytes are not the key's, whose next bytes come from its next block.
     */
    @Test
    void noByteBeyondABlocksCommittedLengthIsReturned() throws IOException {
        byte[] abandoned = random(CHUNK);
        byte[] next = random(CHUNK);
        write("abandoned", abandoned);
        write("next", next);
        BlockLocation cut = om.committed("abandoned").getBlocks(0).toBuilder()
                .setLength(CHUNK / 2)
                .build();
        BlockLocation following = om.committed("next").getBlocks(0).toBuilder()
                .setOffsetInKey(CHUNK / 2)
                .build();
        KeyInfo key = om.committed("abandoned").toBuilder()
                .clearBlocks()
                .addBlocks(cut)
                .addBlocks(following)
                .setSize(CHUNK / 2 + CHUNK)
                .build();

        try (KeyInputStream in = new KeyInputStream(clients, key, () -> key)) {
            byte[] expected = new byte[CHUNK / 2 + CHUNK];
            System.arraycopy(abandoned, 0, expected, 0, CHUNK / 2);
            System.arraycopy(next, 0, expected, CHUNK / 2, CHUNK);
            assertThat(in.readAllBytes()).isEqualTo(expected);
        }
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
    void aSmallKeyReadAgainAsksNoDatanodeWhenTheClientKeepsSmallBlocks() throws IOException {
        byte[] small = random(CHUNK - 1);
        byte[] large = random(2 * CHUNK + 10);
        write("small", small);
        write("large", large);
        assertThat(read("small")).isEqualTo(small);
        assertThat(read("small")).isEqualTo(small);
        assertThat(readsAskedOf("small")).as("nothing kept by default").isEqualTo(2);

        useConfig(Map.of(ClientConfigKeys.READ_SMALL_BLOCKS_CACHE.name(), "1MB"));
        assertThat(read("small")).isEqualTo(small);
        try (KeyInputStream in = open("small")) {
            assertThat(in.readAhead(0)).succeedsWithin(Duration.ofSeconds(5));
            assertThat(in.readAllBytes()).isEqualTo(small);
        }
        assertThat(read("small")).isEqualTo(small);
        assertThat(readsAskedOf("small"))
                .as("one GetBlock, then the kept block (no read-ahead either)")
                .isEqualTo(3);

        byte[] written = random(CHUNK - 7);
        write("written", written);
        int beforeWritten = readsAskedOf("written");
        assertThat(read("written")).isEqualTo(written);
        assertThat(readsAskedOf("written"))
                .as("a small block this client wrote is kept as committed")
                .isEqualTo(beforeWritten);

        int before = readsAskedOf("large");
        assertThat(read("large")).isEqualTo(large);
        int first = readsAskedOf("large") - before;
        assertThat(read("large")).isEqualTo(large);
        assertThat(readsAskedOf("large") - before - first)
                .as("a block of several chunks is read from a datanode each time")
                .isEqualTo(first)
                .isPositive();
    }

    /** A lookup that names the block at a newer commit or a greater length than kept (an hsync'd key grew). */
    @Test
    void aKeptBlockServesNoLookupOfANewerCommitOrAGreaterLength() throws IOException {
        useConfig(Map.of(ClientConfigKeys.READ_SMALL_BLOCKS_CACHE.name(), "1MB"));
        byte[] data = random(CHUNK - 1);
        write("small", data);
        assertThat(read("small")).isEqualTo(data);
        int asked = readsAskedOf("small");
        KeyInfo committed = om.committed("small");
        BlockLocation block = committed.getBlocks(0);
        KeyInfo newer = committed.toBuilder()
                .setBlocks(
                        0,
                        block.toBuilder()
                                .setBlockId(block.getBlockId().toBuilder()
                                        .setBlockCommitSequenceId(
                                                block.getBlockId().getBlockCommitSequenceId() + 1)))
                .build();
        KeyInfo shorter = committed.toBuilder()
                .setBlocks(0, block.toBuilder().setLength(CHUNK / 2))
                .setSize(CHUNK / 2)
                .build();

        try (KeyInputStream in = new KeyInputStream(clients, newer, () -> newer)) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        assertThat(readsAskedOf("small")).as("asked again for the newer commit").isEqualTo(asked + 1);
        try (KeyInputStream in = new KeyInputStream(clients, shorter, () -> shorter)) {
            assertThat(in.readAllBytes())
                    .as("the kept block, cut at the committed length")
                    .isEqualTo(slice(data, 0, CHUNK / 2));
        }
        assertThat(readsAskedOf("small")).isEqualTo(asked + 1);
    }

    @Test
    void theFirstReadTakesTheAnswerOfTheReadAheadInsteadOfAskingAgain() throws IOException {
        byte[] data = random(CHUNK - 1);
        write("small", data);

        try (KeyInputStream in = open("small")) {
            assertThat(in.readAhead(0)).succeedsWithin(Duration.ofSeconds(5));
            assertThat(readsAskedOf("small")).isEqualTo(1);
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        assertThat(readsAskedOf("small"))
                .as("the read-ahead's GetBlock was the only request")
                .isEqualTo(1);

        try (KeyInputStream in = open("small")) {
            assertThat(in.readAhead(CHUNK / 2)).succeedsWithin(Duration.ofSeconds(5));
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        assertThat(readsAskedOf("small"))
                .as("a read elsewhere than read ahead asks for itself; the early answer is dropped")
                .isEqualTo(3);
    }

    @Test
    void aReadAheadFromADeadReplicaCompletesAndTheReadGoesToTheNextOne() throws IOException {
        byte[] data = random(CHUNK - 1);
        write("small", data);
        List<DatanodeDetails> order =
                ReplicaOrder.readOrder(om.committed("small").getBlocks(0));
        datanodes.kill(order.get(0).getUuid());

        try (KeyInputStream in = open("small")) {
            assertThat(in.readAhead(0)).as("never fails").succeedsWithin(Duration.ofSeconds(5));
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        assertThat(order)
                .extracting(replica -> datanodes.readsAsked(replica.getUuid()))
                .as("the read-ahead's failure counts for the read: the dead replica is asked once")
                .containsExactly(1, 1, 0);
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
                ReplicaOrder.readOrder(om.committed("small").getBlocks(0));
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
    void whenNoReplicaServesABlockTheStreamAsksOnceWhereItsContainerIsNow() throws IOException {
        byte[] data = random(BLOCK / 2);
        write("key", data);
        KeyInfo written = om.committed("key");
        Pipeline.Builder moved = written.getBlocks(0).getPipeline().toBuilder().clearMembers();
        for (DatanodeDetails replica : written.getBlocks(0).getPipeline().getMembersList()) {
            String copy = "moved-" + replica.getUuid();
            datanodes.copyReplica(replica.getUuid(), copy);
            datanodes.kill(replica.getUuid());
            moved.addMembers(replica.toBuilder().setUuid(copy));
        }
        KeyInfo current = written.toBuilder()
                .setBlocks(0, written.getBlocks(0).toBuilder().setPipeline(moved))
                .build();
        AtomicInteger refreshes = new AtomicInteger();

        try (KeyInputStream in = new KeyInputStream(clients, written, () -> {
            refreshes.incrementAndGet();
            return current;
        })) {
            assertThat(in.readAllBytes()).isEqualTo(data);
            assertThat(in.blocks().get(0).getPipeline()).isEqualTo(moved.build());
        }
        assertThat(refreshes)
                .as("one refresh, then the moved replicas serve the block")
                .hasValue(1);

        refreshes.set(0);
        try (KeyInputStream in = new KeyInputStream(clients, written, () -> {
            refreshes.incrementAndGet();
            return written;
        })) {
            assertThatThrownBy(in::readAllBytes)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("no replica of block");
        }
        assertThat(refreshes)
                .as("OM naming the same replicas again ends the read")
                .hasValue(1);
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
            List<DatanodeDetails> order = ReplicaOrder.readOrder(BlockLocation.newBuilder()
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
}
