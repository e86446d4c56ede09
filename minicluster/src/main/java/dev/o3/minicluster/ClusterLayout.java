package dev.o3.minicluster;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.net.FreePorts;
import dev.o3.common.security.tls.TlsConfigKeys;
import dev.o3.datanode.config.DatanodeConfigKeys;
import dev.o3.om.config.OmConfigKeys;
import dev.o3.s3gateway.config.S3GatewayConfigKeys;
import dev.o3.scm.config.ScmConfigKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where every node of an in-process cluster keeps its data and how it is configured: directories, a topology table,
 * addresses (datanode i on 127.0.0.(11+i)), and timers shrunk for tests. Immutable once built; {@link
 * #newCluster()} makes a {@link MiniO3Cluster} from it.
 */
public final class ClusterLayout {
    private final Path baseDirectory;
    private final Path topologyTable;
    private final Map<String, String> overrides;
    private final ClusterNode scm;
    private final List<ClusterNode> oms;
    private final List<ClusterNode> datanodes;
    private final List<Integer> omClientPorts;
    private final List<Integer> omRatisPorts;
    private final boolean s3Gateway;
    private final boolean fixedPorts;
    private final int s3Port;
    private final Map<String, String> tls;

    private ClusterLayout(
            Builder builder, List<ClusterNode> nodes, List<Integer> omClientPorts, List<Integer> omRatisPorts) {
        this.baseDirectory = builder.baseDirectory;
        this.topologyTable = builder.baseDirectory.resolve("topology.table");
        this.overrides = Map.copyOf(builder.overrides);
        this.scm = nodes.get(0);
        this.oms = nodes.stream().filter(node -> node.role() == NodeRole.OM).toList();
        this.datanodes =
                nodes.stream().filter(node -> node.role() == NodeRole.DATANODE).toList();
        this.omClientPorts = List.copyOf(omClientPorts);
        this.omRatisPorts = List.copyOf(omRatisPorts);
        this.s3Gateway = builder.s3Gateway;
        this.fixedPorts = builder.fixedPorts;
        this.s3Port = builder.fixedPorts ? 9878 : 0;
        this.tls = builder.tlsValues();
    }

    public static Builder builder(Path baseDirectory) {
        return new Builder(baseDirectory);
    }

    /** A cluster on this layout, not yet started. */
    public MiniO3Cluster newCluster() {
        return new MiniO3Cluster(this);
    }

    public Path baseDirectory() {
        return baseDirectory;
    }

    public Path topologyTable() {
        return topologyTable;
    }

    public ClusterNode scm() {
        return scm;
    }

    public List<ClusterNode> oms() {
        return oms;
    }

    public List<ClusterNode> datanodes() {
        return datanodes;
    }

    public boolean s3Gateway() {
        return s3Gateway;
    }

    /** Every OM's configuration, pointing at SCM's block service. */
    List<OzoneConfiguration> omConfigurations(int scmBlockPort) {
        String clients = omClientAddresses();
        String ratis = omRatisPorts.stream().map(port -> "127.0.0.1:" + port).collect(Collectors.joining(","));
        List<OzoneConfiguration> confs = new ArrayList<>();
        for (int i = 0; i < oms.size(); i++) {
            OzoneConfiguration conf = oms.get(i)
                    .configuration()
                    .with(CommonConfigKeys.OM_ADDRESS.name(), clients)
                    .with(OmConfigKeys.RATIS_ADDRESSES.name(), ratis)
                    .with(OmConfigKeys.NODE_ID.name(), oms.get(i).id())
                    .with(CommonConfigKeys.SCM_BLOCK_ADDRESS.name(), "127.0.0.1:" + scmBlockPort);
            confs.add(conf);
        }
        return confs;
    }

    /**
     * Every OM's client address: with fixed ports OM i listens on 127.0.0.i:9862, the standard port on an address of
     * its own as on separate hosts; else on a free port of 127.0.0.1.
     */
    String omClientAddresses() {
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < omClientPorts.size(); i++) {
            addresses.add((fixedPorts ? "127.0.0." + (i + 1) : "127.0.0.1") + ":" + omClientPorts.get(i));
        }
        return String.join(",", addresses);
    }

    OzoneConfiguration datanodeConfiguration(int index, String scmDatanodeAddress) {
        return datanodes
                .get(index)
                .configuration()
                .with(CommonConfigKeys.SCM_DATANODE_ADDRESS.name(), scmDatanodeAddress);
    }

    /** Whether every channel of the cluster uses TLS with certificates from SCM's CA. */
    public boolean tls() {
        return !tls.isEmpty();
    }

    OzoneConfiguration gatewayConfiguration(String omAddresses, String scmAdminAddress) {
        Map<String, String> values = new LinkedHashMap<>(tls);
        values.putAll(overrides);
        return OzoneConfiguration.of(values)
                .with(CommonConfigKeys.OM_ADDRESS.name(), omAddresses)
                .with(CommonConfigKeys.SCM_CLIENT_ADDRESS.name(), scmAdminAddress)
                .with(S3GatewayConfigKeys.HTTP_ADDRESS.name(), "127.0.0.1:" + s3Port)
                .with(S3GatewayConfigKeys.WEBADMIN_HTTP_ADDRESS.name(), "127.0.0.1:0");
    }

    /** A client's configuration; with TLS it trusts the CA in {@code caFile} (and knows no bootstrap secret). */
    OzoneConfiguration clientConfiguration(String omAddresses, String scmAdminAddress, Optional<Path> caFile) {
        OzoneConfiguration conf = OzoneConfiguration.of(overrides)
                .with(CommonConfigKeys.OM_ADDRESS.name(), omAddresses)
                .with(CommonConfigKeys.SCM_CLIENT_ADDRESS.name(), scmAdminAddress);
        if (caFile.isPresent()) {
            conf = conf.with(TlsConfigKeys.TLS_ENABLED.name(), "true")
                    .with(TlsConfigKeys.CA_FILE.name(), caFile.get().toString());
        }
        return conf;
    }

    /** Shape of a cluster; every setter validates at once. */
    public static final class Builder {
        private final Path baseDirectory;
        private final Map<String, String> overrides = new LinkedHashMap<>();
        private int omCount = 1;
        private int datanodeCount = 3;
        private int volumesPerDatanode = 1;
        private int ratisDirsPerDatanode = 1;
        private int rackCount = 1;
        private boolean s3Gateway;
        private boolean fixedPorts;
        private boolean testTimers = true;
        private boolean secure;
        private boolean tls;
        private String secret;

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

        /** Also run an S3 gateway. */
        public Builder withS3Gateway() {
            this.s3Gateway = true;
            return this;
        }

        /** Serve OM, SCM and S3 on their standard ports (ozone local) instead of ephemeral ones. */
        public Builder fixedPorts() {
            this.fixedPorts = true;
            return this;
        }

        /**
         * Mutual TLS on every gRPC and Ratis channel: SCM creates the cluster CA, the other services get certificates
         * from it with a bootstrap secret generated for this cluster, clients trust the CA.
         */
        public Builder tls() {
            this.tls = true;
            return this;
        }

        /** The services' TLS settings: none without TLS. */
        private Map<String, String> tlsValues() {
            if (!tls) {
                return Map.of();
            }
            return Map.of(
                    TlsConfigKeys.TLS_ENABLED.name(), "true", TlsConfigKeys.BOOTSTRAP_SECRET.name(), bootstrapSecret());
        }

        /** One secret per layout, kept with it so a restarted node presents the same. */
        private String bootstrapSecret() {
            if (secret == null) {
                byte[] random = new byte[24];
                new SecureRandom().nextBytes(random);
                secret = HexFormat.of().formatHex(random);
            }
            return secret;
        }

        /** Keep production heartbeat and failure-detection timers instead of the short test ones. */
        public Builder productionTimers() {
            this.testTimers = false;
            return this;
        }

        /**
         * Secure mode (docs/security.md): block tokens under SCM's rotated keys, and authenticated native calls;
         * {@link MiniO3Cluster#newClient} then hands out clients signing with their user's key. Without it a cluster
         * never authenticates calls, even with {@code ozone.security.enabled} set for block tokens.
         */
        public Builder secure() {
            this.secure = true;
            return this;
        }

        /** A configuration value for every node; validated when the layout is built. */
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
        public ClusterLayout build() {
            if (secure) {
                overrides.putIfAbsent(CommonConfigKeys.SECURITY_ENABLED.name(), "true");
            }
            overrides.putIfAbsent(CommonConfigKeys.AUTHENTICATION_ENABLED.name(), Boolean.toString(secure));
            OzoneConfiguration.of(overrides);
            try {
                Files.createDirectories(baseDirectory);
                Path table = baseDirectory.resolve("topology.table");
                List<ClusterNode> nodes = new ArrayList<>();
                nodes.add(node(NodeRole.SCM, "scm", "/rack0", table, scmValues()));
                List<Integer> clientPorts = new ArrayList<>();
                List<Integer> ratisPorts = new ArrayList<>();
                for (int i = 0; i < omCount; i++) {
                    clientPorts.add(fixedPorts ? CommonConfigKeys.OM_PORT : FreePorts.next());
                    ratisPorts.add(fixedPorts && omCount == 1 ? 9872 : FreePorts.next());
                    nodes.add(node(NodeRole.OM, "om" + (i + 1), "/rack0", table, omValues(ratisPorts.get(i))));
                }
                for (int i = 0; i < datanodeCount; i++) {
                    nodes.add(datanode(i, table));
                }
                writeTopology(table, nodes);
                return new ClusterLayout(this, nodes, clientPorts, ratisPorts);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot lay out a cluster in " + baseDirectory, e);
            }
        }

        private Map<String, String> scmValues() {
            Map<String, String> values = new LinkedHashMap<>();
            String host = "127.0.0.1:";
            values.put(CommonConfigKeys.SCM_CLIENT_ADDRESS.name(), host + (fixedPorts ? 9860 : 0));
            values.put(CommonConfigKeys.SCM_DATANODE_ADDRESS.name(), host + (fixedPorts ? 9861 : 0));
            values.put(CommonConfigKeys.SCM_BLOCK_ADDRESS.name(), host + (fixedPorts ? 9863 : 0));
            values.put(ScmConfigKeys.HTTP_ADDRESS.name(), host + (fixedPorts ? 9876 : 0));
            if (testTimers) {
                values.put(ScmConfigKeys.PIPELINE_CREATION_INTERVAL.name(), "1s");
                values.put(ScmConfigKeys.STALE_NODE_INTERVAL.name(), "6s");
                values.put(ScmConfigKeys.DEAD_NODE_INTERVAL.name(), "12s");
                values.put(ScmConfigKeys.HEARTBEAT_CHECK_INTERVAL.name(), "500ms");
                // Datanodes heartbeat every 500 ms: a new block-token key reaches them well within 2 s.
                values.put(CommonConfigKeys.SECRET_KEY_ACTIVATION.name(), "2s");
            }
            return values;
        }

        private Map<String, String> omValues(int ratisPort) {
            Map<String, String> values = new LinkedHashMap<>();
            values.put(OmConfigKeys.RATIS_PORT.name(), Integer.toString(ratisPort));
            values.put(OmConfigKeys.HTTP_ADDRESS.name(), "127.0.0.1:0");
            if (testTimers) {
                values.put(OmConfigKeys.ELECTION_TIMEOUT.name(), "1s");
            }
            return values;
        }

        private ClusterNode datanode(int index, Path table) throws IOException {
            String id = "dn" + (index + 1);
            Path directory = baseDirectory.resolve(id);
            Map<String, String> values = new LinkedHashMap<>();
            values.put(DatanodeConfigKeys.DATA_DIRS.name(), directories(directory, "disk", "data", volumesPerDatanode));
            values.put(
                    DatanodeConfigKeys.RATIS_DIRS.name(),
                    directories(directory, "ratis-disk", "ratis", ratisDirsPerDatanode));
            // The SSD read cache is off until hdds.datanode.cache.size is set.
            values.put(
                    DatanodeConfigKeys.CACHE_DIR.name(),
                    directory.resolve("cache").toString());
            values.put(DatanodeConfigKeys.HOSTNAME.name(), datanodeHost(index));
            values.put(DatanodeConfigKeys.RATIS_PORT.name(), Integer.toString(fixedPorts ? 9858 : 0));
            values.put(DatanodeConfigKeys.STANDALONE_PORT.name(), Integer.toString(fixedPorts ? 9859 : 0));
            values.put(DatanodeConfigKeys.REPLICATION_PORT.name(), Integer.toString(fixedPorts ? 9886 : 0));
            values.put(DatanodeConfigKeys.HTTP_ADDRESS.name(), datanodeHost(index) + ":0");
            if (testTimers) {
                values.put(DatanodeConfigKeys.HEARTBEAT_INTERVAL.name(), "500ms");
                values.put(DatanodeConfigKeys.RATIS_ELECTION_TIMEOUT.name(), "1s");
            }
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
            values.putAll(tlsValues());
            values.putAll(extra);
            values.putAll(overrides);
            return new ClusterNode(role, id, directory, rack, OzoneConfiguration.of(values));
        }

        private static String datanodeHost(int index) {
            return "127.0.0." + (11 + index);
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
            List<ClusterNode> datanodes = nodes.stream()
                    .filter(node -> node.role() == NodeRole.DATANODE)
                    .toList();
            StringBuilder lines = new StringBuilder("# host rack (Hadoop TableMapping)\n");
            for (int i = 0; i < datanodes.size(); i++) {
                lines.append(datanodeHost(i))
                        .append(' ')
                        .append(datanodes.get(i).rack())
                        .append('\n');
            }
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
