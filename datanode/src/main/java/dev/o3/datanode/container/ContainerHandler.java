package dev.o3.datanode.container;

import com.google.protobuf.ByteString;
import dev.o3.common.container.VolumeFullException;
import dev.o3.common.security.BlockTokenException;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes the write commands a pipeline orders (docs/internals.md "Containers and blocks"): the data stage of
 * WriteChunk ({@link #writeChunkData}) runs before its log entry is durable, and {@link #apply} runs every command in
 * log order, writing the data of a chunk that came inside its log entry (into the volume's database, with the block's
 * metadata, when that chunk is the whole block). PutBlock stamps the block with its log index as BCSID. Thread-safe;
 * callers order the commands of one container (the Raft log does).
 */
public final class ContainerHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerHandler.class);

    private final String logPrefix;
    private final ContainerSet containers;
    private final ChunkStore chunks;
    private final BlockAccess access;
    private final WriteBatches batches;
    private final BlockExtents extents = new BlockExtents();

    public ContainerHandler(String logPrefix, ContainerSet containers, ChunkStore chunks, BlockAccess access) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.containers = Objects.requireNonNull(containers, "containers is null");
        this.chunks = Objects.requireNonNull(chunks, "chunks is null");
        this.access = Objects.requireNonNull(access, "access is null");
        this.batches = new WriteBatches(this, containers, chunks);
    }

    /**
     * Why a client's command may not enter the pipeline's log: its block token (when security is on), or a chunk write
     * to a full volume; empty when it may. The leader asks before the command is logged, so the refusal depends on the
     * leader's disk only and every member still applies the same log, which refuses the block's later writes alike
     * ({@link BlockExtents}).
     */
    public Optional<IOException> refusal(ContainerCommandRequest request) {
        if (request.hasWriteBatch()) {
            return Optional.empty(); // each command is checked on its own: admit(request)
        }
        try {
            access.check(request);
        } catch (BlockTokenException e) {
            return Optional.of(e);
        }
        long containerId = request.getContainerId();
        if (request.hasWriteChunk() && !containers.hasRoomFor(containerId)) {
            return Optional.of(new VolumeFullException("the pipeline leader's volume for container " + containerId
                    + " is full (hdds.datanode.volume.min.free.space)"));
        }
        return Optional.empty();
    }

    /**
     * A write batch as the leader logs it when it {@linkplain #refusal refuses} some of its commands: each replaced by
     * its refusal (and cleared of its data); empty when the batch goes into the log as sent. Called on the leader
     * only, before logging.
     */
    public Optional<ContainerCommandRequest> admit(ContainerCommandRequest batch) {
        return batches.admit(batch);
    }

    public ContainerSet containers() {
        return containers;
    }

    /**
     * Writes a WriteChunk's data to its block file, creating the container on first use.
     *
     * @throws ContainerResultException when the container is not writable or the disk fails
     */
    public void writeChunkData(ContainerCommandRequest request, ByteString data) throws ContainerResultException {
        writeChunkData(request, data, false);
    }

    /**
     * Makes everything applied so far durable without the Raft log: block metadata and the chunks whose data came
     * inside their log entries. A pipeline calls it before a snapshot lets Ratis purge the log.
     *
     * @throws dev.o3.server.db.DbException when a volume's database cannot sync
     */
    public void syncApplied() {
        containers.syncLogged();
        containers.syncMetadata();
    }

    private void writeChunkData(ContainerCommandRequest request, ByteString data, boolean logged)
            throws ContainerResultException {
        WriteChunkRequest writeChunk = request.getWriteChunk();
        ChunkInfo chunk = writeChunk.getChunk();
        checkLength(chunk, data);
        Container container = containers.getOrCreate(request.getContainerId(), request.getPipelineId());
        if (logged) {
            chunks.writeLogged(container, writeChunk.getBlockId().getLocalId(), chunk.getOffset(), data);
        } else {
            container.checkWritable();
            chunks.write(container, writeChunk.getBlockId().getLocalId(), chunk.getOffset(), data);
        }
    }

    /**
     * Re-reads a WriteChunk's data from its block file (a leader replicating to a lagging follower).
     *
     * @throws ContainerResultException when the data is gone
     */
    public ByteString readChunkData(ContainerCommandRequest request) throws ContainerResultException {
        WriteChunkRequest writeChunk = request.getWriteChunk();
        Container container = containers.get(request.getContainerId());
        ByteBuffer data = chunks.read(
                container,
                writeChunk.getBlockId().getLocalId(),
                writeChunk.getChunk().getOffset(),
                Math.toIntExact(writeChunk.getChunk().getLength()));
        return com.google.protobuf.UnsafeByteOperations.unsafeWrap(data);
    }

    /** Applies a committed command at {@code logIndex}; failures become the response's result. */
    public ContainerCommandResponse apply(ContainerCommandRequest request, long logIndex) {
        try {
            return switch (request.getCommandCase()) {
                case CREATE_CONTAINER -> {
                    containers.getOrCreate(request.getContainerId(), request.getPipelineId());
                    yield success(logIndex);
                }
                case WRITE_CHUNK -> isWholeBlock(request.getWriteChunk())
                        ? putSmallBlock(request, request.getWriteChunk().getData(), logIndex)
                        : writeChunk(request, logIndex);
                case PUT_BLOCK -> putBlock(request, request.getPutBlock(), logIndex);
                case WRITE_BATCH -> batches.apply(request, logIndex);
                case CLOSE_CONTAINER -> close(request.getContainerId(), logIndex);
                case DELETE_BLOCK -> {
                    containers
                            .get(request.getContainerId())
                            .deleteBlock(request.getDeleteBlock().getBlockId().getLocalId());
                    yield success(logIndex);
                }
                default -> throw new ContainerResultException(
                        ContainerResult.INVALID_ARGUMENT, request.getCommandCase() + " is not a pipeline command");
            };
        } catch (ContainerResultException e) {
            LOG.debug(
                    "[{}] {} of container {} at index {} failed",
                    logPrefix,
                    request.getCommandCase(),
                    request.getContainerId(),
                    logIndex,
                    e);
            return failure(e);
        }
    }

    /** The response for a failed command. */
    public static ContainerCommandResponse failure(ContainerResultException e) {
        return ContainerCommandResponse.newBuilder()
                .setResult(e.result())
                .setMessage(String.valueOf(e.getMessage()))
                .build();
    }

    /** A WriteChunk's PutBlock may only commit the chunk's own block: that is the block its token was checked for. */
    static PutBlockRequest lastChunkPutBlock(WriteChunkRequest writeChunk) throws ContainerResultException {
        PutBlockRequest putBlock = writeChunk.getPutBlock();
        BlockId written = writeChunk.getBlockId();
        BlockId committed = putBlock.getBlock().getBlockId();
        if (written.getContainerId() != committed.getContainerId() || written.getLocalId() != committed.getLocalId()) {
            throw new ContainerResultException(
                    ContainerResult.INVALID_ARGUMENT,
                    "WriteChunk to block " + written.getContainerId() + "/" + written.getLocalId() + " commits block "
                            + committed.getContainerId() + "/" + committed.getLocalId());
        }
        return putBlock;
    }

    /**
     * Whether a WriteChunk carries, inside its log entry, all the data of a block that its own PutBlock commits: the
     * block is that one chunk. Such a block is kept in the volume's database ({@link #putSmallBlock}).
     */
    static boolean isWholeBlock(WriteChunkRequest writeChunk) {
        if (writeChunk.getData().isEmpty() || !writeChunk.hasPutBlock()) {
            return false;
        }
        BlockData block = writeChunk.getPutBlock().getBlock();
        return writeChunk.getChunk().getOffset() == 0
                && block.getChunksCount() == 1
                && block.getChunks(0).equals(writeChunk.getChunk());
    }

    /**
     * Commits a small block with its data in one database batch (no block file): cheaper than creating, writing and
     * later syncing a file per small object, on every replica.
     */
    private ContainerCommandResponse putSmallBlock(ContainerCommandRequest request, ByteString data, long logIndex)
            throws ContainerResultException {
        WriteChunkRequest writeChunk = request.getWriteChunk();
        PutBlockRequest putBlock = lastChunkPutBlock(writeChunk);
        checkLength(writeChunk.getChunk(), data);
        Container container = containers.getOrCreate(request.getContainerId(), request.getPipelineId());
        return putBlockResponse(chunks.commitWholeBlock(container, withSize(putBlock.getBlock()), logIndex, data));
    }

    private ContainerCommandResponse writeChunk(ContainerCommandRequest request, long logIndex)
            throws ContainerResultException {
        WriteChunkRequest writeChunk = request.getWriteChunk();
        BlockKey block =
                new BlockKey(request.getContainerId(), writeChunk.getBlockId().getLocalId());
        long end = extents.endAfter(block, writeChunk.getChunk());
        ByteString inline = writeChunk.getData();
        if (!inline.isEmpty()) {
            // A small chunk came inside its (synced) log entry: written now if the container is writable, synced
            // before a snapshot.
            writeChunkData(request, inline, true);
        } else {
            // The data stage already wrote the chunk; committing it needs an existing, writable container.
            containers.get(request.getContainerId()).checkWritable();
        }
        if (!writeChunk.hasPutBlock()) {
            extents.applied(block, end);
            return success(logIndex);
        }
        PutBlockRequest putBlock = lastChunkPutBlock(writeChunk);
        if (!putBlock.getEof()) {
            extents.applied(block, end);
        }
        return commitBlock(containers.get(request.getContainerId()), block, putBlock, end, logIndex);
    }

    /**
     * Commits a block whose chunks all reached the log: those this replica applied since it last started, else those
     * its disk holds.
     */
    private ContainerCommandResponse putBlock(ContainerCommandRequest request, PutBlockRequest putBlock, long logIndex)
            throws ContainerResultException {
        Container container = containers.getOrCreate(request.getContainerId(), request.getPipelineId());
        long localId = putBlock.getBlock().getBlockId().getLocalId();
        BlockKey block = new BlockKey(container.id(), localId);
        OptionalLong applied = extents.known(block);
        long end = applied.isPresent() ? applied.getAsLong() : container.storedLength(localId);
        return commitBlock(container, block, putBlock, end, logIndex);
    }

    /** Commits a PutBlock whose chunks end within {@code end}; a complete block ({@code eof}) is forgotten. */
    private ContainerCommandResponse commitBlock(
            Container container, BlockKey block, PutBlockRequest putBlock, long end, long logIndex)
            throws ContainerResultException {
        BlockExtents.checkCovered(block, putBlock.getBlock(), end);
        ContainerCommandResponse response =
                putBlockResponse(container.commitBlock(withSize(putBlock.getBlock()), logIndex));
        if (putBlock.getEof()) {
            extents.forget(block);
        }
        return response;
    }

    static void checkLength(ChunkInfo chunk, ByteString data) throws ContainerResultException {
        if (data.size() != chunk.getLength()) {
            throw new ContainerResultException(
                    ContainerResult.INVALID_ARGUMENT,
                    "chunk " + chunk.getChunkName() + " declares " + chunk.getLength() + " bytes but carries "
                            + data.size());
        }
    }

    /** The block with its size set from its chunks when the client left it out. */
    static BlockData withSize(BlockData block) {
        if (block.getSize() != 0) {
            return block;
        }
        long size =
                block.getChunksList().stream().mapToLong(ChunkInfo::getLength).sum();
        return block.toBuilder().setSize(size).build();
    }

    static ContainerCommandResponse putBlockResponse(BlockData committed) {
        long bcsid = committed.getBlockId().getBlockCommitSequenceId();
        return ContainerCommandResponse.newBuilder()
                .setResult(ContainerResult.SUCCESS)
                .setBlockCommitSequenceId(bcsid)
                .setPutBlock(PutBlockResponse.newBuilder()
                        .setBlockCommitSequenceId(bcsid)
                        .setCommittedLength(committed.getSize()))
                .build();
    }

    private ContainerCommandResponse close(long containerId, long logIndex) throws ContainerResultException {
        Container container = containers.get(containerId);
        if (container.transition(ReplicaState.CLOSED)) {
            LOG.info("[{}] closed container {} at index {}", logPrefix, containerId, logIndex);
        }
        return success(logIndex);
    }

    private static ContainerCommandResponse success(long logIndex) {
        return ContainerCommandResponse.newBuilder()
                .setResult(ContainerResult.SUCCESS)
                .setBlockCommitSequenceId(logIndex)
                .build();
    }
}
