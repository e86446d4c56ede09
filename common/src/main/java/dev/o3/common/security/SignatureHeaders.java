package dev.o3.common.security;

import io.grpc.Metadata;
import java.util.Optional;
import java.util.UUID;

/**
 * The gRPC metadata a signed unary call carries ({@code o3-access-key}, {@code o3-auth-time}, {@code o3-auth-nonce},
 * {@code o3-auth-signature}, beside {@code o3-user} / {@code o3-anonymous} for the identity it claims), written by
 * clients and read by the OM and SCM interceptors.
 */
public final class SignatureHeaders {
    public static final Metadata.Key<String> USER = Metadata.Key.of("o3-user", Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> ANONYMOUS =
            Metadata.Key.of("o3-anonymous", Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> ACCESS_KEY =
            Metadata.Key.of("o3-access-key", Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> TIME = Metadata.Key.of("o3-auth-time", Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> NONCE = Metadata.Key.of("o3-auth-nonce", Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> SIGNATURE =
            Metadata.Key.of("o3-auth-signature", Metadata.ASCII_STRING_MARSHALLER);

    private SignatureHeaders() {}

    /**
     * The method string a write's signature covers: the method, then {@code #<client id>/<call id>} when the call
     * carries a request id ({@code o3-client-id}/{@code o3-call-id}, or a stream call's {@code request_id}). Signing
     * the id binds a captured write to the OMs' retry cache, which every OM fills from the Raft log: replayed to any
     * OM, it is answered with the first reply instead of being applied again.
     *
     * @param requestId "client uuid/call number", or empty for a call without one (reads, SCM admin calls)
     */
    public static String signedMethod(String method, String requestId) {
        return requestId.isEmpty() ? method : method + "#" + requestId;
    }

    /** A request id as {@link #signedMethod} takes it, from the id's parts (as a stream call carries them). */
    public static String requestId(long clientMostBits, long clientLeastBits, long callId) {
        return new UUID(clientMostBits, clientLeastBits) + "/" + callId;
    }

    /** Adds the signature's headers (the claimed user and anonymity are the caller's to add). */
    public static void put(Metadata headers, RequestSignature signature) {
        headers.put(ACCESS_KEY, signature.accessKeyId());
        headers.put(TIME, Long.toString(signature.timeMillis()));
        headers.put(NONCE, signature.nonce());
        headers.put(SIGNATURE, signature.signature());
    }

    /**
     * The signature the headers carry for a call of {@code method}, or empty when they carry none.
     *
     * @throws IllegalArgumentException when the headers are incomplete or malformed
     */
    public static Optional<RequestSignature> read(Metadata headers, String method) {
        String accessKey = headers.get(ACCESS_KEY);
        if (accessKey == null) {
            return Optional.empty();
        }
        String time = headers.get(TIME);
        String nonce = headers.get(NONCE);
        String signature = headers.get(SIGNATURE);
        if (time == null || nonce == null || signature == null) {
            throw new IllegalArgumentException("the request names access key " + accessKey
                    + " but lacks o3-auth-time, o3-auth-nonce or o3-auth-signature");
        }
        long millis;
        try {
            millis = Long.parseLong(time);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("o3-auth-time is not a number: " + time, e);
        }
        String user = Optional.ofNullable(headers.get(USER)).orElse("");
        return Optional.of(new RequestSignature(
                accessKey, user, headers.containsKey(ANONYMOUS), method, millis, nonce, signature));
    }
}
