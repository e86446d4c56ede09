package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.Operation;
import java.io.OutputStream;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ockg}: create keys with data through the client (OM, SCM and the datanode write path). */
@Command(
        name = "ockg",
        aliases = "ozone-client-key-generator",
        mixinStandardHelpOptions = true,
        description = "Create keys with data through the Ozone client.")
public final class KeyGenerator extends BucketGenerator {
    @Option(
            names = {"-s", "--size"},
            defaultValue = "10KB",
            description = "Size of each key, e.g. 10KB, 4MB (default: ${DEFAULT-VALUE}).")
    private String size;

    private byte[] content;

    @Override
    void validate() {
        content = KeyContent.ofSize(size);
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        return index -> {
            try (OutputStream out = bucket.createKey(keyName(index), content.length, Map.of())) {
                out.write(content);
            }
            return content.length;
        };
    }
}
