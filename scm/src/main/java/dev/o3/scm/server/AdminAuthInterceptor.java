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
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.StatusException;
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
 * is an administrator. Only the leader OM answers (a follower fails with UNAVAILABLE), so SCM asks the OMs in turn
 * until one answers: a follower that has not applied a user's new key yet never refuses a good signature, and the
 * leader's replay cache sees every signature. The checked caller's name is in {@link #caller()} for the service. A
 * call without a valid signature fails with UNAUTHENTICATED, a non-administrator's with PERMISSION_DENIED, both before
 * the service runs. Blocks the admin service's own pool, not a transport thread.
 * Thread-safe.
 */
final class AdminAuthInterceptor implements ServerInterceptor, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AdminAuthInterceptor.class);
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private static final Context.Key<String> CALLER = Context.key("o3-scm-admin");
    /** Who a call is from when SCM checks no signatures (security or authentication off). */
    private static final String UNCHECKED = "admin";

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
        VerifySignatureResponse checked;
        try {
            checked = check(headers, method);
        } catch (StatusException e) {
            call.close(e.getStatus(), new Metadata());
            return new ServerCall.Listener<>() {};
        }
        return Contexts.interceptCall(Context.current().withValue(CALLER, checked.getUser()), call, headers, next);
    }

    /** The administrator who made the current admin call ("admin" when SCM checks no signatures). */
    static String caller() {
        return Optional.ofNullable(CALLER.get()).orElse(UNCHECKED);
    }

    /**
     * The leader OM's answer for an administrator's signature.
     *
     * @throws StatusException why the call may not run
     */
    private VerifySignatureResponse check(Metadata headers, String method) throws StatusException {
        Optional<RequestSignature> signature;
        try {
            signature = SignatureHeaders.read(headers, method);
        } catch (IllegalArgumentException e) {
            throw Status.UNAUTHENTICATED
                    .withDescription("authentication failed: " + e.getMessage())
                    .asException();
        }
        if (signature.isEmpty()) {
            throw Status.UNAUTHENTICATED
                    .withDescription("authentication failed: the call carries no credential;"
                            + " run `ozone login` so that ~/.ozone/credentials holds an administrator's access key")
                    .asException();
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
                    throw Status.UNAUTHENTICATED
                            .withDescription(response.getError().getMessage())
                            .asException();
                }
                if (!response.getAdmin()) {
                    throw Status.PERMISSION_DENIED
                            .withDescription(response.getUser() + " is not an administrator (ozone.administrators);"
                                    + " SCM admin commands are not allowed")
                            .asException();
                }
                return response;
            } catch (StatusRuntimeException e) {
                // unreachable, or a follower: the leader decides
                LOG.debug("OM {} did not check a signature", oms.get(i), e);
                last = e;
            }
        }
        throw Status.UNAVAILABLE
                .withDescription("authentication failed: no leader OM could check the credential ("
                        + (last == null ? "" : last.getStatus().getDescription()) + ")")
                .asException();
    }

    @Override
    public void close() {
        channels.forEach(ManagedChannel::shutdownNow);
    }
}
