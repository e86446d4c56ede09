package dev.o3.minicluster;

import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One node of a {@link MiniO3Cluster}: its role, id, private directory, rack and the configuration it starts with.
 *
 * @param role what the node runs
 * @param id stable id within the cluster, e.g. {@code dn2}
 * @param directory the node's private directory (metadata, volumes, Ratis dirs)
 * @param rack the node's rack in the cluster's topology table
 * @param configuration the node's effective configuration
 */
public record ClusterNode(NodeRole role, String id, Path directory, String rack, OzoneConfiguration configuration) {
    public ClusterNode {
        Objects.requireNonNull(role, "role is null");
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(directory, "directory is null");
        Objects.requireNonNull(rack, "rack is null");
        Objects.requireNonNull(configuration, "configuration is null");
    }
}
