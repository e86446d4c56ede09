package dev.o3.client.om;

import dev.o3.common.config.HostAndPort;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import io.grpc.Status;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The retry decisions of one OM call, shared by the blocking and the asynchronous path: a NOT_LEADER reply moves to
 * the leader it names (at once), LEADER_NOT_READY or an unreachable OM moves on after a growing back-off, until the
 * failover timeout. Not thread-safe: one call's attempts run one after the other.
 */
final class Failover {
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** What the caller does after an attempt. */
    enum Next {
        /** The response is the answer. */
        DONE,
        /** Call the (new) leader now. */
        RETRY_NOW,
        /** Wait {@link #backoffNanos()}, then call again. */
        RETRY_LATER
    }

    private final String operation;
    private final List<HostAndPort> addresses;
    private final Duration timeout;
    private final long deadline;
    private long backoff = FIRST_BACKOFF_NANOS;
    private long nextBackoff = FIRST_BACKOFF_NANOS;
    private String lastProblem = "no OM answered";

    Failover(String operation, List<HostAndPort> addresses, Duration timeout) {
        this.operation = operation;
        this.addresses = addresses;
        this.timeout = timeout;
        this.deadline = System.nanoTime() + timeout.toNanos();
    }

    /**
     * Judges a response from OM {@code target}.
     *
     * @param leaderIndex where the client sends calls; updated on redirects
     * @throws OmException for any refusal other than leadership
     */
    Next onReply(int target, OmError error, LeaderIndex leaderIndex) {
        if (error == null || error.getStatus() == OmStatus.OK || error.getStatus() == OmStatus.OM_STATUS_UNSPECIFIED) {
            return Next.DONE;
        }
        if (error.getStatus() == OmStatus.NOT_LEADER) {
            lastProblem = addresses.get(target) + " is not the leader";
            if (leaderIndex.redirect(target, error.getLeaderAddress())) {
                return Next.RETRY_NOW;
            }
            return later();
        }
        if (error.getStatus() == OmStatus.LEADER_NOT_READY) {
            lastProblem = addresses.get(target) + " is not ready";
            return later();
        }
        throw new OmException(error.getStatus(), error.getMessage());
    }

    /**
     * Judges a transport failure talking to OM {@code target}.
     *
     * @throws OmException when the failure is not worth a retry
     */
    Next onTransportFailure(int target, Status status, LeaderIndex leaderIndex) {
        if (status.getCode() == Status.Code.UNAUTHENTICATED) {
            throw new OmException(OmStatus.UNAUTHENTICATED, operation + ": " + status.getDescription());
        }
        if (!isRetriable(status)) {
            throw new OmException(OmStatus.INTERNAL_ERROR, operation + " failed: " + status);
        }
        lastProblem = addresses.get(target) + " unreachable (" + status.getCode() + ")";
        leaderIndex.moveOn(target);
        return later();
    }

    /** How long to wait before the retry {@link Next#RETRY_LATER} asked for. */
    long backoffNanos() {
        return backoff;
    }

    private Next later() {
        backoff = nextBackoff;
        if (System.nanoTime() + backoff > deadline) {
            throw new OmException(
                    OmStatus.INTERNAL_ERROR,
                    operation + ": no OM leader within " + timeout.toSeconds() + "s (" + lastProblem + ")");
        }
        nextBackoff = Math.min(backoff * 2, MAX_BACKOFF_NANOS);
        return Next.RETRY_LATER;
    }

    private static boolean isRetriable(Status status) {
        return switch (status.getCode()) {
            case UNAVAILABLE, DEADLINE_EXCEEDED, ABORTED, CANCELLED -> true;
            default -> false;
        };
    }

    /** Where a client sends its calls: the OM it believes to be the leader. */
    interface LeaderIndex {
        /** Moves to the OM whose client address is {@code leaderAddress}; false when it is unknown or the same. */
        boolean redirect(int from, String leaderAddress);

        /** Moves past {@code from} when it is still the current guess. */
        void moveOn(int from);
    }
}
