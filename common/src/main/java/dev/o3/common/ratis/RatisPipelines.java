package dev.o3.common.ratis;

import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;

/**
 * Maps O3 identities to Ratis ones (docs/internals.md): a pipeline id is its Raft group's UUID, a datanode's UUID is
 * its peer id and its Ratis address is {@code host_name:ratis_port}. Stateless.
 */
public final class RatisPipelines {
    private RatisPipelines() {}

    /** The Raft group of a pipeline, each member with its election priority (0 when the pipeline gives none). */
    public static RaftGroup toRaftGroup(Pipeline pipeline) {
        List<RaftPeer> peers = new ArrayList<>();
        for (int i = 0; i < pipeline.getMembersCount(); i++) {
            int priority = i < pipeline.getPrioritiesCount() ? pipeline.getPriorities(i) : 0;
            peers.add(toRaftPeer(pipeline.getMembers(i), priority));
        }
        return RaftGroup.valueOf(groupId(pipeline.getId()), peers);
    }

    /** A datanode as a Raft peer. */
    public static RaftPeer toRaftPeer(DatanodeDetails datanode, int priority) {
        String host = datanode.getHostName().isEmpty() ? datanode.getIpAddress() : datanode.getHostName();
        return RaftPeer.newBuilder()
                .setId(peerId(datanode.getUuid()))
                .setAddress(host + ":" + datanode.getRatisPort())
                .setPriority(priority)
                .build();
    }

    /**
     * The group id of a pipeline id.
     *
     * @throws IllegalArgumentException when the id is not a UUID
     */
    public static RaftGroupId groupId(String pipelineId) {
        return RaftGroupId.valueOf(UUID.fromString(pipelineId));
    }

    /** The pipeline id of a group id. */
    public static String pipelineId(RaftGroupId groupId) {
        return groupId.getUuid().toString();
    }

    public static RaftPeerId peerId(String datanodeUuid) {
        return RaftPeerId.valueOf(datanodeUuid);
    }
}
