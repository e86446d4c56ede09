package dev.o3.freon.generator;

import dev.o3.freon.runner.Operation;
import java.io.ByteArrayInputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** {@code s3kg}: PUT objects through the S3 gateway with the AWS SDK. */
@Command(
        name = "s3kg",
        aliases = "s3-key-generator",
        mixinStandardHelpOptions = true,
        description = "PUT objects through the S3 gateway (AWS SDK for Java v2).")
public final class S3KeyGenerator extends S3Generator {
    @Option(
            names = {"-s", "--size"},
            defaultValue = "10KB",
            description = "Size of each object (default: ${DEFAULT-VALUE}).")
    private String size;

    private byte[] content;

    @Override
    void validate() {
        content = KeyContent.ofSize(size);
    }

    @Override
    Operation operation(S3Client s3, String bucket) {
        return index -> {
            // Streamed from the shared array: fromBytes would copy it per request (64 threads x 1 GiB).
            s3.putObject(
                    request -> request.bucket(bucket).key(keyName(index)),
                    RequestBody.fromContentProvider(
                            () -> new ByteArrayInputStream(content), content.length, "application/octet-stream"));
            return content.length;
        };
    }
}
