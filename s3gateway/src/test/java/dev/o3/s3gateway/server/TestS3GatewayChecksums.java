package dev.o3.s3gateway.server;

import static dev.o3.s3gateway.server.InMemoryGateway.s3Error;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.GetObjectAttributesResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ObjectAttributes;

/**
 * Additional checksums through the AWS SDK for Java v2, which sends them as aws-chunked trailers: verified, stored,
 * returned with checksum mode and by GetObjectAttributes.
 */
@Timeout(60)
class TestS3GatewayChecksums {
    private static InMemoryGateway gateway;
    private static S3Client s3;

    @BeforeAll
    static void start() {
        gateway = new InMemoryGateway();
        s3 = gateway.client(InMemoryGateway.ACCESS_KEY, InMemoryGateway.SECRET);
        s3.createBucket(b -> b.bucket("sums"));
    }

    @AfterAll
    static void stop() {
        if (s3 != null) {
            s3.close();
        }
        if (gateway != null) {
            gateway.close();
        }
    }

    private static String crc32c(byte[] data) {
        CRC32C crc = new CRC32C();
        crc.update(data);
        long value = crc.getValue();
        return Base64.getEncoder()
                .encodeToString(
                        new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value});
    }

    @Test
    void storesTheTrailerChecksumAndReturnsItOnlyInChecksumMode() {
        byte[] data = "checksummed by the SDK".getBytes(StandardCharsets.UTF_8);

        String put = s3.putObject(
                        b -> b.bucket("sums").key("k").checksumAlgorithm(ChecksumAlgorithm.CRC32_C),
                        RequestBody.fromBytes(data))
                .checksumCRC32C();
        HeadObjectResponse withMode =
                s3.headObject(b -> b.bucket("sums").key("k").checksumMode(ChecksumMode.ENABLED));
        HeadObjectResponse without = s3.headObject(b -> b.bucket("sums").key("k"));
        byte[] read = s3.getObjectAsBytes(b -> b.bucket("sums").key("k").checksumMode(ChecksumMode.ENABLED))
                .asByteArray();
        GetObjectAttributesResponse attributes = s3.getObjectAttributes(b -> b.bucket("sums")
                .key("k")
                .objectAttributes(ObjectAttributes.CHECKSUM, ObjectAttributes.OBJECT_SIZE, ObjectAttributes.E_TAG));

        assertThat(put).isEqualTo(crc32c(data));
        assertThat(withMode.checksumCRC32C()).isEqualTo(crc32c(data));
        assertThat(without.checksumCRC32C()).isNull();
        assertThat(read).isEqualTo(data);
        assertThat(attributes.checksum().checksumCRC32C()).isEqualTo(crc32c(data));
        assertThat(attributes.objectSize()).isEqualTo(data.length);
        assertThat(attributes.eTag()).hasSize(32);
        assertThat(attributes.objectParts()).isNull();
    }

    @Test
    void rejectsAnUnknownAttributeName() {
        s3.putObject(b -> b.bucket("sums").key("plain"), RequestBody.fromString("x"));

        var error = s3Error(() -> s3.getObjectAttributes(
                b -> b.bucket("sums").key("plain").objectAttributesWithStrings("ETag", "Colour")));

        assertThat(error.awsErrorDetails().errorCode()).isEqualTo("InvalidArgument");
        assertThat(error.statusCode()).isEqualTo(400);
    }
}
