package dev.o3.client.om;

import dev.o3.common.security.RequestSignature;
import dev.o3.common.security.SignatureHeaders;
import dev.o3.common.security.UserCredential;
import io.grpc.CallCredentials;
import io.grpc.Metadata;
import java.util.concurrent.Executor;

/**
 * Signs every unary call with the user's credential (secure mode, docs/security.md): gRPC asks for the headers of
 * each call, retries and failovers included, so each attempt gets its own time and nonce. The signature covers the
 * user the call acts as ({@code o3-user}, sent beside it) and whether it is anonymous. Immutable; thread-safe.
 */
public final class SigningCredentials extends CallCredentials {
    private final UserCredential credential;
    private final String user;
    private final boolean anonymous;

    /**
     * @param credential the signer's key
     * @param user the user the calls act as, as sent in {@code o3-user}
     * @param anonymous whether the calls act for an anonymous caller
     */
    public SigningCredentials(UserCredential credential, String user, boolean anonymous) {
        this.credential = credential;
        this.user = user;
        this.anonymous = anonymous;
    }

    @Override
    public void applyRequestMetadata(RequestInfo requestInfo, Executor appExecutor, MetadataApplier applier) {
        Metadata headers = new Metadata();
        SignatureHeaders.put(
                headers,
                RequestSignature.sign(
                        credential,
                        user,
                        anonymous,
                        requestInfo.getMethodDescriptor().getFullMethodName(),
                        System.currentTimeMillis()));
        applier.apply(headers);
    }
}
