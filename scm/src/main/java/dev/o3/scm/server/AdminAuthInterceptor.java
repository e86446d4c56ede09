package dev.o3.scm.server;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.security.RequestSignature;
import dev.o3.common.security.SignatureHeaders;
import dev.o3.proto.om.CallAuth;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.VerifySignatureRequest;
import dev.o3.proto.om.VerifySignatureResponse;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Secure mode: lets only administrators call SCM's admin service. SCM keeps no user secrets, so it hands each call's
 * signature (the o3-access-key / o3-auth-* headers the client signed for this very method) to OM's VerifySignature,
 * which checks it exactly as it checks its own calls, consumes its nonce, and says who signed it and whether that user
 * is an administrator. OMs are asked in configured order, moving on only when one is unreachable, so the replay cache
 * of one OM sees every signature. A call without a valid signature fails with UNAUTHENTICATED, a non-administrator's
 * with PERMISSION_DENIED, both before the service runs. Blocks the admin service's own pool, not a transport thread.
 * Thread-safe.
 */
final class AdminAuthInterceptor implements ServerInterceptor, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AdminAuthInterceptor.class);
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private final List<HostAndPort> oms;
    private final List<ManagedChannel> channels = new ArrayList<>();

    AdminAuthInterceptor(List<HostAndPort> oms, GrpcConfig grpc) {
        if (oms.isEmpty()) {
            throw new IllegalArgumentException("secure mode needs ozone.om.address on SCM to check admin calls");
        }
        this.oms = List.copyOf(oms);
        for (HostAndPort om : this.oms) {
            channels.add(GrpcFactory.channel(om, grpc));
        }
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getFullMethodName();
        Status refusal = refusal(headers, method);
        if (refusal != null) {
            call.close(refusal, new Metadata());
            return new ServerCall.Listener<>() {};
        }
        return next.startCall(call, headers);
    }

    /** Why the call may not run, or null when an administrator signed it. */
    private Status refusal(Metadata headers, String method) {
        Optional<RequestSignature> signature;
        try {
            signature = SignatureHeaders.read(headers, method);
        } catch (IllegalArgumentException e) {
            return Status.UNAUTHENTICATED.withDescription("authentication failed: " + e.getMessage());
        }
        if (signature.isEmpty()) {
            return Status.UNAUTHENTICATED.withDescription("authentication failed: the call carries no credential;"
                    + " run `ozone login` so that ~/.ozone/credentials holds an administrator's access key");
        }
        RequestSignature signed = signature.get();
        VerifySignatureRequest request = VerifySignatureRequest.newBuilder()
                .setMethod(method)
                .setUser(signed.user())
                .setAnonymous(signed.anonymous())
                .setAuth(CallAuth.newBuilder()
                        .setAccessKey(signed.accessKeyId())
                        .setTimeMillis(signed.timeMillis())
                        .setNonce(signed.nonce())
                        .setSignature(signed.signature()))
                .build();
        StatusRuntimeException last = null;
        for (int i = 0; i < channels.size(); i++) {
            try {
                VerifySignatureResponse response = OzoneManagerServiceGrpc.newBlockingStub(channels.get(i))
                        .withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                        .verifySignature(request);
                if (response.hasError()) {
                    return Status.UNAUTHENTICATED.withDescription(
                            response.getError().getMessage());
                }
                if (!response.getAdmin()) {
                    return Status.PERMISSION_DENIED.withDescription(response.getUser()
                            + " is not an administrator (ozone.administrators); SCM admin commands are not allowed");
                }
                return null;
            } catch (StatusRuntimeException e) {
                LOG.debug("OM {} could not check a signature", oms.get(i), e);
                last = e;
            }
        }
        return Status.UNAVAILABLE.withDescription("authentication failed: no OM could check the credential ("
                + (last == null ? "" : last.getStatus().getCode()) + ")");
    }

    @Override
    public void close() {
        channels.forEach(ManagedChannel::shutdownNow);
    }
}
