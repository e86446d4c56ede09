package dev.o3.datanode.container;

import dev.o3.proto.container.ContainerResult;
import java.util.Objects;

/** A container command failed with a result code the client sees (e.g. CONTAINER_NOT_OPEN, CHECKSUM_MISMATCH). */
public final class ContainerResultException extends Exception {
    private static final long serialVersionUID = 1L;

    private final ContainerResult result;

    public ContainerResultException(ContainerResult result, String message) {
        super(message);
        this.result = Objects.requireNonNull(result, "result is null");
    }

    public ContainerResultException(ContainerResult result, String message, Throwable cause) {
        super(message, cause);
        this.result = Objects.requireNonNull(result, "result is null");
    }

    public ContainerResult result() {
        return result;
    }
}
