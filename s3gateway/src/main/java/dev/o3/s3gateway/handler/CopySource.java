package dev.o3.s3gateway.handler;

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
 */
record CopySource(String bucket, String key) {
    static CopySource parse(String header) {
        String value = header.startsWith("/") ? header.substring(1) : header;
        int question = value.indexOf('?');
        if (question >= 0) {
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
        return new CopySource(decoded.substring(0, slash), decoded.substring(slash + 1));
    }
}
