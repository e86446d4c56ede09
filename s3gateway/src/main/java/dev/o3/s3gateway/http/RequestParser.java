package dev.o3.s3gateway.http;

import dev.o3.s3gateway.auth.SignableRequest;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import io.netty.handler.codec.http.HttpRequest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Parses request lines into {@link S3Request}s: percent-decoding (a {@code +} stays a plus, as in S3), path-style
 * {@code /bucket/key} and virtual-host-style {@code bucket.<domain>/key} addressing. Thread-safe.
 */
public final class RequestParser {
    private final List<String> domainNames;

    /** @param domainNames domains for virtual-host-style addressing; empty = path-style only */
    public RequestParser(List<String> domainNames) {
        this.domainNames = domainNames.stream()
                .map(domain -> domain.toLowerCase(Locale.ROOT))
                .toList();
    }

    /**
     * Parses a request.
     *
     * @throws S3Exception InvalidArgument when the URI cannot be decoded
     */
    public S3Request parse(HttpRequest request) {
        String uri = request.uri();
        int question = uri.indexOf('?');
        String rawPath = question < 0 ? uri : uri.substring(0, question);
        String path = decode(rawPath.isEmpty() ? "/" : rawPath);
        List<Map.Entry<String, String>> query = question < 0 ? List.of() : parseQuery(uri.substring(question + 1));
        Map<String, List<String>> headers = new LinkedHashMap<>();
        request.headers().forEach(entry -> headers.computeIfAbsent(
                        entry.getKey().toLowerCase(Locale.ROOT), name -> new ArrayList<>())
                .add(entry.getValue()));
        SignableRequest signable = new SignableRequest(request.method().name(), path, query, headers);
        Optional<String> hostBucket = virtualHostBucket(signable.header("host").orElse(""));
        String relative = path.substring(1);
        String sentPath = rawPath.isEmpty() ? "/" : rawPath;
        if (hostBucket.isPresent()) {
            return new S3Request(signable, hostBucket, nonEmpty(relative), "/" + hostBucket.get() + sentPath);
        }
        int slash = relative.indexOf('/');
        if (slash < 0) {
            // SigV2 signs a bucket as /bucket/ whether or not the request path ends in a slash (as AWS, the SDKs).
            String bucketPath = relative.isEmpty() ? sentPath : sentPath + "/";
            return new S3Request(signable, nonEmpty(relative), Optional.empty(), bucketPath);
        }
        return new S3Request(
                signable, nonEmpty(relative.substring(0, slash)), nonEmpty(relative.substring(slash + 1)), sentPath);
    }

    private Optional<String> virtualHostBucket(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        int colon = name.lastIndexOf(':');
        if (colon >= 0 && name.indexOf(']') < colon) {
            name = name.substring(0, colon);
        }
        for (String domain : domainNames) {
            if (name.endsWith("." + domain)) {
                return Optional.of(name.substring(0, name.length() - domain.length() - 1));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> nonEmpty(String text) {
        return text.isEmpty() ? Optional.empty() : Optional.of(text);
    }

    private static List<Map.Entry<String, String>> parseQuery(String rawQuery) {
        List<Map.Entry<String, String>> query = new ArrayList<>();
        for (String pair : rawQuery.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            query.add(new AbstractMap.SimpleImmutableEntry<>(name, value));
        }
        return query;
    }

    /** Percent-decodes UTF-8 (RFC 3986: {@code +} is not a space). */
    static String decode(String text) {
        Objects.requireNonNull(text, "text is null");
        if (text.indexOf('%') < 0) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= text.length()) {
                    throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Bad percent-encoding in " + text);
                }
                int high = Character.digit(text.charAt(i + 1), 16);
                int low = Character.digit(text.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Bad percent-encoding in " + text);
                }
                bytes.write((high << 4) | low);
                i += 2;
            } else {
                int count = Character.charCount(text.codePointAt(i));
                byte[] encoded = text.substring(i, i + count).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
                i += count - 1;
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
