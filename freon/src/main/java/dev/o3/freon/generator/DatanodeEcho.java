package dev.o3.freon.generator;

import com.google.protobuf.ByteString;
import dev.o3.client.admin.ScmAdminClient;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.read.ContainerReadClient;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.freon.runner.Operation;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ListBlockRequest;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.NodeState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;

/**
 * {@code dn-echo}: the smallest request a datanode's read service answers (a block listing of a container that does
 * not exist), round-robin over every healthy datanode. Its latency is the network and RPC cost alone, to compare
 * against {@code ockr} and separate transport from storage.
 */
@Command(
        name = "dn-echo",
        mixinStandardHelpOptions = true,
        description = "Round trips to the datanodes' read service without touching storage.")
public final class DatanodeEcho extends Generator {
    /** No container has this id, so the datanode answers without reading a disk. */
    private static final long NO_CONTAINER = Long.MAX_VALUE;

    private static final long TIMEOUT_SECONDS = 30;

    @Override
    void validate() {
        // No options of its own.
    }

    @Override
    Operation prepare(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) throws IOException {
        List<ContainerReadClient> datanodes = new ArrayList<>();
        GrpcConfig grpc = GrpcConfig.from(conf);
        ByteString token;
        try (ScmAdminClient scm = new ScmAdminClient(conf)) {
            // secure mode: ListBlock needs a container token, which SCM gives administrators
            token = scm.containerToken(NO_CONTAINER);
            for (DatanodeInfo info : scm.datanodes()) {
                if (info.getState() == NodeState.HEALTHY) {
                    ContainerReadClient datanode = ContainerReadClient.connect(info.getDatanode(), grpc);
                    resources.add(datanode);
                    datanodes.add(datanode);
                }
            }
        }
        if (datanodes.isEmpty()) {
            throw new IllegalStateException("SCM knows no healthy datanode");
        }
        ContainerCommandRequest echo = ContainerCommandRequest.newBuilder()
                .setContainerId(NO_CONTAINER)
                .setContainerToken(token)
                .setListBlock(ListBlockRequest.newBuilder().setCount(1))
                .build();
        return index -> {
            datanodes.get((int) (index % datanodes.size())).send(echo).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return 0;
        };
    }
}
