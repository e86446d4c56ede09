package dev.o3.s3gateway.acl;

import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the {@code x-amz-grant-read|write|read-acp|write-acp|full-control} headers: each a comma-separated list of
 * grantees written {@code id="..."}, {@code uri="..."} or {@code emailAddress="..."} (quotes optional). Stateless.
 */
final class GrantHeaders {
    private static final Map<String, Permission> HEADERS = Map.of(
            "x-amz-grant-read", Permission.READ,
            "x-amz-grant-write", Permission.WRITE,
            "x-amz-grant-read-acp", Permission.READ_ACP,
            "x-amz-grant-write-acp", Permission.WRITE_ACP,
            "x-amz-grant-full-control", Permission.FULL_CONTROL);
    private static final Pattern GRANTEE = Pattern.compile("\\s*(id|uri|emailAddress)\\s*=\\s*\"?([^\",]*)\"?\\s*");

    private GrantHeaders() {}

    /**
     * The grants the headers give, in no particular order; empty when there are none.
     *
     * @throws S3Exception InvalidArgument for a grantee that is not {@code type="value"}
     */
    static List<Grant> parse(S3Request request) {
        List<Grant> grants = new ArrayList<>();
        HEADERS.forEach((header, permission) -> request.header(header).ifPresent(value -> {
            List<String> entries = new ArrayList<>(Arrays.asList(value.split(",", -1)));
            // A trailing comma adds no grantee.
            while (!entries.isEmpty() && entries.get(entries.size() - 1).isEmpty()) {
                entries.remove(entries.size() - 1);
            }
            for (String entry : entries) {
                Matcher grantee = GRANTEE.matcher(entry);
                if (!grantee.matches() || grantee.group(2).isBlank()) {
                    throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid grantee in " + header + ": " + entry);
                }
                grants.add(new Grant(grantee(grantee.group(1), grantee.group(2).trim()), permission));
            }
        }));
        return grants;
    }

    private static Grantee grantee(String type, String value) {
        return switch (type) {
            case "uri" -> Grantee.group(value);
            case "emailAddress" -> new Grantee(Grantee.Type.EMAIL, value);
            default -> Grantee.user(value);
        };
    }
}
