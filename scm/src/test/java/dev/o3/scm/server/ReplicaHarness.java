package dev.o3.scm.server;

import dev.o3.scm.command.CommandStatus;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.replication.ContainerHealth;
import dev.o3.scm.replication.ReplicationManager;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Datanodes that hold container replicas, on the real SCM managers ({@link ScmFixture}: fake clock, no network):
 * each keeps its replicas as a disk would, sends a full container report with every heartbeat, and runs the
 * replication manager's commands when a test (or the simulation) says so.
 */
final class ReplicaHarness implements AutoCloseable {
    static final Duration WAIT_AFTER_SAFE_MODE = Duration.ofMinutes(10);
    static final Duration EVENT_TIMEOUT = Duration.ofMinutes(10);
    static final long BCSID = 100;

    private final ScmFixture fixture;
    private final StorageContainerManager scm;
    private final Map<String, String> racks = new LinkedHashMap<>();
    private final Map<String, Map<Long, ContainerReplicaReport>> disks = new TreeMap<>();
    private final Set<String> down = new HashSet<>();
    /** Commands each datanode received and has not run yet. */
    private final Map<String, List<DatanodeCommand>> received = new HashMap<>();

    private final Map<String, List<CommandStatus>> statuses = new HashMap<>();

    /**
     * {@code nodes} datanodes {@code dn0..}, node i on rack {@code /rack(i % racks)}; pipelines opened, each with its
     * containers.
     */
    ReplicaHarness(Path directory, int nodes, int rackCount, Map<String, String> overrides) {
        Map<String, String> conf = new HashMap<>();
        conf.put("hdds.scm.wait.time.after.safemode.exit", WAIT_AFTER_SAFE_MODE.toMinutes() + "m");
        conf.put("hdds.scm.replication.event.timeout", EVENT_TIMEOUT.toMinutes() + "m");
        conf.put("hdds.scm.replication.event.timeout.datanode.offset", "5m");
        conf.put("ozone.scm.datanode.pipeline.limit", "1");
        conf.put("ozone.scm.pipeline.owner.container.count", "1");
        conf.putAll(overrides);
        fixture = new ScmFixture(directory, conf);
        for (int i = 0; i < nodes; i++) {
            String uuid = "dn" + i;
            racks.put(uuid, "/rack" + (i % rackCount));
            fixture.rack(uuid, racks.get(uuid));
            disks.put(uuid, new TreeMap<>());
        }
        scm = fixture.open();
        racks.keySet().forEach(fixture::register);
        fixture.openAllPipelines();
        // As many blocks as each pipeline has containers: every container is created and holds one.
        for (int i = 0; i < Integer.parseInt(conf.get("ozone.scm.pipeline.owner.container.count")); i++) {
            fixture.allocateOnEveryPipeline();
        }
    }

    StorageContainerManager scm() {
        return scm;
    }

    ReplicationManager replication() {
        return scm.replication();
    }

    String rack(String uuid) {
        return racks.get(uuid);
    }

    List<String> nodes() {
        return List.copyOf(racks.keySet());
    }

    /** Every OPEN container of an open pipeline gets a CLOSED replica (with data) on each member; returns their ids. */
    List<Long> closeContainers() {
        return closeContainers(ContainerState.CLOSED);
    }

    /** The OPEN containers of every open pipeline get a replica in {@code state} on each member; returns their ids. */
    List<Long> closeContainers(ContainerState state) {
        List<Long> closed = new ArrayList<>();
        for (ContainerInfo container : scm.containers().containers()) {
            if (container.state() == ContainerState.OPEN) {
                Pipeline pipeline = scm.pipelines().pipelines().stream()
                        .filter(p -> p.id().equals(container.pipelineId()))
                        .findFirst()
                        .orElseThrow();
                pipeline.memberIds().forEach(member -> put(member, container.id(), state, BCSID));
                closed.add(container.id());
            }
        }
        heartbeatAll();
        return closed;
    }

    /** The container gets a CLOSED replica holding no block on each node. */
    void putEmpty(long containerId, Collection<String> uuids) {
        uuids.forEach(uuid -> disks.get(uuid)
                .put(containerId, new ContainerReplicaReport(containerId, ContainerState.CLOSED, 0, 0, 0)));
        heartbeatAll();
    }

    /** Puts a replica on a node's disk (reported with its next heartbeat). */
    void put(String uuid, long containerId, ContainerState state, long bcsid) {
        disks.get(uuid).put(containerId, new ContainerReplicaReport(containerId, state, 1000, 5, bcsid));
    }

    void remove(String uuid, long containerId) {
        disks.get(uuid).remove(containerId);
    }

    Set<String> holders(long containerId) {
        Set<String> holders = new HashSet<>();
        disks.forEach((uuid, disk) -> {
            if (disk.containsKey(containerId)) {
                holders.add(uuid);
            }
        });
        return holders;
    }

    Map<Long, ContainerReplicaReport> disk(String uuid) {
        return disks.get(uuid);
    }

    void stop(String uuid) {
        down.add(uuid);
    }

    /** A stopped node comes back: it registers again with the replicas on its disk. */
    void restart(String uuid) {
        down.remove(uuid);
        received.remove(uuid);
        fixture.register(uuid);
        report(uuid);
    }

    boolean isUp(String uuid) {
        return !down.contains(uuid);
    }

    /** Every running node heartbeats with its full container report; commands it gets are kept until run. */
    void heartbeatAll() {
        racks.keySet().stream().filter(this::isUp).forEach(this::report);
    }

    private void report(String uuid) {
        List<CommandStatus> sent = statuses.getOrDefault(uuid, List.of());
        statuses.remove(uuid);
        List<DatanodeCommand> commands =
                fixture.reportContainers(uuid, List.copyOf(disks.get(uuid).values()), sent);
        received.computeIfAbsent(uuid, u -> new ArrayList<>()).addAll(commands);
    }

    /** The replication commands a node received and has not run, oldest first. */
    List<DatanodeCommand> pendingCommands(String uuid) {
        return received.getOrDefault(uuid, List.of()).stream()
                .filter(c ->
                        c instanceof DatanodeCommand.ReplicateContainer || c instanceof DatanodeCommand.DeleteContainer)
                .toList();
    }

    /** The close commands a node received, oldest first. */
    List<DatanodeCommand.CloseContainer> closeCommands(String uuid) {
        return received.getOrDefault(uuid, List.of()).stream()
                .filter(DatanodeCommand.CloseContainer.class::isInstance)
                .map(DatanodeCommand.CloseContainer.class::cast)
                .toList();
    }

    /** Every node's unrun replication commands. */
    Map<String, List<DatanodeCommand>> allPendingCommands() {
        Map<String, List<DatanodeCommand>> all = new TreeMap<>();
        racks.keySet().forEach(uuid -> {
            List<DatanodeCommand> commands = pendingCommands(uuid);
            if (!commands.isEmpty()) {
                all.put(uuid, commands);
            }
        });
        return all;
    }

    /** A stopped node resumes heartbeats without restarting (its unrun commands are still queued). */
    void resume(String uuid) {
        down.remove(uuid);
        report(uuid);
    }

    /**
     * The node runs one command: a copy takes the replica of the first running source that has it (the command
     * fails when none has), a delete drops the replica. A command past its deadline is dropped unrun.
     */
    void execute(String uuid, DatanodeCommand command) {
        received.get(uuid).remove(command);
        long now = fixture.clock().millis();
        boolean success = true;
        if (now > deadlineMillis(command)) {
            return;
        }
        if (command instanceof DatanodeCommand.ReplicateContainer copy) {
            success = copy.sources().stream()
                    .filter(source -> isUp(source.uuid()))
                    .map(source -> disks.get(source.uuid()).get(copy.containerId()))
                    .filter(Objects::nonNull)
                    .findFirst()
                    .map(replica -> {
                        disks.get(uuid).put(copy.containerId(), replica);
                        return true;
                    })
                    .orElse(false);
        } else if (command instanceof DatanodeCommand.DeleteContainer delete) {
            disks.get(uuid).remove(delete.containerId());
        }
        statuses.computeIfAbsent(uuid, u -> new ArrayList<>()).add(new CommandStatus(command.commandId(), success));
    }

    private static long deadlineMillis(DatanodeCommand command) {
        if (command instanceof DatanodeCommand.ReplicateContainer copy) {
            return copy.deadlineMillis();
        }
        return command instanceof DatanodeCommand.DeleteContainer delete ? delete.deadlineMillis() : Long.MAX_VALUE;
    }

    /** Every running node runs all its replication commands. */
    void executeAll() {
        allPendingCommands().forEach((uuid, commands) -> {
            if (isUp(uuid)) {
                commands.forEach(command -> execute(uuid, command));
            }
        });
    }

    /** A node drops its unrun commands (e.g. they passed their deadline). */
    void dropCommands(String uuid) {
        received.remove(uuid);
    }

    void advance(Duration duration) {
        fixture.clock().advance(duration);
    }

    /** Time passes past the dead interval: stopped nodes turn DEAD. */
    void passDeadInterval() {
        advance(Duration.ofSeconds(91));
        heartbeatAll();
        scm.checkHealth();
    }

    /** The wait after safe mode exit passes. */
    void passSafeModeWait() {
        advance(WAIT_AFTER_SAFE_MODE);
        heartbeatAll();
    }

    /** One replication pass, then every running node heartbeats (and receives its commands). */
    void runReplication() {
        scm.replication().run();
        heartbeatAll();
    }

    ContainerHealth health(long containerId) {
        return scm.replication().report().orElseThrow().health(containerId).orElseThrow();
    }

    @Override
    public void close() {
        fixture.close();
    }
}
