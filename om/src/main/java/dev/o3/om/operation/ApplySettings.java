package dev.o3.om.operation;

import java.util.Objects;

/**
 * The configuration some {@link dev.o3.om.request.WriteRequest}s apply with; the same on every OM.
 *
 * @param s3Volume volume where any named user may create buckets
 * @param minPartSize smallest multipart part except the last
 */
public record ApplySettings(String s3Volume, long minPartSize) {
    public ApplySettings {
        Objects.requireNonNull(s3Volume, "s3Volume is null");
    }
}
