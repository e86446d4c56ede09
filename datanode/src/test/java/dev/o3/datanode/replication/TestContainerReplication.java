package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.scm.CommandStatus;
import dev.o3.proto.scm.ReplicateContainerCommand;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestContainerReplication {
    private static final long CONTAINER = 7;

    @TempDir
    Path dir;

    @Test
    void copiesFileBlocksAndBlocksKeptInTheDatabaseByteForByte() throws Exception {
        try (StorageNode source = new StorageNode(dir.resolve("source"));
                StorageNode destination = new StorageNode(dir.resolve("destination"))) {
            source.writeContainer(CONTAINER, 5, 3, 256 * 1024 + 11, 20, 3000);

            assertThat(destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isEqualTo(source.details());

            destination.assertSameContainer(source, CONTAINER);
            assertThat(destination.containers().get(CONTAINER).state()).isEqualTo(ReplicaState.CLOSED);
            assertThat(destination.stagedFiles()).isEmpty();
            assertThat(destination.metrics().copies(ReplicationMetrics.IN)).isEqualTo(1);
            assertThat(destination.metrics().bytes(ReplicationMetrics.IN))
                    .isEqualTo(source.containers().get(CONTAINER).record().usedBytes());
            source.awaitCopiesServed(1);
            assertThat(source.metrics().copies(ReplicationMetrics.OUT)).isEqualTo(1);
            assertThat(source.metrics().inFlight(ReplicationMetrics.OUT)).isZero();
        }
    }

    @Test
    void copiedContainerSurvivesARestartOfTheDestination() throws Exception {
        try (StorageNode source = new StorageNode(dir.resolve("source"))) {
            source.writeContainer(CONTAINER, 2, 2, 100_000, 3, 500);
            try (StorageNode destination = new StorageNode(dir.resolve("destination"))) {
                destination.supervisor().replicate(CONTAINER, List.of(source.details()));
            }
            try (StorageNode restarted = new StorageNode(dir.resolve("destination"))) {
                restarted.assertSameContainer(source, CONTAINER);
            }
        }
    }

    @Test
    void corruptSourceBlockIsDetectedAndTheCopyCompletesFromTheNextSource() throws Exception {
        try (StorageNode corrupt = new StorageNode(dir.resolve("corrupt"));
                StorageNode good = new StorageNode(dir.resolve("good"));
                StorageNode destination = new StorageNode(dir.resolve("destination"))) {
            corrupt.writeContainer(CONTAINER, 3, 2, 200_000, 2, 1000);
            good.writeContainer(CONTAINER, 3, 2, 200_000, 2, 1000);
            Container bad = corrupt.containers().get(CONTAINER);
            try (RandomAccessFile file =
                    new RandomAccessFile(bad.volume().blockFile(CONTAINER, 101).toFile(), "rw")) {
                file.seek(150_000);
                int value = file.read();
                file.seek(150_000);
                file.write(value ^ 0x40);
            }

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(corrupt.details())))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("checksum mismatch");
            assertThat(destination.containers().find(CONTAINER)).isEmpty();
            assertThat(destination.stagedFiles()).isEmpty();
            assertThat(destination.blockRows(CONTAINER)).isZero();

            assertThat(destination.supervisor().replicate(CONTAINER, List.of(corrupt.details(), good.details())))
                    .isEqualTo(good.details());
            destination.assertSameContainer(good, CONTAINER);
            assertThat(destination.metrics().failures(ReplicationMetrics.IN)).isEqualTo(2);
            assertThat(destination.stagedFiles()).isEmpty();
        }
    }

    @Test
    void sourceStoppedHalfWayLeavesNoPartialContainerAndAnotherSourceCompletesIt() throws Exception {
        Path destinationRoot = dir.resolve("destination");
        AtomicBoolean stopSource = new AtomicBoolean();
        try (StorageNode first = new StorageNode(dir.resolve("first"));
                StorageNode second = new StorageNode(dir.resolve("second"))) {
            // 64 MB: far more than the socket buffers hold, so the stop lands in the middle of the stream.
            first.writeContainer(CONTAINER, 16, 4, 1 << 20, 10, 2000);
            second.writeContainer(CONTAINER, 16, 4, 1 << 20, 10, 2000);
            BlockFileWriter stopsFirstSource = (file, data, position) -> {
                if (position > 0 && stopSource.compareAndSet(true, false)) {
                    first.server().close();
                }
                return file.write(data, position);
            };
            try (StorageNode destination = new StorageNode(
                    destinationRoot, PooledByteBufAllocator.DEFAULT, stopsFirstSource, Clock.systemUTC())) {
                stopSource.set(true);
                assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(first.details())))
                        .isInstanceOf(ReplicationException.class);
                assertThat(stopSource).isFalse();
                assertThat(destination.containers().find(CONTAINER)).isEmpty();
                assertThat(destination.stagedFiles()).isEmpty();
                assertThat(destination.blockRows(CONTAINER)).isZero();
                assertThat(Files.exists(destination.volumes().all().get(0).containerDir(CONTAINER)))
                        .isFalse();

                assertThat(destination.supervisor().replicate(CONTAINER, List.of(first.details(), second.details())))
                        .isEqualTo(second.details());
                destination.assertSameContainer(second, CONTAINER);
                assertThat(destination.stagedFiles()).isEmpty();
            }
        }
    }

    @Test
    void refusesAContainerItHasAlready() throws Exception {
        try (StorageNode source = new StorageNode(dir.resolve("source"));
                StorageNode destination = new StorageNode(dir.resolve("destination"))) {
            source.writeContainer(CONTAINER, 1, 1, 1000, 1, 100);
            destination.writeContainer(CONTAINER, 1, 1, 500, 0, 0);

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("already on this datanode");
            CompletableFuture<CommandStatus> status = new CompletableFuture<>();
            destination
                    .supervisor()
                    .submit(
                            42,
                            ReplicateContainerCommand.newBuilder()
                                    .setContainerId(CONTAINER)
                                    .addSources(source.details())
                                    .build(),
                            0,
                            status::complete);
            assertThat(status.get().getSuccess()).isFalse();
            assertThat(status.get().getCommandId()).isEqualTo(42);
            assertThat(source.metrics().copies(ReplicationMetrics.OUT)).isZero();
        }
    }

    @Test
    void sourceRefusesAnOpenContainer() throws Exception {
        try (StorageNode source = new StorageNode(dir.resolve("source"));
                StorageNode destination = new StorageNode(dir.resolve("destination"))) {
            source.containers().getOrCreate(CONTAINER, "pipeline-1");

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("only closed containers are copied");
            assertThat(destination.containers().find(CONTAINER)).isEmpty();
        }
    }

    @Test
    void commandsRunInTheBackgroundAndAreDroppedPastTheirDeadline() throws Exception {
        Clock clock = Clock.fixed(Instant.parse("2026-11-25T12:00:00Z"), ZoneOffset.UTC);
        try (StorageNode source = new StorageNode(dir.resolve("source"));
                StorageNode destination = new StorageNode(
                        dir.resolve("destination"), PooledByteBufAllocator.DEFAULT, BlockFileWriter.DIRECT, clock)) {
            source.writeContainer(CONTAINER, 1, 2, 5000, 1, 100);
            ReplicateContainerCommand command = ReplicateContainerCommand.newBuilder()
                    .setContainerId(CONTAINER)
                    .addSources(source.details())
                    .build();

            CompletableFuture<CommandStatus> late = new CompletableFuture<>();
            destination.supervisor().submit(1, command, clock.millis() - 1, late::complete);
            assertThat(late.get().getSuccess()).isFalse();
            assertThat(late.get().getMessage()).contains("deadline");
            assertThat(destination.metrics().dropped()).isEqualTo(1);
            assertThat(destination.containers().find(CONTAINER)).isEmpty();

            CompletableFuture<CommandStatus> done = new CompletableFuture<>();
            destination.supervisor().submit(2, command, clock.millis() + 1, done::complete);
            assertThat(done.get().getSuccess()).as(done.get().getMessage()).isTrue();
            destination.assertSameContainer(source, CONTAINER);
        }
    }

    @Test
    void deletesAClosedEmptyReplicaButANonEmptyOneOnlyWhenForced() throws Exception {
        try (StorageNode node = new StorageNode(dir.resolve("node"))) {
            ContainerRemover remover = new ContainerRemover("test", node.containers(), node.metrics());
            Container full = node.writeContainer(CONTAINER, 2, 1, 1000, 2, 100);
            Container empty = node.writeContainer(CONTAINER + 1, 0, 0, 0, 0, 0);
            Container open = node.containers().getOrCreate(CONTAINER + 2, "pipeline-1");

            assertThatThrownBy(() -> remover.delete(CONTAINER, false))
                    .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                            .isEqualTo(ContainerResult.INVALID_ARGUMENT))
                    .hasMessageContaining("blocks");
            assertThatThrownBy(() -> remover.delete(open.id(), false)).hasMessageContaining("OPEN");
            assertThat(node.containers().find(CONTAINER)).isPresent();

            remover.delete(empty.id(), false);
            remover.delete(CONTAINER, true);
            remover.delete(CONTAINER + 99, false);

            assertThat(node.containers().find(CONTAINER)).isEmpty();
            assertThat(node.containers().find(empty.id())).isEmpty();
            assertThat(node.blockRows(CONTAINER)).isZero();
            assertThat(Files.exists(full.volume().containerDir(CONTAINER))).isFalse();
            assertThat(full.volume().containers().get(CONTAINER)).isEmpty();
            assertThat(full.volume().blockContents().get(new dev.o3.datanode.volume.BlockKey(CONTAINER, 102)))
                    .isEmpty();
        }
    }
}
