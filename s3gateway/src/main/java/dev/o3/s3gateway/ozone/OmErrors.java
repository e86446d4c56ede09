package dev.o3.s3gateway.ozone;

import dev.o3.client.om.OmException;
import dev.o3.proto.om.OmStatus;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Supplier;

/** Runs client calls and turns their failures into {@link BackendException}s with the same status names. */
final class OmErrors {
    private OmErrors() {}

    static <T> T call(Supplier<T> call) {
        try {
            return call.get();
        } catch (OmException e) {
            throw translate(e);
        } catch (UncheckedIOException e) {
            throw new BackendException(BackendStatus.INTERNAL_ERROR, e.getMessage(), e);
        }
    }

    static void run(Runnable call) {
        call(() -> {
            call.run();
            return null;
        });
    }

    static BackendException translate(OmException e) {
        BackendStatus status;
        try {
            status = BackendStatus.valueOf(e.status().name());
        } catch (IllegalArgumentException unknown) {
            status = BackendStatus.INTERNAL_ERROR;
        }
        return new BackendException(status, e.getMessage(), e);
    }

    /**
     * OM's refusal of a commit. KEY_NOT_FOUND there means the write session, not the key: it expired, or a restarted
     * single OM lost it before it was logged. An internal error (500) makes S3 clients send the object again; NoSuchKey
     * would tell them the object they are writing does not exist.
     */
    static BackendException commit(OmException e) {
        if (e.status() == OmStatus.KEY_NOT_FOUND) {
            return new BackendException(
                    BackendStatus.INTERNAL_ERROR, "the upload's write session is gone at OM: " + e.getMessage(), e);
        }
        return translate(e);
    }

    /**
     * A failed stream write or commit: with OM's status when OM's answer caused it (SCM had no block to give: 503),
     * else an internal error.
     */
    static BackendException io(String what, IOException e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof OmException om) {
                return new BackendException(translate(om).status(), what + ": " + e.getMessage(), e);
            }
        }
        return new BackendException(BackendStatus.INTERNAL_ERROR, what + ": " + e.getMessage(), e);
    }
}
