package dev.o3.scm.pipeline.placement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Mutable working copy of the candidates during one placement round, indexed by int for speed. Confined to the
 * placing thread.
 */
final class NodeTable {
    private final List<PlacementNode> nodes;
    private final int[] rack;
    private final int rackCount;
    /** Pipelines each node is in, counting those placed this round. */
    private final int[] load;
    /** Slots each node may still take this round. */
    private final int[] capacity;
    /** Slots each node is planned to take this round (set by {@link SlotBudget}). */
    private final int[] budget;

    private final int[] leaders;
    private final long[] lastUsed;
    private final List<BitSet> peers;
    private final int[][] nodesByRack;
    private long tick;

    NodeTable(List<PlacementNode> nodes, List<List<String>> existingMemberSets) {
        this.nodes = List.copyOf(nodes);
        int n = nodes.size();
        rack = new int[n];
        load = new int[n];
        capacity = new int[n];
        budget = new int[n];
        leaders = new int[n];
        lastUsed = new long[n];
        peers = new ArrayList<>(n);
        Map<String, Integer> rackIds = new HashMap<>();
        Map<String, Integer> indexById = new HashMap<>();
        for (int i = 0; i < n; i++) {
            PlacementNode node = nodes.get(i);
            rack[i] = rackIds.computeIfAbsent(node.rack(), r -> rackIds.size());
            load[i] = node.pipelineCount();
            capacity[i] = node.remaining();
            leaders[i] = node.leaderCount();
            peers.add(new BitSet(n));
            indexById.put(node.id(), i);
        }
        rackCount = rackIds.size();
        int[] perRack = new int[rackCount];
        for (int i = 0; i < n; i++) {
            perRack[rack[i]]++;
        }
        nodesByRack = new int[rackCount][];
        for (int r = 0; r < rackCount; r++) {
            nodesByRack[r] = new int[perRack[r]];
            perRack[r] = 0;
        }
        for (int i = 0; i < n; i++) {
            nodesByRack[rack[i]][perRack[rack[i]]++] = i;
        }
        for (List<String> members : existingMemberSets) {
            List<Integer> known = new ArrayList<>();
            for (String id : members) {
                Integer index = indexById.get(id);
                if (index != null) {
                    known.add(index);
                }
            }
            linkPeers(known);
        }
    }

    int rack(int node) {
        return rack[node];
    }

    /** The nodes on a rack, by index. */
    int[] nodesOn(int rackIndex) {
        return nodesByRack[rackIndex];
    }

    int rackCount() {
        return rackCount;
    }

    int load(int node) {
        return load[node];
    }

    int capacity(int node) {
        return capacity[node];
    }

    int[] capacities() {
        return capacity.clone();
    }

    int budget(int node) {
        return budget[node];
    }

    void setBudget(int node, int slots) {
        budget[node] = slots;
    }

    void addBudget(int node, int delta) {
        budget[node] += delta;
    }

    int leaders(int node) {
        return leaders[node];
    }

    void addLeaders(int node, int delta) {
        leaders[node] += delta;
    }

    int maxLeaders() {
        return Arrays.stream(leaders).max().orElse(0);
    }

    int minLeaders() {
        return Arrays.stream(leaders).min().orElse(0);
    }

    int size() {
        return nodes.size();
    }

    String id(int node) {
        return nodes.get(node).id();
    }

    boolean arePeers(int a, int b) {
        return peers.get(a).get(b);
    }

    /** Records that the nodes now share a pipeline. */
    void assign(List<Integer> members) {
        tick++;
        for (int member : members) {
            load[member]++;
            capacity[member]--;
            lastUsed[member] = tick;
        }
        linkPeers(members);
    }

    /**
     * Whether {@code a} is a better next pick than {@code b}: larger budget (when {@code byBudget}) else lower load,
     * then no shared pipeline with the nodes already chosen, then least recently used (spreads node sets).
     */
    boolean better(int a, int b, boolean byBudget, List<Integer> chosen) {
        if (byBudget && budget[a] != budget[b]) {
            return budget[a] > budget[b];
        }
        if (!byBudget && load[a] != load[b]) {
            return load[a] < load[b];
        }
        int peersA = sharedWith(a, chosen);
        int peersB = sharedWith(b, chosen);
        if (peersA != peersB) {
            return peersA < peersB;
        }
        if (lastUsed[a] != lastUsed[b]) {
            return lastUsed[a] < lastUsed[b];
        }
        return a < b;
    }

    private int sharedWith(int node, List<Integer> chosen) {
        int shared = 0;
        for (int other : chosen) {
            if (arePeers(node, other)) {
                shared++;
            }
        }
        return shared;
    }

    private void linkPeers(List<Integer> members) {
        for (int a : members) {
            for (int b : members) {
                if (a != b) {
                    peers.get(a).set(b);
                }
            }
        }
    }
}
