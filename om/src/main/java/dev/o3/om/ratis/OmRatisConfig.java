package dev.o3.om.ratis;

import dev.o3.common.config.HostAndPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How OM runs Ratis.
 *
 * @param nodeId this OM's peer id (om1, om2, ...)
 * @param peers every OM: id and Ratis address, in configuration order
 * @param storageDirectory Raft log and snapshot directory
 * @param electionTimeout minimum leader election timeout (the maximum is twice this)
 * @param requestTimeout Ratis request timeout
 * @param snapshotThreshold log entries between automatic snapshots
 * @param purgeGap log entries kept before a snapshot may purge them
 * @param segmentSize Raft log segment size in bytes
 */
public record OmRatisConfig(
        String nodeId,
        List<Peer> peers,
        Path storageDirectory,
        Duration electionTimeout,
        Duration requestTimeout,
        long snapshotThreshold,
        int purgeGap,
        long segmentSize) {
    public OmRatisConfig {
        Objects.requireNonNull(nodeId, "nodeId is null");
        peers = List.copyOf(peers);
        Objects.requireNonNull(storageDirectory, "storageDirectory is null");
        Objects.requireNonNull(electionTimeout, "electionTimeout is null");
        Objects.requireNonNull(requestTimeout, "requestTimeout is null");
        if (peers.stream().noneMatch(peer -> peer.id().equals(nodeId))) {
            throw new IllegalArgumentException("node " + nodeId + " is not among the peers " + peers);
        }
    }

    public Peer self() {
        return peers.stream()
                .filter(peer -> peer.id().equals(nodeId))
                .findFirst()
                .orElseThrow();
    }

    /**
     * One OM of the group.
     *
     * @param id node id
     * @param ratisAddress Ratis server address
     */
    public record Peer(String id, HostAndPort ratisAddress) {
        public Peer {
            Objects.requireNonNull(id, "id is null");
            Objects.requireNonNull(ratisAddress, "ratisAddress is null");
        }
    }
}
