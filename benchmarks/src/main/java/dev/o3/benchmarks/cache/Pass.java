package dev.o3.benchmarks.cache;

import dev.o3.benchmarks.cache.CacheReadBenchmark.Target;
import dev.o3.datanode.read.ChunkSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One pass of {@link CacheReadBenchmark}: runs the before-pass command, replays the trace, and prints throughput,
 * latency percentiles and, per named block device, the bytes it read and wrote and its I/O rates during the pass
 * (from /proc/diskstats), so a reader can see whether the reads came from the emulated HDDs, the SSD or RAM.
 */
final class Pass {
    private static final long SECTOR = 512;

    private final String beforePass;
    private final List<String> devices;
    private final Optional<Path> out;
    private final int keyBytes;

    Pass(String beforePass, List<String> devices, Optional<Path> out, int keyBytes) {
        this.beforePass = beforePass;
        this.devices = devices;
        this.out = out;
        this.keyBytes = keyBytes;
    }

    double run(String name, ChunkSource source, List<Target> targets, long[] trace, int threads) throws Exception {
        if (!beforePass.isEmpty()) {
            Process process =
                    new ProcessBuilder("sh", "-c", beforePass).inheritIO().start();
            if (process.waitFor() != 0) {
                throw new IOException("before-pass command failed: " + beforePass);
            }
        }
        Map<String, long[]> before = diskstats();
        long[] latencies = new long[trace.length];
        double seconds = CacheReadBenchmark.replay(source, targets, trace, threads, latencies);
        Map<String, long[]> after = diskstats();
        Arrays.sort(latencies);
        double mbPerSecond = (double) trace.length * keyBytes / seconds / (1 << 20);
        CacheReadBenchmark.OUT.printf(
                Locale.ROOT,
                "%-12s %6d reads in %6.1f s: %7.1f MB/s  p50 %7.2f ms  p90 %7.2f ms  p99 %7.2f ms%n",
                name,
                trace.length,
                seconds,
                mbPerSecond,
                latencies[trace.length / 2] / 1e6,
                latencies[(int) (trace.length * 0.9)] / 1e6,
                latencies[(int) (trace.length * 0.99)] / 1e6);
        StringBuilder disks = new StringBuilder();
        for (String device : devices) {
            long[] b = before.get(device);
            long[] a = after.get(device);
            if (a == null || b == null) {
                throw new IOException("no device " + device + " in /proc/diskstats");
            }
            // Fields after the name: reads, merged, sectors read, ms; writes, merged, sectors written, ms. A throttled
            // device's busy time leaves out the time its requests wait in the throttle, so the I/O rates (against
            // the throttle's cap) show how loaded a fake disk was.
            double readMb = (a[2] - b[2]) * SECTOR / 1048576.0;
            double writtenMb = (a[6] - b[6]) * SECTOR / 1048576.0;
            double readIops = (a[0] - b[0]) / seconds;
            double writeIops = (a[4] - b[4]) / seconds;
            CacheReadBenchmark.OUT.printf(
                    Locale.ROOT,
                    "  %-8s read %8.1f MB %6.1f IOPS   written %8.1f MB %6.1f IOPS%n",
                    device,
                    readMb,
                    readIops,
                    writtenMb,
                    writeIops);
            disks.append(String.format(
                    Locale.ROOT, "%s,%s,%.1f,%.1f,%.1f,%.1f%n", name, device, readMb, readIops, writtenMb, writeIops));
        }
        if (out.isPresent()) {
            Files.createDirectories(out.get());
            StringBuilder csv = new StringBuilder("percentile,ms\n");
            for (int p = 0; p <= 1000; p++) {
                int i = Math.min(trace.length - 1, (int) ((long) trace.length * p / 1000));
                csv.append(String.format(Locale.ROOT, "%.1f,%.3f%n", p / 10.0, latencies[i] / 1e6));
            }
            String file = name.replace(' ', '-');
            Files.writeString(out.get().resolve(file + ".csv"), csv, StandardCharsets.UTF_8);
            Files.writeString(
                    out.get().resolve(file + ".disks.csv"),
                    "pass,device,read_mb,read_iops,written_mb,write_iops\n" + disks,
                    StandardCharsets.UTF_8);
            summary(String.format(
                    Locale.ROOT,
                    "%s_seconds,%.2f%n%s_mb_per_s,%.1f%n%s_p50_ms,%.3f%n%s_p99_ms,%.3f%n",
                    file,
                    seconds,
                    file,
                    mbPerSecond,
                    file,
                    latencies[trace.length / 2] / 1e6,
                    file,
                    latencies[(int) (trace.length * 0.99)] / 1e6));
        }
        return seconds;
    }

    /** Appends lines to {@code summary.csv} in the out dir, if there is one. */
    void summary(String lines) throws IOException {
        if (out.isPresent()) {
            Files.createDirectories(out.get());
            Path file = out.get().resolve("summary.csv");
            Files.writeString(
                    file,
                    (Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "") + lines,
                    StandardCharsets.UTF_8);
        }
    }

    private static Map<String, long[]> diskstats() throws IOException {
        Map<String, long[]> stats = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("/proc/diskstats"), StandardCharsets.UTF_8)) {
            String[] f = line.trim().split("\\s+", -1);
            if (f.length >= 14) {
                long[] values = new long[f.length - 3];
                for (int i = 3; i < f.length; i++) {
                    values[i - 3] = Long.parseLong(f[i]);
                }
                stats.put(f[2], values);
            }
        }
        return stats;
    }
}
