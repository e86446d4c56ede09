package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import java.util.List;
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

    @Mixin
    private BucketSpread spread;

    @Override
    void validate() {
        keySpace.validate();
        spread.validate();
    }

    @Override
    List<String> bucketNames() {
        return spread.names(bucketName());
    }

    @Override
    boolean hasAsyncMode() {
        return true;
    }

    @Override
    Operation operation(List<OzoneBucket> buckets) {
        return index -> {
            long key = keySpace.keyIndex(index, count());
            buckets.get(spread.bucketOf(key)).getKey(keyName(key));
            return 0;
        };
    }

    @Override
    AsyncOperation asyncOperation(List<OzoneBucket> buckets) {
        return index -> {
            long key = keySpace.keyIndex(index, count());
            return buckets.get(spread.bucketOf(key)).getKeyAsync(keyName(key)).thenApply(found -> 0L);
        };
    }
}
