package dev.o3.scm.command;

import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.pipeline.Pipeline;
import java.util.List;
import java.util.Objects;

/** A command for one datanode, delivered in its next heartbeat response. Each has an id the datanode acknowledges. */
public sealed interface DatanodeCommand {
    long commandId();

    /** Join the Ratis group of a new pipeline. */
    record CreatePipeline(long commandId, Pipeline pipeline) implements DatanodeCommand {
        public CreatePipeline {
            Objects.requireNonNull(pipeline, "pipeline is null");
        }
    }

    /** Close the pipeline's containers and leave its Ratis group. */
    record ClosePipeline(long commandId, String pipelineId) implements DatanodeCommand {
        public ClosePipeline {
            Objects.requireNonNull(pipelineId, "pipelineId is null");
        }
    }

    /** Close a container through its pipeline ({@code force}: quasi-close without a quorum). */
    record CloseContainer(long commandId, long containerId, String pipelineId, boolean force)
            implements DatanodeCommand {
        public CloseContainer {
            Objects.requireNonNull(pipelineId, "pipelineId is null");
        }
    }

    /** Delete the blocks of deleted keys. */
    record DeleteBlocks(long commandId, List<DeletedBlocksTransaction> transactions) implements DatanodeCommand {
        public DeleteBlocks {
            transactions = List.copyOf(transactions);
        }
    }

    /**
     * Copy a closed container from one of {@code sources} (pull: sent to the destination).
     *
     * @param deadlineMillis epoch millis after which the datanode drops the command
     */
    record ReplicateContainer(long commandId, long containerId, List<DatanodeDescriptor> sources, long deadlineMillis)
            implements DatanodeCommand {
        public ReplicateContainer {
            sources = List.copyOf(sources);
        }
    }

    /**
     * Delete this datanode's replica of a container ({@code force}: even if it is not empty).
     *
     * @param deadlineMillis epoch millis after which the datanode drops the command
     */
    record DeleteContainer(long commandId, long containerId, boolean force, long deadlineMillis)
            implements DatanodeCommand {}
}
