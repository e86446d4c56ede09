package dev.o3.client.om;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The call streams to one OM, each on its own connection, taking calls in turn. OM serves a connection's calls on one
 * transport thread (a read runs there with no hand-off), so a busy client (a gateway, freon) on one connection can use
 * only one of OM's cores: random lookups over 10 million keys stopped at 55k/s with that thread busy and the rest of
 * the machine idle. Thread-safe.
 */
final class CallStreamGroup implements AutoCloseable {
    private final List<ManagedChannel> ownChannels = new ArrayList<>();
    private final List<CallStream> streams = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();

    /**
     * @param shared the client's channel to the OM, which carries the first stream and is not closed here
     * @param address the OM's address, for the group's own channels
     * @param grpc settings of the group's own channels
     * @param connections streams, each but the first on a channel of the group's own, closed with it
     * @param deadline how long a call may wait for its reply
     */
    CallStreamGroup(ManagedChannel shared, HostAndPort address, GrpcConfig grpc, int connections, Duration deadline) {
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1: " + connections);
        }
        streams.add(new CallStream(shared, deadline));
        for (int i = 1; i < connections; i++) {
            ManagedChannel channel = channel(address, grpc);
            ownChannels.add(channel);
            streams.add(new CallStream(channel, deadline));
        }
    }

    /** A channel to an OM as {@link OmClient} uses them. */
    static ManagedChannel channel(HostAndPort address, GrpcConfig grpc) {
        return GrpcFactory.channelBuilder(address, grpc)
                // Failover is ours (see Failover); gRPC's transparent retry only adds buffering per call.
                .disableRetry()
                .build();
    }

    /**
     * Sends the call on the stream whose replies arrive on this thread, if any, else on the next stream in turn; see
     * {@link CallStream#call}. A call made from a reply's callback (freon's closed loop, a key's commit after its
     * create) so stays on the connection of its thread instead of waking another connection's thread to send it: with
     * four connections taken strictly in turn, that hand-off cost freon twice the CPU per lookup.
     */
    CompletableFuture<OmReply> call(OmCall.Builder call) {
        int first = Math.floorMod(next.getAndIncrement(), streams.size());
        Thread current = Thread.currentThread();
        // From the turn's stream on, so that streams sharing this thread all keep their share of the calls.
        for (int i = 0; i < streams.size(); i++) {
            CallStream stream = streams.get((first + i) % streams.size());
            if (stream.replyThread() == current) {
                return stream.call(call);
            }
        }
        return streams.get(first).call(call);
    }

    @Override
    public void close() {
        streams.forEach(CallStream::close);
        ownChannels.forEach(ManagedChannel::shutdown);
        ownChannels.forEach(GrpcFactory::close);
    }
}
