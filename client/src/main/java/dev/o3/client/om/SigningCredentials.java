package dev.o3.client.om;

import dev.o3.common.security.RequestSignature;
import dev.o3.common.security.SignatureHeaders;
import dev.o3.common.security.UserCredential;
import dev.o3.proto.om.CallAuth;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import io.grpc.CallCredentials;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.concurrent.Executor;

/**
 * Signs every unary call with the user's credential (secure mode, docs/security.md): gRPC asks for the headers of
 * each call, retries and failovers included, so each attempt gets its own time and nonce. The signature covers the
 * user the call acts as ({@code o3-user}, sent beside it), whether it is anonymous and, for a write, its request id
 * ({@link SignatureHeaders#signedMethod}, the same on every attempt). Immutable; thread-safe.
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

    /**
     * Signs one call on the {@code Calls} stream (its {@code auth}), for the method {@code <Calls method>/<case>}.
     */
    static void sign(UserCredential credential, String user, boolean anonymous, OmCall.Builder call) {
        RequestSignature signature = RequestSignature.sign(
                credential,
                user,
                anonymous,
                SignatureHeaders.signedMethod(
                        OzoneManagerServiceGrpc.getCallsMethod().getFullMethodName() + "/"
                                + call.getRequestCase().name(),
                        call.hasRequestId()
                                ? SignatureHeaders.requestId(
                                        call.getRequestId().getClientMostBits(),
                                        call.getRequestId().getClientLeastBits(),
                                        call.getRequestId().getCallId())
                                : ""),
                System.currentTimeMillis());
        call.setAuth(CallAuth.newBuilder()
                .setAccessKey(signature.accessKeyId())
                .setTimeMillis(signature.timeMillis())
                .setNonce(signature.nonce())
                .setSignature(signature.signature()));
    }

    @Override
    public void applyRequestMetadata(RequestInfo requestInfo, Executor appExecutor, MetadataApplier applier) {
        MethodDescriptor<?, ?> method = requestInfo.getMethodDescriptor();
        // as RequestIds sends them: writes of a logical call only
        RequestIds.Call call = requestInfo.getCallOptions().getOption(RequestIds.CALL);
        String requestId = call == null || method.isSafe() ? "" : call.clientId() + "/" + call.number();
        Metadata headers = new Metadata();
        SignatureHeaders.put(
                headers,
                RequestSignature.sign(
                        credential,
                        user,
                        anonymous,
                        SignatureHeaders.signedMethod(method.getFullMethodName(), requestId),
                        System.currentTimeMillis()));
        applier.apply(headers);
    }
}
