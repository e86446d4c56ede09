package dev.o3.s3gateway.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.backend.CompletedPart;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.backend.PartInfo;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** The composite checksum of a multipart object and the check of the part checksums a client lists. */
class TestPartChecksums {
    private static final String CRC_A = crc32("a");
    private static final String CRC_B = crc32("b");

    @Test
    void compositeIsTheAlgorithmOverTheBinaryPartChecksumsWithThePartCount() {
        byte[] both = ByteBuffer.allocate(8)
                .put(Base64.getDecoder().decode(CRC_A))
                .put(Base64.getDecoder().decode(CRC_B))
                .array();
        CRC32 crc = new CRC32();
        crc.update(both);
        String expected = Base64.getEncoder()
                        .encodeToString(ByteBuffer.allocate(4)
                                .putInt((int) crc.getValue())
                                .array())
                + "-2";

        Optional<ObjectChecksum> composite = PartChecksums.composite(
                List.of(listed(1, Optional.of(sum("CRC32", CRC_A))), listed(2, Optional.empty())),
                List.of(part(1, Optional.of(sum("CRC32", CRC_A))), part(2, Optional.of(sum("CRC32", CRC_B)))));

        assertThat(composite).contains(sum("CRC32", expected));
        assertThat(PartChecksums.type(composite.orElseThrow())).isEqualTo("COMPOSITE");
        assertThat(PartChecksums.type(sum("CRC32", CRC_A))).isEqualTo("FULL_OBJECT");
    }

    @Test
    void aListedChecksumThatIsNotThePartsIsAnInvalidPart() {
        assertThatThrownBy(() -> PartChecksums.composite(
                        List.of(listed(1, Optional.of(sum("CRC32", CRC_B)))),
                        List.of(part(1, Optional.of(sum("CRC32", CRC_A))))))
                .isInstanceOfSatisfying(
                        S3Exception.class, e -> assertThat(e.code()).isEqualTo(S3ErrorCode.INVALID_PART));
        assertThatThrownBy(() -> PartChecksums.composite(
                        List.of(listed(1, Optional.of(sum("CRC32", CRC_A)))), List.of(part(1, Optional.empty()))))
                .isInstanceOf(S3Exception.class);
    }

    @Test
    void noCompositeWithoutAChecksumOnEveryPartOfOneComposableAlgorithm() {
        assertThat(PartChecksums.composite(
                        List.of(listed(1, Optional.empty()), listed(2, Optional.empty())),
                        List.of(part(1, Optional.of(sum("CRC32", CRC_A))), part(2, Optional.empty()))))
                .isEmpty();
        assertThat(PartChecksums.composite(
                        List.of(listed(1, Optional.empty()), listed(2, Optional.empty())),
                        List.of(part(1, Optional.of(sum("CRC32", CRC_A))), part(2, Optional.of(sum("CRC32C", CRC_B))))))
                .isEmpty();
        assertThat(PartChecksums.composite(
                        List.of(listed(1, Optional.empty())),
                        List.of(part(1, Optional.of(sum("CRC64NVME", "AAAAAAAAAAA="))))))
                .isEmpty();
    }

    private static CompletedPart listed(int number, Optional<ObjectChecksum> checksum) {
        return new CompletedPart(number, "etag" + number, checksum);
    }

    private static PartInfo part(int number, Optional<ObjectChecksum> checksum) {
        return new PartInfo(number, "etag" + number, 1, Instant.EPOCH, checksum);
    }

    private static ObjectChecksum sum(String algorithm, String value) {
        return new ObjectChecksum(algorithm, value);
    }

    private static String crc32(String data) {
        CRC32 crc = new CRC32();
        crc.update(data.getBytes(StandardCharsets.UTF_8));
        return Base64.getEncoder()
                .encodeToString(
                        ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
