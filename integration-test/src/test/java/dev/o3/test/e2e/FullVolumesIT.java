package dev.o3.test.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.client.io.KeyInputStream;
import dev.o3.client.om.OmException;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.om.OmStatus;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Datanodes whose volumes fill up ({@code hdds.datanode.volume.min.free.space} above their free space): a write fails
 * at once, as 507 InsufficientStorage over S3 and NO_SPACE through the native client, instead of waiting out the
 * block allocation timeout; what was written before stays readable, no volume is failed (so no replica is reported
 * missing), and writes go on once the datanodes have room again.
 */
@Tag("integration")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class FullVolumesIT {
    private static final String USER = System.getProperty("user.name");
    private static final String MIN_FREE = "hdds.datanode.volume.min.free.space";

    @TempDir
    Path directory;

    private static void setMinFreeSpace(MiniO3Cluster cluster, String size) {
        for (int i = 0; i < cluster.datanodeCount(); i++) {
            cluster.restartDatanode(i, MIN_FREE, size);
        }
    }

    @Test
    void aFullClusterRefusesWritesAtOnceAndKeepsServingReads() throws Exception {
        try (MiniO3Cluster cluster = MiniO3Cluster.builder(directory)
                .withS3Gateway()
                // Far longer than the test: a write that waited for a block instead of failing would time the test out.
                .conf("ozone.s3g.block.allocation.timeout", "10m")
                .conf("ozone.client.block.allocation.timeout", "10m")
                .conf(MIN_FREE, "0")
                .build()
                .newCluster()
                .start()) {
            cluster.waitForOmLeader(Duration.ofSeconds(60));
            cluster.waitForOpenPipelines(1, Duration.ofSeconds(60));
            S3Secret secret;
            try (OzoneClient client = cluster.newClient(USER)) {
                GatewayClients.awaitS3Volume(client);
                secret = client.objectStore().getS3Secret(USER);
            }
            byte[] before = Keys.random(4096);
            try (S3Client s3 = GatewayClients.withoutRetries(cluster, secret)) {
                s3.createBucket(b -> b.bucket("fills"));
                s3.putObject(b -> b.bucket("fills").key("before"), RequestBody.fromBytes(before));

                setMinFreeSpace(cluster, "1000TB");

                assertThatThrownBy(() -> s3.putObject(
                                b -> b.bucket("fills").key("during"), RequestBody.fromBytes(new byte[4096])))
                        .isInstanceOfSatisfying(S3Exception.class, e -> {
                            assertThat(e.statusCode()).isEqualTo(507);
                            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InsufficientStorage");
                        });
                try (OzoneClient client = cluster.newClient(USER)) {
                    OzoneBucket bucket = client.objectStore().getVolume("s3v").getBucket("fills");
                    assertThatThrownBy(() -> {
                                try (OutputStream out = bucket.createKey("native", 10, Map.of())) {
                                    out.write(new byte[10]);
                                }
                            })
                            .isInstanceOfSatisfying(OmException.class, e -> assertThat(e.status())
                                    .isEqualTo(OmStatus.NO_SPACE));
                    assertPipelineRefusesChunkWrites(bucket);
                }
                assertThat(s3.getObjectAsBytes(b -> b.bucket("fills").key("before"))
                                .asByteArray())
                        .as("a full cluster still serves what it holds")
                        .isEqualTo(before);
                for (int i = 0; i < cluster.datanodeCount(); i++) {
                    assertThat(cluster.datanode(i).volumes().all())
                            .as("volumes of datanode %d are full, not failed", i)
                            .allSatisfy(volume -> {
                                assertThat(volume.isFailed()).isFalse();
                                assertThat(volume.isFull()).isTrue();
                            })
                            .extracting(DataVolume::root)
                            .isNotEmpty();
                }
                assertThat(s3.listObjectsV2(b -> b.bucket("fills")).contents())
                        .as("nothing half-written is listed")
                        .extracting(o -> o.key())
                        .containsExactly("before");

                setMinFreeSpace(cluster, "0");

                s3.putObject(b -> b.bucket("fills").key("after"), RequestBody.fromBytes(new byte[4096]));
                assertThat(s3.listObjectsV2(b -> b.bucket("fills")).contents())
                        .extracting(o -> o.key())
                        .containsExactly("after", "before");
            }
        }
    }

    /** A writer that got its block before the volumes filled is refused by the leader, before the write is logged. */
    private static void assertPipelineRefusesChunkWrites(OzoneBucket bucket) throws Exception {
        BlockLocation block;
        try (KeyInputStream in = bucket.readKey("before")) {
            block = in.blocks().get(0);
        }
        BlockId next = block.getBlockId().toBuilder()
                .setLocalId(block.getBlockId().getLocalId() + 1_000_000)
                .build();
        ChunkInfo chunk = ChunkInfo.newBuilder().setOffset(0).setLength(4).build();
        try (ContainerRatisClient pipeline =
                ContainerRatisClient.connect(block.getPipeline(), RatisClientOptions.DEFAULT)) {
            assertThatThrownBy(() -> pipeline.writeChunk(next, chunk, ByteString.copyFromUtf8("full"), block.getToken())
                            .get(60, TimeUnit.SECONDS))
                    .cause()
                    .isInstanceOfSatisfying(ContainerCommandException.class, refused -> assertThat(refused.result())
                            .isEqualTo(ContainerResult.DISK_OUT_OF_SPACE))
                    .hasMessageContaining("is full");
        }
    }
}
