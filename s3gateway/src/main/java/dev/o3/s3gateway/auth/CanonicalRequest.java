package dev.o3.s3gateway.auth;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Builds the SigV4 canonical request and string to sign of a {@link SignableRequest}. */
final class CanonicalRequest {
    private CanonicalRequest() {}

    /**
     * The canonical request: method, URI, query, headers, signed header list and payload hash, one per line.
     *
     * @param excludedQueryParameter a parameter left out of the canonical query (the presigned signature), or null
     */
    static String build(
            SignableRequest request, List<String> signedHeaders, String payloadHash, String excludedQueryParameter) {
        return request.method() + "\n"
                + SigV4.uriEncode(request.path(), true) + "\n"
                + canonicalQuery(request.query(), excludedQueryParameter) + "\n"
                + canonicalHeaders(request, signedHeaders) + "\n"
                + String.join(";", signedHeaders) + "\n"
                + payloadHash;
    }

    /** {@code AWS4-HMAC-SHA256\n<amz date>\n<scope>\n<hex sha256 of canonical request>}. */
    static String stringToSign(String amzDate, CredentialScope scope, String canonicalRequest) {
        return SigV4.ALGORITHM + "\n" + amzDate + "\n" + scope.value() + "\n" + SigV4.sha256Hex(canonicalRequest);
    }

    private static String canonicalQuery(List<Map.Entry<String, String>> query, String excluded) {
        List<String[]> encoded = new ArrayList<>();
        for (Map.Entry<String, String> entry : query) {
            if (!entry.getKey().equals(excluded)) {
                encoded.add(
                        new String[] {SigV4.uriEncode(entry.getKey(), false), SigV4.uriEncode(entry.getValue(), false)
                        });
            }
        }
        encoded.sort((a, b) -> a[0].equals(b[0]) ? a[1].compareTo(b[1]) : a[0].compareTo(b[0]));
        return encoded.stream().map(pair -> pair[0] + "=" + pair[1]).collect(Collectors.joining("&"));
    }

    private static String canonicalHeaders(SignableRequest request, List<String> signedHeaders) {
        StringBuilder out = new StringBuilder();
        for (String name : signedHeaders) {
            List<String> values = request.headers().getOrDefault(name, List.of());
            out.append(name).append(':');
            out.append(values.stream().map(CanonicalRequest::trimAll).collect(Collectors.joining(",")));
            out.append('\n');
        }
        return out.toString();
    }

    private static String trimAll(String value) {
        return value.trim().replaceAll(" +", " ");
    }
}
