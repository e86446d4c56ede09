package dev.o3.client.io;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import dev.o3.client.config.ClientConfig;
import dev.o3.client.om.OmClient;
import dev.o3.client.om.OmException;
import dev.o3.common.checksum.Crc32cChecksum;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.AllocateBlockRequest;
import dev.o3.proto.om.AllocateBlockResponse;
import dev.o3.proto.om.ExcludeList;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a key: data is cut into chunks ({@code ozone.client.stream.buffer.size}) with CRC32C checksums, sent to the
 * current block's pipeline with a window of writes in flight, and the key is committed at OM on {@link #close()}
 * with the blocks and length that the pipelines acknowledged.
 *
 * <p>When a pipeline fails, the stream excludes it, asks OM for a new block elsewhere and writes again the data the
 * failed pipeline had not committed; after {@code ozone.client.max.retries} failures {@code write} or {@code close}
 * throws and the key is not committed. A pipeline that loses one member rides it out: its Ratis client waits for the
 * new leader and the block ends there on the surviving majority; the next block goes to another pipeline if SCM has
 * one (the degraded pipeline is likely to be closed soon), else to the degraded one again. While SCM has no block to
 * give at all (it is replacing the pipelines that failed), the stream asks again for up to {@code
 * ozone.client.block.allocation.timeout}. Once the stream has failed, every further call fails at once.
 *
 * <p>{@link #hsync()} makes the data so far durable and visible while the key stays open.
 *
 * <p>The key's ETag is the MD5 of its data, which the stream computes as data passes, unless the caller
 * {@linkplain #etagFromCaller() takes it over} (the S3 gateway already hashes the body it verifies).
 *
 * <p>Memory: a chunk's buffer is reserved from the client's {@link WriteBudget} when the stream starts filling it and
 * handed to the pipeline as it is (no copy); its bytes go back to the budget once a PutBlock commits them, or on
 * {@link #abort()}. Not thread-safe: one writer.
 */
public final class KeyOutputStream extends OutputStream {
    private static final Logger LOG = LoggerFactory.getLogger(KeyOutputStream.class);
    private static final int CHUNKS_PER_PUT_BLOCK = 4;
    private static final long ALLOCATION_RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final OmClient om;
    private final DatanodeClients datanodes;
    private final KeyInfo key;
    private final long clientId;
    private final KeyCommitter committer;
    private String versionId = "";
    private final Crc32cChecksum checksum;
    private final int window;
    private final int maxRetries;
    private final Duration allocationTimeout;
    private final long blockSize;
    private final Deque<BlockLocation> preallocated;
    private final List<BlockLocation> written = new ArrayList<>();
    private final ExcludeList.Builder excludes = ExcludeList.newBuilder();
    /** Pipelines that finished a block of this key through a leader change: avoided while SCM has others. */
    private final Set<String> degraded = new LinkedHashSet<>();

    private final WriteBudget budget;
    private final int chunkSize;
    /** Null once the caller took the ETag over. */
    private MessageDigest md5;

    private byte[] chunk;
    private int chunkFill;
    private BlockWriter current;
    private long keyLength;
    private int retries;
    private boolean closed;
    private IOException failure;

    /**
     * A stream into an open key (or multipart part) whose first blocks OM pre-allocated.
     *
     * @param clientId the open-key session id from CreateKey
     * @param committer what close() calls once every block is durable
     */
    public KeyOutputStream(
            OmClient om,
            DatanodeClients datanodes,
            ClientConfig config,
            KeyInfo key,
            long clientId,
            KeyCommitter committer) {
        this.om = Objects.requireNonNull(om, "om is null");
        this.datanodes = Objects.requireNonNull(datanodes, "datanodes is null");
        this.key = Objects.requireNonNull(key, "key is null");
        this.clientId = clientId;
        this.committer = Objects.requireNonNull(committer, "committer is null");
        this.checksum = new Crc32cChecksum(config.bytesPerChecksum().toIntBytes());
        this.window = config.writeWindow();
        this.maxRetries = config.maxRetries();
        this.allocationTimeout = config.blockAllocationTimeout();
        this.blockSize = config.blockSize().bytes();
        this.preallocated = new ArrayDeque<>(key.getBlocksList());
        this.budget = datanodes.writeBudget();
        this.chunkSize = config.chunkSize().toIntBytes();
        try {
            this.md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] data, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, data.length);
        write(ByteBuffer.wrap(data, offset, length));
    }

    /**
     * Writes the buffer's remaining bytes, copying them once, straight into the chunk being filled (a direct buffer
     * from the network needs no heap copy first).
     */
    public void write(ByteBuffer data) throws IOException {
        ensureOpen();
        if (md5 != null) {
            md5.update(data.duplicate());
        }
        try {
            while (data.hasRemaining()) {
                if (chunk == null) {
                    startChunk();
                }
                int room = (int) Math.min(chunk.length - chunkFill, roomInBlock());
                int n = Math.min(room, data.remaining());
                data.get(chunk, chunkFill, n);
                chunkFill += n;
                if (chunkFill == chunkSize || roomInBlock() == 0) {
                    sendChunk();
                }
            }
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    /**
     * The caller computes the key's ETag over exactly the bytes it writes and passes it to {@link #close(String)}; the
     * stream no longer hashes the data (one MD5 per S3 PUT instead of two).
     *
     * @throws IllegalStateException when data was already written
     */
    public void etagFromCaller() {
        if (position() > 0 || closed) {
            throw new IllegalStateException("the ETag can only be taken over before the first write");
        }
        md5 = null;
    }

    /**
     * Sends the last chunk, waits until every block is committed by its pipeline and commits the key at OM.
     *
     * @throws IOException when the data could not be written after all retries; the key is then not committed
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        if (md5 == null) {
            throw new IllegalStateException("the caller took the ETag over: close(etag)");
        }
        finishAndCommit(HexFormat.of().formatHex(md5.digest()), Map.of());
    }

    /**
     * As {@link #close()}, under the caller's ETag (see {@link #etagFromCaller()}).
     *
     * @param md5Hex the hex MD5 of every byte written
     * @throws IOException when the data could not be written after all retries; the key is then not committed
     */
    public void close(String md5Hex) throws IOException {
        close(md5Hex, Map.of());
    }

    /**
     * As {@link #close(String)}, adding metadata known only now to the key (a name it already has is replaced).
     *
     * @param md5Hex the hex MD5 of every byte written
     * @param commitMetadata metadata the commit adds
     * @throws IOException when the data could not be written after all retries; the key is then not committed
     */
    public void close(String md5Hex, Map<String, String> commitMetadata) throws IOException {
        Objects.requireNonNull(md5Hex, "md5Hex is null");
        Objects.requireNonNull(commitMetadata, "commitMetadata is null");
        if (!closed) {
            finishAndCommit(md5Hex, commitMetadata);
        }
    }

    private void finishAndCommit(String md5Hex, Map<String, String> commitMetadata) throws IOException {
        if (failure != null) {
            abort();
            // A new exception: try-with-resources adds it to the one the failed write threw.
            throw new IOException("write of " + key.getName() + " failed earlier: " + failure.getMessage(), failure);
        }
        closed = true;
        try {
            if (chunkFill > 0) {
                sendLastChunk();
            }
            dropChunk();
            finishBlock();
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        versionId = committer.commit(keyLength, List.copyOf(written), md5Hex, commitMetadata);
    }

    /**
     * Makes every byte written so far durable and visible before returning (Hadoop's hsync and hflush): the chunk
     * being filled goes to the pipeline as it is, a PutBlock commits the current block through the pipeline's Raft
     * group, and OM then records the key with the blocks and length so far. The stream stays open; a reader that opens
     * the key afterwards sees at least these bytes, also when this writer never closes.
     *
     * @throws IOException when the data could not be written after all retries
     * @throws UnsupportedOperationException for a multipart part
     */
    public void hsync() throws IOException {
        ensureOpen();
        try {
            if (chunkFill > 0) {
                sendChunk();
            } else {
                dropChunk();
            }
            while (current != null) {
                try {
                    current.sync();
                    break;
                } catch (CompletionException e) {
                    recover(e);
                }
            }
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        List<BlockLocation> blocks = new ArrayList<>(written);
        if (current != null) {
            blocks.add(withLength(current.location(), current.length()));
        }
        committer.sync(keyLength, blocks);
    }

    /** The version id the commit made in a versioned bucket ("null" when versioning is suspended), else empty. */
    public String versionId() {
        return versionId;
    }

    /**
     * Stops without committing: nothing becomes visible, and OM's open-key cleanup frees the blocks written so far.
     */
    public void abort() {
        closed = true;
        dropChunk();
        if (current != null) {
            current.discard();
            current = null;
        }
    }

    /** Bytes the stream currently buffers room for (tests: a small key never holds a whole chunk). */
    int bufferCapacity() {
        return chunk == null ? 0 : chunk.length;
    }

    /** Bytes of the key written so far. */
    public long position() {
        return keyLength + chunkFill;
    }

    private long roomInBlock() {
        return blockSize - (current == null ? 0 : current.length()) - chunkFill;
    }

    /**
     * Reserves the next chunk's buffer. While the budget is used up, this stream first waits for its own writes in
     * flight, whose commits give bytes back; only a stream that keeps nothing waits for the others. So every stream
     * that waits holds nothing the others need, and all reserved bytes come back without further input.
     */
    private void startChunk() throws IOException {
        int size = nextChunkSize();
        while (!budget.tryReserve(size)) {
            if (!awaitOwnWrite()) {
                budget.reserve(size);
                break;
            }
        }
        chunk = new byte[size];
    }

    /**
     * A full chunk, or less when the key declared its size and fewer bytes remain: a 4 KB object takes 4 KB of the
     * budget and the heap, not a whole chunk. A writer that goes past its declared size gets full chunks again.
     */
    private int nextChunkSize() {
        long remaining = key.getSize() - keyLength;
        return remaining > 0 && remaining < chunkSize ? (int) remaining : chunkSize;
    }

    private boolean awaitOwnWrite() throws IOException {
        if (current == null) {
            return false;
        }
        try {
            return current.awaitOldest();
        } catch (CompletionException e) {
            recover(e);
            return true;
        }
    }

    /** Gives back the buffer of the chunk being filled, if any; its data is dropped. */
    private void dropChunk() {
        if (chunk != null) {
            chunkFill = 0;
            budget.release(chunk.length);
            chunk = null;
        }
    }

    private void sendChunk() throws IOException {
        ByteString data = takeChunk();
        try {
            current.writeChunk(data);
        } catch (CompletionException e) {
            recover(e);
        }
        if (current.length() >= blockSize) {
            finishBlock();
        }
    }

    /** The key's last chunk goes out with its block's final PutBlock: one pipeline transaction for a small key. */
    private void sendLastChunk() throws IOException {
        ByteString data = takeChunk();
        try {
            current.finish(data);
            datanodes.smallBlocks().offer(current.block(), data);
            written.add(withLength(current.location(), current.length()));
            current = null;
        } catch (CompletionException e) {
            recover(e);
        }
    }

    /**
     * The filled chunk's bytes, now owed to the current block (opened if needed); a full buffer goes out as it is (no
     * copy), a partial one gives the rest of its reservation back.
     */
    private ByteString takeChunk() throws IOException {
        ByteString data;
        if (chunkFill == chunk.length) {
            data = UnsafeByteOperations.unsafeWrap(chunk);
        } else {
            data = ByteString.copyFrom(chunk, 0, chunkFill);
            budget.release(chunk.length - chunkFill);
        }
        chunk = null;
        chunkFill = 0;
        keyLength += data.size();
        if (current == null) {
            current = newBlockWriter();
        }
        return data;
    }

    private void finishBlock() throws IOException {
        while (current != null) {
            try {
                current.finish();
                noteDegraded(current);
                written.add(withLength(current.location(), current.length()));
                current = null;
            } catch (CompletionException e) {
                recover(e);
            }
        }
    }

    /** Moves the data the failed pipeline did not commit to a new block; loops while new blocks fail too. */
    private void recover(CompletionException failure) throws IOException {
        List<ByteString> notRewritten = List.of();
        while (true) {
            BlockWriter failed = current;
            List<ByteString> lost = new ArrayList<>(failed.uncommittedData());
            lost.addAll(notRewritten);
            if (failed.committedLength() > 0) {
                written.add(withLength(failed.location(), failed.committedLength()));
            }
            exclude(failed.location(), failure);
            if (++retries > maxRetries) {
                lost.forEach(data -> budget.release(data.size()));
                throw new IOException(
                        "write of " + key.getName() + " failed after " + maxRetries + " retries: "
                                + rootMessage(failure),
                        failure);
            }
            LOG.warn(
                    "{}/{}/{}: pipeline {} failed ({}); rewriting {} chunks on a new block",
                    key.getVolume(),
                    key.getBucket(),
                    key.getName(),
                    failed.location().getPipeline().getId(),
                    rootMessage(failure),
                    lost.size());
            try {
                current = newBlockWriter();
            } catch (IOException e) {
                lost.forEach(data -> budget.release(data.size()));
                throw e;
            }
            int rewritten = 0;
            try {
                for (ByteString data : lost) {
                    rewritten++;
                    current.writeChunk(data);
                }
                return;
            } catch (CompletionException e) {
                // The chunk that failed is kept by the new block; the ones after it were never sent there.
                notRewritten = List.copyOf(lost.subList(rewritten, lost.size()));
                failure = e;
            }
        }
    }

    /**
     * A closed container only rules out that container (SCM closes full containers while writers are still in
     * flight), and so does a refused block token (it expired during a long write; the new block comes with a fresh
     * one); anything else rules out the whole pipeline for this key. The pipeline's shared connection stays open:
     * other writers may still be using it, and Ratis reconnects by itself.
     */
    private void exclude(BlockLocation location, Throwable failure) {
        if (isContainerScoped(failure)) {
            excludes.addContainerIds(location.getBlockId().getContainerId());
        } else {
            excludes.addPipelineIds(location.getPipeline().getId());
        }
    }

    private static boolean isContainerScoped(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ContainerCommandException command
                    && (command.result() == ContainerResult.CONTAINER_NOT_OPEN
                            || command.result() == ContainerResult.BLOCK_TOKEN_VERIFICATION_FAILED)) {
                return true;
            }
        }
        return false;
    }

    /** Remembers the block's pipeline as degraded when its leader changed while the block was written. */
    private void noteDegraded(BlockWriter finished) {
        String pipelineId = finished.location().getPipeline().getId();
        if (finished.leaderChanged() && degraded.add(pipelineId)) {
            LOG.info(
                    "{}/{}/{}: pipeline {} changed leader; the next block goes elsewhere if SCM has another pipeline",
                    key.getVolume(),
                    key.getBucket(),
                    key.getName(),
                    pipelineId);
        }
    }

    private BlockWriter newBlockWriter() throws IOException {
        BlockLocation location = preallocated.isEmpty() || excluded(preallocated.peekFirst())
                ? allocateBlock()
                : preallocated.removeFirst();
        return new BlockWriter(
                location, datanodes.pipeline(location.getPipeline()), checksum, window, CHUNKS_PER_PUT_BLOCK, budget);
    }

    private boolean excluded(BlockLocation location) {
        return excludes.getPipelineIdsList().contains(location.getPipeline().getId())
                || degraded.contains(location.getPipeline().getId())
                || excludes.getContainerIdsList().contains(location.getBlockId().getContainerId());
    }

    /**
     * Asks OM for a new block outside the excluded and degraded pipelines. When SCM has none, the degraded ones are
     * allowed again (they still commit on a majority); when it has none at all, the stream asks again every second
     * until the allocation timeout, as SCM closes failed pipelines and opens new ones from healthy datanodes.
     */
    private BlockLocation allocateBlock() throws IOException {
        preallocated.clear();
        long deadline = System.nanoTime() + allocationTimeout.toNanos();
        boolean refusedBefore = false;
        while (true) {
            AllocateBlockRequest request = AllocateBlockRequest.newBuilder()
                    .setVolume(key.getVolume())
                    .setBucket(key.getBucket())
                    .setName(key.getName())
                    .setClientId(clientId)
                    .setExclude(excludes.clone().addAllPipelineIds(degraded))
                    .build();
            try {
                return om.call("AllocateBlock", stub -> stub.allocateBlock(request), AllocateBlockResponse::getError)
                        .getBlock();
            } catch (OmException e) {
                if (e.status() != OmStatus.SCM_UNAVAILABLE) {
                    throw e;
                }
                if (!degraded.isEmpty()) {
                    degraded.clear();
                    continue;
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new IOException(
                            "write of " + key.getName() + " failed: SCM had no block to give for "
                                    + allocationTimeout.toSeconds() + "s (" + e.getMessage() + ")",
                            e);
                }
                if (!refusedBefore) {
                    refusedBefore = true;
                    LOG.warn(
                            "{}/{}/{}: no new block yet ({}); asking again for up to {}s",
                            key.getVolume(),
                            key.getBucket(),
                            key.getName(),
                            e.getMessage(),
                            allocationTimeout.toSeconds());
                }
                LockSupport.parkNanos(ALLOCATION_RETRY_NANOS);
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedIOException("write of " + key.getName() + " interrupted");
                }
            }
        }
    }

    private BlockLocation withLength(BlockLocation location, long length) {
        long offset = written.stream().mapToLong(BlockLocation::getLength).sum();
        return location.toBuilder().setLength(length).setOffsetInKey(offset).build();
    }

    private void ensureOpen() throws IOException {
        if (failure != null) {
            throw new IOException("write of " + key.getName() + " failed earlier: " + failure.getMessage(), failure);
        }
        if (closed) {
            throw new IOException("stream of " + key.getName() + " is closed");
        }
    }

    private static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }
}
