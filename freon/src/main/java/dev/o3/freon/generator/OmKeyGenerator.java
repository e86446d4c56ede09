package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code omkg}: create empty keys (one CreateKey that commits a zero-byte key at once), which measures the OM
 * without datanodes.
 */
@Command(
        name = "omkg",
        aliases = "om-key-generator",
        mixinStandardHelpOptions = true,
        description = "Create empty keys: OM write throughput without datanode I/O.")
public final class OmKeyGenerator extends BucketGenerator {
    @Mixin
    private BucketSpread spread;

    @Override
    void validate() {
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
            buckets.get(spread.bucketOf(index))
                    .createEmptyKeyAsync(keyName(index))
                    .join();
            return 0;
        };
    }

    @Override
    AsyncOperation asyncOperation(List<OzoneBucket> buckets) {
        return index -> buckets.get(spread.bucketOf(index))
                .createEmptyKeyAsync(keyName(index))
                .thenApply(created -> 0L);
    }
}
