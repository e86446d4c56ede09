package dev.o3.client.om;

import dev.o3.common.config.HostAndPort;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.OzoneManagerServiceGrpc.OzoneManagerServiceBlockingStub;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls the Ozone Manager over one persistent gRPC channel per OM. Every call goes to the OM believed to be leader; a
 * NOT_LEADER reply moves to the leader it names, an unreachable OM or LEADER_NOT_READY moves to the next one, until the
 * failover timeout. Thread-safe: channels are shared and the leader guess is a volatile index.
 */
public final class OmClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OmClient.class);
    private static final Metadata.Key<String> USER_KEY = Metadata.Key.of("o3-user", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> ANONYMOUS_KEY =
            Metadata.Key.of("o3-anonymous", Metadata.ASCII_STRING_MARSHALLER);
    private static final Duration RPC_DEADLINE = Duration.ofSeconds(60);
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final List<HostAndPort> addresses;
    private final List<ManagedChannel> channels;
    private final List<OzoneManagerServiceBlockingStub> stubs;
    private final Duration failoverTimeout;
    private final boolean ownsChannels;
    private volatile int leader;

    /**
     * Opens (lazily connecting) channels to every OM.
     *
     * @param addresses every OM's client address
     * @param user the user every call acts as
     * @param failoverTimeout how long to look for a leader before a call fails
     */
    public OmClient(List<HostAndPort> addresses, String user, Duration failoverTimeout) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no OM address");
        }
        this.addresses = List.copyOf(addresses);
        this.failoverTimeout = Objects.requireNonNull(failoverTimeout, "failoverTimeout is null");
        this.ownsChannels = true;
        this.channels = new ArrayList<>();
        for (HostAndPort address : this.addresses) {
            channels.add(NettyChannelBuilder.forAddress(address.host(), address.port())
                    .usePlaintext()
                    .maxInboundMessageSize(64 << 20)
                    .build());
        }
        this.stubs = stubs(channels, userHeaders(user));
    }

    private OmClient(OmClient shared, Metadata headers) {
        this.addresses = shared.addresses;
        this.failoverTimeout = shared.failoverTimeout;
        this.ownsChannels = false;
        this.channels = shared.channels;
        this.stubs = stubs(channels, headers);
        this.leader = shared.leader;
    }

    /**
     * A client acting as another user over the same channels (a gateway serving many users); closing it leaves the
     * channels open.
     */
    public OmClient asUser(String user) {
        return new OmClient(this, userHeaders(user));
    }

    /**
     * A client acting as an anonymous caller over the same channels (a gateway serving unsigned S3 requests), which OM
     * lets do only what public ACLs allow; closing it leaves the channels open.
     */
    public OmClient asAnonymous() {
        Metadata headers = new Metadata();
        headers.put(ANONYMOUS_KEY, "true");
        return new OmClient(this, headers);
    }

    private static Metadata userHeaders(String user) {
        Metadata headers = new Metadata();
        headers.put(USER_KEY, Objects.requireNonNull(user, "user is null"));
        return headers;
    }

    private static List<OzoneManagerServiceBlockingStub> stubs(List<ManagedChannel> channels, Metadata headers) {
        List<OzoneManagerServiceBlockingStub> stubs = new ArrayList<>();
        for (ManagedChannel channel : channels) {
            stubs.add(OzoneManagerServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers)));
        }
        return List.copyOf(stubs);
    }

    /**
     * Runs one RPC against the leader, following redirects and failing over.
     *
     * @param operation name for messages, e.g. "CreateKey"
     * @param rpc the call on a stub
     * @param errorOf the response's error field
     * @return the successful response
     * @throws OmException with the OM's status, or SCM_UNAVAILABLE-like INTERNAL_ERROR when no OM answered in time
     */
    public <R> R call(
            String operation, Function<OzoneManagerServiceBlockingStub, R> rpc, Function<R, OmError> errorOf) {
        long deadline = System.nanoTime() + failoverTimeout.toNanos();
        long backoff = FIRST_BACKOFF_NANOS;
        String lastProblem = "no OM answered";
        while (true) {
            int target = leader;
            try {
                R response =
                        rpc.apply(stubs.get(target).withDeadlineAfter(RPC_DEADLINE.toMillis(), TimeUnit.MILLISECONDS));
                OmError error = errorOf.apply(response);
                if (error == null
                        || error.getStatus() == OmStatus.OK
                        || error.getStatus() == OmStatus.OM_STATUS_UNSPECIFIED) {
                    return response;
                }
                if (error.getStatus() == OmStatus.NOT_LEADER) {
                    lastProblem = addresses.get(target) + " is not the leader";
                    if (redirect(target, error)) {
                        continue;
                    }
                } else if (error.getStatus() == OmStatus.LEADER_NOT_READY) {
                    lastProblem = addresses.get(target) + " is not ready";
                } else {
                    throw new OmException(error.getStatus(), error.getMessage());
                }
            } catch (StatusRuntimeException e) {
                if (!isRetriable(e.getStatus())) {
                    throw new OmException(OmStatus.INTERNAL_ERROR, operation + " failed: " + e.getStatus());
                }
                lastProblem =
                        addresses.get(target) + " unreachable (" + e.getStatus().getCode() + ")";
                moveOn(target);
            }
            if (System.nanoTime() + backoff > deadline) {
                throw new OmException(
                        OmStatus.INTERNAL_ERROR,
                        operation + ": no OM leader within " + failoverTimeout.toSeconds() + "s (" + lastProblem + ")");
            }
            LockSupport.parkNanos(backoff);
            backoff = Math.min(backoff * 2, MAX_BACKOFF_NANOS);
        }
    }

    /** The OM addresses this client knows. */
    public List<HostAndPort> addresses() {
        return addresses;
    }

    private boolean redirect(int from, OmError error) {
        for (int i = 0; i < addresses.size(); i++) {
            if (i != from && addresses.get(i).toString().equals(error.getLeaderAddress())) {
                leader = i;
                LOG.debug("OM leader is {}", addresses.get(i));
                return true;
            }
        }
        moveOn(from);
        return false;
    }

    private void moveOn(int from) {
        if (leader == from) {
            leader = (from + 1) % addresses.size();
        }
    }

    private static boolean isRetriable(Status status) {
        return switch (status.getCode()) {
            case UNAVAILABLE, DEADLINE_EXCEEDED, ABORTED, CANCELLED -> true;
            default -> false;
        };
    }

    @Override
    public void close() {
        if (!ownsChannels) {
            return;
        }
        channels.forEach(ManagedChannel::shutdown);
        for (ManagedChannel channel : channels) {
            try {
                if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                    channel.shutdownNow();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                channel.shutdownNow();
            }
        }
    }
}
