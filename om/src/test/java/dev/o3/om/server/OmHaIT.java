package dev.o3.om.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.net.FreePorts;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.testing.FakeScm;
import dev.o3.om.testing.OmFixtures;
import dev.o3.om.testing.OmTestClient;
import dev.o3.om.testing.Poll;
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
import dev.o3.proto.om.InfoVolumeRequest;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.VolumeInfo;
import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Three OMs in one Raft group on loopback: failover, redirects, restart. */
@Tag("integration")
@Timeout(300)
class OmHaIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int KEYS = 90;
    /** More than the leader keeps in flight, so that requests queue and share log entries. */
    private static final int WRITERS = 6;

    private static final String ADMIN = System.getProperty("user.name", "om");

    @TempDir
    Path directory;

    private final List<OzoneManagerServer> oms = new ArrayList<>();
    private final List<OzoneConfiguration> configs = new ArrayList<>();
    private final List<String> clientAddresses = new ArrayList<>();

    @AfterEach
    void stopAll() {
        oms.forEach(om -> {
            if (om != null) {
                om.close();
            }
        });
    }

    @Test
    void writesSurviveALeaderKillAndTheirRetriesGetTheFirstReply() throws Exception {
        try (FakeScm scm = new FakeScm()) {
            startGroup(scm);
            OzoneManagerServer firstLeader = awaitLeader();
            assertFollowersRedirectToTheLeader(firstLeader);
            try (OmTestClient client = new OmTestClient(clientAddresses, ADMIN, WAIT)) {
                createBucket(client);
                // A key whose CreateKey and CommitKey replies the client "lost": it resends both calls later.
                long createCall = client.nextCallId();
                CreateKeyResponse created = createKey(client, createCall, "lost-reply");
                long commitCall = client.nextCallId();
                assertThat(commit(client, commitCall, "lost-reply", created).hasError())
                        .isFalse();

                List<String> acknowledged = new CopyOnWriteArrayList<>();
                List<String> refused = new CopyOnWriteArrayList<>();
                // More concurrent writers than the leader keeps entries in flight, so their requests, all with
                // request ids, share log entries; a request caught by the kill is retried with the same id.
                ExecutorService writer = Executors.newFixedThreadPool(WRITERS);
                try {
                    List<Future<?>> writes = new ArrayList<>();
                    for (int i = 0; i < WRITERS; i++) {
                        String prefix = "key" + i;
                        writes.add(writer.submit(() -> writeKeys(client, prefix, acknowledged, refused)));
                    }
                    Poll.until(WAIT, () -> acknowledged.size() >= WRITERS * KEYS / 3, "a third of the keys");
                    int killed = oms.indexOf(firstLeader);
                    firstLeader.close();
                    oms.set(killed, null);
                    for (Future<?> write : writes) {
                        write.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                    }

                    OzoneManagerServer secondLeader = awaitLeader();
                    assertThat(secondLeader).isNotSameAs(firstLeader);
                    assertThat(refused)
                            .as("no retry was refused as if it had not been applied")
                            .isEmpty();
                    assertThat(acknowledged).hasSize(WRITERS * KEYS);
                    assertAllPresentOnce(client, acknowledged);
                    assertThat(secondLeader.introspection().appliedRequests())
                            .as("as a follower it applied group-committed entries of requests with ids")
                            .isGreaterThan(secondLeader.introspection().appliedTransactions());
                    assertRetriesGetTheFirstReply(client, createCall, commitCall, created);

                    // The killed OM restarts, catches up from the log, and can lead with all the data and replies.
                    oms.set(killed, start(killed));
                    int second = oms.indexOf(secondLeader);
                    Poll.until(
                            WAIT,
                            () -> oms.get(killed).introspection().appliedTransactions() > 0,
                            "the restarted OM to catch up");
                    secondLeader.close();
                    oms.set(second, null);
                    awaitLeader();
                    assertAllPresentOnce(client, acknowledged);
                    assertRetriesGetTheFirstReply(client, createCall, commitCall, created);
                } finally {
                    writer.shutdownNow();
                    assertThat(writer.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
                }
            }
        }
    }

    @Test
    void aLaggingOmCatchesUpFromTheLeadersCheckpoint() throws Exception {
        try (FakeScm scm = new FakeScm()) {
            startGroup(
                    scm,
                    Map.of(
                            "ozone.om.ratis.snapshot.auto.trigger.threshold", "20",
                            "ozone.om.ratis.log.purge.gap", "5",
                            "ozone.om.ratis.segment.size", "8KB"));
            OzoneManagerServer leader = awaitLeader();
            int lagging = (oms.indexOf(leader) + 1) % oms.size();
            oms.get(lagging).close();
            try (OmTestClient client = new OmTestClient(clientAddresses, ADMIN, WAIT)) {
                createBucket(client);
                List<String> acknowledged = new CopyOnWriteArrayList<>();
                List<String> refused = new CopyOnWriteArrayList<>();
                writeKeys(client, "key", acknowledged, refused);
                assertThat(refused).isEmpty();
                assertThat(acknowledged).hasSize(KEYS);
            }
            oms.set(lagging, start(lagging));
            OzoneManagerServer restarted = oms.get(lagging);
            Poll.until(
                    WAIT,
                    () -> restarted.introspection().lastAppliedIndex()
                            >= leader.introspection().lastAppliedIndex(),
                    "the lagging OM to catch up");
            String last = RowKeys.key("vol", "bucket", String.format("key-%04d", KEYS - 1));
            Poll.until(WAIT, () -> restarted.store().get(OmSchema.KEYS, last).isPresent(), "the last key");
            assertThat(restarted.store().get(OmSchema.KEYS, RowKeys.key("vol", "bucket", "key-0000")))
                    .isPresent();
        }
    }

    private void startGroup(FakeScm scm) {
        startGroup(scm, Map.of());
    }

    private void startGroup(FakeScm scm, Map<String, String> extra) {
        List<String> ratis = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            clientAddresses.add("127.0.0.1:" + FreePorts.next());
            ratis.add("127.0.0.1:" + FreePorts.next());
        }
        for (int i = 0; i < 3; i++) {
            OzoneConfiguration conf = OmFixtures.haOm(
                    directory.resolve("om" + (i + 1)),
                    scm.address(),
                    String.join(",", clientAddresses),
                    String.join(",", ratis),
                    "om" + (i + 1));
            for (Map.Entry<String, String> setting : extra.entrySet()) {
                conf = conf.with(setting.getKey(), setting.getValue());
            }
            configs.add(conf);
            oms.add(start(i));
        }
    }

    private OzoneManagerServer start(int index) {
        OzoneManagerServer om = new OzoneManagerServer(configs.get(index), Clock.systemUTC());
        om.start();
        return om;
    }

    private OzoneManagerServer awaitLeader() {
        Poll.until(WAIT, () -> leader().isPresent(), "an OM leader");
        return leader().orElseThrow();
    }

    private Optional<OzoneManagerServer> leader() {
        return oms.stream().filter(om -> om != null && om.isLeader()).findFirst();
    }

    private void assertFollowersRedirectToTheLeader(OzoneManagerServer leader) throws InterruptedException {
        for (int i = 0; i < oms.size(); i++) {
            if (oms.get(i) == leader) {
                continue;
            }
            ManagedChannel channel = GrpcFactory.channel(
                    HostAndPort.parse(clientAddresses.get(i), CommonConfigKeys.OM_PORT), GrpcConfig.defaults());
            try {
                InfoVolumeResponse response = OzoneManagerServiceGrpc.newBlockingStub(channel)
                        .infoVolume(
                                InfoVolumeRequest.newBuilder().setName("s3v").build());
                assertThat(response.getError().getStatus()).isEqualTo(OmStatus.NOT_LEADER);
                int leaderIndex = oms.indexOf(leader);
                Poll.until(WAIT, () -> leaderHint(channel).equals(clientAddresses.get(leaderIndex)), "leader hint");
            } finally {
                channel.shutdownNow();
                channel.awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    private static String leaderHint(ManagedChannel channel) {
        return OzoneManagerServiceGrpc.newBlockingStub(channel)
                .infoVolume(InfoVolumeRequest.newBuilder().setName("s3v").build())
                .getError()
                .getLeaderAddress();
    }

    private static void createBucket(OmTestClient client) {
        CreateVolumeResponse volume = client.call(
                stub -> stub.createVolume(CreateVolumeRequest.newBuilder()
                        .setVolume(VolumeInfo.newBuilder().setName("vol"))
                        .build()),
                CreateVolumeResponse::getError);
        assertThat(volume.hasError()).as("%s", volume.getError()).isFalse();
        CreateBucketResponse bucket = client.call(
                stub -> stub.createBucket(CreateBucketRequest.newBuilder()
                        .setBucket(BucketInfo.newBuilder()
                                .setVolume("vol")
                                .setName("bucket")
                                .setLayout(BucketLayout.OBJECT_STORE))
                        .build()),
                CreateBucketResponse::getError);
        assertThat(bucket.hasError()).as("%s", bucket.getError()).isFalse();
    }

    /** Creates and commits keys; a refusal of either call is recorded, not retried. */
    private static void writeKeys(OmTestClient client, String prefix, List<String> acknowledged, List<String> refused) {
        for (int i = 0; i < KEYS; i++) {
            String name = String.format("%s-%04d", prefix, i);
            CreateKeyResponse created = createKey(client, client.nextCallId(), name);
            if (created.hasError()) {
                refused.add(name + " CreateKey: " + created.getError());
                continue;
            }
            CommitKeyResponse committed = commit(client, client.nextCallId(), name, created);
            if (committed.hasError()) {
                refused.add(name + " CommitKey: " + committed.getError());
            } else {
                acknowledged.add(name);
            }
        }
    }

    private static CreateKeyResponse createKey(OmTestClient client, long callId, String name) {
        return client.call(
                callId,
                stub -> stub.createKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bucket")
                        .setName(name)
                        .setSize(100)
                        .build()),
                CreateKeyResponse::getError);
    }

    private static CommitKeyResponse commit(OmTestClient client, long callId, String name, CreateKeyResponse created) {
        return client.call(
                callId,
                stub -> stub.commitKey(CommitKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bucket")
                        .setName(name)
                        .setClientId(created.getClientId())
                        .setSize(100)
                        .addAllBlocks(created.getKey().getBlocksList())
                        .build()),
                CommitKeyResponse::getError);
    }

    /**
     * Resends the calls of the key whose replies were "lost" before the first leader died: the current leader knows
     * them from the log (or its restarted database) and answers as the first leader did instead of applying them again.
     */
    private void assertRetriesGetTheFirstReply(
            OmTestClient client, long createCall, long commitCall, CreateKeyResponse created) {
        assertThat(createKey(client, createCall, "lost-reply"))
                .as("the same session and blocks, no second open key")
                .isEqualTo(created);
        CommitKeyResponse committed = commit(client, commitCall, "lost-reply", created);
        assertThat(committed.hasError())
                .as("not KEY_NOT_FOUND: %s", committed.getError())
                .isFalse();
        OzoneManagerServer leader = awaitLeader();
        String openRows = RowKeys.key("vol", "bucket", "lost-reply") + "#";
        assertThat(leader.store().scan(OmSchema.OPEN_KEYS, openRows, openRows, 10))
                .as("the retried CreateKey opened no session")
                .isEmpty();
        assertThat(leader.introspection().answeredRetries()).isGreaterThanOrEqualTo(2);
    }

    private static void assertAllPresentOnce(OmTestClient client, List<String> acknowledged) {
        List<String> listed = new ArrayList<>();
        String startAfter = "";
        while (true) {
            String from = startAfter;
            ListKeysResponse page = client.call(
                    stub -> stub.listKeys(ListKeysRequest.newBuilder()
                            .setVolume("vol")
                            .setBucket("bucket")
                            .setStartAfter(from)
                            .setMaxResults(25)
                            .build()),
                    ListKeysResponse::getError);
            assertThat(page.hasError()).as("%s", page.getError()).isFalse();
            page.getKeysList().stream().map(KeyInfo::getName).forEach(listed::add);
            if (!page.getTruncated()) {
                break;
            }
            startAfter = page.getNextStartAfter();
        }
        Set<String> unique = new HashSet<>(listed);
        assertThat(listed).as("no duplicates").hasSameSizeAs(unique);
        assertThat(unique).containsAll(acknowledged);
    }
}
