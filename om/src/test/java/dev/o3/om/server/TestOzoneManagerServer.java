package dev.o3.om.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.net.FreePorts;
import dev.o3.common.security.BlockTokenException;
import dev.o3.common.security.BlockTokenSigner;
import dev.o3.om.testing.FakeScm;
import dev.o3.om.testing.OmFixtures;
import dev.o3.om.testing.OmTestClient;
import dev.o3.om.testing.Poll;
import dev.o3.proto.hdds.BlockLocation;
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
import dev.o3.proto.om.InfoBucketRequest;
import dev.o3.proto.om.InfoBucketResponse;
import dev.o3.proto.om.InfoVolumeRequest;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc.OzoneManagerServiceBlockingStub;
import dev.o3.proto.om.SetBucketAclRequest;
import dev.o3.proto.om.SetBucketAclResponse;
import dev.o3.proto.om.VolumeInfo;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** One OM with real Ratis and gRPC on loopback against a fake SCM. */
@Timeout(120)
class TestOzoneManagerServer {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path directory;

    @Test
    void servesKeysOverGrpcExportsMetricsAndKeepsEverythingAcrossRestart() throws Exception {
        try (FakeScm scm = new FakeScm()) {
            var conf = OmFixtures.singleOm(directory, scm.address());
            try (OzoneManagerServer om = new OzoneManagerServer(conf, Clock.systemUTC())) {
                om.start();
                Poll.until(WAIT, om::isLeader, "the single OM to lead");
                try (OmTestClient client = client(om)) {
                    Poll.until(WAIT, () -> infoVolume(client, "s3v") == OmStatus.OK, "the S3 volume");
                    writeKey(client);
                    LookupKeyResponse lookup = lookup(client);
                    assertThat(lookup.getKey().getSize()).isEqualTo(3 << 20);
                    assertThat(lookup.getKey().getBlocksCount()).isEqualTo(3);
                    assertThat(lookup.getKey().getBlocks(0).getPipeline().getMembersCount())
                            .isEqualTo(1);
                    InfoBucketResponse bucket = client.call(
                            stub -> stub.infoBucket(InfoBucketRequest.newBuilder()
                                    .setVolume("s3v")
                                    .setName("photos")
                                    .build()),
                            InfoBucketResponse::getError);
                    assertThat(bucket.getBucket().getLayout()).isEqualTo(BucketLayout.OBJECT_STORE);
                }
                try (OmTestClient anonymous = OmTestClient.anonymous(
                        List.of("127.0.0.1:" + om.clientPort()), System.getProperty("user.name"), WAIT)) {
                    assertThat(infoVolume(anonymous, "s3v"))
                            .as("o3-anonymous wins over a claimed administrator")
                            .isEqualTo(OmStatus.PERMISSION_DENIED);
                    assertThat(status(anonymous, stub -> stub.lookupKey(lookupRequest()), LookupKeyResponse::getError))
                            .as("alice's bucket is private")
                            .isEqualTo(OmStatus.PERMISSION_DENIED);
                    try (OmTestClient alice = client(om)) {
                        assertThat(status(
                                        alice, stub -> stub.setBucketAcl(publicRead()), SetBucketAclResponse::getError))
                                .isEqualTo(OmStatus.OK);
                    }
                    assertThat(status(anonymous, stub -> stub.lookupKey(lookupRequest()), LookupKeyResponse::getError))
                            .isEqualTo(OmStatus.OK);
                }
                String metrics = HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + om.httpPort() + "/prom"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
                assertThat(metrics)
                        .contains("o3_om_request_stage_seconds")
                        .contains("stage=\"ratis\"")
                        .contains("stage=\"read\"")
                        .contains("o3_om_apply_seconds")
                        .contains("o3_om_rocksdb_flush_seconds")
                        .containsPattern("o3_om_ratis_log_worker_flush_time_seconds_count\\{member=\"[^\"]+\"} [1-9]")
                        .containsPattern("o3_om_ratis_leader_election_election_count_total\\{member=\"[^\"]+\"} [1-9]")
                        .contains("o3_om_ratis_server_client_write_request_seconds");
                assertThat(metrics.lines().filter(line -> !line.startsWith("#")))
                        .allMatch(line -> line.startsWith("o3_om_"));
            }
            try (OzoneManagerServer restarted = new OzoneManagerServer(conf, Clock.systemUTC())) {
                restarted.start();
                Poll.until(WAIT, restarted::isLeader, "the restarted OM to lead");
                try (OmTestClient client = client(restarted)) {
                    assertThat(lookup(client).getKey().getSize()).isEqualTo(3 << 20);
                    assertThat(infoVolume(client, "s3v")).isEqualTo(OmStatus.OK);
                }
            }
        }
    }

    @Test
    void acknowledgedKeysSurviveACrashThroughTheRaftLog() throws Exception {
        Path live = directory.resolve("live");
        Path crashed = directory.resolve("crashed");
        try (FakeScm scm = new FakeScm()) {
            try (OzoneManagerServer om =
                            new OzoneManagerServer(OmFixtures.singleOm(live, scm.address()), Clock.systemUTC());
                    OmTestClient client = clientAfterStart(om)) {
                Poll.until(WAIT, () -> infoVolume(client, "s3v") == OmStatus.OK, "the S3 volume");
                writeKey(client);
                // What a kill -9 now leaves on disk: the synced Raft log, and RocksDB without its memtables (no WAL).
                copyTree(live, crashed);
            }
            try (OzoneManagerServer restarted =
                            new OzoneManagerServer(OmFixtures.singleOm(crashed, scm.address()), Clock.systemUTC());
                    OmTestClient client = clientAfterStart(restarted)) {
                assertThat(lookup(client).getKey().getSize()).isEqualTo(3 << 20);
            }
        }
    }

    @Test
    void emptyKeysCreatedInOneWriteSurviveACrashThroughTheRaftLog() throws Exception {
        Path live = directory.resolve("live");
        Path crashed = directory.resolve("crashed");
        int writers = 4;
        int keysEach = 100;
        Map<String, Long> acknowledged = new ConcurrentHashMap<>();
        try (FakeScm scm = new FakeScm()) {
            try (OzoneManagerServer om =
                            new OzoneManagerServer(OmFixtures.singleOm(live, scm.address()), Clock.systemUTC());
                    OmTestClient client = clientAfterStart(om)) {
                Poll.until(WAIT, () -> infoVolume(client, "s3v") == OmStatus.OK, "the S3 volume");
                writeKey(client);
                int allocationsBefore = scm.allocations().size();
                ExecutorService pool = Executors.newFixedThreadPool(writers);
                try {
                    List<Future<?>> done = new ArrayList<>();
                    for (int w = 0; w < writers; w++) {
                        String prefix = "empty/" + w + "-";
                        done.add(pool.submit(() -> {
                            for (int i = 0; i < keysEach; i++) {
                                String name = prefix + i;
                                CreateKeyResponse created = client.call(
                                        stub -> stub.createKey(CreateKeyRequest.newBuilder()
                                                .setVolume("s3v")
                                                .setBucket("photos")
                                                .setName(name)
                                                .setEmpty(true)
                                                .build()),
                                        CreateKeyResponse::getError);
                                assertThat(created.hasError())
                                        .as("%s", created.getError())
                                        .isFalse();
                                acknowledged.put(name, created.getKey().getObjectId());
                            }
                        }));
                    }
                    for (Future<?> writer : done) {
                        writer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                    }
                } finally {
                    pool.shutdownNow();
                }
                assertThat(scm.allocations()).as("no blocks for empty keys").hasSize(allocationsBefore);
                // What a kill -9 now leaves on disk: the synced Raft log, and RocksDB without its memtables (no WAL).
                copyTree(live, crashed);
            }
            try (OzoneManagerServer restarted =
                            new OzoneManagerServer(OmFixtures.singleOm(crashed, scm.address()), Clock.systemUTC());
                    OmTestClient client = clientAfterStart(restarted)) {
                assertThat(acknowledged).hasSize(writers * keysEach);
                acknowledged.forEach((name, objectId) -> {
                    LookupKeyResponse found = client.call(
                            stub -> stub.lookupKey(LookupKeyRequest.newBuilder()
                                    .setVolume("s3v")
                                    .setBucket("photos")
                                    .setName(name)
                                    .build()),
                            LookupKeyResponse::getError);
                    assertThat(found.hasError())
                            .as("%s: %s", name, found.getError())
                            .isFalse();
                    assertThat(found.getKey().getObjectId()).as(name).isEqualTo(objectId);
                    assertThat(found.getKey().getSize()).isZero();
                });
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    try {
                        Files.copy(path, target);
                    } catch (NoSuchFileException e) {
                        // Deleted meanwhile (an obsolete RocksDB file); a crash would not have left it either.
                    }
                }
            }
        }
    }

    @Test
    void writesWithRequestIdsShareLogEntriesAndTheirRetriesGetTheFirstReplyAcrossARestart() throws Exception {
        try (FakeScm scm = new FakeScm()) {
            // A fixed port, so that one client (one client id) talks to the OM before and after its restart.
            String address = "127.0.0.1:" + FreePorts.next();
            var conf = OmFixtures.singleOm(directory, scm.address()).with("ozone.om.address", address);
            try (OmTestClient admin = new OmTestClient(List.of(address), System.getProperty("user.name"), WAIT);
                    OmTestClient client = new OmTestClient(List.of(address), "alice", WAIT)) {
                CommitKeyRequest commit;
                long commitCall;
                try (OzoneManagerServer om = new OzoneManagerServer(conf, Clock.systemUTC())) {
                    om.start();
                    Poll.until(WAIT, om::isLeader, "the single OM to lead");
                    createVolumesConcurrently(admin, 16, 8);
                    assertThat(om.introspection().appliedRequests())
                            .as("writes with request ids are group-committed: more requests than log entries")
                            .isGreaterThan(om.introspection().appliedTransactions());

                    assertThat(status(
                                    client,
                                    stub -> stub.createBucket(CreateBucketRequest.newBuilder()
                                            .setBucket(BucketInfo.newBuilder()
                                                    .setVolume("s3v")
                                                    .setName("photos"))
                                            .build()),
                                    CreateBucketResponse::getError))
                            .isEqualTo(OmStatus.OK);
                    CreateKeyResponse created = client.call(
                            stub -> stub.createKey(CreateKeyRequest.newBuilder()
                                    .setVolume("s3v")
                                    .setBucket("photos")
                                    .setName("cat.jpg")
                                    .build()),
                            CreateKeyResponse::getError);
                    commit = CommitKeyRequest.newBuilder()
                            .setVolume("s3v")
                            .setBucket("photos")
                            .setName("cat.jpg")
                            .setClientId(created.getClientId())
                            .build();
                    commitCall = client.nextCallId();
                    assertThat(commit(client, commitCall, commit)).isEqualTo(OmStatus.OK);
                    assertThat(commit(client, commitCall, commit))
                            .as("the retry of an applied commit gets its reply, not KEY_NOT_FOUND")
                            .isEqualTo(OmStatus.OK);
                    assertThat(commit(client, client.nextCallId(), commit))
                            .as("another call is applied")
                            .isEqualTo(OmStatus.KEY_NOT_FOUND);
                    assertThat(om.introspection().answeredRetries()).isEqualTo(1);
                }
                try (OzoneManagerServer restarted = new OzoneManagerServer(conf, Clock.systemUTC())) {
                    restarted.start();
                    Poll.until(WAIT, restarted::isLeader, "the restarted OM to lead");
                    assertThat(commit(client, commitCall, commit))
                            .as("the reply outlives the restart (a RocksDB table, not Ratis' memory)")
                            .isEqualTo(OmStatus.OK);
                }
            }
        }
    }

    @Test
    void keysReserveAtScmOnlyWhatTheyDeclare() throws Exception {
        try (FakeScm scm = new FakeScm()) {
            try (OzoneManagerServer om =
                    new OzoneManagerServer(OmFixtures.singleOm(directory, scm.address()), Clock.systemUTC())) {
                om.start();
                Poll.until(WAIT, om::isLeader, "the single OM to lead");
                try (OmTestClient client = client(om)) {
                    Poll.until(WAIT, () -> infoVolume(client, "s3v") == OmStatus.OK, "the S3 volume");
                    writeKey(client);
                    int before = scm.allocations().size();
                    assertThat(create(client, "empty", 0).getKey().getBlocksCount())
                            .as("an empty or unknown-size key writes its first block with AllocateBlock")
                            .isZero();
                    assertThat(scm.allocations()).hasSize(before);
                    assertThat(create(client, "small", 4096).getKey().getBlocksCount())
                            .isEqualTo(1);
                    assertThat(scm.allocations().get(before).getSize())
                            .as("a key smaller than a block reserves its own size in the container")
                            .isEqualTo(4096);
                }
            }
        }
    }

    private static CreateKeyResponse create(OmTestClient client, String name, long size) {
        CreateKeyResponse created = client.call(
                stub -> stub.createKey(CreateKeyRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName(name)
                        .setSize(size)
                        .build()),
                CreateKeyResponse::getError);
        assertThat(created.hasError()).as("%s", created.getError()).isFalse();
        return created;
    }

    @Test
    void backgroundServicesExpireOpenKeysAndHandTheirBlocksToScm() throws Exception {
        try (FakeScm scm = new FakeScm()) {
            var conf = OmFixtures.singleOm(directory, scm.address()).with("ozone.om.open.key.expire.threshold", "1ms");
            try (OzoneManagerServer om = new OzoneManagerServer(conf, Clock.systemUTC());
                    OmTestClient client = clientAfterStart(om)) {
                Poll.until(WAIT, () -> infoVolume(client, "s3v") == OmStatus.OK, "the S3 volume");
                client.call(
                        stub -> stub.createBucket(CreateBucketRequest.newBuilder()
                                .setBucket(
                                        BucketInfo.newBuilder().setVolume("s3v").setName("tmp"))
                                .build()),
                        CreateBucketResponse::getError);
                CreateKeyResponse abandoned = client.call(
                        stub -> stub.createKey(CreateKeyRequest.newBuilder()
                                .setVolume("s3v")
                                .setBucket("tmp")
                                .setName("never-committed")
                                .setSize(2 << 20)
                                .build()),
                        CreateKeyResponse::getError);
                assertThat(abandoned.getKey().getBlocksCount()).isEqualTo(2);
                Poll.until(
                        WAIT,
                        () -> om.introspection().backgroundServices().cleanupOpenKeys() == 1,
                        "the open key to expire");
                assertThat(om.introspection().backgroundServices().deleteKeyBlocks())
                        .isEqualTo(1);
                assertThat(scm.deleted()).hasSize(2);
                assertThat(om.introspection().backgroundServices().deleteKeyBlocks())
                        .as("purged once handed over")
                        .isZero();
            }
        }
    }

    @Test
    void withSecurityOnKeysComeWithVerifiableBlockTokens() throws Exception {
        try (FakeScm scm = new FakeScm()) {
            var conf = OmFixtures.singleOm(directory, scm.address())
                    .with("ozone.security.enabled", "true")
                    // Block tokens only: this client sends unsigned calls.
                    .with("ozone.security.authentication.enabled", "false")
                    .with("hdds.block.token.secret", "shared");
            BlockTokenSigner verifier = new BlockTokenSigner("shared", Clock.systemUTC(), Duration.ofDays(1));
            try (OzoneManagerServer om = new OzoneManagerServer(conf, Clock.systemUTC());
                    OmTestClient client = clientAfterStart(om)) {
                Poll.until(WAIT, () -> infoVolume(client, "s3v") == OmStatus.OK, "the S3 volume");
                writeKey(client);
                BlockLocation block = lookup(client).getKey().getBlocks(0);
                verifier.check(block.getToken(), block.getBlockId(), BlockTokenSigner.Mode.READ);
                assertThatThrownBy(
                                () -> verifier.check(block.getToken(), block.getBlockId(), BlockTokenSigner.Mode.WRITE))
                        .isInstanceOf(BlockTokenException.class)
                        .hasMessageContaining("grants READ, not WRITE");
            }
        }
    }

    private static OmTestClient clientAfterStart(OzoneManagerServer om) {
        om.start();
        Poll.until(WAIT, om::isLeader, "the single OM to lead");
        return client(om);
    }

    private static OmTestClient client(OzoneManagerServer om) {
        return new OmTestClient(List.of("127.0.0.1:" + om.clientPort()), "alice", WAIT);
    }

    private static LookupKeyRequest lookupRequest() {
        return LookupKeyRequest.newBuilder()
                .setVolume("s3v")
                .setBucket("photos")
                .setName("cat.jpg")
                .build();
    }

    private static SetBucketAclRequest publicRead() {
        return SetBucketAclRequest.newBuilder()
                .setVolume("s3v")
                .setName("photos")
                .setAcl("public-read")
                .build();
    }

    private static <R> OmStatus status(
            OmTestClient client, Function<OzoneManagerServiceBlockingStub, R> rpc, Function<R, OmError> error) {
        OmError failure = error.apply(client.call(rpc, error));
        return failure.getStatus() == OmStatus.OM_STATUS_UNSPECIFIED ? OmStatus.OK : failure.getStatus();
    }

    private static OmStatus commit(OmTestClient client, long callId, CommitKeyRequest commit) {
        CommitKeyResponse response = client.call(callId, stub -> stub.commitKey(commit), CommitKeyResponse::getError);
        return response.hasError() ? response.getError().getStatus() : OmStatus.OK;
    }

    /** {@code writers} threads each create {@code perWriter} volumes, all at once. */
    private static void createVolumesConcurrently(OmTestClient client, int writers, int perWriter) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<OmStatus>> created = new ArrayList<>();
            for (int i = 0; i < writers * perWriter; i++) {
                String name = "vol-" + i;
                created.add(pool.submit(() -> status(
                        client,
                        stub -> stub.createVolume(CreateVolumeRequest.newBuilder()
                                .setVolume(VolumeInfo.newBuilder().setName(name))
                                .build()),
                        CreateVolumeResponse::getError)));
            }
            for (Future<OmStatus> status : created) {
                assertThat(status.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(OmStatus.OK);
            }
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static OmStatus infoVolume(OmTestClient client, String name) {
        InfoVolumeResponse response = client.call(
                stub -> stub.infoVolume(
                        InfoVolumeRequest.newBuilder().setName(name).build()),
                InfoVolumeResponse::getError);
        return response.hasError() ? response.getError().getStatus() : OmStatus.OK;
    }

    private static void writeKey(OmTestClient client) {
        CreateVolumeResponse volume = client.call(
                stub -> stub.createVolume(CreateVolumeRequest.newBuilder()
                        .setVolume(VolumeInfo.newBuilder().setName("vol"))
                        .build()),
                CreateVolumeResponse::getError);
        assertThat(volume.getError().getStatus())
                .as("alice is no administrator")
                .isEqualTo(OmStatus.PERMISSION_DENIED);
        CreateBucketResponse bucket = client.call(
                stub -> stub.createBucket(CreateBucketRequest.newBuilder()
                        .setBucket(BucketInfo.newBuilder().setVolume("s3v").setName("photos"))
                        .build()),
                CreateBucketResponse::getError);
        assertThat(bucket.hasError()).isFalse();
        CreateKeyResponse created = client.call(
                stub -> stub.createKey(CreateKeyRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName("cat.jpg")
                        .setSize(3 << 20)
                        .build()),
                CreateKeyResponse::getError);
        assertThat(created.hasError()).as("%s", created.getError()).isFalse();
        assertThat(created.getKey().getBlocksCount())
                .as("CreateKey pre-allocates the blocks")
                .isEqualTo(3);
        CommitKeyResponse committed = client.call(
                stub -> stub.commitKey(CommitKeyRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName("cat.jpg")
                        .setClientId(created.getClientId())
                        .setSize(3 << 20)
                        .addAllBlocks(created.getKey().getBlocksList())
                        .build()),
                CommitKeyResponse::getError);
        assertThat(committed.hasError()).as("%s", committed.getError()).isFalse();
    }

    private static LookupKeyResponse lookup(OmTestClient client) {
        LookupKeyResponse response = client.call(stub -> stub.lookupKey(lookupRequest()), LookupKeyResponse::getError);
        assertThat(response.hasError()).as("%s", response.getError()).isFalse();
        return response;
    }
}
