package dev.o3.test.jobs;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.hadoopfs.RootedOzoneFileSystem;
import dev.o3.minicluster.MiniO3Cluster;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A MiniO3Cluster with its S3 gateway, and the two ways Hadoop reaches it: {@code ofs://} on an FSO bucket and
 * {@code s3a://} (path-style) on a gateway bucket, as {@link JobTarget}s whose configuration runs MapReduce in local
 * mode with each one as the default file system.
 */
final class JobCluster implements AutoCloseable {
    static final String OFS_VOLUME = "jobs";
    static final String OFS_BUCKET = "fso";
    static final String S3_BUCKET = "jobs-s3a";

    private final MiniO3Cluster cluster;
    private final Path work;
    private final S3Secret secret;

    private JobCluster(MiniO3Cluster cluster, Path work, S3Secret secret) {
        this.cluster = cluster;
        this.work = work;
        this.secret = secret;
    }

    /**
     * Starts a cluster of three datanodes on one pipeline (keys are RATIS/THREE) under {@code directory} and creates
     * the S3 bucket; a failure on the way closes what started.
     */
    static JobCluster start(Path directory) throws IOException {
        MiniO3Cluster cluster = MiniO3Cluster.builder(directory.resolve("cluster"))
                .numDatanodes(3)
                .withS3Gateway()
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                .conf("hdds.scm.wait.time.after.safemode.exit", "0s")
                .build()
                .newCluster()
                .start();
        try {
            cluster.waitForOmLeader(Duration.ofSeconds(60));
            cluster.waitForOpenPipelines(1, Duration.ofSeconds(90));
            S3Secret secret;
            try (OzoneClient client = cluster.newClient(user())) {
                secret = client.objectStore().getS3Secret(user());
            }
            JobCluster started = new JobCluster(cluster, Files.createDirectories(directory.resolve("work")), secret);
            try (S3Client s3 = started.s3Client()) {
                s3.createBucket(request -> request.bucket(S3_BUCKET));
            }
            return started;
        } catch (RuntimeException | IOException e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code ofs://OM/jobs/fso}: an FSO bucket, which mkdirs creates; FileOutputCommitter commits by rename. */
    JobTarget ofs() throws IOException {
        String root = "ofs://"
                + cluster.clientConfiguration().get(CommonConfigKeys.OM_ADDRESS).get(0);
        Configuration conf = localMode("ofs");
        // Every O3 client setting of this cluster (OM and SCM addresses, a TLS cluster's CA file) reaches ofs://.
        cluster.clientConfiguration().explicitValues().forEach(conf::set);
        conf.set("fs.ofs.impl", RootedOzoneFileSystem.class.getName());
        conf.set("fs.defaultFS", root + "/");
        org.apache.hadoop.fs.Path bucket = new org.apache.hadoop.fs.Path(root + "/" + OFS_VOLUME + "/" + OFS_BUCKET);
        // The volume and bucket, as a user creates them before pointing jobs at them.
        try (FileSystem fs = FileSystem.newInstance(bucket.toUri(), conf)) {
            fs.mkdirs(bucket);
        }
        return new JobTarget("ofs", conf, bucket);
    }

    /** {@code s3a://jobs-s3a} through the gateway; the magic committer commits by completing multipart uploads. */
    JobTarget s3a() throws IOException {
        Configuration conf = localMode("s3a");
        conf.set("fs.defaultFS", "s3a://" + S3_BUCKET + "/");
        conf.set("fs.s3a.endpoint", endpoint().toString());
        conf.set("fs.s3a.endpoint.region", "us-east-1");
        conf.setBoolean("fs.s3a.path.style.access", true);
        conf.setBoolean("fs.s3a.connection.ssl.enabled", false);
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.set("fs.s3a.access.key", secret.accessKey());
        conf.set("fs.s3a.secret.key", secret.secret());
        conf.set("fs.s3a.buffer.dir", scratch("s3a-buffers"));
        conf.set("fs.s3a.committer.name", "magic");
        conf.setBoolean("fs.s3a.committer.magic.enabled", true);
        conf.set("mapreduce.outputcommitter.factory.scheme.s3a", "org.apache.hadoop.fs.s3a.commit.S3ACommitterFactory");
        return new JobTarget("s3a", conf, new org.apache.hadoop.fs.Path("s3a://" + S3_BUCKET + "/"));
    }

    /** MapReduce in this JVM: staging, spills and job files in a local scratch directory of the target's own. */
    private Configuration localMode(String name) throws IOException {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", scratch(name + "-tmp"));
        conf.set("mapreduce.jobtracker.staging.root.dir", scratch(name + "-staging"));
        conf.set("mapreduce.cluster.local.dir", scratch(name + "-local"));
        conf.setInt("mapreduce.local.map.tasks.maximum", 2);
        conf.setInt("mapreduce.local.reduce.tasks.maximum", 2);
        conf.setInt("mapreduce.task.io.sort.mb", 64);
        return conf;
    }

    private String scratch(String name) throws IOException {
        return Files.createDirectories(work.resolve(name)).toString();
    }

    /** A local directory for results (TestDFSIO's result file). */
    Path work() {
        return work;
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + cluster.gateway().orElseThrow().port());
    }

    S3Client s3Client() {
        return S3Client.builder()
                .endpointOverride(endpoint())
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(secret.accessKey(), secret.secret())))
                .build();
    }

    private static String user() {
        return System.getProperty("user.name");
    }

    @Override
    public void close() {
        cluster.close();
    }
}
