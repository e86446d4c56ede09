package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.BLOCK_TOKEN_SECRET;
import static dev.o3.test.e2e.ClusterSuiteIT.bucket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.client.io.KeyInputStream;
import dev.o3.client.read.ContainerReadClient;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.common.security.BlockTokenSigner;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The suite's cluster runs with ozone.security.enabled, so every other scenario already reads and writes with the
 * tokens OM hands out. This one talks to the datanodes directly, as an attacker who knows block ids would: reads and
 * writes without a token, with a forged one, or with one for another block or mode are refused, and a refused write
 * leaves the pipeline serving the next writer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BlockTokenScenario {
    private static final long TIMEOUT_SECONDS = 30;
    private static final BlockTokenSigner FORGER =
            new BlockTokenSigner("not-the-cluster-secret", Clock.systemUTC(), Duration.ofHours(1));
    private static final BlockTokenSigner INSIDER =
            new BlockTokenSigner(BLOCK_TOKEN_SECRET, Clock.systemUTC(), Duration.ofHours(1));

    private final byte[] data = Keys.random(100_000);
    private BlockLocation block;

    @BeforeAll
    void writeKey() throws IOException {
        try (OutputStream out = bucket().createKey("token-guarded", data.length, Map.of())) {
            out.write(data);
        }
        try (KeyInputStream in = bucket().readKey("token-guarded")) {
            block = in.blocks().get(0);
        }
    }

    @Test
    void omHandsOutReadTokensThatTheReadServiceAccepts() throws Exception {
        assertThat(block.getToken())
                .as("the location OM returned carries a token")
                .isNotEmpty();
        try (ContainerReadClient reader = reader()) {
            assertThat(await(reader.getBlock(block.getBlockId(), block.getToken()))
                            .getSize())
                    .isEqualTo(data.length);
            assertThat(await(reader.getBlock(block.getBlockId(), block.getToken(), 0, data.length))
                            .getChunks(0)
                            .getData()
                            .toByteArray())
                    .as("the key is one chunk, all of it in the GetBlock")
                    .isEqualTo(data);
        }
    }

    @Test
    void readsWithoutAValidReadTokenAreRefused() {
        BlockId other = block.getBlockId().toBuilder()
                .setLocalId(block.getBlockId().getLocalId() + 1)
                .build();
        try (ContainerReadClient reader = reader()) {
            assertRefused(() -> await(reader.getBlock(block.getBlockId(), ByteString.EMPTY)), "no block token");
            assertRefused(
                    () -> await(reader.getBlock(block.getBlockId(), FORGER.sign(block.getBlockId(), Mode.READ, "eve"))),
                    "bad signature");
            assertRefused(
                    () -> await(reader.getBlock(block.getBlockId(), INSIDER.sign(other, Mode.READ, "eve"))),
                    "used for");
            assertRefused(
                    () -> await(reader.getBlock(block.getBlockId(), ByteString.EMPTY, 0, data.length)),
                    "no block token");
            assertRefused(
                    () -> await(reader.getBlock(
                            block.getBlockId(), INSIDER.sign(block.getBlockId(), Mode.WRITE, "eve"), 0, data.length)),
                    "grants WRITE, not READ");
            ChunkInfo chunk =
                    ChunkInfo.newBuilder().setOffset(0).setLength(4096).build();
            assertRefused(() -> await(reader.readChunk(block.getBlockId(), chunk, ByteString.EMPTY)), "no block token");
        }
    }

    @Test
    void writesWithoutAValidWriteTokenNeverReachThePipeline() throws IOException {
        BlockId target = block.getBlockId().toBuilder()
                .setLocalId(block.getBlockId().getLocalId() + 1_000_000)
                .build();
        ChunkInfo chunk = ChunkInfo.newBuilder().setOffset(0).setLength(4).build();
        ByteString bytes = ByteString.copyFromUtf8("evil");
        try (ContainerRatisClient pipeline =
                ContainerRatisClient.connect(block.getPipeline(), RatisClientOptions.DEFAULT)) {
            assertRefused(() -> await(pipeline.writeChunk(target, chunk, bytes, ByteString.EMPTY)), "no block token");
            assertRefused(
                    () -> await(pipeline.writeChunk(target, chunk, bytes, INSIDER.sign(target, Mode.READ, "eve"))),
                    "grants READ, not WRITE");
            assertRefused(
                    () -> await(pipeline.writeChunk(target, chunk, bytes, FORGER.sign(target, Mode.WRITE, "eve"))),
                    "bad signature");
        }
        try (OutputStream out = bucket().createKey("after-refusals", data.length, Map.of())) {
            out.write(data);
        }
        try (InputStream in = bucket().readKey("after-refusals")) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    /**
     * A reader of the pipeline's leader: it applied the write before acknowledging it, where a follower may still be
     * catching up (and not yet have the container).
     */
    private ContainerReadClient reader() {
        DatanodeDetails leader = block.getPipeline().getMembersList().stream()
                .filter(member -> member.getUuid().equals(block.getPipeline().getLeaderId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("OM named no leader of " + block.getPipeline()));
        return ContainerReadClient.connect(leader, GrpcConfig.defaults());
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private static void assertRefused(ThrowingCallable call, String reason) {
        assertThatThrownBy(call)
                .cause()
                .isInstanceOfSatisfying(ContainerCommandException.class, refused -> assertThat(refused.result())
                        .isEqualTo(ContainerResult.BLOCK_TOKEN_VERIFICATION_FAILED))
                .hasMessageContaining(reason);
    }
}
