package dev.o3.test.e2e;

import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.minicluster.ClusterLayout;
import dev.o3.minicluster.MiniO3Cluster;
import java.time.Duration;
import java.util.Optional;

/**
 * A started cluster ready for keys: an OM leader, an open pipeline, and a client of the current user holding bucket
 * {@code vol1/bucket1} (OBJECT_STORE, three replicas). Closing it closes the client, then the cluster.
 *
 * @param cluster the running cluster
 * @param client a client of the current user
 * @param bucket {@code vol1/bucket1}
 */
record ClusterWithBucket(MiniO3Cluster cluster, OzoneClient client, OzoneBucket bucket) implements AutoCloseable {
    /** Starts {@code layout}'s cluster and waits until it serves writes; a failure on the way closes what started. */
    static ClusterWithBucket start(ClusterLayout layout) {
        MiniO3Cluster cluster = layout.newCluster().start();
        OzoneClient client = null;
        try {
            cluster.waitForOmLeader(Duration.ofSeconds(60));
            cluster.waitForOpenPipelines(1, Duration.ofSeconds(90));
            client = cluster.newClient(System.getProperty("user.name"));
            ObjectStore store = client.objectStore();
            store.createVolume("vol1", Optional.empty());
            store.getVolume("vol1").createBucket("bucket1", "OBJECT_STORE", 3);
            return new ClusterWithBucket(
                    cluster, client, store.getVolume("vol1").getBucket("bucket1"));
        } catch (RuntimeException e) {
            if (client != null) {
                client.close();
            }
            cluster.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            cluster.close();
        }
    }
}
