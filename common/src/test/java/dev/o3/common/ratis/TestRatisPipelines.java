package dev.o3.common.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.util.UUID;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftPeer;
import org.junit.jupiter.api.Test;

class TestRatisPipelines {
    @Test
    void pipelineBecomesAGroupWithPrioritiesAndAddresses() {
        String pipelineId = UUID.randomUUID().toString();
        Pipeline pipeline = Pipeline.newBuilder()
                .setId(pipelineId)
                .addMembers(datanode("127.0.0.11", 9001))
                .addMembers(datanode("127.0.0.12", 9002))
                .addPriorities(1)
                .addPriorities(0)
                .build();

        RaftGroup group = RatisPipelines.toRaftGroup(pipeline);

        assertThat(RatisPipelines.pipelineId(group.getGroupId())).isEqualTo(pipelineId);
        assertThat(group.getPeers()).hasSize(2);
        RaftPeer first =
                group.getPeer(RatisPipelines.peerId(pipeline.getMembers(0).getUuid()));
        assertThat(first.getAddress()).isEqualTo("127.0.0.11:9001");
        assertThat(first.getPriority()).isEqualTo(1);
        assertThat(group.getPeer(RatisPipelines.peerId(pipeline.getMembers(1).getUuid()))
                        .getPriority())
                .isZero();
    }

    private static DatanodeDetails datanode(String host, int port) {
        return DatanodeDetails.newBuilder()
                .setUuid(UUID.randomUUID().toString())
                .setHostName(host)
                .setRatisPort(port)
                .build();
    }
}
