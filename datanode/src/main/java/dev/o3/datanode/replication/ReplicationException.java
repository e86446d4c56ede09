package dev.o3.datanode.replication;

/** A container copy from one source failed; the destination discards it and tries the next source. */
public final class ReplicationException extends Exception {
    private static final long serialVersionUID = 1L;

    public ReplicationException(String message) {
        super(message);
    }

    public ReplicationException(String message, Throwable cause) {
        super(message, cause);
    }
}
