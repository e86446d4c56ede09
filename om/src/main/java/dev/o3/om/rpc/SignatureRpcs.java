package dev.o3.om.rpc;

import dev.o3.om.audit.OmAudit;
import dev.o3.om.request.Caller;
import dev.o3.om.security.AuthenticationException;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.VerifySignatureRequest;
import dev.o3.proto.om.VerifySignatureResponse;
import io.grpc.ServerCallHandler;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import java.util.Optional;

/**
 * {@code VerifySignature}: SCM, which keeps no user secrets, asks OM whether a signed admin call it received is
 * genuine and who makes it. The signature is checked (and its nonce consumed) exactly as a call to OM would be, so a
 * signature made for one SCM call is good for that call only. Only the leader answers (a follower fails the call with
 * UNAVAILABLE and SCM asks the next OM): the leader has applied every key and token a signature may use, and one
 * replay cache, the leader's, sees every signature SCM checks. Stateless; thread-safe.
 */
final class SignatureRpcs {
    private SignatureRpcs() {}

    static ServerCallHandler<VerifySignatureRequest, VerifySignatureResponse> verify(CallerInterceptor callers) {
        return ServerCalls.asyncUnaryCall((request, observer) -> {
            if (callers.authenticator().isPresent() && !callers.isLeader()) {
                observer.onError(Status.UNAVAILABLE
                        .withDescription("not the leader OM, which checks SCM's signatures")
                        .asRuntimeException());
                return;
            }
            VerifySignatureResponse.Builder response = VerifySignatureResponse.newBuilder();
            if (callers.authenticator().isEmpty()) {
                response.setError(OmError.newBuilder()
                        .setStatus(OmStatus.INVALID_REQUEST)
                        .setMessage("this OM does not authenticate calls (ozone.security.enabled is off)"));
            } else {
                try {
                    Caller caller = callers.callerOf(
                            request.getMethod(),
                            request.getUser(),
                            request.getAnonymous(),
                            request.hasAuth() ? Optional.of(request.getAuth()) : Optional.empty());
                    response.setUser(caller.user()).setAdmin(caller.admin());
                } catch (AuthenticationException e) {
                    response.setError(OmError.newBuilder()
                            .setStatus(OmStatus.UNAUTHENTICATED)
                            .setMessage(e.getMessage()));
                }
            }
            OmAudit.log(
                    request.getAuth().getAccessKey(),
                    "VerifySignature",
                    request.getMethod(),
                    response.hasError() ? response.getError().getStatus().name() : "SUCCESS",
                    Optional.ofNullable(CallerInterceptor.CLIENT_ADDRESS.get()).orElse("-"));
            observer.onNext(response.build());
            observer.onCompleted();
        });
    }
}
