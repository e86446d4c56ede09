package dev.o3.common.checksum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TestCrc32cChecksum {
    @Test
    void matchesTheStandardCheckValue() {
        // CRC-32C check value of "123456789" (RFC 3720, iSCSI).
        int[] checksums = new Crc32cChecksum(16).compute("123456789".getBytes(StandardCharsets.US_ASCII), 0, 9);

        assertThat(checksums).containsExactly(0xE3069283);
    }

    @Test
    void oneChecksumPerSliceWithAShortLastSlice() {
        Crc32cChecksum checksum = new Crc32cChecksum(1024);
        byte[] data = randomBytes(2500);

        int[] whole = checksum.compute(data, 0, data.length);

        assertThat(whole).hasSize(3);
        assertThat(whole[2]).isEqualTo(checksum.compute(data, 2048, 452)[0]);
        assertThat(checksum.checksumCount(0)).isZero();
        assertThat(checksum.checksumCount(1024)).isEqualTo(1);
        assertThat(checksum.checksumCount(1025)).isEqualTo(2);
    }

    @Test
    void directAndHeapBuffersAgreeAndKeepTheirPosition() {
        Crc32cChecksum checksum = new Crc32cChecksum(512);
        byte[] data = randomBytes(4000);
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).flip();

        assertThat(checksum.compute(direct)).containsExactly(checksum.compute(ByteBuffer.wrap(data)));
        assertThat(direct.position()).isZero();
    }

    @Test
    void verifyReportsTheOffsetOfTheFirstBadSlice() {
        Crc32cChecksum checksum = new Crc32cChecksum(100);
        byte[] data = randomBytes(350);
        int[] expected = checksum.compute(data, 0, data.length);
        assertThatCode(() -> checksum.verify(ByteBuffer.wrap(data), expected)).doesNotThrowAnyException();

        data[250] ^= 0x01;

        assertThatThrownBy(() -> checksum.verify(ByteBuffer.wrap(data), expected))
                .isInstanceOfSatisfying(ChecksumMismatchException.class, e -> assertThat(e.offset())
                        .isEqualTo(200));
    }

    @Test
    void rejectsNonPositiveSliceSize() {
        assertThatThrownBy(() -> new Crc32cChecksum(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] randomBytes(int length) {
        byte[] data = new byte[length];
        new Random(42).nextBytes(data);
        return data;
    }
}
