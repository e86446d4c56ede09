package dev.o3.test.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.client.api.DelegationTokenClient.IssuedToken;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.client.om.OmException;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.DelegationTokens;
import dev.o3.common.security.TokenFile;
import dev.o3.hadoopfs.O3TokenIdentifier;
import dev.o3.hadoopfs.RootedOzoneFileSystem;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.om.server.OzoneManagerServer;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.DelegationTokenIdentifier;
import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delegation tokens on a secure three-OM cluster (mutual TLS, signed calls): a token authenticates its holder as its
 * owner and nothing more; only its renewer renews it; a cancelled, expired, altered or wrongly signed token is
 * refused with a message that says why; a token issued by one leader works at the next; and ofs hands a Hadoop job
 * a token of its user.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DelegationTokenIT {
    private static final String ALICE = "alice";
    private static final String BOB = "bob";
    private static final String VOLUME = "jobs";
    /** Long enough for a loaded machine to use a token, short enough to watch one expire. */
    private static final Duration RENEW_INTERVAL = Duration.ofSeconds(20);

    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    static Path directory;

    private MiniO3Cluster cluster;
    private final AtomicInteger files = new AtomicInteger();

    @BeforeAll
    void start() {
        cluster = MiniO3Cluster.builder(directory)
                .numOMs(3)
                .numDatanodes(1)
                .conf("ozone.delegation.token.renew-interval", RENEW_INTERVAL.toSeconds() + "s")
                .conf("ozone.delegation.token.max-lifetime", "1h")
                .tls()
                .secure()
                .build()
                .newCluster()
                .start();
        cluster.waitForOmLeader(WAIT);
        try (OzoneClient admin = cluster.newClient(cluster.adminCredential().accessKeyId())) {
            admin.objectStore().createVolume(VOLUME, Optional.of(ALICE));
        }
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(0)
    void ofsHandsAJobATokenOfItsUser() throws Exception {
        Path credentials = directory.resolve("alice.credentials");
        CredentialFile.write(credentials, cluster.credential(ALICE));
        Configuration conf = new Configuration(false);
        cluster.clientConfiguration().explicitValues().forEach(conf::set);
        conf.set(ClientConfigKeys.CREDENTIALS_FILE.name(), credentials.toString());
        conf.set("fs.ofs.impl", RootedOzoneFileSystem.class.getName());
        try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), conf)) {
            Token<?> token = fs.getDelegationToken("yarn/rm.example.com@EXAMPLE.COM");
            assertThat(token.getKind()).hasToString(DelegationTokens.KIND);
            assertThat(token.getService()).hasToString(fs.getCanonicalServiceName());
            DelegationTokenIdentifier identifier = DelegationTokens.parse(token.getIdentifier());
            assertThat(identifier.getOwner()).isEqualTo(ALICE);
            assertThat(identifier.getRenewer()).isEqualTo("yarn");
            DelegationToken asIssued = DelegationToken.newBuilder()
                    .setIdentifier(ByteString.copyFrom(token.getIdentifier()))
                    .setPassword(ByteString.copyFrom(token.getPassword()))
                    .build();
            try (OzoneClient job = tokenClient(tokenFile(asIssued))) {
                assertThat(job.objectStore().getVolume(VOLUME).info().owner()).isEqualTo(ALICE);
            }
        }
    }

    @Test
    @Order(1)
    void aTokenAuthenticatesItsHolderAsItsOwner() {
        IssuedToken issued = issue(ALICE, BOB);
        assertThat(issued.expiry()).isAfter(Instant.now().plus(RENEW_INTERVAL).minusSeconds(10));
        DelegationTokenIdentifier identifier = identifierOf(issued.token());
        assertThat(identifier.getOwner()).isEqualTo(ALICE);
        assertThat(identifier.getRenewer()).isEqualTo(BOB);
        assertThat(issued.token().getService()).contains(":").contains(",");

        Path file = tokenFile(issued.token());
        try (OzoneClient job = tokenClient(file)) {
            job.objectStore().getVolume(VOLUME).createBucket("by-token", "FILE_SYSTEM_OPTIMIZED", 1);
            assertThat(job.objectStore()
                            .getVolume(VOLUME)
                            .getBucket("by-token")
                            .info()
                            .owner())
                    .isEqualTo(ALICE);
            // A token begets no tokens: else a job could keep itself alive past the max lifetime.
            assertThatThrownBy(() -> job.delegationTokens().get(""))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.UNAUTHENTICATED))
                    .hasMessageContaining("gets no delegation token");
        }
        // Acting for another user with alice's token fails however the call names that user.
        try (OzoneClient asBob = OzoneClient.create(
                cluster.clientConfiguration(), BOB, Optional.of(DelegationTokens.credentialOf(issued.token())))) {
            assertThatThrownBy(() -> asBob.objectStore().listVolumes(""))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.UNAUTHENTICATED))
                    .hasMessageContaining("acts as its owner only");
        }
    }

    @Test
    @Order(2)
    void onlyTheRenewerRenewsAndOwnerOrRenewerCancels() {
        IssuedToken issued = issue(ALICE, BOB);
        try (OzoneClient alice = cluster.newClient(ALICE);
                OzoneClient bob = cluster.newClient(BOB)) {
            assertThatThrownBy(() -> alice.delegationTokens().renew(issued.token()))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.PERMISSION_DENIED))
                    .hasMessageContaining("alice may not renew")
                    .hasMessageContaining("only its renewer bob");
            Instant renewed = bob.delegationTokens().renew(issued.token());
            assertThat(renewed).isAfterOrEqualTo(issued.expiry());

            try (OzoneClient carol = cluster.newClient("carol")) {
                assertThatThrownBy(() -> carol.delegationTokens().cancel(issued.token()))
                        .isInstanceOfSatisfying(
                                OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.PERMISSION_DENIED))
                        .hasMessageContaining("only its owner or its renewer");
            }
            alice.delegationTokens().cancel(issued.token());
            assertThatThrownBy(() -> bob.delegationTokens().renew(issued.token()))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.UNAUTHENTICATED))
                    .hasMessageContaining("was cancelled or has expired");
        }
        try (OzoneClient job = tokenClient(tokenFile(issued.token()))) {
            assertThatThrownBy(() -> job.objectStore().getVolume(VOLUME))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.UNAUTHENTICATED))
                    .hasMessageContaining("was cancelled or has expired");
        }
    }

    @Test
    @Order(3)
    void alteredAndWronglySignedTokensAreRefused() {
        DelegationToken token = issue(ALICE, ALICE).token();
        // alice makes herself the administrator in the identifier; the password no longer matches it.
        DelegationToken altered = token.toBuilder()
                .setIdentifier(identifierOf(token).toBuilder()
                        .setOwner(cluster.adminCredential().accessKeyId())
                        .build()
                        .toByteString())
                .build();
        assertRefused(altered, "not the token OM issued");
        byte[] password = token.getPassword().toByteArray();
        password[0] ^= 1;
        DelegationToken wrongPassword =
                token.toBuilder().setPassword(ByteString.copyFrom(password)).build();
        assertRefused(wrongPassword, "does not match");
        try (OzoneClient alice = cluster.newClient(ALICE)) {
            assertThatThrownBy(() -> alice.delegationTokens().renew(wrongPassword))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.UNAUTHENTICATED))
                    .hasMessageContaining("wrong password");
        }
    }

    @Test
    @Order(4)
    void anExpiredTokenIsRefused() {
        IssuedToken issued = issue(ALICE, ALICE);
        try (OzoneClient job = tokenClient(tokenFile(issued.token()))) {
            job.objectStore().getVolume(VOLUME);
            long deadline = System.nanoTime() + RENEW_INTERVAL.plus(WAIT).toNanos();
            OmException refused = null;
            while (refused == null) {
                assertThat(System.nanoTime()).as("token refused in time").isLessThan(deadline);
                try {
                    job.objectStore().getVolume(VOLUME);
                    LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
                } catch (OmException e) {
                    refused = e;
                }
            }
            assertThat(refused.status()).isEqualTo(OmStatus.UNAUTHENTICATED);
            assertThat(refused).hasMessageContaining("expired");
            assertThat(Instant.now()).isAfter(issued.expiry());
        }
        try (OzoneClient alice = cluster.newClient(ALICE)) {
            assertThatThrownBy(() -> alice.delegationTokens().renew(issued.token()))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.UNAUTHENTICATED))
                    .hasMessageContaining("expired");
        }
    }

    @Test
    @Order(5)
    void aJobActsWithTheTokenInItsCredentialsAndHadoopRenewsAndCancelsIt() throws Exception {
        Path credentials = directory.resolve("alice-submits.credentials");
        CredentialFile.write(credentials, cluster.credential(ALICE));
        Configuration submitter = hadoopConf();
        submitter.set(ClientConfigKeys.CREDENTIALS_FILE.name(), credentials.toString());
        Credentials jobCredentials = new Credentials();
        try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), submitter)) {
            assertThat(fs.addDelegationTokens(ALICE, jobCredentials)).hasSize(1);
            assertThat(fs.addDelegationTokens(ALICE, jobCredentials))
                    .as("the credentials already hold a token for this service")
                    .isEmpty();
        }
        Token<?> token = jobCredentials.getAllTokens().iterator().next();
        assertThat(token.decodeIdentifier()).isInstanceOfSatisfying(O3TokenIdentifier.class, identifier -> {
            assertThat(identifier.getUser().getShortUserName()).isEqualTo(ALICE);
            assertThat(identifier.identifier().getRenewer()).isEqualTo(ALICE);
        });

        // the task: no credential file, no access key, only the job's credentials
        Configuration task = hadoopConf();
        task.set(
                ClientConfigKeys.CREDENTIALS_FILE.name(),
                directory.resolve("no-credentials").toString());
        UserGroupInformation taskUser = UserGroupInformation.createRemoteUser("task");
        taskUser.addCredentials(jobCredentials);
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/" + VOLUME + "/job-output/part-0");
        taskUser.doAs((PrivilegedExceptionAction<Void>) () -> {
            try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), task)) {
                // metadata only: the bucket and a directory. One datanode forms no RATIS/THREE pipeline, the only kind
                // SCM allocates blocks on; hadoop-jobs' SecureJobIT writes and reads data with a job's token.
                assertThat(fs.mkdirs(file)).isTrue();
                assertThat(fs.getFileStatus(file).isDirectory()).isTrue();
                assertThat(fs.getFileStatus(file).getOwner())
                        .as("the owner ofs shows: the token's, not the task's user")
                        .isEqualTo(ALICE);
            }
            long before = DelegationTokens.parse(token.getIdentifier()).getIssueMillis();
            assertThat(token.isManaged()).isTrue();
            assertThat(token.renew(task)).isGreaterThan(before);
            token.cancel(task);
            try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), task)) {
                assertThatThrownBy(() -> fs.getFileStatus(file))
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("cancelled");
            }
            return null;
        });
        try (OzoneClient admin = cluster.newClient(cluster.adminCredential().accessKeyId())) {
            assertThat(admin.objectStore()
                            .getVolume(VOLUME)
                            .getBucket("job-output")
                            .info()
                            .owner())
                    .as("the task acted as the token's owner")
                    .isEqualTo(ALICE);
        }
        // without the job's credentials the same task has no identity at all
        UserGroupInformation.createRemoteUser("task").doAs((PrivilegedExceptionAction<Void>) () -> {
            try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), task)) {
                assertThatThrownBy(() -> fs.getFileStatus(file))
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("no credential");
            }
            return null;
        });
    }

    @Test
    @Order(6)
    void aTokenSurvivesALeaderChange() {
        DelegationToken token = issue(ALICE, ALICE).token();
        // Made before the stop: the cluster cannot name a stopped OM's address to a new client.
        try (OzoneClient job = tokenClient(tokenFile(token))) {
            job.objectStore().getVolume(VOLUME).createBucket("before-failover", "FILE_SYSTEM_OPTIMIZED", 1);
            OzoneManagerServer first = cluster.waitForOmLeader(WAIT);
            cluster.stopOm(cluster.oms().indexOf(first));
            job.objectStore().getVolume(VOLUME).createBucket("after-failover", "FILE_SYSTEM_OPTIMIZED", 1);
            OzoneManagerServer second = cluster.oms().stream()
                    .filter(om -> om != first && om.isLeader())
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no new leader served the call"));
            assertThat(second).isNotSameAs(first);
            assertThat(job.objectStore()
                            .getVolume(VOLUME)
                            .getBucket("after-failover")
                            .info()
                            .owner())
                    .isEqualTo(ALICE);
        }
    }

    private Configuration hadoopConf() {
        Configuration conf = new Configuration(false);
        cluster.clientConfiguration().explicitValues().forEach(conf::set);
        conf.set("fs.ofs.impl", RootedOzoneFileSystem.class.getName());
        // one replica: the cluster has one datanode
        conf.set(RootedOzoneFileSystem.REPLICATION_KEY, "1");
        return conf;
    }

    private IssuedToken issue(String owner, String renewer) {
        try (OzoneClient client = cluster.newClient(owner)) {
            return client.delegationTokens().get(renewer);
        }
    }

    private Path tokenFile(DelegationToken token) {
        Path file = directory.resolve("token-" + files.incrementAndGet());
        TokenFile.write(file, token);
        return file;
    }

    /** A client as a job would make it: the token file in the configuration, the OS user's name as the user. */
    private OzoneClient tokenClient(Path file) {
        return OzoneClient.create(
                cluster.clientConfiguration().with(ClientConfigKeys.TOKEN_FILE, file), System.getProperty("user.name"));
    }

    private void assertRefused(DelegationToken token, String reason) {
        try (OzoneClient job = tokenClient(tokenFile(token))) {
            assertThatThrownBy(() -> job.objectStore().getVolume(VOLUME))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.UNAUTHENTICATED))
                    .hasMessageContaining(reason);
        }
    }

    private static DelegationTokenIdentifier identifierOf(DelegationToken token) {
        return DelegationTokens.parse(token.getIdentifier().toByteArray());
    }
}
