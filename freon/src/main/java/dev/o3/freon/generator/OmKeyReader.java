package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code omkr}: look up keys written by omkg or ockg, the OM's metadata read rate. */
@Command(
        name = "omkr",
        aliases = "om-key-reader",
        mixinStandardHelpOptions = true,
        description = "Look up keys (metadata only): OM read throughput.")
public final class OmKeyReader extends BucketGenerator {
    @Mixin
    private KeySpace keySpace;

    @Override
    void validate() {
        keySpace.validate();
    }

    @Override
    boolean hasAsyncMode() {
        return true;
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        return index -> {
            bucket.getKey(keyOf(index));
            return 0;
        };
    }

    @Override
    AsyncOperation asyncOperation(OzoneBucket bucket) {
        return index -> bucket.getKeyAsync(keyOf(index)).thenApply(key -> 0L);
    }

    private String keyOf(long index) {
        return keyName(keySpace.keyIndex(index, count()));
    }
}
