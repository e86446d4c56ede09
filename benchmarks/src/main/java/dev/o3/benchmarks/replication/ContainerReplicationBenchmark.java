package dev.o3.benchmarks.replication;

import dev.o3.benchmarks.TempDirectory;
import dev.o3.common.config.DataSize;
import dev.o3.datanode.config.ReplicationConfig;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.replication.ContainerRemover;
import dev.o3.datanode.replication.ReplicationMetrics;
import dev.o3.datanode.replication.ReplicationServer;
import dev.o3.datanode.replication.ReplicationSupervisor;
import dev.o3.datanode.replication.ReplicationTls;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.hdds.DatanodeDetails;
import io.netty.buffer.PooledByteBufAllocator;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Copies a generated container of the given size (default 1GB) between two datanode storage directories over the
 * replication service, in one JVM, and prints MB/s, CPU (cores busy) and peak direct memory of the copy beside the
 * source disk's read rate, the destination's write rate (synced files), the loopback limit (sendfile to a discarding
 * reader) and a gRPC stream of the same files. Two equal containers are written past the page cache: the first gives
 * the disk's read rate (O_DIRECT) and the loopback's rate from a cold cache, the second is copied from a cold cache,
 * deleted on the destination and copied again from the warm cache, plaintext and with mutual TLS in turn, twice; the
 * last phases use the warm cache too.
 *
 * <p>Usage: {@code ContainerReplicationBenchmark [SIZE] [SOURCE_DIR] [DESTINATION_DIR]} (directories default to the
 * system temp dir); run with {@code -XX:MaxDirectMemorySize=64m} (benchmarks/container-replication.sh does).
 */
public final class ContainerReplicationBenchmark {
    private static final long CONTAINER_ID = 1;
    private static final long PROBE_ID = 2;
    private static final PrintWriter OUT = new PrintWriter(
            new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), true);

    private ContainerReplicationBenchmark() {}

    public static void main(String[] args) throws Exception {
        long size = DataSize.parse(args.length > 0 ? args[0] : "1GB").bytes();
        try (TempDirectory sourceDir = directory(args, 1);
                TempDirectory destinationDir = directory(args, 2);
                VolumeSet sourceVolumes = VolumeSet.open("source", List.of(sourceDir.path()), 0);
                VolumeSet destinationVolumes = VolumeSet.open(
                        "destination", List.of(destinationDir.path().resolve("volume")), 0)) {
            ContainerSet source = ContainerSet.load("source", sourceVolumes);
            ContainerSet destination = ContainerSet.load("destination", destinationVolumes);
            // Synced aligned chunks go past the page cache (O_DIRECT): the copy reads the source from the disk.
            ChunkStore chunks = new ChunkStore(new DatanodeMetrics(), true, true);
            OUT.printf(
                    Locale.ROOT,
                    "container of %d bytes from %s to %s%n",
                    size,
                    sourceDir.path(),
                    destinationDir.path());
            // Two equal containers: one for the cold-cache ceiling of the loopback, one for the copy.
            List<Path> probe = GeneratedContainer.write(source, chunks, PROBE_ID, size);
            List<Path> files = GeneratedContainer.write(source, chunks, CONTAINER_ID, size);
            source.syncMetadata();

            report("source disk read (O_DIRECT)", measure(() -> Baselines.readDirect(probe)));
            report("loopback, sendfile, cold cache", measure(() -> Baselines.loopback(probe)));
            ReplicationTls plain = ReplicationTls.PLAINTEXT;
            ReplicationTls tls = ClusterTls.create(sourceDir.path().resolve("ca"));
            report(
                    "replication, cold cache",
                    measure(() -> replicate(source, destination, destinationVolumes, size, plain)));
            // Warm: plaintext and mutual TLS alternate, twice each, so that other load on the machine hits both.
            for (int round = 0; round < 2; round++) {
                remove(destination);
                report(
                        "replication, warm cache",
                        measure(() -> replicate(source, destination, destinationVolumes, size, plain)));
                remove(destination);
                report(
                        "replication, TLS, warm cache",
                        measure(() -> replicate(source, destination, destinationVolumes, size, tls)));
            }
            report("loopback, sendfile, warm", measure(() -> Baselines.loopback(files)));
            report(
                    "destination write, synced",
                    measure(() -> Baselines.write(files, destinationDir.path().resolve("w"))));
            report(
                    "gRPC stream, warm cache",
                    measure(() ->
                            GrpcStreamBaseline.copy(files, destinationDir.path().resolve("g"))));
        }
    }

    /** A new directory under the argument's path, or under the system temp dir when there is no such argument. */
    private static TempDirectory directory(String[] args, int index) throws java.io.IOException {
        return args.length > index
                ? new TempDirectory(java.nio.file.Files.createTempDirectory(Path.of(args[index]), "replication"))
                : TempDirectory.create("replication");
    }

    private static void remove(ContainerSet destination) throws Exception {
        new ContainerRemover("destination", destination, new ReplicationMetrics(new PrometheusRegistry()))
                .delete(CONTAINER_ID, true);
    }

    private static long replicate(
            ContainerSet source, ContainerSet destination, VolumeSet volumes, long size, ReplicationTls tls)
            throws Exception {
        ReplicationConfig config = new ReplicationConfig(1, 1, 1, Duration.ofSeconds(60));
        ReplicationMetrics metrics = new ReplicationMetrics(new PrometheusRegistry());
        try (ReplicationServer server = new ReplicationServer(
                        "source",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        source,
                        1,
                        config.idleTimeout(),
                        metrics,
                        PooledByteBufAllocator.DEFAULT,
                        tls);
                ReplicationSupervisor supervisor = new ReplicationSupervisor(
                        "destination", destination, volumes, config, metrics, Clock.systemUTC(), tls)) {
            server.start();
            supervisor.replicate(
                    CONTAINER_ID,
                    List.of(DatanodeDetails.newBuilder()
                            .setUuid("source")
                            .setHostName("localhost")
                            .setIpAddress(InetAddress.getLoopbackAddress().getHostAddress())
                            .setReplicationPort(server.port())
                            .build()));
        }
        long copied = destination.get(CONTAINER_ID).record().usedBytes();
        if (copied != size) {
            throw new IllegalStateException("copied " + copied + " of " + size + " bytes");
        }
        return copied;
    }

    /** One phase: returns the bytes it moved. */
    @FunctionalInterface
    private interface Phase {
        long run() throws Exception;
    }

    private static ResourceSampler.Result measure(Phase phase) throws Exception {
        System.gc();
        try (ResourceSampler sampler = new ResourceSampler()) {
            long bytes = phase.run();
            return sampler.result(bytes);
        }
    }

    private static void report(String name, ResourceSampler.Result result) {
        OUT.printf(
                Locale.ROOT,
                "%-30s %8.1f MB/s %6.2f s %5.2f cores  direct memory: peak %5.1f MiB, %5.1f MiB above the start%n",
                name,
                result.megabytesPerSecond(),
                result.wallNanos() / 1e9,
                result.cores(),
                result.peakDirectBytes() / 1048576.0,
                result.peakAddedBytes() / 1048576.0);
    }
}
