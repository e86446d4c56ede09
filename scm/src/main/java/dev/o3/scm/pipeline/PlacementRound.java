package dev.o3.scm.pipeline;

import dev.o3.scm.config.ScmConfig;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.pipeline.placement.PipelinePlacement;
import dev.o3.scm.pipeline.placement.PlacedPipeline;
import dev.o3.scm.pipeline.placement.PlacementNode;
import dev.o3.scm.pipeline.placement.PlacementResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One placement round planned on top of the pipelines kept: the new pipelines, the slots left free on the healthy
 * datanodes, and the score of kept plus new. Planning has no side effects, so a round can be planned both as things
 * are and as they would be after closing some pipelines.
 *
 * @param kept the non-closed pipelines the round keeps
 * @param placed what placement adds
 * @param freeSlotsLeft pipeline slots still free on healthy datanodes after the round
 * @param nodesWithFreeSlots healthy datanodes with a free slot before the round
 * @param score kept plus placed
 */
record PlacementRound(
        List<Pipeline> kept, PlacementResult placed, int freeSlotsLeft, int nodesWithFreeSlots, PlacementScore score) {
    PlacementRound {
        kept = List.copyOf(kept);
    }

    static PlacementRound plan(
            PipelinePlacement placement,
            ScmConfig config,
            List<DatanodeStatus> healthy,
            Map<String, String> rackOf,
            List<Pipeline> kept) {
        Map<String, Integer> load = countMembers(kept);
        Map<String, Integer> leaders = new HashMap<>();
        kept.forEach(p -> leaders.merge(p.suggestedLeaderId(), 1, Integer::sum));
        List<PlacementNode> candidates = healthy.stream()
                .map(node -> new PlacementNode(
                        node.uuid(),
                        node.datanode().rack(),
                        load.getOrDefault(node.uuid(), 0),
                        leaders.getOrDefault(node.uuid(), 0),
                        config.pipelineLimitFor(node.ratisDirs())))
                .toList();
        int cap = config.clusterPipelineLimit();
        int wanted = cap > 0 ? Math.max(0, cap - kept.size()) : Integer.MAX_VALUE;
        PlacementResult placed = placement.place(
                candidates, kept.stream().map(Pipeline::memberIds).toList(), wanted);
        int freeSlots = candidates.stream()
                        .mapToInt(n -> Math.max(0, n.limit() - n.pipelineCount()))
                        .sum()
                - 3 * placed.pipelines().size();
        int nodesWithFreeSlots = (int)
                candidates.stream().filter(n -> n.limit() > n.pipelineCount()).count();
        return new PlacementRound(kept, placed, freeSlots, nodesWithFreeSlots, score(healthy, rackOf, kept, placed));
    }

    /** Member slots per datanode uuid of the given pipelines. */
    static Map<String, Integer> countMembers(List<Pipeline> pipelines) {
        Map<String, Integer> counts = new TreeMap<>();
        pipelines.forEach(p -> p.memberIds().forEach(id -> counts.merge(id, 1, Integer::sum)));
        return counts;
    }

    private static PlacementScore score(
            List<DatanodeStatus> healthy, Map<String, String> rackOf, List<Pipeline> kept, PlacementResult placed) {
        Map<String, Integer> leaders = new HashMap<>();
        healthy.forEach(node -> leaders.put(node.uuid(), 0));
        int fallbacks = placed.rackFallbacks();
        for (Pipeline pipeline : kept) {
            leaders.computeIfPresent(pipeline.suggestedLeaderId(), (id, count) -> count + 1);
            if (pipeline.memberIds().stream().map(rackOf::get).distinct().count() != 2) {
                fallbacks++;
            }
        }
        for (PlacedPipeline pipeline : placed.pipelines()) {
            leaders.computeIfPresent(pipeline.leaderId(), (id, count) -> count + 1);
        }
        int spread = leaders.isEmpty()
                ? 0
                : leaders.values().stream().mapToInt(Integer::intValue).max().orElse(0)
                        - leaders.values().stream()
                                .mapToInt(Integer::intValue)
                                .min()
                                .orElse(0);
        return new PlacementScore(kept.size() + placed.pipelines().size(), fallbacks, spread);
    }
}
