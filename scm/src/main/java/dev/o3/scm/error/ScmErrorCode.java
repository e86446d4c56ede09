package dev.o3.scm.error;

/**
 * Every way an SCM call fails, for the clients of its gRPC services (OM, datanodes, {@code ozone admin}). Numbers are
 * stable: never reuse or renumber one (a test pins them); a new code takes a new number in its category's range. The
 * category tells the caller what to do: fix the request (USER), retry later (RESOURCE), or report a bug (INTERNAL).
 */
public enum ScmErrorCode {
    /** An unexpected failure inside SCM. */
    INTERNAL_ERROR(1, Category.INTERNAL),
    /** The request is malformed (bad size or count, empty datanode uuid). */
    INVALID_REQUEST(10, Category.USER),
    /** A replication SCM does not place (only RATIS/THREE). */
    UNSUPPORTED_REPLICATION(11, Category.USER),
    /** A message carries an enum value SCM does not know (unset, or from a newer peer). */
    UNKNOWN_WIRE_VALUE(12, Category.USER),
    /** A host name, IP address or uuid that names no registered datanode (or several). */
    UNKNOWN_DATANODE(16, Category.USER),
    /** The datanode's operational state does not allow the request (e.g. decommissioning a node in maintenance). */
    INVALID_NODE_STATE(17, Category.USER),
    /** Taking the datanodes out of service would leave too few IN_SERVICE HEALTHY nodes for their containers. */
    INSUFFICIENT_NODES(18, Category.USER),
    /** No container has the id given. */
    CONTAINER_NOT_FOUND(19, Category.USER),
    /** No pipeline has the id given. */
    PIPELINE_NOT_FOUND(20, Category.USER),
    /** SCM waits for datanodes after start; retry later. */
    SAFE_MODE(20, Category.RESOURCE),
    /** No open pipeline (or every one excluded); retry after pipelines open. */
    NO_OPEN_PIPELINE(21, Category.RESOURCE),
    /** Every open pipeline has a member whose data volumes are full: writes fail until space is freed or added. */
    NO_SPACE(30, Category.FULL);

    /** Whose move it is after a failure. */
    public enum Category {
        /** The request is wrong: retrying it unchanged fails again. */
        USER,
        /** A bug or corruption in SCM. */
        INTERNAL,
        /** SCM lacks something now (datanodes, pipelines): retry later. */
        RESOURCE,
        /** The cluster is out of space: waiting does not help, freeing or adding space does, so fail at once. */
        FULL
    }

    private final int code;
    private final Category category;

    ScmErrorCode(int code, Category category) {
        this.code = code;
        this.category = category;
    }

    /** The stable number sent to clients. */
    public int code() {
        return code;
    }

    public Category category() {
        return category;
    }
}
