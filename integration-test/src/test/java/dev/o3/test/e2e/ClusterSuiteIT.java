package dev.o3.test.e2e;

import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.minicluster.MiniO3Cluster;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestClassOrder;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real cluster (SCM, OM, three datanodes on one pipeline, the S3 gateway; security on, so block tokens are
 * checked) shared by every end-to-end scenario:
 * starting clusters is the expensive part on a 2-core runner. Scenarios that break nodes run last.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestClassOrder(ClassOrderer.OrderAnnotation.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ClusterSuiteIT {
    static final int BLOCK_SIZE = 4 * 1024 * 1024;
    static final String BLOCK_TOKEN_SECRET = "suite-block-token-secret";

    @TempDir
    static Path directory;

    private static ClusterWithBucket running;
    private static MiniO3Cluster cluster;
    private static OzoneClient client;
    private static OzoneBucket bucket;

    static MiniO3Cluster cluster() {
        return cluster;
    }

    static OzoneClient client() {
        return client;
    }

    static OzoneBucket bucket() {
        return bucket;
    }

    @BeforeAll
    void startCluster() {
        running = ClusterWithBucket.start(MiniO3Cluster.builder(directory)
                .numDatanodes(3)
                .withS3Gateway()
                .conf("ozone.scm.block.size", BLOCK_SIZE + "B")
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                // Every scenario reads and writes with block tokens, as a secure cluster does.
                .conf("ozone.security.enabled", "true")
                .conf("hdds.block.token.secret", BLOCK_TOKEN_SECRET)
                // A killed datanode must stay a lost follower while the big write goes on, as it would under the
                // 5-minute default: once STALE, SCM closes its pipeline, and three datanodes cannot form another
                // (NodeFailureDuringWriteIT covers that on four).
                .conf("ozone.scm.stale.node.interval", "5m")
                .conf("ozone.scm.dead.node.interval", "10m")
                // The replication manager scans every second from the start, so the suite shows it leaves a healthy
                // cluster alone.
                .conf("hdds.scm.replication.thread.interval", "1s")
                .conf("hdds.scm.wait.time.after.safemode.exit", "0s")
                .build());
        cluster = running.cluster();
        client = running.client();
        bucket = running.bucket();
    }

    @AfterAll
    void stopCluster() {
        if (running != null) {
            running.close();
        }
    }

    @Nested
    @Order(1)
    class WriteRead extends WriteReadScenario {}

    @Nested
    @Order(2)
    class Shell extends ShellScenario {}

    @Nested
    @Order(3)
    class S3 extends S3Scenario {}

    @Nested
    @Order(3)
    class S3Surface extends S3SurfaceScenario {}

    @Nested
    @Order(3)
    class S3a extends S3aScenario {}

    @Nested
    @Order(3)
    class S3Versions extends S3VersionsScenario {}

    @Nested
    @Order(3)
    class Ofs extends OfsScenario {}

    @Nested
    @Order(3)
    class OfsSync extends OfsSyncScenario {}

    @Nested
    @Order(3)
    class Acl extends AclScenario {}

    @Nested
    @Order(3)
    class Freon extends FreonScenario {}

    @Nested
    @Order(3)
    class BlockTokens extends BlockTokenScenario {}

    @Nested
    @Order(3)
    class RatisMetrics extends RatisMetricsScenario {}

    @Nested
    @Order(3)
    class DatanodeAdmin extends DatanodeAdminScenario {}

    @Nested
    @Order(3)
    class Admin extends AdminScenario {}

    @Nested
    @Order(4)
    class CorruptReplica extends CorruptReplicaScenario {}

    @Nested
    @Order(4)
    class ShortCircuitRead extends ShortCircuitReadScenario {}

    @Nested
    @Order(4)
    class S3ReadFaults extends S3ReadFaultScenario {}

    @Nested
    @Order(5)
    class DatanodeFailure extends DatanodeFailureScenario {}
}
