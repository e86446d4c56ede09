package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.bucket;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A datanode of the pipeline dies while a large key is being written: the write completes (the pipeline keeps a
 * majority, or the client moves to a new block) and the key reads back byte-identical.
 */
abstract class DatanodeFailureScenario {
    /** 1 GiB as the issue asks; {@code -Do3.it.failure.key.mb=N} shrinks it for a quick local run. */
    private static final long SIZE = Long.getLong("o3.it.failure.key.mb", 1024) * 1024 * 1024;

    @Test
    void keyWrittenWhileADatanodeDiesReadsBackIdentical() throws IOException {
        int victim = 1;

        String written = Keys.write(bucket(), "survivor", SIZE, () -> cluster().stopDatanode(victim));

        assertThat(bucket().getKey("survivor").size()).isEqualTo(SIZE);
        assertThat(Keys.readDigest(bucket(), "survivor")).isEqualTo(written);
        cluster().restartDatanode(victim);
        assertThat(Keys.readDigest(bucket(), "survivor")).isEqualTo(written);
    }
}
