package dev.o3.om.testing;

import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.OzoneManagerServiceGrpc.OzoneManagerServiceBlockingStub;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A minimal OM client for tests with leader failover: on NOT_LEADER it moves to the named leader (or the next OM),
 * on an unreachable OM to the next one, until a deadline. Writes carry a client id and call id so a retried write is
 * applied once (the OM logs such a write alone), unless the client was made {@link #withoutRequestIds} like the
 * product's clients (the OM may group-commit those). Thread-safe.
 */
public final class OmTestClient implements AutoCloseable {
    private static final Duration RETRY_PAUSE = Duration.ofMillis(50);

    private final List<String> addresses;
    private final List<ManagedChannel> channels = new ArrayList<>();
    private final String user;
    private final boolean anonymous;
    private final boolean requestIds;
    private final Duration timeout;
    private final UUID clientId = UUID.randomUUID();
    private final AtomicLong callIds = new AtomicLong();
    private volatile int current;

    public OmTestClient(List<String> addresses, String user, Duration timeout) {
        this(addresses, user, false, true, timeout);
    }

    private OmTestClient(List<String> addresses, String user, boolean anonymous, boolean requestIds, Duration timeout) {
        this.addresses = List.copyOf(addresses);
        this.user = user;
        this.anonymous = anonymous;
        this.requestIds = requestIds;
        this.timeout = timeout;
        for (String address : addresses) {
            channels.add(NettyChannelBuilder.forTarget(address).usePlaintext().build());
        }
    }

    /** A client sending {@code o3-anonymous} next to {@code o3-user: claimedUser}. */
    public static OmTestClient anonymous(List<String> addresses, String claimedUser, Duration timeout) {
        return new OmTestClient(addresses, claimedUser, true, true, timeout);
    }

    /** A client whose retried writes may be applied twice, as with the product's OM client. */
    public static OmTestClient withoutRequestIds(List<String> addresses, String user, Duration timeout) {
        return new OmTestClient(addresses, user, false, false, timeout);
    }

    /**
     * Calls {@code rpc} on the leader, failing over as needed.
     *
     * @param error the response's error field
     * @throws AssertionError when no leader answered before the deadline
     */
    public <R> R call(Function<OzoneManagerServiceBlockingStub, R> rpc, Function<R, OmError> error) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("o3-user", Metadata.ASCII_STRING_MARSHALLER), user);
        if (anonymous) {
            headers.put(Metadata.Key.of("o3-anonymous", Metadata.ASCII_STRING_MARSHALLER), "true");
        }
        if (requestIds) {
            headers.put(Metadata.Key.of("o3-client-id", Metadata.ASCII_STRING_MARSHALLER), clientId.toString());
            headers.put(
                    Metadata.Key.of("o3-call-id", Metadata.ASCII_STRING_MARSHALLER),
                    Long.toString(callIds.incrementAndGet()));
        }
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

    private static void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(RETRY_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
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
