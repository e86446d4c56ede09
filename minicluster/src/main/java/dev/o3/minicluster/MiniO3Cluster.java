package dev.o3.minicluster;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.UserCredential;
import dev.o3.datanode.config.DatanodeConfigKeys;
import dev.o3.datanode.server.DatanodeServer;
import dev.o3.om.server.OzoneManagerServer;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.s3gateway.ozone.OzoneS3Backend;
import dev.o3.s3gateway.ozone.OzoneS3GatewayDaemon;
import dev.o3.s3gateway.server.S3GatewayServer;
import dev.o3.scm.server.ScmServer;
import dev.o3.server.security.tls.HttpsCertificate;
import dev.o3.server.security.tls.ServiceCertificate;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * An O3 cluster inside one JVM: one SCM, 1 or 3 OMs, N datanodes (each on its own 127.0.0.x with several data volumes
 * and Ratis log dirs, on a rack from a generated topology table) and optionally an S3 gateway. Built by {@link
 * ClusterLayout}; {@link #start()} starts every node in dependency order, {@link #close()} stops them in reverse.
 *
 * <p>Not thread-safe: one test thread (or the {@code ozone local} launcher) drives it. Waits poll a condition with a
 * deadline; nothing sleeps for a fixed time.
 */
public final class MiniO3Cluster implements AutoCloseable {
    private static final Duration POLL = Duration.ofMillis(100);

    private final ClusterLayout layout;
    private final Clock clock;
    private ScmServer scm;
    private final List<OzoneManagerServer> oms = new ArrayList<>();
    private final List<DatanodeServer> datanodes = new ArrayList<>();
    private final List<OzoneConfiguration> boundPorts = new ArrayList<>();
    private OzoneClient gatewayClient;
    private S3GatewayServer gateway;
    private UserCredential adminCredential;
    private Optional<ServiceCertificate> gatewayCertificate = Optional.empty();

    MiniO3Cluster(ClusterLayout layout) {
        this.layout = layout;
        this.clock = Clock.systemUTC();
    }

    public static ClusterLayout.Builder builder(java.nio.file.Path baseDirectory) {
        return ClusterLayout.builder(baseDirectory);
    }

    public ClusterLayout layout() {
        return layout;
    }

    /** Starts SCM, the OMs, the datanodes and the gateway, and returns once every node serves requests. */
    public MiniO3Cluster start() {
        // SCM asks OM to check the signatures of admin calls in secure mode.
        scm = new ScmServer(
                layout.scm().configuration().with(CommonConfigKeys.OM_ADDRESS.name(), omAddresses()), clock);
        scm.start();
        List<OzoneConfiguration> omConfs = omConfigurations();
        for (OzoneConfiguration conf : omConfs) {
            OzoneManagerServer om = new OzoneManagerServer(conf, clock);
            oms.add(om);
        }
        oms.parallelStream().forEach(OzoneManagerServer::start);
        for (int i = 0; i < layout.datanodes().size(); i++) {
            datanodes.add(startDatanode(i));
        }
        if (authenticated()) {
            adminCredential = waitForAdminCredential();
        }
        if (layout.s3Gateway()) {
            startGateway();
        }
        return this;
    }

    /** Waits until SCM has opened at least {@code count} pipelines; returns how many are open. */
    public int waitForOpenPipelines(int count, Duration timeout) {
        waitFor(count + " open pipelines", timeout, () -> openPipelineCount() >= count);
        return openPipelineCount();
    }

    /** Waits until some OM is leader and returns it. */
    public OzoneManagerServer waitForOmLeader(Duration timeout) {
        waitFor("an OM leader", timeout, () -> oms.stream().anyMatch(OzoneManagerServer::isLeader));
        return oms.stream().filter(OzoneManagerServer::isLeader).findFirst().orElseThrow();
    }

    public int openPipelineCount() {
        return scm.storageContainerManager().pipelines().openPipelines().size();
    }

    /** Heartbeats every running datanode now instead of waiting for the interval. */
    public void heartbeatAll() {
        datanodes.stream().filter(Objects::nonNull).forEach(DatanodeServer::triggerHeartbeat);
    }

    /**
     * A client of this cluster acting as {@code user}; the caller closes it. In secure mode it signs with {@code
     * user}'s key, which the administrator creates if needed ({@link #credential}).
     */
    public OzoneClient newClient(String user) {
        if (authenticated()) {
            return OzoneClient.create(clientConfiguration(), user, Optional.of(credential(user)));
        }
        return OzoneClient.create(clientConfiguration(), user, Optional.empty());
    }

    /** Whether this cluster authenticates native calls (secure mode, {@link ClusterLayout.Builder#secure()}). */
    public boolean authenticated() {
        return CommonConfigKeys.authenticationEnabled(clientConfiguration());
    }

    /**
     * Secure mode: the key of the administrator (the OM's OS user), which OM created at its first start.
     *
     * @throws IllegalStateException when the cluster does not authenticate calls
     */
    public UserCredential adminCredential() {
        if (adminCredential == null) {
            throw new IllegalStateException("the cluster does not authenticate calls (not secure)");
        }
        return adminCredential;
    }

    /** Secure mode: {@code user}'s key, created by the administrator on first use. */
    public UserCredential credential(String user) {
        UserCredential admin = adminCredential();
        if (admin.accessKeyId().equals(user)) {
            return admin;
        }
        try (OzoneClient client = OzoneClient.create(clientConfiguration(), admin.accessKeyId(), Optional.of(admin))) {
            S3Secret secret = client.objectStore().getS3Secret(user);
            return new UserCredential(secret.accessKey(), secret.secret());
        }
    }

    /** Configuration for clients and tools (OM and SCM addresses of this cluster). */
    public OzoneConfiguration clientConfiguration() {
        return layout.clientConfiguration(omAddresses(), scmAdminAddress(), scm.caCertificateFile());
    }

    public ScmServer scm() {
        return scm;
    }

    public List<OzoneManagerServer> oms() {
        return List.copyOf(oms);
    }

    public DatanodeServer datanode(int index) {
        return datanodes.get(index);
    }

    public int datanodeCount() {
        return datanodes.size();
    }

    /** The index of the running datanode with this UUID. */
    public int datanodeIndex(String uuid) {
        for (int i = 0; i < datanodes.size(); i++) {
            DatanodeServer datanode = datanodes.get(i);
            if (datanode != null && datanode.datanodeDetails().getUuid().equals(uuid)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no running datanode " + uuid);
    }

    /** The file holding a block's data on datanode {@code index}, if that datanode has the container. */
    public Optional<java.nio.file.Path> blockFile(int index, long containerId, long localId) {
        return datanodes.get(index).containers().find(containerId).map(container -> container
                .volume()
                .blockFile(containerId, localId));
    }

    public Optional<S3GatewayServer> gateway() {
        return Optional.ofNullable(gateway);
    }

    /** Stops datanode {@code index} as a crash would leave it (its data stays on disk). */
    public void stopDatanode(int index) {
        DatanodeServer datanode = datanodes.get(index);
        if (datanode != null) {
            datanode.close();
            datanodes.set(index, null);
        }
    }

    /**
     * Starts datanode {@code index} again on its directories and ports (its pipeline peers know it by address),
     * recovering its containers and raft groups. It has registered with SCM when this returns, so SCM's view of it (its
     * room, its replicas) is already the restarted one when the caller's next write asks SCM for a block.
     */
    public void restartDatanode(int index) {
        restartDatanode(index, boundPorts.get(index));
    }

    /** As {@link #restartDatanode(int)}, with one setting changed for this and later starts (e.g. min free space). */
    public void restartDatanode(int index, String key, String value) {
        boundPorts.set(index, boundPorts.get(index).with(key, value));
        restartDatanode(index, boundPorts.get(index));
    }

    private void restartDatanode(int index, OzoneConfiguration conf) {
        stopDatanode(index);
        DatanodeServer datanode = new DatanodeServer(conf, clock);
        datanode.start();
        datanodes.set(index, datanode);
        datanode.triggerHeartbeat();
    }

    /** Stops OM {@code index} (for leader-loss tests). */
    public void stopOm(int index) {
        oms.get(index).close();
    }

    /** Starts OM {@code index} again on its directories and ports. */
    public void restartOm(int index) {
        oms.get(index).close();
        OzoneManagerServer om = new OzoneManagerServer(omConfigurations().get(index), clock);
        oms.set(index, om);
        om.start();
    }

    @Override
    public void close() {
        // Every part is closed even when one fails to close; the failures are thrown together at the end.
        List<Runnable> closers = new ArrayList<>();
        if (gateway != null) {
            closers.add(gateway::close);
        }
        if (gatewayClient != null) {
            closers.add(gatewayClient::close);
        }
        gatewayCertificate.ifPresent(certificate -> closers.add(certificate::close));
        datanodes.stream().filter(Objects::nonNull).forEach(datanode -> closers.add(datanode::close));
        oms.forEach(om -> closers.add(om::close));
        if (scm != null) {
            closers.add(scm::close);
        }
        RuntimeException failure = null;
        for (Runnable closer : closers) {
            try {
                closer.run();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = new IllegalStateException("the cluster did not close cleanly", e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private DatanodeServer startDatanode(int index) {
        OzoneConfiguration conf = layout.datanodeConfiguration(index, "127.0.0.1:" + scm.datanodePort())
                .with(CommonConfigKeys.SCM_CLIENT_ADDRESS.name(), scmAdminAddress());
        DatanodeServer datanode = new DatanodeServer(conf, clock);
        datanode.start();
        DatanodeDetails details = datanode.datanodeDetails();
        boundPorts.add(conf.with(DatanodeConfigKeys.RATIS_PORT, details.getRatisPort())
                .with(DatanodeConfigKeys.STANDALONE_PORT, details.getStandalonePort()));
        return datanode;
    }

    private void startGateway() {
        OzoneConfiguration conf = layout.gatewayConfiguration(omAddresses(), scmAdminAddress());
        gatewayCertificate =
                OzoneS3GatewayDaemon.certificate(conf, layout.baseDirectory().resolve("s3g"), clock);
        // In secure mode the gateway signs as the administrator, OM's own user and so a trusted proxy.
        gatewayClient = OzoneS3GatewayDaemon.client(conf, gatewayCertificate, Optional.ofNullable(adminCredential));
        gateway = new S3GatewayServer(
                conf,
                new OzoneS3Backend(gatewayClient, conf.get(CommonConfigKeys.S3_VOLUME)),
                clock,
                HttpsCertificate.forHttp(conf, gatewayCertificate));
        gateway.start();
    }

    /** Waits until an OM has written the administrator's credential (it does once a leader created it). */
    private UserCredential waitForAdminCredential() {
        AtomicReference<UserCredential> found = new AtomicReference<>();
        waitFor("administrator credential", Duration.ofMinutes(2), () -> {
            for (OzoneManagerServer om : oms) {
                Optional<UserCredential> credential = CredentialFile.read(om.adminCredentialFile());
                if (credential.isPresent()) {
                    found.set(credential.get());
                    return true;
                }
            }
            return false;
        });
        return found.get();
    }

    private List<OzoneConfiguration> omConfigurations() {
        return layout.omConfigurations(scm.blockPort()).stream()
                .map(conf -> conf.with(CommonConfigKeys.SCM_CLIENT_ADDRESS.name(), scmAdminAddress()))
                .toList();
    }

    private String scmAdminAddress() {
        return "127.0.0.1:" + scm.adminPort();
    }

    private String omAddresses() {
        return layout.omClientAddresses();
    }

    private static void waitFor(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no " + what + " within " + timeout.toSeconds() + "s");
            }
            LockSupport.parkNanos(POLL.toNanos());
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("interrupted while waiting for " + what);
            }
        }
    }
}
