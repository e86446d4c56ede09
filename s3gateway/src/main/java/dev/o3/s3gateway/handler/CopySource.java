package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.ObjectReader;
import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The source of CopyObject and UploadPartCopy, from {@code x-amz-copy-source: [/]bucket/key[?versionId=...]}
 * (URL-encoded; a {@code +} stays a plus).
 *
 * @param bucket source bucket
 * @param key source key
 * @param versionId the source version, empty for the current one
 */
record CopySource(String bucket, String key, String versionId) {
    private static final String VERSION_PARAMETER = "versionId=";

    static CopySource parse(String header) {
        String value = header.startsWith("/") ? header.substring(1) : header;
        String versionId = "";
        int question = value.indexOf('?');
        if (question >= 0) {
            String query = value.substring(question + 1);
            if (!query.startsWith(VERSION_PARAMETER)) {
                throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid copy source " + header);
            }
            versionId = VersionIds.check(query.substring(VERSION_PARAMETER.length()));
            value = value.substring(0, question);
        }
        String decoded;
        try {
            decoded = URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid copy source " + header, e);
        }
        int slash = decoded.indexOf('/');
        if (slash <= 0 || slash == decoded.length() - 1) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid copy source " + header);
        }
        return new CopySource(decoded.substring(0, slash), decoded.substring(slash + 1), versionId);
    }

    /** Opens the source object (its named version, if any) as {@code requester}. */
    ObjectReader open(S3Backend backend, Requester requester) {
        if (versionId.isEmpty()) {
            return backend.objects(requester).open(bucket, key);
        }
        try {
            return backend.versions(requester).open(bucket, key, versionId);
        } catch (BackendException e) {
            // S3 answers a copy from a delete marker 400 InvalidRequest, not 405.
            throw e.status() == BackendStatus.METHOD_NOT_ALLOWED
                    ? new S3Exception(
                            S3ErrorCode.INVALID_REQUEST,
                            "The source of a copy request may not specifically refer to a delete marker by version id.",
                            e)
                    : e;
        }
    }
}
