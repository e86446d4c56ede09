package dev.o3.s3gateway.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 7233 single byte ranges against a 100-byte object. */
class TestByteRange {
    private static final long SIZE = 100;

    @ParameterizedTest
    @CsvSource({
        "bytes=0-9, 0, 9",
        "bytes=10-10, 10, 10",
        "bytes=90-, 90, 99",
        "bytes=0-, 0, 99",
        "bytes=-10, 90, 99",
        "bytes=-100, 0, 99",
        "bytes=-500, 0, 99",
        "bytes=95-500, 95, 99",
        "bytes=99-99, 99, 99",
        "' bytes = 5 - 6 ', 5, 6"
    })
    void selectsTheRange(String header, long first, long last) {
        assertThat(ByteRange.parse(header, SIZE)).contains(new ByteRange(first, last));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=100-", "bytes=100-200", "bytes=-0", "bytes=500-600"})
    void rejectsUnsatisfiableRangesWith416(String header) {
        assertThatThrownBy(() -> ByteRange.parse(header, SIZE))
                .isInstanceOf(S3Exception.class)
                .satisfies(e -> {
                    S3ErrorCode code = ((S3Exception) e).code();
                    assertThat(code).isEqualTo(S3ErrorCode.INVALID_RANGE);
                    assertThat(code.httpStatus()).isEqualTo(416);
                    assertThat(((S3Exception) e).headers()).containsEntry("Content-Range", "bytes */100");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=5-1", "items=0-1", "bytes=0-1,5-6", "bytes=-", "bytes=a-b", "garbage"})
    void ignoresInvalidOrMultipleRanges(String header) {
        assertThat(ByteRange.parse(header, SIZE)).isEqualTo(Optional.empty());
    }

    @Test
    void anyRangeOfAnEmptyObjectIsUnsatisfiable() {
        assertThatThrownBy(() -> ByteRange.parse("bytes=0-", 0)).isInstanceOf(S3Exception.class);
        assertThatThrownBy(() -> ByteRange.parse("bytes=-1", 0)).isInstanceOf(S3Exception.class);
    }

    @Test
    void formatsContentRange() {
        ByteRange range = new ByteRange(0, 9);

        assertThat(range.contentRange(SIZE)).isEqualTo("bytes 0-9/100");
        assertThat(range.length()).isEqualTo(10);
    }
}
