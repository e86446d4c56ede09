package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.Operation;
import picocli.CommandLine.Command;

/** {@code omkr}: look up keys written by omkg or ockg, the OM's metadata read rate. */
@Command(
        name = "omkr",
        aliases = "om-key-reader",
        mixinStandardHelpOptions = true,
        description = "Look up keys (metadata only): OM read throughput.")
public final class OmKeyReader extends BucketGenerator {
    @Override
    void validate() {
        // No options of its own.
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        return index -> {
            bucket.getKey(keyName(index % count()));
            return 0;
        };
    }
}
