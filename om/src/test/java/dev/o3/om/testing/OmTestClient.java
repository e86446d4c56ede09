package dev.o3.om.testing;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.OzoneManagerServiceGrpc.OzoneManagerServiceBlockingStub;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * A minimal OM client for tests with leader failover: on NOT_LEADER it moves to the named leader (or the next OM),
 * on an unreachable OM to the next one, until a deadline. Every call carries the client's id and a call id of its
 * own (the same on each attempt), so a retried write is applied once; {@link #call(long, Function, Function)} resends
 * a given call id, as a client does whose reply was lost. Thread-safe.
 */
public final class OmTestClient implements AutoCloseable {
    private static final Duration RETRY_PAUSE = Duration.ofMillis(50);

    private final List<String> addresses;
    private final List<ManagedChannel> channels = new ArrayList<>();
    private final String user;
    private final boolean anonymous;
    private final Duration timeout;
    private final UUID clientId = UUID.randomUUID();
    private final AtomicLong callIds = new AtomicLong();
    private volatile int current;

    public OmTestClient(List<String> addresses, String user, Duration timeout) {
        this(addresses, user, false, timeout);
    }

    private OmTestClient(List<String> addresses, String user, boolean anonymous, Duration timeout) {
        this.addresses = List.copyOf(addresses);
        this.user = user;
        this.anonymous = anonymous;
        this.timeout = timeout;
        for (String address : addresses) {
            channels.add(
                    GrpcFactory.channel(HostAndPort.parse(address, CommonConfigKeys.OM_PORT), GrpcConfig.defaults()));
        }
    }

    /** A client sending {@code o3-anonymous} next to {@code o3-user: claimedUser}. */
    public static OmTestClient anonymous(List<String> addresses, String claimedUser, Duration timeout) {
        return new OmTestClient(addresses, claimedUser, true, timeout);
    }

    /** A call id not used yet, for {@link #call(long, Function, Function)}. */
    public long nextCallId() {
        return callIds.incrementAndGet();
    }

    /**
     * Calls {@code rpc} on the leader with a new call id, failing over as needed.
     *
     * @param error the response's error field
     * @throws AssertionError when no leader answered before the deadline
     */
    public <R> R call(Function<OzoneManagerServiceBlockingStub, R> rpc, Function<R, OmError> error) {
        return call(nextCallId(), rpc, error);
    }

    /**
     * Calls {@code rpc} on the leader with call id {@code callId}, failing over as needed; calling again with the same
     * id is a retry of the same call.
     *
     * @throws AssertionError when no leader answered before the deadline
     */
    public <R> R call(long callId, Function<OzoneManagerServiceBlockingStub, R> rpc, Function<R, OmError> error) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("o3-user", Metadata.ASCII_STRING_MARSHALLER), user);
        if (anonymous) {
            headers.put(Metadata.Key.of("o3-anonymous", Metadata.ASCII_STRING_MARSHALLER), "true");
        }
        headers.put(Metadata.Key.of("o3-client-id", Metadata.ASCII_STRING_MARSHALLER), clientId.toString());
        headers.put(Metadata.Key.of("o3-call-id", Metadata.ASCII_STRING_MARSHALLER), Long.toString(callId));
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            int index = current;
            OzoneManagerServiceBlockingStub stub = OzoneManagerServiceGrpc.newBlockingStub(channels.get(index))
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                    .withDeadlineAfter(2, TimeUnit.SECONDS);
            try {
                R response = rpc.apply(stub);
                OmError status = error.apply(response);
                if (status.getStatus() != OmStatus.NOT_LEADER && status.getStatus() != OmStatus.LEADER_NOT_READY) {
                    return response;
                }
                int leader = addresses.indexOf(status.getLeaderAddress());
                current = leader >= 0 && leader != index ? leader : (index + 1) % addresses.size();
            } catch (StatusRuntimeException e) {
                last = e;
                current = (index + 1) % addresses.size();
            }
            pause();
        }
        throw new AssertionError("no OM leader answered within " + timeout, last);
    }

    /** The back-off between attempts (a retry policy, not a wait for some condition). */
    private static void pause() {
        LockSupport.parkNanos(RETRY_PAUSE.toNanos());
        if (Thread.currentThread().isInterrupted()) {
            throw new AssertionError("interrupted");
        }
    }

    @Override
    public void close() {
        for (ManagedChannel channel : channels) {
            channel.shutdownNow();
            try {
                channel.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
