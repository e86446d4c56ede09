package dev.o3.scm.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TestScmErrorCode {
    /** Clients see these numbers: a renumbered or reused code must fail here, not in the field. */
    @Test
    void numbersAndCategoriesAreStable() {
        assertThat(Arrays.stream(ScmErrorCode.values()).map(c -> c + "=" + c.code() + "/" + c.category()))
                .containsExactly(
                        "INTERNAL_ERROR=1/INTERNAL",
                        "INVALID_REQUEST=10/USER",
                        "UNSUPPORTED_REPLICATION=11/USER",
                        "UNKNOWN_WIRE_VALUE=12/USER",
                        "UNKNOWN_DATANODE=16/USER",
                        "INVALID_NODE_STATE=17/USER",
                        "INSUFFICIENT_NODES=18/USER",
                        "CONTAINER_NOT_FOUND=19/USER",
                        "PIPELINE_NOT_FOUND=20/USER",
                        "SAFE_MODE=20/RESOURCE",
                        "NO_OPEN_PIPELINE=21/RESOURCE",
                        "NO_SPACE=30/FULL");
    }
}
