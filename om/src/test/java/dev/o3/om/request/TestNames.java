package dev.o3.om.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.proto.om.OmStatus;
import org.junit.jupiter.api.Test;

class TestNames {
    @Test
    void bucketNamesFollowS3Rules() throws OmException {
        Names.checkBucket("my-bucket.1");
        for (String bad : new String[] {"ab", "Upper", "a..b", "-start", "end-", "192.168.1.1", "a_b", "a.-b"}) {
            assertThatThrownBy(() -> Names.checkBucket(bad))
                    .as(bad)
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.INVALID_BUCKET_NAME));
        }
    }

    @Test
    void keyNamesHaveALengthLimit() throws OmException {
        Names.checkKey("a".repeat(Names.MAX_KEY_BYTES));
        assertThatThrownBy(() -> Names.checkKey("a".repeat(Names.MAX_KEY_BYTES + 1)))
                .isInstanceOfSatisfying(
                        OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.INVALID_KEY_NAME));
        assertThatThrownBy(() -> Names.checkKey("")).isInstanceOf(OmException.class);
    }

    @Test
    void pathsRefuseDotSegments() throws OmException {
        assertThat(Names.pathSegments("/a/b/c/")).containsExactly("a", "b", "c");
        for (String bad : new String[] {"a/../b", "a/./b", "a//b", "..", "/"}) {
            assertThatThrownBy(() -> Names.pathSegments(bad))
                    .as(bad)
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.INVALID_KEY_NAME));
        }
    }
}
