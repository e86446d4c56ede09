package dev.o3.client.io;

import com.google.protobuf.ByteString;
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
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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
    private final KeyBlocks blocks;

    private final Map<Long, BlockData> blockData = new HashMap<>();
    /** Chunk data the latest GetBlock brought, by offset in the key; each is used once, instead of a ReadChunk. */
    private final Map<Long, ByteString> prefetched = new HashMap<>();
    /** Block files datanodes named for short-circuit reads, by block id; each goes with the block's cached data. */
    private final Map<Long, LocalFile> blockFiles = new HashMap<>();
    /** The replicas this stream failed to read from go last. */
    private final ReplicaOrder replicaOrder;
    /** The GetBlock {@link #readAhead(long)} sent before the first read, until a read takes it. */
    private final ReadAhead readAhead = new ReadAhead();

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
        this.blocks = new KeyBlocks(key, Objects.requireNonNull(refresher, "refresher is null"));
        this.replicaOrder = new ReplicaOrder(datanodes.shortCircuitReads());
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
        return blocks.all();
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
            BlockLocation block = blocks.at(at);
            if (datanodes.smallBlocks().get(block).isPresent()) {
                return CompletableFuture.completedFuture(null);
            }
            List<DatanodeDetails> replicas = replicaOrder.of(block);
            if (replicas.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            DatanodeDetails replica = replicas.get(0);
            if (knownBlockFile(replica, block).isPresent()) {
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
                            datanodes.shortCircuitReads().wanted(replica));
            readAhead.sent(block.getBlockId().getLocalId(), replica, inBlock, response);
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
    public Optional<ChunkLoan> lend(int max) throws IOException {
        ByteString data = dataAt(position, max);
        if (data == null || data.isEmpty() || local == null) {
            return Optional.empty();
        }
        ChunkLoan loan = new ChunkLoan(local, (int) (position - bufferStart), data.size());
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
        for (BlockLocation block : blocks.all()) {
            chunks.addAll(chunksOf(block));
        }
        return chunks;
    }

    private List<ChunkInfo> chunksOf(BlockLocation block) throws IOException {
        IOException error =
                new IOException("no replica of block " + block.getBlockId().getContainerId() + "/"
                        + block.getBlockId().getLocalId() + " of " + key.getName() + " listed its chunks");
        for (DatanodeDetails replica : replicaOrder.of(block)) {
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
        BlockLocation block = blocks.at(at);
        List<IOException> failures = new ArrayList<>();
        if (loadChunkFrom(block, at, failures)) {
            return;
        }
        // The replicas may have moved (re-replication, decommission): ask OM where the container is now, once.
        Optional<BlockLocation> moved = blocks.refreshed(block);
        if (moved.isPresent() && loadChunkFrom(moved.get(), at, failures)) {
            return;
        }
        IOException error =
                new IOException("no replica of block " + block.getBlockId().getContainerId() + "/"
                        + block.getBlockId().getLocalId() + " of " + key.getName() + " could be read");
        failures.forEach(error::addSuppressed);
        throw error;
    }

    /**
     * Loads the chunk at {@code at} from this client's {@link SmallBlockCache} or else from one of the block's
     * replicas; false, failures added, if none could.
     */
    private boolean loadChunkFrom(BlockLocation block, long at, List<IOException> failures) {
        if (loadKept(block)) {
            return true;
        }
        long inBlock = at - block.getOffsetInKey();
        for (DatanodeDetails replica : replicaOrder.of(block)) {
            try {
                ReplicaChannel channel = datanodes.replica(replica);
                BlockData data = blockData(block, replica, channel, inBlock);
                ChunkInfo chunk = ChunkChecks.chunkAt(data, inBlock);
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
                    ChunkChecks.verify(chunk, bytes);
                    datanodes.smallBlocks().offer(data, bytes);
                }
                buffer = ChunkChecks.withinBlock(block, chunkStart, bytes);
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
                replicaOrder.failed(replica);
                failures.add(e);
            }
        }
        return false;
    }

    /** Loads the small block from this client's cache; false if it has not kept it or it fails its checksums. */
    private boolean loadKept(BlockLocation block) {
        SmallBlockCache kept = datanodes.smallBlocks();
        Optional<SmallBlockCache.Entry> entry = kept.get(block);
        if (entry.isEmpty()) {
            return false;
        }
        try {
            ChunkChecks.verify(entry.get().block().getChunks(0), entry.get().data());
        } catch (IOException e) {
            LOG.warn(
                    "{}: kept data of block {} is damaged, reading a replica: {}",
                    key.getName(),
                    block.getBlockId().getLocalId(),
                    e.getMessage());
            kept.forget(block.getBlockId());
            return false;
        }
        buffer = ChunkChecks.withinBlock(
                block, block.getOffsetInKey(), entry.get().data());
        bufferStart = block.getOffsetInKey();
        return true;
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
                ChunkChecks.verify(chunk, read.bytes());
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
        Optional<LocalBlockCache.LocalBlock> known = knownBlockFile(replica, block);
        if (known.isPresent()) {
            blockFiles.put(localId, new LocalFile(replica.getUuid(), known.get().path()));
            blockData.put(localId, known.get().data());
            return known.get().data();
        }
        ShortCircuitReads shortCircuit = datanodes.shortCircuitReads();
        GetBlockResponse response = readAhead.take(localId, replica, inBlock);
        if (response == null) {
            response = channel.getBlock(
                    block.getBlockId(),
                    block.getToken(),
                    inBlock,
                    datanodes.config().chunkSize().bytes(),
                    shortCircuit.wanted(replica));
        }
        prefetched.clear();
        ChunkChecks.checkServes(block, replica, response.getBlock());
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

    /** The block file {@code replica} named for the block earlier, when this client reads it short-circuit. */
    private Optional<LocalBlockCache.LocalBlock> knownBlockFile(DatanodeDetails replica, BlockLocation block) {
        ShortCircuitReads shortCircuit = datanodes.shortCircuitReads();
        return shortCircuit.wanted(replica)
                ? shortCircuit.knownBlocks().get(replica, block.getBlockId())
                : Optional.empty();
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("stream of " + key.getName() + " is closed");
        }
    }

    /** A block file a datanode named for a short-circuit read. */
    private record LocalFile(String datanode, String path) {}

    /** Looks the key up again, with its containers' current replicas (a {@code LookupKey} with a refresh). */
    @FunctionalInterface
    public interface LocationRefresher {
        KeyInfo refresh() throws IOException;
    }
}
