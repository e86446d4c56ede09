package dev.o3.om.ratis;

import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientAsynchronousProtocol;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.exceptions.LeaderNotReadyException;
import org.apache.ratis.protocol.exceptions.LeaderSteppingDownException;
import org.apache.ratis.protocol.exceptions.RaftException;
import org.apache.ratis.protocol.exceptions.ReadIndexException;
import org.apache.ratis.server.RaftServer;

/**
 * Hands requests of this OM to its own Raft server, on the caller's thread: writes and ReadIndex reads, with failed
 * replies turned into {@link NotLeaderException} (the client retries elsewhere) or a {@link CompletionException}.
 * Thread-safe.
 */
final class LocalSubmitter {
    private final String nodeId;
    private final RaftServer server;
    private final RaftGroupId groupId;
    private final RaftClientAsynchronousProtocol entry;
    private final Supplier<Optional<String>> leaderId;
    private final ClientId localClientId = ClientId.randomId();
    private final AtomicLong callIds = new AtomicLong();

    /**
     * @param leaderId the current leader, named in LEADER_NOT_READY answers
     * @throws IOException when the server has no division for the group
     */
    LocalSubmitter(String nodeId, RaftServer server, RaftGroupId groupId, Supplier<Optional<String>> leaderId)
            throws IOException {
        this.nodeId = nodeId;
        this.server = server;
        this.groupId = groupId;
        this.leaderId = leaderId;
        RaftServer.Division division = server.getDivision(groupId);
        // RaftServer.submitClientRequestAsync hands each request to a client executor and blocks the caller until
        // that thread took it; the division's own entry point takes it on the calling thread.
        this.entry = division instanceof RaftClientAsynchronousProtocol direct ? direct : server;
    }

    /**
     * Logs {@code message}; completes with Ratis' reply once the entry is applied. Every entry gets a call id of its
     * own under this OM's client id, so Ratis' retry cache never merges two entries; retried client requests are
     * recognised where they are applied instead (the OM's retry cache).
     */
    CompletableFuture<RaftClientReply> write(Message message) {
        return send(request(message, RaftClientRequest.writeRequestType()));
    }

    /** One linearizable (ReadIndex) read: completes once this leader applied up to a read index obtained now. */
    CompletableFuture<RaftClientReply> readIndex() {
        return send(request(Message.EMPTY, RaftClientRequest.readRequestType()));
    }

    private RaftClientRequest request(Message message, RaftClientRequest.Type type) {
        return RaftClientRequest.newBuilder()
                .setClientId(localClientId)
                .setServerId(server.getId())
                .setGroupId(groupId)
                .setCallId(callIds.incrementAndGet())
                .setMessage(message)
                .setType(type)
                .build();
    }

    private CompletableFuture<RaftClientReply> send(RaftClientRequest request) {
        CompletableFuture<RaftClientReply> sent;
        try {
            sent = entry.submitClientRequestAsync(request);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        return sent.thenApply(reply -> {
            if (reply.isSuccess()) {
                return reply;
            }
            throw translate(reply.getException());
        });
    }

    private RuntimeException translate(RaftException exception) {
        if (exception instanceof org.apache.ratis.protocol.exceptions.NotLeaderException notLeader) {
            Optional<String> leader = Optional.ofNullable(notLeader.getSuggestedLeader())
                    .map(peer -> peer.getId().toString());
            return new NotLeaderException(OmStatus.NOT_LEADER, leader, nodeId + " is not the leader");
        }
        if (exception instanceof LeaderNotReadyException
                || exception instanceof LeaderSteppingDownException
                || exception instanceof ReadIndexException) {
            return new NotLeaderException(OmStatus.LEADER_NOT_READY, leaderId.get(), exception.getMessage());
        }
        return new CompletionException(exception);
    }
}
