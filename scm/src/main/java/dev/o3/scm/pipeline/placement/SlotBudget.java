package dev.o3.scm.pipeline.placement;

import java.util.PriorityQueue;

/**
 * Decides how many pipelines a round can place and how many slots each node takes, by water-filling: slots go to
 * the least-loaded nodes first, so every node ends within one pipeline of the others where limits allow.
 */
final class SlotBudget {
    private SlotBudget() {}

    /**
     * The largest {@code p <= wanted} such that {@code p} pipelines of three distinct nodes fit the capacities: a node
     * can join each pipeline at most once, so it contributes at most {@code min(capacity, p)} slots.
     */
    static int maxPipelines(int[] capacity, int wanted) {
        long total = 0;
        for (int c : capacity) {
            total += c;
        }
        int p = (int) Math.min(wanted, total / 3);
        while (p > 0 && usableSlots(capacity, p) < 3L * p) {
            p--;
        }
        return p;
    }

    /** Fills {@code table.budget} with 3 x {@code pipelines} slots, least-loaded nodes first, spread over racks. */
    static void fill(NodeTable table, int pipelines) {
        int n = table.size();
        int[] rankInRack = new int[n];
        int[] seenPerRack = new int[table.rackCount()];
        for (int i = 0; i < n; i++) {
            rankInRack[i] = seenPerRack[table.rack(i)]++;
        }
        // Ties at one load level go round-robin over racks, so each rack gets its share of the extra slots.
        PriorityQueue<Integer> queue = new PriorityQueue<>((a, b) -> {
            int byLevel = Integer.compare(table.load(a) + table.budget(a), table.load(b) + table.budget(b));
            if (byLevel != 0) {
                return byLevel;
            }
            int byRank = Integer.compare(rankInRack[a], rankInRack[b]);
            return byRank != 0 ? byRank : Integer.compare(table.rack(a), table.rack(b));
        });
        for (int i = 0; i < n; i++) {
            table.setBudget(i, 0);
            if (table.capacity(i) > 0) {
                queue.add(i);
            }
        }
        int slots = 3 * pipelines;
        while (slots > 0 && !queue.isEmpty()) {
            int node = queue.poll();
            table.addBudget(node, 1);
            slots--;
            if (table.budget(node) < Math.min(table.capacity(node), pipelines)) {
                queue.add(node);
            }
        }
    }

    private static long usableSlots(int[] capacity, int pipelines) {
        long usable = 0;
        for (int c : capacity) {
            usable += Math.min(c, pipelines);
        }
        return usable;
    }
}
