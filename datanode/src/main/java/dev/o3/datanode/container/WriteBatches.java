package dev.o3.datanode.container;

import dev.o3.common.container.VolumeFullException;
import dev.o3.common.security.BlockTokenException;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.WriteBatchRequest;
import dev.o3.proto.container.WriteBatchResponse;
import dev.o3.proto.container.WriteChunkRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Write batches: the small blocks of several keys in one Raft entry (container.proto {@code WriteBatchRequest}). The
 * leader {@linkplain #admit admits} each command as it would a command sent alone and logs the refusals in its place;
 * every replica then {@linkplain #apply applies} the entry: the blocks of each container are committed with their
 * data in one database batch at the entry's index, so a replay finds them all committed or none. A command's failure
 * (a closed container, a bad command) answers that command only. Thread-safe (stateless; the Raft log orders the
 * commands).
 */
final class WriteBatches {
    private final ContainerHandler handler;
    private final ContainerSet containers;
    private final ChunkStore chunks;

    WriteBatches(ContainerHandler handler, ContainerSet containers, ChunkStore chunks) {
        this.handler = handler;
        this.containers = containers;
        this.chunks = chunks;
    }

    /**
     * The batch to log when the leader refuses some of its commands: each refused one cleared of its data, its refusal
     * in {@code refusals}; empty when it takes them all.
     */
    Optional<ContainerCommandRequest> admit(ContainerCommandRequest request) {
        WriteBatchRequest batch = request.getWriteBatch();
        WriteBatchRequest.Builder admitted = null;
        for (int i = 0; i < batch.getCommandsCount(); i++) {
            ContainerCommandRequest command = batch.getCommands(i);
            Optional<IOException> refused = handler.refusal(command);
            if (refused.isPresent()) {
                if (admitted == null) {
                    admitted = batch.toBuilder();
                }
                admitted.setCommands(
                        i,
                        ContainerCommandRequest.newBuilder()
                                .setContainerId(command.getContainerId())
                                .build());
                admitted.putRefusals(i, refusal(refused.get()));
            }
        }
        return admitted == null
                ? Optional.empty()
                : Optional.of(request.toBuilder().setWriteBatch(admitted).build());
    }

    /** Applies a logged batch at {@code logIndex}: one response per command, in order. */
    ContainerCommandResponse apply(ContainerCommandRequest request, long logIndex) {
        WriteBatchRequest batch = request.getWriteBatch();
        ContainerCommandResponse[] responses = new ContainerCommandResponse[batch.getCommandsCount()];
        Map<Long, List<Integer>> byContainer = new LinkedHashMap<>();
        for (int i = 0; i < responses.length; i++) {
            ContainerCommandResponse refusal = batch.getRefusalsOrDefault(i, null);
            if (refusal != null) {
                responses[i] = refusal;
                continue;
            }
            ContainerCommandRequest command = batch.getCommands(i);
            try {
                checkWholeBlock(command);
                byContainer
                        .computeIfAbsent(command.getContainerId(), id -> new ArrayList<>())
                        .add(i);
            } catch (ContainerResultException e) {
                responses[i] = ContainerHandler.failure(e);
            }
        }
        byContainer.forEach((containerId, positions) ->
                commit(request.getPipelineId(), containerId, batch, positions, logIndex, responses));
        return ContainerCommandResponse.newBuilder()
                .setResult(ContainerResult.SUCCESS)
                .setBlockCommitSequenceId(logIndex)
                .setWriteBatch(WriteBatchResponse.newBuilder().addAllResponses(Arrays.asList(responses)))
                .build();
    }

    private void commit(
            String pipelineId,
            long containerId,
            WriteBatchRequest batch,
            List<Integer> positions,
            long logIndex,
            ContainerCommandResponse[] responses) {
        List<BlockCommit> blocks = new ArrayList<>(positions.size());
        for (int position : positions) {
            WriteChunkRequest writeChunk = batch.getCommands(position).getWriteChunk();
            blocks.add(new BlockCommit(
                    ContainerHandler.withSize(writeChunk.getPutBlock().getBlock()),
                    Optional.of(writeChunk.getData().toByteArray())));
        }
        try {
            Container container = containers.getOrCreate(containerId, pipelineId);
            List<BlockData> committed = chunks.commitWholeBlocks(container, blocks, logIndex);
            for (int k = 0; k < positions.size(); k++) {
                responses[positions.get(k)] = ContainerHandler.putBlockResponse(committed.get(k));
            }
        } catch (ContainerResultException e) {
            for (int position : positions) {
                responses[position] = ContainerHandler.failure(e);
            }
        }
    }

    /** A batch holds only whole small blocks: a WriteChunk with its data and the PutBlock of that one chunk. */
    private static void checkWholeBlock(ContainerCommandRequest command) throws ContainerResultException {
        if (!command.hasWriteChunk() || !ContainerHandler.isWholeBlock(command.getWriteChunk())) {
            throw new ContainerResultException(
                    ContainerResult.INVALID_ARGUMENT,
                    "a write batch holds only WriteChunks that carry a whole block and its PutBlock, not "
                            + command.getCommandCase());
        }
        ContainerHandler.lastChunkPutBlock(command.getWriteChunk());
        ContainerHandler.checkLength(
                command.getWriteChunk().getChunk(), command.getWriteChunk().getData());
    }

    /** The answer to a command the leader refused, as the client would hear it for that command sent alone. */
    private static ContainerCommandResponse refusal(IOException refused) {
        ContainerResult result = refused instanceof BlockTokenException
                ? ContainerResult.BLOCK_TOKEN_VERIFICATION_FAILED
                : refused instanceof VolumeFullException
                        ? ContainerResult.DISK_OUT_OF_SPACE
                        : ContainerResult.IO_EXCEPTION;
        return ContainerCommandResponse.newBuilder()
                .setResult(result)
                .setMessage(String.valueOf(refused.getMessage()))
                .build();
    }
}
