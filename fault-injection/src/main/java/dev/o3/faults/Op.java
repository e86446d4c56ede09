package dev.o3.faults;

/**
 * One recorded operation on one key. {@code op} is put, delete, deleteMissing (a delete answered "no such key"),
 * get or exists (the key's presence in a listing); {@code value} is the content hash written or read ("" for
 * absent, "true"/"false" for exists). Times are nanoseconds of a monotonic clock since the run's start; an
 * operation with an {@link Outcome#UNKNOWN} outcome keeps {@code ret = -1}: it may take effect at any later time.
 *
 * @param via the client that ran it: s3, s3-multipart or native
 * @param error the failure, or "" when it succeeded
 */
record Op(
        int client,
        String key,
        String op,
        String value,
        long call,
        long ret,
        String via,
        Outcome outcome,
        String error) {

    /** A key's presence in a listing that {@code via} answered between {@code call} and {@code ret}. */
    static Op exists(int client, String key, boolean listed, long call, long ret, String via) {
        return new Op(client, key, "exists", Boolean.toString(listed), call, ret, via, Outcome.OK, "");
    }

    boolean isWrite() {
        return op.equals("put") || op.equals("delete") || op.equals("deleteMissing");
    }

    /** What an operation's result means for the store's state. */
    enum Outcome {
        /** Acknowledged: it took effect between call and return. */
        OK,
        /** It definitely had no effect (a refused connection, a 4xx before any change). */
        FAILED,
        /** It may or may not have taken effect (a timeout, a 5xx, a lost connection). */
        UNKNOWN
    }
}
