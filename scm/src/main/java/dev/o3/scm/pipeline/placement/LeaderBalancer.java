package dev.o3.scm.pipeline.placement;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Picks the suggested leader of each new pipeline so leader counts (existing plus new) differ by at most one where
 * the memberships allow it. A greedy pass gives each pipeline its least-leading member; then, while some node leads
 * two more pipelines than another node it can reach, leadership is shifted along the path (u leads a pipeline that v
 * is in, v leads one that w is in, ...), which lowers the imbalance without changing any intermediate count.
 */
final class LeaderBalancer {
    private LeaderBalancer() {}

    /** Returns the leader (node index) of each pipeline and adds them to {@code table.leaders}. */
    static int[] assign(NodeTable table, List<List<Integer>> pipelines) {
        int[] leader = new int[pipelines.size()];
        List<Set<Integer>> led = new ArrayList<>(table.size());
        for (int i = 0; i < table.size(); i++) {
            led.add(new LinkedHashSet<>());
        }
        for (int p = 0; p < pipelines.size(); p++) {
            int best = -1;
            for (int member : pipelines.get(p)) {
                if (best < 0 || table.leaders(member) < table.leaders(best)) {
                    best = member;
                }
            }
            leader[p] = best;
            table.addLeaders(best, 1);
            led.get(best).add(p);
        }
        int maxRounds = 4 * pipelines.size() + 1;
        for (int round = 0; round < maxRounds && shiftOnce(table, pipelines, leader, led); round++) {
            // each shift lowers the sum of squared leader counts, so this ends
        }
        return leader;
    }

    private static boolean shiftOnce(
            NodeTable table, List<List<Integer>> pipelines, int[] leader, List<Set<Integer>> led) {
        int max = table.maxLeaders();
        int min = table.minLeaders();
        for (int level = max; level >= min + 2; level--) {
            if (shiftFrom(level, table, pipelines, leader, led)) {
                return true;
            }
        }
        return false;
    }

    private static boolean shiftFrom(
            int level, NodeTable table, List<List<Integer>> pipelines, int[] leader, List<Set<Integer>> led) {
        int n = table.size();
        int[] viaPipeline = new int[n];
        Arrays.fill(viaPipeline, -2);
        Deque<Integer> queue = new ArrayDeque<>();
        for (int u = 0; u < n; u++) {
            if (table.leaders(u) == level && !led.get(u).isEmpty()) {
                viaPipeline[u] = -1;
                queue.add(u);
            }
        }
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int p : led.get(u)) {
                for (int v : pipelines.get(p)) {
                    if (viaPipeline[v] != -2) {
                        continue;
                    }
                    viaPipeline[v] = p;
                    if (table.leaders(v) <= level - 2) {
                        moveAlongPath(v, table, leader, led, viaPipeline);
                        return true;
                    }
                    queue.add(v);
                }
            }
        }
        return false;
    }

    private static void moveAlongPath(
            int target, NodeTable table, int[] leader, List<Set<Integer>> led, int[] viaPipeline) {
        table.addLeaders(target, 1);
        int node = target;
        while (viaPipeline[node] >= 0) {
            int p = viaPipeline[node];
            int previous = leader[p];
            led.get(previous).remove(p);
            led.get(node).add(p);
            leader[p] = node;
            node = previous;
        }
        table.addLeaders(node, -1);
    }
}
