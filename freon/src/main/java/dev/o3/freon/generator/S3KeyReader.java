package dev.o3.freon.generator;

import dev.o3.freon.runner.Operation;
import java.io.IOException;
import java.util.Arrays;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import software.amazon.awssdk.services.s3.S3Client;

/** {@code s3kr}: GET the objects s3kg wrote, optionally checking every byte. */
@Command(
        name = "s3kr",
        aliases = "s3-key-reader",
        mixinStandardHelpOptions = true,
        description = "GET objects written by s3kg (same -n, --prefix and bucket).")
public final class S3KeyReader extends S3Generator {
    @Option(names = "--validate", description = "Check that every object holds the bytes s3kg wrote.")
    private boolean validate;

    @Mixin
    private KeySpace keySpace;

    @Override
    void validate() {
        keySpace.validate();
    }

    @Override
    Operation operation(S3Client s3, String bucket) {
        return index -> {
            String key = keyName(keySpace.keyIndex(index, count()));
            byte[] data = s3.getObjectAsBytes(request -> request.bucket(bucket).key(key))
                    .asByteArray();
            if (validate && !Arrays.equals(data, KeyContent.of(data.length))) {
                throw new IOException("content of " + key + " differs from what s3kg wrote");
            }
            return data.length;
        };
    }
}
