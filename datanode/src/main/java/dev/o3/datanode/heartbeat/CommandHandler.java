package dev.o3.datanode.heartbeat;

import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.ratis.RatisServer;
import dev.o3.datanode.replication.ReplicationService;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.proto.scm.CloseContainerCommand;
import dev.o3.proto.scm.CommandStatus;
import dev.o3.proto.scm.DeleteBlocksCommand;
import dev.o3.proto.scm.DeletedBlocksTransaction;
import dev.o3.proto.scm.ScmCommand;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.ratis.protocol.RaftGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the commands SCM returns in heartbeat responses: create/close pipeline, close container, delete blocks,
 * replicate container (queued: its status comes later) and delete container. A container is closed through its
 * pipeline's Raft log (by the leader) so every replica closes at the same index; a replica whose pipeline is gone is
 * QUASI_CLOSED. A command past its deadline is dropped unrun. Not thread-safe: the heartbeat thread confines it.
 */
public final class CommandHandler {
    private static final Logger LOG = LoggerFactory.getLogger(CommandHandler.class);

    private final String logPrefix;
    private final RatisServer ratis;
    private final ContainerSet containers;
    private final RatisClientOptions clientOptions;
    private final TransportSecurity security;
    private final ReplicationService replication;
    private final BlockAccess access;

    /** @param access signs the container tokens this datanode closes containers with (secure mode) */
    public CommandHandler(
            String logPrefix,
            RatisServer ratis,
            ContainerSet containers,
            RatisClientOptions clientOptions,
            TransportSecurity security,
            ReplicationService replication,
            BlockAccess access) {
        this.logPrefix = logPrefix;
        this.access = access;
        this.security = security;
        this.ratis = ratis;
        this.containers = containers;
        this.clientOptions = clientOptions;
        this.replication = replication;
    }

    /**
     * Runs one command; its status goes back to SCM with the next heartbeat.
     *
     * @param later receives the status of a command that runs in the background
     * @return the status, empty when {@code later} will get it
     */
    Optional<CommandStatus> run(ScmCommand command, Consumer<CommandStatus> later) {
        CommandStatus.Builder status =
                CommandStatus.newBuilder().setCommandId(command.getCommandId()).setSuccess(true);
        if (replication.pastDeadline(command)) {
            LOG.info(
                    "[{}] command {} ({}) dropped: its deadline passed",
                    logPrefix,
                    command.getCommandId(),
                    command.getCommandCase());
            return Optional.of(status.setSuccess(false)
                    .setMessage("dropped: deadline passed")
                    .build());
        }
        try {
            switch (command.getCommandCase()) {
                case REPLICATE_CONTAINER -> {
                    replication.replicate(
                            command.getCommandId(),
                            command.getReplicateContainer(),
                            command.getDeadlineEpochMs(),
                            later);
                    return Optional.empty();
                }
                case DELETE_CONTAINER -> replication.deleteContainer(
                        command.getDeleteContainer().getContainerId(),
                        command.getDeleteContainer().getForce());
                case CREATE_PIPELINE -> ratis.createPipeline(
                        command.getCreatePipeline().getPipeline());
                case CLOSE_PIPELINE -> closePipeline(command.getClosePipeline().getPipelineId());
                case CLOSE_CONTAINER -> closeContainer(command.getCloseContainer());
                case DELETE_BLOCKS -> deleteBlocks(command.getDeleteBlocks());
                default -> status.setSuccess(false)
                        .setMessage("command " + command.getCommandCase() + " is not supported by this datanode");
            }
        } catch (IOException | ContainerResultException | RuntimeException e) {
            LOG.warn("[{}] command {} ({}) failed", logPrefix, command.getCommandId(), command.getCommandCase(), e);
            status.setSuccess(false).setMessage(String.valueOf(e.getMessage()));
        }
        return Optional.of(status.build());
    }

    private void closeContainer(CloseContainerCommand command) throws ContainerResultException {
        Container container = containers.get(command.getContainerId());
        if (!container.state().isWritable()) {
            return;
        }
        container.transition(ReplicaState.CLOSING);
        String pipelineId =
                command.getPipelineId().isEmpty() ? container.record().pipelineId() : command.getPipelineId();
        Optional<RaftGroup> group = ratis.group(pipelineId);
        if (group.isEmpty()) {
            if (command.getForce()) {
                quasiClose(container, "its pipeline " + pipelineId + " is gone");
            }
            return;
        }
        if (isLeader(pipelineId)) {
            CompletableFuture<?> unused = submitClose(group.get(), container.id())
                    .whenComplete((ignored, error) -> {
                        if (error != null) {
                            LOG.warn(
                                    "[{}] closing container {} through pipeline {} failed",
                                    logPrefix,
                                    container.id(),
                                    pipelineId,
                                    error);
                        }
                    });
        }
    }

    private void closePipeline(String pipelineId) throws IOException {
        List<Container> open = containers.ofPipeline(pipelineId).stream()
                .filter(container -> container.state().isWritable())
                .toList();
        Optional<RaftGroup> group = ratis.group(pipelineId);
        if (group.isPresent() && isLeader(pipelineId)) {
            for (Container container : open) {
                awaitClose(submitClose(group.get(), container.id()), container);
            }
        }
        for (Container container : open) {
            if (container.state().isWritable()) {
                quasiClose(container, "pipeline " + pipelineId + " is closed");
            }
        }
        ratis.removePipeline(pipelineId);
    }

    private void deleteBlocks(DeleteBlocksCommand command) throws ContainerResultException {
        for (DeletedBlocksTransaction transaction : command.getTransactionsList()) {
            Optional<Container> container = containers.find(transaction.getContainerId());
            if (container.isEmpty()) {
                continue;
            }
            long freed = 0;
            for (long localId : transaction.getLocalIdsList()) {
                freed += container.get().deleteBlock(localId);
            }
            LOG.info(
                    "[{}] deleted {} blocks ({} bytes) of container {} (transaction {})",
                    logPrefix,
                    transaction.getLocalIdsCount(),
                    freed,
                    transaction.getContainerId(),
                    transaction.getTxId());
        }
    }

    private CompletableFuture<?> submitClose(RaftGroup group, long containerId) {
        ContainerRatisClient client = ContainerRatisClient.connect(group, clientOptions, security);
        return client.closeContainer(containerId, access.containerToken(containerId, logPrefix))
                .whenComplete((response, error) -> client.close());
    }

    private void awaitClose(CompletableFuture<?> closed, Container container) {
        try {
            closed.get(clientOptions.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("[{}] {} could not be closed through its pipeline", logPrefix, container, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void quasiClose(Container container, String reason) {
        if (container.transition(ReplicaState.QUASI_CLOSED)) {
            LOG.info("[{}] {} is QUASI_CLOSED: {}", logPrefix, container, reason);
        }
    }

    private boolean isLeader(String pipelineId) {
        return ratis.pipelines().stream().anyMatch(status -> status.pipelineId().equals(pipelineId) && status.leader());
    }
}
