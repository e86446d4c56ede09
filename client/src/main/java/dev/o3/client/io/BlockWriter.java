package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.common.checksum.Crc32cChecksum;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ChecksumData;
import dev.o3.proto.hdds.ChecksumType;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes one block to its pipeline: chunks go out asynchronously with at most {@code window} operations in flight,
 * and a PutBlock every {@code chunksPerPutBlock} chunks makes the data written so far durable and part of the block.
 * Chunks are kept until a PutBlock that covers them succeeds, so that after a failure exactly the data the pipeline
 * did not commit can be written again elsewhere ({@link #uncommittedData()}). The kept chunks' bytes belong to the
 * client's {@link WriteBudget}: they go back to it when a PutBlock commits them or the block is
 * {@linkplain #discard() discarded}; chunks handed out by {@link #uncommittedData()} pass to the caller.
 *
 * <p>Not thread-safe: owned by one {@link KeyOutputStream}.
 */
final class BlockWriter {
    private static final long SETTLE_SECONDS = 60;

    private final BlockLocation location;
    private final PipelineChannel channel;
    private final Crc32cChecksum checksum;
    private final int window;
    private final int chunksPerPutBlock;
    private final WriteBudget budget;
    private final Optional<String> firstLeader;
    private final List<ChunkInfo> chunks = new ArrayList<>();
    private final List<ByteString> uncommitted = new ArrayList<>();
    private final List<CompletableFuture<?>> chunkWrites = new ArrayList<>();
    private final Deque<CompletableFuture<?>> inFlight = new ArrayDeque<>();
    private final Deque<PendingPut> pendingPuts = new ArrayDeque<>();
    private long length;
    private int committedChunks;
    private long committedLength;

    private record PendingPut(CompletableFuture<Long> future, int chunkCount, long length) {}

    BlockWriter(
            BlockLocation location,
            PipelineChannel channel,
            Crc32cChecksum checksum,
            int window,
            int chunksPerPutBlock,
            WriteBudget budget) {
        this.location = location;
        this.channel = channel;
        this.checksum = checksum;
        this.window = window;
        this.chunksPerPutBlock = chunksPerPutBlock;
        this.budget = budget;
        this.firstLeader = channel.leaderId();
    }

    BlockLocation location() {
        return location;
    }

    long length() {
        return length;
    }

    /**
     * Whether the pipeline's leader changed since this block started: the pipeline lost a member (or its leader moved)
     * and may soon be closed by SCM, though it still commits on a majority.
     */
    boolean leaderChanged() {
        return !channel.leaderId().equals(firstLeader);
    }

    /** Sends one chunk; may wait for the oldest operation when the window is full. */
    void writeChunk(ByteString data) {
        ChunkInfo chunk = chunkInfo(data);
        CompletableFuture<Void> write = channel.writeChunk(location.getBlockId(), chunk, data, location.getToken());
        chunks.add(chunk);
        uncommitted.add(data);
        chunkWrites.add(write);
        length += data.size();
        track(write);
        if (chunks.size() % chunksPerPutBlock == 0) {
            putBlock(false);
        }
    }

    /**
     * Lets the oldest operation in flight finish so that the chunks it commits go back to the budget; first sends a
     * PutBlock for chunks no PutBlock covers yet, so that everything kept can come back without more data.
     *
     * @return false when this block keeps no chunks, so waiting here would free nothing
     * @throws CompletionException when the pipeline failed
     */
    boolean awaitOldest() {
        if (uncommitted.isEmpty()) {
            return false;
        }
        int covered =
                pendingPuts.isEmpty() ? committedChunks : pendingPuts.peekLast().chunkCount();
        if (covered < chunks.size()) {
            putBlock(false);
        }
        if (inFlight.isEmpty()) {
            return false;
        }
        inFlight.removeFirst().join();
        releaseCommitted();
        return true;
    }

    /** Gives the kept chunks back to the budget: the block is abandoned. */
    void discard() {
        release(uncommitted);
        uncommitted.clear();
    }

    /**
     * Sends the block's last chunk together with the final PutBlock, one pipeline transaction instead of two (a small
     * key is one chunk), and waits as {@link #finish()} does.
     *
     * @throws CompletionException when the pipeline failed
     */
    void finish(ByteString lastChunk) {
        ChunkInfo chunk = chunkInfo(lastChunk);
        chunks.add(chunk);
        uncommitted.add(lastChunk);
        length += lastChunk.size();
        CompletableFuture<Long> put = channel.writeLastChunk(chunk, lastChunk, block(), location.getToken());
        chunkWrites.add(put);
        pendingPuts.addLast(new PendingPut(put, chunks.size(), length));
        track(put);
        awaitAll();
    }

    private ChunkInfo chunkInfo(ByteString data) {
        return ChunkInfo.newBuilder()
                .setChunkName(location.getBlockId().getLocalId() + "_chunk_" + (chunks.size() + 1))
                .setOffset(length)
                .setLength(data.size())
                .setChecksum(ChecksumData.newBuilder()
                        .setType(ChecksumType.CRC32C)
                        .setBytesPerChecksum(checksum.bytesPerChecksum())
                        .addAllChecksums(Arrays.stream(checksum.compute(data.asReadOnlyByteBuffer()))
                                .boxed()
                                .toList()))
                .build();
    }

    /**
     * Commits every chunk written so far and waits until the pipeline has applied all of it.
     *
     * @throws CompletionException when the pipeline failed
     */
    void finish() {
        putBlock(true);
        awaitAll();
    }

    /**
     * Commits every chunk written so far with a PutBlock and waits until the pipeline has applied all of it; the block
     * stays open for more chunks.
     *
     * @throws CompletionException when the pipeline failed
     */
    void sync() {
        putBlock(false);
        awaitAll();
    }

    private void awaitAll() {
        while (!inFlight.isEmpty()) {
            inFlight.removeFirst().join();
            releaseCommitted();
        }
        releaseCommitted();
    }

    /**
     * After a failure: waits for every operation to settle, then returns the chunks the pipeline did not durably
     * commit, in order. {@link #committedLength()} is then the block's final, durable length.
     */
    List<ByteString> uncommittedData() {
        for (CompletableFuture<?> operation : inFlight) {
            settle(operation);
        }
        inFlight.clear();
        int durable = committedChunks;
        for (PendingPut put : pendingPuts) {
            if (succeeded(put.future()) && allWritesSucceeded(put.chunkCount())) {
                durable = put.chunkCount();
                committedLength = put.length();
            }
        }
        pendingPuts.clear();
        List<ByteString> nowDurable = uncommitted.subList(0, durable - committedChunks);
        release(nowDurable);
        nowDurable.clear();
        List<ByteString> lost = new ArrayList<>(uncommitted);
        uncommitted.clear();
        committedChunks = durable;
        return lost;
    }

    /** The length covered by the last successful PutBlock. */
    long committedLength() {
        return committedLength;
    }

    /** The block as its next or last PutBlock describes it: every chunk sent so far. */
    BlockData block() {
        return BlockData.newBuilder()
                .setBlockId(location.getBlockId())
                .addAllChunks(chunks)
                .setSize(length)
                .build();
    }

    private void putBlock(boolean eof) {
        CompletableFuture<Long> put = channel.putBlock(block(), eof, location.getToken());
        pendingPuts.addLast(new PendingPut(put, chunks.size(), length));
        track(put);
    }

    private void track(CompletableFuture<?> operation) {
        inFlight.addLast(operation);
        while (inFlight.size() > window) {
            inFlight.removeFirst().join();
        }
        releaseCommitted();
    }

    private void releaseCommitted() {
        while (!pendingPuts.isEmpty() && pendingPuts.peekFirst().future().isDone()) {
            PendingPut put = pendingPuts.peekFirst();
            if (!succeeded(put.future())) {
                return;
            }
            pendingPuts.removeFirst();
            List<ByteString> committed = uncommitted.subList(0, put.chunkCount() - committedChunks);
            release(committed);
            committed.clear();
            committedChunks = put.chunkCount();
            committedLength = put.length();
        }
    }

    private void release(List<ByteString> dropped) {
        for (ByteString data : dropped) {
            budget.release(data.size());
        }
    }

    private boolean allWritesSucceeded(int chunkCount) {
        return chunkWrites.subList(0, chunkCount).stream().allMatch(BlockWriter::succeeded);
    }

    private static boolean succeeded(CompletableFuture<?> future) {
        return future.isDone() && !future.isCompletedExceptionally();
    }

    private static void settle(CompletableFuture<?> operation) {
        try {
            operation.get(SETTLE_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            operation.cancel(true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            operation.cancel(true);
        }
    }
}
