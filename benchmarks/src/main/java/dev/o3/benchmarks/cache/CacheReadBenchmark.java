package dev.o3.benchmarks.cache;

import com.google.protobuf.ByteString;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.common.workload.ZipfTrace;
import dev.o3.datanode.cache.CacheMode;
import dev.o3.datanode.cache.CacheSettings;
import dev.o3.datanode.cache.CacheStatus;
import dev.o3.datanode.cache.ReadCache;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.read.ChunkSource;
import dev.o3.datanode.read.VolumeChunkSource;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The SSD read cache's headline on real files: {@code keys} one-chunk blocks in closed containers on the data volumes
 * (e.g. emulated HDDs, benchmarks/emulated-hdd.sh), then the same Zipf read trace replayed by {@code threads} readers
 * through the datanode's read path twice, once straight from the volumes and once through a {@link ReadCache} of
 * {@code cache-percent} of the stored bytes on the cache dir (e.g. the emulated SSD). Prints MB/s, p50/p99 and the
 * cache's bytes from cache, reuse and device bytes written per byte served.
 *
 * <p>Arguments ({@code name=value}): {@code volumes} (comma list of dirs, required), {@code cache} (dir, required),
 * {@code keys} (2000), {@code key-bytes} (1048576), {@code reads} (20000), {@code threads} (8), {@code cache-percent}
 * (1), {@code read-fraction} (0.15), {@code zipf} (1.1), {@code window-reads} (2), {@code policy} (window),
 * {@code devices} (comma list of block device names in /proc/diskstats, e.g. loop3: their bytes read and written and
 * busy time are printed per pass, to show which device served the reads), {@code before-pass} (a shell command run
 * before each pass, e.g. to evict the block files from the OS page cache), {@code out} (a dir for each pass's latency
 * percentiles, {@code <pass>.csv}, and {@code summary.csv}), {@code phase} ({@code write} only writes the blocks and
 * stops; a later run on the same volumes reads the blocks it finds instead of writing).
 */
public final class CacheReadBenchmark {
    private static final int BLOCKS_PER_CONTAINER = 200;

    static final PrintWriter OUT = new PrintWriter(
            new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), true);

    private CacheReadBenchmark() {}

    record Target(Container container, BlockData block) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            o.put(arg.substring(0, Math.max(0, equals)), arg.substring(equals + 1));
        }
        List<Path> volumeDirs =
                Arrays.stream(o.get("volumes").split(",", -1)).map(Path::of).toList();
        Path cacheDir = Path.of(o.get("cache"));
        int keys = Integer.parseInt(o.getOrDefault("keys", "2000"));
        int keyBytes = Integer.parseInt(o.getOrDefault("key-bytes", "1048576"));
        int reads = Integer.parseInt(o.getOrDefault("reads", "20000"));
        int threads = Integer.parseInt(o.getOrDefault("threads", "8"));
        double percent = Double.parseDouble(o.getOrDefault("cache-percent", "1"));
        DatanodeMetrics metrics = new DatanodeMetrics();
        try (VolumeSet volumes = VolumeSet.open("bench", volumeDirs, 16L << 30)) {
            ContainerSet containers = ContainerSet.load("bench", volumes);
            ChunkStore chunks = new ChunkStore(metrics, false, false);
            List<Target> targets = containers.find(1).isPresent()
                    ? existing(containers, keys)
                    : write(containers, chunks, keys, keyBytes);
            if (o.getOrDefault("phase", "all").equals("write")) {
                OUT.printf(Locale.ROOT, "%d keys written%n", keys);
                return;
            }
            ZipfTrace trace = ZipfTrace.generate(
                    keys,
                    reads,
                    Double.parseDouble(o.getOrDefault("read-fraction", "0.15")),
                    Double.parseDouble(o.getOrDefault("zipf", "1.1")),
                    1);
            OUT.printf(
                    Locale.ROOT,
                    "%d keys of %d bytes on %s; trace: %d reads, %.1f%% of keys read, top 1%% take %.1f%%;"
                            + " cache %.2f%% = %d bytes on %s%n",
                    keys,
                    keyBytes,
                    volumeDirs,
                    reads,
                    100 * trace.fractionOfKeysRead(),
                    100 * trace.shareOfTop(Math.max(1, keys / 100)),
                    percent,
                    (long) (percent / 100 * keys * keyBytes),
                    cacheDir);
            ChunkSource volume = new VolumeChunkSource("bench", chunks, metrics);
            Pass pass = new Pass(
                    o.getOrDefault("before-pass", ""),
                    o.containsKey("devices") ? List.of(o.get("devices").split(",", -1)) : List.of(),
                    Optional.ofNullable(o.get("out")).map(Path::of),
                    keyBytes);
            double volumeSeconds = pass.run("volume only", volume, targets, trace.reads(), threads);
            CacheSettings settings = new CacheSettings(
                    Optional.of(cacheDir),
                    (long) (percent / 100 * keys * keyBytes),
                    1 << 20,
                    CacheMode.ENABLED,
                    o.getOrDefault("policy", "window"),
                    Integer.parseInt(o.getOrDefault("window-reads", "2")),
                    60);
            try (ReadCache cache = ReadCache.open("bench", settings, containers, volume)) {
                double cacheSeconds = pass.run("with cache", cache, targets, trace.reads(), threads);
                CacheStatus status = cache.status();
                long served = status.bytesFromCache() + status.bytesFromVolume();
                OUT.printf(
                        Locale.ROOT,
                        "cache: %.1f%% of read bytes from cache, reuse of admitted pages %.1f%%, %.3f device bytes"
                                + " written per byte read, %d evictions; speed-up %.2fx%n",
                        100.0 * status.bytesFromCache() / served,
                        100 * status.reuseRatio(),
                        (double) status.bytesWritten() / served,
                        status.evictions(),
                        volumeSeconds / cacheSeconds);
                pass.summary(String.format(
                        Locale.ROOT,
                        "bytes_from_cache,%.4f%nreuse,%.4f%nwritten_per_read,%.4f%nspeedup,%.3f%n",
                        (double) status.bytesFromCache() / served,
                        status.reuseRatio(),
                        (double) status.bytesWritten() / served,
                        volumeSeconds / cacheSeconds));
                cache.setMode(CacheMode.DISABLED);
            }
        }
    }

    /** The blocks a run with {@code phase=write} left on the volumes. */
    private static List<Target> existing(ContainerSet containers, int keys) throws Exception {
        List<Target> targets = new ArrayList<>();
        for (int key = 0; key < keys; key++) {
            Container container = containers.get(1 + key / BLOCKS_PER_CONTAINER);
            targets.add(new Target(container, container.block(key + 1L)));
        }
        return targets;
    }

    private static List<Target> write(ContainerSet containers, ChunkStore chunks, int keys, int keyBytes)
            throws Exception {
        Random random = new Random(5);
        byte[] data = new byte[keyBytes];
        List<Target> targets = new ArrayList<>();
        List<Container> written = new ArrayList<>();
        for (int key = 0; key < keys; key++) {
            Container container = containers.getOrCreate(1 + key / BLOCKS_PER_CONTAINER, "bench");
            if (written.isEmpty() || written.get(written.size() - 1) != container) {
                written.add(container);
            }
            random.nextBytes(data);
            long localId = key + 1L;
            chunks.write(container, localId, 0, ByteString.copyFrom(data));
            BlockData block = BlockData.newBuilder()
                    .setBlockId(
                            BlockId.newBuilder().setContainerId(container.id()).setLocalId(localId))
                    .addChunks(ChunkInfo.newBuilder()
                            .setChunkName(localId + "_0")
                            .setOffset(0)
                            .setLength(keyBytes)
                            .setChecksum(ChunkChecksums.compute(ByteBuffer.wrap(data), 16 * 1024)))
                    .setSize(keyBytes)
                    .build();
            targets.add(new Target(container, container.commitBlock(block, key + 1L)));
        }
        for (Container container : written) {
            container.transition(ReplicaState.CLOSING);
            container.transition(ReplicaState.CLOSED);
        }
        containers.syncLogged();
        return targets;
    }

    static double replay(ChunkSource source, List<Target> targets, long[] trace, int threads, long[] latencies)
            throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                workers.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < trace.length; i = next.getAndIncrement()) {
                        Target target = targets.get((int) trace[i]);
                        long begin = System.nanoTime();
                        source.readChunk(
                                target.container(),
                                target.block(),
                                target.block().getChunks(0));
                        latencies[i] = System.nanoTime() - begin;
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
