package dev.o3.scm.server;

import dev.o3.common.config.OzoneConfiguration;
import dev.o3.scm.command.CommandStatus;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.config.ScmConfig;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.DatanodePorts;
import dev.o3.scm.node.RatisDirs;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineReport;
import dev.o3.scm.pipeline.PipelineState;
import dev.o3.scm.testing.FakeClock;
import dev.o3.scm.topology.RackMapping;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An in-process SCM (no network) on a fake clock with a synchronous pipeline creation trigger, plus helpers that act
 * as datanodes. Racks must be declared before {@link #open()}.
 */
final class ScmFixture implements AutoCloseable {
    private final FakeClock clock = new FakeClock();
    private final Map<String, String> conf = new LinkedHashMap<>();
    private final Map<String, String> racks = new HashMap<>();
    private StorageContainerManager scm;
    private Runnable creationRound;
    private boolean queueRounds;
    private boolean roundQueued;
    private PrometheusRegistry registry;

    ScmFixture(Path directory, Map<String, String> overrides) {
        conf.put("ozone.scm.db.dirs", directory.resolve("scm-db").toString());
        conf.put("ozone.scm.stale.node.interval", "30s");
        conf.put("ozone.scm.dead.node.interval", "90s");
        conf.put("ozone.scm.block.deletion.retry.interval", "60s");
        // Rounds run at each registration unless a test sets a settle time (the clock only moves by hand).
        conf.put("ozone.scm.pipeline.creation.settle-time", "0s");
        conf.putAll(overrides);
    }

    FakeClock clock() {
        return clock;
    }

    ScmFixture rack(String uuid, String rack) {
        racks.put(host(uuid), rack);
        return this;
    }

    StorageContainerManager open() {
        ScmConfig config = ScmConfig.from(OzoneConfiguration.of(conf));
        registry = new PrometheusRegistry();
        scm = new StorageContainerManager("scm-test", config, clock, RackMapping.of(racks), registry, round -> {
            creationRound = round;
            return queueRounds ? () -> roundQueued = true : round::run;
        });
        return scm;
    }

    StorageContainerManager scm() {
        return scm;
    }

    StorageContainerManager restart() {
        scm.close();
        return open();
    }

    /** The registry SCM's metrics are registered in (a new one per {@link #open()}). */
    PrometheusRegistry registry() {
        return registry;
    }

    /**
     * Triggered creation rounds wait for {@link #runQueuedRound()} instead of running at once, as on SCM's background
     * thread, where triggers that arrive while a round is queued coalesce. Call before {@link #open()}.
     */
    ScmFixture queueRounds() {
        queueRounds = true;
        return this;
    }

    /** Runs the triggered round, if one is queued. */
    void runQueuedRound() {
        if (roundQueued) {
            roundQueued = false;
            creationRound.run();
        }
    }

    /** Runs a pipeline creation round, as the background creator does every period. */
    void periodicCreationRound() {
        creationRound.run();
    }

    DatanodeDescriptor register(String uuid) {
        return register(uuid, List.of());
    }

    /** Registers (or re-registers after a restart) a datanode that reports the Ratis groups it still has. */
    DatanodeDescriptor register(String uuid, List<PipelineReport> pipelines) {
        return scm.register(
                new DatanodeDescriptor(uuid, host(uuid), "10.1.0.1", "", new DatanodePorts(9858, 9859, 9886, 9882)),
                new RatisDirs(1, 0),
                pipelines,
                List.of());
    }

    void registerAll(int count) {
        for (int i = 0; i < count; i++) {
            register("dn" + i);
        }
    }

    List<DatanodeCommand> heartbeat(String uuid, List<PipelineReport> reports, List<CommandStatus> statuses) {
        return scm.heartbeat(uuid, Optional.empty(), reports, Optional.empty(), statuses)
                .orElseThrow();
    }

    /** A heartbeat carrying the node's full container report. */
    List<DatanodeCommand> reportContainers(
            String uuid, List<ContainerReplicaReport> containers, List<CommandStatus> statuses) {
        return scm.heartbeat(uuid, Optional.empty(), List.of(), Optional.of(containers), statuses)
                .orElseThrow();
    }

    List<DatanodeCommand> heartbeat(String uuid) {
        return heartbeat(uuid, List.of(), List.of());
    }

    /** Every member of every ALLOCATED pipeline reports it (the suggested leader as leader), opening them all. */
    void openAllPipelines() {
        for (Pipeline pipeline : scm.pipelines().pipelines()) {
            if (pipeline.state() == PipelineState.ALLOCATED) {
                for (String member : pipeline.memberIds()) {
                    heartbeat(
                            member,
                            List.of(new PipelineReport(
                                    pipeline.id(), member.equals(pipeline.suggestedLeaderId()), false)),
                            List.of());
                }
            }
        }
    }

    /**
     * A block is allocated on every open pipeline, so each has a container (containers are created at a pipeline's
     * first allocation); returns the containers.
     */
    List<Long> allocateOnEveryPipeline() {
        List<Long> containers = new ArrayList<>();
        for (Pipeline pipeline : scm.pipelines().openPipelines()) {
            containers.add(scm.containers()
                    .allocate(pipeline, 1, Set.of())
                    .orElseThrow()
                    .id());
        }
        return containers;
    }

    /** The clock passes the dead interval while only {@code alive} nodes heartbeat. */
    void passDeadInterval(List<String> alive) {
        clock.advance(Duration.ofSeconds(91));
        alive.forEach(this::heartbeat);
        scm.checkHealth();
    }

    private static String host(String uuid) {
        return uuid + ".example.com";
    }

    @Override
    public void close() {
        if (scm != null) {
            scm.close();
        }
    }
}
