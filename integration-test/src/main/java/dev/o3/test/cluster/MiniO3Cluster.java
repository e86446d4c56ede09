package dev.o3.test.cluster;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.datanode.config.DatanodeConfigKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * An O3 cluster inside one JVM for tests: one SCM, 1 or 3 OMs and N datanodes, each datanode with several data
 * volumes and Ratis log dirs and a rack from a generated topology table. Every address is on loopback with port 0.
 *
 * <p>Lifecycle: {@link Builder#build()} lays out directories and per-node configuration; {@link #close()} stops every
 * node. Nodes are started, stopped and restarted by role once their servers exist (issues #3, #4, #8); until then the
 * cluster provides the layout and configuration those servers start from. Not thread-safe: one test thread drives it.
 */
public final class MiniO3Cluster implements AutoCloseable {
    private final Path baseDirectory;
    private final Path topologyTable;
    private final List<ClusterNode> nodes;

    private MiniO3Cluster(Path baseDirectory, Path topologyTable, List<ClusterNode> nodes) {
        this.baseDirectory = baseDirectory;
        this.topologyTable = topologyTable;
        this.nodes = List.copyOf(nodes);
    }

    public static Builder builder(Path baseDirectory) {
        return new Builder(baseDirectory);
    }

    public Path baseDirectory() {
        return baseDirectory;
    }

    /** The Hadoop TableMapping file every node's {@code net.topology.table.file.name} points at. */
    public Path topologyTable() {
        return topologyTable;
    }

    public List<ClusterNode> nodes() {
        return nodes;
    }

    public List<ClusterNode> nodes(NodeRole role) {
        return nodes.stream().filter(node -> node.role() == role).toList();
    }

    public ClusterNode scm() {
        return nodes(NodeRole.SCM).get(0);
    }

    public List<ClusterNode> oms() {
        return nodes(NodeRole.OM);
    }

    public List<ClusterNode> datanodes() {
        return nodes(NodeRole.DATANODE);
    }

    @Override
    public void close() {
        // No node runs a server yet; stopping them joins here when they do.
    }

    /** Shape of a {@link MiniO3Cluster}; every setter validates at once. */
    public static final class Builder {
        private final Path baseDirectory;
        private final Map<String, String> overrides = new LinkedHashMap<>();
        private int omCount = 1;
        private int datanodeCount = 3;
        private int volumesPerDatanode = 1;
        private int ratisDirsPerDatanode = 1;
        private int rackCount = 1;

        private Builder(Path baseDirectory) {
            this.baseDirectory = Objects.requireNonNull(baseDirectory, "baseDirectory is null");
        }

        /** 1 for a single OM, 3 for OM HA. */
        public Builder numOMs(int count) {
            if (count != 1 && count != 3) {
                throw new IllegalArgumentException("numOMs must be 1 or 3: " + count);
            }
            this.omCount = count;
            return this;
        }

        public Builder numDatanodes(int count) {
            this.datanodeCount = positive("numDatanodes", count);
            return this;
        }

        /** Data volumes ({@code hdds.datanode.dir}) per datanode. */
        public Builder volumesPerDatanode(int count) {
            this.volumesPerDatanode = positive("volumesPerDatanode", count);
            return this;
        }

        /** Ratis log dirs ({@code dfs.container.ratis.datanode.storage.dir}) per datanode. */
        public Builder ratisDirsPerDatanode(int count) {
            this.ratisDirsPerDatanode = positive("ratisDirsPerDatanode", count);
            return this;
        }

        /** Racks; datanode i goes on rack {@code /rack(i mod racks)}. */
        public Builder racks(int count) {
            this.rackCount = positive("racks", count);
            return this;
        }

        /** A configuration value for every node; validated when the cluster is built. */
        public Builder conf(String key, String value) {
            overrides.put(Objects.requireNonNull(key, "key is null"), Objects.requireNonNull(value, "value is null"));
            return this;
        }

        /**
         * Creates the directories, the topology table and every node's configuration.
         *
         * @throws UncheckedIOException when the directories cannot be created
         * @throws dev.o3.common.config.ConfigException when an override is unknown or malformed
         */
        public MiniO3Cluster build() {
            try {
                Files.createDirectories(baseDirectory);
                List<ClusterNode> nodes = new ArrayList<>();
                Path table = baseDirectory.resolve("topology.table");
                nodes.add(node(NodeRole.SCM, "scm", "/rack0", table, Map.of()));
                for (int i = 0; i < omCount; i++) {
                    nodes.add(node(NodeRole.OM, "om" + (i + 1), "/rack0", table, Map.of()));
                }
                for (int i = 0; i < datanodeCount; i++) {
                    nodes.add(datanode(i, table));
                }
                writeTopology(table, nodes);
                return new MiniO3Cluster(baseDirectory, table, nodes);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot lay out a cluster in " + baseDirectory, e);
            }
        }

        private ClusterNode datanode(int index, Path table) throws IOException {
            String id = "dn" + (index + 1);
            Path directory = baseDirectory.resolve(id);
            Map<String, String> values = new LinkedHashMap<>();
            values.put(DatanodeConfigKeys.DATA_DIRS.name(), directories(directory, "disk", "data", volumesPerDatanode));
            values.put(
                    DatanodeConfigKeys.RATIS_DIRS.name(),
                    directories(directory, "ratis-disk", "ratis", ratisDirsPerDatanode));
            values.put(DatanodeConfigKeys.RATIS_PORT.name(), "0");
            values.put(DatanodeConfigKeys.STANDALONE_PORT.name(), "0");
            values.put(DatanodeConfigKeys.REPLICATION_PORT.name(), "0");
            values.put(DatanodeConfigKeys.HTTP_ADDRESS.name(), "127.0.0.1:0");
            return node(NodeRole.DATANODE, id, "/rack" + (index % rackCount), table, values);
        }

        private ClusterNode node(NodeRole role, String id, String rack, Path table, Map<String, String> extra)
                throws IOException {
            Path directory = Files.createDirectories(baseDirectory.resolve(id));
            Map<String, String> values = new LinkedHashMap<>();
            values.put(
                    CommonConfigKeys.METADATA_DIRS.name(),
                    directory.resolve("metadata").toString());
            values.put(CommonConfigKeys.TOPOLOGY_TABLE.name(), table.toString());
            values.put(CommonConfigKeys.HTTP_BIND_HOST.name(), "127.0.0.1");
            values.putAll(extra);
            values.putAll(overrides);
            return new ClusterNode(role, id, directory, rack, OzoneConfiguration.of(values));
        }

        private static String directories(Path parent, String diskPrefix, String leaf, int count) throws IOException {
            List<String> paths = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                paths.add(Files.createDirectories(parent.resolve(diskPrefix + i).resolve(leaf))
                        .toString());
            }
            return String.join(",", paths);
        }

        private static void writeTopology(Path table, List<ClusterNode> nodes) throws IOException {
            String lines = nodes.stream()
                    .filter(node -> node.role() == NodeRole.DATANODE)
                    .map(node -> node.id() + " " + node.rack())
                    .collect(Collectors.joining("\n", "# host rack (Hadoop TableMapping)\n", "\n"));
            Files.writeString(table, lines, StandardCharsets.UTF_8);
        }

        private static int positive(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be at least 1: " + value);
            }
            return value;
        }
    }
}
