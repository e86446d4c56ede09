package dev.o3.datanode.replication;

import dev.o3.common.config.OzoneConfiguration;
import dev.o3.datanode.config.ReplicationConfig;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.scm.CommandStatus;
import dev.o3.proto.scm.ReplicateContainerCommand;
import dev.o3.proto.scm.ScmCommand;
import io.netty.buffer.PooledByteBufAllocator;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A datanode's part in container replication, as its server and heartbeat see it: the replication service other
 * datanodes pull from, the copies SCM asks this datanode to make, the replicas SCM asks it to delete, and the deadline
 * of those commands. Lifecycle: {@link #start}, {@link #close()}.
 */
public final class ReplicationService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicationService.class);

    private final String selfUuid;
    private final Clock clock;
    private final ReplicationMetrics metrics;
    private final ReplicationServer server;
    private final ReplicationSupervisor supervisor;
    private final ContainerRemover remover;

    private ReplicationService(
            String selfUuid,
            Clock clock,
            ReplicationMetrics metrics,
            ReplicationServer server,
            ReplicationSupervisor supervisor,
            ContainerRemover remover) {
        this.selfUuid = selfUuid;
        this.clock = clock;
        this.metrics = metrics;
        this.server = server;
        this.supervisor = supervisor;
        this.remover = remover;
    }

    /**
     * Where the replication service listens and how its connections (and the copies this datanode pulls) are
     * protected.
     */
    public record Endpoint(InetSocketAddress address, ReplicationTls tls) {
        public Endpoint {
            Objects.requireNonNull(address, "address is null");
            Objects.requireNonNull(tls, "tls is null");
        }
    }

    /**
     * Binds the replication service and starts the copy threads with the {@code hdds.datanode.replication.*}
     * settings; metrics go to {@code registry}.
     *
     * @throws IllegalStateException when the port cannot be bound
     */
    public static ReplicationService start(
            String logPrefix,
            String selfUuid,
            Endpoint endpoint,
            ContainerSet containers,
            VolumeSet volumes,
            OzoneConfiguration conf,
            PrometheusRegistry registry,
            Clock clock) {
        ReplicationConfig config = ReplicationConfig.from(conf);
        LOG.info("[{}] {}", logPrefix, config);
        ReplicationMetrics metrics = new ReplicationMetrics(registry);
        ReplicationServer server = new ReplicationServer(
                logPrefix,
                endpoint.address(),
                containers,
                config.outboundLimit(),
                config.idleTimeout(),
                metrics,
                PooledByteBufAllocator.DEFAULT,
                endpoint.tls());
        server.start();
        return new ReplicationService(
                Objects.requireNonNull(selfUuid, "selfUuid is null"),
                clock,
                metrics,
                server,
                new ReplicationSupervisor(logPrefix, containers, volumes, config, metrics, clock, endpoint.tls()),
                new ContainerRemover(logPrefix, containers, metrics));
    }

    /** The bound port of the replication service. */
    public int port() {
        return server.port();
    }

    /** Whether the command's deadline passed (counted as dropped when it is a replication command). */
    public boolean pastDeadline(ScmCommand command) {
        boolean past = command.getDeadlineEpochMs() > 0 && clock.millis() > command.getDeadlineEpochMs();
        if (past && (command.hasReplicateContainer() || command.hasDeleteContainer())) {
            metrics.recordDropped();
        }
        return past;
    }

    /** Queues a copy of a container from the command's sources but this datanode; {@code done} gets its status. */
    public void replicate(
            long commandId, ReplicateContainerCommand command, long deadline, Consumer<CommandStatus> done) {
        ReplicateContainerCommand others = command.toBuilder()
                .clearSources()
                .addAllSources(command.getSourcesList().stream()
                        .filter(source -> !source.getUuid().equals(selfUuid))
                        .toList())
                .build();
        supervisor.submit(commandId, others, deadline, done);
    }

    /**
     * Deletes a replica ({@link ContainerRemover#delete}).
     *
     * @throws ContainerResultException when it may not or cannot be deleted
     */
    public void deleteContainer(long containerId, boolean force) throws ContainerResultException {
        remover.delete(containerId, force);
    }

    @Override
    public void close() {
        try {
            supervisor.close();
        } finally {
            server.close();
        }
    }
}
