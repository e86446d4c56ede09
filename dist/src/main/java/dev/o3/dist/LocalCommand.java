package dev.o3.dist;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.client.cli.ConfigOptions;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.security.CredentialFile;
import dev.o3.minicluster.ClusterLayout;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.s3gateway.server.S3GatewayServer;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ozone local}: SCM, OM, datanodes and the S3 gateway in this process, on the standard ports of 127.0.0.1 (each
 * datanode on its own 127.0.0.x, with {@code --om-ha} OM i on 127.0.0.i:9862), with data under {@code --data} so a
 * restart keeps it. Once ready it writes the OM and SCM addresses to {@link LocalClusterFile} for the client commands.
 * Stops cleanly on Ctrl-C. Every
 * datanode is on this host, so the gateway reads block files short-circuit (ozone.client.read.short-circuit; {@code
 * -D} may turn it off), and each datanode joins one pipeline per {@code --disks} ({@link LocalDefaults}).
 */
@Command(
        name = "local",
        mixinStandardHelpOptions = true,
        description = "Run a whole cluster in this process: SCM, OM, datanodes (Multi-Raft) and the S3 gateway;"
                + " secure: mutual TLS between the parts unless --no-tls, and signed calls and block tokens"
                + " (you are the administrator, your key written to ~/.ozone/credentials) unless"
                + " -Dozone.security.enabled=false.")
final class LocalCommand implements Callable<Integer> {
    @Mixin
    private ConfigOptions config;

    @Option(names = "--datanodes", defaultValue = "3", description = "Datanodes (default: ${DEFAULT-VALUE}).")
    private int datanodes;

    @Option(
            names = "--racks",
            defaultValue = "1",
            description = "Racks in the topology table (default: ${DEFAULT-VALUE}).")
    private int racks;

    @Option(
            names = "--disks",
            defaultValue = "1",
            description = "Data volumes and Ratis log dirs per datanode, and pipelines each datanode joins (Multi-Raft"
                    + " from 2; -Dozone.scm.datanode.pipeline.limit=N sets that apart; default: ${DEFAULT-VALUE}).")
    private int disks;

    @Option(names = "--om-ha", description = "Run 3 OMs (Ratis-replicated) instead of 1.")
    private boolean omHa;

    @Option(
            names = "--any-ports",
            description = "Bind every service to a free port instead of the standard ones, e.g. to run beside"
                    + " another local cluster; the endpoints are printed.")
    private boolean anyPorts;

    @Option(
            names = "--no-tls",
            description = "Plaintext gRPC and Ratis channels instead of mutual TLS with certificates from SCM's CA.")
    private boolean noTls;

    @Option(names = "--data", defaultValue = "o3-data", description = "Data directory (default: ./${DEFAULT-VALUE}).")
    private Path data;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        long start = System.nanoTime();
        ClusterLayout.Builder layout = ClusterLayout.builder(data.toAbsolutePath())
                .numOMs(omHa ? 3 : 1)
                .numDatanodes(datanodes)
                .racks(racks)
                .volumesPerDatanode(disks)
                .ratisDirsPerDatanode(disks)
                .withS3Gateway()
                .secure();
        if (!anyPorts) {
            layout.fixedPorts();
        }
        if (!noTls) {
            layout.tls();
        }
        layout.conf(ClientConfigKeys.READ_SHORT_CIRCUIT.name(), "true");
        LocalDefaults.forOverrides(config.overrides()).forEach(layout::conf);
        config.loadForServer();
        config.overrides().forEach(layout::conf);
        MiniO3Cluster cluster = layout.build().newCluster();
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicReference<LocalClusterFile> clientFile = new AtomicReference<>();
        Runtime.getRuntime()
                .addShutdownHook(Threads.daemonThreadsNamed("local-shutdown").newThread(() -> {
                    Optional.ofNullable(clientFile.get()).ifPresent(LocalClusterFile::remove);
                    cluster.close();
                    stopped.countDown();
                }));
        cluster.start();
        cluster.waitForOmLeader(Duration.ofSeconds(60));
        int pipelines = cluster.waitForOpenPipelines(1, Duration.ofSeconds(60));
        S3Secret secret;
        try (OzoneClient client = cluster.newClient(System.getProperty("user.name"))) {
            secret = client.objectStore().getS3Secret(System.getProperty("user.name"));
        }
        Optional<Path> written = writeClientFile(cluster, clientFile);
        Optional<Path> credential = writeCredential(cluster);
        printEndpoints(cluster, pipelines, secret, written, Duration.ofNanos(System.nanoTime() - start));
        credential.ifPresent(file -> spec.commandLine()
                .getOut()
                .println("  Secure mode: you (" + cluster.adminCredential().accessKeyId()
                        + ") are the administrator; your key is in " + file
                        + " (other users: ozone s3 getsecret -u USER, then ozone login)"));
        stopped.await();
        return 0;
    }

    /**
     * Secure mode: writes the administrator's key (this OS user's) to the user's credential file, replacing a stale
     * one, so that {@code ozone sh} and the other commands just work for whoever started the cluster.
     */
    private Optional<Path> writeCredential(MiniO3Cluster cluster) {
        if (!cluster.authenticated()) {
            return Optional.empty();
        }
        Path file = CredentialFile.defaultLocation();
        try {
            CredentialFile.write(file, cluster.adminCredential());
            return Optional.of(file);
        } catch (UncheckedIOException e) {
            spec.commandLine().getErr().println("ozone local: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Writes the cluster's client addresses where client commands read them; warns when it cannot. */
    private Optional<Path> writeClientFile(MiniO3Cluster cluster, AtomicReference<LocalClusterFile> clientFile) {
        Map<String, String> values = cluster.clientConfiguration().explicitValues();
        Map<String, String> addresses = new LinkedHashMap<>();
        for (ConfigKey<?> key : List.of(CommonConfigKeys.OM_ADDRESS, CommonConfigKeys.SCM_CLIENT_ADDRESS)) {
            addresses.put(key.name(), values.get(key.name()));
        }
        Optional<Path> location = LocalClusterFile.location();
        try {
            location.ifPresent(file -> {
                cluster.scm().caCertificateFile().ifPresent(ca -> addresses.putAll(LocalClusterFile.trust(file, ca)));
                clientFile.set(LocalClusterFile.write(file, addresses));
            });
            return location;
        } catch (UncheckedIOException e) {
            spec.commandLine()
                    .getErr()
                    .println("ozone local: " + e.getMessage() + "; client commands need -Dozone.om.address="
                            + addresses.get(CommonConfigKeys.OM_ADDRESS.name()));
            return Optional.empty();
        }
    }

    private void printEndpoints(
            MiniO3Cluster cluster, int pipelines, S3Secret secret, Optional<Path> clientFile, Duration startup) {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                "O3 is ready in %.1f s: %d datanodes, %d open pipelines, data in %s%n",
                startup.toMillis() / 1000.0, cluster.datanodeCount(), pipelines, data.toAbsolutePath());
        out.println("  OM (ozone sh):      "
                + cluster.clientConfiguration().explicitValues().get("ozone.om.address"));
        out.println("  SCM admin:          "
                + cluster.clientConfiguration().explicitValues().get("ozone.scm.client.address"));
        clientFile.ifPresent(
                file -> out.println("  Client config:      " + file + " (read by ozone sh, admin, s3, freon)"));
        cluster.scm()
                .caCertificateFile()
                .ifPresent(ca -> out.println("  TLS:                on; cluster CA certificate " + ca));
        cluster.gateway().ifPresent(gateway -> out.println("  S3 endpoint:        http://127.0.0.1:" + gateway.port()));
        out.println("  S3 credentials:     AWS_ACCESS_KEY_ID=" + secret.accessKey() + " AWS_SECRET_ACCESS_KEY="
                + secret.secret());
        out.println("Try: aws --endpoint-url http://127.0.0.1:"
                + cluster.gateway().map(S3GatewayServer::port).orElse(9878)
                + " s3 mb s3://bucket1   (Ctrl-C stops the cluster)");
        out.flush();
    }
}
