package dev.o3.datanode.replication;

import dev.o3.datanode.container.ContainerRecord;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.replication.BlockHeader;
import dev.o3.proto.replication.ContainerHeader;
import dev.o3.proto.replication.ContainerTrailer;
import dev.o3.proto.replication.ReplicationFrame;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Checks the stream of one container from one source and writes it to a {@link StagedContainer}: the frames must
 * come in protocol order, every chunk must match its CRC32C, and the blocks must add up to the count and bytes of the
 * container's record and of the trailer. Any mismatch fails the copy. Not thread-safe: the download thread confines
 * it.
 */
final class ContainerReceiver implements FrameParser.Listener {
    /** Stages the copy once the header says how large it is. */
    @FunctionalInterface
    interface Stager {
        StagedContainer stage(ContainerHeader header) throws ReplicationException;
    }

    private final long containerId;
    private final Stager stager;
    private final ReplicationMetrics metrics;

    private ContainerHeader header;
    private StagedContainer staged;
    private BlockVerifier verifier;
    private long fileRemaining;
    private long lastLocalId = Long.MIN_VALUE;
    private long blocks;
    private long usedBytes;
    private long fileBytes;
    private boolean complete;

    ContainerReceiver(long containerId, Stager stager, ReplicationMetrics metrics) {
        this.containerId = containerId;
        this.stager = stager;
        this.metrics = metrics;
    }

    @Override
    public long onFrame(ReplicationFrame frame) throws ReplicationException {
        if (complete) {
            throw new ReplicationException("frame after the trailer");
        }
        switch (frame.getFrameCase()) {
            case ERROR -> throw new ReplicationException(
                    "source: " + frame.getError().getMessage());
            case HEADER -> onHeader(frame.getHeader());
            case BLOCK -> {
                return onBlock(frame.getBlock());
            }
            case TRAILER -> onTrailer(frame.getTrailer());
            default -> throw new ReplicationException("unexpected frame " + frame.getFrameCase());
        }
        return 0;
    }

    @Override
    public void onData(ByteBuf data) throws ReplicationException {
        try {
            for (ByteBuffer buffer : data.nioBuffers()) {
                verifier.update(buffer);
                staged.write(buffer);
            }
            fileRemaining -= data.readableBytes();
            metrics.recordBytes(ReplicationMetrics.IN, data.readableBytes());
            if (fileRemaining == 0) {
                staged.closeFile();
                verifier.finish();
            }
        } catch (IOException e) {
            throw new ReplicationException("cannot write the copy on " + staged.volume() + ": " + e, e);
        }
    }

    /** Whether the whole container arrived and checked out. */
    boolean complete() {
        return complete;
    }

    /** The staged copy; null before the header. */
    StagedContainer staged() {
        return staged;
    }

    /** The record of the copied container, once {@link #complete()}. */
    ContainerRecord record() {
        return new ContainerRecord(
                containerId,
                header.getState() == ContainerState.CONTAINER_CLOSED ? ReplicaState.CLOSED : ReplicaState.QUASI_CLOSED,
                header.getBlockCommitSequenceId(),
                header.getPipelineId(),
                header.getUsedBytes(),
                header.getBlockCount());
    }

    private void onHeader(ContainerHeader received) throws ReplicationException {
        if (header != null) {
            throw new ReplicationException("second container header");
        }
        if (received.getContainerId() != containerId) {
            throw new ReplicationException("asked for container " + containerId + ", got " + received.getContainerId());
        }
        if (received.getState() != ContainerState.CONTAINER_CLOSED
                && received.getState() != ContainerState.CONTAINER_QUASI_CLOSED) {
            throw new ReplicationException(
                    "container " + containerId + " is " + received.getState() + " on the source");
        }
        header = received;
        staged = stager.stage(received);
    }

    private long onBlock(BlockHeader block) throws ReplicationException {
        if (header == null) {
            throw new ReplicationException("block before the container header");
        }
        BlockData data = block.getBlock();
        long localId = data.getBlockId().getLocalId();
        if (data.getBlockId().getContainerId() != containerId || localId <= lastLocalId) {
            throw new ReplicationException("unexpected block " + data.getBlockId() + " after " + lastLocalId);
        }
        lastLocalId = localId;
        blocks++;
        usedBytes += data.getSize();
        try {
            staged.addBlock(block.toBuilder().clearFileLength().build());
            if (block.getStoredInDb()) {
                if (block.getFileLength() != 0) {
                    throw new ReplicationException("block " + localId + " is kept in the database and has a file");
                }
                BlockVerifier stored =
                        new BlockVerifier(data, block.getStoredData().size());
                stored.update(block.getStoredData().asReadOnlyByteBuffer());
                stored.finish();
                metrics.recordBytes(ReplicationMetrics.IN, block.getStoredData().size());
                return 0;
            }
            verifier = new BlockVerifier(data, block.getFileLength());
            fileRemaining = block.getFileLength();
            fileBytes += fileRemaining;
            if (fileRemaining == 0) {
                verifier.finish();
            } else {
                staged.openFile(localId);
            }
            return fileRemaining;
        } catch (IOException e) {
            throw new ReplicationException("cannot write the copy on " + staged.volume() + ": " + e, e);
        }
    }

    private void onTrailer(ContainerTrailer trailer) throws ReplicationException {
        if (header == null) {
            throw new ReplicationException("trailer before the container header");
        }
        if (blocks != header.getBlockCount() || blocks != trailer.getBlockCount()) {
            throw new ReplicationException("got " + blocks + " blocks, the record says " + header.getBlockCount()
                    + " and the trailer " + trailer.getBlockCount());
        }
        if (usedBytes != header.getUsedBytes()) {
            throw new ReplicationException(
                    "blocks add up to " + usedBytes + " bytes, the record says " + header.getUsedBytes());
        }
        if (fileBytes != trailer.getFileBytes()) {
            throw new ReplicationException(
                    "got " + fileBytes + " file bytes, the trailer says " + trailer.getFileBytes());
        }
        complete = true;
    }
}
