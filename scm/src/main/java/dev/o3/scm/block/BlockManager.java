package dev.o3.scm.block;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerManager;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.metrics.ScmMetrics;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineManager;
import dev.o3.scm.safemode.SafeMode;
import dev.o3.scm.state.ScmStateStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Allocates blocks round-robin over the OPEN pipelines of IN_SERVICE datanodes (and, inside each, round-robin over
 * its open containers), so write load spreads over every pipeline and therefore every datanode disk. A client's
 * exclude list removes failed datanodes, pipelines and containers from the choice, and a pipeline with a member whose
 * data volumes are full takes no block: when that leaves none, the allocation fails at once with NO_SPACE instead of
 * sending the client to a datanode that would refuse the write.
 *
 * <p>Thread-safe: allocation holds {@code this} (the round-robin cursor). Lock order: block manager, pipeline manager,
 * container manager, state store.
 */
public final class BlockManager {
    /** Most block ids in one lease: a run of them costs SCM one sequence write at most, but a lost lease wastes it. */
    public static final int MAX_LEASE_IDS = 65_536;
    /** Most leases in one call. */
    public static final int MAX_LEASES = 64;

    private final ScmStateStore store;
    private final PipelineManager pipelines;
    private final ContainerManager containers;
    private final SafeMode safeMode;
    private final Predicate<String> hasRoom;
    private final long blockSize;
    private final ScmMetrics metrics;

    @GuardedBy("this")
    private long cursor;

    public BlockManager(
            ScmStateStore store,
            PipelineManager pipelines,
            ContainerManager containers,
            SafeMode safeMode,
            Predicate<String> hasRoom,
            long blockSize,
            ScmMetrics metrics) {
        this.store = Objects.requireNonNull(store, "store is null");
        this.pipelines = Objects.requireNonNull(pipelines, "pipelines is null");
        this.containers = Objects.requireNonNull(containers, "containers is null");
        this.safeMode = Objects.requireNonNull(safeMode, "safeMode is null");
        this.hasRoom = Objects.requireNonNull(hasRoom, "hasRoom is null");
        this.blockSize = blockSize;
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
    }

    /**
     * Allocates {@code count} blocks of up to {@code requestedSize} bytes (0 = the configured block size).
     *
     * @throws ScmException in safe mode, without a usable open pipeline, when every usable one has a full member
     *     (NO_SPACE), or for a bad size or count
     */
    public synchronized List<AllocatedBlock> allocate(long requestedSize, int count, ExcludeList exclude) {
        long size = requestedSize == 0 ? blockSize : requestedSize;
        if (size < 0 || size > blockSize || count <= 0) {
            throw new ScmException(
                    ScmErrorCode.INVALID_REQUEST,
                    "size must be in 1.." + blockSize + " and count positive: size=" + size + ", count=" + count);
        }
        List<Pipeline> candidates = usablePipelines(exclude);
        List<AllocatedBlock> blocks = new ArrayList<>(count);
        long firstLocalId = store.allocateLocalIds(count);
        for (int i = 0; i < count; i++) {
            blocks.add(allocateOne(candidates, size, exclude, firstLocalId + i));
        }
        metrics.recordBlocksAllocated(count);
        return blocks;
    }

    @GuardedBy("this")
    private AllocatedBlock allocateOne(List<Pipeline> candidates, long size, ExcludeList exclude, long localId) {
        for (int attempt = 0; attempt < candidates.size(); attempt++) {
            Pipeline pipeline = candidates.get((int) (cursor++ % candidates.size()));
            Optional<ContainerInfo> container = containers.allocate(pipeline, size, exclude.containers());
            if (container.isPresent()) {
                return new AllocatedBlock(container.get().id(), localId, pipeline);
            }
        }
        throw new ScmException(
                ScmErrorCode.NO_OPEN_PIPELINE,
                "every open container of the " + candidates.size() + " usable pipelines is excluded");
    }

    /**
     * Leases {@code count} runs of {@code ids} block ids with {@code requestedBytes} each (at most the block size),
     * on the usable pipelines in the round-robin order blocks take, for the leader OM to hand out small keys' blocks
     * without a call per key. Each lease's container counts its whole budget as allocated until {@link #release} takes
     * back what was not used.
     *
     * @throws ScmException as {@link #allocate}, and for no bytes, or more than {@link #MAX_LEASE_IDS} ids or {@link
     *     #MAX_LEASES} leases
     */
    public synchronized List<BlockLease> lease(long requestedBytes, int ids, int count) {
        if (requestedBytes <= 0 || ids <= 0 || ids > MAX_LEASE_IDS || count <= 0 || count > MAX_LEASES) {
            throw new ScmException(
                    ScmErrorCode.INVALID_REQUEST,
                    "a lease takes bytes, 1.." + MAX_LEASE_IDS + " ids, and at most " + MAX_LEASES + " at once: bytes="
                            + requestedBytes + ", ids=" + ids + ", count=" + count);
        }
        long bytes = Math.min(requestedBytes, blockSize);
        List<Pipeline> candidates = usablePipelines(ExcludeList.none());
        List<BlockLease> leases = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            AllocatedBlock first = allocateOne(candidates, bytes, ExcludeList.none(), store.allocateLocalIds(ids));
            leases.add(new BlockLease(first.containerId(), first.localId(), ids, bytes, first.pipeline()));
        }
        metrics.recordBlockLeases(count);
        return leases;
    }

    /** Takes back {@code bytes} of a lease's budget that no block used, so the container takes other blocks again. */
    public void release(long containerId, long bytes) {
        if (bytes < 0) {
            throw new ScmException(ScmErrorCode.INVALID_REQUEST, "released bytes must not be negative: " + bytes);
        }
        containers.release(containerId, bytes);
    }

    /**
     * The writable pipelines whose members all have room, less the excluded ones. Room is judged before exclusions: a
     * client that excluded the pipelines whose datanodes refused its write as full must hear NO_SPACE, not the
     * NO_OPEN_PIPELINE it would wait out. None in safe mode.
     */
    private List<Pipeline> usablePipelines(ExcludeList exclude) {
        if (safeMode.inSafeMode()) {
            throw new ScmException(ScmErrorCode.SAFE_MODE, "SCM is in safe mode");
        }
        List<Pipeline> writable = pipelines.writablePipelines();
        List<Pipeline> withRoom = writable.stream()
                .filter(p -> p.memberIds().stream().allMatch(hasRoom))
                .toList();
        if (withRoom.isEmpty() && !writable.isEmpty()) {
            throw new ScmException(
                    ScmErrorCode.NO_SPACE,
                    "every one of the " + writable.size() + " open pipelines has a datanode without a data volume"
                            + " that takes writes (all full, or failed); delete data or add datanodes");
        }
        List<Pipeline> usable = withRoom.stream()
                .filter(p -> !exclude.pipelines().contains(p.id()))
                .filter(p -> Collections.disjoint(p.memberIds(), exclude.datanodes()))
                .toList();
        if (usable.isEmpty()) {
            throw new ScmException(
                    ScmErrorCode.NO_OPEN_PIPELINE,
                    "no open pipeline" + (exclude.isEmpty() ? "" : " outside the exclude list " + exclude));
        }
        return usable;
    }
}
