package dev.o3.scm.pipeline.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Splits a round's slots into 2+1 rack pairs. Rack {@code x} with {@code T} planned slots is the "pair" rack of
 * {@code p} pipelines and the "single" rack of {@code s}, with {@code 2p + s = T}, {@code sum(s) = P} and
 * {@code p + s <= P} (a rack appears once per pipeline). Singles are spread in proportion to each rack's slots; the
 * pipelines are then ordered so that racks whose remaining share is tight are always served first, which keeps the
 * rest feasible (at most two racks can be tight at once).
 */
final class RackPlan {
    private static final int TIGHT_BONUS = 1 << 20;

    /** One pipeline's racks: two members from {@code pairRack}, one from {@code singleRack}. */
    record RackPair(int pairRack, int singleRack) {}

    private RackPlan() {}

    /** The racks of each of {@code pipelines} pipelines, or empty when the budgets cannot be split 2+1. */
    static Optional<List<RackPair>> plan(NodeTable table, int pipelines) {
        int racks = table.rackCount();
        long[] slots = new long[racks];
        int[] budgetNodes = new int[racks];
        for (int i = 0; i < table.size(); i++) {
            slots[table.rack(i)] += table.budget(i);
            if (table.budget(i) > 0) {
                budgetNodes[table.rack(i)]++;
            }
        }
        Optional<int[]> singles = singles(slots, budgetNodes, pipelines);
        if (singles.isEmpty()) {
            return Optional.empty();
        }
        int[] single = singles.get();
        int[] pair = new int[racks];
        for (int x = 0; x < racks; x++) {
            pair[x] = (int) (slots[x] - single[x]) / 2;
        }
        return order(pair, single, pipelines);
    }

    private static Optional<int[]> singles(long[] slots, int[] budgetNodes, int pipelines) {
        int racks = slots.length;
        int[] single = new int[racks];
        long[] upper = new long[racks];
        long assigned = 0;
        for (int x = 0; x < racks; x++) {
            // A rack with fewer than two planned nodes cannot host a pair.
            single[x] = budgetNodes[x] >= 2 ? (int) (slots[x] % 2) : (int) slots[x];
            upper[x] = Math.min(slots[x], 2L * pipelines - slots[x]);
            if (single[x] > upper[x]) {
                return Optional.empty();
            }
            assigned += single[x];
        }
        while (assigned < pipelines) {
            int best = -1;
            double bestDeficit = Double.NEGATIVE_INFINITY;
            for (int x = 0; x < racks; x++) {
                double deficit = slots[x] / 3.0 - single[x];
                if (single[x] + 2 <= upper[x] && deficit > bestDeficit) {
                    best = x;
                    bestDeficit = deficit;
                }
            }
            if (best < 0) {
                return Optional.empty();
            }
            single[best] += 2;
            assigned += 2;
        }
        return assigned == pipelines ? Optional.of(single) : Optional.empty();
    }

    private static Optional<List<RackPair>> order(int[] pair, int[] single, int pipelines) {
        int racks = pair.length;
        List<RackPair> result = new ArrayList<>(pipelines);
        for (int left = pipelines; left > 0; left--) {
            int bestX = -1;
            int bestY = -1;
            long bestScore = Long.MIN_VALUE;
            for (int x = 0; x < racks; x++) {
                if (pair[x] == 0) {
                    continue;
                }
                for (int y = 0; y < racks; y++) {
                    if (y == x || single[y] == 0) {
                        continue;
                    }
                    long score = score(pair[x] + single[x], left) + score(pair[y] + single[y], left);
                    if (score > bestScore) {
                        bestScore = score;
                        bestX = x;
                        bestY = y;
                    }
                }
            }
            if (bestX < 0) {
                return Optional.empty();
            }
            pair[bestX]--;
            single[bestY]--;
            result.add(new RackPair(bestX, bestY));
        }
        return Optional.of(result);
    }

    private static long score(int remainingShare, int pipelinesLeft) {
        return (long) remainingShare + (remainingShare >= pipelinesLeft ? TIGHT_BONUS : 0);
    }
}
