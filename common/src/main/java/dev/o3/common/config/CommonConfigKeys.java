package dev.o3.common.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys every O3 process reads: where the services are, where metadata lives, the topology table. */
public final class CommonConfigKeys implements ConfigGroup {
    public static final int OM_PORT = 9862;
    public static final int SCM_CLIENT_PORT = 9860;
    public static final int SCM_DATANODE_PORT = 9861;
    public static final int SCM_BLOCK_PORT = 9863;

    public static final ConfigKey<Path> METADATA_DIRS = ConfigKey.optional(
            "ozone.metadata.dirs",
            ConfigType.PATH,
            "Directory for a daemon's metadata (RocksDB, Ratis state) when no more specific directory is set.");
    public static final ConfigKey<List<String>> SCM_NAMES = ConfigKey.of(
            "ozone.scm.names",
            ConfigType.STRING_LIST,
            "localhost",
            "Host names (optionally host:port) of the SCMs; datanodes and OM reach SCM here.");
    public static final ConfigKey<HostAndPort> SCM_CLIENT_ADDRESS = ConfigKey.optional(
            "ozone.scm.client.address",
            ConfigType.address(SCM_CLIENT_PORT),
            "SCM admin service address (ozone admin); default: first host of ozone.scm.names, port " + SCM_CLIENT_PORT
                    + ".");
    public static final ConfigKey<HostAndPort> SCM_DATANODE_ADDRESS = ConfigKey.optional(
            "ozone.scm.datanode.address",
            ConfigType.address(SCM_DATANODE_PORT),
            "SCM service for datanode registration and heartbeats; default: first host of ozone.scm.names, port "
                    + SCM_DATANODE_PORT + ".");
    public static final ConfigKey<HostAndPort> SCM_BLOCK_ADDRESS = ConfigKey.optional(
            "ozone.scm.block.client.address",
            ConfigType.address(SCM_BLOCK_PORT),
            "SCM block service address (OM allocates blocks here); default: first host of ozone.scm.names, port "
                    + SCM_BLOCK_PORT + ".");
    public static final ConfigKey<List<String>> OM_ADDRESS = ConfigKey.of(
            "ozone.om.address",
            ConfigType.STRING_LIST,
            "localhost:" + OM_PORT,
            "Address of the Ozone Manager; with OM HA, a comma list of every OM's host:port.");
    public static final ConfigKey<DataSize> BLOCK_SIZE = ConfigKey.of(
            "ozone.scm.block.size",
            ConfigType.DATA_SIZE,
            "256MB",
            "Size of a block; a key larger than this spans several blocks.");
    public static final ConfigKey<DataSize> CONTAINER_SIZE = ConfigKey.of(
            "ozone.scm.container.size",
            ConfigType.DATA_SIZE,
            "5GB",
            "A container is closed once its used bytes reach this size.");
    public static final ConfigKey<Path> TOPOLOGY_TABLE = ConfigKey.optional(
            "net.topology.table.file.name",
            ConfigType.PATH,
            "Host-to-rack table in Hadoop TableMapping format (`host rack` per line); unlisted hosts are on "
                    + "/default-rack.");
    public static final ConfigKey<Boolean> SECURITY_ENABLED = ConfigKey.of(
            "ozone.security.enabled",
            ConfigType.BOOLEAN,
            "false",
            "Secure mode: OM signs block tokens and datanodes refuse block reads and writes without a valid one;"
                    + " with ozone.security.authentication.enabled, OM and SCM also authenticate every native call"
                    + " (docs/security.md).");
    public static final ConfigKey<Boolean> AUTHENTICATION_ENABLED = ConfigKey.of(
            "ozone.security.authentication.enabled",
            ConfigType.BOOLEAN,
            "true",
            "In secure mode, whether OM and SCM require every native call to be signed with the caller's access key"
                    + " (docs/security.md); false keeps only block tokens, trusting the user name a client sends.");
    public static final ConfigKey<String> BLOCK_TOKEN_SECRET = ConfigKey.optional(
            "hdds.block.token.secret",
            ConfigType.STRING,
            "A static secret (HMAC-SHA256) for block tokens instead of the keys SCM generates and rotates; the same"
                    + " value on every OM and datanode. Only for tests: in secure mode leave it unset.");
    public static final ConfigKey<Duration> SECRET_KEY_ROTATE = ConfigKey.of(
            "hdds.secret.key.rotate.duration",
            ConfigType.DURATION_TYPE,
            "1d",
            "Secure mode: how often SCM generates a new block-token key; OMs sign with the newest one.");
    public static final ConfigKey<Duration> SECRET_KEY_EXPIRY = ConfigKey.of(
            "hdds.secret.key.expiry.duration",
            ConfigType.DURATION_TYPE,
            "9d",
            "Secure mode: how long a block-token key is accepted after it became active; at least the rotation"
                    + " period plus hdds.block.token.expiry.time, so that a token outlives no key (tokens are cut to"
                    + " their key's expiry).");
    public static final ConfigKey<Duration> SECRET_KEY_ACTIVATION = ConfigKey.of(
            "hdds.secret.key.activation.delay",
            ConfigType.DURATION_TYPE,
            "2m",
            "Secure mode: how long after SCM makes a block-token key OMs start signing with it, time for every"
                    + " datanode to learn it from a heartbeat (a few hdds.heartbeat.interval).");
    public static final ConfigKey<Duration> SECRET_KEY_CHECK = ConfigKey.of(
            "hdds.secret.key.rotate.check.duration",
            ConfigType.DURATION_TYPE,
            "10m",
            "Secure mode: how often SCM checks whether to rotate the block-token key, and OMs fetch SCM's keys.");
    public static final ConfigKey<Duration> BLOCK_TOKEN_LIFETIME = ConfigKey.of(
            "hdds.block.token.expiry.time",
            ConfigType.DURATION_TYPE,
            "1d",
            "How long a block token OM issues stays valid.");
    public static final ConfigKey<String> S3_VOLUME = ConfigKey.of(
            "ozone.s3g.volume.name",
            ConfigType.STRING,
            "s3v",
            "Volume that holds the S3 buckets (OM creates it on first start; the S3 gateway serves it).");
    public static final ConfigKey<String> HTTP_BIND_HOST = ConfigKey.of(
            "ozone.http.bind.host",
            ConfigType.STRING,
            "0.0.0.0",
            "Interface the status HTTP servers (/prom, /status) bind to.");

    /** The address of an SCM service: its own key if set, else the first of ozone.scm.names on the given port. */
    public static HostAndPort scmAddress(OzoneConfiguration conf, ConfigKey<HostAndPort> key, int defaultPort) {
        return conf.find(key)
                .orElseGet(() -> HostAndPort.parse(conf.get(SCM_NAMES).get(0), defaultPort));
    }

    @Override
    public String title() {
        return "Common";
    }

    @Override
    public int order() {
        return 0;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(
                METADATA_DIRS,
                SCM_NAMES,
                SCM_CLIENT_ADDRESS,
                SCM_DATANODE_ADDRESS,
                SCM_BLOCK_ADDRESS,
                OM_ADDRESS,
                BLOCK_SIZE,
                CONTAINER_SIZE,
                TOPOLOGY_TABLE,
                SECURITY_ENABLED,
                AUTHENTICATION_ENABLED,
                BLOCK_TOKEN_SECRET,
                SECRET_KEY_ROTATE,
                SECRET_KEY_EXPIRY,
                SECRET_KEY_ACTIVATION,
                SECRET_KEY_CHECK,
                BLOCK_TOKEN_LIFETIME,
                S3_VOLUME,
                HTTP_BIND_HOST);
    }

    /** Whether OM and SCM authenticate native calls: secure mode with user authentication on. */
    public static boolean authenticationEnabled(OzoneConfiguration conf) {
        return conf.get(SECURITY_ENABLED) && conf.get(AUTHENTICATION_ENABLED);
    }
}
