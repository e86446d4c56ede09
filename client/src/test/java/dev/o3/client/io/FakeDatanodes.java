package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.container.ReadChunkResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Datanodes in memory: a pipeline write lands on every member's store (as Ratis would apply it on each replica);
 * failures and corruption are injected per pipeline and per replica.
 */
final class FakeDatanodes implements DatanodeTransport {
    private final Map<String, Store> stores = new ConcurrentHashMap<>();
    private final Map<String, Integer> failAfterChunks = new ConcurrentHashMap<>();
    private final Map<String, Integer> newLeaderAfterChunks = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> chunksWritten = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> putBlocks = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> lastChunkWrites = new ConcurrentHashMap<>();
    private final Set<String> corruptReplicas = ConcurrentHashMap.newKeySet();
    private final Set<String> deadReplicas = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> readsAsked = new ConcurrentHashMap<>();
    private final Set<Long> closedContainers = ConcurrentHashMap.newKeySet();
    private final Object stallLock = new Object();
    private CompletableFuture<Void> acknowledgements = CompletableFuture.completedFuture(null);
    private volatile Path blockFiles;
    private long unacknowledgedBytes;
    private long maxUnacknowledgedBytes;

    /** From now on operations are applied but not acknowledged until {@link #resume()}, as with a slow pipeline. */
    void stall() {
        synchronized (stallLock) {
            acknowledgements = new CompletableFuture<>();
        }
    }

    /** Acknowledges every stalled operation and stops stalling. */
    void resume() {
        CompletableFuture<Void> stalled;
        synchronized (stallLock) {
            stalled = acknowledgements;
            acknowledgements = CompletableFuture.completedFuture(null);
            unacknowledgedBytes = 0;
        }
        stalled.complete(null);
    }

    /** The most chunk bytes that were sent and not yet acknowledged at one time. */
    long maxUnacknowledgedBytes() {
        synchronized (stallLock) {
            return maxUnacknowledgedBytes;
        }
    }

    private CompletableFuture<Void> acknowledgement(long bytes) {
        synchronized (stallLock) {
            if (!acknowledgements.isDone()) {
                unacknowledgedBytes += bytes;
                maxUnacknowledgedBytes = Math.max(maxUnacknowledgedBytes, unacknowledgedBytes);
            }
            return acknowledgements;
        }
    }

    /** Writes to the container fail as they do once SCM has closed it. */
    void closeContainer(long containerId) {
        closedContainers.add(containerId);
    }

    /** The pipeline accepts {@code chunks} more chunk writes, then fails every operation. */
    void failPipelineAfter(String pipelineId, int chunks) {
        failAfterChunks.put(pipelineId, chunks);
    }

    /**
     * The pipeline's leader fails after {@code chunks} more chunk writes and a follower takes over; as with Ratis the
     * writes go on, committed by the surviving majority.
     */
    void changeLeaderAfter(String pipelineId, int chunks) {
        newLeaderAfterChunks.put(pipelineId, chunks);
    }

    /** Every chunk this replica serves has one flipped bit. */
    /**
     * From now on a GetBlock that asks for a short-circuit read names a file in {@code directory} holding the
     * replica's chunks (corrupt on a corrupt replica) at their offsets, and brings no chunk data.
     */
    void serveBlockFiles(Path directory) {
        blockFiles = directory;
    }

    void corrupt(String datanodeUuid) {
        corruptReplicas.add(datanodeUuid);
    }

    /** The replica refuses every read. */
    void kill(String datanodeUuid) {
        deadReplicas.add(datanodeUuid);
    }

    /** Another datanode serves the replica's data from now on, as after re-replication. */
    void copyReplica(String fromUuid, String toUuid) {
        stores.put(toUuid, stores.get(fromUuid));
    }

    /** GetBlock and ReadChunk calls made to the replica, answered or not. */
    int readsAsked(String datanodeUuid) {
        return readsAsked.getOrDefault(datanodeUuid, new AtomicInteger()).get();
    }

    /** Pipeline transactions so far: each WriteChunk and PutBlock is one, a last chunk with its PutBlock is one. */
    int transactionsOf(String pipelineId) {
        return chunksWrittenTo(pipelineId) + count(putBlocks, pipelineId) - count(lastChunkWrites, pipelineId);
    }

    private static int count(Map<String, AtomicInteger> counters, String pipelineId) {
        AtomicInteger counter = counters.get(pipelineId);
        return counter == null ? 0 : counter.get();
    }

    int chunksWrittenTo(String pipelineId) {
        return chunksWritten.getOrDefault(pipelineId, new AtomicInteger()).get();
    }

    @Override
    public PipelineChannel openPipeline(Pipeline pipeline) {
        String id = pipeline.getId();
        return new PipelineChannel() {
            @Override
            public CompletableFuture<Void> writeChunk(
                    BlockId blockId, ChunkInfo chunk, ByteString data, ByteString token) {
                int written = chunksWritten
                        .computeIfAbsent(id, k -> new AtomicInteger())
                        .incrementAndGet();
                if (failing(id, written)) {
                    return CompletableFuture.failedFuture(new IOException("pipeline " + id + " lost its leader"));
                }
                pipeline.getMembersList().forEach(member -> store(member).chunks.put(key(blockId, chunk), data));
                return acknowledgement(data.size());
            }

            @Override
            public CompletableFuture<Long> writeLastChunk(
                    ChunkInfo chunk, ByteString data, BlockData block, ByteString token) {
                lastChunkWrites.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                return writeChunk(block.getBlockId(), chunk, data, token)
                        .thenCompose(written -> putBlock(block, true, token));
            }

            @Override
            public CompletableFuture<Long> putBlock(BlockData block, boolean eof, ByteString token) {
                putBlocks.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                if (failing(id, chunksWrittenTo(id))) {
                    return CompletableFuture.failedFuture(new IOException("pipeline " + id + " lost its leader"));
                }
                pipeline.getMembersList()
                        .forEach(member ->
                                store(member).blocks.put(block.getBlockId().getLocalId(), block));
                return acknowledgement(0).thenApply(acknowledged -> (long) block.getChunksCount());
            }

            @Override
            public Optional<String> leaderId() {
                Integer change = newLeaderAfterChunks.get(id);
                boolean changed = change != null && chunksWrittenTo(id) > change;
                return Optional.of(pipeline.getMembers(changed ? 1 : 0).getUuid());
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public ReplicaChannel openReplica(DatanodeDetails datanode) {
        String uuid = datanode.getUuid();
        return new ReplicaChannel() {
            @Override
            public CompletableFuture<GetBlockResponse> getBlockAsync(
                    BlockId blockId, ByteString token, long readOffset, long readLength, boolean shortCircuit) {
                try {
                    return CompletableFuture.completedFuture(
                            getBlock(blockId, token, readOffset, readLength, shortCircuit));
                } catch (IOException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }

            @Override
            public GetBlockResponse getBlock(
                    BlockId blockId, ByteString token, long readOffset, long readLength, boolean shortCircuit)
                    throws IOException {
                alive(uuid);
                BlockData block = store(datanode).blocks.get(blockId.getLocalId());
                if (block == null) {
                    throw new IOException("NO_SUCH_BLOCK " + blockId.getLocalId() + " on " + uuid);
                }
                GetBlockResponse.Builder response =
                        GetBlockResponse.newBuilder().setBlock(block);
                Path directory = blockFiles;
                if (shortCircuit && directory != null) {
                    return response.setBlockFile(
                                    blockFile(directory, datanode, block).toString())
                            .build();
                }
                for (ChunkInfo chunk : block.getChunksList()) {
                    if (chunk.getOffset() < readOffset + readLength
                            && readOffset < chunk.getOffset() + chunk.getLength()) {
                        response.addChunks(ReadChunkResponse.newBuilder()
                                .setChunk(chunk)
                                .setData(chunkData(datanode, blockId, chunk)));
                    }
                }
                return response.build();
            }

            @Override
            public ByteString readChunk(BlockId blockId, ChunkInfo chunk, ByteString token) throws IOException {
                alive(uuid);
                return chunkData(datanode, blockId, chunk);
            }
        };
    }

    private Path blockFile(Path directory, DatanodeDetails datanode, BlockData block) throws IOException {
        Path file =
                directory.resolve(datanode.getUuid() + "-" + block.getBlockId().getLocalId() + ".block");
        try (FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            for (ChunkInfo chunk : block.getChunksList()) {
                channel.write(chunkData(datanode, block.getBlockId(), chunk).asReadOnlyByteBuffer(), chunk.getOffset());
            }
        }
        return file;
    }

    /** The stored chunk, with a flipped bit on a corrupt replica. */
    private ByteString chunkData(DatanodeDetails datanode, BlockId blockId, ChunkInfo chunk) throws IOException {
        ByteString data = store(datanode).chunks.get(key(blockId, chunk));
        if (data == null) {
            throw new IOException("no chunk " + chunk.getChunkName() + " on " + datanode.getUuid());
        }
        if (corruptReplicas.contains(datanode.getUuid())) {
            byte[] bytes = data.toByteArray();
            bytes[bytes.length / 2] ^= 0x10;
            return ByteString.copyFrom(bytes);
        }
        return data;
    }

    @Override
    public void close() {}

    private boolean failing(String pipelineId, int written) {
        Integer limit = failAfterChunks.get(pipelineId);
        return limit != null && written > limit;
    }

    private void alive(String uuid) throws IOException {
        readsAsked.computeIfAbsent(uuid, id -> new AtomicInteger()).incrementAndGet();
        if (deadReplicas.contains(uuid)) {
            throw new IOException("UNAVAILABLE: " + uuid + " is down");
        }
    }

    private Store store(DatanodeDetails datanode) {
        return stores.computeIfAbsent(datanode.getUuid(), uuid -> new Store());
    }

    private static String key(BlockId blockId, ChunkInfo chunk) {
        return blockId.getContainerId() + "/" + blockId.getLocalId() + "/" + chunk.getChunkName();
    }

    private static final class Store {
        private final Map<Long, BlockData> blocks = new ConcurrentHashMap<>();
        private final Map<String, ByteString> chunks = new ConcurrentHashMap<>();
    }
}
