package dev.o3.datanode.replication;

import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerRecord;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.proto.container.ContainerResult;
import dev.o3.server.db.Batch;
import dev.o3.server.db.DbException;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes container replicas on SCM's command (an excess or unhealthy replica once its replacement is confirmed, an
 * empty container). As in Ozone, without {@code force} only a closed (or quasi-closed, unhealthy) replica without
 * blocks is deleted; with it any replica is. The replica leaves the container set first, so it is neither served nor
 * reported any more, then its rows go in one synced batch and its files after. Thread-safe.
 */
public final class ContainerRemover {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerRemover.class);

    private final String logPrefix;
    private final ContainerSet containers;
    private final ReplicationMetrics metrics;

    public ContainerRemover(String logPrefix, ContainerSet containers, ReplicationMetrics metrics) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.containers = Objects.requireNonNull(containers, "containers is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
    }

    /**
     * Deletes the replica; a container this datanode does not have is already deleted. Either way the container is
     * remembered as deleted here, so that a later entry of its pipeline's log does not create it again.
     *
     * @throws ContainerResultException INVALID_ARGUMENT when not forced and the replica is open or has blocks,
     *     IO_EXCEPTION on disk errors
     */
    public void delete(long containerId, boolean force) throws ContainerResultException {
        Optional<Container> found = containers.find(containerId);
        if (found.isEmpty()) {
            LOG.info("[{}] container {} to delete is not here", logPrefix, containerId);
            containers.markDeleted(containerId);
            return;
        }
        Container container = found.get();
        ContainerRecord record = container.record();
        if (!force && record.state().isWritable()) {
            throw new ContainerResultException(
                    ContainerResult.INVALID_ARGUMENT, container + " is " + record.state() + ": not deleted");
        }
        if (!force && record.blockCount() > 0) {
            throw new ContainerResultException(
                    ContainerResult.INVALID_ARGUMENT,
                    container + " has " + record.blockCount() + " blocks: not deleted");
        }
        if (!containers.remove(container)) {
            return;
        }
        DataVolume volume = container.volume();
        try {
            BlockRows.delete(volume, containerId);
            try (Batch batch = volume.database().newBatch()) {
                volume.containers().delete(batch, containerId);
                volume.database().commit(batch);
            }
            FileTrees.deleteRecursively(volume.containerDir(containerId));
        } catch (DbException | IOException e) {
            volume.onIoError(e);
            throw new ContainerResultException(
                    ContainerResult.IO_EXCEPTION, "cannot delete " + container + " completely: " + e, e);
        }
        metrics.recordDeleted();
        LOG.info(
                "[{}] deleted {} ({}, {} blocks, {} bytes{})",
                logPrefix,
                container,
                record.state(),
                record.blockCount(),
                record.usedBytes(),
                force ? ", forced" : "");
    }
}
