package dev.o3.s3gateway.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The primitives of AWS Signature Version 4: hashing, HMAC, the signing-key chain and S3 URI encoding. */
public final class SigV4 {
    public static final String ALGORITHM = "AWS4-HMAC-SHA256";
    public static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    public static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    private static final HexFormat HEX = HexFormat.of();

    private SigV4() {}

    /** A new SHA-256 digest. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    /** Lower-case hex of SHA-256 of the UTF-8 bytes of {@code text}. */
    public static String sha256Hex(String text) {
        return hex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    public static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /** HMAC-SHA256 of the UTF-8 bytes of {@code data}. */
    public static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }

    /** The signing key: HMAC chain of "AWS4"+secret, date, region, service, "aws4_request". */
    public static byte[] signingKey(String secretKey, CredentialScope scope) {
        byte[] dateKey = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), scope.date());
        byte[] regionKey = hmac(dateKey, scope.region());
        byte[] serviceKey = hmac(regionKey, scope.service());
        return hmac(serviceKey, CredentialScope.TERMINATOR);
    }

    /** Hex HMAC of a string to sign. */
    public static String sign(byte[] signingKey, String stringToSign) {
        return hex(hmac(signingKey, stringToSign));
    }

    /** Compares two signatures in constant time. */
    public static boolean signaturesEqual(String expected, String actual) {
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), actual.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * S3's URI encoding: every byte of the UTF-8 form except {@code A-Za-z0-9-_.~} becomes {@code %XY} (upper-case
     * hex); {@code /} stays when {@code keepSlash}.
     */
    public static String uriEncode(String text, boolean keepSlash) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == '.'
                    || c == '~'
                    || (keepSlash && c == '/')) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit((c >> 4) & 0xf, 16)));
                out.append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
