package dev.o3.test.contract;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.hadoopfs.RootedOzoneFileSystem;
import dev.o3.minicluster.MiniO3Cluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;

/** One three-datanode cluster for every contract test of the JVM, started on first use, closed at exit. */
final class ContractCluster {
    private static MiniO3Cluster cluster;

    private ContractCluster() {}

    /** The {@code ofs://} authority of the shared cluster. */
    static synchronized String authority() {
        if (cluster == null) {
            try {
                cluster = MiniO3Cluster.builder(Files.createTempDirectory("ofs-contract"))
                        .numDatanodes(3)
                        .build()
                        .newCluster()
                        .start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            cluster.waitForOmLeader(Duration.ofSeconds(60));
            cluster.waitForOpenPipelines(1, Duration.ofSeconds(90));
            MiniO3Cluster started = cluster;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "ofs-contract-cluster-stop"));
        }
        return cluster.clientConfiguration().get(CommonConfigKeys.OM_ADDRESS).get(0);
    }

    static String scheme() {
        return RootedOzoneFileSystem.SCHEME;
    }
}
