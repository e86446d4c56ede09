package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.block.AllocatedBlock;
import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.command.CommandStatus;
import dev.o3.scm.command.DatanodeCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestDeletedBlockLog {
    @TempDir
    Path directory;

    private ScmFixture fixture;
    private StorageContainerManager scm;
    private AllocatedBlock block;

    @BeforeEach
    void openCluster() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        scm = fixture.open();
        fixture.registerAll(3);
        fixture.openAllPipelines();
        block = scm.blocks().allocate(1024, 1, ExcludeList.none()).get(0);
        scm.deletedBlocks().addBlocks(Map.of(block.containerId(), List.of(block.localId())));
    }

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void everyReplicaGetsTheTransactionUntilItAcknowledges() {
        String first = block.pipeline().memberIds().get(0);
        DatanodeCommand.DeleteBlocks command = deleteCommand(fixture.heartbeat(first));
        assertThat(command.transactions()).singleElement().satisfies(tx -> {
            assertThat(tx.containerId()).isEqualTo(block.containerId());
            assertThat(tx.localIds()).containsExactly(block.localId());
            assertThat(tx.retryCount()).isZero();
        });
        // Not resent before the retry interval.
        assertThat(fixture.heartbeat(first)).isEmpty();

        fixture.clock().advance(Duration.ofSeconds(61));
        DatanodeCommand.DeleteBlocks retry = deleteCommand(fixture.heartbeat(first));
        assertThat(retry.transactions())
                .singleElement()
                .extracting(DeletedBlocksTransaction::retryCount)
                .isEqualTo(1);

        for (String member : block.pipeline().memberIds()) {
            List<DatanodeCommand> commands = member.equals(first) ? List.of(retry) : fixture.heartbeat(member);
            long commandId = deleteCommand(commands).commandId();
            fixture.heartbeat(member, List.of(), List.of(new CommandStatus(commandId, true)));
        }

        assertThat(scm.deletedBlocks().pending()).isEmpty();
        fixture.clock().advance(Duration.ofSeconds(61));
        assertThat(fixture.heartbeat(first)).isEmpty();
    }

    @Test
    void failedDeleteIsRetriedAndUnacknowledgedTransactionsSurviveRestart() {
        String first = block.pipeline().memberIds().get(0);
        long commandId = deleteCommand(fixture.heartbeat(first)).commandId();
        fixture.heartbeat(first, List.of(), List.of(new CommandStatus(commandId, false)));
        assertThat(scm.deletedBlocks().pending()).hasSize(1);

        scm = fixture.restart();

        assertThat(scm.deletedBlocks().pending()).singleElement().satisfies(tx -> assertThat(tx.localIds())
                .containsExactly(block.localId()));
    }

    private static DatanodeCommand.DeleteBlocks deleteCommand(List<DatanodeCommand> commands) {
        return commands.stream()
                .filter(DatanodeCommand.DeleteBlocks.class::isInstance)
                .map(DatanodeCommand.DeleteBlocks.class::cast)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no DeleteBlocks command in " + commands));
    }
}
