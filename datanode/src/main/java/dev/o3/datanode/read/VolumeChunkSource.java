package dev.o3.datanode.read;

import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads chunks from their block files and verifies them. A mismatch is counted, and a closed replica is marked
 * UNHEALTHY so SCM re-replicates it. Thread-safe.
 */
public final class VolumeChunkSource implements ChunkSource {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeChunkSource.class);

    private final String logPrefix;
    private final ChunkStore chunks;
    private final DatanodeMetrics metrics;

    public VolumeChunkSource(String logPrefix, ChunkStore chunks, DatanodeMetrics metrics) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.chunks = Objects.requireNonNull(chunks, "chunks is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
    }

    @Override
    public ByteBuffer readChunk(Container container, BlockData block, ChunkInfo chunk) throws ContainerResultException {
        long localId = block.getBlockId().getLocalId();
        ByteBuffer data = chunks.read(container, localId, chunk.getOffset(), Math.toIntExact(chunk.getLength()));
        try {
            ChunkChecksums.verify(chunk, data);
        } catch (ChecksumMismatchException e) {
            metrics.recordChecksumFailure(container.volume().toString());
            if (!container.state().isWritable() && container.transition(ReplicaState.UNHEALTHY)) {
                LOG.warn(
                        "[{}] {} is unhealthy: block {} chunk at {} is corrupt",
                        logPrefix,
                        container,
                        localId,
                        chunk.getOffset());
            }
            throw new ContainerResultException(
                    ContainerResult.CHECKSUM_MISMATCH,
                    "block " + localId + " of " + container + ", chunk at offset " + chunk.getOffset() + ": "
                            + e.getMessage(),
                    e);
        }
        return data;
    }
}
