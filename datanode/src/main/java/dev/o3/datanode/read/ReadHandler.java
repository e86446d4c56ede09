package dev.o3.datanode.read;

import com.google.protobuf.UnsafeByteOperations;
import dev.o3.common.security.BlockTokenException;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerHandler;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.GetBlockRequest;
import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.container.ListBlockRequest;
import dev.o3.proto.container.ListBlockResponse;
import dev.o3.proto.container.ReadChunkResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Serves GetBlock, ListBlock and ReadChunk from this replica. A block whose BCSID is below the one the client asks
 * for fails with BCSID_MISMATCH, so a replica that missed committed writes is never read. Chunks come with their
 * stored checksums, from the {@link ChunkSource} (which never returns corrupt data), whether a ReadChunk asks for one
 * or a GetBlock for the chunks of its {@link ReadRange}; a chunk that cannot be read fails either request alike. A
 * GetBlock asking for a short-circuit read gets, when this datanode allows them, the block file's path instead of
 * chunk data: the client on this host reads and checks the chunks itself. Thread-safe.
 */
public final class ReadHandler {
    private static final int LIST_LIMIT = 1000;

    private final ContainerSet containers;
    private final ChunkSource chunkSource;
    private final BlockAccess access;
    private final DatanodeMetrics metrics;
    private final boolean shortCircuitReads;

    /** @param shortCircuitReads whether a GetBlock may get the block file's path (hdds.datanode.read.short-circuit) */
    public ReadHandler(
            ContainerSet containers,
            ChunkSource chunkSource,
            BlockAccess access,
            DatanodeMetrics metrics,
            boolean shortCircuitReads) {
        this.containers = Objects.requireNonNull(containers, "containers is null");
        this.chunkSource = Objects.requireNonNull(chunkSource, "chunkSource is null");
        this.access = Objects.requireNonNull(access, "access is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.shortCircuitReads = shortCircuitReads;
    }

    /**
     * Most chunk data a request answered by {@link #handleSmall} reads: a small block's, kept in the volume's database
     * (hdds.container.ratis.log.inline.data.max's default), about the cost of the database get that finds its metadata.
     */
    public static final long SMALL_READ = 64 << 10;

    /** Answers one read request; failures become the response's result. */
    public ContainerCommandResponse handle(ContainerCommandRequest request) {
        return answer(request, Long.MAX_VALUE).orElseThrow();
    }

    /**
     * Answers a GetBlock that reads at most {@code maxData} bytes of chunk data (a small block, a short range, or a
     * block file named for a short-circuit read), as {@link #handle} would; empty for any other request, which the
     * caller hands to a thread that may wait for the disk. The token and container checks and the block's lookup,
     * database reads like the ones OM serves on its transport threads, are done either way; their failures are
     * answered here.
     */
    public Optional<ContainerCommandResponse> handleSmall(ContainerCommandRequest request, long maxData) {
        if (request.getCommandCase() != ContainerCommandRequest.CommandCase.GET_BLOCK) {
            return Optional.empty();
        }
        return answer(request, maxData);
    }

    private Optional<ContainerCommandResponse> answer(ContainerCommandRequest request, long maxData) {
        try {
            checkToken(request);
            Container container = containers.get(request.getContainerId());
            if (container.state() == ReplicaState.UNHEALTHY) {
                throw new ContainerResultException(ContainerResult.UNHEALTHY_CONTAINER, container + " is unhealthy");
            }
            Optional<ContainerCommandResponse> response =
                    switch (request.getCommandCase()) {
                        case GET_BLOCK -> getBlock(container, request.getGetBlock(), maxData);
                        case LIST_BLOCK -> Optional.of(listBlock(container, request.getListBlock()));
                        case READ_CHUNK -> Optional.of(readChunk(
                                container,
                                request.getReadChunk().getBlockId(),
                                request.getReadChunk().getChunk()));
                        default -> throw new ContainerResultException(
                                ContainerResult.INVALID_ARGUMENT,
                                request.getCommandCase()
                                        + " is not served by the read service; write through the pipeline");
                    };
            response.ifPresent(answered ->
                    metrics.recordReadRequest(request.getCommandCase().name()));
            return response;
        } catch (ContainerResultException e) {
            metrics.recordReadRequest(request.getCommandCase().name());
            return Optional.of(ContainerHandler.failure(e));
        }
    }

    private void checkToken(ContainerCommandRequest request) throws ContainerResultException {
        try {
            access.check(request);
        } catch (BlockTokenException e) {
            throw new ContainerResultException(
                    BlockAccess.containerScoped(request)
                            ? ContainerResult.CONTAINER_TOKEN_VERIFICATION_FAILED
                            : ContainerResult.BLOCK_TOKEN_VERIFICATION_FAILED,
                    e.getMessage());
        }
    }

    private static BlockData block(Container container, BlockId blockId) throws ContainerResultException {
        BlockData block = container.block(blockId.getLocalId());
        long stored = block.getBlockId().getBlockCommitSequenceId();
        if (stored < blockId.getBlockCommitSequenceId()) {
            throw new ContainerResultException(
                    ContainerResult.BCSID_MISMATCH,
                    "block " + blockId.getLocalId() + " has BCSID " + stored + " < requested "
                            + blockId.getBlockCommitSequenceId());
        }
        return block;
    }

    private static ContainerCommandResponse listBlock(Container container, ListBlockRequest request) {
        int count = Math.min(LIST_LIMIT, Math.max(1, request.getCount()));
        return success()
                .setListBlock(
                        ListBlockResponse.newBuilder().addAllBlocks(container.blocks(request.getStartLocalId(), count)))
                .build();
    }

    /** The answer, or empty when it would read more than {@code maxData} bytes of chunk data. */
    private Optional<ContainerCommandResponse> getBlock(Container container, GetBlockRequest request, long maxData)
            throws ContainerResultException {
        BlockData block = block(container, request.getBlockId());
        GetBlockResponse.Builder response = GetBlockResponse.newBuilder().setBlock(block);
        Path file =
                container.volume().blockFile(container.id(), block.getBlockId().getLocalId());
        // A small block kept in the database has no file to name: its data comes in the answer.
        if (request.getShortCircuit() && shortCircuitReads && Files.isRegularFile(file)) {
            metrics.recordShortCircuitGrant();
            return Optional.of(success()
                    .setGetBlock(response.setBlockFile(file.toAbsolutePath().toString()))
                    .build());
        }
        List<ChunkInfo> chunks = readRange(request).chunksOf(block);
        if (chunks.stream().mapToLong(ChunkInfo::getLength).sum() > maxData) {
            return Optional.empty();
        }
        for (ChunkInfo chunk : chunks) {
            response.addChunks(chunkData(container, block, chunk));
        }
        return Optional.of(success().setGetBlock(response).build());
    }

    private static ReadRange readRange(GetBlockRequest request) throws ContainerResultException {
        try {
            return new ReadRange(request.getReadOffset(), request.getReadLength());
        } catch (IllegalArgumentException e) {
            throw new ContainerResultException(ContainerResult.INVALID_ARGUMENT, e.getMessage(), e);
        }
    }

    private ContainerCommandResponse readChunk(Container container, BlockId blockId, ChunkInfo requested)
            throws ContainerResultException {
        BlockData block = block(container, blockId);
        ChunkInfo chunk = block.getChunksList().stream()
                .filter(stored -> stored.getOffset() == requested.getOffset())
                .findFirst()
                .orElseThrow(() -> new ContainerResultException(
                        ContainerResult.INVALID_ARGUMENT,
                        "block " + blockId.getLocalId() + " has no chunk at offset " + requested.getOffset()));
        return success().setReadChunk(chunkData(container, block, chunk)).build();
    }

    private ReadChunkResponse chunkData(Container container, BlockData block, ChunkInfo chunk)
            throws ContainerResultException {
        ByteBuffer data = chunkSource.readChunk(container, block, chunk);
        return ReadChunkResponse.newBuilder()
                .setChunk(chunk)
                .setData(UnsafeByteOperations.unsafeWrap(data))
                .build();
    }

    private static ContainerCommandResponse.Builder success() {
        return ContainerCommandResponse.newBuilder().setResult(ContainerResult.SUCCESS);
    }
}
