package dev.o3.datanode.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.security.BlockTokenException;
import dev.o3.common.security.BlockTokenSigner;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.CloseContainerRequest;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.CreateContainerRequest;
import dev.o3.proto.container.DeleteBlockRequest;
import dev.o3.proto.container.GetBlockRequest;
import dev.o3.proto.container.ListBlockRequest;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.ReadChunkRequest;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestBlockAccess {
    private static final BlockId BLOCK =
            BlockId.newBuilder().setContainerId(3).setLocalId(11).build();
    private static final BlockTokenSigner SIGNER =
            new BlockTokenSigner("secret", Clock.systemUTC(), Duration.ofHours(1));

    private final BlockAccess secure = new BlockAccess(Optional.of(SIGNER));

    @Test
    void blockWritesNeedTheBlocksWriteToken() {
        ByteString write = SIGNER.sign(BLOCK, Mode.WRITE, "alice");
        ByteString read = SIGNER.sign(BLOCK, Mode.READ, "alice");
        for (ContainerCommandRequest.Builder command : new ContainerCommandRequest.Builder[] {
            ContainerCommandRequest.newBuilder()
                    .setWriteChunk(WriteChunkRequest.newBuilder().setBlockId(BLOCK)),
            ContainerCommandRequest.newBuilder()
                    .setPutBlock(PutBlockRequest.newBuilder()
                            .setBlock(BlockData.newBuilder().setBlockId(BLOCK)))
        }) {
            assertThatCode(() -> secure.check(command.setBlockToken(write).build()))
                    .doesNotThrowAnyException();
            assertThatThrownBy(() -> secure.check(command.setBlockToken(read).build()))
                    .isInstanceOf(BlockTokenException.class)
                    .hasMessageContaining("grants READ, not WRITE");
        }
    }

    @Test
    void blockReadsNeedTheBlocksReadToken() {
        ByteString read = SIGNER.sign(BLOCK, Mode.READ, "alice");
        for (ContainerCommandRequest.Builder command : new ContainerCommandRequest.Builder[] {
            ContainerCommandRequest.newBuilder()
                    .setReadChunk(ReadChunkRequest.newBuilder().setBlockId(BLOCK)),
            ContainerCommandRequest.newBuilder()
                    .setGetBlock(GetBlockRequest.newBuilder().setBlockId(BLOCK)),
            ContainerCommandRequest.newBuilder()
                    .setGetBlock(GetBlockRequest.newBuilder()
                            .setBlockId(BLOCK)
                            .setReadOffset(0)
                            .setReadLength(4096))
        }) {
            assertThatCode(() -> secure.check(command.setBlockToken(read).build()))
                    .doesNotThrowAnyException();
            assertThatThrownBy(() -> secure.check(command.clearBlockToken().build()))
                    .hasMessageContaining("no block token for block 3/11");
        }
    }

    @Test
    void containerScopedCommandsNeedATokenForTheirContainer() {
        ByteString token = SIGNER.containerTokens().sign(3, "admin");
        for (ContainerCommandRequest.Builder command : new ContainerCommandRequest.Builder[] {
            ContainerCommandRequest.newBuilder().setCloseContainer(CloseContainerRequest.getDefaultInstance()),
            ContainerCommandRequest.newBuilder().setListBlock(ListBlockRequest.getDefaultInstance())
        }) {
            assertThat(BlockAccess.containerScoped(command.build())).isTrue();
            assertThatCode(() -> secure.check(
                            command.setContainerId(3).setContainerToken(token).build()))
                    .doesNotThrowAnyException();
            assertThatThrownBy(() -> secure.check(
                            command.setContainerId(4).setContainerToken(token).build()))
                    .hasMessageContaining("container token for container 3 used for container 4");
            assertThatThrownBy(() -> secure.check(
                            command.setContainerId(3).clearContainerToken().build()))
                    .hasMessageContaining("no container token for container 3");
            // a block token is no container token, even for a block of the container
            assertThatThrownBy(() -> secure.check(command.setContainerId(3)
                            .setContainerToken(SIGNER.sign(BLOCK, Mode.WRITE, "alice"))
                            .build()))
                    .isInstanceOf(BlockTokenException.class);
        }
        assertThat(secure.containerToken(9, "dn-1")).isNotEmpty();
        assertThat(new BlockAccess(Optional.empty()).containerToken(9, "dn-1")).isEmpty();
    }

    @Test
    void clientOnlyForbiddenCommandsAreRefused() {
        assertThatThrownBy(() -> secure.check(ContainerCommandRequest.newBuilder()
                        .setDeleteBlock(DeleteBlockRequest.newBuilder().setBlockId(BLOCK))
                        .setBlockToken(SIGNER.sign(BLOCK, Mode.WRITE, "alice"))
                        .build()))
                .hasMessageContaining("DELETE_BLOCK is not accepted from clients");
        assertThatThrownBy(() -> secure.check(ContainerCommandRequest.newBuilder()
                        .setCreateContainer(CreateContainerRequest.getDefaultInstance())
                        .build()))
                .hasMessageContaining("CREATE_CONTAINER is not accepted from clients");
    }

    @Test
    void withoutSecurityEverythingPasses() {
        assertThatCode(() -> new BlockAccess(Optional.empty())
                        .check(ContainerCommandRequest.newBuilder()
                                .setWriteChunk(WriteChunkRequest.newBuilder().setBlockId(BLOCK))
                                .build()))
                .doesNotThrowAnyException();
    }
}
