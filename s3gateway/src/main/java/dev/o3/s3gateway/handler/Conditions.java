package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.WriteConditions;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Optional;

/**
 * Conditional requests (RFC 7232 as S3 applies them): {@code If-Match} and {@code If-Unmodified-Since} fail with 412
 * PreconditionFailed; {@code If-None-Match} and {@code If-Modified-Since} give 304 Not Modified on GET/HEAD. For
 * CopyObject the same checks read the {@code x-amz-copy-source-if-*} headers and always fail with 412.
 */
final class Conditions {
    /** The outcome of evaluating the conditions. */
    enum Outcome {
        PROCEED,
        NOT_MODIFIED
    }

    private Conditions() {}

    /**
     * The conditions of a PutObject or CompleteMultipartUpload: {@code If-None-Match: *} and {@code If-Match}.
     *
     * @throws S3Exception NotImplemented for an If-None-Match other than {@code *}, as S3 answers
     */
    static WriteConditions writeConditions(S3Request request) {
        Optional<String> ifNoneMatch = request.header("if-none-match").map(String::trim);
        if (ifNoneMatch.isPresent() && !ifNoneMatch.get().equals("*")) {
            throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED, "If-None-Match on a write accepts only *");
        }
        return new WriteConditions(
                ifNoneMatch.isPresent(),
                request.header("if-match").map(String::trim).orElse(""));
    }

    /**
     * Evaluates the conditions of a request (headers named {@code prefix + "if-match"} and so on).
     *
     * @throws S3Exception PreconditionFailed
     */
    static Outcome evaluate(S3Request request, String prefix, ObjectInfo info, boolean notModifiedFails) {
        Optional<String> ifMatch = request.header(prefix + "if-match");
        Optional<String> ifNoneMatch = request.header(prefix + "if-none-match");
        Instant modified = info.lastModified().truncatedTo(ChronoUnit.SECONDS);
        if (ifMatch.isPresent() && !matches(ifMatch.get(), info.etag())) {
            throw new S3Exception(S3ErrorCode.PRECONDITION_FAILED);
        }
        if (ifMatch.isEmpty()) {
            Optional<Instant> unmodifiedSince = date(request, prefix + "if-unmodified-since");
            if (unmodifiedSince.isPresent() && modified.isAfter(unmodifiedSince.get())) {
                throw new S3Exception(S3ErrorCode.PRECONDITION_FAILED);
            }
        }
        boolean notModified;
        if (ifNoneMatch.isPresent()) {
            notModified = matches(ifNoneMatch.get(), info.etag());
        } else {
            Optional<Instant> modifiedSince = date(request, prefix + "if-modified-since");
            notModified = modifiedSince.isPresent() && !modified.isAfter(modifiedSince.get());
        }
        if (notModified && notModifiedFails) {
            throw new S3Exception(S3ErrorCode.PRECONDITION_FAILED);
        }
        return notModified ? Outcome.NOT_MODIFIED : Outcome.PROCEED;
    }

    private static boolean matches(String header, String etag) {
        return Arrays.stream(header.split(",", -1))
                .map(String::trim)
                .map(tag -> tag.startsWith("W/") ? tag.substring(2) : tag)
                .anyMatch(tag -> tag.equals("*") || tag.equals(etag) || tag.equals("\"" + etag + "\""));
    }

    private static Optional<Instant> date(S3Request request, String name) {
        return request.header(name).flatMap(value -> {
            try {
                return Optional.of(ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant());
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        });
    }
}
