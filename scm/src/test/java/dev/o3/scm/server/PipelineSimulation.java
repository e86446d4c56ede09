package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineReport;
import dev.o3.scm.pipeline.placement.PipelinePlacement;
import dev.o3.scm.pipeline.placement.PlacementNode;
import dev.o3.scm.pipeline.placement.PlacementResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A seeded, replayable simulation of datanodes registering, dying and coming back in random order, driving the real
 * SCM managers ({@link ScmFixture}: fake clock, synchronous creation rounds, no network). Simulated datanodes act on
 * the commands SCM sends (create and close Ratis groups) and report their groups, so pipelines open as on a real
 * cluster. Each step is written to a trace that a failure message carries.
 */
final class PipelineSimulation implements AutoCloseable {
    /** Quiet time after a registration before SCM places pipelines (the setting under test). */
    static final Duration SETTLE = Duration.ofSeconds(2);

    private static final Duration DEAD_INTERVAL = Duration.ofSeconds(90);
    private static final int MAX_SETTLE_ROUNDS = 10;

    private final Random random;
    private final ScmFixture fixture;
    private final StorageContainerManager scm;
    private final int limit;
    private final int rackCount;
    private final List<SimulatedDatanode> datanodes = new ArrayList<>();
    private final List<String> trace = new ArrayList<>();

    private PipelineSimulation(Random random, Path directory, int nodes, int racks, int limit) {
        this.random = random;
        this.limit = limit;
        this.rackCount = racks;
        fixture = new ScmFixture(
                        directory,
                        Map.of(
                                "ozone.scm.datanode.pipeline.limit",
                                String.valueOf(limit),
                                "ozone.scm.pipeline.creation.settle-time",
                                SETTLE.toMillis() + "ms"))
                .queueRounds();
        for (int i = 0; i < nodes; i++) {
            SimulatedDatanode datanode = new SimulatedDatanode("dn" + i, "/rack" + (i % racks));
            datanodes.add(datanode);
            fixture.rack(datanode.uuid, datanode.rack);
        }
        scm = fixture.open();
        trace.add(nodes + " datanodes on " + racks + " racks, limit " + limit);
    }

    /** A fixed topology; the seed drives only the random events. */
    static PipelineSimulation of(long seed, Path directory, int nodes, int racks, int limit) {
        return new PipelineSimulation(new Random(seed), directory, nodes, racks, limit);
    }

    /**
     * A topology drawn from the seed: 3 to 9 datanodes, 1 to 3 racks of at least two nodes, limit 1 to 3; one seed in
     * four uses the topology of the reported failure (6 datanodes, 2 racks, limit 3).
     */
    static PipelineSimulation random(long seed, Path directory) {
        Random random = new Random(seed);
        if (random.nextInt(4) == 0) {
            return new PipelineSimulation(random, directory, 6, 2, 3);
        }
        int nodes = 3 + random.nextInt(7);
        int racks = 1 + random.nextInt(Math.min(3, nodes / 2));
        return new PipelineSimulation(random, directory, nodes, racks, 1 + random.nextInt(3));
    }

    /** Runs {@code steps} random events, checking the invariants after each, then brings every datanode up. */
    void runRandom(int steps) {
        for (int step = 0; step < steps; step++) {
            randomEvent();
            if (random.nextBoolean()) {
                runTriggeredRound();
            }
            checkInvariants();
        }
        List<SimulatedDatanode> missing =
                new ArrayList<>(datanodes.stream().filter(d -> !d.up).toList());
        Collections.shuffle(missing, random);
        for (SimulatedDatanode datanode : missing) {
            advance(Duration.ofMillis(random.nextInt((int) (3 * SETTLE.toMillis()))));
            bringUp(datanode);
            if (random.nextBoolean()) {
                runTriggeredRound();
            }
            checkInvariants();
        }
    }

    /** SCM's background thread runs the creation round that registrations and deaths triggered. */
    void runTriggeredRound() {
        trace.add("triggered round");
        fixture.runQueuedRound();
    }

    private void randomEvent() {
        int dice = random.nextInt(100);
        List<SimulatedDatanode> unregistered =
                datanodes.stream().filter(d -> !d.registered).toList();
        List<SimulatedDatanode> up = datanodes.stream().filter(d -> d.up).toList();
        List<SimulatedDatanode> down =
                datanodes.stream().filter(d -> d.registered && !d.up).toList();
        if (dice < 35 && !unregistered.isEmpty()) {
            advance(Duration.ofMillis(random.nextInt((int) (3 * SETTLE.toMillis()))));
            bringUp(pick(unregistered));
        } else if (dice < 45 && !up.isEmpty()) {
            SimulatedDatanode victim = pick(up);
            victim.up = false;
            trace.add(victim.uuid + " stops");
        } else if (dice < 55 && !down.isEmpty()) {
            bringUp(pick(down));
        } else if (dice < 62) {
            passDeadInterval();
        } else if (dice < 70) {
            settle();
        } else {
            advance(Duration.ofMillis(random.nextInt((int) SETTLE.toMillis())));
            heartbeatAll();
            scm.checkHealth();
        }
    }

    /**
     * Registers a new datanode, or brings a stopped one back: either it restarts (registers again, reporting the
     * groups it kept on disk) or it resumes heartbeats.
     */
    private void bringUp(SimulatedDatanode datanode) {
        boolean restart = !datanode.registered || random.nextBoolean();
        datanode.up = true;
        if (restart) {
            trace.add(datanode.uuid + (datanode.registered ? " restarts" : " registers"));
            datanode.registered = true;
            fixture.register(datanode.uuid, datanode.reports());
        } else {
            trace.add(datanode.uuid + " resumes heartbeats");
            heartbeat(datanode);
        }
    }

    /** Brings up the datanode with this index. */
    void bringUp(int index) {
        bringUp(datanodes.get(index));
    }

    /** Time passes while every datanode that is up heartbeats and SCM runs its health check and triggered round. */
    void passTime(Duration duration) {
        advance(duration);
        heartbeatAll();
        scm.checkHealth();
        runTriggeredRound();
        heartbeatAll();
    }

    void advance(Duration duration) {
        fixture.clock().advance(duration);
        trace.add("+" + duration.toMillis() + "ms");
    }

    /** The dead interval passes: stopped datanodes turn DEAD and their pipelines close. */
    void passDeadInterval() {
        advance(DEAD_INTERVAL.plusSeconds(1));
        heartbeatAll();
        scm.checkHealth();
    }

    /**
     * Arrivals settle: the dead interval passes, then heartbeats, health checks and periodic creation rounds run
     * until SCM sends no more commands; then the cluster must hold as many pipelines as placement from scratch on
     * the healthy datanodes would make, with no more rack fallbacks and a leader spread as good.
     */
    void settle() {
        trace.add("settle");
        passDeadInterval();
        for (int round = 0; round < MAX_SETTLE_ROUNDS; round++) {
            advance(SETTLE.plusMillis(1));
            scm.checkHealth();
            fixture.runQueuedRound();
            fixture.periodicCreationRound();
            boolean commandsSent = heartbeatAll();
            if (!commandsSent && scm.pipelines().pipelines().stream().allMatch(Pipeline::isOpen)) {
                assertSettled();
                return;
            }
        }
        throw new AssertionError("SCM kept sending commands for " + MAX_SETTLE_ROUNDS + " rounds");
    }

    private void assertSettled() {
        List<DatanodeStatus> healthy = scm.nodes().healthy();
        Score actual = score(scm.pipelines().pipelines(), healthy);
        PlacementResult fromScratch = new PipelinePlacement()
                .place(
                        healthy.stream()
                                .map(node -> new PlacementNode(
                                        node.uuid(), node.datanode().rack(), 0, 0, limit))
                                .toList(),
                        List.of(),
                        Integer.MAX_VALUE);
        Score best = score(
                fromScratch.pipelines().stream()
                        .map(p -> Pipeline.allocated("reference", p.memberIds(), p.leaderId(), 0))
                        .toList(),
                healthy);
        assertThat(actual.pipelines())
                .as("pipelines after arrivals settled (placement from scratch makes %s)", best)
                .isEqualTo(best.pipelines());
        assertThat(actual.rackFallbacks())
                .as("pipelines without 2+1 racks, %s vs from scratch %s", actual, best)
                .isLessThanOrEqualTo(best.rackFallbacks());
        if (actual.rackFallbacks() == best.rackFallbacks()) {
            assertThat(actual.leaderSpread())
                    .as("leader spread, %s vs from scratch %s", actual, best)
                    .isLessThanOrEqualTo(Math.max(1, best.leaderSpread()));
        }
    }

    /** Every datanode is up and settled: floor(M x N / 3) pipelines, 2+1 racks, leaders spread by at most one. */
    void assertFullCluster() {
        settle();
        List<Pipeline> pipelines = scm.pipelines().pipelines();
        assertThat(pipelines).as("pipelines of the full cluster").hasSize(limit * datanodes.size() / 3);
        Score score = score(pipelines, scm.nodes().healthy());
        if (rackCount >= 2) {
            assertThat(score.rackFallbacks()).as("pipelines without 2+1 racks").isZero();
        }
        assertThat(score.leaderSpread()).as("leader spread").isLessThanOrEqualTo(1);
    }

    private void checkInvariants() {
        Map<String, DatanodeStatus> known =
                scm.nodes().all().stream().collect(Collectors.toMap(DatanodeStatus::uuid, Function.identity()));
        assertThat(scm.pipelines().pipelineCountsByNode())
                .as("pipelines per datanode (limit %d)", limit)
                .allSatisfy((node, count) -> assertThat(count).isLessThanOrEqualTo(limit));
        for (Pipeline pipeline : scm.pipelines().pipelines()) {
            assertThat(pipeline.memberIds())
                    .as("members of %s", pipeline.id())
                    .hasSize(3)
                    .doesNotHaveDuplicates()
                    .allSatisfy(member -> assertThat(known.get(member))
                            .as("member %s of %s", member, pipeline.id())
                            .isNotNull()
                            .extracting(DatanodeStatus::state)
                            .isNotEqualTo(NodeState.DEAD));
        }
    }

    /** Each datanode that is up heartbeats with its groups and acts on the commands; returns whether any came. */
    private boolean heartbeatAll() {
        boolean any = false;
        for (SimulatedDatanode datanode : datanodes) {
            if (datanode.up) {
                any |= heartbeat(datanode);
            }
        }
        return any;
    }

    private boolean heartbeat(SimulatedDatanode datanode) {
        Optional<List<DatanodeCommand>> commands =
                scm.heartbeat(datanode.uuid, Optional.empty(), datanode.reports(), Optional.empty(), List.of());
        if (commands.isEmpty()) {
            fixture.register(datanode.uuid, datanode.reports());
            return true;
        }
        for (DatanodeCommand command : commands.get()) {
            if (command instanceof DatanodeCommand.CreatePipeline create) {
                Pipeline pipeline = create.pipeline();
                datanode.groups.put(pipeline.id(), pipeline.suggestedLeaderId().equals(datanode.uuid));
            } else if (command instanceof DatanodeCommand.ClosePipeline close) {
                datanode.groups.remove(close.pipelineId());
            }
        }
        return !commands.get().isEmpty();
    }

    private SimulatedDatanode pick(List<SimulatedDatanode> candidates) {
        return candidates.get(random.nextInt(candidates.size()));
    }

    private static Score score(Collection<Pipeline> pipelines, List<DatanodeStatus> healthy) {
        Map<String, String> rackOf = healthy.stream()
                .collect(Collectors.toMap(
                        DatanodeStatus::uuid, node -> node.datanode().rack()));
        Map<String, Integer> leaders = new LinkedHashMap<>();
        healthy.forEach(node -> leaders.put(node.uuid(), 0));
        int fallbacks = 0;
        for (Pipeline pipeline : pipelines) {
            Set<String> racks = pipeline.memberIds().stream().map(rackOf::get).collect(Collectors.toSet());
            if (racks.size() != 2) {
                fallbacks++;
            }
            leaders.merge(pipeline.leaderId(), 1, Integer::sum);
        }
        int spread = leaders.isEmpty() ? 0 : Collections.max(leaders.values()) - Collections.min(leaders.values());
        return new Score(pipelines.size(), fallbacks, spread);
    }

    /** The events so far, one per line, to replay a failure. */
    String trace() {
        return String.join("\n", trace);
    }

    @Override
    public void close() {
        fixture.close();
    }

    /** What placement achieved: pipelines, those without 2+1 racks, max-min leaders per healthy datanode. */
    private record Score(int pipelines, int rackFallbacks, int leaderSpread) {}

    /** A datanode as the simulation drives it: its Ratis groups survive a restart, as they do on disk. */
    private static final class SimulatedDatanode {
        private final String uuid;
        private final String rack;
        /** Ratis groups by pipeline id, with whether this datanode leads it (the suggested leader does). */
        private final Map<String, Boolean> groups = new LinkedHashMap<>();

        private boolean registered;
        private boolean up;

        SimulatedDatanode(String uuid, String rack) {
            this.uuid = uuid;
            this.rack = rack;
        }

        List<PipelineReport> reports() {
            return groups.entrySet().stream()
                    .map(group -> new PipelineReport(group.getKey(), group.getValue(), false))
                    .toList();
        }
    }
}
