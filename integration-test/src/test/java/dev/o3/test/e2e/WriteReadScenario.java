package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.bucket;
import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.api.KeyInfo;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.om.OmException;
import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Keys written and read through the real client, OM, SCM and a three-datanode pipeline. */
abstract class WriteReadScenario {
    @Test
    void aWriteInAReplicationScmDoesNotOfferFailsAtOnceAsTheClientsMistake() {
        client().objectStore().getVolume("vol1").createBucket("one-replica", "OBJECT_STORE", 1);
        OzoneBucket oneReplica = client().objectStore().getVolume("vol1").getBucket("one-replica");

        // Not SCM_UNAVAILABLE, which the stream would ask again for during ozone.client.block.allocation.timeout.
        assertThatThrownBy(() -> {
                    try (OutputStream out = oneReplica.createKey("k", 10, Map.of())) {
                        out.write(new byte[10]);
                    }
                })
                .isInstanceOfSatisfying(
                        OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.INVALID_REQUEST))
                .hasMessageContaining("RATIS/THREE");
        assertThat(oneReplica.listKeys("", "", 10)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 4 * 1024 * 1024 + 1, 11 * 1024 * 1024})
    void keysRoundTripByteForByte(int size) throws IOException {
        byte[] data = Keys.random(size);
        String name = "key-" + size;

        try (OutputStream out = bucket().createKey(name, data.length, Map.of())) {
            out.write(data);
        }

        assertThat(bucket().getKey(name).size()).isEqualTo(size);
        try (InputStream in = bucket().readKey(name)) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    @Test
    void listAndDeleteSeeCommittedKeysOnly() throws IOException {
        Keys.write(bucket(), "list/a", 10, () -> {});
        Keys.write(bucket(), "list/b", 20, () -> {});

        assertThat(bucket().listKeys("list/", "", 100))
                .extracting(KeyInfo::name)
                .containsExactly("list/a", "list/b");

        bucket().deleteKey("list/a");
        assertThat(bucket().listKeys("list/", "", 100))
                .extracting(KeyInfo::name)
                .containsExactly("list/b");
    }
}
