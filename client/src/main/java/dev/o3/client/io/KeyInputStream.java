package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.checksum.Crc32cChecksum;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.container.ReadChunkResponse;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.om.KeyInfo;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a committed key: sequential reads, {@link #seek(long)} and positioned reads. Each chunk is fetched whole from
 * one replica and every CRC32C is checked before a byte is returned; on an error or a mismatch the next replica of the
 * block is tried; when none serves good data the stream asks OM once where the block's container is now (its replicas
 * move with re-replication and decommission) and tries those, and only then fails. The first read of a block is one
 * round trip: its GetBlock also brings the chunks of the next chunk-size bytes, and only the block's further chunks
 * cost a ReadChunk each. Which replica is tried first depends on the block, so the reads of many keys spread over all
 * of a pipeline's datanodes; with {@link ShortCircuitReads} on, replicas on this host come first and their chunks are
 * read from the block file the GetBlock names, falling back to a ReadChunk from the same datanode when the file fails
 * (which lets the datanode see a corruption itself). No byte past a block's committed length is returned, whatever
 * a replica holds beyond it. Not thread-safe.
 */
public final class KeyInputStream extends InputStream {
    private static final Logger LOG = LoggerFactory.getLogger(KeyInputStream.class);

    private final DatanodeClients datanodes;
    private final KeyInfo key;
    private final LocationRefresher refresher;
    /** The key's blocks; a block's replicas are replaced when OM names others after none could be read. */
    private final List<BlockLocation> blocks;

    private final Map<Long, BlockData> blockData = new HashMap<>();
    /** Chunk data the latest GetBlock brought, by offset in the key; each is used once, instead of a ReadChunk. */
    private final Map<Long, ByteString> prefetched = new HashMap<>();
    /** Block files datanodes named for short-circuit reads, by block id; each goes with the block's cached data. */
    private final Map<Long, LocalFile> blockFiles = new HashMap<>();
    /** Datanodes a read of this stream failed on; tried last from then on. */
    private final Set<String> failedReplicas = new HashSet<>();
    /** A GetBlock {@link #readAhead} sent before the first read, until a read takes it. */
    private EarlyBlock early;

    private long position;
    private long bufferStart = -1;
    private ByteString buffer = ByteString.EMPTY;
    /** The pooled buffer {@link #buffer} is a view of, when its chunk was read from a block file. */
    private ShortCircuitReads.LocalChunk local;

    private boolean closed;

    /**
     * @param refresher asked for the key again, with its containers' current replicas, when none of a block's
     *     replicas could serve it
     */
    public KeyInputStream(DatanodeClients datanodes, KeyInfo key, LocationRefresher refresher) {
        this.datanodes = Objects.requireNonNull(datanodes, "datanodes is null");
        this.key = Objects.requireNonNull(key, "key is null");
        this.refresher = Objects.requireNonNull(refresher, "refresher is null");
        this.blocks = new ArrayList<>(key.getBlocksList());
    }

    /**
     * A stream over the key {@code lookup} finds that, when the key is at most one chunk, has already sent the GetBlock
     * of its first read ({@link #readAhead}(0)) from the thread the lookup's answer arrived on; returns when that
     * answer is in too, so a small key's first read waits for no further hand-off.
     *
     * @throws RuntimeException the lookup's failure, as it failed (an OM error, for one)
     */
    public static KeyInputStream openReadingAhead(
            DatanodeClients datanodes, CompletableFuture<KeyInfo> lookup, LocationRefresher refresher) {
        long chunkSize = datanodes.config().chunkSize().bytes();
        try {
            return lookup.thenCompose(key -> {
                        KeyInputStream in = new KeyInputStream(datanodes, key, refresher);
                        return key.getSize() <= chunkSize
                                ? in.readAhead(0).thenApply(ignored -> in)
                                : CompletableFuture.completedFuture(in);
                    })
                    .join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }

    /** Where the key's data lives: its blocks in key order, each with the replicas this stream reads it from. */
    public List<BlockLocation> blocks() {
        return List.copyOf(blocks);
    }

    /**
     * Sends now, without waiting, the GetBlock a first read at {@code at} would send (to the replica it would try
     * first), unless that read needs none; the read then takes its answer. A caller that opens a key on the thread the
     * lookup's answer arrives on, and waits for the returned future, thus has one hand-off fewer before the data is
     * in. The future completes when the answer is in, never exceptionally: a failed answer is that replica's failure
     * for the read, which goes on to the next replica as if it had asked itself.
     */
    public CompletableFuture<Void> readAhead(long at) {
        if (at < 0 || at >= key.getSize()) {
            return CompletableFuture.completedFuture(null);
        }
        try {
            BlockLocation block = blockAt(at);
            List<DatanodeDetails> replicas = inPreferenceOrder(block);
            if (replicas.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            DatanodeDetails replica = replicas.get(0);
            ShortCircuitReads shortCircuit = datanodes.shortCircuitReads();
            boolean local = shortCircuit.wanted(replica);
            if (local
                    && shortCircuit
                            .knownBlocks()
                            .get(replica, block.getBlockId())
                            .isPresent()) {
                return CompletableFuture.completedFuture(null);
            }
            long inBlock = at - block.getOffsetInKey();
            CompletableFuture<GetBlockResponse> response = datanodes
                    .replica(replica)
                    .getBlockAsync(
                            block.getBlockId(),
                            block.getToken(),
                            inBlock,
                            datanodes.config().chunkSize().bytes(),
                            local);
            early = new EarlyBlock(block.getBlockId().getLocalId(), replica.getUuid(), inBlock, response);
            return response.handle((answer, failure) -> null);
        } catch (IOException | RuntimeException e) {
            LOG.debug("{}: no read-ahead at {}", key.getName(), at, e);
            return CompletableFuture.completedFuture(null);
        }
    }

    /** The key version this stream reads, as OM returned it when the stream was opened. */
    public KeyInfo keyInfo() {
        return key;
    }

    /** Length of the key. */
    public long length() {
        return key.getSize();
    }

    public long position() {
        return position;
    }

    /**
     * Moves the read position.
     *
     * @throws EOFException when {@code newPosition} is negative or beyond the end
     */
    public void seek(long newPosition) throws EOFException {
        if (newPosition < 0 || newPosition > key.getSize()) {
            throw new EOFException(
                    "cannot seek to " + newPosition + " in " + key.getName() + " of length " + key.getSize());
        }
        position = newPosition;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        int n = read(position, target, offset, length);
        if (n > 0) {
            position += n;
        }
        return n;
    }

    /** Reads at {@code at} without moving the stream's position; -1 at the end of the key. */
    public int read(long at, byte[] target, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, target.length);
        ByteString data = dataAt(at, length);
        if (data == null) {
            return -1;
        }
        data.copyTo(target, offset);
        return data.size();
    }

    /**
     * Reads into {@code target} from the current position, up to the end of the chunk it is in: the bytes are copied
     * once, straight from the verified chunk into the buffer (a direct buffer needs no heap copy in between).
     *
     * @return the bytes read, 0 when {@code target} is full, -1 at the end of the key
     */
    public int read(ByteBuffer target) throws IOException {
        ByteString data = dataAt(position, target.remaining());
        if (data == null) {
            return -1;
        }
        data.copyTo(target);
        position += data.size();
        return data.size();
    }

    /**
     * Lends up to {@code max} bytes at the current position without copying them and moves past them, when the chunk
     * holding them was read from a block file into a pooled direct buffer (a short-circuit read). The loan's view stays
     * valid until the loan is closed, on any thread, even after the stream moved on or was closed. Empty when the
     * bytes there are not in such a buffer (read them instead) or at the end of the key.
     */
    public Optional<Loan> lend(int max) throws IOException {
        ByteString data = dataAt(position, max);
        if (data == null || data.isEmpty() || local == null) {
            return Optional.empty();
        }
        Loan loan = new Loan(local, (int) (position - bufferStart), data.size());
        position += data.size();
        return Optional.of(loan);
    }

    /** At most {@code length} bytes at {@code at}, from the chunk holding it; null at the end of the key. */
    private ByteString dataAt(long at, int length) throws IOException {
        ensureOpen();
        if (length == 0) {
            return ByteString.EMPTY;
        }
        if (at >= key.getSize()) {
            return null;
        }
        if (at < bufferStart || at >= bufferStart + buffer.size()) {
            loadChunkAt(at);
        }
        int skip = (int) (at - bufferStart);
        return buffer.substring(skip, skip + Math.min(length, buffer.size() - skip));
    }

    @Override
    public long skip(long n) throws IOException {
        long target = Math.min(key.getSize(), position + Math.max(0, n));
        long skipped = target - position;
        seek(target);
        return skipped;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, key.getSize() - position);
    }

    @Override
    public void close() {
        closed = true;
        dropBuffer();
        prefetched.clear();
        blockFiles.clear();
    }

    /**
     * Every chunk of the key in key order (each block's sorted by offset), with its checksums, as a replica's GetBlock
     * lists them; no chunk data is read (a file checksum is composed from these).
     *
     * @throws IOException when no replica of a block answers
     */
    public List<ChunkInfo> chunks() throws IOException {
        List<ChunkInfo> chunks = new ArrayList<>();
        for (BlockLocation block : List.copyOf(blocks)) {
            chunks.addAll(chunksOf(block));
        }
        return chunks;
    }

    private List<ChunkInfo> chunksOf(BlockLocation block) throws IOException {
        IOException error =
                new IOException("no replica of block " + block.getBlockId().getContainerId() + "/"
                        + block.getBlockId().getLocalId() + " of " + key.getName() + " listed its chunks");
        for (DatanodeDetails replica : inPreferenceOrder(block)) {
            try {
                List<ChunkInfo> chunks = new ArrayList<>(datanodes
                        .replica(replica)
                        .getBlock(block.getBlockId(), block.getToken(), 0, 0, false)
                        .getBlock()
                        .getChunksList());
                chunks.sort(Comparator.comparingLong(ChunkInfo::getOffset));
                return chunks;
            } catch (IOException e) {
                error.addSuppressed(e);
            }
        }
        throw error;
    }

    private void loadChunkAt(long at) throws IOException {
        dropBuffer();
        BlockLocation block = blockAt(at);
        List<IOException> failures = new ArrayList<>();
        if (loadChunkFrom(block, at, failures)) {
            return;
        }
        // The replicas may have moved (re-replication, decommission): ask OM where the container is now, once.
        Optional<BlockLocation> moved = refreshed(block);
        if (moved.isPresent() && loadChunkFrom(moved.get(), at, failures)) {
            return;
        }
        IOException error =
                new IOException("no replica of block " + block.getBlockId().getContainerId() + "/"
                        + block.getBlockId().getLocalId() + " of " + key.getName() + " could be read");
        failures.forEach(error::addSuppressed);
        throw error;
    }

    /** Loads the chunk at {@code at} from one of the block's replicas; false, failures added, if none could. */
    private boolean loadChunkFrom(BlockLocation block, long at, List<IOException> failures) {
        long inBlock = at - block.getOffsetInKey();
        for (DatanodeDetails replica : inPreferenceOrder(block)) {
            try {
                ReplicaChannel channel = datanodes.replica(replica);
                ChunkInfo chunk = chunkAt(blockData(block, replica, channel, inBlock), inBlock);
                long chunkStart = block.getOffsetInKey() + chunk.getOffset();
                ByteString bytes;
                local = readLocally(block, replica, chunk);
                if (local != null) {
                    bytes = local.bytes();
                } else {
                    bytes = prefetched.remove(chunkStart);
                    if (bytes == null) {
                        bytes = channel.readChunk(block.getBlockId(), chunk, block.getToken());
                    }
                    verify(chunk, bytes);
                }
                buffer = withinBlock(block, chunkStart, bytes);
                bufferStart = chunkStart;
                return true;
            } catch (IOException e) {
                LOG.warn(
                        "{}: read of block {} from {} failed, trying the next replica: {}",
                        key.getName(),
                        block.getBlockId().getLocalId(),
                        replica.getUuid(),
                        e.getMessage());
                blockData.remove(block.getBlockId().getLocalId());
                blockFiles.remove(block.getBlockId().getLocalId());
                prefetched.clear();
                failedReplicas.add(replica.getUuid());
                failures.add(e);
            }
        }
        return false;
    }

    /** Forgets the chunk in hand, and only then gives back the pooled buffer its bytes may be a view of. */
    private void dropBuffer() {
        buffer = ByteString.EMPTY;
        bufferStart = -1;
        if (local != null) {
            local.close();
            local = null;
        }
    }

    /**
     * The part of a verified chunk that lies within the block's committed length: bytes a replica holds past it (a
     * chunk the writer gave up on) are not the key's, whose next bytes are in its next block.
     */
    private static ByteString withinBlock(BlockLocation block, long chunkStart, ByteString chunk) {
        long inBlock = block.getOffsetInKey() + block.getLength() - chunkStart;
        return inBlock < chunk.size() ? chunk.substring(0, (int) inBlock) : chunk;
    }

    /**
     * The block with the replicas OM names for it now, if they differ from those tried; the stream reads from them
     * from then on. Empty when OM names no others, or the key was replaced meanwhile (its blocks are gone).
     */
    private Optional<BlockLocation> refreshed(BlockLocation block) {
        KeyInfo current;
        try {
            current = refresher.refresh();
        } catch (IOException | RuntimeException e) {
            LOG.warn("{}: asking OM for the current replicas failed: {}", key.getName(), e.toString());
            return Optional.empty();
        }
        Set<String> tried = uuids(block);
        for (BlockLocation candidate : current.getBlocksList()) {
            if (candidate.getBlockId().getContainerId() == block.getBlockId().getContainerId()
                    && candidate.getBlockId().getLocalId() == block.getBlockId().getLocalId()
                    && candidate.getOffsetInKey() == block.getOffsetInKey()
                    && !uuids(candidate).equals(tried)) {
                BlockLocation moved = block.toBuilder()
                        .setPipeline(candidate.getPipeline())
                        .setToken(candidate.getToken())
                        .build();
                blocks.set(blocks.indexOf(block), moved);
                LOG.info(
                        "{}: block {} is now read from {}",
                        key.getName(),
                        block.getBlockId().getLocalId(),
                        uuids(moved));
                return Optional.of(moved);
            }
        }
        return Optional.empty();
    }

    private static Set<String> uuids(BlockLocation block) {
        Set<String> uuids = new HashSet<>();
        block.getPipeline().getMembersList().forEach(member -> uuids.add(member.getUuid()));
        return uuids;
    }

    /**
     * The chunk's verified data from the block file the replica named, in a pooled buffer the stream gives back when
     * it moves on ({@link #dropBuffer}), or null when it named none or the file did not serve good data (the caller
     * then asks the datanode).
     */
    private ShortCircuitReads.LocalChunk readLocally(BlockLocation block, DatanodeDetails replica, ChunkInfo chunk) {
        LocalFile file = blockFiles.get(block.getBlockId().getLocalId());
        if (file == null || !file.datanode().equals(replica.getUuid())) {
            return null;
        }
        try {
            ShortCircuitReads.LocalChunk read = datanodes.shortCircuitReads().read(replica, file.path(), chunk);
            try {
                verify(chunk, read.bytes());
            } catch (IOException e) {
                read.close();
                throw e;
            }
            return read;
        } catch (IOException e) {
            LOG.warn(
                    "{}: short-circuit read of block {} on {} failed, reading through the datanode: {}",
                    key.getName(),
                    block.getBlockId().getLocalId(),
                    replica.getUuid(),
                    e.getMessage());
            blockFiles.remove(block.getBlockId().getLocalId());
            datanodes.shortCircuitReads().knownBlocks().forget(replica, block.getBlockId());
            return null;
        }
    }

    /**
     * The block's replicas in {@link #replicasInReadOrder} order, with those that failed earlier in this stream moved
     * last, so a datanode that died or hangs costs this stream one timeout, not one per block; then those this client
     * reads short-circuit first. Stable otherwise.
     */
    private List<DatanodeDetails> inPreferenceOrder(BlockLocation block) {
        List<DatanodeDetails> ordered = new ArrayList<>(replicasInReadOrder(block));
        ordered.sort(Comparator.comparing((DatanodeDetails member) -> failedReplicas.contains(member.getUuid()))
                .thenComparing(member -> !datanodes.shortCircuitReads().wanted(member)));
        return ordered;
    }

    /**
     * The block's replicas in the order a new stream tries them, starting at one picked by the block id: readers of
     * many blocks spread over every replica instead of all queueing at the pipeline's first member.
     */
    public static List<DatanodeDetails> replicasInReadOrder(BlockLocation block) {
        List<DatanodeDetails> members = block.getPipeline().getMembersList();
        if (members.size() < 2) {
            return members;
        }
        int first = Math.floorMod(Long.hashCode(block.getBlockId().getLocalId()), members.size());
        List<DatanodeDetails> ordered = new ArrayList<>(members.subList(first, members.size()));
        ordered.addAll(members.subList(0, first));
        return ordered;
    }

    private BlockLocation blockAt(long at) throws IOException {
        for (BlockLocation block : blocks) {
            if (at >= block.getOffsetInKey() && at < block.getOffsetInKey() + block.getLength()) {
                return block;
            }
        }
        throw new IOException("key " + key.getName() + " has no block at offset " + at);
    }

    /**
     * The block's chunk list. Fetching it also asks for the data of the chunks of the next chunk-size bytes from
     * {@code inBlock} on, what this stream reads next anyway, so the first read of a block needs no ReadChunk; a
     * replica on this host is asked for its block file instead, when short-circuit reads are on, and a block file
     * this client was already given ({@link LocalBlockCache}) needs no GetBlock at all.
     */
    private BlockData blockData(BlockLocation block, DatanodeDetails replica, ReplicaChannel channel, long inBlock)
            throws IOException {
        long localId = block.getBlockId().getLocalId();
        BlockData cached = blockData.get(localId);
        if (cached != null) {
            return cached;
        }
        ShortCircuitReads shortCircuit = datanodes.shortCircuitReads();
        boolean local = shortCircuit.wanted(replica);
        Optional<LocalBlockCache.LocalBlock> known =
                local ? shortCircuit.knownBlocks().get(replica, block.getBlockId()) : Optional.empty();
        if (known.isPresent()) {
            blockFiles.put(localId, new LocalFile(replica.getUuid(), known.get().path()));
            blockData.put(localId, known.get().data());
            return known.get().data();
        }
        GetBlockResponse response = takeEarly(localId, replica, inBlock);
        if (response == null) {
            response = channel.getBlock(
                    block.getBlockId(),
                    block.getToken(),
                    inBlock,
                    datanodes.config().chunkSize().bytes(),
                    local);
        }
        prefetched.clear();
        checkServes(block, replica, response.getBlock());
        if (response.getBlockFile().isEmpty()) {
            blockFiles.remove(localId);
        } else {
            blockFiles.put(localId, new LocalFile(replica.getUuid(), response.getBlockFile()));
            shortCircuit.knownBlocks().put(replica, response.getBlock(), response.getBlockFile());
        }
        for (ReadChunkResponse chunk : response.getChunksList()) {
            prefetched.put(block.getOffsetInKey() + chunk.getChunk().getOffset(), chunk.getData());
        }
        blockData.put(localId, response.getBlock());
        return response.getBlock();
    }

    /**
     * The read-ahead's answer if it is this GetBlock's (waiting for it if need be), used once; null when there is none
     * for it (one for another GetBlock is dropped).
     *
     * @throws IOException the read-ahead's failure: that replica failed this GetBlock, and is not asked again
     */
    private GetBlockResponse takeEarly(long localId, DatanodeDetails replica, long inBlock) throws IOException {
        EarlyBlock sent = early;
        early = null;
        if (sent == null
                || sent.localId() != localId
                || !sent.replica().equals(replica.getUuid())
                || sent.inBlock() != inBlock) {
            return null;
        }
        try {
            return sent.response().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(
                    "read of block " + localId + " from " + replica.getUuid() + " interrupted");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException failure ? failure : new IOException(e.getCause());
        }
    }

    /** Checks that the replica's answer is about this block (a mixed-up answer must not be read as its data). */
    private static void checkServes(BlockLocation block, DatanodeDetails replica, BlockData data) throws IOException {
        long containerId = block.getBlockId().getContainerId();
        long localId = block.getBlockId().getLocalId();
        if (data.getBlockId().getContainerId() != containerId
                || data.getBlockId().getLocalId() != localId) {
            throw new IOException(replica.getUuid() + " answered for block "
                    + data.getBlockId().getContainerId() + "/"
                    + data.getBlockId().getLocalId() + " when asked for " + containerId + "/" + localId);
        }
    }

    private static ChunkInfo chunkAt(BlockData data, long inBlock) throws IOException {
        for (ChunkInfo chunk : data.getChunksList()) {
            if (inBlock >= chunk.getOffset() && inBlock < chunk.getOffset() + chunk.getLength()) {
                return chunk;
            }
        }
        throw new IOException("block " + data.getBlockId().getLocalId() + " has no chunk at offset " + inBlock);
    }

    private static void verify(ChunkInfo chunk, ByteString bytes) throws IOException {
        if (bytes.size() != chunk.getLength()) {
            throw new IOException(
                    "chunk " + chunk.getChunkName() + " has " + bytes.size() + " bytes, expected " + chunk.getLength());
        }
        int[] expected = chunk.getChecksum().getChecksumsList().stream()
                .mapToInt(Integer::intValue)
                .toArray();
        try {
            new Crc32cChecksum(chunk.getChecksum().getBytesPerChecksum())
                    .verify(bytes.asReadOnlyByteBuffer(), expected);
        } catch (ChecksumMismatchException e) {
            throw new IOException("chunk " + chunk.getChunkName() + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IOException("chunk " + chunk.getChunkName() + " has malformed checksums: " + e.getMessage(), e);
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("stream of " + key.getName() + " is closed");
        }
    }

    /** A block file a datanode named for a short-circuit read. */
    private record LocalFile(String datanode, String path) {}

    private record EarlyBlock(
            long localId, String replica, long inBlock, CompletableFuture<GetBlockResponse> response) {}

    /**
     * Bytes of a key lent by {@link #lend}: a view of the pooled buffer a chunk was read into, which goes back to the
     * pool only after {@link #close()}. Thread-safe.
     */
    public static final class Loan implements AutoCloseable {
        private final ShortCircuitReads.LocalChunk chunk;
        private final ByteBuffer bytes;
        private final AtomicBoolean closed = new AtomicBoolean();

        private Loan(ShortCircuitReads.LocalChunk chunk, int offset, int length) {
            this.chunk = chunk;
            this.bytes = chunk.retain(offset, length);
        }

        /** The lent bytes, from position 0 to the limit: a direct buffer to be read, never written. */
        public ByteBuffer bytes() {
            return bytes;
        }

        /** Ends the loan; the view must not be used after it. Idempotent. */
        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                chunk.release();
            }
        }
    }

    /** Looks the key up again, with its containers' current replicas (a {@code LookupKey} with a refresh). */
    @FunctionalInterface
    public interface LocationRefresher {
        KeyInfo refresh() throws IOException;
    }
}
