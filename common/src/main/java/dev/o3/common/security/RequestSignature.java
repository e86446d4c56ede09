package dev.o3.common.security;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signature of one native request: HMAC-SHA256, under the caller's secret, over the canonical string of the
 * access key id, the user the call acts as (empty: the signer), whether it is anonymous, the method, the time and a
 * random nonce. The time bounds a replay to the server's skew window and the nonce lets the server refuse a second
 * use inside it. Immutable.
 *
 * @param accessKeyId who signed
 * @param user the user the call acts as; another than the signer only for a trusted proxy
 * @param anonymous whether the call acts for an anonymous caller (a proxy serving an unsigned S3 request)
 * @param method the gRPC method (full name), or for a call on a stream the stream method, a slash and the call
 * @param timeMillis when it was signed (epoch millis)
 * @param nonce random hex, unique per request
 * @param signature the HMAC in hex
 */
public record RequestSignature(
        String accessKeyId,
        String user,
        boolean anonymous,
        String method,
        long timeMillis,
        String nonce,
        String signature) {
    /** The scheme name, first line of the canonical string. */
    public static final String SCHEME = "O3-HMAC-SHA256";

    private static final String ALGORITHM = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    public RequestSignature {
        Objects.requireNonNull(accessKeyId, "accessKeyId is null");
        Objects.requireNonNull(user, "user is null");
        Objects.requireNonNull(method, "method is null");
        Objects.requireNonNull(nonce, "nonce is null");
        Objects.requireNonNull(signature, "signature is null");
    }

    /** Signs a request now, with a fresh nonce. */
    public static RequestSignature sign(
            UserCredential credential, String user, boolean anonymous, String method, long timeMillis) {
        byte[] nonce = new byte[16];
        RANDOM.nextBytes(nonce);
        String hexNonce = HexFormat.of().formatHex(nonce);
        String canonical = canonical(credential.accessKeyId(), user, anonymous, method, timeMillis, hexNonce);
        return new RequestSignature(
                credential.accessKeyId(),
                user,
                anonymous,
                method,
                timeMillis,
                hexNonce,
                HexFormat.of().formatHex(hmac(credential.secret(), canonical)));
    }

    /** Whether the signature is the HMAC of this request under {@code secret} (constant-time comparison). */
    public boolean verify(String secret) {
        byte[] expected = hmac(secret, canonical(accessKeyId, user, anonymous, method, timeMillis, nonce));
        byte[] given;
        try {
            given = HexFormat.of().parseHex(signature);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, given);
    }

    private static String canonical(
            String accessKeyId, String user, boolean anonymous, String method, long timeMillis, String nonce) {
        return String.join(
                "\n", SCHEME, accessKeyId, user, Boolean.toString(anonymous), method, Long.toString(timeMillis), nonce);
    }

    private static byte[] hmac(String secret, String canonical) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            return mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK cannot compute " + ALGORITHM, e);
        }
    }
}
