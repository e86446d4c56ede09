package dev.o3.s3gateway.bucketconfig;

import dev.o3.common.acl.Wildcards;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.CorsRule;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Matches requests against a bucket's CORS rules as S3 does: the first rule whose AllowedOrigin (one {@code *}
 * wildcard at most) matches the {@code Origin}, whose AllowedMethod is the (requested) method and, for a preflight,
 * whose AllowedHeaders cover every {@code Access-Control-Request-Headers} entry (case-insensitively); and writes the
 * {@code Access-Control-*} headers of the answer. Stateless.
 */
public final class CorsRules {
    private CorsRules() {}

    /** The first rule that allows the request. */
    public static Optional<CorsRule> match(
            CorsConfiguration cors, String origin, String method, List<String> requestHeaders) {
        for (CorsRule rule : cors.getRulesList()) {
            if (rule.getAllowedMethodsList().contains(method)
                    && rule.getAllowedOriginsList().stream().anyMatch(allowed -> Wildcards.matches(allowed, origin))
                    && requestHeaders.stream().allMatch(header -> headerAllowed(rule, header))) {
                return Optional.of(rule);
            }
        }
        return Optional.empty();
    }

    private static boolean headerAllowed(CorsRule rule, String header) {
        String name = header.toLowerCase(Locale.ROOT);
        return rule.getAllowedHeadersList().stream()
                .anyMatch(allowed -> Wildcards.matches(allowed.toLowerCase(Locale.ROOT), name));
    }

    /** The entries of an {@code Access-Control-Request-Headers} value. */
    public static List<String> requestHeaders(Optional<String> value) {
        List<String> headers = new ArrayList<>();
        value.ifPresent(list -> {
            for (String header : list.split(",", -1)) {
                if (!header.isBlank()) {
                    headers.add(header.trim());
                }
            }
        });
        return headers;
    }

    /**
     * The headers answering a request from {@code origin} that {@code rule} allows; a preflight also gets the allowed
     * request headers and the max age.
     */
    public static HttpHeaders responseHeaders(
            CorsRule rule, String origin, List<String> requestHeaders, boolean preflight) {
        boolean anyOrigin = rule.getAllowedOriginsList().contains("*");
        HttpHeaders headers = new DefaultHttpHeaders()
                .set("Access-Control-Allow-Origin", anyOrigin ? "*" : origin)
                .set("Access-Control-Allow-Methods", String.join(", ", rule.getAllowedMethodsList()))
                .set("Vary", "Origin, Access-Control-Request-Headers, Access-Control-Request-Method");
        if (!anyOrigin) {
            headers.set("Access-Control-Allow-Credentials", "true");
        }
        if (rule.getExposeHeadersCount() > 0) {
            headers.set("Access-Control-Expose-Headers", String.join(", ", rule.getExposeHeadersList()));
        }
        if (preflight) {
            if (!requestHeaders.isEmpty()) {
                headers.set("Access-Control-Allow-Headers", String.join(", ", requestHeaders));
            }
            if (rule.hasMaxAgeSeconds()) {
                headers.set("Access-Control-Max-Age", Integer.toString(rule.getMaxAgeSeconds()));
            }
        }
        return headers;
    }
}
