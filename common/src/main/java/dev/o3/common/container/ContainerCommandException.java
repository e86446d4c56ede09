package dev.o3.common.container;

import dev.o3.proto.container.ContainerResult;
import java.util.Objects;

/**
 * A container command that a datanode answered with a result other than SUCCESS; carries the result so a client can
 * decide to retry elsewhere (e.g. CHECKSUM_MISMATCH, CONTAINER_NOT_OPEN).
 */
public final class ContainerCommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ContainerResult result;

    public ContainerCommandException(ContainerResult result, String message) {
        super(result + ": " + message);
        this.result = Objects.requireNonNull(result, "result is null");
    }

    public ContainerResult result() {
        return result;
    }
}
