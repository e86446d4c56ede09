package dev.o3.faults;

import com.fasterxml.jackson.databind.JsonNode;
import dev.o3.client.admin.ScmAdminClient;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.scm.ContainerInfo;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.GetContainerResponse;
import dev.o3.proto.scm.NodeState;
import dev.o3.proto.scm.ReplicaInfo;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits, without help, for the cluster to be whole again after the faults, and measures how long each part took:
 * every datanode healthy in SCM, every closed (or quasi-closed) container with three good replicas on healthy
 * datanodes (the replication manager's work), and the three OMs on the same applied index. A daemon that exited on
 * its own is restarted and reported.
 */
final class Recovery {
    private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

    private final ProcessCluster cluster;
    private final Map<String, Object> report = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();
    private String lastProblem = "";

    Recovery(ProcessCluster cluster) {
        this.cluster = cluster;
    }

    Map<String, Object> report() {
        return report;
    }

    List<String> failures() {
        return failures;
    }

    void await(Duration timeout) throws IOException {
        List<String> exited = new ArrayList<>();
        for (Daemon daemon : cluster.daemons()) {
            if (!daemon.isAlive()) {
                exited.add(daemon.name());
                daemon.start();
            }
        }
        report.put("unexpectedExits", exited);
        try (ScmAdminClient scm = new ScmAdminClient(cluster.clientConfiguration())) {
            phase("datanodesHealthySeconds", timeout, () -> datanodesHealthy(scm));
            phase("replicasHealthySeconds", timeout, () -> replicasHealthy(scm));
            report.put("containers", containerSummary(scm));
        }
        phase("omAppliedIndexEqualSeconds", timeout, this::omsConverged);
        report.put("openKeysBeyondTimeout", "not observable: no OM API lists open keys");
    }

    private void phase(String name, Duration timeout, BooleanSupplier done) throws InterruptedIOException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                failures.add(name.replace("Seconds", "") + " not reached within " + timeout + ": " + lastProblem);
                report.put(name, -1);
                return;
            }
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("interrupted while waiting for " + name);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        report.put(name, Math.round(seconds * 10) / 10.0);
        LOG.info("{} {}", name, seconds);
    }

    private boolean datanodesHealthy(ScmAdminClient scm) {
        try {
            List<DatanodeInfo> nodes = scm.datanodes();
            long healthy = nodes.stream()
                    .filter(node -> node.getState() == NodeState.HEALTHY)
                    .count();
            lastProblem = healthy + " of " + cluster.spec().datanodes() + " datanodes healthy";
            return healthy == cluster.spec().datanodes();
        } catch (IOException | RuntimeException e) {
            lastProblem = "SCM: " + e.getMessage();
            return false;
        }
    }

    private boolean replicasHealthy(ScmAdminClient scm) {
        try {
            Set<String> healthyNodes = new HashSet<>();
            scm.datanodes().stream()
                    .filter(node -> node.getState() == NodeState.HEALTHY)
                    .forEach(node -> healthyNodes.add(node.getDatanode().getUuid()));
            Map<Long, String> unhealthy = new LinkedHashMap<>();
            for (ContainerInfo container : containers(scm)) {
                if (container.getState() != ContainerState.CONTAINER_CLOSED
                        && container.getState() != ContainerState.CONTAINER_QUASI_CLOSED) {
                    continue;
                }
                GetContainerResponse details = scm.container(container.getContainerId());
                if (!threeGoodCopies(details, healthyNodes)) {
                    unhealthy.put(container.getContainerId(), describe(container, details, healthyNodes));
                }
            }
            lastProblem = "closed or quasi-closed containers without exactly 3 good replicas: " + unhealthy;
            report.put("closedContainersNotHealthy", unhealthy.size());
            return unhealthy.isEmpty();
        } catch (IOException | RuntimeException e) {
            lastProblem = "SCM: " + e.getMessage();
            return false;
        }
    }

    /**
     * Exactly three replicas, all on healthy datanodes, all closed or quasi-closed (O3 keeps a quasi-closed container
     * as final, and counts a quasi-closed replica at the closed ones' BCSID as a copy), all at the highest BCSID.
     */
    private static boolean threeGoodCopies(GetContainerResponse details, Set<String> healthyNodes) {
        long best = details.getReplicasList().stream()
                .mapToLong(ReplicaInfo::getBlockCommitSequenceId)
                .max()
                .orElse(-1);
        long good = details.getReplicasList().stream()
                .filter(replica -> replica.getState() == ContainerState.CONTAINER_CLOSED
                        || replica.getState() == ContainerState.CONTAINER_QUASI_CLOSED)
                .filter(replica -> replica.getBlockCommitSequenceId() == best)
                .filter(replica -> healthyNodes.contains(replica.getDatanode().getUuid()))
                .count();
        return good == 3 && details.getReplicasCount() == 3;
    }

    /** The container's state and each replica's, so a failure shows what the replication manager left undone. */
    private static String describe(ContainerInfo container, GetContainerResponse details, Set<String> healthyNodes) {
        List<String> replicas = new ArrayList<>();
        for (ReplicaInfo replica : details.getReplicasList()) {
            String node = replica.getDatanode().getIpAddress();
            replicas.add(replica.getState().name().replace("CONTAINER_", "")
                    + " bcsid " + replica.getBlockCommitSequenceId()
                    + " on " + node
                    + (healthyNodes.contains(replica.getDatanode().getUuid()) ? "" : " (not healthy)"));
        }
        return container.getState().name().replace("CONTAINER_", "") + " " + replicas;
    }

    private Map<String, Integer> containerSummary(ScmAdminClient scm) throws IOException {
        Map<String, Integer> states = new LinkedHashMap<>();
        for (ContainerInfo container : containers(scm)) {
            states.merge(container.getState().name(), 1, Integer::sum);
        }
        return states;
    }

    private static List<ContainerInfo> containers(ScmAdminClient scm) throws IOException {
        List<ContainerInfo> all = new ArrayList<>();
        long start = 0;
        while (true) {
            List<ContainerInfo> page = scm.containers(start, 1000);
            all.addAll(page);
            if (page.size() < 1000) {
                return all;
            }
            start = page.get(page.size() - 1).getContainerId() + 1;
        }
    }

    private boolean omsConverged() {
        Set<Long> indexes = new HashSet<>();
        List<Long> seen = new ArrayList<>();
        for (int i = 0; i < ClusterSpec.OMS; i++) {
            Optional<JsonNode> status = cluster.omStatus(i);
            long index = status.map(s -> s.path("lastAppliedIndex").asLong(-1)).orElse(-1L);
            indexes.add(index);
            seen.add(index);
        }
        lastProblem = "OM applied indexes " + seen;
        report.put("omAppliedIndexes", seen);
        return indexes.size() == 1 && !indexes.contains(-1L);
    }
}
