package dev.o3.freon.generator;

import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import java.util.List;

/** A generator working on keys of one bucket through the Ozone client. */
abstract class BucketGenerator extends Generator {
    @Override
    final Operation prepare(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) {
        return operation(buckets(client.objectStore()));
    }

    @Override
    final AsyncOperation prepareAsync(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) {
        return asyncOperation(buckets(client.objectStore()));
    }

    /** The buckets the run works on, each created if missing: by default just the generator's bucket. */
    List<String> bucketNames() {
        return List.of(bucketName());
    }

    private List<OzoneBucket> buckets(ObjectStore store) {
        return bucketNames().stream().map(name -> bucket(store, name)).toList();
    }

    /** The operation for index i, against the prepared buckets of {@link #bucketNames()}; by default the first. */
    Operation operation(List<OzoneBucket> buckets) {
        return operation(buckets.get(0));
    }

    /** As {@link #operation(List)}, asynchronous. */
    AsyncOperation asyncOperation(List<OzoneBucket> buckets) {
        return asyncOperation(buckets.get(0));
    }

    /** The operation for index i, against the prepared bucket. */
    Operation operation(OzoneBucket bucket) {
        throw new UnsupportedOperationException("the operation takes the list of buckets");
    }

    /** The asynchronous operation for index i, for generators whose {@link #hasAsyncMode()} is true. */
    AsyncOperation asyncOperation(OzoneBucket bucket) {
        throw new UnsupportedOperationException("no asynchronous mode");
    }
}
