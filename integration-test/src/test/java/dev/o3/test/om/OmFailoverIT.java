package dev.o3.test.om;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.admin.AdminCommand;
import dev.o3.client.api.KeyInfo;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.om.OmClient;
import dev.o3.client.om.OmException;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.om.server.OzoneManagerServer;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.CreateBucketResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.CreateVolumeResponse;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.VolumeInfo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * The product's OM client ({@link OmClient}, as the S3 gateway, {@code ozone sh} and freon use it) against three OMs
 * whose leader is killed while writers commit keys on the OM's call stream. A commit the dying leader applied but
 * could not answer is retried by the client on the new leader with the same request id, which answers with the first
 * reply: no false KEY_NOT_FOUND, and every acknowledged key is listed exactly once. {@code ozone admin om roles} then
 * shows the killed OM as unreachable.
 */
@Tag("integration")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class OmFailoverIT {
    private static final Logger LOG = LoggerFactory.getLogger(OmFailoverIT.class);
    private static final Duration WAIT = Duration.ofSeconds(90);
    /** Writers, each with one call in flight: more than the leader keeps log entries in flight. */
    private static final int WRITERS = 8;
    /** Keys committed before the kill, and again after it. */
    private static final int KEYS_PER_PHASE = 300;

    private static final String USER = System.getProperty("user.name", "o3");

    @TempDir
    Path directory;

    @Test
    void everyCommitIsAnsweredAsItWasAppliedAcrossALeaderKill() throws Exception {
        try (MiniO3Cluster cluster = MiniO3Cluster.builder(directory)
                        .numOMs(3)
                        .numDatanodes(1)
                        // The OM ring and every client channel over mutual TLS, through the leader kill.
                        .tls()
                        .build()
                        .newCluster()
                        .start();
                OmClient client =
                        new OmClient(addresses(cluster), USER, WAIT, GrpcConfig.from(cluster.clientConfiguration()));
                // Made before the kill: the cluster cannot name a stopped OM's address to a new client.
                OzoneClient reader = cluster.newClient(USER)) {
            OzoneManagerServer first = cluster.waitForOmLeader(WAIT);
            String firstAddress = "127.0.0.1:" + first.clientPort();
            createBucket(client);

            Map<String, String> outcomes = new ConcurrentHashMap<>();
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
            try {
                List<Future<?>> writers = new ArrayList<>();
                for (int i = 0; i < WRITERS; i++) {
                    String prefix = "w" + i;
                    writers.add(pool.submit(() -> writeUntilStopped(client, prefix, stop, outcomes)));
                }
                await(() -> committed(outcomes) >= KEYS_PER_PHASE, "keys committed before the kill");
                cluster.stopOm(cluster.oms().indexOf(first));
                long atKill = committed(outcomes);
                await(() -> committed(outcomes) >= atKill + KEYS_PER_PHASE, "keys committed after the kill");
                stop.set(true);
                for (Future<?> writer : writers) {
                    writer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
                assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            }

            await(() -> newLeader(cluster, first).isPresent(), "a new OM leader");
            OzoneManagerServer second = newLeader(cluster, first).orElseThrow();
            assertRolesShowTheStoppedOmUnreachable(cluster, firstAddress, second);
            List<String> listed =
                    reader.objectStore().getBucket("vol", "bucket").listKeys("", "", Integer.MAX_VALUE).stream()
                            .map(KeyInfo::name)
                            .toList();
            Set<String> present = new HashSet<>(listed);
            LOG.info(
                    "{} writes, {} keys listed; retries answered from the retry cache on the new leader: {}",
                    outcomes.size(),
                    listed.size(),
                    second.introspection().answeredRetries());

            assertThat(listed).as("every key listed once").hasSameSizeAs(present);
            outcomes.forEach((name, outcome) -> {
                if (outcome.equals("OK")) {
                    assertThat(present).as("acknowledged %s", name).contains(name);
                } else if (outcome.contains(OmStatus.KEY_NOT_FOUND.name())) {
                    assertThat(present)
                            .as("%s was refused (%s) but its commit had been applied", name, outcome)
                            .doesNotContain(name);
                }
            });
            assertThat(outcomes)
                    .as("no write failed: each retry was answered as its first attempt was applied")
                    .allSatisfy((name, outcome) -> assertThat(outcome).isEqualTo("OK"));
        }
    }

    /**
     * {@code ozone admin om roles} shows what each OM says of itself: the stopped one as UNREACHABLE (not as the
     * FOLLOWER the survivors last knew), the new leader as LEADER, in text and in JSON.
     */
    private static void assertRolesShowTheStoppedOmUnreachable(
            MiniO3Cluster cluster, String stoppedAddress, OzoneManagerServer leader) {
        String leaderAddress = "127.0.0.1:" + leader.clientPort();
        String text = admin(cluster, "om", "roles");
        assertThat(text.lines())
                .hasSize(3)
                .anySatisfy(line -> assertThat(line).contains(stoppedAddress).endsWith("UNREACHABLE"))
                .anySatisfy(line -> assertThat(line).contains(leaderAddress).endsWith("LEADER"));
        String json = admin(cluster, "om", "roles", "--json").replaceAll("\\s", "");
        assertThat(json)
                .contains("\"address\":\"" + stoppedAddress + "\",\"role\":\"UNREACHABLE\"")
                .contains("\"address\":\"" + leaderAddress + "\",\"role\":\"LEADER\"");
    }

    /** Runs {@code ozone admin} against the cluster's OMs and returns what it printed. */
    private static String admin(MiniO3Cluster cluster, String... args) {
        StringWriter out = new StringWriter();
        CommandLine admin = new CommandLine(new AdminCommand());
        admin.setOut(new PrintWriter(out, true));
        List<String> withCluster = new ArrayList<>(List.of(args));
        // The OMs' addresses and, with TLS, the CA to trust.
        cluster.clientConfiguration()
                .explicitValues()
                .forEach((key, value) -> withCluster.add("-D" + key + "=" + value));
        assertThat(admin.execute(withCluster.toArray(String[]::new)))
                .as("exit code")
                .isZero();
        return out.toString();
    }

    /** Writes keys {@code prefix-00000, ...} (empty: no datanode involved) and records how each ended. */
    private static void writeUntilStopped(
            OmClient client, String prefix, AtomicBoolean stop, Map<String, String> outcomes) {
        for (int i = 0; !stop.get(); i++) {
            String name = String.format("%s-%05d", prefix, i);
            outcomes.put(name, write(client, name));
        }
    }

    /** CreateKey and CommitKey on the call stream, as {@code OzoneBucket} sends them. */
    private static String write(OmClient client, String name) {
        CreateKeyResponse created;
        try {
            created = client.write(
                    "CreateKey",
                    OmCall.newBuilder()
                            .setCreateKey(CreateKeyRequest.newBuilder()
                                    .setVolume("vol")
                                    .setBucket("bucket")
                                    .setName(name)),
                    OmReply::getCreateKey,
                    CreateKeyResponse::getError);
        } catch (OmException e) {
            return "CreateKey " + e.status() + ": " + e.getMessage();
        }
        try {
            client.write(
                    "CommitKey",
                    OmCall.newBuilder()
                            .setCommitKey(CommitKeyRequest.newBuilder()
                                    .setVolume("vol")
                                    .setBucket("bucket")
                                    .setName(name)
                                    .setClientId(created.getClientId())),
                    OmReply::getCommitKey,
                    CommitKeyResponse::getError);
            return "OK";
        } catch (OmException e) {
            return "CommitKey " + e.status() + ": " + e.getMessage();
        }
    }

    private static long committed(Map<String, String> outcomes) {
        return outcomes.values().stream().filter("OK"::equals).count();
    }

    private static void createBucket(OmClient client) {
        client.call(
                "CreateVolume",
                stub -> stub.createVolume(CreateVolumeRequest.newBuilder()
                        .setVolume(VolumeInfo.newBuilder().setName("vol"))
                        .build()),
                CreateVolumeResponse::getError);
        client.call(
                "CreateBucket",
                stub -> stub.createBucket(CreateBucketRequest.newBuilder()
                        .setBucket(BucketInfo.newBuilder()
                                .setVolume("vol")
                                .setName("bucket")
                                .setLayout(BucketLayout.OBJECT_STORE))
                        .build()),
                CreateBucketResponse::getError);
    }

    private static Optional<OzoneManagerServer> newLeader(MiniO3Cluster cluster, OzoneManagerServer killed) {
        return cluster.oms().stream()
                .filter(om -> om != killed && om.isLeader())
                .findFirst();
    }

    private static List<HostAndPort> addresses(MiniO3Cluster cluster) {
        return cluster.oms().stream()
                .map(om -> new HostAndPort("127.0.0.1", om.clientPort()))
                .toList();
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for %s", what).isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }
}
