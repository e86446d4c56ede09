package dev.o3.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.o3.client.admin.ScmAdminClient;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.proto.hdds.PipelineState;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The campaign's cluster: SCM, three OMs, the datanodes and an S3 gateway as {@code bin/ozone} processes on the
 * addresses of a {@link ClusterSpec}. Each datanode's second volume is a small tmpfs when this machine lets the run
 * mount one (the full-disk fault needs it).
 */
final class ProcessCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessCluster.class);

    private final ClusterSpec spec;
    private final List<Daemon> daemons;
    private final List<Path> mounts = new ArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper json = new ObjectMapper();
    private final Optional<String> tmpfsUnavailable;

    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final Thread killer;

    ProcessCluster(ClusterSpec spec) throws IOException, InterruptedException {
        this.spec = spec;
        this.daemons = spec.daemons();
        this.tmpfsUnavailable = mountSmallVolumes();
        // A campaign killed half-way must not leave its daemons running or its tmpfs volumes mounted.
        this.killer = new Thread(this::destroy, "cluster-killer");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    ClusterSpec spec() {
        return spec;
    }

    List<Daemon> daemons() {
        return daemons;
    }

    Daemon daemon(String name) {
        return daemons.stream()
                .filter(daemon -> daemon.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no daemon " + name));
    }

    List<Daemon> withRole(String role) {
        return daemons.stream().filter(daemon -> daemon.role().equals(role)).toList();
    }

    /** Why the full-disk fault cannot run here, if it cannot. */
    Optional<String> tmpfsUnavailable() {
        return tmpfsUnavailable;
    }

    OzoneConfiguration clientConfiguration() {
        return OzoneConfiguration.of(Map.of(
                "ozone.om.address", spec.omAddresses(),
                "ozone.scm.client.address", spec.scmClientAddress()));
    }

    /** Starts every daemon and waits for an OM leader and an open pipeline. */
    void start(Duration timeout) throws IOException, InterruptedException {
        for (Daemon daemon : daemons) {
            daemon.start();
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try (ScmAdminClient scm = new ScmAdminClient(clientConfiguration())) {
            while (!ready(scm)) {
                for (Daemon daemon : daemons) {
                    if (!daemon.isAlive()) {
                        throw new IllegalStateException(daemon + " exited at start-up; see " + daemon.log());
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "cluster not ready within " + timeout + "; logs in " + spec.directory());
                }
                Thread.sleep(500);
            }
        }
    }

    private boolean ready(ScmAdminClient scm) {
        try {
            long open = scm.pipelines().stream()
                    .filter(p -> p.getState() == PipelineState.PIPELINE_OPEN)
                    .count();
            return open > 0 && leader().isPresent();
        } catch (IOException | RuntimeException notYet) {
            return false;
        }
    }

    /** The OM that reports itself leader on its status page, if one does now. */
    Optional<Daemon> leader() {
        for (int i = 0; i < ClusterSpec.OMS; i++) {
            Optional<JsonNode> status = omStatus(i);
            if (status.isPresent() && status.get().path("role").asText().equals("LEADER")) {
                return Optional.of(daemon("om" + (i + 1)));
            }
        }
        return Optional.empty();
    }

    /** OM i's {@code /status}: nodeId, role, leader, lastAppliedIndex; empty while it does not answer. */
    Optional<JsonNode> omStatus(int index) {
        URI uri = URI.create("http://" + ClusterSpec.omHost(index) + ":" + spec.omHttpPort(index) + "/status");
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(3)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(json.readTree(response.body())) : Optional.empty();
        } catch (IOException unreachable) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private Optional<String> mountSmallVolumes() throws IOException, InterruptedException {
        for (int i = 0; i < spec.datanodes(); i++) {
            Path volume = Files.createDirectories(spec.volume(i, 1));
            Files.createDirectories(spec.volume(i, 0).resolve("data"));
            Optional<String> failure = Shell.run("mount", "-t", "tmpfs", "-o", "size=256m", "tmpfs", volume.toString());
            if (failure.isPresent()) {
                LOG.warn("no tmpfs volumes (full-disk fault skipped): {}", failure.get());
                return failure;
            }
            mounts.add(volume);
            Files.createDirectories(volume.resolve("data"));
        }
        return Optional.empty();
    }

    private void destroy() {
        daemons.forEach(Daemon::destroy);
        try {
            unmount();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void unmount() throws InterruptedException {
        for (Path mount : mounts) {
            Shell.run("umount", "-l", mount.toString())
                    .ifPresent(failure -> LOG.warn("cannot unmount {}: {}", mount, failure));
        }
    }

    /**
     * SIGTERM to every daemon at once and {@link #STOP_GRACE} for all of them, then SIGKILL to what is left. However
     * this ends (an error, an interrupt: a test's timeout), no daemon is left running and no start follows.
     */
    @Override
    public void close() throws IOException {
        boolean stopped = false;
        try {
            for (Daemon daemon : daemons) {
                daemon.terminate();
            }
            long deadline = System.nanoTime() + STOP_GRACE.toNanos();
            for (Daemon daemon : daemons) {
                if (!daemon.awaitExit(deadline)) {
                    LOG.warn("{} still running {} after SIGTERM; SIGKILL", daemon, STOP_GRACE);
                    daemon.kill();
                }
            }
            stopped = true;
            unmount();
            // Only now: a JVM stopped while the daemons stop must still kill them.
            Runtime.getRuntime().removeShutdownHook(killer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the cluster in " + spec.directory(), e);
        } finally {
            if (!stopped) {
                daemons.forEach(Daemon::destroy);
            }
        }
    }
}
