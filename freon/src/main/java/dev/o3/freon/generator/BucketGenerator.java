package dev.o3.freon.generator;

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
        return operation(bucket(client.objectStore()));
    }

    @Override
    final AsyncOperation prepareAsync(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) {
        return asyncOperation(bucket(client.objectStore()));
    }

    /** The operation for index i, against the prepared bucket. */
    abstract Operation operation(OzoneBucket bucket);

    /** The asynchronous operation for index i, for generators whose {@link #hasAsyncMode()} is true. */
    AsyncOperation asyncOperation(OzoneBucket bucket) {
        throw new UnsupportedOperationException("no asynchronous mode");
    }
}
