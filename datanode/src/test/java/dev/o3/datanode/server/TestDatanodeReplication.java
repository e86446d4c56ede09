package dev.o3.datanode.server;

import static dev.o3.datanode.server.DatanodeFixture.CLIENT_OPTIONS;
import static dev.o3.datanode.server.DatanodeFixture.await;
import static dev.o3.datanode.server.DatanodeFixture.blockId;
import static dev.o3.datanode.server.DatanodeFixture.conf;
import static dev.o3.datanode.server.DatanodeFixture.createPipeline;
import static dev.o3.datanode.server.DatanodeFixture.pipeline;
import static dev.o3.datanode.server.DatanodeFixture.writeBlock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.scm.ClosePipelineCommand;
import dev.o3.proto.scm.CommandStatus;
import dev.o3.proto.scm.ContainerReplicaReport;
import dev.o3.proto.scm.DeleteContainerCommand;
import dev.o3.proto.scm.ReplicateContainerCommand;
import dev.o3.proto.scm.ScmCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Replicate and delete container commands from SCM, run by two datanodes over the replication service. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestDatanodeReplication {
    private static final long CONTAINER = 12;

    @TempDir
    Path base;

    private FakeScm scm;
    private DatanodeServer source;
    private DatanodeServer destination;

    @BeforeEach
    void start() throws Exception {
        scm = new FakeScm();
        source = new DatanodeServer(conf(base.resolve("source"), 41, scm.port(), 1, 1));
        source.start();
        destination = new DatanodeServer(conf(base.resolve("destination"), 42, scm.port(), 1, 1));
        destination.start();
    }

    @AfterEach
    void stop() throws Exception {
        destination.close();
        source.close();
        scm.close();
    }

    @Test
    void copiesAClosedContainerOnCommandReportsItThenDeletesTheSourceReplica() throws Exception {
        Pipeline pipeline = pipeline(List.of(source.datanodeDetails()));
        createPipeline(scm, pipeline, List.of(source));
        try (ContainerRatisClient client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS)) {
            writeBlock(client, blockId(CONTAINER, 1), 3, 200_000);
            writeBlock(client, blockId(CONTAINER, 2), 1, 1000);
        }
        String sourceUuid = source.datanodeDetails().getUuid();
        String destinationUuid = destination.datanodeDetails().getUuid();
        scm.send(
                sourceUuid,
                ScmCommand.newBuilder()
                        .setClosePipeline(ClosePipelineCommand.newBuilder().setPipelineId(pipeline.getId())));
        source.triggerHeartbeat();
        assertThat(source.containers().get(CONTAINER).state()).isEqualTo(ReplicaState.CLOSED);
        assertThat(source.datanodeDetails().getReplicationPort()).isPositive();

        long replicate = scm.send(
                destinationUuid,
                ScmCommand.newBuilder()
                        .setReplicateContainer(ReplicateContainerCommand.newBuilder()
                                .setContainerId(CONTAINER)
                                .addSources(destination.datanodeDetails())
                                .addSources(source.datanodeDetails())));
        destination.triggerHeartbeat();
        await(
                Duration.ofSeconds(30),
                "the copy",
                () -> destination.containers().find(CONTAINER).isPresent());
        // The copy joins the container set just before its command is marked done: heartbeat until the status is in.
        await(Duration.ofSeconds(30), "the command status", () -> {
            destination.triggerHeartbeat();
            return status(replicate).isPresent();
        });

        assertThat(status(replicate))
                .hasValueSatisfying(status ->
                        assertThat(status.getSuccess()).as(status.getMessage()).isTrue());
        assertThat(scm.lastHeartbeat(destinationUuid).getContainersList())
                .filteredOn(report -> report.getContainerId() == CONTAINER)
                .singleElement()
                .returns(ContainerState.CONTAINER_CLOSED, ContainerReplicaReport::getState)
                .returns(2L, ContainerReplicaReport::getKeyCount);
        assertThat(destination.containers().get(CONTAINER).record())
                .isEqualTo(source.containers().get(CONTAINER).record());

        long refused = scm.send(
                sourceUuid,
                ScmCommand.newBuilder()
                        .setDeleteContainer(DeleteContainerCommand.newBuilder().setContainerId(CONTAINER)));
        long expired = scm.send(
                sourceUuid,
                ScmCommand.newBuilder()
                        .setDeleteContainer(DeleteContainerCommand.newBuilder()
                                .setContainerId(CONTAINER)
                                .setForce(true))
                        .setDeadlineEpochMs(System.currentTimeMillis() - 1));
        source.triggerHeartbeat();
        assertThat(source.containers().find(CONTAINER)).isPresent();

        long deleted = scm.send(
                sourceUuid,
                ScmCommand.newBuilder()
                        .setDeleteContainer(DeleteContainerCommand.newBuilder()
                                .setContainerId(CONTAINER)
                                .setForce(true)));
        source.triggerHeartbeat();
        source.triggerHeartbeat();

        assertThat(source.containers().find(CONTAINER)).isEmpty();
        assertThat(status(refused))
                .hasValueSatisfying(status -> assertThat(status.getSuccess()).isFalse());
        assertThat(status(expired))
                .hasValueSatisfying(status -> assertThat(status.getMessage()).contains("deadline"));
        assertThat(status(deleted))
                .hasValueSatisfying(status -> assertThat(status.getSuccess()).isTrue());
        assertThat(scm.lastHeartbeat(sourceUuid).getContainersList())
                .noneMatch(report -> report.getContainerId() == CONTAINER);
        assertThat(scm.lastHeartbeat(sourceUuid).getFullContainerReport())
                .as("a report that lists nothing is still a full report")
                .isTrue();
    }

    private Optional<CommandStatus> status(long commandId) {
        return scm.statuses().stream()
                .filter(status -> status.getCommandId() == commandId)
                .findFirst();
    }
}
