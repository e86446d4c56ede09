package dev.o3.common.security;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.DelegationTokenIdentifier;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * OM delegation tokens as signing credentials (docs/security.md). A token's password is {@code HMAC-SHA256(delegation
 * key, identifier)}; its holder signs calls with it exactly as with an access key ({@link RequestSignature}), the
 * access key id being {@code dt:} and the identifier in URL-safe base64. So the password never travels with a call,
 * and a captured call cannot be replayed (time and nonce), while the token itself (the file) is a bearer credential.
 */
public final class DelegationTokens {
    /** The token kind, as Hadoop's {@code Token.getKind()} shows it. */
    public static final String KIND = "O3_DELEGATION_TOKEN";

    /** How the access key id of a token credential starts. */
    public static final String ACCESS_KEY_PREFIX = "dt:";

    private static final String ALGORITHM = "HmacSHA256";

    private DelegationTokens() {}

    /** The password of {@code identifier} under a delegation key. */
    public static byte[] password(byte[] key, byte[] identifier) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return mac.doFinal(identifier);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK cannot compute " + ALGORITHM, e);
        }
    }

    /** The credential a holder of {@code token} signs calls with. */
    public static UserCredential credentialOf(DelegationToken token) {
        return new UserCredential(
                ACCESS_KEY_PREFIX
                        + Base64.getUrlEncoder()
                                .withoutPadding()
                                .encodeToString(token.getIdentifier().toByteArray()),
                secretOf(token.getPassword().toByteArray()));
    }

    /** The secret a token's password signs as: the password in hex. */
    public static String secretOf(byte[] password) {
        return HexFormat.of().formatHex(password);
    }

    /** Whether {@code accessKeyId} names a delegation token rather than a user's access key. */
    public static boolean isToken(String accessKeyId) {
        return accessKeyId.startsWith(ACCESS_KEY_PREFIX);
    }

    /**
     * The identifier bytes a token credential's access key id carries.
     *
     * @throws IllegalArgumentException when it is no token's
     */
    public static byte[] identifierBytes(String accessKeyId) {
        if (!isToken(accessKeyId)) {
            throw new IllegalArgumentException(accessKeyId + " names no delegation token");
        }
        return Base64.getUrlDecoder().decode(accessKeyId.substring(ACCESS_KEY_PREFIX.length()));
    }

    /**
     * The identifier in {@code bytes}.
     *
     * @throws IllegalArgumentException when they are not one
     */
    public static DelegationTokenIdentifier parse(byte[] bytes) {
        try {
            return DelegationTokenIdentifier.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("not a delegation token identifier: " + e.getMessage(), e);
        }
    }

    /** The user a credential acts as: a token's owner, else the access key id (which names its user). */
    public static String userOf(UserCredential credential) {
        return ownerOf(credential.accessKeyId()).orElse(credential.accessKeyId());
    }

    /** The owner of the token an access key id names, or empty when it names none or a malformed one. */
    public static Optional<String> ownerOf(String accessKeyId) {
        if (!isToken(accessKeyId)) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(identifierBytes(accessKeyId)).getOwner());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A short name for messages and audit lines: {@code delegation token 42 of alice}. */
    public static String describe(DelegationTokenIdentifier identifier) {
        return "delegation token " + identifier.getSequenceNumber() + " of " + identifier.getOwner();
    }
}
