package dev.o3.test.jobs;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.security.CredentialFile;
import dev.o3.hadoopfs.RootedOzoneFileSystem;
import dev.o3.minicluster.MiniO3Cluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * A secure MiniO3Cluster (mutual TLS, signed calls, three datanodes on one pipeline) beside a MiniMRYarnCluster,
 * whose application masters and tasks are JVMs of their own: they reach O3 with the delegation tokens YARN hands them
 * in their container's token file, and with nothing else.
 */
final class SecureJobCluster implements AutoCloseable {
    /** The volume's owner and the job's user. */
    static final String USER = "alice";
    /** The service that renews the job's tokens: YARN's ResourceManager principal is {@code yarn/HOST@REALM}. */
    static final String RENEWER = "yarn";

    static final String VOLUME = "alice-jobs";

    /** Application masters and tasks live seconds: the quick compiler only, the small collector, Java 17's opens. */
    private static final String SHORT_LIVED_JVM =
            "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC " + YarnProcess.JAVA17_OPENS;

    /** The NodeManager's room (an application master and two tasks at once) and its pace. */
    private static final Map<String, String> YARN = Map.of(
            "yarn.nodemanager.resource.memory-mb", "3072",
            "yarn.nodemanager.resource.cpu-vcores", "4",
            "yarn.scheduler.minimum-allocation-mb", "256",
            "yarn.nodemanager.vmem-check-enabled", "false",
            "yarn.nodemanager.pmem-check-enabled", "false",
            // the scheduler places containers on a NodeManager's heartbeat: every 200 ms, not every second
            "yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "200");

    private final MiniO3Cluster o3;
    private final YarnProcess yarn;
    private final Path work;

    private SecureJobCluster(MiniO3Cluster o3, YarnProcess yarn, Path work) {
        this.o3 = o3;
        this.yarn = yarn;
        this.work = work;
    }

    /** Starts both clusters under {@code directory}, the volume of {@link #USER}; a failure closes what started. */
    static SecureJobCluster start(Path directory) throws IOException {
        // YARN's JVM starts while O3 does.
        YarnProcess yarn = YarnProcess.launch(Files.createDirectories(directory.resolve("yarn")), YARN);
        MiniO3Cluster o3;
        try {
            o3 = MiniO3Cluster.builder(directory.resolve("o3"))
                    .numDatanodes(3)
                    .conf("ozone.scm.datanode.pipeline.limit", "1")
                    .conf("hdds.scm.wait.time.after.safemode.exit", "0s")
                    .tls()
                    .secure()
                    .build()
                    .newCluster()
                    .start();
        } catch (RuntimeException e) {
            yarn.close();
            throw e;
        }
        try {
            o3.waitForOmLeader(Duration.ofSeconds(60));
            o3.waitForOpenPipelines(1, Duration.ofSeconds(90));
            try (OzoneClient admin = o3.newClient(o3.adminCredential().accessKeyId())) {
                admin.objectStore().createVolume(VOLUME, Optional.of(USER));
            }
            yarn.awaitUp();
            return new SecureJobCluster(o3, yarn, Files.createDirectories(directory.resolve("work")));
        } catch (RuntimeException | IOException e) {
            try {
                yarn.close();
            } finally {
                o3.close();
            }
            throw e;
        }
    }

    /**
     * What a job is submitted with: YARN's addresses, O3's (OM, the cluster's CA file), blocks of 1 MB so that a few
     * MB span several, and no credential file: the only identity its application master and tasks have is the
     * token in the job's credentials. The credential file setting names a file that does not exist, so no task can
     * fall back to one in the home of the OS user the NodeManager runs tasks as (the user running this test).
     */
    Configuration jobConf() {
        Configuration conf = yarn.conf();
        // The cluster's jars, not this JVM's class path, which a mini cluster would hand to the JVMs it starts.
        conf.setBoolean("yarn.is.minicluster", false);
        conf.set("mapreduce.application.classpath", yarn.classPath());
        conf.setInt("yarn.app.mapreduce.am.resource.mb", 768);
        conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx512m " + SHORT_LIVED_JVM);
        conf.setInt("mapreduce.map.memory.mb", 512);
        conf.setInt("mapreduce.reduce.memory.mb", 512);
        conf.set("mapreduce.framework.name", "yarn");
        conf.set("mapreduce.map.java.opts", "-Xmx320m " + SHORT_LIVED_JVM);
        conf.set("mapreduce.reduce.java.opts", "-Xmx320m " + SHORT_LIVED_JVM);
        // The master asks for containers, and the client for the job's state, every 200 ms (not every 1 and 5 s).
        conf.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 200);
        conf.setInt("mapreduce.client.completion.pollinterval", 200);
        conf.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
        conf.setInt("mapreduce.task.io.sort.mb", 32);
        o3.clientConfiguration().explicitValues().forEach(conf::set);
        conf.set("fs.ofs.impl", RootedOzoneFileSystem.class.getName());
        conf.set("hadoop.tmp.dir", work.resolve("hadoop-tmp").toString());
        conf.set(CommonConfigKeys.BLOCK_SIZE.name(), "1MB");
        conf.set(
                ClientConfigKeys.CREDENTIALS_FILE.name(),
                work.resolve("tasks-have-no-credentials").toString());
        return conf;
    }

    /** The configuration of {@code user} at a shell: their credential file (written here) beside O3's settings. */
    Configuration userConf(String user) throws IOException {
        Path file = work.resolve(user + ".credentials");
        if (!Files.exists(file)) {
            CredentialFile.write(file, o3.credential(user));
        }
        Configuration conf = jobConf();
        conf.set(ClientConfigKeys.CREDENTIALS_FILE.name(), file.toString());
        return conf;
    }

    /** {@code ofs://OM/}. */
    String root() {
        return "ofs://"
                + o3.clientConfiguration().get(CommonConfigKeys.OM_ADDRESS).get(0) + "/";
    }

    /** {@code ofs://OM/VOLUME/BUCKET}. */
    org.apache.hadoop.fs.Path bucket(String bucket) {
        return new org.apache.hadoop.fs.Path(root() + VOLUME + "/" + bucket);
    }

    MiniO3Cluster o3() {
        return o3;
    }

    Path work() {
        return work;
    }

    @Override
    public void close() {
        try {
            yarn.close();
        } finally {
            o3.close();
        }
    }
}
