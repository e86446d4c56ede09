package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.Operation;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Mixin
    private KeySpace keySpace;

    @Override
    void validate() {
        keySpace.validate();
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        return index -> {
            String key = keyName(keySpace.keyIndex(index, count()));
            byte[] data;
            try (InputStream in = bucket.readKey(key)) {
                data = in.readAllBytes();
            }
            if (validate && !Arrays.equals(data, KeyContent.of(data.length))) {
                throw new IOException("content of " + key + " differs from what ockg wrote");
            }
            return data.length;
        };
    }
}
