package dev.o3.om.rpc;

import com.google.protobuf.Message;
import dev.o3.om.audit.OmAudit;
import dev.o3.om.metrics.OperationMetrics;
import dev.o3.om.ratis.NotLeaderException;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.scm.ScmUnavailableException;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import io.grpc.stub.StreamObserver;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client call in flight: answers it exactly once, with the response or an {@link OmError} (NOT_LEADER replies
 * name the leader's id and client address), and records its latency and status. Thread-safe for a single answer.
 *
 * @param <R> response type
 */
final class RpcCall<R extends Message> {
    private static final Logger LOG = LoggerFactory.getLogger(RpcCall.class);

    private final String logPrefix;
    private final OperationMetrics metrics;
    private final StreamObserver<R> observer;
    private final Function<OmError, R> errorResponse;
    private final Function<String, String> leaderAddress;
    private final long arrivedNanos;
    private final String user;
    private final Object request; // its resource is built only when the audit log writes it
    private final String client;
    private final boolean write;

    /**
     * @param caller who calls, for the audit log
     * @param request the request, whose names the audit log shows
     * @param write whether the call changes state (the audit log shows successful reads at DEBUG only)
     */
    RpcCall(
            String logPrefix,
            OperationMetrics metrics,
            StreamObserver<R> observer,
            Function<OmError, R> errorResponse,
            Function<String, String> leaderAddress,
            Caller caller,
            Object request,
            boolean write) {
        this.user = caller.user();
        this.write = write;
        this.request = request;
        this.client =
                Optional.ofNullable(CallerInterceptor.CLIENT_ADDRESS.get()).orElse("-");
        this.logPrefix = logPrefix;
        this.metrics = metrics;
        this.observer = observer;
        this.errorResponse = errorResponse;
        this.leaderAddress = leaderAddress;
        this.arrivedNanos = System.nanoTime();
    }

    OperationMetrics metrics() {
        return metrics;
    }

    long arrivedNanos() {
        return arrivedNanos;
    }

    void succeed(R response) {
        answer(response, OmStatus.OK);
    }

    void error(OmError error) {
        answer(errorResponse.apply(error), error.getStatus());
    }

    void fail(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        OmError.Builder error = OmError.newBuilder().setMessage(String.valueOf(cause.getMessage()));
        if (cause instanceof OmException refused) {
            error.setStatus(refused.status());
        } else if (cause instanceof NotLeaderException notLeader) {
            error.setStatus(notLeader.status());
            notLeader.leaderId().ifPresent(leader -> {
                error.setLeaderId(leader);
                error.setLeaderAddress(leaderAddress.apply(leader));
            });
        } else if (cause instanceof ScmUnavailableException) {
            error.setStatus(OmStatus.SCM_UNAVAILABLE);
        } else {
            LOG.warn("[{}] {} failed", logPrefix, metrics.operation(), cause);
            error.setStatus(OmStatus.INTERNAL_ERROR);
        }
        error(error.build());
    }

    private void answer(R response, OmStatus status) {
        try {
            observer.onNext(response);
            observer.onCompleted();
        } catch (RuntimeException e) {
            LOG.debug("[{}] could not answer {} (client gone?)", logPrefix, metrics.operation(), e);
        }
        metrics.recordRequest(status.name(), System.nanoTime() - arrivedNanos);
        String result = status == OmStatus.OK ? "SUCCESS" : status.name();
        if (OmAudit.logs(result, write)) {
            OmAudit.log(user, metrics.operation(), OmAudit.resourceOf(request), result, client, write);
        }
    }
}
