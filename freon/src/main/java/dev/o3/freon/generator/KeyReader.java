package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.Operation;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ockr}: read back keys written by {@code ockg}, optionally checking every byte. */
@Command(
        name = "ockr",
        aliases = "ozone-client-key-reader",
        mixinStandardHelpOptions = true,
        description = "Read keys written by ockg (same -n, --prefix, volume and bucket).")
public final class KeyReader extends BucketGenerator {
    @Option(names = "--validate", description = "Check that every key holds the bytes ockg wrote.")
    private boolean validate;

    @Override
    void validate() {
        // ockr reads whatever size ockg wrote; only the shared options need checking.
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        return index -> {
            byte[] data;
            try (InputStream in = bucket.readKey(keyName(index % count()))) {
                data = in.readAllBytes();
            }
            if (validate && !Arrays.equals(data, KeyContent.of(data.length))) {
                throw new IOException("content of " + keyName(index % count()) + " differs from what ockg wrote");
            }
            return data.length;
        };
    }
}
