package dev.o3.s3gateway.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.error.S3Exception;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** S3 bucket naming rules. */
class TestBucketNames {
    @ParameterizedTest
    @ValueSource(strings = {"abc", "my-bucket", "my.bucket.name", "a1b2c3", "123", "b-1.a-2"})
    void acceptsValidNames(String name) {
        assertThat(BucketNames.isValid(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ab",
                "Abc",
                "my_bucket",
                "-abc",
                "abc-",
                ".abc",
                "abc.",
                "a..b",
                "a.-b",
                "a-.b",
                "192.168.5.4",
                "xn--abc",
                "sthree-abc",
                "abc-s3alias",
                "abc--ol-s3",
                "a b",
                ""
            })
    void rejectsInvalidNames(String name) {
        assertThat(BucketNames.isValid(name)).isFalse();
    }

    @Test
    void rejectsTooLongNames() {
        assertThat(BucketNames.isValid("a".repeat(63))).isTrue();
        assertThat(BucketNames.isValid("a".repeat(64))).isFalse();
        assertThatThrownBy(() -> BucketNames.validate("a".repeat(64)))
                .isInstanceOf(S3Exception.class)
                .hasMessageContaining("not valid");
    }
}
