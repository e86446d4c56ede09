package dev.o3.scm.pipeline.placement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Multi-Raft placement of RATIS/THREE pipelines. One call places as many new pipelines as fit:
 *
 * <ol>
 *   <li>{@link SlotBudget}: the number of pipelines {@code P} (at most the wanted number, and only as many as three
 *       distinct nodes with free capacity can form), and each node's share of the {@code 3P} member slots,
 *       least-loaded nodes first, so participation ends within one of the mean;
 *   <li>{@link RackPlan}: with two or more racks, which rack gives two members and which one member to each
 *       pipeline (the 2+1 rule), in proportion to each rack's slots;
 *   <li>members within a rack: largest remaining share first, then nodes that share no pipeline yet with the other
 *       members (distinct node sets), then least recently used;
 *   <li>with one rack, members are picked the same way from that rack (counted as rack fallbacks); anything the
 *       rack plan cannot serve (racks too unequal) is placed least-loaded-first with the rack rule as a preference,
 *       and counted as a rack fallback;
 *   <li>{@link LeaderBalancer}: the suggested leader of each pipeline, balancing leaders per node.
 * </ol>
 *
 * <p>Pure and stateless: no I/O, no clock, deterministic for a given input. Thread-safe.
 */
public final class PipelinePlacement {
    private static final int MEMBERS = 3;

    /**
     * Places up to {@code maxNewPipelines} new pipelines on {@code nodes}.
     *
     * @param nodes the healthy candidates with their current load and limit
     * @param existingMemberSets member ids of non-closed pipelines, to prefer node sets not used yet
     * @param maxNewPipelines upper bound from the cluster-wide cap
     */
    public PlacementResult place(
            List<PlacementNode> nodes, List<List<String>> existingMemberSets, int maxNewPipelines) {
        if (maxNewPipelines <= 0 || nodes.size() < MEMBERS) {
            return PlacementResult.empty();
        }
        NodeTable table = new NodeTable(nodes, existingMemberSets);
        int pipelines = SlotBudget.maxPipelines(table.capacities(), maxNewPipelines);
        if (pipelines == 0) {
            return PlacementResult.empty();
        }
        SlotBudget.fill(table, pipelines);
        List<List<Integer>> placed = new ArrayList<>(pipelines);
        if (table.rackCount() >= 2) {
            RackPlan.plan(table, pipelines).ifPresent(plan -> placeRackAware(table, plan, placed));
        } else {
            placeRackAware(table, Collections.nCopies(pipelines, new RackPlan.RackPair(0, 0)), placed);
        }
        while (placed.size() < pipelines) {
            Optional<List<Integer>> members = fallbackMembers(table);
            if (members.isEmpty()) {
                break;
            }
            table.assign(members.get());
            placed.add(members.get());
        }
        int[] leaders = LeaderBalancer.assign(table, placed);
        List<PlacedPipeline> result = new ArrayList<>(placed.size());
        int fallbacks = 0;
        for (int p = 0; p < placed.size(); p++) {
            List<Integer> members = placed.get(p);
            boolean rackAware = spansTwoRacks(table, members);
            if (!rackAware) {
                fallbacks++;
            }
            result.add(new PlacedPipeline(members.stream().map(table::id).toList(), table.id(leaders[p]), rackAware));
        }
        return new PlacementResult(result, fallbacks);
    }

    private static void placeRackAware(NodeTable table, List<RackPlan.RackPair> plan, List<List<Integer>> placed) {
        for (RackPlan.RackPair racks : plan) {
            List<Integer> members = new ArrayList<>(MEMBERS);
            for (int rack : new int[] {racks.pairRack(), racks.pairRack(), racks.singleRack()}) {
                if (!pickByBudget(table, rack, members)) {
                    return;
                }
            }
            for (int member : members) {
                table.addBudget(member, -1);
            }
            table.assign(members);
            placed.add(members);
        }
    }

    private static boolean pickByBudget(NodeTable table, int rack, List<Integer> chosen) {
        int best = -1;
        for (int i : table.nodesOn(rack)) {
            if (table.budget(i) > 0 && !chosen.contains(i)) {
                if (best < 0 || table.better(i, best, true, chosen)) {
                    best = i;
                }
            }
        }
        if (best < 0) {
            return false;
        }
        chosen.add(best);
        return true;
    }

    private static Optional<List<Integer>> fallbackMembers(NodeTable table) {
        List<Integer> chosen = new ArrayList<>(MEMBERS);
        int anchor = pickByLoad(table, chosen, -1, -1);
        if (anchor < 0) {
            return Optional.empty();
        }
        chosen.add(anchor);
        int second = pickByLoad(table, chosen, -1, table.rack(anchor));
        if (second < 0) {
            second = pickByLoad(table, chosen, -1, -1);
        }
        if (second < 0) {
            return Optional.empty();
        }
        chosen.add(second);
        int third = pickByLoad(table, chosen, table.rack(anchor), -1);
        if (third < 0 && table.rack(second) != table.rack(anchor)) {
            third = pickByLoad(table, chosen, table.rack(second), -1);
        }
        if (third < 0) {
            third = pickByLoad(table, chosen, -1, -1);
        }
        if (third < 0) {
            return Optional.empty();
        }
        chosen.add(third);
        return Optional.of(chosen);
    }

    /** The least-loaded node with capacity, optionally only on {@code onRack} or only off {@code offRack}. */
    private static int pickByLoad(NodeTable table, List<Integer> chosen, int onRack, int offRack) {
        int best = -1;
        for (int i = 0; i < table.size(); i++) {
            boolean eligible = table.capacity(i) > 0
                    && !chosen.contains(i)
                    && (onRack < 0 || table.rack(i) == onRack)
                    && (offRack < 0 || table.rack(i) != offRack);
            if (eligible && (best < 0 || table.better(i, best, false, chosen))) {
                best = i;
            }
        }
        return best;
    }

    private static boolean spansTwoRacks(NodeTable table, List<Integer> members) {
        return members.stream().map(m -> table.rack(m)).distinct().count() == 2;
    }
}
