package dev.o3.s3gateway.auth;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The parts of an HTTP request that SigV4 signs, independent of the HTTP library.
 *
 * @param method HTTP method, upper case
 * @param path the decoded request path, starting with {@code /}
 * @param query decoded query parameters in request order (a parameter without {@code =} has an empty value)
 * @param headers header values by lower-case name
 */
public record SignableRequest(
        String method, String path, List<Map.Entry<String, String>> query, Map<String, List<String>> headers) {
    public SignableRequest {
        Objects.requireNonNull(method, "method is null");
        Objects.requireNonNull(path, "path is null");
        query = List.copyOf(query);
        headers = Map.copyOf(headers);
    }

    /** The first value of a header (name in lower case). */
    public Optional<String> header(String lowerCaseName) {
        List<String> values = headers.get(lowerCaseName);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The first value of a query parameter. */
    public Optional<String> queryParameter(String name) {
        return query.stream()
                .filter(entry -> entry.getKey().equals(name))
                .map(Map.Entry::getValue)
                .findFirst();
    }
}
