package dev.o3.test.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.io.KeyOutputStream;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.proto.hdds.SecretKeyProto;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SCM rotates the block-token key every 2 s while a 1 GiB key is written through one stream: the blocks begun
 * before a rotation carry tokens of the previous key, and the datanodes still accept them, so the write completes and
 * reads back intact; OM signs later blocks with the new key.
 */
@Tag("integration")
class BlockTokenKeyRotationIT {
    private static final int MB = 1024 * 1024;
    private static final int BLOCK_SIZE = 16 * MB;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void aRotationInTheMiddleOfALargeWriteDoesNotFailIt() throws Exception {
        try (MiniO3Cluster cluster = MiniO3Cluster.builder(directory)
                .numDatanodes(3)
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                .conf("ozone.scm.block.size", BLOCK_SIZE + "B")
                .conf("hdds.secret.key.rotate.duration", "2s")
                .conf("hdds.secret.key.rotate.check.duration", "500ms")
                // longer than the write, so that the first key is still known at its end
                .conf("hdds.secret.key.expiry.duration", "15m")
                .secure()
                .build()
                .newCluster()
                .start()) {
            cluster.waitForOmLeader(Duration.ofSeconds(60));
            cluster.waitForOpenPipelines(1, Duration.ofSeconds(90));
            try (OzoneClient client =
                    cluster.newClient(cluster.adminCredential().accessKeyId())) {
                ObjectStore store = client.objectStore();
                store.createVolume("vol", Optional.empty());
                store.getVolume("vol").createBucket("bucket", "OBJECT_STORE", 3);
                OzoneBucket bucket = store.getVolume("vol").getBucket("bucket");
                byte[] chunk = new byte[MB];
                new Random(42).nextBytes(chunk);
                MessageDigest written = MessageDigest.getInstance("SHA-256");
                long firstKey = newestActive(cluster.scm().secretKeys());
                int total = 1024;

                try (KeyOutputStream out = bucket.createKey("big", 0, Map.of())) {
                    for (int i = 0; i < total; i++) {
                        if (i == total / 2 + BLOCK_SIZE / MB / 2) {
                            // Mid-block (520 MB of 16 MB blocks): wait until OMs sign with a key two rotations on.
                            waitForActiveKeyAfter(cluster, firstKey + 1);
                        }
                        chunk[0] = (byte) i;
                        out.write(chunk);
                        written.update(chunk);
                    }
                }

                assertThat(newestActive(cluster.scm().secretKeys())).isGreaterThan(firstKey + 1);
                assertThat(cluster.scm().secretKeys())
                        .extracting(SecretKeyProto::getId)
                        .contains(firstKey);
                MessageDigest read = MessageDigest.getInstance("SHA-256");
                long length = 0;
                try (InputStream in = bucket.readKey("big")) {
                    byte[] buffer = new byte[MB];
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        read.update(buffer, 0, n);
                        length += n;
                    }
                }
                assertThat(length).isEqualTo((long) total * MB);
                assertThat(read.digest()).isEqualTo(written.digest());
            }
        }
    }

    private static long newestActive(List<SecretKeyProto> keys) {
        long now = System.currentTimeMillis();
        return keys.stream()
                .filter(key -> key.getActivationMillis() <= now)
                .mapToLong(SecretKeyProto::getId)
                .max()
                .orElse(0);
    }

    private static void waitForActiveKeyAfter(MiniO3Cluster cluster, long id) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (newestActive(cluster.scm().secretKeys()) <= id) {
            assertThat(System.nanoTime()).as("a new block-token key in time").isLessThan(deadline);
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        }
    }
}
