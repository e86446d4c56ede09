package dev.o3.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Injects faults one after another, chosen from a seed: each is held for a few seconds, then healed (a killed
 * daemon restarted, a paused one continued, a disk emptied, a partition lifted), with a short calm between two. A
 * fault kind this machine cannot make (no root for mounts, no iptables, no libfaketime) is recorded as skipped with
 * the reason, never silently dropped.
 */
final class FaultInjector {
    private static final Logger LOG = LoggerFactory.getLogger(FaultInjector.class);
    private static final List<Path> FAKETIME_LIBRARIES = List.of(
            Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"),
            Path.of("/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"),
            Path.of("/usr/lib/faketime/libfaketime.so.1"));

    private final ProcessCluster cluster;
    private final SplittableRandom random;
    private final List<FaultKind> kinds;
    private final long startNanos;
    private final DiskFaults disks;
    private final NetworkPartition network;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final List<FaultEvent> events = new ArrayList<>();
    private Thread thread;
    private volatile Exception failure;

    FaultInjector(ProcessCluster cluster, long seed, List<FaultKind> kinds, long startNanos) {
        this.cluster = cluster;
        this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        this.kinds = List.copyOf(kinds);
        this.startNanos = startNanos;
        this.disks = new DiskFaults(cluster.spec());
        this.network = new NetworkPartition(cluster.spec().portRange());
    }

    /**
     * Starts injecting: first every kind once in an order shuffled by the seed (so a short run covers the
     * catalogue), then kinds drawn at random.
     */
    void start() {
        thread = new Thread(this::run, "fault-injector");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops after the current fault is healed; interrupted, it cuts the current fault short (still healing it). */
    void stop() throws Exception {
        stopped.set(true);
        try {
            thread.join(TimeUnit.MINUTES.toMillis(3));
        } catch (InterruptedException e) {
            thread.interrupt();
            throw e;
        }
        if (thread.isAlive()) {
            throw new IllegalStateException("fault injector did not stop within 3 minutes");
        }
        if (failure != null) {
            throw failure;
        }
    }

    synchronized List<FaultEvent> events() {
        return List.copyOf(events);
    }

    private void run() {
        List<FaultKind> order = new ArrayList<>(kinds);
        for (int i = order.size() - 1; i > 0; i--) {
            java.util.Collections.swap(order, i, random.nextInt(i + 1));
        }
        try {
            for (int round = 0; !stopped.get(); round++) {
                hold(2000, 5000);
                if (stopped.get()) {
                    return;
                }
                FaultKind kind = round < order.size() ? order.get(round) : kinds.get(random.nextInt(kinds.size()));
                FaultEvent event = inject(kind);
                LOG.info("fault {}", event);
                synchronized (this) {
                    events.add(event);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.error("fault injector failed", e);
            failure = e;
        }
    }

    private FaultEvent inject(FaultKind kind) throws IOException, InterruptedException {
        long start = millis();
        Optional<String> skipped = unavailable(kind);
        if (skipped.isPresent()) {
            return new FaultEvent(kind.label(), "", start, 0, "", skipped.get());
        }
        return switch (kind) {
            case KILL_DATANODE -> kill(kind, pick(cluster.withRole("datanode")));
            case KILL_OM_LEADER -> kill(kind, cluster.leader().orElse(pick(cluster.withRole("om"))));
            case KILL_SCM -> kill(kind, cluster.daemon("scm"));
            case KILL_GATEWAY -> kill(kind, cluster.daemon("s3g"));
            case PAUSE -> pauseDaemon(kind, pick(cluster.daemons()));
            case DISK_FULL -> fullDisk(kind);
            case VOLUME_FAILURE -> failedVolume(kind);
            case CORRUPT_BLOCK, TRUNCATE_BLOCK -> damage(kind);
            case CLOCK_SKEW -> skewGateway(kind);
            case PARTITION -> partition(kind);
        };
    }

    private Optional<String> unavailable(FaultKind kind) throws InterruptedException {
        return switch (kind) {
            case DISK_FULL, VOLUME_FAILURE -> cluster.tmpfsUnavailable();
            case CLOCK_SKEW -> faketime().isPresent()
                    ? Optional.empty()
                    : Optional.of("no libfaketime in " + FAKETIME_LIBRARIES);
            case PARTITION -> network.unavailable();
            default -> Optional.empty();
        };
    }

    private FaultEvent kill(FaultKind kind, Daemon daemon) throws IOException, InterruptedException {
        long start = millis();
        daemon.kill();
        long held = hold(1000, 8000);
        daemon.start();
        return new FaultEvent(kind.label(), daemon.name(), start, held, "SIGKILL, restarted", "");
    }

    private FaultEvent pauseDaemon(FaultKind kind, Daemon daemon) throws IOException, InterruptedException {
        long start = millis();
        daemon.pause();
        long held = hold(2000, 8000);
        daemon.resume();
        return new FaultEvent(kind.label(), daemon.name(), start, held, "SIGSTOP, SIGCONT", "");
    }

    private FaultEvent fullDisk(FaultKind kind) throws IOException, InterruptedException {
        int datanode = random.nextInt(cluster.spec().datanodes());
        long start = millis();
        Path filler = disks.fill(datanode);
        long held;
        try {
            held = hold(4000, 10000);
        } finally {
            disks.empty(filler);
        }
        return new FaultEvent(kind.label(), "dn" + (datanode + 1), start, held, "tmpfs volume filled", "");
    }

    private FaultEvent failedVolume(FaultKind kind) throws IOException, InterruptedException {
        int datanode = random.nextInt(cluster.spec().datanodes());
        Daemon daemon = cluster.daemon("dn" + (datanode + 1));
        long start = millis();
        Path data = disks.failVolume(datanode);
        long held;
        try {
            held = hold(8000, 15000);
            // A failed volume returns to service only with a restart, as in Ozone.
            daemon.kill();
        } finally {
            disks.restoreVolume(data);
        }
        daemon.start();
        return new FaultEvent(kind.label(), daemon.name(), start, held, data + " unreadable, then restarted", "");
    }

    /** Damages a block file of a random datanode that holds an eligible one. */
    private FaultEvent damage(FaultKind kind) throws IOException {
        long start = millis();
        int datanodes = cluster.spec().datanodes();
        int first = random.nextInt(datanodes);
        for (int i = 0; i < datanodes; i++) {
            int datanode = (first + i) % datanodes;
            Optional<Path> block = disks.damageBlock(datanode, random, kind == FaultKind.TRUNCATE_BLOCK);
            if (block.isPresent()) {
                return new FaultEvent(
                        kind.label(),
                        "dn" + (datanode + 1),
                        start,
                        0,
                        block.get().toString(),
                        "");
            }
        }
        return new FaultEvent(kind.label(), "", start, 0, "", "no block file on any datanode yet");
    }

    private FaultEvent skewGateway(FaultKind kind) throws IOException, InterruptedException {
        Daemon gateway = cluster.daemon("s3g");
        long skew = random.nextLong(30, 20 * 60) * (random.nextBoolean() ? 1 : -1);
        long start = millis();
        gateway.kill();
        gateway.environment(Map.of(
                "LD_PRELOAD",
                faketime().orElseThrow().toString(),
                "FAKETIME",
                (skew > 0 ? "+" : "") + skew,
                "FAKETIME_DONT_FAKE_MONOTONIC",
                "1",
                "FAKETIME_NO_CACHE",
                "1"));
        gateway.start();
        long held = hold(8000, 15000);
        gateway.kill();
        gateway.environment(Map.of());
        gateway.start();
        return new FaultEvent(kind.label(), "s3g", start, held, "clock " + skew + " s", "");
    }

    private FaultEvent partition(FaultKind kind) throws IOException, InterruptedException {
        List<Daemon> pair;
        List<String> hosts;
        if (random.nextBoolean()) {
            int a = random.nextInt(cluster.spec().datanodes());
            int b = (a + 1 + random.nextInt(cluster.spec().datanodes() - 1))
                    % cluster.spec().datanodes();
            pair = List.of(cluster.daemon("dn" + (a + 1)), cluster.daemon("dn" + (b + 1)));
            hosts = List.of(ClusterSpec.datanodeHost(a), ClusterSpec.datanodeHost(b));
        } else {
            Daemon leader = cluster.leader().orElse(cluster.daemon("om1"));
            int a = Integer.parseInt(leader.name().substring(2)) - 1;
            int b = (a + 1 + random.nextInt(ClusterSpec.OMS - 1)) % ClusterSpec.OMS;
            pair = List.of(leader, cluster.daemon("om" + (b + 1)));
            hosts = List.of(ClusterSpec.omHost(a), ClusterSpec.omHost(b));
        }
        long start = millis();
        network.cut(pair.get(0), hosts.get(0), pair.get(1), hosts.get(1));
        long held;
        try {
            held = hold(5000, 15000);
        } finally {
            network.heal(pair.get(0), hosts.get(0), pair.get(1), hosts.get(1));
        }
        return new FaultEvent(
                kind.label(), pair.get(0) + "|" + pair.get(1), start, held, "iptables DROP both ways", "");
    }

    private static Optional<Path> faketime() {
        return FAKETIME_LIBRARIES.stream().filter(Files::isReadable).findFirst();
    }

    private Daemon pick(List<Daemon> daemons) {
        return daemons.get(random.nextInt(daemons.size()));
    }

    /** Waits a random time in [min, max) ms; returns it. */
    private long hold(long minMillis, long maxMillis) throws InterruptedException {
        long millis = random.nextLong(minMillis, maxMillis);
        Thread.sleep(millis);
        return millis;
    }

    private long millis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
