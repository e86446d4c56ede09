package dev.o3.s3gateway.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 2: the string to sign of a request and its HMAC-SHA1. The canonical resource is the path as
 * sent (after {@code /bucket} for virtual-host requests) plus the sub-resources below, sorted, as AWS's reference
 * and the SDKs that still sign V2 (botocore's {@code s3} signer, s3cmd) define them.
 */
public final class SigV2 {
    /** Query parameters that are part of the signed resource. */
    static final Set<String> SUBRESOURCES = Set.of(
            "accelerate",
            "acl",
            "analytics",
            "cors",
            "defaultObjectAcl",
            "delete",
            "inventory",
            "lifecycle",
            "location",
            "logging",
            "metrics",
            "notification",
            "object-lock",
            "partNumber",
            "policy",
            "replication",
            "requestPayment",
            "response-cache-control",
            "response-content-disposition",
            "response-content-encoding",
            "response-content-language",
            "response-content-type",
            "response-expires",
            "restore",
            "select",
            "select-type",
            "storageClass",
            "tagging",
            "torrent",
            "uploadId",
            "uploads",
            "versionId",
            "versioning",
            "versions",
            "website");

    private SigV2() {}

    /**
     * The string to sign.
     *
     * @param resourcePath the path as sent, after {@code /bucket} when the bucket was addressed by host name
     * @param date the {@code Date} header (empty when {@code x-amz-date} is sent), or a presigned URL's {@code Expires}
     */
    static String stringToSign(SignableRequest signable, String resourcePath, String date) {
        StringBuilder text = new StringBuilder()
                .append(signable.method())
                .append('\n')
                .append(signable.header("content-md5").orElse(""))
                .append('\n')
                .append(signable.header("content-type").orElse(""))
                .append('\n')
                .append(date)
                .append('\n');
        Map<String, String> amzHeaders = new TreeMap<>();
        signable.headers().forEach((name, values) -> {
            if (name.startsWith("x-amz-")) {
                amzHeaders.put(name, values.stream().map(String::trim).collect(Collectors.joining(",")));
            }
        });
        amzHeaders.forEach(
                (name, value) -> text.append(name).append(':').append(value).append('\n'));
        return text.append(resource(signable, resourcePath)).toString();
    }

    private static String resource(SignableRequest signable, String path) {
        List<String> subresources = signable.query().stream()
                .filter(entry -> SUBRESOURCES.contains(entry.getKey()))
                .sorted(Map.Entry.comparingByKey())
                .map(entry -> entry.getValue().isEmpty() ? entry.getKey() : entry.getKey() + "=" + entry.getValue())
                .toList();
        return subresources.isEmpty() ? path : path + "?" + String.join("&", subresources);
    }

    /** The base64 HMAC-SHA1 of {@code data} under the secret key (also the V2 signature of a POST policy). */
    public static String sign(String secretKey, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
            return Base64.getEncoder().encodeToString(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA1 is unavailable", e);
        }
    }
}
