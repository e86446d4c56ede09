package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.Operation;
import picocli.CommandLine.Command;

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
    @Override
    void validate() {
        // No options of its own.
    }

    @Override
    boolean hasAsyncMode() {
        return true;
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        return index -> {
            bucket.createEmptyKeyAsync(keyName(index)).join();
            return 0;
        };
    }

    @Override
    AsyncOperation asyncOperation(OzoneBucket bucket) {
        return index -> bucket.createEmptyKeyAsync(keyName(index)).thenApply(created -> 0L);
    }
}
