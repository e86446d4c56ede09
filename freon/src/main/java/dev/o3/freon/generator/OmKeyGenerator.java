package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code omkg}: create empty keys (CreateKey, then CommitKey), which measures OM and its block allocation at SCM
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
            try (OutputStream out = buckets.get(spread.bucketOf(index)).createKey(keyName(index), 0, Map.of())) {
                out.flush();
            }
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
