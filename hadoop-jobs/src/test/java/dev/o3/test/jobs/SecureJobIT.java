package dev.o3.test.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.OzoneClient;
import dev.o3.common.security.DelegationTokens;
import dev.o3.hadoopfs.O3TokenIdentifier;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.DtUtilShell;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.ToolRunner;
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
 * MapReduce on YARN against a secure O3 (mutual TLS, signed calls, no Kerberos): alice obtains delegation tokens with
 * her credential file, and the jobs' application masters and tasks, JVMs of their own that YARN starts, write and
 * read several MB of data with those tokens alone; the ResourceManager's principal renews and cancels them, and a task
 * that presents a cancelled token is refused.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SecureJobIT {
    private static final long ROWS = 100_000;
    /** TeraGen's rows are a fixed function of their index: the sum of 100,000 rows' CRC32s is this constant. */
    private static final String CHECKSUM = "c327a1c42c28";

    @TempDir
    static Path directory;

    private SecureJobCluster cluster;
    private org.apache.hadoop.fs.Path generated;
    private Token<?> readBackToken;

    @BeforeAll
    void start() throws IOException {
        cluster = SecureJobCluster.start(directory);
        generated = new org.apache.hadoop.fs.Path(cluster.bucket("teragen"), "rows");
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void teraGenWritesWithTheTokenOfItsUser() throws Exception {
        Credentials tokens = dtutilGet(SecureJobCluster.USER);
        Token<?> token = tokens.getAllTokens().iterator().next();
        assertThat(token.decodeIdentifier()).isInstanceOfSatisfying(O3TokenIdentifier.class, identifier -> {
            assertThat(identifier.getUser().getShortUserName()).isEqualTo(SecureJobCluster.USER);
            assertThat(identifier.identifier().getRenewer()).isEqualTo(SecureJobCluster.RENEWER);
        });
        // As `HADOOP_TOKEN_FILE_LOCATION=job.tokens hadoop jar ... teragen` does: the submitting user holds the
        // tokens of the file (and no credential file), and Job copies its user's credentials into the job's.
        UserGroupInformation submitter = UserGroupInformation.createRemoteUser(System.getProperty("user.name"));
        submitter.addCredentials(tokens);
        Configuration conf = cluster.jobConf();
        conf.setInt("mapreduce.job.maps", 2);
        int exit = submitter.doAs((PrivilegedExceptionAction<Integer>)
                () -> ToolRunner.run(conf, new TeraGen(), new String[] {Long.toString(ROWS), generated.toString()}));
        assertThat(exit).as("TeraGen's exit code").isZero();

        try (FileSystem fs = FileSystem.newInstance(generated.toUri(), cluster.userConf(SecureJobCluster.USER))) {
            assertThat(parts(fs))
                    .as("two maps' files of 5 MB (1 MB blocks)")
                    .hasSize(2)
                    .allSatisfy(part -> assertThat(part.getLen()).isEqualTo(ROWS / 2 * 100));
        }
        try (OzoneClient admin =
                cluster.o3().newClient(cluster.o3().adminCredential().accessKeyId())) {
            assertThat(admin.objectStore()
                            .getVolume(SecureJobCluster.VOLUME)
                            .getBucket("teragen")
                            .info()
                            .owner())
                    .as("the bucket the job created")
                    .isEqualTo(SecureJobCluster.USER);
        }
    }

    @Test
    @Order(2)
    void tasksReadTheDataBackWithTheJobsToken() throws Exception {
        Job job = readBack();
        // What Hadoop's TokenCache does at submission under Kerberos; without Kerberos
        // (UserGroupInformation.isSecurityEnabled() false) it fetches no file system token, and O3's secure mode needs
        // no Kerberos, so the submitter asks, signing with alice's credential file.
        try (FileSystem fs = FileSystem.newInstance(generated.toUri(), cluster.userConf(SecureJobCluster.USER))) {
            assertThat(fs.addDelegationTokens(SecureJobCluster.RENEWER, job.getCredentials()))
                    .hasSize(1);
        }
        boolean succeeded = job.waitForCompletion(false);
        assertThat(succeeded)
                .as("the read-back job succeeded: %s", diagnostics(job))
                .isTrue();
        Map<String, Long> totals = TeraReadBack.totals(job);
        assertThat(totals.get(TeraReadBack.ROWS)).isEqualTo(ROWS);
        assertThat(Long.toHexString(totals.get(TeraReadBack.CHECKSUM))).isEqualTo(CHECKSUM);
        assertThat(totals)
                .as("the owner the files show to the tasks (JVMs of the OS user %s)", System.getProperty("user.name"))
                .containsEntry(TeraReadBack.OWNER + SecureJobCluster.USER, 2L);
        readBackToken = job.getCredentials().getAllTokens().iterator().next();
    }

    @Test
    @Order(3)
    void theRenewerRenewsAndCancelsAndATaskWithTheCancelledTokenIsRefused() throws Exception {
        Configuration yarn = cluster.userConf(SecureJobCluster.RENEWER);
        long issued = DelegationTokens.parse(readBackToken.getIdentifier()).getIssueMillis();
        Credentials saved = new Credentials();
        saved.addToken(readBackToken.getService(), readBackToken);
        File file = cluster.work().resolve("read-back.tokens").toFile();
        saved.writeTokenStorageFile(new org.apache.hadoop.fs.Path(file.toURI()), yarn);
        // As YARN's ResourceManager renews (under Kerberos), then `hadoop dtutil cancel -alias OMS FILE` once the job
        // is done (a token's alias in a token file is its service: the OMs' addresses).
        UserGroupInformation.createRemoteUser(SecureJobCluster.RENEWER).doAs((PrivilegedExceptionAction<Void>) () -> {
            assertThat(readBackToken.isManaged()).isTrue();
            assertThat(readBackToken.renew(yarn)).isGreaterThan(issued);
            assertThat(ToolRunner.run(yarn, new DtUtilShell(), new String[] {
                        "cancel", "-alias", readBackToken.getService().toString(), file.toString()
                    }))
                    .as("dtutil cancel's exit code")
                    .isZero();
            return null;
        });

        Job job = readBack();
        job.getCredentials().addToken(readBackToken.getService(), readBackToken);
        job.getConfiguration().setInt("mapreduce.map.maxattempts", 1);
        assertThat(job.waitForCompletion(false))
                .as("the job with a cancelled token")
                .isFalse();
        assertThat(diagnostics(job))
                .anySatisfy(diagnostic -> assertThat(diagnostic).contains("was cancelled or has expired"));
    }

    /** The read-back job of TeraGen's files (alice lists them), with no token yet. */
    private Job readBack() throws IOException {
        try (FileSystem fs = FileSystem.newInstance(generated.toUri(), cluster.userConf(SecureJobCluster.USER))) {
            List<org.apache.hadoop.fs.Path> files =
                    parts(fs).stream().map(FileStatus::getPath).toList();
            return TeraReadBack.job(cluster.jobConf(), files, cluster.work());
        }
    }

    /** Why a job failed: the job's failure and its failed task attempts' diagnostics. */
    private static List<String> diagnostics(Job job) throws IOException, InterruptedException {
        List<String> diagnostics = new ArrayList<>();
        diagnostics.add(job.getStatus().getFailureInfo());
        for (TaskCompletionEvent event : job.getTaskCompletionEvents(0, 100)) {
            if (event.getStatus() == TaskCompletionEvent.Status.FAILED
                    || event.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
                diagnostics.addAll(Arrays.asList(job.getTaskDiagnostics(event.getTaskAttemptId())));
            }
        }
        return diagnostics;
    }

    private List<FileStatus> parts(FileSystem fs) throws IOException {
        return Arrays.stream(fs.listStatus(generated))
                .filter(status -> status.getPath().getName().startsWith("part-"))
                .toList();
    }

    /**
     * {@code hadoop dtutil get ofs://OM/ -renewer yarn job.tokens} as {@code user}, with their credential file: the
     * token file a job is then submitted with.
     */
    private Credentials dtutilGet(String user) throws Exception {
        Configuration conf = cluster.userConf(user);
        File file = cluster.work().resolve(user + "-job.tokens").toFile();
        String[] args = {"get", cluster.root(), "-renewer", SecureJobCluster.RENEWER, file.toString()};
        assertThat(ToolRunner.run(conf, new DtUtilShell(), args))
                .as("dtutil's exit code")
                .isZero();
        return Credentials.readTokenStorageFile(file, conf);
    }
}
