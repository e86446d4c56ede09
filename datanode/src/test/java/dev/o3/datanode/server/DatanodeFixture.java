package dev.o3.datanode.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.scm.CreatePipelineCommand;
import dev.o3.proto.scm.ScmCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Configuration and helpers shared by the datanode tests: small timeouts, loopback hosts, port 0. */
final class DatanodeFixture {
    static final int BYTES_PER_CHECKSUM = 4096;
    static final RatisClientOptions CLIENT_OPTIONS =
            new RatisClientOptions(Duration.ofSeconds(10), Duration.ofMillis(300), Duration.ofSeconds(30), 16 << 20);

    private DatanodeFixture() {}

    /** A datanode on 127.0.0.{host} with its own data and Ratis dirs under {@code base}. */
    static OzoneConfiguration conf(Path base, int host, int scmPort, int dataDirs, int ratisDirs) {
        Map<String, String> values = new HashMap<>();
        values.put("ozone.metadata.dirs", base.resolve("meta").toString());
        values.put("hdds.datanode.dir", dirs(base, "data", dataDirs));
        values.put("dfs.container.ratis.datanode.storage.dir", dirs(base, "ratis", ratisDirs));
        values.put("hdds.datanode.hostname", "127.0.0." + host);
        values.put("dfs.container.ratis.ipc", "0");
        values.put("dfs.container.ipc", "0");
        values.put("hdds.datanode.replication.port", "0");
        values.put("hdds.datanode.http-address", "127.0.0." + host + ":0");
        values.put("ozone.scm.datanode.address", "127.0.0.1:" + scmPort);
        values.put("hdds.heartbeat.interval", "1h");
        values.put("hdds.ratis.leader.election.minimum.timeout.duration", "500ms");
        values.put("hdds.ratis.raft.server.rpc.request.timeout", "3s");
        values.put("hdds.container.ratis.segment.size", "4MB");
        values.put("hdds.container.ratis.num.write.chunk.threads.per.volume", "2");
        values.put("hdds.datanode.read.threadpool", "2");
        values.put("hdds.container.scrub.enabled", "false");
        values.put("ozone.scm.container.size", "1MB");
        return OzoneConfiguration.of(values);
    }

    private static String dirs(Path base, String kind, int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> base.resolve(kind + i).toAbsolutePath().toString())
                .collect(Collectors.joining(","));
    }

    /** A RATIS pipeline over the given datanodes, the first one with the higher priority. */
    static Pipeline pipeline(List<DatanodeDetails> members) {
        Pipeline.Builder pipeline = Pipeline.newBuilder()
                .setId(UUID.randomUUID().toString())
                .setReplication(ReplicationConfig.newBuilder()
                        .setType(ReplicationType.RATIS)
                        .setFactor(members.size() == 1 ? ReplicationFactor.ONE : ReplicationFactor.THREE));
        for (int i = 0; i < members.size(); i++) {
            pipeline.addMembers(members.get(i)).addPriorities(i == 0 ? 1 : 0);
        }
        return pipeline.build();
    }

    /** Sends the create-pipeline command to every member, lets each run it now and waits for a leader. */
    static void createPipeline(FakeScm scm, Pipeline pipeline, List<DatanodeServer> members)
            throws InterruptedException {
        for (DatanodeServer member : members) {
            scm.send(
                    member.datanodeDetails().getUuid(),
                    ScmCommand.newBuilder()
                            .setCreatePipeline(
                                    CreatePipelineCommand.newBuilder().setPipeline(pipeline)));
            member.triggerHeartbeat();
        }
        await(Duration.ofSeconds(30), "a leader of pipeline " + pipeline.getId(), () -> members.stream()
                .flatMap(member -> member.pipelines().stream())
                .anyMatch(status -> status.pipelineId().equals(pipeline.getId()) && status.leader()));
    }

    /** Random data of a chunk. */
    static ByteString randomData(long seed, int length) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return ByteString.copyFrom(bytes);
    }

    /** Chunk metadata with CRC32C checksums of its data. */
    static ChunkInfo chunk(long localId, int index, long offset, ByteString data) {
        return ChunkInfo.newBuilder()
                .setChunkName(localId + "_chunk_" + index)
                .setOffset(offset)
                .setLength(data.size())
                .setChecksum(ChunkChecksums.compute(data.asReadOnlyByteBuffer(), BYTES_PER_CHECKSUM))
                .build();
    }

    /** Writes a block of {@code chunks} chunks (all in flight at once), then commits it; returns the PutBlock. */
    static PutBlockResponse writeBlock(ContainerRatisClient client, BlockId blockId, int chunks, int chunkSize)
            throws Exception {
        List<ChunkInfo> infos = new ArrayList<>();
        List<CompletableFuture<ContainerCommandResponse>> writes = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            ByteString data = randomData(blockId.getLocalId() * 1000 + i, chunkSize);
            ChunkInfo info = chunk(blockId.getLocalId(), i, (long) i * chunkSize, data);
            infos.add(info);
            writes.add(client.writeChunk(blockId, info, data, ByteString.EMPTY));
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        BlockData block = BlockData.newBuilder()
                .setBlockId(blockId)
                .addAllChunks(infos)
                .setSize((long) chunks * chunkSize)
                .build();
        return client.putBlock(block, true, ByteString.EMPTY).get(30, TimeUnit.SECONDS);
    }

    static BlockId blockId(long containerId, long localId) {
        return BlockId.newBuilder()
                .setContainerId(containerId)
                .setLocalId(localId)
                .build();
    }

    /** Polls until the condition holds or the deadline passes. */
    static void await(Duration timeout, String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() < deadline)
                    .as("timed out waiting for " + what)
                    .isTrue();
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }
}
