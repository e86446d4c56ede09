package dev.o3.scm.pipeline.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A simulated cluster for placement tests: nodes on racks, the pipelines placed so far and their leaders. */
final class SimulatedTopology {
    private final PipelinePlacement placement = new PipelinePlacement();
    private final Map<String, String> rackOf = new HashMap<>();
    private final Map<String, Integer> limitOf = new HashMap<>();
    private final List<PlacedPipeline> pipelines = new ArrayList<>();
    private int rackFallbacks;

    /** {@code nodes} nodes spread round-robin over {@code racks} racks (sizes differ by at most one). */
    static SimulatedTopology balanced(int nodes, int racks, int limit) {
        SimulatedTopology topology = new SimulatedTopology();
        for (int i = 0; i < nodes; i++) {
            topology.addNode("dn" + i, "/rack" + (i % racks), limit);
        }
        return topology;
    }

    void addNode(String id, String rack, int limit) {
        rackOf.put(id, rack);
        limitOf.put(id, limit);
    }

    /** Removes a node and closes its pipelines, as SCM does for a DEAD node. */
    void killNode(String id) {
        rackOf.remove(id);
        limitOf.remove(id);
        pipelines.removeIf(p -> p.memberIds().contains(id));
    }

    PlacementResult placeUpTo(int cap) {
        List<PlacementNode> nodes = new ArrayList<>();
        Map<String, Integer> load = pipelineCounts();
        Map<String, Integer> leaders = leaderCounts();
        for (String id : rackOf.keySet().stream().sorted().toList()) {
            nodes.add(new PlacementNode(
                    id, rackOf.get(id), load.getOrDefault(id, 0), leaders.getOrDefault(id, 0), limitOf.get(id)));
        }
        List<List<String>> existing =
                pipelines.stream().map(PlacedPipeline::memberIds).toList();
        PlacementResult result = placement.place(nodes, existing, cap - pipelines.size());
        pipelines.addAll(result.pipelines());
        rackFallbacks += result.rackFallbacks();
        return result;
    }

    List<PlacedPipeline> pipelines() {
        return pipelines;
    }

    int rackFallbacks() {
        return rackFallbacks;
    }

    String rackOf(String id) {
        return rackOf.get(id);
    }

    /** Pipelines per node, including nodes in none. */
    Map<String, Integer> pipelineCounts() {
        Map<String, Integer> counts = new HashMap<>();
        rackOf.keySet().forEach(id -> counts.put(id, 0));
        pipelines.forEach(p -> p.memberIds().forEach(id -> counts.merge(id, 1, Integer::sum)));
        return counts;
    }

    /** Suggested leaderships per node, including nodes that lead none. */
    Map<String, Integer> leaderCounts() {
        Map<String, Integer> counts = new HashMap<>();
        rackOf.keySet().forEach(id -> counts.put(id, 0));
        pipelines.forEach(p -> counts.merge(p.leaderId(), 1, Integer::sum));
        return counts;
    }

    long racksOf(PlacedPipeline pipeline) {
        return pipeline.memberIds().stream().map(rackOf::get).distinct().count();
    }

    long distinctMemberSets() {
        return pipelines.stream()
                .map(p -> p.memberIds().stream().sorted().collect(Collectors.joining(",")))
                .distinct()
                .count();
    }
}
