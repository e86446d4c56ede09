package dev.o3.datanode.replication;

import dev.o3.common.concurrent.Threads;
import dev.o3.datanode.config.ReplicationConfig;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.replication.ContainerHeader;
import dev.o3.proto.scm.CommandStatus;
import dev.o3.proto.scm.ReplicateContainerCommand;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs SCM's replicate-container commands on the destination (pull): up to {@code streamsLimit} copies at once, the
 * rest queued up to {@code queueLimit}. A copy tries the command's sources in random order until one succeeds; each
 * attempt stages the container on a volume with room for twice its size, checks every chunk and the record, then
 * installs it, so the next container report tells SCM. A failed attempt leaves nothing behind. A command whose
 * deadline passed while it waited is dropped. Thread-safe.
 */
public final class ReplicationSupervisor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicationSupervisor.class);

    private final String logPrefix;
    private final ContainerSet containers;
    private final VolumeSet volumes;
    private final ReplicationMetrics metrics;
    private final Clock clock;
    private final BlockFileWriter writer;
    private final UnaryOperator<List<DatanodeDetails>> sourceOrder;
    private final ContainerDownloader downloader;
    private final ThreadPoolExecutor executor;
    private final Set<Long> inProgress = ConcurrentHashMap.newKeySet();
    private final Map<DataVolume, Long> reserved = new HashMap<>();

    /** A supervisor that tries sources in random order and writes with plain file writes. */
    public ReplicationSupervisor(
            String logPrefix,
            ContainerSet containers,
            VolumeSet volumes,
            ReplicationConfig config,
            ReplicationMetrics metrics,
            Clock clock,
            ReplicationTls tls) {
        this(
                logPrefix,
                containers,
                volumes,
                config,
                metrics,
                clock,
                new Transfer(tls, BlockFileWriter.DIRECT),
                sources -> {
                    List<DatanodeDetails> shuffled = new ArrayList<>(sources);
                    Collections.shuffle(shuffled);
                    return shuffled;
                });
    }

    /**
     * How a copy's bytes move.
     *
     * @param tls how to connect to sources
     * @param writer writes received block file bytes
     */
    record Transfer(ReplicationTls tls, BlockFileWriter writer) {
        Transfer {
            Objects.requireNonNull(tls, "tls is null");
            Objects.requireNonNull(writer, "writer is null");
        }
    }

    /**
     * @param transfer how to connect to sources and write what they send
     * @param sourceOrder the order to try a command's sources in
     */
    ReplicationSupervisor(
            String logPrefix,
            ContainerSet containers,
            VolumeSet volumes,
            ReplicationConfig config,
            ReplicationMetrics metrics,
            Clock clock,
            Transfer transfer,
            UnaryOperator<List<DatanodeDetails>> sourceOrder) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.containers = Objects.requireNonNull(containers, "containers is null");
        this.volumes = Objects.requireNonNull(volumes, "volumes is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.writer = transfer.writer();
        this.sourceOrder = Objects.requireNonNull(sourceOrder, "sourceOrder is null");
        this.downloader = new ContainerDownloader(logPrefix, config.idleTimeout(), transfer.tls());
        this.executor = new ThreadPoolExecutor(
                config.streamsLimit(),
                config.streamsLimit(),
                0,
                TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(config.queueLimit()),
                Threads.daemonThreadsNamed(logPrefix + "-replication"));
        removeStaleCopies();
    }

    /**
     * Queues a replicate command; {@code done} gets its status once it ran, failed or was dropped.
     *
     * @param deadlineEpochMs when to drop the command if it has not started (0 = never)
     */
    public void submit(
            long commandId, ReplicateContainerCommand command, long deadlineEpochMs, Consumer<CommandStatus> done) {
        long containerId = command.getContainerId();
        CommandStatus.Builder status = CommandStatus.newBuilder().setCommandId(commandId);
        if (!inProgress.add(containerId)) {
            done.accept(status.setMessage("container " + containerId + " is being copied already")
                    .build());
            return;
        }
        try {
            executor.execute(() -> {
                CommandStatus result;
                try {
                    result = run(command, deadlineEpochMs, status);
                } finally {
                    inProgress.remove(containerId);
                }
                // After the removal: SCM may send the command again as soon as it sees the status.
                done.accept(result);
            });
        } catch (RejectedExecutionException e) {
            inProgress.remove(containerId);
            done.accept(status.setMessage("replication queue is full").build());
        }
    }

    /**
     * Copies a container now, on the calling thread, trying the sources in the given order.
     *
     * @return the source it was copied from
     * @throws ReplicationException when the container is here already or no source could provide it
     */
    public DatanodeDetails replicate(long containerId, List<DatanodeDetails> sources)
            throws ReplicationException, InterruptedException {
        if (containers.find(containerId).isPresent()) {
            throw new ReplicationException("container " + containerId + " is already on this datanode");
        }
        List<String> failures = new ArrayList<>();
        for (DatanodeDetails source : sources) {
            try {
                copyFrom(containerId, source);
                return source;
            } catch (ReplicationException e) {
                LOG.warn(
                        "[{}] copying container {} from {} failed: {}",
                        logPrefix,
                        containerId,
                        name(source),
                        e.getMessage());
                failures.add(name(source) + ": " + e.getMessage());
                if (containers.find(containerId).isPresent()) {
                    throw new ReplicationException("container " + containerId + " appeared on this datanode", e);
                }
            }
        }
        throw new ReplicationException("container " + containerId + " could not be copied from any source " + failures);
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("[{}] replication threads did not stop", logPrefix);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        downloader.close();
    }

    private CommandStatus run(ReplicateContainerCommand command, long deadlineEpochMs, CommandStatus.Builder status) {
        long containerId = command.getContainerId();
        if (deadlineEpochMs > 0 && clock.millis() > deadlineEpochMs) {
            metrics.recordDropped();
            LOG.info("[{}] replication of container {} dropped: its deadline passed", logPrefix, containerId);
            return status.setMessage("dropped: deadline passed before the copy started")
                    .build();
        }
        try {
            DatanodeDetails source = replicate(containerId, sourceOrder.apply(command.getSourcesList()));
            return status.setSuccess(true)
                    .setMessage("container " + containerId + " copied from " + name(source))
                    .build();
        } catch (ReplicationException e) {
            return status.setMessage(e.getMessage()).build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return status.setMessage("interrupted").build();
        }
    }

    private void copyFrom(long containerId, DatanodeDetails source) throws ReplicationException, InterruptedException {
        InetSocketAddress address = new InetSocketAddress(
                source.getIpAddress().isEmpty() ? source.getHostName() : source.getIpAddress(),
                source.getReplicationPort());
        long start = System.nanoTime();
        metrics.started(ReplicationMetrics.IN);
        boolean success = false;
        Reservation reservation = new Reservation();
        ContainerReceiver receiver = new ContainerReceiver(containerId, header -> stage(header, reservation), metrics);
        try {
            downloader.download(containerId, address, receiver);
            receiver.staged().install(containers, receiver.record());
            success = true;
            LOG.info(
                    "[{}] copied container {} ({} bytes) from {} in {} ms",
                    logPrefix,
                    containerId,
                    receiver.record().usedBytes(),
                    name(source),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        } catch (ContainerResultException | IOException e) {
            throw new ReplicationException("cannot install the copy: " + e.getMessage(), e);
        } finally {
            metrics.finished(ReplicationMetrics.IN, success, System.nanoTime() - start);
            discard(receiver.staged());
            reservation.release();
        }
    }

    /** Chooses the healthy volume with the most room, which needs twice the container's size, and stages on it. */
    private StagedContainer stage(ContainerHeader header, Reservation reservation) throws ReplicationException {
        long needed = 2 * header.getUsedBytes();
        DataVolume volume;
        synchronized (reserved) {
            volume = volumes.healthy().stream()
                    .filter(candidate -> room(candidate) >= needed)
                    .max(Comparator.comparingLong(this::room))
                    .orElseThrow(() -> new ReplicationException("no healthy volume has room for " + needed
                            + " bytes of container " + header.getContainerId()));
            reserved.merge(volume, needed, Long::sum);
            reservation.volume = volume;
            reservation.bytes = needed;
        }
        try {
            return StagedContainer.create(volume, header.getContainerId(), writer);
        } catch (IOException e) {
            volume.onIoError(e);
            throw new ReplicationException("cannot stage container " + header.getContainerId() + " on " + volume, e);
        }
    }

    private long room(DataVolume volume) {
        return volume.usage().available() - reserved.getOrDefault(volume, 0L);
    }

    private void discard(StagedContainer staged) {
        if (staged == null) {
            return;
        }
        try {
            staged.close();
        } catch (IOException e) {
            LOG.warn("[{}] cannot delete a staged copy on {}: {}", logPrefix, staged.volume(), e.toString());
        }
    }

    /** Space set aside on a volume for one copy, so concurrent copies do not all pick the same almost full volume. */
    private final class Reservation {
        private DataVolume volume;
        private long bytes;

        void release() {
            synchronized (reserved) {
                if (volume != null) {
                    reserved.computeIfPresent(volume, (key, value) -> value - bytes <= 0 ? null : value - bytes);
                    volume = null;
                }
            }
        }
    }

    /** Copies left by a stop or crash in the middle; their containers were never installed. */
    private void removeStaleCopies() {
        for (DataVolume volume : volumes.healthy()) {
            try {
                FileTrees.deleteRecursively(volume.root().resolve(StagedContainer.STAGING_DIR));
            } catch (IOException e) {
                LOG.warn("[{}] cannot remove stale copies on {}: {}", logPrefix, volume, e.toString());
            }
        }
    }

    private static String name(DatanodeDetails datanode) {
        return datanode.getHostName() + "/" + datanode.getUuid();
    }
}
