package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.admin.ScmAdminClient;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.net.FreePorts;
import dev.o3.proto.hdds.PipelineState;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged distribution as separate processes: {@code bin/ozone scm}, {@code om} and three {@code datanode}s on
 * their own 127.0.0.x addresses, all configured by {@code -D} flags; a client then writes and reads a key through
 * them.
 */
@Tag("integration")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MultiProcessClusterIT {
    @TempDir
    Path directory;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stopProcesses() throws InterruptedException {
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    @Test
    void daemonsStartedFromBinOzoneServeAWriteAndARead() throws IOException {
        int scmClient = FreePorts.next();
        int scmDatanode = FreePorts.next();
        int scmBlock = FreePorts.next();
        int omClient = FreePorts.next();
        start(
                "scm",
                "scm",
                "-Dozone.scm.client.address=127.0.0.1:" + scmClient,
                "-Dozone.scm.datanode.address=127.0.0.1:" + scmDatanode,
                "-Dozone.scm.block.client.address=127.0.0.1:" + scmBlock,
                "-Dozone.scm.http-address=127.0.0.1:0",
                "-Dozone.scm.pipeline.creation.interval=1s",
                "-Dozone.scm.datanode.pipeline.limit=1");
        start(
                "om",
                "om",
                "-Dozone.om.address=127.0.0.1:" + omClient,
                "-Dozone.om.ratis.port=" + FreePorts.next(),
                "-Dozone.om.http-address=127.0.0.1:0",
                "-Dozone.scm.block.client.address=127.0.0.1:" + scmBlock);
        for (int i = 1; i <= 3; i++) {
            String host = "127.0.0.2" + i;
            start(
                    "dn" + i,
                    "datanode",
                    "-Dhdds.datanode.hostname=" + host,
                    "-Dozone.scm.datanode.address=127.0.0.1:" + scmDatanode,
                    "-Ddfs.container.ratis.ipc=0",
                    "-Ddfs.container.ipc=0",
                    "-Dhdds.datanode.replication.port=0",
                    "-Dhdds.datanode.http-address=" + host + ":0",
                    "-Dhdds.heartbeat.interval=500ms");
        }
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of(
                "ozone.om.address", "127.0.0.1:" + omClient,
                "ozone.scm.client.address", "127.0.0.1:" + scmClient));
        waitForOpenPipeline(conf, Duration.ofMinutes(2));

        byte[] data = new byte[10 * 1024 * 1024 + 3];
        new Random(7).nextBytes(data);
        try (OzoneClient client = OzoneClient.create(conf, System.getProperty("user.name"))) {
            client.objectStore().createVolume("vol1", Optional.empty());
            client.objectStore().getVolume("vol1").createBucket("bucket1", "OBJECT_STORE", 3);
            OzoneBucket bucket = client.objectStore().getBucket("vol1", "bucket1");
            try (OutputStream out = bucket.createKey("key", data.length, Map.of())) {
                out.write(data);
            }
            try (InputStream in = bucket.readKey("key")) {
                assertThat(in.readAllBytes()).isEqualTo(data);
            }
        }
    }

    private void start(String name, String... command) throws IOException {
        Path home = Distribution.home();
        Path data = Files.createDirectories(directory.resolve(name));
        List<String> args = new ArrayList<>(List.of(home.resolve("bin/ozone").toString()));
        args.addAll(List.of(command));
        args.add("-Dozone.metadata.dirs=" + data.resolve("metadata"));
        ProcessBuilder builder = new ProcessBuilder(args)
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile());
        builder.environment().put("OZONE_CONF_DIR", data.toString());
        builder.environment().put("OZONE_HEAPSIZE", "256m");
        builder.environment().put("OZONE_CDS_DIR", data.resolve("cds").toString());
        processes.add(builder.start());
    }

    private void waitForOpenPipeline(OzoneConfiguration conf, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (ScmAdminClient scm = new ScmAdminClient(conf)) {
            while (true) {
                try {
                    if (scm.pipelines().stream().anyMatch(p -> p.getState() == PipelineState.PIPELINE_OPEN)) {
                        return;
                    }
                } catch (IOException notYetUp) {
                    // SCM is still starting; keep polling until the deadline.
                }
                for (Process process : processes) {
                    assertThat(process.isAlive())
                            .as("daemon exited; logs in " + directory)
                            .isTrue();
                }
                assertThat(System.nanoTime())
                        .as("an open pipeline within " + timeout)
                        .isLessThan(deadline);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
            }
        }
    }
}
