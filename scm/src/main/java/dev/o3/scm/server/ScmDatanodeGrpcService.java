package dev.o3.scm.server;

import dev.o3.proto.hdds.SecretKeyProto;
import dev.o3.proto.scm.HeartbeatRequest;
import dev.o3.proto.scm.HeartbeatResponse;
import dev.o3.proto.scm.RegisterRequest;
import dev.o3.proto.scm.RegisterResponse;
import dev.o3.proto.scm.ScmDatanodeServiceGrpc;
import dev.o3.scm.command.CommandStatus;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.RatisDirs;
import dev.o3.scm.wire.ScmProtoTranslator;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** gRPC {@code ScmDatanodeService}: datanode registration and heartbeats. Thread-safe (stateless). */
final class ScmDatanodeGrpcService extends ScmDatanodeServiceGrpc.ScmDatanodeServiceImplBase {
    private final StorageContainerManager scm;
    private final ScmProtoTranslator translator;

    private final DatanodeReports reports;
    private final Supplier<List<SecretKeyProto>> secretKeys;

    /** @param secretKeys the block-token keys every register and heartbeat response carries (none: security off) */
    ScmDatanodeGrpcService(
            StorageContainerManager scm,
            ScmProtoTranslator translator,
            DatanodeReports reports,
            Supplier<List<SecretKeyProto>> secretKeys) {
        this.scm = scm;
        this.translator = translator;
        this.reports = reports;
        this.secretKeys = secretKeys;
    }

    @Override
    public void register(RegisterRequest request, StreamObserver<RegisterResponse> response) {
        ScmGrpcErrors.answer("register", response, () -> register(request));
    }

    private RegisterResponse register(RegisterRequest request) {
        if (request.getDatanode().getUuid().isBlank()) {
            throw new ScmException(ScmErrorCode.INVALID_REQUEST, "datanode uuid is empty");
        }
        DatanodeDescriptor registered = scm.register(
                ScmProtoTranslator.fromProto(request.getDatanode()),
                ScmProtoTranslator.ratisDirs(request.getNodeReport()),
                ScmProtoTranslator.fromPipelineReports(request.getPipelinesList()),
                ScmProtoTranslator.fromContainerReports(request.getContainersList()));
        reports.record(registered.uuid(), request.getNodeReport(), request.getPipelinesList(), true);
        scm.nodes().recordRoom(registered.uuid(), ScmProtoTranslator.hasRoom(request.getNodeReport()));
        return RegisterResponse.newBuilder()
                .setClusterId(scm.clusterId())
                .setScmId(scm.scmId())
                .setNetworkLocation(registered.rack())
                .addAllSecretKeys(secretKeys.get())
                .build();
    }

    @Override
    public void heartbeat(HeartbeatRequest request, StreamObserver<HeartbeatResponse> response) {
        ScmGrpcErrors.answer("heartbeat", response, () -> heartbeat(request));
    }

    private HeartbeatResponse heartbeat(HeartbeatRequest request) {
        Optional<RatisDirs> ratisDirs = request.hasNodeReport()
                ? Optional.of(ScmProtoTranslator.ratisDirs(request.getNodeReport()))
                : Optional.empty();
        Optional<List<DatanodeCommand>> commands = scm.heartbeat(
                request.getDatanodeUuid(),
                ratisDirs,
                ScmProtoTranslator.fromPipelineReports(request.getPipelinesList()),
                request.getFullContainerReport() || request.getContainersCount() > 0
                        ? Optional.of(ScmProtoTranslator.fromContainerReports(request.getContainersList()))
                        : Optional.empty(),
                request.getCommandStatusList().stream()
                        .map(s -> new CommandStatus(s.getCommandId(), s.getSuccess()))
                        .toList());
        HeartbeatResponse.Builder builder = HeartbeatResponse.newBuilder().addAllSecretKeys(secretKeys.get());
        if (commands.isEmpty()) {
            builder.setReregister(true);
        } else {
            reports.record(
                    request.getDatanodeUuid(),
                    request.getNodeReport(),
                    request.getPipelinesList(),
                    request.hasNodeReport());
            if (request.hasNodeReport()) {
                scm.nodes().recordRoom(request.getDatanodeUuid(), ScmProtoTranslator.hasRoom(request.getNodeReport()));
            }
            commands.get().forEach(command -> builder.addCommands(translator.toProto(command)));
        }
        return builder.build();
    }
}
