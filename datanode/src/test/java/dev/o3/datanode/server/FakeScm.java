package dev.o3.datanode.server;

import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.proto.scm.CommandStatus;
import dev.o3.proto.scm.HeartbeatRequest;
import dev.o3.proto.scm.HeartbeatResponse;
import dev.o3.proto.scm.RegisterRequest;
import dev.o3.proto.scm.RegisterResponse;
import dev.o3.proto.scm.ScmCommand;
import dev.o3.proto.scm.ScmDatanodeServiceGrpc;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hand-written SCM datanode service for tests: records registrations, heartbeats and command statuses, and hands
 * each datanode the commands queued for it in its next heartbeat response. Thread-safe.
 */
final class FakeScm implements AutoCloseable {
    private final Map<String, RegisterRequest> registrations = new ConcurrentHashMap<>();
    private final Map<String, HeartbeatRequest> heartbeats = new ConcurrentHashMap<>();
    private final Map<String, Queue<ScmCommand>> commands = new ConcurrentHashMap<>();
    private final List<CommandStatus> statuses = new CopyOnWriteArrayList<>();
    private final AtomicLong commandIds = new AtomicLong();
    private final Map<String, Integer> registrationCounts = new ConcurrentHashMap<>();
    private final Set<String> reregister = ConcurrentHashMap.newKeySet();
    private final GrpcServer server;

    FakeScm() {
        server = GrpcFactory.server(
                        "fake SCM",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        GrpcConfig.defaults(),
                        GrpcExecutor.cachedPool("fake-scm"),
                        new Service().bindService())
                .start();
    }

    int port() {
        return server.port();
    }

    /** Queues a command for a datanode; returns its id. */
    long send(String datanodeUuid, ScmCommand.Builder command) {
        long id = commandIds.incrementAndGet();
        commands.computeIfAbsent(datanodeUuid, uuid -> new ConcurrentLinkedQueue<>())
                .add(command.setCommandId(id).build());
        return id;
    }

    /** Answers the datanode's next heartbeat with "register again" (as after an SCM restart). */
    void askToReregister(String datanodeUuid) {
        reregister.add(datanodeUuid);
    }

    int registrationCount(String datanodeUuid) {
        return registrationCounts.getOrDefault(datanodeUuid, 0);
    }

    RegisterRequest registration(String datanodeUuid) {
        return registrations.get(datanodeUuid);
    }

    HeartbeatRequest lastHeartbeat(String datanodeUuid) {
        return heartbeats.get(datanodeUuid);
    }

    List<CommandStatus> statuses() {
        return List.copyOf(statuses);
    }

    @Override
    public void close() {
        server.close();
    }

    private final class Service extends ScmDatanodeServiceGrpc.ScmDatanodeServiceImplBase {
        @Override
        public void register(RegisterRequest request, StreamObserver<RegisterResponse> response) {
            registrations.put(request.getDatanode().getUuid(), request);
            registrationCounts.merge(request.getDatanode().getUuid(), 1, Integer::sum);
            response.onNext(RegisterResponse.newBuilder()
                    .setClusterId("test-cluster")
                    .setScmId("fake-scm")
                    .setNetworkLocation("/rack1")
                    .build());
            response.onCompleted();
        }

        @Override
        public void heartbeat(HeartbeatRequest request, StreamObserver<HeartbeatResponse> response) {
            heartbeats.put(request.getDatanodeUuid(), request);
            statuses.addAll(request.getCommandStatusList());
            List<ScmCommand> pending = new ArrayList<>();
            Queue<ScmCommand> queue = commands.get(request.getDatanodeUuid());
            ScmCommand command;
            while (queue != null && (command = queue.poll()) != null) {
                pending.add(command);
            }
            response.onNext(HeartbeatResponse.newBuilder()
                    .addAllCommands(pending)
                    .setReregister(reregister.remove(request.getDatanodeUuid()))
                    .build());
            response.onCompleted();
        }
    }
}
